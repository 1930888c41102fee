/* runner.c — runs tests and benchmarks with the harness's discipline.
 *
 * Isolation is fork + exec of gpucheck itself (the hidden `__child` command), not a bare
 * fork: CUDA and several OpenCL drivers cannot be used in a forked child once the parent
 * initialized them, and a fresh process also gets a fresh context after a device fault.
 * The child writes its result to fd 3; its stdout/stderr go to a temporary file that the
 * runner attaches to the result when something went wrong. */
#define _GNU_SOURCE
#include "harness/runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sys/random.h>

#include "device/cache.h"
#include "device/nvml.h"
#include "harness/context.h"
#include "harness/device_plan.h"
#include "harness/options.h"
#include "harness/process.h"
#include "harness/select.h"

/* Cold-cache mode: a buffer of twice the L2 size (nvbench flushes with a memset of the L2
 * size), written on the device before each sample so that the sample finds none of its
 * data in L2. Where the device does not say its L2 size, 64 MiB. */
static gc_buffer *cold_cache_buffer(gc_test_ctx *ctx) {
    const gc_device_info *info = gc_ctx_info(ctx);
    uint64_t bytes = info->l2_cache_bytes ? 2 * info->l2_cache_bytes : (64ull << 20);
    if (info->max_alloc_bytes && bytes > info->max_alloc_bytes) bytes = info->max_alloc_bytes;
    gc_buffer *b = NULL;
    if (!gc_ctx_step(ctx, "allocating the cold-cache flush buffer", gc_ctx_alloc(ctx, (size_t)bytes, GC_MEM_DEVICE, &b)))
        return NULL;
    gc_ctx_note(ctx, "cold cache: %llu bytes written on the device before each sample (L2: %llu bytes%s)",
                (unsigned long long)bytes, (unsigned long long)info->l2_cache_bytes,
                info->l2_cache_bytes ? "" : ", unknown");
    return b;
}

/* NVML readings after each sample, where NVML finds the device; otherwise the reason. */
static gc_nvml *telemetry_open(gc_test_ctx *ctx, gc_result *r) {
    const gc_device_info *info = gc_ctx_info(ctx);
    gc_gpu_telemetry *tm = &r->telemetry;
    if (info->backend != GC_BACKEND_CUDA) {
        snprintf(tm->unavailable, sizeof tm->unavailable, "NVML readings need a CUDA device (this is %s)",
                 gc_backend_name(info->backend));
        return NULL;
    }
    return gc_nvml_open(info->pci_bus_id, tm->unavailable, sizeof tm->unavailable);
}

static void telemetry_read(gc_nvml *n, gc_result *r) {
    gc_gpu_telemetry *tm = &r->telemetry;
    unsigned mhz = 0;
    uint64_t reasons = 0;
    char why[sizeof tm->unavailable];
    if (!n) return;
    if (!gc_nvml_read(n, &mhz, &reasons, why, sizeof why)) {
        if (!tm->available) memcpy(tm->unavailable, why, sizeof why);
        return;
    }
    /* Read between samples, the GPU is idle: that reason says nothing about the sample. */
    reasons &= ~(uint64_t)1;
    if (!tm->readings || mhz < tm->sm_clock_min_mhz) tm->sm_clock_min_mhz = mhz;
    if (!tm->readings || mhz > tm->sm_clock_max_mhz) tm->sm_clock_max_mhz = mhz;
    tm->throttle_reasons |= reasons;
    tm->readings++;
    tm->available = 1;
    tm->unavailable[0] = '\0';
}

/* The result pipe, in the child process of an isolated test (-1 elsewhere). */
static int result_fd = -1;

/* The child tells the runner how far sampling is, for the terminal's progress line: at
 * most ten times a second unless `now_anyway` (a sample may take microseconds, and the
 * pipe should carry little beside the result). In this process (--no-fork) there is no
 * one to tell. */
static void tell_progress(const gc_result_progress *pr, double *told_at, int now_anyway) {
    if (result_fd < 0) return;
    double now = gc_now();
    if (!now_anyway && now - *told_at < 0.1) return;
    *told_at = now;
    gc_result_write_progress(result_fd, pr);
}

