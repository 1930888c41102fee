/* SPDX-License-Identifier: Apache-2.0 */
/* cell_batch_tests.c — the G1 side of verify_cell_kzg_proof_batch (crypto/kzg/verify/
 * cell_batch.c and the verification stage's kernels): commitments and proofs decoded on the
 * device, the challenge and scalars on the host, LL and RL as one batch of two MSMs, against
 * the consensus specs' Python's intermediate points (py_ecc) for a valid batch over two
 * blobs with a duplicated commitment and one with a wrong proof. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/setup/setup.h"
#include "crypto/kzg/verify/cell_batch.h"
#include "crypto/kzg/verify/challenge.h"
#include "suites/kzg_verify/verify_suite.h"

#define MAX_CELLS 8u


typedef struct {
    size_t n;
    uint8_t commitments[MAX_CELLS][48], proofs[MAX_CELLS][48], cells[MAX_CELLS][2048];
    uint64_t cell_indices[MAX_CELLS];
    uint8_t ll[48], rl[48];
} cb_case;

static gc_status load_cases(gc_test_ctx *ctx, cb_case *cases, size_t max, size_t *count) {
    char path[1024];
    snprintf(path, sizeof path, "%s/verify_cell_batch_g1.txt", kv_vectors_dir());
    FILE *f = fopen(path, "r");
    if (!f) {
        gc_ctx_skip(ctx, "known answers %s not found (set GPUCHECK_KZG_VECTORS)", path);
        return GC_ERR_NOT_FOUND;
    }
    size_t line_max = 8192, n = 0;
    char *line = malloc(line_max), *a = malloc(line_max), *b = malloc(line_max), *c = malloc(line_max);
    gc_status st = line && a && b && c ? GC_OK : GC_ERR_NO_MEMORY;
    cb_case *cur = NULL;
    while (!st && fgets(line, (int)line_max, f)) {
        unsigned long long idx;
        size_t len;
        if (line[0] == '#' || !strncmp(line, "ckzg_valid", 10)) continue;
        if (sscanf(line, "case %*s %zu", &len) == 1 && n < max && len <= MAX_CELLS) {
            cur = &cases[n++], cur->n = 0;
        } else if (cur && sscanf(line, "cell %s %llu %s %s", a, &idx, b, c) == 4 && cur->n < MAX_CELLS &&
                   gc_bls_hex_decode(cur->commitments[cur->n], 48, a) && gc_bls_hex_decode(cur->proofs[cur->n], 48, b) &&
                   gc_bls_hex_decode(cur->cells[cur->n], 2048, c)) {
            cur->cell_indices[cur->n++] = idx;
        } else if (cur && sscanf(line, "ll %s", a) == 1 && gc_bls_hex_decode(cur->ll, 48, a)) {
        } else if (cur && sscanf(line, "rl %s", a) == 1 && gc_bls_hex_decode(cur->rl, 48, a)) {
        } else if (strncmp(line, "end", 3)) {
            gc_ctx_error(ctx, "verify_cell_batch_g1.txt: bad line '%.60s'", line);
            st = GC_ERR_PARSE;
        }
    }
    fclose(f);
    free(line), free(a), free(b), free(c);
    *count = n;
    return st;
}

/* Decode u unique commitments then n proofs in one launch; every one must decode. */
static gc_status decode_points(gc_test_ctx *ctx, gc_kernel *k, const uint8_t *enc, uint32_t n, gc_g1a *out) {
    gc_buffer *din, *dout, *derr;
    uint32_t *err = gc_ctx_malloc(ctx, 4u * n);
    gc_status st;
    if (!err) return GC_ERR_NO_MEMORY;
    if ((st = gc_ctx_alloc_input(ctx, 48u * n, enc, &din)) || (st = gc_ctx_alloc_output(ctx, n * sizeof *out, &dout)) ||
        (st = gc_ctx_alloc_output(ctx, 4u * n, &derr)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(din), GC_ARG_BUF(dout), GC_ARG_BUF(derr), GC_ARG_VAL(n)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 4, NULL)) || (st = gc_buffer_read(derr, 0, err, 4u * n)) ||
        (st = gc_buffer_read(dout, 0, out, n * sizeof *out)))
        return st;
    for (uint32_t i = 0; i < n; i++)
        if (err[i] != GC_G1_OK) {
            gc_ctx_error(ctx, "point %u of a valid batch does not decode (%u)", i, err[i]);
            return GC_ERR_PARSE;
        }
    return GC_OK;
}

