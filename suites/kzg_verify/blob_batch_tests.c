/* SPDX-License-Identifier: Apache-2.0 */
/* blob_batch_tests.c — the G1 side of verify_blob_kzg_proof_batch (crypto/kzg/verify/
 * blob_batch.c): commitments and proofs decoded on the device, the challenge and scalars on
 * the host, LL and RL as one batch of two MSMs, against the consensus specs' Python's points
 * (verify_kzg_proof_batch over py_ecc; crypto/kzg/vectors/verify_blob_batch_g1.txt). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/verify/blob_batch.h"
#include "suites/kzg_verify/verify_suite.h"

#define MAX_OPENINGS 8u
#define MAX_CASES 4u

typedef struct {
    size_t n;
    uint8_t c[MAX_OPENINGS][48], p[MAX_OPENINGS][48], z[MAX_OPENINGS][32], y[MAX_OPENINGS][32];
    uint8_t ll[48], rl[48];
} bb_case;

static gc_status load_cases(gc_test_ctx *ctx, bb_case *cases, size_t *count) {
    char path[1024], line[512], a[128], b[128], c[128], d[128];
    snprintf(path, sizeof path, "%s/verify_blob_batch_g1.txt", kv_vectors_dir());
    FILE *f = fopen(path, "r");
    if (!f) {
        gc_ctx_skip(ctx, "known answers %s not found (set GPUCHECK_KZG_VECTORS)", path);
        return GC_ERR_NOT_FOUND;
    }
    size_t n = 0, len;
    bb_case *cur = NULL;
    gc_status st = GC_OK;
    while (!st && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strncmp(line, "end", 3)) continue;
        if (sscanf(line, "case %*s %zu", &len) == 1 && n < MAX_CASES && len <= MAX_OPENINGS) {
            cur = &cases[n++], cur->n = 0;
        } else if (cur && cur->n < MAX_OPENINGS && sscanf(line, "opening %127s %127s %127s %127s", a, b, c, d) == 4 &&
                   gc_bls_hex_decode(cur->c[cur->n], 48, a) && gc_bls_hex_decode(cur->z[cur->n], 32, b) &&
                   gc_bls_hex_decode(cur->y[cur->n], 32, c) && gc_bls_hex_decode(cur->p[cur->n], 48, d)) {
            cur->n++;
        } else if (!(cur && sscanf(line, "ll %127s", a) == 1 && gc_bls_hex_decode(cur->ll, 48, a)) &&
                   !(cur && sscanf(line, "rl %127s", a) == 1 && gc_bls_hex_decode(cur->rl, 48, a))) {
            gc_ctx_error(ctx, "verify_blob_batch_g1.txt: bad line '%.60s'", line);
            st = GC_ERR_PARSE;
        }
    }
    fclose(f);
    *count = n;
    return st;
}

/* The commitments then the proofs of every case, decoded in one launch. */
static gc_status decode_all(gc_test_ctx *ctx, gc_kernel *k, const bb_case *cases, size_t count, gc_g1a **pts) {
    uint32_t n = 0;
    for (size_t i = 0; i < count; i++) n += 2u * (uint32_t)cases[i].n;
    uint8_t *enc = gc_ctx_malloc(ctx, 48u * n);
    uint32_t *err = gc_ctx_malloc(ctx, 4u * n);
    *pts = gc_ctx_malloc(ctx, n * sizeof(gc_g1a));
    if (!enc || !err || !*pts) return GC_ERR_NO_MEMORY;
    for (size_t i = 0, o = 0; i < count; o += 2 * cases[i].n, i++) {
        memcpy(enc + 48 * o, cases[i].c, 48 * cases[i].n);
        memcpy(enc + 48 * (o + cases[i].n), cases[i].p, 48 * cases[i].n);
    }
    gc_buffer *din, *dout, *derr;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, 48u * n, enc, &din)) || (st = gc_ctx_alloc_output(ctx, n * sizeof(gc_g1a), &dout)) ||
        (st = gc_ctx_alloc_output(ctx, 4u * n, &derr)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(din), GC_ARG_BUF(dout), GC_ARG_BUF(derr), GC_ARG_VAL(n)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 4, NULL)) || (st = gc_buffer_read(derr, 0, err, 4u * n)) ||
        (st = gc_buffer_read(dout, 0, *pts, n * sizeof(gc_g1a))))
        return st;
    for (uint32_t i = 0; i < n; i++)
        if (err[i] != GC_G1_OK) {
            gc_ctx_error(ctx, "point %u does not decode (%u)", i, err[i]);
            return GC_ERR_PARSE;
        }
    return GC_OK;
}

