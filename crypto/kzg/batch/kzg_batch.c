/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_batch.c — the public batched calls of gc_kzg.h: blobs go to the device in passes
 * of at most max_batch, every stage runs over the whole pass, and results come back
 * into host staging (the context's, reused between calls); the caller's buffers are written only once every pass succeeded,
 * and only for the blobs that were accepted. */
#include "crypto/kzg/kzg_internal.h"
#include "common/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *cells, *proofs, *commitments; /* caller's outputs; NULL: not wanted */
} kzg_outputs;

/* Host staging of at least `need` bytes, grown and never shrunk (repeated batches reuse
 * warm pages). On a GPU that can map host memory it is page-locked (GC_MEM_HOST_MAPPED),
 * so the outputs come back by DMA at the bus's speed (from pageable memory the driver
 * copies through a bounce buffer; docs/results/fk20.md). */
static int staging_can_pin(const gc_kzg_ctx *c) {
    const gc_device_info *di = gc_device_get_info(c->dev);
    return di->is_gpu && di->caps.host_mapped_memory;
}

static gc_kzg_ret grow_staging(gc_kzg_ctx *c, size_t need) {
    if (c->batch.staging_buf) gc_buffer_free(c->batch.staging_buf);
    else free(c->batch.staging);
    c->batch.staging_buf = NULL;
    c->batch.staging = NULL;
    c->batch.staging_bytes = 0;
    if (staging_can_pin(c) && gc_buffer_alloc(c->dev, need, GC_MEM_HOST_MAPPED, &c->batch.staging_buf) == GC_OK) {
        c->batch.staging = gc_buffer_host_ptr(c->batch.staging_buf);
    } else if (!(c->batch.staging = malloc(need))) {
        return GC_KZG_MALLOC;
    }
    c->batch.staging_bytes = need;
    return GC_KZG_OK;
}

/* Read `bytes` of one of a pass's output buffers into staging (a blocking read on the
 * current queue). */
static gc_kzg_ret read_out(gc_kzg_ctx *c, gc_buffer *from, uint8_t *dst, size_t bytes) {
    gc_status st = gc_buffer_read(from, 0, dst, bytes);
    return st ? kzg_device_error(c, st, "reading results") : GC_KZG_OK;
}

/* A one-pass call hands its cells to the caller as soon as queue 1 has read them back,
 * while queue 0 still computes the proofs (pass_steps): the copy out of staging, 34 MB at
 * 128 blobs and 17 MB at 64, used to follow the GPU's last kernel. The call must still
 * leave the caller's buffers as they were when it fails, so what the cells held is kept
 * in cells_backup first and put back on a failure (run_batch). One pass only: the backup
 * then holds at most max_batch blobs' cells. */
typedef struct {
    uint8_t *caller, *backup;
    const uint8_t *staged;
    size_t bytes; /* one blob's cells */
    const uint32_t *bad;
    int restore; /* 0: keep the caller's cells and write the staged ones; 1: put them back */
} cells_job;

static void cells_range(void *arg, size_t lo, size_t hi) {
    const cells_job *j = arg;
    for (size_t b = lo; b < hi; b++) {
        if (j->bad[b]) continue; /* a rejected blob's outputs are never written */
        uint8_t *to = j->caller + b * j->bytes, *keep = j->backup + b * j->bytes;
        if (j->restore) {
            memcpy(to, keep, j->bytes);
        } else {
            memcpy(keep, to, j->bytes);
            memcpy(to, j->staged + b * j->bytes, j->bytes);
        }
    }
}

static void cells_to_caller(gc_kzg_ctx *c, const kzg_outputs *want, const kzg_outputs *staging, size_t n,
                            const uint32_t *bad, int restore) {
    size_t bytes = GC_KZG_BYTES_PER_CELL(c->info.cell_size) * c->info.cells_per_blob;
    cells_job job = {want->cells, c->batch.cells_backup, staging->cells, bytes, bad, restore};
    kzg_parallel_ranges(c->batch.copiers, n, n * bytes * (restore ? 1 : 2), cells_range, &job);
}

