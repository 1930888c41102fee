/* SPDX-License-Identifier: Apache-2.0 */
/* verify_common.c — the kzg_verify suite's known answers and its MSM runner. */
#include "suites/kzg_verify/verify_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/setup/setup.h"
#include "crypto/kzg/verify/cell_batch.h"

#ifndef GC_KZG_VECTORS_DIR
#define GC_KZG_VECTORS_DIR "crypto/kzg/vectors"
#endif

const char *kv_vectors_dir(void) {
    const char *env = getenv("GPUCHECK_KZG_VECTORS");
    return env && *env ? env : GC_KZG_VECTORS_DIR;
}

/* 32-byte big-endian hex -> 8 little-endian limbs. */
static int scalar_from_hex(uint32_t *limbs, const char *hex) {
    uint8_t be[32];
    if (!gc_bls_hex_decode(be, 32, hex)) return 0;
    for (int i = 0; i < 8; i++)
        limbs[i] = (uint32_t)be[31 - 4 * i] | (uint32_t)be[30 - 4 * i] << 8 | (uint32_t)be[29 - 4 * i] << 16 |
                   (uint32_t)be[28 - 4 * i] << 24;
    return 1;
}

/* tools/gen_msm_vectors.py's derived scalar: splitmix64(seed + 5 i + 1 .. 4), most
 * significant first, the top word masked to 62 bits. */
static void derived_scalar(uint32_t *limbs, uint64_t seed, size_t i) {
    for (int j = 0; j < 4; j++) {
        uint64_t w = gc_bls_splitmix64(seed + 5 * i + 1 + (uint64_t)j);
        if (j == 0) w &= (1ull << 62) - 1;
        limbs[2 * (3 - j)] = (uint32_t)w, limbs[2 * (3 - j) + 1] = (uint32_t)(w >> 32);
    }
}

/* Points [splitmix64(seed + 5 i) | 1] G (mul), or [i + 1] G by repeated addition (seq). */
static void derived_points(gc_g1p *p, size_t n, uint64_t seed, int seq) {
    gc_g1p g;
    gc_g1p_generator(&g);
    for (size_t i = 0; i < n; i++) {
        if (seq) {
            if (i == 0) p[0] = g;
            else gc_g1p_add(&p[i], &p[i - 1], &g);
            continue;
        }
        uint64_t t = gc_bls_splitmix64(seed + 5 * i) | 1u;
        uint32_t k[2] = {(uint32_t)t, (uint32_t)(t >> 32)};
        gc_g1p_mul_limbs(&p[i], &g, k, 2);
    }
}

static gc_status parse_case(gc_test_ctx *ctx, FILE *f, kv_msm_case *c, size_t *loaded_terms) {
    char line[512];
    gc_g1p *tmp = NULL;
    size_t t = 0;
    gc_status st = GC_ERR_PARSE;
    while (fgets(line, sizeof line, f)) {
        char a[128], b[128];
        unsigned long long seed;
        if (!strncmp(line, "end", 3)) {
            if (t == c->n) st = GC_OK;
            break;
        }
        if (sscanf(line, "term %127s %127s", a, b) == 2 && t < c->n) {
            gc_g1p p;
            if (!gc_bls_g1p_from_hex(&p, a) || !scalar_from_hex(c->scalars + 8 * t, b)) break;
            gc_g1p_to_affine(&c->points[t], &p);
            t++;
        } else if ((sscanf(line, "derive_mul %llu", &seed) == 1 || sscanf(line, "derive_seq %llu", &seed) == 1) &&
                   t == 0) {
            if (!(tmp = malloc(c->n * sizeof *tmp))) return GC_ERR_NO_MEMORY;
            derived_points(tmp, c->n, seed, line[7] == 's');
            gc_g1p_batch_to_affine(c->points, tmp, c->n);
            for (size_t i = 0; i < c->n; i++) derived_scalar(c->scalars + 8 * i, seed, i);
            t = c->n;
        } else if (sscanf(line, "result %127s", a) == 1) {
            if (!gc_bls_hex_decode(c->result, 48, a)) break;
        } else {
            break;
        }
    }
    free(tmp);
    if (st) gc_ctx_error(ctx, "msm_pippenger.txt: case %s is malformed", c->name);
    *loaded_terms += t;
    return st;
}

gc_status kv_load_msm_cases(gc_test_ctx *ctx, size_t min_n, size_t max_n, kv_msm_case **out, size_t *count) {
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/msm_pippenger.txt", kv_vectors_dir());
    FILE *f = fopen(path, "r");
    if (!f) {
        gc_ctx_skip(ctx, "known answers %s not found (set GPUCHECK_KZG_VECTORS)", path);
        return GC_ERR_NOT_FOUND;
    }
    size_t cap = 64, n = 0, terms = 0;
    kv_msm_case *cases = gc_ctx_malloc(ctx, cap * sizeof *cases);
    gc_status st = cases ? GC_OK : GC_ERR_NO_MEMORY;
    while (!st && fgets(line, sizeof line, f)) {
        char name[48];
        size_t len;
        if (line[0] == '#') continue;
        if (sscanf(line, "case %47s %zu", name, &len) != 2 || n == cap || len == 0) {
            gc_ctx_error(ctx, "msm_pippenger.txt: unexpected line '%.60s'", line);
            st = GC_ERR_PARSE;
            break;
        }
        if (len < min_n || len > max_n) { /* not for this test: skip to its end */
            while (fgets(line, sizeof line, f) && strncmp(line, "end", 3)) {}
            continue;
        }
        kv_msm_case *c = &cases[n];
        snprintf(c->name, sizeof c->name, "%s", name);
        c->n = len;
        c->points = gc_ctx_malloc(ctx, len * sizeof *c->points);
        c->scalars = gc_ctx_malloc(ctx, len * 8 * sizeof *c->scalars);
        if (!c->points || !c->scalars) st = GC_ERR_NO_MEMORY;
        else if (!(st = parse_case(ctx, f, c, &terms))) n++;
    }
    fclose(f);
    if (!st && n == 0) {
        gc_ctx_error(ctx, "msm_pippenger.txt has no case of %zu .. %zu terms", min_n, max_n);
        st = GC_ERR_PARSE;
    }
    *out = cases, *count = n;
    return st;
}