static int add_sample(gc_test_ctx *ctx, gc_result *r, unsigned *cap, double ms) {
    if (r->n_samples == *cap) {
        unsigned grown = *cap ? *cap * 2 : 64;
        double *q = realloc(r->samples_ms, grown * sizeof *q);
        if (!q) {
            gc_ctx_error(ctx, "out of memory for %u samples", grown);
            return 0;
        }
        r->samples_ms = q;
        *cap = grown;
    }
    r->samples_ms[r->n_samples++] = ms;
    return 1;
}

/* Sampling: a fixed count (--samples N), or the noise rule: until the coefficient of
 * variation of the samples is at most --max-noise after at least --min-samples (as
 * nvbench's relative-standard-deviation criterion), or --max-time of sampling, or 80 % of
 * the test's budget (kept for teardown and reporting), whichever comes first. How it
 * ended is r->stopped_by. */
static void run_benchmark(gc_test_ctx *ctx, const gc_test *t, const gc_run_options *opt, gc_result *r) {
    if (ctx->failed || ctx->broken || ctx->errored || ctx->skipped) {
        if (ctx->failed || ctx->broken) {
            ctx->failed = 1;
            char msg[sizeof r->reason];
            snprintf(msg, sizeof msg, "VALIDATION FAILED before timing, no numbers reported: %.900s", r->reason);
            memcpy(r->reason, msg, sizeof msg);
        }
        return;
    }
    const int fixed = opt->samples > 0;
    const unsigned want = fixed ? opt->samples : GC_NOISE_MAX_SAMPLES;
    const unsigned min_samples = opt->min_samples ? opt->min_samples : 1;
    /* Time stops a benchmark only after a few samples (fewer make no statistics). */
    const unsigned floor = want < 5 ? want : 5;
    gc_buffer *flush = NULL;
    if (opt->cold_cache && !(flush = cold_cache_buffer(ctx))) return;
    double work = 0, ms = 0;
    unsigned it = 0, cap = 0;
    gc_result_progress said = {GC_PROGRESS_WARMUP, 0, opt->warmup, 0, -1};
    double told_at = 0;
    /* Warm-up: compilation, module load and first-launch costs stay out of the numbers. */
    for (unsigned i = 0; i < opt->warmup; i++, it++) {
        tell_progress(&said, &told_at, 1);
        if (!gc_ctx_step(ctx, "warm-up sample", t->sample(ctx, it, &ms, &work))) return;
        said.warmup_done = i + 1;
    }
    gc_nvml *nvml = telemetry_open(ctx, r);
    gc_running_stats run = {0, 0, 0};
    const double t_sampling = gc_ctx_elapsed(ctx);
    said.phase = GC_PROGRESS_SAMPLING;
    tell_progress(&said, &told_at, 1);
    for (;; it++) {
        if (flush && !gc_ctx_step(ctx, "flushing the L2 cache", gc_buffer_fill_byte(flush, (uint8_t)it))) break;
        if (!gc_ctx_step(ctx, "sample", t->sample(ctx, it, &ms, &work))) break;
        telemetry_read(nvml, r);
        if (!add_sample(ctx, r, &cap, ms)) break;
        gc_running_stats_add(&run, ms);
        unsigned n = r->n_samples;
        double cv = gc_running_stats_cv(&run), now = gc_ctx_elapsed(ctx);
        said.samples = n;
        said.cv = n >= 2 ? cv : -1;
        tell_progress(&said, &told_at, n == 1);
        if (fixed && n >= want) {
            r->stopped_by = GC_STOP_SAMPLE_COUNT;
        } else if (!fixed && n >= min_samples && n >= 2 && cv <= opt->max_noise) {
            r->stopped_by = GC_STOP_NOISE_TARGET;
        } else if (!fixed && n >= want) {
            r->stopped_by = GC_STOP_SAMPLE_CAP;
            gc_ctx_note(ctx, "stopped at the cap of %u samples with a CV of %.2f%%, above the %.2f%% target", n,
                        100 * cv, 100 * opt->max_noise);
        } else if (n >= floor && (now > 0.8 * ctx->budget_s ||
                                  (!fixed && opt->max_time_s > 0 && now - t_sampling > opt->max_time_s))) {
            r->stopped_by = GC_STOP_TIME_BUDGET;
            if (fixed)
                gc_ctx_note(ctx, "stopped after %u of %u samples: 80%% of the %.0f s budget spent", n, want,
                            ctx->budget_s);
            else
                gc_ctx_note(ctx, "stopped after %u samples and %.1f s with a CV of %.2f%%, above the %.2f%% target "
                                 "(limits: --max-time %g s, 80%% of the %.0f s budget)",
                            n, now - t_sampling, 100 * cv, 100 * opt->max_noise, opt->max_time_s, ctx->budget_s);
        } else {
            continue;
        }
        break;
    }
    gc_nvml_close(nvml);
    r->work = work;
    /* The benchmark must count as exercised: its validation compared known answers. */
}

