/* SPDX-License-Identifier: Apache-2.0 */
/* host_copy.c — the batched calls' host copies (blobs into page-locked staging, results
 * out of it to the caller) split over threads. One core copies about 7 GB/s, which left a
 * batched call's host copies a measurable share of its time (docs/results/fk20.md). */
#include "crypto/kzg/kzg_internal.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define COPY_THREADS_MAX 8
#define COPY_MIN_BYTES ((size_t)1 << 20) /* per thread: below this a thread costs more than it copies */

/* ---- the team: worker threads kept for the context's life ---------------------------
 * Threads started per call put seven creations in a row on the calling thread before
 * its own share, a third of the upload's copy (docs/results/fk20.md). A team's
 * workers are started once, on first need, and wait on a condition between calls; a call
 * wakes them, takes part 0 itself and waits for the others. */
struct kzg_copy_team {
    pthread_mutex_t mu;
    pthread_cond_t wake, idle;
    pthread_t tid[COPY_THREADS_MAX];
    unsigned long seen[COPY_THREADS_MAX]; /* the round each worker was started at */
    size_t started;                       /* workers 1 .. started are running */
    atomic_ulong round;                   /* one per call that uses the workers (written under mu) */
    size_t active, busy;                  /* the round's participants (calling thread: 0), those not done */
    void (*job)(void *arg, size_t part);
    void *arg;
    int quit;
    long cores; /* the cores copy_threads counts with; 0: the machine's (kzg_copy_team_set_cores) */
};

typedef struct {
    kzg_copy_team *team;
    size_t part;
} worker_start;

/* A worker done with a round watches for the next one this long before it sleeps on the
 * condition: a call's copies come in bursts (the blobs' upload, then its results, then the
 * next call's upload), and a sleeping worker took up to ~0.2 ms to wake, a large share of
 * a small call's upload (docs/results/fk20.md). Watching yields the core at every look. */
#define WORKER_WATCH_NS 2000000L

static long ns_since(const struct timespec *a) {
    struct timespec b;
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (b.tv_sec - a->tv_sec) * 1000000000L + (b.tv_nsec - a->tv_nsec);
}

static void watch_for_round(kzg_copy_team *t, unsigned long seen) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (atomic_load_explicit(&t->round, memory_order_acquire) == seen && ns_since(&start) < WORKER_WATCH_NS)
        sched_yield();
}

static void *worker_main(void *p) {
    worker_start w = *(worker_start *)p;
    free(p);
    kzg_copy_team *t = w.team;
    pthread_mutex_lock(&t->mu);
    unsigned long seen = t->seen[w.part];
    for (;;) {
        if (!t->quit && atomic_load(&t->round) == seen) { /* quit is seen at the latest after the watch */
            pthread_mutex_unlock(&t->mu);
            watch_for_round(t, seen);
            pthread_mutex_lock(&t->mu);
        }
        while (!t->quit && atomic_load(&t->round) == seen) pthread_cond_wait(&t->wake, &t->mu);
        if (t->quit) break;
        seen = atomic_load(&t->round);
        if (w.part >= t->active) continue;
        void (*job)(void *, size_t) = t->job;
        void *arg = t->arg;
        pthread_mutex_unlock(&t->mu);
        job(arg, w.part);
        pthread_mutex_lock(&t->mu);
        if (--t->busy == 0) pthread_cond_signal(&t->idle);
    }
    pthread_mutex_unlock(&t->mu);
    return NULL;
}

kzg_copy_team *kzg_copy_team_create(void) {
    kzg_copy_team *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    if (pthread_mutex_init(&t->mu, NULL)) goto no_mutex;
    if (pthread_cond_init(&t->wake, NULL)) goto no_wake;
    if (pthread_cond_init(&t->idle, NULL)) goto no_idle;
    return t;
no_idle:
    pthread_cond_destroy(&t->wake);
no_wake:
    pthread_mutex_destroy(&t->mu);
no_mutex:
    free(t);
    return NULL;
}

void kzg_copy_team_destroy(kzg_copy_team *t) {
    if (!t) return;
    pthread_mutex_lock(&t->mu);
    t->quit = 1;
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->mu);
    for (size_t i = 1; i <= t->started; i++) pthread_join(t->tid[i], NULL);
    pthread_cond_destroy(&t->idle);
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->mu);
    free(t);
}

size_t kzg_copy_team_workers(const kzg_copy_team *t) { return t ? t->started : 0; }

void kzg_copy_team_set_cores(kzg_copy_team *t, long cores) {
    if (t) t->cores = cores;
}

/* Parts a call can have: want (the calling thread and want - 1 workers), fewer where
 * there is no team or a worker could not be started. */
static size_t team_parts(kzg_copy_team *t, size_t want) {
    if (!t || want < 2) return 1;
    pthread_mutex_lock(&t->mu);
    while (t->started + 1 < want && t->started + 1 < COPY_THREADS_MAX) {
        size_t part = t->started + 1;
        worker_start *w = malloc(sizeof *w);
        if (!w) break;
        *w = (worker_start){t, part};
        t->seen[part] = atomic_load(&t->round);
        if (pthread_create(&t->tid[part], NULL, worker_main, w)) {
            free(w);
            break;
        }
        t->started = part;
    }
    size_t parts = t->started + 1 < want ? t->started + 1 : want;
    pthread_mutex_unlock(&t->mu);
    return parts;
}

