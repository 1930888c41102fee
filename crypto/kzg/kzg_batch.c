/* kzg_batch.c — the public batched calls of gc_kzg.h: blobs go to the device in passes
 * of at most max_batch, every stage runs over the whole pass, and results come back
 * into host staging (the context's, reused between calls); the caller's buffers are written only once every pass succeeded,
 * and only for the blobs that were accepted. */
#include "crypto/kzg/kzg_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *cells, *proofs, *commitments; /* caller's outputs; NULL: not wanted */
} kzg_outputs;

/* Host staging of at least `need` bytes, grown and never shrunk (repeated batches reuse
 * warm pages). On a GPU that can map host memory it is page-locked (GC_MEM_HOST_MAPPED),
 * so the outputs come back by DMA at the bus's speed (from pageable memory the driver
 * copies through a bounce buffer): a pass of 64 blobs on an H100 went from 44.1 to
 * 42.9 ms. */
static gc_kzg_ret grow_staging(gc_kzg_ctx *c, size_t need) {
    const gc_device_info *di = gc_device_get_info(c->dev);
    if (c->staging_buf) gc_buffer_free(c->staging_buf);
    else free(c->staging);
    c->staging_buf = NULL;
    c->staging = NULL;
    c->staging_bytes = 0;
    if (di->is_gpu && di->caps.host_mapped_memory &&
        gc_buffer_alloc(c->dev, need, GC_MEM_HOST_MAPPED, &c->staging_buf) == GC_OK) {
        c->staging = gc_buffer_host_ptr(c->staging_buf);
    } else if (!(c->staging = malloc(need))) {
        return GC_KZG_MALLOC;
    }
    c->staging_bytes = need;
    return GC_KZG_OK;
}

/* Read `bytes` of one of a pass's output buffers into staging (a blocking read on the
 * current queue). */
static gc_kzg_ret read_out(gc_kzg_ctx *c, gc_buffer *from, uint8_t *dst, size_t bytes) {
    gc_status st = gc_buffer_read(from, 0, dst, bytes);
    return st ? kzg_device_error(c, st, "reading results") : GC_KZG_OK;
}

static gc_kzg_ret use_queue(gc_kzg_ctx *c, unsigned queue) {
    gc_status st = gc_device_select_queue(c->dev, queue);
    return st ? kzg_device_error(c, st, "selecting a device queue") : GC_KZG_OK;
}

/* Device-side order between the two queues (no host wait). */
static gc_kzg_ret queue_after(gc_kzg_ctx *c, unsigned waiter, unsigned waited) {
    gc_status st = gc_device_queue_wait(c->dev, waiter, waited);
    return st ? kzg_device_error(c, st, "ordering the device queues") : GC_KZG_OK;
}

/* Passes of at most this many blobs compute their cells on queue 1 beside the proofs. On
 * an H100 (79001d8 + this rule's first form, docs/results/fk20.md): one blob 5.27 -> 4.69 ms;
 * 64 blobs 33.8 -> 35.3-35.9 and 128 blobs 55.8 -> 57.5-58.5, where the cells' FFTs take SMs
 * from the MSM they run beside. 8, as for the G1 convolution: between the two measured sizes. */
#define KZG_CELLS_BESIDE_MAX_BATCH 8

/* The steps of one pass over blobs [first, first + n), on two queues where the context
 * allows (c->two_queues). Queue 0 runs the proofs: blob -> polynomial, circulant FFTs, the
 * FK20 MSM, the G1 transforms, compression. Queue 1 runs beside it what only needs the
 * polynomial or what the proofs have finished with: the cells of a small pass (after the
 * polynomial), whose bytes come back while the MSM runs, and the commitment (after the FK20
 * MSM, whose scalar and partial-sum buffers it reuses), beside the G1 transforms, which leave
 * most of the GPU idle at small batches. Each output has its own buffer. Queue 0 joins
 * queue 1 before the commitments are read. */
static gc_kzg_ret pass_steps(gc_kzg_ctx *c, const uint8_t *blobs, size_t first, size_t n, const kzg_outputs *want,
                             const kzg_outputs *staging, uint32_t *bad) {
    size_t cells_per_blob = c->info.cells_per_blob;
    size_t cell_bytes = GC_KZG_BYTES_PER_CELL(c->info.cell_size) * cells_per_blob;
    size_t proof_bytes = GC_KZG_BYTES_PER_PROOF * cells_per_blob;
    unsigned side = c->two_queues ? 1 : 0;                               /* the commitment's queue */
    unsigned cells_side = side && n <= KZG_CELLS_BESIDE_MAX_BATCH ? 1 : 0; /* the cells' queue */
    gc_status st = gc_buffer_write(c->bb.blobs, 0, blobs + first * GC_KZG_BYTES_PER_BLOB, n * GC_KZG_BYTES_PER_BLOB);
    if (st) return kzg_device_error(c, st, "copying blobs");
    gc_kzg_ret ret;
    if ((ret = kzg_stage_blob_to_fr(c, n)) || (ret = kzg_stage_poly_ifft(c, n))) return ret;
    if ((st = gc_buffer_read(c->bb.bad, 0, bad + first, n * sizeof(uint32_t))))
        return kzg_device_error(c, st, "reading blob flags");
    if (want->cells && cells_side &&
        ((ret = queue_after(c, 1, 0)) || (ret = use_queue(c, 1)) || (ret = kzg_stage_cells(c, n)) ||
         (ret = use_queue(c, 0))))
        return ret;
    if (want->proofs && ((ret = kzg_stage_circulant_fft(c, n)) || (ret = kzg_stage_fk20_msm(c, n, 1)))) return ret;
    if (want->cells) {
        /* beside: a blocking read on queue 1 while queue 0 runs the MSM */
        if ((ret = use_queue(c, cells_side)) || (!cells_side && (ret = kzg_stage_cells(c, n))) ||
            (ret = read_out(c, c->bb.out_bytes, staging->cells + first * cell_bytes, n * cell_bytes)) ||
            (ret = use_queue(c, 0)))
            return ret;
    }
    if (want->commitments &&
        ((side && (ret = queue_after(c, 1, 0))) || (ret = use_queue(c, side)) || (ret = kzg_stage_commitment(c, n)) ||
         (ret = use_queue(c, 0))))
        return ret;
    if (want->proofs &&
        ((ret = kzg_stages_u_to_proofs(c, n)) || (ret = kzg_stage_compress_proofs(c, n)) ||
         (ret = read_out(c, c->bb.proof_bytes, staging->proofs + first * proof_bytes, n * proof_bytes))))
        return ret;
    if (want->commitments &&
        ((side && (ret = queue_after(c, 0, 1))) ||
         (ret = read_out(c, c->bb.commit_bytes, staging->commitments + first * GC_KZG_BYTES_PER_COMMITMENT,
                         n * GC_KZG_BYTES_PER_COMMITMENT))))
        return ret;
    return GC_KZG_OK;
}