/* LL and RL of one case into two kv_msm_case inputs. */
static gc_status case_terms(gc_test_ctx *ctx, gc_kernel *dec, const gc_g1a *monomial, const cb_case *c,
                            kv_msm_case *ll, kv_msm_case *rl) {
    uint8_t *enc = gc_ctx_malloc(ctx, 2 * MAX_CELLS * 48);
    uint64_t cidx[MAX_CELLS];
    gc_g1a *pts = gc_ctx_malloc(ctx, 2 * MAX_CELLS * sizeof *pts);
    if (!enc || !pts) return GC_ERR_NO_MEMORY;
    size_t u = kzg_dedup_commitments(enc, cidx, &c->commitments[0][0], c->n);
    memcpy(enc + 48 * u, c->proofs, 48 * c->n);
    gc_status st = decode_points(ctx, dec, enc, (uint32_t)(u + c->n), pts);
    if (st) return st;
    ll->n = c->n, rl->n = u + KZG_FIELD_ELEMENTS_PER_CELL + c->n;
    ll->points = gc_ctx_malloc(ctx, ll->n * sizeof(gc_g1a)), rl->points = gc_ctx_malloc(ctx, rl->n * sizeof(gc_g1a));
    ll->scalars = gc_ctx_malloc(ctx, ll->n * 32), rl->scalars = gc_ctx_malloc(ctx, rl->n * 32);
    if (!ll->points || !rl->points || !ll->scalars || !rl->scalars) return GC_ERR_NO_MEMORY;
    memcpy(ll->points, pts + u, c->n * sizeof(gc_g1a));
    memcpy(rl->points, pts, u * sizeof(gc_g1a));
    memcpy(rl->points + u, monomial, KZG_FIELD_ELEMENTS_PER_CELL * sizeof(gc_g1a));
    memcpy(rl->points + u + KZG_FIELD_ELEMENTS_PER_CELL, pts + u, c->n * sizeof(gc_g1a));
    if (kzg_cell_batch_scalars_parts(ll->scalars, rl->scalars, enc, u, cidx, c->cell_indices, &c->cells[0][0],
                                     &c->proofs[0][0], c->n, 1)) {
        gc_ctx_error(ctx, "a valid batch's scalars were refused");
        return GC_ERR_PARSE;
    }
    /* the columns split over threads must give the same scalars as one thread */
    uint32_t *ll5 = gc_ctx_malloc(ctx, ll->n * 32), *rl5 = gc_ctx_malloc(ctx, rl->n * 32);
    if (!ll5 || !rl5) return GC_ERR_NO_MEMORY;
    if (kzg_cell_batch_scalars_parts(ll5, rl5, enc, u, cidx, c->cell_indices, &c->cells[0][0], &c->proofs[0][0], c->n,
                                     5)) {
        gc_ctx_error(ctx, "a valid batch's scalars were refused with the columns split in 5 parts");
        return GC_ERR_PARSE;
    }
    gc_check_bytes(ctx, "LL scalars, columns in 5 parts vs 1", ll->scalars, ll5, ll->n * 32);
    gc_check_bytes(ctx, "RL scalars, columns in 5 parts vs 1", rl->scalars, rl5, rl->n * 32);
    memcpy(ll->result, c->ll, 48), memcpy(rl->result, c->rl, 48);
    return GC_OK;
}

static gc_status cell_batch_g1_run(gc_test_ctx *ctx) {
    cb_case *cases = gc_ctx_malloc(ctx, 4 * sizeof *cases);
    kv_msm_case *msms = gc_ctx_malloc(ctx, 8 * sizeof *msms);
    size_t count;
    if (!cases || !msms) return GC_ERR_NO_MEMORY;
    gc_status st = load_cases(ctx, cases, 4, &count);
    if (st) return st == GC_ERR_NOT_FOUND ? GC_OK : st;
    gc_kzg_setup *setup;
    if ((st = kv_default_setup(ctx, &setup))) return st;
    gc_module *mod;
    gc_kernel *dec = NULL;
    kzg_pippenger_kernels k = {0};
    if (!(st = gc_ctx_build(ctx, KV_VERIFY_SRC, NULL, 0, &mod)) && !(st = gc_kernel_get(mod, "kzg_g1_decode", &dec)) &&
        !(st = kzg_pippenger_kernels_get(&k, mod)))
        for (size_t i = 0; !st && i < count; i++)
            st = case_terms(ctx, dec, setup->g1_monomial, &cases[i], &msms[2 * i], &msms[2 * i + 1]);
    gc_kzg_setup_free(setup);
    if (!st)
        st = kv_check_msm_batch(ctx, &k, msms, 2 * count,
                                "LL = sum r^k proof_k and RL = RLC - RLI + RLP of each batch vs the specs' Python (py_ecc)");
    if (k.buckets) kzg_pippenger_kernels_free(&k);
    gc_kernel_free(dec);
    return st;
}

void kv_register_cell_batch_tests(void) {
    static const gc_test tests[] = {
        {.suite = "kzg_verify", .name = "cell_batch_g1", .tags = "kzg,verify,msm",
         .description = "verify_cell_kzg_proof_batch's G1 side (LL, RL) on the device vs the specs' Python",
         .budget_s = 600, .min_checks = 1, .run = cell_batch_g1_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