void gc_run_one_inprocess(const gc_test *t, gc_device *dev, const gc_run_options *opt, gc_result *r) {
    gc_test_ctx ctx;
    double t0 = gc_now();
    gc_test_full_name(t, r->full_name, sizeof r->full_name);
    r->test = t;
    r->is_bench = t->sample != NULL;
    gc_ctx_init(&ctx, t, dev, r, opt);
    gc_set_last_error("%s", "");
    int ok = 1;
    if (t->setup) ok = gc_ctx_step(&ctx, "setup", t->setup(&ctx));
    if (ok && t->run) {
        ok = gc_ctx_step(&ctx, "poisoning outputs with the canary", gc_ctx_poison_outputs(&ctx));
        if (ok) ok = gc_ctx_step(&ctx, "run", t->run(&ctx));
    }
    if (ok && t->check) ok = gc_ctx_step(&ctx, "check", t->check(&ctx));
    if (ok && t->sample) run_benchmark(&ctx, t, opt, r);
    if (t->teardown) t->teardown(&ctx);
    gc_ctx_finish(&ctx);
    gc_ctx_release(&ctx);
    if (r->n_samples) {
        gc_stats_compute(r->samples_ms, r->n_samples, &r->stats);
    }
    r->seconds = gc_now() - t0;
}

/* Set by the run's signal handlers (SIGINT, SIGTERM, SIGHUP). */
static volatile sig_atomic_t stop_requested;

/* ---- isolation: the policy (process.c is the mechanism) -------------------------- */

/* A build with AddressSanitizer (GC_SANITIZE): a child that exits non-zero after its
 * result has most likely had a sanitizer report (LeakSanitizer exits 23), a failure. */
#if defined(__SANITIZE_ADDRESS__)
#define GC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GC_SANITIZED 1
#endif
#endif
#ifndef GC_SANITIZED
#define GC_SANITIZED 0
#endif

#define GC_OUTPUT_TAIL 8192

static void make_token(char *hex, size_t len) {
    unsigned char raw[16] = {0};
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) {
        uint64_t x = (uint64_t)getpid() ^ (uint64_t)(gc_now() * 1e9);
        memcpy(raw, &x, sizeof x);
    }
    for (size_t i = 0; i < sizeof raw && 2 * i + 2 < len; i++) snprintf(hex + 2 * i, 3, "%02x", raw[i]);
}

/* The child said it was loading a cached binary when it died: remove that entry (only a
 * file of the cache directory), so that the next run compiles afresh instead of crashing
 * the same way again. */
static void drop_cache_entry(gc_result *r, const char *path) {
    char dir[1024];
    size_t n = strlen(path);
    int ours = gc_cache_dir(dir, sizeof dir) && strncmp(path, dir, strlen(dir)) == 0 && path[strlen(dir)] == '/' &&
               !strchr(path + strlen(dir) + 1, '/') && n > 4 && strcmp(path + n - 4, ".bin") == 0;
    if (!ours) {
        gc_result_log(r, "the test process died while loading the cached binary %s (not removed: not an entry of the "
                         "cache directory)", path);
        return;
    }
    int removed = unlink(path) == 0;
    gc_result_log(r, "the test process died while loading the cached binary %s; %s", path,
                  removed ? "the entry was removed, so the next run compiles afresh"
                          : "removing it failed, remove it by hand or run with --no-cache");
    char was[sizeof r->reason];
    memcpy(was, r->reason, sizeof was);
    gc_result_set_reason(r, "%s (while loading a cached binary; the cache entry was %s)", was,
                         removed ? "removed" : "NOT removed");
}

/* While an isolated test runs: what its process has said of its progress so far, passed on
 * to the progress hook with the time spent (under the run's lock: the hooks of a run are
 * never called at the same time, whichever device's worker calls them). */
typedef struct {
    const gc_run_hooks *hooks;
    const gc_run_report *rep;
    size_t index;
    double t0, budget_s;
    gc_result_progress_reader reader;
    pthread_mutex_t *lock;
} progress_relay;