gc_status kv_msm_kernels(gc_test_ctx *ctx, int mutant, kzg_pippenger_kernels *k) {
    char def[32];
    const char *defs[1] = {def};
    snprintf(def, sizeof def, "KZG_MUTANT=%d", mutant);
    gc_module *mod;
    gc_status st = gc_ctx_build(ctx, KV_MSM_SRC, defs, mutant > 0 ? 1 : 0, &mod);
    return st ? st : kzg_pippenger_kernels_get(k, mod);
}

gc_status kv_msm_batch(gc_test_ctx *ctx, const kzg_pippenger_kernels *k, const kv_msm_case *cases, size_t count,
                       uint32_t chunk, unsigned c, uint8_t *out, double *device_ms) {
    size_t n = 0;
    uint64_t *offsets = gc_ctx_malloc(ctx, (count + 1) * sizeof *offsets);
    if (!offsets) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < count; i++) offsets[i] = n, n += cases[i].n;
    offsets[count] = n;
    gc_g1a *pts = malloc(n * sizeof *pts);
    uint32_t *sc = malloc(n * 32);
    gc_g1p *res = malloc(count * sizeof *res);
    gc_buffer *dp = NULL, *ds = NULL, *dout = NULL;
    kzg_pippenger_plan plan = {0};
    gc_timer *tm = NULL;
    gc_status st = pts && sc && res ? GC_OK : GC_ERR_NO_MEMORY;
    for (size_t i = 0; !st && i < count; i++) {
        memcpy(pts + offsets[i], cases[i].points, cases[i].n * sizeof *pts);
        memcpy(sc + 8 * offsets[i], cases[i].scalars, cases[i].n * 32);
    }
    gc_device *dev = gc_ctx_device(ctx);
    if (!st && !(st = gc_ctx_alloc_input(ctx, n * sizeof *pts, pts, &dp)) &&
        !(st = gc_ctx_alloc_input(ctx, n * 32, sc, &ds)) &&
        !(st = gc_ctx_alloc_output(ctx, count * sizeof(gc_g1p), &dout)) &&
        !(st = kzg_pippenger_plan_create(&plan, dev, offsets, (uint32_t)count, chunk, c)) &&
        !(st = gc_timer_start(dev, &tm)) && !(st = kzg_pippenger_enqueue(k, &plan, dp, ds, dout))) {
        double ms = 0;
        st = gc_timer_stop(tm, &ms);
        tm = NULL;
        if (device_ms) *device_ms = ms;
        if (!st) st = gc_buffer_read(dout, 0, res, count * sizeof *res);
    }
    if (tm) gc_timer_stop(tm, NULL);
    for (size_t i = 0; !st && i < count; i++) {
        gc_g1a a;
        gc_g1p_to_affine(&a, &res[i]);
        gc_g1a_compress(out + 48 * i, &a);
    }
    kzg_pippenger_plan_free(&plan);
    free(pts), free(sc), free(res);
    return st;
}

gc_status kv_check_msm_batch(gc_test_ctx *ctx, const kzg_pippenger_kernels *k, const kv_msm_case *cases, size_t count,
                             const char *label) {
    uint8_t *want = gc_ctx_malloc(ctx, 48 * count), *got = gc_ctx_malloc(ctx, 48 * count);
    if (!want || !got) return GC_ERR_NO_MEMORY;
    gc_status st = kv_msm_batch(ctx, k, cases, count, 0, 0, got, NULL);
    if (st) return st;
    for (size_t i = 0; i < count; i++) memcpy(want + 48 * i, cases[i].result, 48);
    gc_check_bytes(ctx, label, want, got, 48 * count);
    return GC_OK;
}

gc_status kv_default_setup(gc_test_ctx *ctx, gc_kzg_setup **setup) {
    char err[256];
    *setup = NULL;
    if (gc_kzg_setup_load_text(setup, gc_kzg_default_setup_text, gc_kzg_default_setup_len, 0, 0, NULL, err,
                               sizeof err) != GC_KZG_OK) {
        gc_ctx_error(ctx, "the built-in setup does not load: %s", err);
        return GC_ERR_PARSE;
    }
    return GC_OK;
}

gc_status kv_verifier_create(gc_test_ctx *ctx, kzg_verifier *v, int mutant) {
    gc_kzg_setup *setup;
    gc_status st = kv_default_setup(ctx, &setup);
    if (st) return st;
    kzg_verifier_points pts = {setup->g1_monomial, &setup->g2_monomial[1],
                               &setup->g2_monomial[KZG_FIELD_ELEMENTS_PER_CELL]};
    gc_kzg_ret r = kzg_verifier_create_from_points(v, gc_ctx_device(ctx), &pts, mutant);
    gc_kzg_setup_free(setup); /* the verifier keeps copies of its points */
    if (r != GC_KZG_OK) {
        gc_ctx_error(ctx, "the verification stage's module does not build");
        return GC_ERR_COMPILE;
    }
    return GC_OK;
}
