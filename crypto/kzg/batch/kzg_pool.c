/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_pool.c — the KZG pool of gc_kzg.h: one context per device, made concurrently, and
 * the batched calls split across them, one host thread per device. Each device's slice
 * is one call of the single-context API (kzg_batch.c), which stages its results and
 * writes the caller's arrays only when its slice succeeded; so the pool adds no copy,
 * and a failed device leaves its slice as it was. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/batch/kzg_pool_split.h"
#include "device/cache.h"
#include "gpucheck/gc_kzg.h"
#include "common/clock.h"

typedef enum { POOL_COMMITMENT, POOL_CELLS, POOL_CELLS_AND_PROOFS } pool_call;

/* One device's slice of a call. */
typedef struct {
    gc_kzg_ctx *ctx;
    pool_call call;
    uint8_t *cells, *proofs, *commitments; /* this slice's part of the caller's arrays */
    const uint8_t *blobs;
    size_t first, n;
    gc_kzg_ret *status;
    gc_kzg_ret ret;
} slice_job;

struct gc_kzg_pool {
    size_t n;
    gc_device **devs;
    gc_kzg_ctx **ctx;
    uint32_t *weight;
    size_t *count;   /* of a call's split; made with the pool, so that a call allocates */
    slice_job *jobs; /* nothing beyond what its devices' calls do */
    gc_kzg_pool_info info;
    gc_kzg_ret last_ret;
    size_t last_device;
    char last_message[1024];
};

/* ---- the split ------------------------------------------------------------------------ */

uint32_t kzg_pool_device_weight(const gc_device_info *info) {
    if (!info) return 1;
    uint64_t w = (uint64_t)(info->compute_units ? info->compute_units : 1) * (info->clock_mhz ? info->clock_mhz : 1);
    return w > KZG_POOL_MAX_WEIGHT ? KZG_POOL_MAX_WEIGHT : (uint32_t)w;
}

static uint32_t clamp_weight(uint32_t w) { return w < 1 ? 1 : w > KZG_POOL_MAX_WEIGHT ? KZG_POOL_MAX_WEIGHT : w; }

void kzg_pool_split(size_t n, const uint32_t *weight, size_t n_devices, size_t *count) {
    if (n_devices == 0) return;
    uint64_t total = 0;
    for (size_t i = 0; i < n_devices; i++) total += clamp_weight(weight[i]);
    /* n * w / total without the product n * w: n = q * total + r, so the share is
     * q * w + (r * w) / total, and r * w < total * 2^20 fits in 64 bits. */
    uint64_t q = n / total, r = n % total;
    size_t given = 0;
    for (size_t i = 0; i < n_devices; i++) {
        uint32_t w = clamp_weight(weight[i]);
        count[i] = (size_t)(q * w + r * w / total);
        given += count[i];
    }
    /* Fewer than n_devices blobs are left: one each to the largest remainders r * w mod
     * total, ties to the lower index. Each round takes the best device after the last one
     * taken in that order, so no memory is needed to remember who has had one. */
    uint64_t last_rem = UINT64_MAX;
    size_t last_i = SIZE_MAX;
    for (size_t left = n - given; left > 0; left--) {
        size_t best = SIZE_MAX;
        uint64_t best_rem = 0;
        for (size_t i = 0; i < n_devices; i++) {
            uint64_t rem = r * clamp_weight(weight[i]) % total;
            int after_last = last_i == SIZE_MAX || rem < last_rem || (rem == last_rem && i > last_i);
            if (after_last && (best == SIZE_MAX || rem > best_rem)) {
                best = i;
                best_rem = rem;
            }
        }
        count[best]++;
        last_rem = best_rem;
        last_i = best;
    }
}

/* ---- running one job per device at the same time --------------------------------------- */

typedef void (*pool_work_fn)(void *item);

typedef struct {
    pool_work_fn fn;
    void *item;
} pool_thread_arg;