static void relay_progress(void *user, const gc_process *p) {
    progress_relay *relay = user;
    gc_result_progress_update(&relay->reader, p->result ? p->result : "", p->result_len);
    gc_run_progress now = {gc_now() - relay->t0, relay->budget_s, relay->reader.now};
    pthread_mutex_lock(relay->lock);
    relay->hooks->progress(relay->hooks->user, relay->rep, relay->index, &now);
    pthread_mutex_unlock(relay->lock);
}

#define GC_PROGRESS_PERIOD_S 1.0

/* r: named by the caller (full_name, test); relay: NULL when no one follows its progress. */
static void run_isolated(const gc_run_options *opt, const gc_device_info *info, double budget,
                         const volatile sig_atomic_t *stop, progress_relay *relay, gc_result *r) {
    double t0 = gc_now();
    char token[40], token_env[64], backends_env[64], err[512];
    make_token(token, sizeof token);
    snprintf(token_env, sizeof token_env, "%s=%s", GC_RESULT_TOKEN_ENV, token);
    /* Only the selected device's backend is loaded in the child. */
    snprintf(backends_env, sizeof backends_env, "GC_BACKENDS=%s", gc_backend_name(info->backend));
    const char *env[] = {token_env, backends_env, NULL};
    gc_child_argv_buf args;
    gc_process p;
    if (gc_process_spawn(&p, opt->self_exe, gc_child_argv(&args, opt, r->full_name, info, budget), env, err,
                         sizeof err) != 0) {
        r->outcome = GC_ERROR;
        gc_result_set_reason(r, "%s", err);
        return;
    }
    gc_process_tick tick = {GC_PROGRESS_PERIOD_S, relay_progress, relay};
    if (relay) relay->t0 = t0, relay->budget_s = budget;
    gc_process_wait(&p, t0 + budget, stop, 2.0, relay ? &tick : NULL);
    gc_result_stream st;
    int complete = 0;
    if (p.result_overflow) snprintf(st.error, sizeof st.error, "the result was larger than the runner keeps");
    else complete = gc_result_read(p.result ? p.result : "", p.result_len, token, r, &st);
    int status = p.status;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (p.interrupted) {
        r->outcome = GC_INTERRUPTED;
        gc_result_set_reason(r, "interrupted after %.1f s: the run was stopped by a signal", gc_now() - t0);
    } else if (p.timed_out) {
        r->outcome = GC_TIMEOUT;
        gc_result_set_reason(r, "killed after its budget of %.1f s", budget);
    } else if (WIFSIGNALED(status)) {
        if (complete)
            gc_result_log(r, "the test process reported %s, then died", gc_outcome_name(r->outcome));
        r->outcome = GC_CRASH;
        /* sigdescr_np, not strsignal: other devices' workers may be here at the same time */
        const char *what = sigdescr_np(WTERMSIG(status));
        gc_result_set_reason(r, "the test process died of signal %d (%s)", WTERMSIG(status),
                             what ? what : "unknown signal");
    } else if (!complete) {
        r->outcome = GC_CRASH;
        gc_result_set_reason(r, "the test process exited with status %d without a valid result (%s)", code, st.error);
    } else if (code != 0) {
        if (GC_SANITIZED && (gc_outcome_class_of(r->outcome) != GC_COUNTS_FAILED || r->outcome == GC_INCONCLUSIVE)) {
            gc_result_log(r, "the test process exited with status %d after reporting %s: %s", code,
                          gc_outcome_name(r->outcome), r->reason);
            r->outcome = GC_FAIL;
            gc_result_set_reason(r, "the test process exited with status %d after its result (a sanitizer report? "
                                    "see its output)", code);
        } else {
            gc_result_log(r, "note: the test process exited with status %d after its result", code);
        }
    }
    if (!complete && st.cache_loading[0]) drop_cache_entry(r, st.cache_loading);
    size_t total = 0;
    char *out = gc_process_output_tail(&p, GC_OUTPUT_TAIL, &total);
    if (out && total > GC_OUTPUT_TAIL)
        gc_result_log(r, "output of the test process (%zu bytes; the last %u shown, the first %zu cut):\n%s", total,
                      GC_OUTPUT_TAIL, total - GC_OUTPUT_TAIL, out);
    else if (out)
        gc_result_log(r, "output of the test process (%zu bytes):\n%s", total, out);
    free(out);
    gc_process_release(&p);
    if (r->n_samples) gc_stats_compute(r->samples_ms, r->n_samples, &r->stats);
    r->seconds = gc_now() - t0;
}

