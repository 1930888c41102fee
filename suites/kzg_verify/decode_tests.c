/* SPDX-License-Identifier: Apache-2.0 */
/* decode_tests.c — batched decoding of compressed G1 points (crypto/kzg/verify/g1_decode.gc)
 * against ckzg's acceptance and py_ecc's classification of each encoding (identity, valid
 * points, bad flags, x >= p, off the curve, outside the subgroup), every encoding eight times
 * in one launch; and the mutant that skips the subgroup check, caught. */
#include <stdio.h>
#include <string.h>

#include "crypto/kzg/verify/g1_decode.gc"
#include "suites/kzg_verify/verify_suite.h"

#define DECODE_REPEAT 8u
#define DECODE_MAX 256u

typedef struct {
    uint8_t enc[DECODE_MAX][48];
    uint32_t kind[DECODE_MAX], accepted[DECODE_MAX];
    size_t n;
} decode_vectors;

static gc_status load_decode_vectors(gc_test_ctx *ctx, decode_vectors *v) {
    char path[1024], line[512], name[96], hex[128], verdict[16];
    unsigned kind;
    snprintf(path, sizeof path, "%s/g1_decode.txt", kv_vectors_dir());
    FILE *f = fopen(path, "r");
    if (!f) {
        gc_ctx_skip(ctx, "known answers %s not found (set GPUCHECK_KZG_VECTORS)", path);
        return GC_ERR_NOT_FOUND;
    }
    v->n = 0;
    gc_status st = GC_OK;
    while (!st && fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        if (v->n == DECODE_MAX || sscanf(line, "encoding %95s %127s %15s %u", name, hex, verdict, &kind) != 4 ||
            !gc_bls_hex_decode(v->enc[v->n], 48, hex) || kind > GC_G1_ERR_NOT_IN_SUBGROUP) {
            gc_ctx_error(ctx, "g1_decode.txt: bad line '%.60s'", line);
            st = GC_ERR_PARSE;
            break;
        }
        v->kind[v->n] = kind;
        v->accepted[v->n++] = strcmp(verdict, "ok") == 0;
    }
    fclose(f);
    return st;
}

static gc_status decode_run(gc_test_ctx *ctx) {
    const int *mutant = gc_ctx_test(ctx)->param;
    decode_vectors *v = gc_ctx_malloc(ctx, sizeof *v);
    if (!v) return GC_ERR_NO_MEMORY;
    gc_status st = load_decode_vectors(ctx, v);
    if (st) return st == GC_ERR_NOT_FOUND ? GC_OK : st;
    uint32_t n = (uint32_t)(v->n * DECODE_REPEAT);
    uint8_t *enc = gc_ctx_malloc(ctx, 48u * n);
    uint32_t *want_kind = gc_ctx_malloc(ctx, 4u * n), *want_ok = gc_ctx_malloc(ctx, 4u * n);
    uint32_t *got_ok = gc_ctx_malloc(ctx, 4u * n);
    uint8_t *want_reenc = gc_ctx_malloc(ctx, 48u * n), *got_reenc = gc_ctx_malloc(ctx, 48u * n);
    gc_g1a *pts = gc_ctx_malloc(ctx, n * sizeof *pts);
    uint32_t *kinds = gc_ctx_malloc(ctx, 4u * n);
    if (!enc || !want_kind || !want_ok || !got_ok || !want_reenc || !got_reenc || !pts || !kinds)
        return GC_ERR_NO_MEMORY;
    size_t n_ok = 0;
    for (uint32_t i = 0; i < n; i++) {
        size_t j = i % v->n;
        memcpy(enc + 48 * i, v->enc[j], 48);
        want_kind[i] = v->kind[j], want_ok[i] = v->accepted[j];
        if (v->accepted[j]) memcpy(want_reenc + 48 * n_ok++, v->enc[j], 48);
    }
    char def[32];
    const char *defs[1] = {def};
    snprintf(def, sizeof def, "KZG_MUTANT=%d", mutant ? *mutant : 0);
    gc_buffer *din, *dout, *derr;
    gc_kernel *k;
    if ((st = gc_ctx_alloc_input(ctx, 48u * n, enc, &din)) ||
        (st = gc_ctx_alloc_output(ctx, n * sizeof(gc_g1a), &dout)) || (st = gc_ctx_alloc_output(ctx, 4u * n, &derr)) ||
        (st = gc_ctx_kernel(ctx, KV_DECODE_SRC, defs, mutant ? 1 : 0, "kzg_g1_decode", &k)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(din), GC_ARG_BUF(dout), GC_ARG_BUF(derr), GC_ARG_VAL(n)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 4, NULL)) || (st = gc_buffer_read(derr, 0, kinds, 4u * n)) ||
        (st = gc_buffer_read(dout, 0, pts, n * sizeof *pts)))
        return st;
    size_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        got_ok[i] = kinds[i] == GC_G1_OK;
        if (got_ok[i] && m < n_ok) gc_g1a_compress(got_reenc + 48 * m++, &pts[i]);
    }
    gc_check_u32(ctx, "accepted (1) or refused (0) vs ckzg 2.1.8's verdict on each encoding", want_ok, got_ok, n);
    gc_check_u32(ctx, "error kind (ok, flags, x >= p, off curve, not in subgroup) vs py_ecc", want_kind, kinds, n);
    gc_check_bytes(ctx, "accepted points re-compressed = their encodings", want_reenc, got_reenc, 48 * n_ok);
    /* the host's decoding of small calls, the same function (mutant 22 there too) */
    m = 0;
    for (uint32_t i = 0; i < v->n; i++) {
        kinds[i] = kzg_g1_decode_one(&pts[i], v->enc[i], !mutant || *mutant != 22);
        got_ok[i] = kinds[i] == GC_G1_OK;
        if (got_ok[i]) gc_g1a_compress(got_reenc + 48 * m++, &pts[i]);
    }
    gc_check_u32(ctx, "host: accepted or refused vs ckzg 2.1.8", want_ok, got_ok, (uint32_t)v->n);
    gc_check_u32(ctx, "host: error kind vs py_ecc", want_kind, kinds, (uint32_t)v->n);
    gc_check_bytes(ctx, "host: accepted points re-compressed", want_reenc, got_reenc, 48 * m);
    return GC_OK;
}

static const int mutant_no_subgroup = 22;

void kv_register_decode_tests(void) {
    static const gc_test tests[] = {
        {.suite = "kzg_verify", .name = "g1_decode", .tags = "kzg,verify,g1",
         .description = "batched G1 decoding and subgroup checks vs ckzg's verdicts and py_ecc's classes",
         .budget_s = 300, .min_checks = 3, .run = decode_run},
        {.suite = "mutant_kzg_verify", .name = "g1_decode.no_subgroup_check", .tags = "kzg,verify,g1,mutant",
         .description = "G1 decoding that skips the subgroup check: the ckzg verdicts must catch it",
         .budget_s = 300, .min_checks = 1, .expect = GC_FAIL, .param = &mutant_no_subgroup, .run = decode_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