/* One pass: staging receives every output of the pass. On an error, queue 0 becomes the
 * current queue again and waits for queue 1, so that no later call meets work in flight. */
static gc_kzg_ret run_pass(gc_kzg_ctx *c, const uint8_t *blobs, size_t first, size_t n, const kzg_outputs *want,
                           const kzg_outputs *staging, uint32_t *bad) {
    gc_kzg_ret ret = pass_steps(c, blobs, first, n, want, staging, bad);
    if (ret && c->two_queues) {
        gc_device_select_queue(c->dev, 0);
        gc_device_queue_wait(c->dev, 0, 1);
    }
    return ret;
}

static gc_kzg_ret run_batch(gc_kzg_ctx *c, const uint8_t *blobs, size_t n, const kzg_outputs *want,
                            gc_kzg_ret *status) {
    if (!c || !blobs || n == 0) return GC_KZG_BADARGS;
    size_t cells_per_blob = c->info.cells_per_blob;
    size_t sizes[3] = {want->cells ? GC_KZG_BYTES_PER_CELL(c->info.cell_size) * cells_per_blob : 0,
                       want->proofs ? GC_KZG_BYTES_PER_PROOF * cells_per_blob : 0,
                       want->commitments ? GC_KZG_BYTES_PER_COMMITMENT : 0};
    if (n > SIZE_MAX / GC_KZG_BYTES_PER_BLOB / 4) return GC_KZG_BADARGS;
    uint32_t *bad = calloc(n, sizeof *bad);
    gc_kzg_ret ret = GC_KZG_MALLOC;
    size_t need = n * (sizes[0] + sizes[1] + sizes[2]);
    if (!bad) goto out;
    if (need > c->staging_bytes && (ret = grow_staging(c, need))) goto out;
    kzg_outputs staging = {c->staging, c->staging + n * sizes[0], c->staging + n * (sizes[0] + sizes[1])};
    for (size_t first = 0; first < n; first += c->info.max_batch) {
        size_t pass = n - first < c->info.max_batch ? n - first : c->info.max_batch;
        if ((ret = run_pass(c, blobs, first, pass, want, &staging, bad))) goto out;
    }
    /* every pass succeeded: publish the accepted blobs' results */
    for (size_t b = 0; b < n; b++) {
        if (status) status[b] = bad[b] ? GC_KZG_BADARGS : GC_KZG_OK;
        if (bad[b]) continue;
        if (sizes[0]) memcpy(want->cells + b * sizes[0], staging.cells + b * sizes[0], sizes[0]);
        if (sizes[1]) memcpy(want->proofs + b * sizes[1], staging.proofs + b * sizes[1], sizes[1]);
        if (sizes[2]) memcpy(want->commitments + b * sizes[2], staging.commitments + b * sizes[2], sizes[2]);
    }
    ret = GC_KZG_OK;
out:
    free(bad);
    return ret;
}

gc_kzg_ret gc_kzg_blob_to_commitment(gc_kzg_ctx *ctx, uint8_t *commitments, const uint8_t *blobs, size_t n,
                                     gc_kzg_ret *status) {
    if (!commitments) return GC_KZG_BADARGS;
    kzg_outputs want = {NULL, NULL, commitments};
    return run_batch(ctx, blobs, n, &want, status);
}

gc_kzg_ret gc_kzg_compute_cells(gc_kzg_ctx *ctx, uint8_t *cells, const uint8_t *blobs, size_t n, gc_kzg_ret *status) {
    if (!cells) return GC_KZG_BADARGS;
    kzg_outputs want = {cells, NULL, NULL};
    return run_batch(ctx, blobs, n, &want, status);
}

gc_kzg_ret gc_kzg_compute_cells_and_proofs(gc_kzg_ctx *ctx, uint8_t *cells, uint8_t *proofs, uint8_t *commitments,
                                           const uint8_t *blobs, size_t n, gc_kzg_ret *status) {
    if (!proofs) return GC_KZG_BADARGS;
    kzg_outputs want = {cells, proofs, commitments};
    return run_batch(ctx, blobs, n, &want, status);
}