/* ---- selection and the whole run -------------------------------------------------- */

/* Interrupts. The first SIGINT, SIGTERM or SIGHUP asks the run to stop: the running child
 * and its process group are killed, reaped, and the test is INTERRUPTED; no new test
 * starts, and the caller writes every report with what finished. A second one exits at
 * once (status 128 + signal), killing the child's group first, writing nothing more. */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction saved_actions[3];

static void on_stop_signal(int sig) {
    if (stop_requested) {
        gc_process_kill_current();
        _exit(128 + sig);
    }
    stop_requested = sig;
    static const char msg[] = "\ngpucheck: interrupted: stopping the run and writing the reports "
                              "(again to exit at once)\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
}

static void catch_stop_signals(int on) {
    for (int i = 0; i < 3; i++) {
        if (on) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_stop_signal;
            sigemptyset(&sa.sa_mask);
            sigaction(stop_signals[i], &sa, &saved_actions[i]);
        } else {
            sigaction(stop_signals[i], &saved_actions[i], NULL);
        }
    }
}

int gc_run_interrupted(void) { return (int)stop_requested; }

/* A test built to fail (gc_test.expect, a mutant) passes when it fails as designed. */
static void judge_expectation(gc_result *r) {
    const gc_outcome want = r->test->expect;
    if (want == GC_PASS) return;
    char why[sizeof r->reason];
    if (r->outcome == want) {
        snprintf(why, sizeof why, "mutant caught: %s as designed: %.900s", gc_outcome_name(want), r->reason);
        r->outcome = GC_PASS;
    } else if (r->outcome == GC_PASS) {
        snprintf(why, sizeof why, "mutant survived: built to be %s, but every check passed", gc_outcome_name(want));
        r->outcome = GC_FAIL;
    } else {
        return;
    }
    memcpy(r->reason, why, sizeof why);
}

static void add_repro(gc_result *r, const gc_run_options *opt) {
    if (r->outcome == GC_PASS || r->outcome == GC_SKIP || r->outcome == GC_MEASURED || r->outcome == GC_INTERRUPTED)
        return;
    /* Every option that changes what a test does goes into the line. */
    char extra[2048] = "";
    size_t o = 0;
    if (opt->scale != GC_DEFAULT_SCALE) o += (size_t)snprintf(extra + o, sizeof extra - o, " --scale %g", opt->scale);
    if (opt->canary != GC_DEFAULT_CANARY) o += (size_t)snprintf(extra + o, sizeof extra - o, " --canary 0x%02X", opt->canary);
    if (opt->timeout_s > 0) o += (size_t)snprintf(extra + o, sizeof extra - o, " --timeout %g", opt->timeout_s);
    if (r->is_bench && opt->samples) o += (size_t)snprintf(extra + o, sizeof extra - o, " --samples %u", opt->samples);
    else if (r->is_bench)
        o += (size_t)snprintf(extra + o, sizeof extra - o, " --min-samples %u --max-noise %g --max-time %g",
                              opt->min_samples, 100 * opt->max_noise, opt->max_time_s);
    if (r->is_bench) o += (size_t)snprintf(extra + o, sizeof extra - o, " --warmup %u%s", opt->warmup,
                                           opt->cold_cache ? " --cold-cache" : "");
    for (size_t i = 0; i < opt->n_params && o < sizeof extra; i++)
        o += (size_t)snprintf(extra + o, sizeof extra - o, " --param %s", opt->params[i]);
    gc_result_log(r, "reproduce alone: %s %s --device %s --seed %llu%s --filter '%s'", opt->argv0,
                  r->is_bench ? "bench" : "run", opt->device_id, (unsigned long long)opt->seed, extra, r->full_name);
}

/* The ratio of a benchmark to its baseline, when both have finished: among the results of
 * one device (a worker touches only its own device's). */
static void baseline_ratios(gc_result *results, size_t n) {
    for (size_t i = 0; i < n; i++) {
        gc_result *r = &results[i];
        if (!r->test->baseline || !r->n_samples) continue;
        for (size_t j = 0; j < n; j++) {
            gc_result *b = &results[j];
            if (b->n_samples && b->device == r->device && b->repetition == r->repetition &&
                strcmp(b->test->suite, r->test->suite) == 0 &&
                strcmp(b->test->name, r->test->baseline) == 0 && b->stats.median > 0)
                r->ratio_to_baseline = r->stats.median / b->stats.median;
        }
    }
}

