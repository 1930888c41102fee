/* SPDX-License-Identifier: Apache-2.0 */
/* cell_columns.c — plans and launches cell_columns.gc over every batch of a call
 * (cell_columns.h). */
#include "crypto/kzg/verify/cell_columns.h"

#include <stdlib.h>
#include <string.h>

#include "crypto/bls12_381/host.h"
#include "crypto/kzg/verify/cell_batch.h"
#include "crypto/kzg/kzg_shared.h"

#define CELL_BYTES (32u * KZG_FIELD_ELEMENTS_PER_CELL)
#define GROUP 64u

gc_status kzg_cell_columns_init(kzg_cell_columns_kernels *k, gc_device *dev, gc_module *mod) {
    memset(k, 0, sizeof *k);
    gc_fr consts[KZG_CELL_CONSTS], w8192;
    gc_fr_fft_twiddles(consts, KZG_CELL_LOG, 1);
    gc_fr_fft_inv_n(&consts[KZG_CELL_CONST_INV_N], KZG_CELL_LOG);
    gc_fr_root_of_unity(&w8192, 13);
    for (unsigned c = 0; c < KZG_CELLS_PER_EXT_BLOB; c++) {
        uint32_t e = 8192u - gc_bit_reverse(c, 7);
        gc_fr_pow(&consts[KZG_CELL_CONST_H_INV + c], &w8192, &e, 1);
    }
    gc_status st;
    if ((st = gc_kernel_get(mod, "kzg_cell_columns", &k->columns)) ||
        (st = gc_kernel_get(mod, "kzg_cell_interp", &k->interp)) ||
        (st = gc_kernel_get(mod, "kzg_cell_sums", &k->sums)) ||
        (st = gc_buffer_alloc(dev, sizeof consts, GC_MEM_DEVICE, &k->consts)) ||
        (st = gc_buffer_write(k->consts, 0, consts, sizeof consts)))
        kzg_cell_columns_free(k);
    return st;
}

void kzg_cell_columns_free(kzg_cell_columns_kernels *k) {
    if (k->columns) gc_kernel_free(k->columns);
    if (k->interp) gc_kernel_free(k->interp);
    if (k->sums) gc_kernel_free(k->sums);
    gc_buffer_free(k->consts);
    memset(k, 0, sizeof *k);
}

/* The segments (a live batch's used columns, in column order) and their entries. */
typedef struct {
    uint32_t *ent, *seg_start, *seg_col, *seg_batch, *batch_seg, *live;
    size_t n_cells, n_seg, n_live;
} column_plan;

static void plan_free(column_plan *p) {
    free(p->ent), free(p->seg_start), free(p->seg_col), free(p->seg_batch), free(p->batch_seg), free(p->live);
}

static int plan_make(column_plan *p, const gc_kzg_cell_batch *batches, size_t nb, const gc_kzg_ret *status,
                     const size_t *slot) {
    memset(p, 0, sizeof *p);
    size_t cells = 0, segs = 0;
    for (size_t b = 0; b < nb; b++)
        if (!status[b] && batches[b].num_cells) {
            cells += batches[b].num_cells, p->n_live++;
            segs += batches[b].num_cells < KZG_CELLS_PER_EXT_BLOB ? batches[b].num_cells : KZG_CELLS_PER_EXT_BLOB;
        }
    p->ent = malloc((cells ? cells : 1) * 2 * sizeof *p->ent);
    p->seg_start = malloc((segs + 1) * sizeof *p->seg_start);
    p->seg_col = malloc((segs ? segs : 1) * sizeof *p->seg_col);
    p->seg_batch = malloc((segs ? segs : 1) * sizeof *p->seg_batch);
    p->batch_seg = malloc((p->n_live + 1) * sizeof *p->batch_seg);
    p->live = malloc((p->n_live ? p->n_live : 1) * sizeof *p->live);
    if (!p->ent || !p->seg_start || !p->seg_col || !p->seg_batch || !p->batch_seg || !p->live) return -1;
    size_t q = 0, l = 0;
    for (size_t b = 0; b < nb; b++) {
        const gc_kzg_cell_batch *x = &batches[b];
        if (status[b] || !x->num_cells) continue;
        uint32_t count[KZG_CELLS_PER_EXT_BLOB] = {0}, fill[KZG_CELLS_PER_EXT_BLOB], at = (uint32_t)q;
        for (size_t k = 0; k < x->num_cells; k++) count[x->cell_indices[k]]++;
        p->live[l] = (uint32_t)b;
        p->batch_seg[l] = (uint32_t)p->n_seg;
        for (unsigned c = 0; c < KZG_CELLS_PER_EXT_BLOB; c++) {
            fill[c] = at;
            if (count[c]) {
                p->seg_start[p->n_seg] = at;
                p->seg_col[p->n_seg] = c;
                p->seg_batch[p->n_seg++] = (uint32_t)l;
            }
            at += count[c];
        }
        l++;
        for (size_t k = 0; k < x->num_cells; k++) {
            uint32_t e = fill[x->cell_indices[k]]++;
            p->ent[2 * e] = (uint32_t)(p->n_cells + k);
            p->ent[2 * e + 1] = (uint32_t)(slot[b] + k);
        }
        q += x->num_cells, p->n_cells += x->num_cells;
    }
    p->seg_start[p->n_seg] = (uint32_t)q;
    p->batch_seg[l] = (uint32_t)p->n_seg;
    return 0;
}

