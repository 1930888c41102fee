/* SPDX-License-Identifier: Apache-2.0 */
/* runner_selftest.c — tests that misbehave towards the runner, one per way a test process
 * could make the parent lie or hang: output without a newline, a forged result, a process
 * left behind, a non-zero exit after the result, bytes that are not UTF-8, long logs and
 * output, a death while a cached binary is loaded; some that show where and when they ran
 * and what parameters they got (several devices, in parallel, --param); and benchmarks with synthetic
 * samples for the sampling rules and `gpucheck compare`. Tagged `manual` (run only when a filter
 * names them); tests/runner.cmake runs each and asserts what the reports say. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "device/cache.h"
#include "gpucheck/gc_harness.h"

static gc_status prints_and_fails(gc_test_ctx *ctx) {
    printf("runner-selftest: this line went to stdout\n");
    fprintf(stderr, "runner-selftest: this line went to stderr\n");
    gc_ctx_fail(ctx, "failing on purpose after printing");
    return GC_OK;
}

/* A progress line without a newline must not glue itself to the result. */
static gc_status prints_without_newline(gc_test_ctx *ctx) {
    printf("progress: 50%%");
    fflush(stdout);
    gc_ctx_fail(ctx, "failing on purpose after a line without a newline");
    return GC_OK;
}

/* A forged record, on stdout and on the result descriptor, then a clean exit. */
static gc_status forges_a_pass(gc_test_ctx *ctx) {
    (void)ctx;
    static const char fake[] = "begin 0\noutcome PASS\nchecks 1\nend\noutcome PASS\nend\n";
    fputs(fake, stdout);
    fflush(stdout);
    if (write(3, fake, sizeof fake - 1) < 0) perror("write fd 3");
    _exit(0);
}

/* Leaves two processes behind: one started through the shell, one forked copy that holds
 * every descriptor the test had (the result pipe among them). */
static gc_status leaves_a_daemon(gc_test_ctx *ctx) {
    if (system("sleep 29.125 &") != 0) gc_ctx_note(ctx, "system() failed");
    pid_t pid = fork();
    if (pid == 0) {
        sleep(30);
        _exit(0);
    }
    gc_ctx_count_checks(ctx, 1);
    return GC_OK;
}

static void exit_23(void) { _exit(23); }

/* Passes, then the process exits 23 — as LeakSanitizer makes a leaking process do. */
static gc_status exits_nonzero_after_result(gc_test_ctx *ctx) {
    atexit(exit_23);
    gc_ctx_count_checks(ctx, 1);
    return GC_OK;
}

static gc_status not_utf8(gc_test_ctx *ctx) {
    printf("output with bytes that are not UTF-8: \xff\xfe\x80 <&> \x01 and a cut sequence \xe2\x82\n");
    gc_ctx_note(ctx, "a note with \xc0\xaf (overlong) and \xed\xa0\x80 (a surrogate)");
    gc_ctx_fail(ctx, "a message with \xff and a cut \xc3");
    return GC_OK;
}

static gc_status long_log_and_output(gc_test_ctx *ctx) {
    char *note = malloc(20001);
    if (!note) return GC_ERR_NO_MEMORY;
    memset(note, 'n', 20000);
    memcpy(note + 20000 - 16, "END-OF-LONG-NOTE", 16);
    note[20000] = '\0';
    gc_ctx_note(ctx, "%s", note);
    free(note);
    printf("START-OF-OUTPUT\n");
    for (int i = 0; i < 400; i++) printf("line %03d of output that fills more than the 8 KiB that are kept\n", i);
    printf("END-OF-OUTPUT\n");
    gc_ctx_fail(ctx, "failing on purpose with a long note and long output");
    return GC_OK;
}

/* Dies while "loading" a cache entry it made itself (a driver that aborts on a binary that
 * passes its checksum). Run with GC_CACHE_DIR set to a scratch directory. */