static void *pool_thread_main(void *a) {
    pool_thread_arg *t = a;
    t->fn(t->item);
    return NULL;
}

/* fn(item i) for every i < n: items 1.. on threads of their own, item 0 on the calling
 * thread (so one item is a plain call); an item whose thread cannot start runs here after
 * the others have started. Returns when all are done. */
static void run_concurrently(pool_work_fn fn, void *items, size_t item_size, size_t n) {
    pthread_t *tid = n > 1 ? malloc(n * sizeof *tid) : NULL;
    pool_thread_arg *args = n > 1 ? malloc(n * sizeof *args) : NULL;
    unsigned char *started = n > 1 ? calloc(n, 1) : NULL;
    char *base = items;
    if (tid && args && started)
        for (size_t i = 1; i < n; i++) {
            args[i] = (pool_thread_arg){fn, base + i * item_size};
            started[i] = pthread_create(&tid[i], NULL, pool_thread_main, &args[i]) == 0;
        }
    for (size_t i = 0; i < n; i++)
        if (i == 0 || !started || !started[i]) fn(base + i * item_size);
    for (size_t i = 1; started && i < n; i++)
        if (started[i]) pthread_join(tid[i], NULL);
    free(tid);
    free(args);
    free(started);
}

/* ---- creation ---------------------------------------------------------------------------- */

typedef struct {
    gc_device *dev;
    const gc_kzg_setup *setup;
    const gc_kzg_options *opt;
    gc_kzg_ctx *ctx;
    gc_kzg_ret ret;
    char err[768];
} create_job;

static void create_one(void *item) {
    create_job *j = item;
    j->ret = gc_kzg_ctx_create(&j->ctx, j->dev, j->setup, j->opt, j->err, sizeof j->err);
}