static gc_range range_of(size_t n) {
    gc_range r = {1, {(n + GROUP - 1) / GROUP * GROUP, 1, 1}, {GROUP, 1, 1}, 0};
    return r;
}

/* The buffers of one run, in one array so that they are freed together. */
enum { B_CELLS, B_SC, B_ENT, B_SEG_START, B_SEG_COL, B_BATCH_SEG, B_COLS, B_BAD, B_OUT, B_COUNT };

static int upload(gc_buffer **d, const column_plan *p, const gc_kzg_cell_batch *batches, const uint32_t *sc,
                  size_t sc_terms) {
    size_t off = 0;
    for (size_t l = 0; l < p->n_live; l++) {
        const gc_kzg_cell_batch *x = &batches[p->live[l]];
        if (gc_buffer_write(d[B_CELLS], off, x->cells, x->num_cells * CELL_BYTES)) return -1;
        off += x->num_cells * CELL_BYTES;
    }
    return gc_buffer_write(d[B_SC], 0, sc, sc_terms * 32) || gc_buffer_write(d[B_ENT], 0, p->ent, p->n_cells * 8) ||
                   gc_buffer_write(d[B_SEG_START], 0, p->seg_start, (p->n_seg + 1) * 4) ||
                   gc_buffer_write(d[B_SEG_COL], 0, p->seg_col, p->n_seg * 4) ||
                   gc_buffer_write(d[B_BATCH_SEG], 0, p->batch_seg, (p->n_live + 1) * 4) ||
                   gc_buffer_fill_byte(d[B_BAD], 0)
               ? -1
               : 0;
}

static int launch(const kzg_cell_columns_kernels *k, gc_buffer **d, const column_plan *p) {
    uint32_t n_seg = (uint32_t)p->n_seg, n_live = (uint32_t)p->n_live;
    gc_arg a1[] = {GC_ARG_BUF(d[B_CELLS]), GC_ARG_BUF(d[B_SC]), GC_ARG_BUF(d[B_ENT]), GC_ARG_BUF(d[B_SEG_START]),
                   GC_ARG_VAL(n_seg), GC_ARG_BUF(d[B_COLS]), GC_ARG_BUF(d[B_BAD])};
    gc_arg a2[] = {GC_ARG_BUF(d[B_COLS]), GC_ARG_BUF(d[B_SEG_COL]), GC_ARG_VAL(n_seg), GC_ARG_BUF(k->consts)};
    gc_arg a3[] = {GC_ARG_BUF(d[B_COLS]), GC_ARG_BUF(d[B_BATCH_SEG]), GC_ARG_VAL(n_live), GC_ARG_BUF(d[B_OUT])};
    gc_range r1 = range_of(p->n_seg * KZG_CELL_ELEMENTS), r2 = range_of(p->n_seg),
             r3 = range_of(p->n_live * KZG_CELL_ELEMENTS);
    return gc_kernel_enqueue(k->columns, &r1, a1, 7) || gc_kernel_enqueue(k->interp, &r2, a2, 4) ||
                   gc_kernel_enqueue(k->sums, &r3, a3, 4)
               ? -1
               : 0;
}

int kzg_cell_columns_run(const kzg_cell_columns_kernels *k, gc_device *dev, const gc_kzg_cell_batch *batches,
                         size_t nb, gc_kzg_ret *status, const size_t *slot, const size_t *u, uint32_t *sc,
                         size_t sc_terms) {
    column_plan p;
    int ret = plan_make(&p, batches, nb, status, slot);
    if (ret || !p.n_live) {
        plan_free(&p);
        return ret;
    }
    size_t bytes[B_COUNT] = {p.n_cells * CELL_BYTES, sc_terms * 32, p.n_cells * 8, (p.n_seg + 1) * 4, p.n_seg * 4,
                             (p.n_live + 1) * 4, p.n_seg * KZG_CELL_ELEMENTS * 32, p.n_seg * 4,
                             p.n_live * KZG_CELL_ELEMENTS * 32};
    gc_buffer *d[B_COUNT] = {0};
    uint32_t *out = malloc(bytes[B_OUT]), *bad = malloc(bytes[B_BAD]);
    ret = out && bad ? 0 : -1;
    for (int i = 0; !ret && i < B_COUNT; i++)
        if (gc_buffer_alloc(dev, bytes[i], GC_MEM_DEVICE, &d[i])) ret = -1;
    if (!ret) ret = upload(d, &p, batches, sc, sc_terms) || launch(k, d, &p) ||
                    gc_buffer_read(d[B_OUT], 0, out, bytes[B_OUT]) || gc_buffer_read(d[B_BAD], 0, bad, bytes[B_BAD])
                        ? -1
                        : 0;
    for (size_t s = 0; !ret && s < p.n_seg; s++)
        if (bad[s]) status[p.live[p.seg_batch[s]]] = GC_KZG_BADARGS;
    for (size_t l = 0; !ret && l < p.n_live; l++) {
        size_t b = p.live[l], first = slot[b] + batches[b].num_cells + u[b];
        memcpy(sc + 8 * first, out + 8 * KZG_CELL_ELEMENTS * l, KZG_CELL_ELEMENTS * 32);
    }
    for (int i = 0; i < B_COUNT; i++) gc_buffer_free(d[i]);
    free(out), free(bad);
    plan_free(&p);
    return ret;
}