/* Room for a one-pass call's early cells (cells_to_caller); 0 where there is none: the
 * call then copies them after the proofs, as a call of several passes does. */
static int cells_backup_ready(gc_kzg_ctx *c, size_t bytes) {
    if (bytes <= c->batch.cells_backup_bytes) return 1;
    free(c->batch.cells_backup);
    c->batch.cells_backup = malloc(bytes);
    c->batch.cells_backup_bytes = c->batch.cells_backup ? bytes : 0;
    return c->batch.cells_backup != NULL;
}

/* Passes of at most this many blobs compute their cells on queue 1 beside the proofs: it
 * gains on small passes, and larger ones lose where the cells' FFTs take SMs from the MSM
 * they run beside. 16, as the G1 convolution's default (docs/results/fk20.md). */
#define KZG_CELLS_BESIDE_MAX_BATCH KZG_CONV_MAX_BATCH

typedef struct {
    uint8_t *dst;
    const uint8_t *src;
    size_t bytes;
} blob_copy;

static void copy_blob_range(void *arg, size_t lo, size_t hi) {
    blob_copy *bc = arg;
    memcpy(bc->dst + lo * bc->bytes, bc->src + lo * bc->bytes, (hi - lo) * bc->bytes);
}

typedef struct {
    blob_copy copy;
    gc_buffer *to;
    gc_status st;
} blob_upload;

static int send_blob_range(void *arg, size_t lo, size_t hi) {
    blob_upload *u = arg;
    size_t b = u->copy.bytes;
    u->st = gc_buffer_write_async(u->to, lo * b, u->copy.dst + lo * b, (hi - lo) * b);
    return u->st != GC_OK;
}

static void copy_blob_chunk(void *arg, size_t lo, size_t hi) { copy_blob_range(&((blob_upload *)arg)->copy, lo, hi); }

/* The pass's blobs to the device: through the page-locked staging's input region where
 * there is one, else straight from the caller's memory. Through staging each chunk's
 * transfer is queued as soon as the threads have copied it (kzg_pipelined_ranges), not
 * waited for: the bus moves one chunk while the host copies the next, and the host goes
 * on to queue the pass's kernels (the staging is not written again before the pass's
 * blocking reads, which follow every transfer on queue 0). */
static gc_kzg_ret upload_blobs(gc_kzg_ctx *c, const uint8_t *blobs, size_t n, uint8_t *staging_in) {
    size_t bytes = n * GC_KZG_BYTES_PER_BLOB;
    gc_status st;
    if (staging_in) {
        blob_upload u = {{staging_in, blobs, GC_KZG_BYTES_PER_BLOB}, c->batch.bb.blobs, GC_OK};
        kzg_pipelined_ranges(c->batch.copiers, n, bytes, copy_blob_chunk, send_blob_range, &u);
        st = u.st;
    } else {
        st = gc_buffer_write(c->batch.bb.blobs, 0, blobs, bytes);
    }
    return st ? kzg_device_error(c, st, "copying blobs") : GC_KZG_OK;
}

/* Passes of at most this many blobs, where the staging is page-locked and mapped (a GPU's),
 * are not transferred: the blobs are copied into the staging and the polynomial's first
 * launch reads them there over the bus (kzg_stage_blob_to_poly_from): a small pass's
 * transfer is on the critical path before its first kernel, and reading over the bus
 * costs that kernel less (docs/results/fk20.md). 16: as KZG_CELLS_BESIDE_MAX_BATCH;
 * larger passes keep the transfers, chunk by chunk behind the host's copies. */
#define KZG_BLOBS_MAPPED_MAX_BATCH KZG_CONV_MAX_BATCH

/* The staging's input region, where the polynomial's first launch reads a pass's blobs
 * itself (above); 0: transfer them (upload_blobs). *offset: the region's byte offset in
 * the staging buffer. */
