/* host_copy.c — the batched calls' host copies (blobs into page-locked staging, results
 * out of it to the caller) split over threads. One core copies about 7 GB/s: on the H100
 * host the 17 MB of results of a 64-blob pass took 2.5 ms of a 33 ms call, and the blobs'
 * upload from pageable memory another 1.1 ms. */
#include "crypto/kzg/kzg_internal.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <unistd.h>

#define COPY_THREADS_MAX 8
#define COPY_MIN_BYTES ((size_t)1 << 20) /* per thread: below this a thread costs more than it copies */

typedef struct {
    kzg_range_fn fn;
    void *arg;
    size_t lo, hi;
} range_job;

static void *range_main(void *p) {
    range_job *j = p;
    j->fn(j->arg, j->lo, j->hi);
    return NULL;
}

/* Threads for `bytes` over n items: about one per MB, at most COPY_THREADS_MAX, the
 * cores, n; below 2, the calling thread alone. */
static size_t copy_threads(size_t n, size_t bytes) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    size_t t = bytes / COPY_MIN_BYTES;
    if (t > COPY_THREADS_MAX) t = COPY_THREADS_MAX;
    if (cpus > 0 && t > (size_t)cpus) t = (size_t)cpus;
    return t > n ? n : t;
}

void kzg_parallel_ranges(size_t n, size_t bytes, kzg_range_fn fn, void *arg) {
    size_t t = copy_threads(n, bytes);
    if (t < 2) {
        fn(arg, 0, n);
        return;
    }
    range_job jobs[COPY_THREADS_MAX];
    pthread_t tid[COPY_THREADS_MAX];
    int started[COPY_THREADS_MAX] = {0};
    for (size_t i = 0; i < t; i++) jobs[i] = (range_job){fn, arg, n * i / t, n * (i + 1) / t};
    /* range 0 on this thread; a range whose thread did not start runs here too */
    for (size_t i = 1; i < t; i++) started[i] = pthread_create(&tid[i], NULL, range_main, &jobs[i]) == 0;
    range_main(&jobs[0]);
    for (size_t i = 1; i < t; i++) {
        if (started[i]) pthread_join(tid[i], NULL);
        else range_main(&jobs[i]);
    }
}

/* ---- pipelined: each chunk handed on as soon as it is copied ---------------------- */

#define CHUNKS_PER_THREAD 4 /* so that the last chunks' hand-on is a short tail */
#define CHUNKS_MAX (COPY_THREADS_MAX * CHUNKS_PER_THREAD)

typedef struct {
    kzg_range_fn fn;
    void *arg;
    size_t n, chunks, threads, first; /* this thread's chunks: first, first + threads, ... */
    atomic_int *done;
} chunk_job;

static size_t chunk_lo(const chunk_job *j, size_t k) { return j->n * k / j->chunks; }

static void *chunk_main(void *p) {
    chunk_job *j = p;
    for (size_t k = j->first; k < j->chunks; k += j->threads) {
        j->fn(j->arg, chunk_lo(j, k), chunk_lo(j, k + 1));
        atomic_store_explicit(&j->done[k], 1, memory_order_release);
    }
    return NULL;
}

int kzg_pipelined_ranges(size_t n, size_t bytes, kzg_range_fn fn, kzg_chunk_fn then, void *arg) {
    size_t t = copy_threads(n, bytes);
    if (t < 2) {
        fn(arg, 0, n);
        return then(arg, 0, n);
    }
    size_t chunks = t * CHUNKS_PER_THREAD < n ? t * CHUNKS_PER_THREAD : n;
    atomic_int done[CHUNKS_MAX];
    for (size_t k = 0; k < chunks; k++) atomic_init(&done[k], 0);
    chunk_job jobs[COPY_THREADS_MAX];
    pthread_t tid[COPY_THREADS_MAX];
    int started[COPY_THREADS_MAX] = {0};
    for (size_t i = 0; i < t; i++) jobs[i] = (chunk_job){fn, arg, n, chunks, t, i, done};
    for (size_t i = 1; i < t; i++) started[i] = pthread_create(&tid[i], NULL, chunk_main, &jobs[i]) == 0;
    /* The calling thread copies chunks 0, t, 2t, ... (and those of a thread that did not
     * start) when their turn comes, and waits for the others' */
    int ret = 0;
    for (size_t k = 0; k < chunks; k++) {
        size_t owner = k % t;
        if (owner == 0 || !started[owner]) {
            fn(arg, chunk_lo(&jobs[0], k), chunk_lo(&jobs[0], k + 1));
        } else {
            while (!atomic_load_explicit(&done[k], memory_order_acquire)) sched_yield();
        }
        if (!ret) ret = then(arg, chunk_lo(&jobs[0], k), chunk_lo(&jobs[0], k + 1));
    }
    for (size_t i = 1; i < t; i++)
        if (started[i]) pthread_join(tid[i], NULL);
    return ret;
}