/* The test's own run, after requires() let it: the run's time budget, then in this process
 * (--no-fork) or isolated. */
static void run_one(const gc_test *t, const gc_run_options *opt, const gc_device_info *device, gc_device **dev,
                    double t0, progress_relay *relay, gc_result *r) {
    if (opt->time_budget_s > 0 && gc_now() - t0 > opt->time_budget_s) {
        r->outcome = GC_SKIP;
        gc_result_set_reason(r, "not run: the run's time budget of %.0f s was spent", opt->time_budget_s);
        return;
    }
    double budget = gc_test_budget(t, opt);
    if (opt->no_fork) {
        if (!*dev) {
            gc_status st = gc_device_open(opt->device_index, dev);
            if (st != GC_OK) {
                r->outcome = GC_ERROR;
                gc_result_set_reason(r, "opening %s: %s: %s", opt->device_id, gc_status_name(st), gc_last_error());
                return;
            }
        }
        gc_run_one_inprocess(t, *dev, opt, r);
    } else {
        run_isolated(opt, device, budget, &stop_requested, relay, r);
    }
    judge_expectation(r);
    add_repro(r, opt);
}

/* Did this result end the run under -x (--fail-fast)? An INTERRUPTED test ends it anyway. */
static int stops_fail_fast(const gc_run_options *opt, const gc_result *r) {
    return opt->fail_fast && gc_outcome_class_of(r->outcome) == GC_COUNTS_FAILED && r->outcome != GC_INTERRUPTED;
}

/* ---- the run: a worker per device, in parallel or one after another ---------------- *
 *
 * While the run goes, rep->results holds a block of `per_device` slots for each device,
 * in the run's device order; a device's worker alone writes its block, one slot per test
 * and repetition in registration order. When every worker has ended, the blocks are
 * closed up into the report's order (device by device), so that each report has its
 * sections in the order given whatever order the tests finished in. Everything the
 * workers share is under `lock`: the hooks (never called at the same time), requires()
 * (a test's may use static buffers), rep's counts, and the cursor of the hook that gets
 * the results in the report's order. */
typedef struct {
    const gc_run_options *opt;
    gc_run_report *rep;
    const gc_run_hooks *hooks;
    const gc_test **tests; /* the selected tests, in registration order */
    size_t n_tests;
    unsigned repeat;
    size_t per_device;     /* n_tests * repeat */
    int bench;
    double t0;
    pthread_mutex_t lock;
    atomic_int stop_all;   /* -x: a test did not pass, no device starts another */
    size_t done[GC_MAX_RUN_DEVICES]; /* results of each device so far */
    int over[GC_MAX_RUN_DEVICES];    /* its worker has ended */
    size_t next_device, next_k, next_number; /* the `ordered` hook's cursor */
} run_state;

typedef struct {
    run_state *s;
    size_t d;
} device_worker;

static int run_stopping(run_state *s) { return stop_requested || atomic_load(&s->stop_all); }

/* Under the lock: results that are final, with every result before them in the report's
 * order final too, go to the `ordered` hook (TAP numbers them so). */
static void release_in_order(run_state *s) {
    const gc_run_hooks *h = s->hooks;
    while (s->next_device < s->rep->n_devices) {
        size_t d = s->next_device;
        if (s->next_k < s->done[d]) {
            size_t slot = d * s->per_device + s->next_k++;
            s->next_number++;
            if (h && h->ordered) h->ordered(h->user, s->rep, slot, s->next_number);
        } else if (s->over[d]) {
            s->next_device++;
            s->next_k = 0;
        } else {
            break;
        }
    }
}

