/* SPDX-License-Identifier: Apache-2.0 */
/* test_host_copy.c — kzg_parallel_ranges (crypto/kzg/batch/host_copy.c), which splits the
 * batched calls' host copies over a context's copy team: every index of [0, n) is handed
 * out exactly once, in contiguous ranges, on several threads when there is data enough,
 * on the calling thread alone when there is not or there is no team; n = 0 and n smaller
 * than the thread count included. A negative control runs the same checker over a
 * splitter that loses the last index, and must see it fail. And kzg_pipelined_ranges (the
 * blobs' upload): every index copied once, the chunks handed on in order on the calling
 * thread, each only once it is copied, none after a hand-on fails; its negative control
 * hands a chunk on before it is copied. The team's workers are kept: a second call runs
 * on the same threads, and hundreds of calls of varied sizes in a row (a worker sitting
 * out a round must not run its job) each hand every index out once. Exit codes: 0 pass,
 * 1 failures. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "crypto/kzg/kzg_internal.h"

#include "unit.h"

#define MAX_N 4096
#define MAX_CALLS 64

typedef struct {
    unsigned visits[MAX_N];
    size_t lo[MAX_CALLS], hi[MAX_CALLS];
    pthread_t thread[MAX_CALLS];
    unsigned calls;
} record;

static void record_range(void *arg, size_t lo, size_t hi) {
    record *r = arg;
    unsigned k = __atomic_fetch_add(&r->calls, 1u, __ATOMIC_RELAXED);
    if (k < MAX_CALLS) {
        r->lo[k] = lo;
        r->hi[k] = hi;
        r->thread[k] = pthread_self();
    }
    for (size_t i = lo; i < hi && i < MAX_N; i++) __atomic_fetch_add(&r->visits[i], 1u, __ATOMIC_RELAXED);
}

typedef void (*splitter)(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, void *arg);

/* The negative control: a splitter with the off-by-one the checker exists to catch. */
static void loses_last(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, void *arg) {
    kzg_parallel_ranges(team, n ? n - 1 : 0, bytes, fn, arg);
}

static pthread_t seen_threads[MAX_CALLS]; /* the threads of the last checked call */

/* 1 when every index was visited once and the ranges are non-empty where n > 0; sets the
 * number of calls and of distinct threads seen. */
static int split_is_exact(splitter split, kzg_copy_team *team, size_t n, size_t bytes, unsigned *calls,
                          unsigned *threads) {
    static record r;
    memset(&r, 0, sizeof r);
    split(team, n, bytes, record_range, &r);
    int ok = r.calls >= 1 && r.calls <= MAX_CALLS;
    for (size_t i = 0; i < n; i++) ok &= r.visits[i] == 1u;
    for (unsigned k = 0; ok && k < r.calls; k++) ok &= r.lo[k] <= r.hi[k] && r.hi[k] <= n && (n == 0 || r.lo[k] < r.hi[k]);
    *calls = r.calls;
    *threads = 0;
    for (unsigned k = 0; k < r.calls && k < MAX_CALLS; k++) {
        int seen = 0;
        for (unsigned j = 0; j < k; j++) seen |= pthread_equal(r.thread[j], r.thread[k]);
        if (!seen) seen_threads[(*threads)++] = r.thread[k];
    }
    return ok;
}

/* 1 when every thread of `now` (n of them) is the caller or one of `before` (m). */
static int threads_among(const pthread_t *now, unsigned n, const pthread_t *before, unsigned m) {
    int ok = 1;
    for (unsigned i = 0; i < n; i++) {
        int found = pthread_equal(now[i], pthread_self());
        for (unsigned j = 0; j < m; j++) found |= pthread_equal(now[i], before[j]);
        ok &= found;
    }
    return ok;
}

/* ---- kzg_pipelined_ranges ---- */

typedef struct {
    record copies;
    pthread_t caller;
    size_t next;      /* the index the next hand-on must start at */
    unsigned handed;  /* hand-ons */
    unsigned fail_at; /* the hand-on that returns nonzero (0: none) */
    int ok;           /* every hand-on in order, on the caller, of copied indices only */
} pipe_record;

static void pipe_copy(void *arg, size_t lo, size_t hi) { record_range(&((pipe_record *)arg)->copies, lo, hi); }