static int blobs_read_mapped(const gc_kzg_ctx *c, size_t n, const uint8_t *staging_in, size_t *offset) {
    *offset = staging_in ? (size_t)(staging_in - c->batch.staging) : 0;
    return staging_in && c->batch.staging_buf && n <= KZG_BLOBS_MAPPED_MAX_BATCH && *offset % 4 == 0 &&
           kzg_blob_fft_in_split(c);
}

/* The blobs' flags (an element >= r) of a pass, read back (a blocking read on queue 0). */
static gc_kzg_ret read_flags(gc_kzg_ctx *c, uint32_t *bad, size_t n) {
    gc_status st = gc_buffer_read(c->batch.bb.bad, 0, bad, n * sizeof(uint32_t));
    if (st) return kzg_device_error(c, st, "reading blob flags");
    kzg_flags_of_pass(c, bad, n);
    return GC_KZG_OK;
}

/* Passes of at most this many blobs read their flags back last, after every step is
 * queued: read after the polynomial, as larger passes do, the host waits there before it
 * queues the rest and the GPU idles while it does. Larger passes lost by the late read
 * (not understood) and keep the early one (docs/results/fk20.md). 16: as
 * KZG_CELLS_BESIDE_MAX_BATCH. */
#define KZG_FLAGS_LAST_MAX_BATCH KZG_CONV_MAX_BATCH

/* Passes whose G1 transforms run in fused pairs one work-item a product over at most this
 * many points (rows x 2r) compute their cells on queue 1 beside those transforms. There a
 * pair launch has points / 4 x 5 work-items, at 8,192 points fewer warps than a large
 * GPU's SM partitions, so the cells fill idle ones; with more points they gained nothing.
 * Pairs by teams (CUDA) have twice the warps, and there the cells cost more beside the
 * first pair launch than on queue 0 after the MSM, so those passes keep them on queue 0
 * (docs/results/fk20.md). */
#define KZG_CELLS_BESIDE_PAIRS_MAX_POINTS 8192u

/* Passes of at most this many blobs queue the proofs' circulant FFTs and MSM before what
 * runs beside them on queue 1 (the cells, the commitment): the host takes a few
 * microseconds a launch and queue 0's chain is the pass's critical path. Larger passes
 * queue queue 1's first: there the FK20 MSM's launch fills the GPU, and queued first it
 * took every SM before the commitment's blocks came, which then ran beside the G1
 * transforms instead (docs/results/fk20.md). 16: as KZG_CELLS_BESIDE_MAX_BATCH. */
#define KZG_PROOFS_QUEUED_FIRST_MAX_BATCH KZG_CONV_MAX_BATCH

/* Queue 1's launches beside the FK20 MSM (its wait for the polynomial already queued):
 * the cells where cells_early, the commitment where early. */
static gc_kzg_ret queue_beside_msm(gc_kzg_ctx *c, size_t n, const kzg_outputs *want, int cells_early, int early) {
    gc_kzg_ret ret = kzg_use_queue(c, 1);
    if (!ret && want->cells && cells_early) ret = kzg_stage_cells(c, n);
    if (!ret && want->commitments && early) ret = kzg_stage_commitment(c, n);
    gc_kzg_ret back = kzg_use_queue(c, 0);
    return ret ? ret : back;
}

/* The steps of one pass over blobs [first, first + n), on two queues where the context
 * allows (c->batch.two_queues; else every step on queue 0, in the same order). Queue 0 runs the
 * proofs: blob -> polynomial, circulant FFTs, the FK20 MSM, the G1 transforms,
 * compression. Queue 1 runs beside it what only needs the polynomial: the cells and the
 * commitment (their own buffers). The commitment goes beside the G1 transforms where they
 * run in fused pairs one work-item a product (one to two warps per SM partition: it fills
 * the idle issue slots) and beside the FK20 MSM otherwise: beside throughput-bound single
 * stages it took their SMs, the convolution is short, and pairs by teams keep every
 * partition busy (docs/results/fk20.md). The cells go beside the MSM in a pass of at most
 * KZG_CELLS_BESIDE_MAX_BATCH blobs, beside the pairs (one work-item a product) up to
 * KZG_CELLS_BESIDE_PAIRS_MAX_POINTS, else on queue 0 after the MSM. Every step is queued
 * before the host blocks on a read, so the cells come back on queue 1 while queue 0 runs
 * the G1 map. */