/* One device: every selected test, each --repeat times in a row, one after another. */
static void run_device(run_state *s, size_t d) {
    gc_run_report *rep = s->rep;
    const gc_run_options *opt = s->opt;
    const gc_run_hooks *h = s->hooks;
    gc_run_options on = *opt; /* the options as a test on this device sees them */
    on.device_index = opt->n_devices ? opt->devices[d] : opt->device_index;
    on.device_id = rep->devices[d]->id;
    gc_device *dev = NULL;
    gc_result *block = rep->results + d * s->per_device;
    size_t used = 0;
    for (size_t i = 0; i < s->n_tests && !run_stopping(s); i++) {
        const gc_test *t = s->tests[i];
        for (unsigned k = 1; k <= s->repeat && !run_stopping(s); k++) {
            size_t slot = d * s->per_device + used;
            gc_result *r = &block[used];
            gc_test_full_name(t, r->full_name, sizeof r->full_name);
            r->test = t;
            r->is_bench = t->sample != NULL;
            r->device = rep->devices[d];
            r->repetition = k;
            pthread_mutex_lock(&s->lock);
            r->started_s = gc_now() - s->t0;
            /* requires() may answer from a static buffer: read and copied under the lock */
            const char *why = t->requires ? t->requires(t, rep->devices[d]) : NULL;
            if (why) {
                r->outcome = GC_SKIP;
                gc_result_set_reason(r, "%s", why);
            }
            if (h && h->started) h->started(h->user, rep, slot);
            pthread_mutex_unlock(&s->lock);
            /* A test that finished keeps its result; in this process (--no-fork) a test is
             * never cut short, the signal stops the run after it. */
            progress_relay relay = {h, rep, slot, 0, 0, {{GC_PROGRESS_NONE, 0, 0, 0, -1}, 0, 0}, &s->lock};
            if (!why) run_one(t, &on, rep->devices[d], &dev, s->t0, h && h->progress ? &relay : NULL, r);
            pthread_mutex_lock(&s->lock);
            r->finished_s = gc_now() - s->t0;
            s->done[d] = ++used;
            baseline_ratios(block, used);
            if (stops_fail_fast(opt, r)) {
                rep->stopped_by_fail_fast = 1;
                atomic_store(&s->stop_all, 1);
            }
            rep->n++;
            rep->seconds = gc_now() - s->t0;
            if (h && h->finished) h->finished(h->user, rep, slot);
            release_in_order(s);
            pthread_mutex_unlock(&s->lock);
        }
    }
    gc_device_close(dev);
    pthread_mutex_lock(&s->lock);
    s->over[d] = 1;
    release_in_order(s);
    pthread_mutex_unlock(&s->lock);
}

static void *device_worker_main(void *arg) {
    device_worker *w = arg;
    run_device(w->s, w->d);
    return NULL;
}

/* The blocks closed up: device by device, each in its order. */
static void close_up_blocks(run_state *s) {
    gc_run_report *rep = s->rep;
    size_t o = 0;
    for (size_t d = 0; d < rep->n_devices; d++)
        for (size_t k = 0; k < s->done[d]; k++, o++) {
            size_t from = d * s->per_device + k;
            if (from == o) continue;
            rep->results[o] = rep->results[from];
            memset(&rep->results[from], 0, sizeof rep->results[from]);
        }
    rep->n = o;
}

/* In parallel, a worker thread per device; one that cannot be started runs its device here,
 * after the others have started (so the run still happens, only less at once). */
static void run_devices_parallel(run_state *s) {
    size_t n = s->rep->n_devices;
    pthread_t threads[GC_MAX_RUN_DEVICES];
    device_worker workers[GC_MAX_RUN_DEVICES];
    int started[GC_MAX_RUN_DEVICES] = {0};
    for (size_t d = 0; d < n; d++) {
        workers[d] = (device_worker){s, d};
        started[d] = pthread_create(&threads[d], NULL, device_worker_main, &workers[d]) == 0;
    }
    for (size_t d = 0; d < n; d++)
        if (!started[d]) run_device(s, d);
    for (size_t d = 0; d < n; d++)
        if (started[d]) pthread_join(threads[d], NULL);
}