static int pipe_then(void *arg, size_t lo, size_t hi) {
    pipe_record *p = arg;
    p->ok &= pthread_equal(pthread_self(), p->caller) && lo == p->next && lo < hi;
    for (size_t i = lo; i < hi && i < MAX_N; i++) p->ok &= __atomic_load_n(&p->copies.visits[i], __ATOMIC_ACQUIRE) == 1u;
    p->next = hi;
    p->handed++;
    return p->fail_at && p->handed == p->fail_at;
}

typedef int (*pipeliner)(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, kzg_chunk_fn then,
                         void *arg);

/* The negative control: the chunk handed on first, then copied. */
static int hands_on_early(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, kzg_chunk_fn then,
                          void *arg) {
    (void)team;
    (void)bytes;
    int r = then(arg, 0, n);
    fn(arg, 0, n);
    return r;
}

static unsigned caller_copies; /* the last checked pipeline's copies on the calling thread */

/* 1 when every index was copied once, the hand-ons covered [0, n) (or stopped after the
 * failing one) in order, and the result is the failure's; sets the hand-ons and threads
 * (and caller_copies). */
static int pipeline_is_exact(pipeliner run, kzg_copy_team *team, size_t n, size_t bytes, unsigned fail_at,
                             unsigned *handed, unsigned *threads) {
    static pipe_record p;
    memset(&p, 0, sizeof p);
    p.caller = pthread_self();
    p.ok = 1;
    p.fail_at = fail_at;
    int r = run(team, n, bytes, pipe_copy, pipe_then, &p);
    int ok = p.ok && r == (fail_at != 0) && p.copies.calls <= MAX_CALLS;
    for (size_t i = 0; i < n; i++) ok &= p.copies.visits[i] == 1u;
    ok &= fail_at ? p.handed == fail_at : p.next == n;
    *handed = p.handed;
    *threads = 0;
    caller_copies = 0;
    for (unsigned k = 0; k < p.copies.calls && k < MAX_CALLS; k++)
        caller_copies += pthread_equal(p.copies.thread[k], p.caller) != 0;
    for (unsigned k = 0; k < p.copies.calls && k < MAX_CALLS; k++) {
        int seen = 0;
        for (unsigned j = 0; j < k; j++) seen |= pthread_equal(p.copies.thread[j], p.copies.thread[k]);
        *threads += !seen;
    }
    return ok;
}