static gc_status terms(gc_test_ctx *ctx, const bb_case *c, const gc_g1a *pts, kv_msm_case *ll, kv_msm_case *rl) {
    size_t n = c->n;
    ll->n = n, rl->n = 2 * n + 1;
    ll->points = gc_ctx_malloc(ctx, n * sizeof(gc_g1a)), rl->points = gc_ctx_malloc(ctx, rl->n * sizeof(gc_g1a));
    ll->scalars = gc_ctx_malloc(ctx, n * 32), rl->scalars = gc_ctx_malloc(ctx, rl->n * 32);
    if (!ll->points || !rl->points || !ll->scalars || !rl->scalars) return GC_ERR_NO_MEMORY;
    gc_g1p g;
    gc_g1p_generator(&g);
    memcpy(ll->points, pts + n, n * sizeof(gc_g1a));
    memcpy(rl->points, pts, n * sizeof(gc_g1a));
    gc_g1p_to_affine(&rl->points[n], &g);
    memcpy(rl->points + n + 1, pts + n, n * sizeof(gc_g1a));
    if (kzg_blob_batch_scalars(ll->scalars, rl->scalars, &c->c[0][0], &c->z[0][0], &c->y[0][0], &c->p[0][0], n)) {
        gc_ctx_error(ctx, "an opening's z or y was refused");
        return GC_ERR_PARSE;
    }
    memcpy(ll->result, c->ll, 48), memcpy(rl->result, c->rl, 48);
    return GC_OK;
}

static gc_status blob_batch_g1_run(gc_test_ctx *ctx) {
    bb_case *cases = gc_ctx_malloc(ctx, MAX_CASES * sizeof *cases);
    kv_msm_case *msms = gc_ctx_malloc(ctx, 2 * MAX_CASES * sizeof *msms);
    size_t count;
    if (!cases || !msms) return GC_ERR_NO_MEMORY;
    gc_status st = load_cases(ctx, cases, &count);
    if (st) return st == GC_ERR_NOT_FOUND ? GC_OK : st;
    gc_module *mod;
    gc_kernel *dec = NULL;
    gc_g1a *pts;
    kzg_pippenger_kernels k = {0};
    if (!(st = gc_ctx_build(ctx, KV_VERIFY_SRC, NULL, 0, &mod)) && !(st = gc_kernel_get(mod, "kzg_g1_decode", &dec)) &&
        !(st = kzg_pippenger_kernels_get(&k, mod)) && !(st = decode_all(ctx, dec, cases, count, &pts)))
        for (size_t i = 0, o = 0; !st && i < count; o += 2 * cases[i].n, i++)
            st = terms(ctx, &cases[i], pts + o, &msms[2 * i], &msms[2 * i + 1]);
    if (!st)
        st = kv_check_msm_batch(ctx, &k, msms, 2 * count, "LL = sum r^i proof_i and RL = sum r^i (C_i - [y_i]) + "
                                "sum r^i z_i proof_i vs the specs' Python (py_ecc)");
    if (k.buckets) kzg_pippenger_kernels_free(&k);
    gc_kernel_free(dec);
    return st;
}

void kv_register_blob_batch_tests(void) {
    static const gc_test tests[] = {
        {.suite = "kzg_verify", .name = "blob_batch_g1", .tags = "kzg,verify,msm",
         .description = "verify_blob_kzg_proof_batch's G1 side (LL, RL) on the device vs the specs' Python",
         .budget_s = 600, .min_checks = 1, .run = blob_batch_g1_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