static gc_status dies_loading_cached_binary(gc_test_ctx *ctx) {
    gc_cache_key key;
    gc_cache_key_compute(&key, "runner_selftest", NULL, 0, "runner_selftest");
    if (gc_cache_put(&key, "not a binary", 12) != GC_OK) {
        gc_ctx_error(ctx, "cannot write a cache entry (is GC_CACHE_DIR writable?)");
        return GC_OK;
    }
    gc_cache_notify_load(&key, 1);
    raise(SIGKILL);
    return GC_OK;
}

static gc_status interrupt_passes(gc_test_ctx *ctx) {
    gc_ctx_count_checks(ctx, 1);
    return GC_OK;
}

/* Runs for 30 s (signals do not shorten it), with a `sleep 31.25` process of its own when
 * its parameter says so: tests/interrupt_check.py stops the run meanwhile. */
static gc_status interrupt_sleeps(gc_test_ctx *ctx) {
    pid_t pid = -1;
    if (gc_ctx_test(ctx)->param) {
        pid = fork();
        if (pid == 0) {
            execlp("sleep", "sleep", "31.25", (char *)NULL);
            _exit(127);
        }
    }
    double t0 = gc_ctx_elapsed(ctx);
    while (gc_ctx_elapsed(ctx) - t0 < 30) usleep(100000);
    if (pid > 0) kill(pid, SIGKILL), waitpid(pid, NULL, 0);
    gc_ctx_count_checks(ctx, 1);
    return GC_OK;
}

/* Says where it ran, and FAILs on a device whose id ends in ":1" (opencl:0:1, cuda:1):
 * a run over several devices must run each device's own copy and report it as that
 * device's, and its exit status must be the worst of them. */
static gc_status fails_on_device_1(gc_test_ctx *ctx) {
    const char *id = gc_ctx_info(ctx)->id;
    size_t n = strlen(id);
    gc_ctx_note(ctx, "ran on %s", id);
    if (n >= 2 && strcmp(id + n - 2, ":1") == 0) gc_ctx_fail(ctx, "failing on purpose on %s", id);
    gc_ctx_count_checks(ctx, 1);
    return GC_OK;
}

/* Holds its device's worker for 2 s and says when, by CLOCK_MONOTONIC, which every process
 * of the machine shares: the tests of two devices in parallel overlap in time, those of
 * devices one after another do not (tests/select_check.py, mode parallel_overlap). */
static gc_status holds_two_seconds(gc_test_ctx *ctx) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    double began = (double)a.tv_sec + 1e-9 * (double)a.tv_nsec, now = began;
    while (now - began < 2.0) {
        usleep(20000);
        clock_gettime(CLOCK_MONOTONIC, &b);
        now = (double)b.tv_sec + 1e-9 * (double)b.tv_nsec;
    }
    gc_ctx_figure(ctx, "began_monotonic_s", began, "s");
    gc_ctx_figure(ctx, "ended_monotonic_s", now, "s");
    gc_ctx_count_checks(ctx, 1);
    return GC_OK;
}

/* Reports the values of its parameters (--param runner_selftest.count=N, .seconds=S) as
 * figures: they must arrive in the test's process as given. */
static gc_status reads_params(gc_test_ctx *ctx) {
    uint64_t count = 0;
    double seconds = 0;
    int have_count = gc_ctx_param_uint(ctx, "count", &count), have_seconds = gc_ctx_param_real(ctx, "seconds", &seconds);
    gc_ctx_figure(ctx, "count", have_count ? (double)count : -1, "");
    gc_ctx_figure(ctx, "seconds", have_seconds ? seconds : -1, "s");
    gc_ctx_count_checks(ctx, 1);
    return GC_OK;
}

/* Synthetic benchmarks: samples made on the host with known numbers (no device work), so
 * that the runner's sampling rules and `gpucheck compare` can be tested exactly. Every
 * sample is multiplied by --param runner_selftest.bench_scale=F (default 1): a "slower build". */
static double bench_scale(gc_test_ctx *ctx) {
    double v = 1.0;
    return gc_ctx_param_real(ctx, "bench_scale", &v) ? v : 1.0;
}