static void set_err(char *err, size_t err_len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t err_len, const char *fmt, ...) {
    if (!err || !err_len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
}

void gc_kzg_pool_free(gc_kzg_pool *p) {
    if (!p) return;
    for (size_t i = 0; p->ctx && i < p->n; i++) gc_kzg_ctx_free(p->ctx[i]);
    free(p->ctx);
    free(p->devs);
    free(p->weight);
    free(p->count);
    free(p->jobs);
    free(p);
}

gc_kzg_ret gc_kzg_pool_create(gc_kzg_pool **out, gc_device *const *devices, size_t n_devices,
                              const gc_kzg_setup *setup, const gc_kzg_options *opt, char *err, size_t err_len) {
    if (err && err_len) err[0] = 0;
    if (out) *out = NULL;
    if (!out || !devices || !setup) {
        set_err(err, err_len, "gc_kzg_pool_create: %s is NULL", !out ? "out" : !devices ? "devices" : "the setup");
        return GC_KZG_BADARGS;
    }
    if (n_devices == 0 || n_devices > GC_KZG_POOL_MAX_DEVICES) {
        set_err(err, err_len, "gc_kzg_pool_create: %zu devices (1 to %d)", n_devices, GC_KZG_POOL_MAX_DEVICES);
        return GC_KZG_BADARGS;
    }
    for (size_t i = 0; i < n_devices; i++) {
        if (!devices[i]) {
            set_err(err, err_len, "gc_kzg_pool_create: devices[%zu] is NULL", i);
            return GC_KZG_BADARGS;
        }
        for (size_t k = 0; k < i; k++)
            if (devices[k] == devices[i]) {
                /* two contexts on one gc_device would share its queue and timing events
                 * from two threads; a second gc_device_open of it gives each its own */
                set_err(err, err_len,
                        "gc_kzg_pool_create: devices[%zu] and devices[%zu] are the same gc_device (one context "
                        "per opened device: open it again for a second one)",
                        k, i);
                return GC_KZG_BADARGS;
            }
    }
    gc_kzg_pool *p = calloc(1, sizeof *p);
    create_job *jobs = calloc(n_devices, sizeof *jobs);
    if (!p || !jobs || !(p->devs = malloc(n_devices * sizeof *p->devs)) ||
        !(p->ctx = calloc(n_devices, sizeof *p->ctx)) || !(p->weight = malloc(n_devices * sizeof *p->weight)) ||
        !(p->count = malloc(n_devices * sizeof *p->count)) || !(p->jobs = calloc(n_devices, sizeof *p->jobs))) {
        free(jobs);
        gc_kzg_pool_free(p);
        set_err(err, err_len, "gc_kzg_pool_create: out of host memory");
        return GC_KZG_MALLOC;
    }
    p->n = n_devices;
    for (size_t i = 0; i < n_devices; i++) {
        p->devs[i] = devices[i];
        p->weight[i] = kzg_pool_device_weight(gc_device_get_info(devices[i]));
        jobs[i] = (create_job){devices[i], setup, opt, NULL, GC_KZG_OK, ""};
    }
    /* The compile cache reads its environment switch on first use: read it here, once,
     * rather than from every thread at the same time. */
    (void)gc_cache_enabled();
    double t0 = gc_clock_ms();
    run_concurrently(create_one, jobs, sizeof *jobs, n_devices);
    p->info.create_ms = gc_clock_ms() - t0;
    gc_kzg_ret ret = GC_KZG_OK;
    for (size_t i = 0; i < n_devices; i++) {
        p->ctx[i] = jobs[i].ctx;
        if (jobs[i].ret && !ret) {
            ret = jobs[i].ret;
            if (err && err_len)
                snprintf(err, err_len, "device %zu (%s): %s", i, gc_device_get_info(devices[i])->id,
                         jobs[i].err[0] ? jobs[i].err : gc_kzg_ret_message(ret));
        }
    }
    free(jobs);
    if (ret) {
        gc_kzg_pool_free(p);
        return ret;
    }
    const gc_kzg_ctx_info *first = gc_kzg_ctx_get_info(p->ctx[0]);
    p->info.n_devices = n_devices;
    p->info.cell_size = first->cell_size;
    p->info.cells_per_blob = first->cells_per_blob;
    for (size_t i = 0; i < n_devices; i++) p->info.max_batch += gc_kzg_ctx_get_info(p->ctx[i])->max_batch;
    p->last_device = SIZE_MAX;
    *out = p;
    return GC_KZG_OK;
}

const gc_kzg_pool_info *gc_kzg_pool_get_info(const gc_kzg_pool *p) { return p ? &p->info : NULL; }

gc_kzg_ctx *gc_kzg_pool_ctx(const gc_kzg_pool *p, size_t i) { return p && i < p->n ? p->ctx[i] : NULL; }

gc_kzg_ret gc_kzg_pool_last_error(const gc_kzg_pool *p, size_t *device, const char **message) {
    if (device) *device = p ? p->last_device : SIZE_MAX;
    if (message) *message = p ? p->last_message : "";
    return p ? p->last_ret : GC_KZG_BADARGS;
}

/* ---- the batched calls --------------------------------------------------------------------- */

static void run_slice(void *item) {
    slice_job *j = item;
    if (j->n == 0) { /* fewer blobs than devices: nothing for this one */
        j->ret = GC_KZG_OK;
        return;
    }
    switch (j->call) {
    case POOL_COMMITMENT: j->ret = gc_kzg_blob_to_commitment(j->ctx, j->commitments, j->blobs, j->n, j->status); break;
    case POOL_CELLS: j->ret = gc_kzg_compute_cells(j->ctx, j->cells, j->blobs, j->n, j->status); break;
    default:
        j->ret = gc_kzg_compute_cells_and_proofs(j->ctx, j->cells, j->proofs, j->commitments, j->blobs, j->n,
                                                 j->status);
        break;
    }
}

static gc_kzg_ret run_pool(gc_kzg_pool *p, pool_call call, uint8_t *cells, uint8_t *proofs, uint8_t *commitments,
                           const uint8_t *blobs, size_t n, gc_kzg_ret *status) {
    if (!p) return GC_KZG_BADARGS;
    p->last_ret = GC_KZG_OK;
    p->last_device = SIZE_MAX;
    p->last_message[0] = 0;
    /* the single context's own argument checks, before any device work */
    if (!blobs || n == 0 || n > SIZE_MAX / GC_KZG_BYTES_PER_BLOB / 4) return GC_KZG_BADARGS;
    /* With one device the one slice is the whole batch, run on this thread: the pool is
     * then exactly its context (plus the status of a failed call, below). */
    size_t cell_bytes = (size_t)p->info.cells_per_blob * GC_KZG_BYTES_PER_CELL(p->info.cell_size);
    size_t proof_bytes = (size_t)p->info.cells_per_blob * GC_KZG_BYTES_PER_PROOF;
    size_t *count = p->count;
    slice_job *jobs = p->jobs;
    kzg_pool_split(n, p->weight, p->n, count);
    for (size_t i = 0, first = 0; i < p->n; first += count[i], i++)
        jobs[i] = (slice_job){p->ctx[i],
                              call,
                              cells ? cells + first * cell_bytes : NULL,
                              proofs ? proofs + first * proof_bytes : NULL,
                              commitments ? commitments + first * GC_KZG_BYTES_PER_COMMITMENT : NULL,
                              blobs + first * GC_KZG_BYTES_PER_BLOB,
                              first,
                              count[i],
                              status ? status + first : NULL,
                              GC_KZG_OK};
    run_concurrently(run_slice, jobs, sizeof *jobs, p->n);
    size_t failed = 0;
    for (size_t i = 0; i < p->n; i++) {
        slice_job *j = &jobs[i];
        if (!j->ret) continue;
        for (size_t b = 0; j->status && b < j->n; b++) j->status[b] = j->ret;
        if (failed++) continue;
        const char *msg;
        gc_kzg_ctx_last_device_status(j->ctx, &msg);
        p->last_ret = j->ret;
        p->last_device = i;
        snprintf(p->last_message, sizeof p->last_message, "device %zu (%s), blobs %zu..%zu of the call: %s: %s", i,
                 gc_device_get_info(p->devs[i])->id, j->first, j->first + j->n - 1, gc_kzg_ret_name(j->ret),
                 msg && msg[0] ? msg : gc_kzg_ret_message(j->ret));
    }
    if (failed > 1) {
        size_t len = strlen(p->last_message);
        snprintf(p->last_message + len, sizeof p->last_message - len, " (and %zu more device%s failed)", failed - 1,
                 failed > 2 ? "s" : "");
    }
    return p->last_ret;
}

gc_kzg_ret gc_kzg_pool_blob_to_commitment(gc_kzg_pool *pool, uint8_t *commitments, const uint8_t *blobs, size_t n,
                                          gc_kzg_ret *status) {
    if (!commitments) return GC_KZG_BADARGS;
    return run_pool(pool, POOL_COMMITMENT, NULL, NULL, commitments, blobs, n, status);
}

gc_kzg_ret gc_kzg_pool_compute_cells(gc_kzg_pool *pool, uint8_t *cells, const uint8_t *blobs, size_t n,
                                     gc_kzg_ret *status) {
    if (!cells) return GC_KZG_BADARGS;
    return run_pool(pool, POOL_CELLS, cells, NULL, NULL, blobs, n, status);
}

gc_kzg_ret gc_kzg_pool_compute_cells_and_proofs(gc_kzg_pool *pool, uint8_t *cells, uint8_t *proofs,
                                                uint8_t *commitments, const uint8_t *blobs, size_t n,
                                                gc_kzg_ret *status) {
    if (!proofs) return GC_KZG_BADARGS;
    return run_pool(pool, POOL_CELLS_AND_PROOFS, cells, proofs, commitments, blobs, n, status);
}