int main(void) {
    const size_t mb = (size_t)1 << 20;
    const size_t sizes[] = {0, 1, 2, 3, 7, 8, 9, 64, 127, 128, 513, MAX_N};
    unsigned calls, threads;
    kzg_copy_team *team = kzg_copy_team_create();
    CHECKF(team != NULL, "a copy team%s", "");
    CHECKF(kzg_copy_team_workers(team) == 0, "no worker before the first need (%zu)", kzg_copy_team_workers(team));
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        CHECKF(split_is_exact(kzg_parallel_ranges, team, n, 64 * mb, &calls, &threads), "n = %zu, 64 MB: each index once",
               n);
        CHECKF(split_is_exact(kzg_parallel_ranges, team, n, mb / 2, &calls, &threads) && calls == 1,
               "n = %zu, 0.5 MB: one range on the calling thread (%u calls)", n, calls);
    }
    /* enough data and indices: several ranges, on several threads (unless one core only) */
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    CHECKF(split_is_exact(kzg_parallel_ranges, team, 64, 17 * mb, &calls, &threads) &&
               (cpus < 2 ? calls == 1 : calls >= 2),
           "64 blobs, 17 MB, %ld cores: split (%u ranges, %u threads)", cpus, calls, threads);
    CHECKF(calls <= 8, "at most 8 ranges (%u)", calls);
    CHECKF(threads == calls, "one thread per range (%u threads for %u ranges)", threads, calls);
    /* the workers are kept: the same call again runs on the caller and the same workers */
    pthread_t first[MAX_CALLS];
    unsigned first_n = threads;
    memcpy(first, seen_threads, sizeof first);
    size_t workers = kzg_copy_team_workers(team);
    CHECKF(split_is_exact(kzg_parallel_ranges, team, 64, 17 * mb, &calls, &threads) &&
               threads_among(seen_threads, threads, first, first_n) && kzg_copy_team_workers(team) == workers,
           "a second call on the same %zu workers (%u threads)", workers, threads);
    /* no team: the calling thread alone, whatever the data */
    CHECKF(split_is_exact(kzg_parallel_ranges, NULL, 64, 64 * mb, &calls, &threads) && calls == 1 &&
               threads_among(seen_threads, threads, NULL, 0),
           "no team: one range on the calling thread (%u calls)", calls);
    /* fewer indices than threads: no empty ranges */
    CHECKF(split_is_exact(kzg_parallel_ranges, team, 3, 64 * mb, &calls, &threads) && calls <= 3,
           "3 indices, 64 MB: at most 3 ranges (%u)", calls);
    /* many calls in a row with the parts varying: a worker that sits out a round runs nothing */
    int rounds_ok = 1;
    for (unsigned k = 0; k < 300; k++) {
        size_t n = 1 + (k * 37u) % 200u, bytes = (size_t)(k % 9u) * mb + mb / 2;
        rounds_ok &= split_is_exact(kzg_parallel_ranges, team, n, bytes, &calls, &threads);
    }
    CHECKF(rounds_ok, "300 calls of 1 to %d parts in a row: each index once every time", 8);
    /* negative control */
    CHECKF(!split_is_exact(loses_last, team, 64, 17 * mb, &calls, &threads), "the checker catches a lost index");

    unsigned handed;
    for (size_t i = 1; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        CHECKF(pipeline_is_exact(kzg_pipelined_ranges, team, n, 64 * mb, 0, &handed, &threads),
               "pipelined, n = %zu, 64 MB: each index copied once, handed on in order (%u chunks)", n, handed);
        CHECKF(pipeline_is_exact(kzg_pipelined_ranges, team, n, mb / 2, 0, &handed, &threads) && handed == 1,
               "pipelined, n = %zu, 0.5 MB: one chunk on the calling thread (%u)", n, handed);
    }
    CHECKF(pipeline_is_exact(kzg_pipelined_ranges, team, 128, 17 * mb, 0, &handed, &threads) &&
               (cpus < 2 ? handed == 1 : handed >= 4 && threads >= 2),
           "pipelined, 128 blobs, 17 MB, %ld cores: chunks on several threads (%u chunks, %u threads)", cpus, handed,
           threads);
    CHECKF(pipeline_is_exact(kzg_pipelined_ranges, team, 128, 17 * mb, 3, &handed, &threads),
           "pipelined: a failing third hand-on stops the hand-ons, every index still copied (%u)", handed);
    /* counted as 8 cores (a GPU host's copies, whatever this machine has): from three parts
     * the calling thread only hands on, the workers copy every chunk */
    kzg_copy_team_set_cores(team, 8);
    for (size_t i = 1; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        CHECKF(pipeline_is_exact(kzg_pipelined_ranges, team, n, 64 * mb, 0, &handed, &threads),
               "pipelined on 8 parts, n = %zu: each index copied once, handed on in order (%u chunks)", n, handed);
    }
    CHECKF(pipeline_is_exact(kzg_pipelined_ranges, team, 128, 17 * mb, 0, &handed, &threads) && handed == 32 &&
               threads == 7 && caller_copies == 0,
           "pipelined on 8 parts, 128 blobs: 32 chunks copied by the 7 workers, none by the caller (%u chunks, %u "
           "threads, %u on the caller)",
           handed, threads, caller_copies);
    CHECKF(pipeline_is_exact(kzg_pipelined_ranges, team, 128, 17 * mb, 5, &handed, &threads),
           "pipelined on 8 parts: a failing fifth hand-on stops the hand-ons, every index still copied (%u)", handed);
    kzg_copy_team_set_cores(team, 0);
    CHECKF(pipeline_is_exact(kzg_pipelined_ranges, NULL, 128, 17 * mb, 0, &handed, &threads) && handed == 1,
           "pipelined, no team: one chunk on the calling thread (%u)", handed);
    int pipe_rounds_ok = 1;
    for (unsigned k = 0; k < 200; k++) {
        size_t n = 1 + (k * 53u) % 300u, bytes = (size_t)(k % 9u) * mb + mb / 2;
        pipe_rounds_ok &= pipeline_is_exact(kzg_pipelined_ranges, team, n, bytes, 0, &handed, &threads);
    }
    CHECKF(pipe_rounds_ok, "200 pipelined calls of 1 to %d parts in a row: each exact", 8);
    CHECKF(!pipeline_is_exact(hands_on_early, team, 64, 17 * mb, 0, &handed, &threads),
           "the checker catches a chunk handed on before it is copied");
    kzg_copy_team_destroy(team); /* joins the workers (ASan's leak check sees the rest) */
    kzg_copy_team_destroy(NULL);
    return UNIT_DONE();
}
