/* SPDX-License-Identifier: Apache-2.0 */
/* recover.c — gc_kzg_recover_cells_and_proofs: EIP-7594 recovery of blobs' 128 cells (and,
 * by the FK20 stages, their proofs) from at least 64 cells each, c-kzg-4844's answers for
 * every input (recover.gc has the arithmetic). The checks c-kzg makes before any
 * arithmetic (count, indices) run here on the host; elements >= r on the device. Blobs
 * go to the device in passes; outputs come back into staging and reach the caller only
 * once every pass succeeded, and only for accepted blobs. */
#include "crypto/kzg/recover/recover.h"
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 128u
#define CELL_BYTES ((size_t)GC_KZG_BYTES_PER_CELL(GC_KZG_EIP7594_CELL_SIZE))
#define EXT ((size_t)1 << KZG_LOG_EXT)
#define MISSING 0xffffffffu /* KZG_RECOVER_MISSING in recover.gc */
/* Blobs per device pass at most (and the context's max_batch): 128 blobs take 32 MiB of
 * uploaded cells and 256 KiB of Fr per blob in each of the pass's two work arrays. */
#define PASS_MAX 128u

typedef enum { RK_VANISHING, RK_LOAD, RK_SHIFT, RK_DIVIDE, RK_UNSHIFT, RK_FFT_BLOCKS, RK_FFT_ROWS, RK_TO_BYTES, RK_COUNT } rk_id;

static const char *const rk_names[RK_COUNT] = {
    "recover_vanishing", "recover_load",      "recover_shift_brp", "recover_divide_brp",
    "recover_unshift",   "fr_fft_row_blocks", "fr_fft_rows",       "kzg_fr_to_bytes_brp"};

struct kzg_recover {
    gc_kernel *k[RK_COUNT];
    gc_buffer *cells, *slots, *zv, *bad; /* the pass's: uploaded cells, their places, Z, flags */
    gc_buffer *pts, *pow7, *ipow7, *itw, *inv_n; /* constants */
    size_t pass_max;
    uint32_t *slots_host, *bad_host;
    uint8_t *staging; /* the call's outputs before they are published */
    size_t staging_bytes;
};

void kzg_recover_free(kzg_recover *r) {
    if (!r) return;
    gc_buffer *bufs[] = {r->cells, r->slots, r->zv, r->bad, r->pts, r->pow7, r->ipow7, r->itw, r->inv_n};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) gc_buffer_free(bufs[i]);
    for (int i = 0; i < RK_COUNT; i++)
        if (r->k[i]) gc_kernel_free(r->k[i]);
    free(r->slots_host);
    free(r->bad_host);
    free(r->staging);
    free(r);
}

/* pts (h_c = w128^rev7(c), then 7^64 w128^k), 7^i and 7^-i for i < 8192, the inverse
 * transform's twiddles and 1/8192. */
static gc_kzg_ret upload_constants(gc_kzg_ctx *c, kzg_recover *r) {
    gc_fr *t = malloc(EXT * sizeof(gc_fr)), w, x, seven, g64;
    if (!t) return GC_KZG_MALLOC;
    gc_fr_root_of_unity(&w, 7);
    gc_fr_from_u32(&seven, 7);
    gc_fr_one(&g64);
    for (int i = 0; i < 64; i++) gc_fr_mul(&g64, &g64, &seven);
    gc_fr_one(&x);
    for (uint32_t k = 0; k < CELLS; k++) { /* x = w128^k */
        t[gc_bit_reverse(k, 7)] = x;
        gc_fr_mul(&t[CELLS + k], &g64, &x);
        gc_fr_mul(&x, &x, &w);
    }
    gc_kzg_ret ret = kzg_upload(c, &r->pts, t, 2 * CELLS * sizeof(gc_fr), "recovery points");
    for (int inv = 0; inv < 2 && !ret; inv++) {
        gc_fr g = seven;
        if (inv) gc_fr_inv(&g, &g);
        gc_fr_one(&x);
        for (size_t i = 0; i < EXT; i++) {
            t[i] = x;
            gc_fr_mul(&x, &x, &g);
        }
        ret = kzg_upload(c, inv ? &r->ipow7 : &r->pow7, t, EXT * sizeof(gc_fr), "coset powers");
    }
    if (!ret) {
        gc_fr_fft_twiddles(t, KZG_LOG_EXT, 1);
        ret = kzg_upload(c, &r->itw, t, EXT / 2 * sizeof(gc_fr), "twiddles");
    }
    if (!ret) {
        gc_fr_fft_inv_n(&x, KZG_LOG_EXT);
        ret = kzg_upload(c, &r->inv_n, &x, sizeof x, "scale");
    }
    free(t);
    return ret;
}