/* job(arg, i) for i < parts (team_parts' answer): i = 0 on the calling thread, the others
 * on the team's workers; returns when all are done. */
static void team_run(kzg_copy_team *t, size_t parts, void (*job)(void *, size_t), void *arg) {
    if (parts < 2) {
        job(arg, 0);
        return;
    }
    pthread_mutex_lock(&t->mu);
    t->job = job;
    t->arg = arg;
    t->active = parts;
    t->busy = parts - 1;
    atomic_fetch_add(&t->round, 1);
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->mu);
    job(arg, 0);
    pthread_mutex_lock(&t->mu);
    while (t->busy) pthread_cond_wait(&t->idle, &t->mu);
    pthread_mutex_unlock(&t->mu);
}

/* ---- contiguous ranges ------------------------------------------------------------ */

/* Threads for `bytes` over n items: about one per MB, at most COPY_THREADS_MAX, the
 * cores, n; below 2, the calling thread alone. */
static size_t copy_threads(const kzg_copy_team *team, size_t n, size_t bytes) {
    long cpus = team && team->cores ? team->cores : sysconf(_SC_NPROCESSORS_ONLN);
    size_t t = bytes / COPY_MIN_BYTES;
    if (t > COPY_THREADS_MAX) t = COPY_THREADS_MAX;
    if (cpus > 0 && t > (size_t)cpus) t = (size_t)cpus;
    return t > n ? n : t;
}

typedef struct {
    kzg_range_fn fn;
    void *arg;
    size_t n, parts;
} ranges_job;

static void range_part(void *p, size_t i) {
    const ranges_job *j = p;
    j->fn(j->arg, j->n * i / j->parts, j->n * (i + 1) / j->parts);
}

void kzg_parallel_ranges(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, void *arg) {
    size_t parts = team_parts(team, copy_threads(team, n, bytes));
    if (parts < 2) {
        fn(arg, 0, n);
        return;
    }
    ranges_job j = {fn, arg, n, parts};
    team_run(team, parts, range_part, &j);
}

/* ---- pipelined: each chunk handed on as soon as it is copied ---------------------- */

#define CHUNKS_PER_THREAD 4 /* so that the last chunks' hand-on is a short tail */
#define CHUNKS_MAX (COPY_THREADS_MAX * CHUNKS_PER_THREAD)

typedef struct {
    kzg_range_fn fn;
    void *arg;
    size_t n, chunks, parts;
    size_t first_copier; /* 0: the calling thread copies its share too; 1: it only hands on */
    atomic_int *done;
} chunk_job;

static size_t chunk_lo(const chunk_job *j, size_t k) { return j->n * k / j->chunks; }

/* Copier i (i >= first_copier) copies chunks i - first_copier, then every copiers-th after
 * it, and flags each as done. */
static void chunk_worker(chunk_job *j, size_t i) {
    size_t copiers = j->parts - j->first_copier;
    for (size_t k = i - j->first_copier; k < j->chunks; k += copiers) {
        j->fn(j->arg, chunk_lo(j, k), chunk_lo(j, k + 1));
        atomic_store_explicit(&j->done[k], 1, memory_order_release);
    }
}

typedef struct {
    chunk_job *chunks;
    kzg_chunk_fn then;
    int ret;
} chunk_caller;

/* The calling thread (part 0, team_run's own share) hands each chunk on in order as soon
 * as it is copied; where it is a copier too (first_copier 0) it copies chunks 0, parts,
 * 2 parts, ... when their turn comes, and the others' chunks done meanwhile wait for it. */
static void chunk_caller_part(void *p, size_t i) {
    chunk_caller *c = p;
    chunk_job *j = c->chunks;
    if (i) {
        chunk_worker(j, i);
        return;
    }
    for (size_t k = 0; k < j->chunks; k++) {
        if (j->first_copier == 0 && k % j->parts == 0) {
            j->fn(j->arg, chunk_lo(j, k), chunk_lo(j, k + 1));
        } else {
            while (!atomic_load_explicit(&j->done[k], memory_order_acquire)) sched_yield();
        }
        if (!c->ret) c->ret = c->then(j->arg, chunk_lo(j, k), chunk_lo(j, k + 1));
    }
}

int kzg_pipelined_ranges(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, kzg_chunk_fn then,
                         void *arg) {
    size_t parts = team_parts(team, copy_threads(team, n, bytes));
    if (parts < 2) {
        fn(arg, 0, n);
        return then(arg, 0, n);
    }
    /* From three parts the calling thread only hands on: copying a chunk of its own it
     * held back the workers' finished ones: gaps in the transfers at its chunks. */
    size_t first_copier = parts >= 3 ? 1 : 0;
    size_t chunks = parts * CHUNKS_PER_THREAD < n ? parts * CHUNKS_PER_THREAD : n;
    atomic_int done[CHUNKS_MAX];
    for (size_t k = 0; k < chunks; k++) atomic_init(&done[k], 0);
    chunk_job j = {fn, arg, n, chunks, parts, first_copier, done};
    chunk_caller c = {&j, then, 0};
    team_run(team, parts, chunk_caller_part, &c);
    return c.ret;
}