static gc_status bench_validate(gc_test_ctx *ctx) {
    gc_ctx_count_checks(ctx, 1); /* nothing to validate: the numbers are made up */
    return GC_OK;
}

/* 1.000, 1.001, 1.002 ms in turn: a CV of 0.08 %, below any usual noise target. */
static gc_status steady_sample(gc_test_ctx *ctx, unsigned it, double *ms, double *work) {
    *ms = bench_scale(ctx) * (1.0 + 0.001 * (double)(it % 3));
    *work = 1000;
    usleep(2000);
    return GC_OK;
}

/* 1.0 and 1.5 ms in turn (a CV of 20 %), 20 ms apart: only a time limit stops it. */
static gc_status noisy_sample(gc_test_ctx *ctx, unsigned it, double *ms, double *work) {
    *ms = bench_scale(ctx) * (it % 2 ? 1.0 : 1.5);
    *work = 1000;
    usleep(20000);
    return GC_OK;
}

void gc_suite_runner_selftest_register(void) {
#define T(n, fn, what) \
    {.suite = "runner_selftest", .name = n, .tags = "manual", .description = what, .budget_s = 60, .run = fn}
    static const gc_test tests[] = {
        T("prints_and_fails", prints_and_fails, "prints on stdout and stderr, then FAILs: the text is in the log"),
        T("prints_without_newline", prints_without_newline, "prints without a newline, then FAILs: still FAIL"),
        T("forges_a_pass", forges_a_pass, "writes a fake PASS record and exits 0: never PASS"),
        T("leaves_a_daemon", leaves_a_daemon, "leaves processes behind: the run does not wait for them"),
        T("exits_nonzero_after_result", exits_nonzero_after_result,
          "exits 23 after a PASS: a note, and FAIL in a sanitizer build"),
        T("not_utf8", not_utf8, "bytes that are not UTF-8 in its message, log and output"),
        T("long_log_and_output", long_log_and_output, "a 20 kB note and 25 kB of output"),
        T("dies_loading_cached_binary", dies_loading_cached_binary,
          "dies while a cached binary loads: the entry is removed"),
        T("interrupt_a_passes", interrupt_passes, "passes at once (finishes before the interrupt)"),
        {.suite = "runner_selftest", .name = "interrupt_b_sleeps", .tags = "manual", .budget_s = 60,
         .description = "runs 30 s with a child process: interrupted", .param = "spawn", .run = interrupt_sleeps},
        T("interrupt_c_sleeps_quietly", interrupt_sleeps, "runs 30 s (for --no-fork runs that are interrupted)"),
        T("fails_on_device_1", fails_on_device_1, "notes its device; FAILs on a device whose id ends in :1"),
        T("parallel_a_holds", holds_two_seconds, "runs 2 s and reports when (CLOCK_MONOTONIC)"),
        T("parallel_b_holds", holds_two_seconds, "runs 2 s and reports when (CLOCK_MONOTONIC)"),
        T("reads_params", reads_params, "reports --param runner_selftest.count and .seconds as figures"),
        {.suite = "runner_selftest", .name = "bench_steady", .tags = "manual,bench", .budget_s = 30,
         .description = "synthetic samples 1.000/1.001/1.002 ms: meets a noise target", .check = bench_validate,
         .sample = steady_sample, .unit = "ops/s"},
        {.suite = "runner_selftest", .name = "bench_noisy", .tags = "manual,bench", .budget_s = 30,
         .description = "synthetic samples 1.0/1.5 ms: a time limit stops it", .check = bench_validate,
         .sample = noisy_sample, .unit = "ops/s"},
    };
#undef T
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
    static const gc_param_def params[] = {
        {"runner_selftest", "count", GC_PARAM_UINT, 0, 1000, "a count, reported as the figure count"},
        {"runner_selftest", "seconds", GC_PARAM_REAL, 0, 60, "seconds, reported as the figure seconds"},
        {"runner_selftest", "bench_scale", GC_PARAM_REAL, 0, 100, "factor of the synthetic benchmarks' samples"},
    };
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) gc_param_register(&params[i]);
}