static gc_kzg_ret recover_create(gc_kzg_ctx *c, kzg_recover **out) {
    kzg_recover *r = calloc(1, sizeof *r);
    if (!r) return GC_KZG_MALLOC;
    r->pass_max = c->info.max_batch < PASS_MAX ? c->info.max_batch : PASS_MAX;
    gc_kzg_ret ret = GC_KZG_OK;
    for (int i = 0; i < RK_COUNT && !ret; i++) {
        gc_status st = gc_kernel_get(c->mod, rk_names[i], &r->k[i]);
        if (st) ret = kzg_device_error(c, st, rk_names[i]);
    }
    size_t p = r->pass_max;
    r->slots_host = malloc(p * CELLS * sizeof(uint32_t));
    r->bad_host = malloc(p * sizeof(uint32_t));
    if (!ret && (!r->slots_host || !r->bad_host)) ret = GC_KZG_MALLOC;
    if (!ret) ret = kzg_upload(c, &r->cells, NULL, p * CELLS * CELL_BYTES, "recovery cells");
    if (!ret) ret = kzg_upload(c, &r->slots, NULL, p * CELLS * sizeof(uint32_t), "recovery slots");
    if (!ret) ret = kzg_upload(c, &r->zv, NULL, p * 2 * CELLS * sizeof(gc_fr), "recovery vanishing values");
    if (!ret) ret = kzg_upload(c, &r->bad, NULL, p * sizeof(uint32_t), "recovery flags");
    if (!ret) ret = upload_constants(c, r);
    if (ret) {
        kzg_recover_free(r);
        return ret;
    }
    *out = r;
    return GC_KZG_OK;
}