gc_status gc_run_selected(const gc_run_options *opt, gc_run_report *rep, const gc_run_hooks *hooks) {
    memset(rep, 0, sizeof *rep);
    rep->opt = opt;
    /* The run's devices: the list (--device LIST, all), else the one device. */
    rep->n_devices = opt->n_devices ? opt->n_devices : 1;
    for (size_t d = 0; d < rep->n_devices; d++)
        rep->devices[d] = gc_device_info_at(opt->n_devices ? opt->devices[d] : opt->device_index);
    rep->device = rep->devices[0];
    time_t now = time(NULL);
    strftime(rep->started_at, sizeof rep->started_at, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    if (gethostname(rep->host, sizeof rep->host - 1) != 0) rep->host[0] = '\0';
    run_state *s = calloc(1, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    s->opt = opt;
    s->rep = rep;
    s->hooks = hooks;
    s->bench = opt->command && strcmp(opt->command, "bench") == 0;
    s->repeat = opt->repeat ? opt->repeat : 1;
    s->tests = calloc(gc_test_count() + 1, sizeof *s->tests);
    if (!s->tests) {
        free(s);
        return GC_ERR_NO_MEMORY;
    }
    for (size_t i = 0; i < gc_test_count(); i++)
        if (gc_test_selected(gc_test_at(i), opt, s->bench)) s->tests[s->n_tests++] = gc_test_at(i);
    s->per_device = s->n_tests * s->repeat;
    rep->n_selected = s->per_device * rep->n_devices;
    rep->results = calloc(rep->n_selected ? rep->n_selected : 1, sizeof *rep->results);
    if (!rep->results) {
        free(s->tests);
        free(s);
        return GC_ERR_NO_MEMORY;
    }
    rep->devices_parallel = gc_devices_parallel(rep->devices, rep->n_devices, s->bench, opt->serial_devices,
                                                opt->no_fork, rep->devices_serial_reason,
                                                sizeof rep->devices_serial_reason);
    pthread_mutex_init(&s->lock, NULL);
    atomic_init(&s->stop_all, 0);
    s->t0 = gc_now();
    stop_requested = 0;
    catch_stop_signals(1);
    if (rep->devices_parallel) {
        run_devices_parallel(s);
    } else {
        /* One device after another: all of the first device's tests, then the next's. */
        for (size_t d = 0; d < rep->n_devices && !run_stopping(s); d++) run_device(s, d);
    }
    /* Devices never reached (an interrupt, -x) have nothing to release. */
    for (size_t d = 0; d < rep->n_devices; d++) s->over[d] = 1;
    release_in_order(s);
    rep->interrupted_by = (int)stop_requested;
    catch_stop_signals(0);
    close_up_blocks(s);
    baseline_ratios(rep->results, rep->n);
    rep->seconds = gc_now() - s->t0;
    pthread_mutex_destroy(&s->lock);
    free(s->tests);
    free(s);
    return GC_OK;
}

void gc_run_report_free(gc_run_report *rep) {
    for (size_t i = 0; i < rep->n; i++) gc_result_free(&rep->results[i]);
    free(rep->results);
    rep->results = NULL;
    rep->n = 0;
}

static void cache_load_hook(const char *entry_path, int loading) {
    if (result_fd >= 0) gc_result_write_cache_load(result_fd, loading ? entry_path : NULL);
}

int gc_child_main(const gc_run_options *opt, const char *full_name) {
    /* The token proves that a record comes from here, not from text a test wrote; the
     * test cannot read it from the environment, and processes it starts do not inherit
     * the result pipe. */
    char token[64] = "";
    const char *tok = getenv(GC_RESULT_TOKEN_ENV);
    if (tok) snprintf(token, sizeof token, "%s", tok);
    unsetenv(GC_RESULT_TOKEN_ENV);
    if (fcntl(GC_RESULT_FD, F_SETFD, FD_CLOEXEC) == 0) result_fd = GC_RESULT_FD;
    gc_cache_set_load_hook(cache_load_hook);
    const gc_test *t = NULL;
    char name[GC_TEST_NAME_MAX + 1];
    for (size_t i = 0; i < gc_test_count() && !t; i++) {
        gc_test_full_name(gc_test_at(i), name, sizeof name);
        if (strcmp(name, full_name) == 0) t = gc_test_at(i);
    }
    gc_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.full_name, sizeof r.full_name, "%s", full_name);
    gc_device *dev = NULL;
    if (!t) {
        r.outcome = GC_ERROR;
        gc_result_set_reason(&r, "no test named %s", full_name);
    } else {
        gc_status st = gc_device_open(opt->device_index, &dev);
        if (st != GC_OK) {
            r.outcome = GC_ERROR;
            gc_result_set_reason(&r, "opening %s: %s: %s", opt->device_id, gc_status_name(st), gc_last_error());
        } else {
            gc_run_one_inprocess(t, dev, opt, &r);
        }
    }
    fflush(NULL); /* the test's own output goes out before its result */
    int ok = result_fd >= 0 && gc_result_write(result_fd, token, &r);
    gc_result_free(&r);
    gc_device_close(dev);
    return ok ? 0 : 3;
}