static gc_kzg_ret pass_steps(gc_kzg_ctx *c, const uint8_t *blobs, size_t first, size_t n, const kzg_outputs *want,
                             const kzg_outputs *staging, uint8_t *staging_in, uint32_t *bad, int cells_ahead,
                             int *cells_done) {
    size_t cells_per_blob = c->info.cells_per_blob;
    size_t cell_bytes = GC_KZG_BYTES_PER_CELL(c->info.cell_size) * cells_per_blob;
    size_t proof_bytes = GC_KZG_BYTES_PER_PROOF * cells_per_blob;
    unsigned side = c->batch.two_queues ? 1 : 0; /* the queue of the cells and the commitment */
    int pairs = kzg_g1_map_in_pairs(c, n), teams = kzg_g1_pairs_by_teams(c, n);
    int early = side && (!pairs || teams); /* the commitment beside the FK20 MSM */
    int cells_early = side && n <= KZG_CELLS_BESIDE_MAX_BATCH;
    int cells_late = side && !cells_early && pairs && !teams && (n << c->log_2r) <= KZG_CELLS_BESIDE_PAIRS_MAX_POINTS;
    int flags_last = n <= KZG_FLAGS_LAST_MAX_BATCH;
    c->msm.beside = want->proofs && want->commitments && early; /* run_pass clears it */
    size_t in_offset;
    int mapped = blobs_read_mapped(c, n, staging_in, &in_offset);
    gc_kzg_ret ret = GC_KZG_OK;
    if (c->batch.fail_blobs_in) {
        gc_set_last_error("injected by the suite (fail_blobs_in)");
        return kzg_device_error(c, GC_ERR_DRIVER, "copying blobs");
    }
    double t_in = gc_clock_ms();
    if (mapped) {
        blob_copy bc = {staging_in, blobs + first * GC_KZG_BYTES_PER_BLOB, GC_KZG_BYTES_PER_BLOB};
        kzg_parallel_ranges(c->batch.copiers, n, n * GC_KZG_BYTES_PER_BLOB, copy_blob_range, &bc);
        ret = kzg_stage_blob_to_poly_from(c, n, c->batch.staging_buf, in_offset);
    } else if (!(ret = upload_blobs(c, blobs + first * GC_KZG_BYTES_PER_BLOB, n, staging_in))) {
        ret = kzg_stage_blob_to_poly(c, n);
    }
    c->batch.in_ms += gc_clock_ms() - t_in;
    if (ret) return ret;
    if (!flags_last && (ret = read_flags(c, bad + first, n))) return ret;
    int beside_msm = (want->cells && cells_early) || (want->commitments && early);
    int msm_first = n <= KZG_PROOFS_QUEUED_FIRST_MAX_BATCH;
    if (beside_msm && (ret = kzg_queue_after(c, 1, 0))) return ret; /* queue 1 after the polynomial */
    if (beside_msm && !msm_first && (ret = queue_beside_msm(c, n, want, cells_early, early))) return ret;
    if (want->proofs &&
        ((ret = kzg_stage_fk20_scalars(c, n)) || (ret = kzg_stage_fk20_msm(c, n, KZG_MSM_SCALED_INTS_READY))))
        return ret;
    if (beside_msm && msm_first && (ret = queue_beside_msm(c, n, want, cells_early, early))) return ret;
    if (want->cells && !cells_early && !cells_late) {
        if ((ret = kzg_stage_cells(c, n))) return ret;
        if (side && (ret = kzg_queue_after(c, 1, 0))) return ret; /* the read on queue 1 waits for them */
    }
    if ((want->cells && cells_late) || (want->commitments && !early)) {
        if ((side && (ret = kzg_queue_after(c, 1, 0))) || (ret = kzg_use_queue(c, side))) return ret;
        if (want->cells && cells_late && (ret = kzg_stage_cells(c, n))) return ret;
        if (want->commitments && !early && (ret = kzg_stage_commitment(c, n))) return ret;
        if ((ret = kzg_use_queue(c, 0))) return ret;
    }
    if (want->proofs && ((ret = kzg_stages_u_to_proofs(c, n)) || (ret = kzg_stage_compress_proofs(c, n)))) return ret;
    /* The reads: queue 1's first (cells, commitments and, in small passes, the flags: its
     * work ends well before the proofs'), the proofs last, so that after the GPU's last
     * kernel one read remains, not three. Queue 1
     * has waited for the polynomial wherever it ran cells or a commitment. */
    int side_reads = side && (want->cells || want->commitments);
    if (side_reads && (ret = kzg_use_queue(c, 1))) return ret;
    if (want->cells && (ret = read_out(c, c->batch.bb.out_bytes, staging->cells + first * cell_bytes, n * cell_bytes)))
        return ret;
    if (want->commitments &&
        (ret = read_out(c, c->batch.bb.commit_bytes, staging->commitments + first * GC_KZG_BYTES_PER_COMMITMENT,
                        n * GC_KZG_BYTES_PER_COMMITMENT)))
        return ret;
    if (flags_last && side_reads && (ret = read_flags(c, bad + first, n))) return ret;
    if (side_reads && (ret = kzg_use_queue(c, 0))) return ret;
    /* cells_ahead (run_batch: one pass, first blob 0, cells and proofs wanted, queue 1
     * reading) implies side_reads, so the flags are known here: read after the polynomial
     * or just now on queue 1 */
    if (cells_ahead) {
        double t = gc_clock_ms();
        cells_to_caller(c, want, staging, n, bad, 0);
        c->batch.cells_ms += gc_clock_ms() - t;
        *cells_done = 1;
    }
    if (want->proofs && c->batch.fail_proofs_read) {
        gc_set_last_error("injected by the suite (fail_proofs_read)");
        return kzg_device_error(c, GC_ERR_DRIVER, "reading results");
    }
    if (want->proofs &&
        (ret = read_out(c, c->batch.bb.proof_bytes, staging->proofs + first * proof_bytes, n * proof_bytes)))
        return ret;
    return flags_last && !side_reads ? read_flags(c, bad + first, n) : GC_KZG_OK;
}