static gc_kzg_ret launch(gc_kzg_ctx *c, kzg_recover *r, rk_id id, size_t items, size_t wg, const gc_arg *a,
                         size_t na) {
    size_t lim = gc_kernel_max_work_group_size(r->k[id]);
    if (wg > lim) wg = lim;
    gc_range rg = {1, {(items + wg - 1) / wg * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(r->k[id], &rg, a, na);
    return st ? kzg_device_error(c, st, rk_names[id]) : GC_KZG_OK;
}

static gc_kzg_ret elements(gc_kzg_ctx *c, kzg_recover *r, rk_id id, size_t n, const gc_arg *a, size_t na) {
    return launch(c, r, id, n, 64, a, na);
}

/* The DIT transform of size 8192 of n rows of `data` (in bit-reversed order): forward
 * with the context's twiddles, inverse (scaled by 1/8192) with the stage's. Two launches
 * of blocks in local memory (stages 0..5, 6..12) where a work-group holds 64 work-items,
 * else one work-group a row. */
static gc_kzg_ret fft8192(gc_kzg_ctx *c, kzg_recover *r, gc_buffer *data, int inverse, size_t n) {
    gc_buffer *tw = inverse ? r->itw : c->poly.tw_8192;
    uint32_t log_n = KZG_LOG_EXT, row = (uint32_t)EXT, scale = inverse ? KZG_FFT_SCALE : 0u;
    if (gc_kernel_max_work_group_size(r->k[RK_FFT_BLOCKS]) < 64) {
        gc_arg a[] = {GC_ARG_BUF(data), GC_ARG_BUF(tw), GC_ARG_BUF(r->inv_n), GC_ARG_VAL(log_n), GC_ARG_VAL(row),
                      GC_ARG_VAL(scale)};
        size_t wg = gc_kernel_max_work_group_size(r->k[RK_FFT_ROWS]);
        wg = wg < 256 ? wg : 256;
        return launch(c, r, RK_FFT_ROWS, n * wg, wg, a, 6);
    }
    const uint32_t split = KZG_LOG_EXT / 2;
    gc_kzg_ret ret = GC_KZG_OK;
    for (int h = 0; h < 2 && !ret; h++) {
        uint32_t s0 = h ? split : 0, s1 = h ? log_n : split, flags = h ? scale : 0u, span = s1 - s0;
        gc_arg a[] = {GC_ARG_BUF(data), GC_ARG_BUF(tw), GC_ARG_BUF(r->inv_n), GC_ARG_VAL(log_n), GC_ARG_VAL(row),
                      GC_ARG_VAL(s0),   GC_ARG_VAL(s1), GC_ARG_VAL(flags)};
        size_t wg = (size_t)1 << (span - 1);
        ret = launch(c, r, RK_FFT_BLOCKS, (n << (log_n - span)) * wg, wg, a, 8);
    }
    return ret;
}

/* The pass's recovery, queued on the current queue: its cells and slots uploaded, the
 * cells' bytes to bb.out_bytes, P's first 4096 coefficients to bb.poly. */
static gc_kzg_ret queue_recovery(gc_kzg_ctx *c, kzg_recover *r, size_t n) {
    uint32_t items = (uint32_t)(n * 2 * CELLS), count = (uint32_t)(n * EXT);
    gc_arg va[] = {GC_ARG_BUF(r->slots), GC_ARG_BUF(r->pts), GC_ARG_BUF(r->zv), GC_ARG_VAL(items)};
    gc_arg lo[] = {GC_ARG_BUF(r->cells), GC_ARG_BUF(r->slots), GC_ARG_BUF(r->zv),
                   GC_ARG_BUF(c->batch.bb.ext), GC_ARG_BUF(r->bad), GC_ARG_VAL(count)};
    gc_arg sh[] = {GC_ARG_BUF(c->batch.bb.ext), GC_ARG_BUF(c->batch.bb.circ), GC_ARG_BUF(r->pow7), GC_ARG_VAL(count)};
    gc_arg dv[] = {GC_ARG_BUF(c->batch.bb.circ), GC_ARG_BUF(c->batch.bb.ext), GC_ARG_BUF(r->zv), GC_ARG_VAL(count)};
    gc_arg un[] = {GC_ARG_BUF(c->batch.bb.ext), GC_ARG_BUF(c->batch.bb.circ), GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(r->ipow7),
                   GC_ARG_VAL(count)};
    gc_arg by[] = {GC_ARG_BUF(c->batch.bb.circ), GC_ARG_BUF(c->batch.bb.out_bytes), GC_ARG_VAL(count)};
    gc_kzg_ret ret;
    if ((ret = elements(c, r, RK_VANISHING, items, va, 4)) || (ret = elements(c, r, RK_LOAD, count, lo, 6)) ||
        (ret = fft8192(c, r, c->batch.bb.ext, 1, n)) || (ret = elements(c, r, RK_SHIFT, count, sh, 4)) ||
        (ret = fft8192(c, r, c->batch.bb.circ, 0, n)) || (ret = elements(c, r, RK_DIVIDE, count, dv, 4)) ||
        (ret = fft8192(c, r, c->batch.bb.ext, 1, n)) || (ret = elements(c, r, RK_UNSHIFT, count, un, 5)) ||
        (ret = fft8192(c, r, c->batch.bb.circ, 0, n)))
        return ret;
    return elements(c, r, RK_TO_BYTES, count, by, 3);
}

/* c-kzg's checks before the arithmetic: 64 to 128 cells, indices < 128 strictly ascending. */
static int blob_args_ok(const uint64_t *idx, size_t num) {
    if (num < CELLS / 2 || num > CELLS) return 0;
    for (size_t i = 0; i < num; i++)
        if (idx[i] >= CELLS || (i && idx[i] <= idx[i - 1])) return 0;
    return 1;
}

typedef struct {
    const uint64_t *indices;
    const uint8_t *cells;
    const size_t *num, *first; /* cells per blob, and blob b's first cell in the inputs */
    uint8_t *out_cells, *out_proofs; /* staging: n blobs' cells, then their proofs */
    uint32_t *bad;                   /* per blob of the call */
} recover_call;

/* The length of the run of blobs consecutive in the call that starts at list[i]. */
static size_t run_length(const size_t *list, size_t i, size_t n) {
    size_t j = i + 1;
    while (j < n && list[j] == list[j - 1] + 1) j++;
    return j - i;
}

/* Upload the pass's blobs (list[0..n): accepted blobs of the call, ascending), each run
 * of blobs consecutive in the call as one transfer, and their slots. */
static gc_kzg_ret upload_pass(gc_kzg_ctx *c, kzg_recover *r, const recover_call *k, const size_t *list, size_t n) {
    size_t slot = 0;
    gc_status st = GC_OK;
    for (size_t i = 0; i < n; i++) {
        size_t b = list[i];
        uint32_t *s = r->slots_host + i * CELLS;
        for (uint32_t m = 0; m < CELLS; m++) s[m] = MISSING;
        for (size_t j = 0; j < k->num[b]; j++) s[k->indices[k->first[b] + j]] = (uint32_t)(slot + j);
        slot += k->num[b];
    }
    slot = 0;
    for (size_t i = 0; i < n && !st;) {
        size_t len = run_length(list, i, n), cells = 0, b = list[i];
        for (size_t j = i; j < i + len; j++) cells += k->num[list[j]];
        st = gc_buffer_write(r->cells, slot * CELL_BYTES, k->cells + k->first[b] * CELL_BYTES, cells * CELL_BYTES);
        slot += cells;
        i += len;
    }
    if (!st) st = gc_buffer_write(r->slots, 0, r->slots_host, n * CELLS * sizeof(uint32_t));
    if (!st) st = gc_buffer_fill_byte(r->bad, 0);
    return st ? kzg_device_error(c, st, "copying cells") : GC_KZG_OK;
}

/* The pass's flags, cells and proofs into the call's staging, a read per run. */
static gc_kzg_ret read_pass(gc_kzg_ctx *c, kzg_recover *r, const recover_call *k, const size_t *list, size_t n) {
    size_t cell_bytes = CELLS * CELL_BYTES, proof_bytes = CELLS * GC_KZG_BYTES_PER_PROOF;
    gc_status st = GC_OK;
    for (size_t i = 0; i < n && !st;) {
        size_t len = run_length(list, i, n), b = list[i];
        st = gc_buffer_read(c->batch.bb.out_bytes, i * cell_bytes, k->out_cells + b * cell_bytes, len * cell_bytes);
        if (!st && k->out_proofs)
            st = gc_buffer_read(c->batch.bb.proof_bytes, i * proof_bytes, k->out_proofs + b * proof_bytes, len * proof_bytes);
        i += len;
    }
    if (!st) st = gc_buffer_read(r->bad, 0, r->bad_host, n * sizeof(uint32_t));
    for (size_t i = 0; i < n && !st; i++) k->bad[list[i]] = r->bad_host[i] != 0;
    return st ? kzg_device_error(c, st, "reading results") : GC_KZG_OK;
}

static gc_kzg_ret run_pass(gc_kzg_ctx *c, kzg_recover *r, const recover_call *k, const size_t *list, size_t n) {
    gc_kzg_ret ret;
    if ((ret = kzg_use_queue(c, 0)) || (ret = upload_pass(c, r, k, list, n)) || (ret = queue_recovery(c, r, n)))
        return ret;
    if (k->out_proofs &&
        ((ret = kzg_stage_fk20_scalars(c, n)) || (ret = kzg_stage_fk20_msm(c, n, KZG_MSM_SCALED_INTS_READY)) ||
         (ret = kzg_stages_u_to_proofs(c, n)) || (ret = kzg_stage_compress_proofs(c, n))))
        return ret;
    return read_pass(c, r, k, list, n);
}

static gc_kzg_ret grow_staging(kzg_recover *r, size_t bytes) {
    if (bytes <= r->staging_bytes) return GC_KZG_OK;
    free(r->staging);
    r->staging = malloc(bytes);
    r->staging_bytes = r->staging ? bytes : 0;
    return r->staging ? GC_KZG_OK : GC_KZG_MALLOC;
}

static gc_kzg_ret run_call(gc_kzg_ctx *c, recover_call *k, uint8_t *cells_out, uint8_t *proofs_out, size_t n,
                           size_t *list) {
    kzg_recover *r = c->recover;
    size_t cb = CELLS * CELL_BYTES, pb = CELLS * GC_KZG_BYTES_PER_PROOF, accepted = 0;
    gc_kzg_ret ret = grow_staging(r, n * (cb + (proofs_out ? pb : 0)));
    if (ret) return ret;
    k->out_cells = r->staging;
    k->out_proofs = proofs_out ? r->staging + n * cb : NULL;
    for (size_t b = 0; b < n; b++) {
        k->bad[b] = !blob_args_ok(k->indices + k->first[b], k->num[b]);
        if (!k->bad[b]) list[accepted++] = b;
    }
    for (size_t i = 0; i < accepted && !ret; i += r->pass_max)
        ret = run_pass(c, r, k, list + i, accepted - i < r->pass_max ? accepted - i : r->pass_max);
    if (ret) return ret;
    for (size_t b = 0; b < n; b++) {
        if (k->bad[b]) continue;
        memcpy(cells_out + b * cb, k->out_cells + b * cb, cb);
        if (proofs_out) memcpy(proofs_out + b * pb, k->out_proofs + b * pb, pb);
    }
    return GC_KZG_OK;
}

gc_kzg_ret gc_kzg_recover_cells_and_proofs(gc_kzg_ctx *ctx, uint8_t *cells_out, uint8_t *proofs_out,
                                           const uint64_t *cell_indices, const uint8_t *cells,
                                           const size_t *num_cells, size_t n, gc_kzg_ret *status) {
    if (!ctx || !cells_out || !num_cells || n == 0 || n > SIZE_MAX / (CELLS * CELL_BYTES * 2) ||
        ctx->info.cell_size != GC_KZG_EIP7594_CELL_SIZE)
        return GC_KZG_BADARGS;
    size_t total = 0;
    for (size_t b = 0; b < n; b++) {
        if (num_cells[b] > SIZE_MAX / CELL_BYTES - total) return GC_KZG_BADARGS;
        total += num_cells[b];
    }
    if (total && (!cell_indices || !cells)) return GC_KZG_BADARGS;
    if (!ctx->recover) {
        gc_kzg_ret ret = recover_create(ctx, &ctx->recover);
        if (ret) return ret;
    }
    size_t *first = malloc(n * sizeof *first), *list = malloc(n * sizeof *list);
    uint32_t *bad = malloc(n * sizeof *bad);
    gc_kzg_ret ret = GC_KZG_MALLOC;
    if (first && list && bad) {
        for (size_t b = 0, at = 0; b < n; at += num_cells[b], b++) first[b] = at;
        recover_call k = {cell_indices, cells, num_cells, first, NULL, NULL, bad};
        ret = run_call(ctx, &k, cells_out, proofs_out, n, list);
        if (!ret && status)
            for (size_t b = 0; b < n; b++) status[b] = bad[b] ? GC_KZG_BADARGS : GC_KZG_OK;
    }
    free(first);
    free(list);
    free(bad);
    return ret;
}