/* One pass: staging receives every output of the pass. On an error, queue 0 becomes the
 * current queue again and waits for queue 1, so that no later call meets work in flight. */
static gc_kzg_ret run_pass(gc_kzg_ctx *c, const uint8_t *blobs, size_t first, size_t n, const kzg_outputs *want,
                           const kzg_outputs *staging, uint8_t *staging_in, uint32_t *bad, int cells_ahead,
                           int *cells_done) {
    gc_kzg_ret ret = pass_steps(c, blobs, first, n, want, staging, staging_in, bad, cells_ahead, cells_done);
    c->msm.beside = 0;
    if (ret && c->batch.two_queues) {
        gc_device_select_queue(c->dev, 0);
        gc_device_queue_wait(c->dev, 0, 1);
    }
    return ret;
}

/* The accepted blobs' results from staging to the caller (kzg_parallel_ranges). */
typedef struct {
    const kzg_outputs *want, *staging;
    const size_t *sizes;
    const uint32_t *bad;
} publish_job;

static void publish_range(void *arg, size_t lo, size_t hi) {
    const publish_job *j = arg;
    for (size_t b = lo; b < hi; b++) {
        if (j->bad[b]) continue;
        const size_t *sz = j->sizes;
        if (sz[0]) memcpy(j->want->cells + b * sz[0], j->staging->cells + b * sz[0], sz[0]);
        if (sz[1]) memcpy(j->want->proofs + b * sz[1], j->staging->proofs + b * sz[1], sz[1]);
        if (sz[2]) memcpy(j->want->commitments + b * sz[2], j->staging->commitments + b * sz[2], sz[2]);
    }
}

/* GC_KZG_TRACE: where a call's time went (docs/kzg.md): its staging (grown on a larger
 * call than any before), its passes (of which the blobs' way in, and the cells' early copy
 * to the caller), then the results to the caller. */
static void trace(const gc_kzg_ctx *c, size_t n, double staging_ms, double passes_ms, double publish_ms) {
    if (getenv("GC_KZG_TRACE"))
        fprintf(stderr, "gc_kzg batch: %zu blobs: staging %.2f ms, passes %.2f ms (blobs in %.2f, cells to the caller "
                        "%.2f), results to the caller %.2f ms\n", n, staging_ms, passes_ms, c->batch.in_ms,
                c->batch.cells_ms, publish_ms);
}

static gc_kzg_ret run_batch(gc_kzg_ctx *c, const uint8_t *blobs, size_t n, const kzg_outputs *want,
                            gc_kzg_ret *status) {
    if (!c || !blobs || n == 0) return GC_KZG_BADARGS;
    size_t cells_per_blob = c->info.cells_per_blob;
    size_t sizes[3] = {want->cells ? GC_KZG_BYTES_PER_CELL(c->info.cell_size) * cells_per_blob : 0,
                       want->proofs ? GC_KZG_BYTES_PER_PROOF * cells_per_blob : 0,
                       want->commitments ? GC_KZG_BYTES_PER_COMMITMENT : 0};
    if (n > SIZE_MAX / GC_KZG_BYTES_PER_BLOB / 4) return GC_KZG_BADARGS;
    double t_entry = gc_clock_ms();
    uint32_t *bad = calloc(n, sizeof *bad);
    gc_kzg_ret ret = GC_KZG_MALLOC;
    size_t out_bytes = n * (sizes[0] + sizes[1] + sizes[2]);
    /* one pass's blobs, where the staging can be page-locked (only there does it pay) */
    size_t in_bytes = staging_can_pin(c) ? (n < c->info.max_batch ? n : c->info.max_batch) * GC_KZG_BYTES_PER_BLOB : 0;
    if (!bad) goto out;
    if (out_bytes + in_bytes > c->batch.staging_bytes && (ret = grow_staging(c, out_bytes + in_bytes))) goto out;
    kzg_outputs staging = {c->batch.staging, c->batch.staging + n * sizes[0], c->batch.staging + n * (sizes[0] + sizes[1])};
    uint8_t *staging_in = c->batch.staging_buf && in_bytes ? c->batch.staging + out_bytes : NULL;
    int cells_ahead = n <= c->info.max_batch && want->cells && want->proofs && c->batch.two_queues &&
                      cells_backup_ready(c, n * sizes[0]);
    int cells_done = 0;
    double t0 = gc_clock_ms();
    c->batch.in_ms = c->batch.cells_ms = 0;
    for (size_t first = 0; first < n; first += c->info.max_batch) {
        size_t pass = n - first < c->info.max_batch ? n - first : c->info.max_batch;
        if ((ret = run_pass(c, blobs, first, pass, want, &staging, staging_in, bad, cells_ahead, &cells_done))) {
            if (cells_done) cells_to_caller(c, want, &staging, n, bad, 1); /* as they were */
            goto out;
        }
    }
    /* every pass succeeded: publish the accepted blobs' results (the cells, unless they
     * went out before the proofs) */
    for (size_t b = 0; b < n; b++)
        if (status) status[b] = bad[b] ? GC_KZG_BADARGS : GC_KZG_OK;
    if (cells_done) {
        out_bytes -= n * sizes[0];
        sizes[0] = 0;
    }
    double t1 = gc_clock_ms();
    publish_job job = {want, &staging, sizes, bad};
    kzg_parallel_ranges(c->batch.copiers, n, out_bytes, publish_range, &job);
    ret = GC_KZG_OK;
    trace(c, n, t0 - t_entry, t1 - t0, gc_clock_ms() - t1);
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
