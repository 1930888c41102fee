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
#include <fnmatch.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/context.h"

int gc_test_selected(const gc_test *t, const char *glob, int bench) {
    if ((t->sample != NULL) != (bench != 0)) return 0;
    /* Tests tagged `manual` (e.g. the harness self-tests, which must not pass) run only
     * when a filter names them. */
    if (!glob || !*glob) return !(t->tags && strstr(t->tags, "manual"));
    char full[192];
    gc_test_full_name(t, full, sizeof full);
    return fnmatch(glob, full, 0) == 0 || fnmatch(glob, t->suite, 0) == 0;
}

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
    unsigned warmup = opt->warmup, samples = opt->samples ? opt->samples : 20;
    r->samples_ms = calloc(samples, sizeof *r->samples_ms);
    if (!r->samples_ms) {
        gc_ctx_error(ctx, "out of memory for %u samples", samples);
        return;
    }
    double work = 0, ms = 0;
    unsigned it = 0;
    /* Warm-up: compilation, module load and first-launch costs stay out of the numbers. */
    for (unsigned i = 0; i < warmup; i++, it++)
        if (!gc_ctx_step(ctx, "warm-up sample", t->sample(ctx, it, &ms, &work))) return;
    for (unsigned i = 0; i < samples; i++, it++) {
        if (!gc_ctx_step(ctx, "sample", t->sample(ctx, it, &ms, &work))) return;
        r->samples_ms[r->n_samples++] = ms;
        /* Leave room for teardown and reporting within the budget. */
        if (r->n_samples >= 5 && gc_ctx_elapsed(ctx) > 0.8 * ctx->budget_s) {
            gc_ctx_note(ctx, "stopped after %u of %u samples: 80%% of the %.0f s budget spent", r->n_samples,
                        samples, ctx->budget_s);
            break;
        }
    }
    r->work = work;
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

/* ---- isolation ------------------------------------------------------------------ */

static char *read_file_tail(const char *path, size_t max) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    if (size <= 0) {
        fclose(f);
        return NULL;
    }
    long start = size > (long)max ? size - (long)max : 0;
    fseek(f, start, SEEK_SET);
    char *buf = malloc((size_t)(size - start) + 1);
    size_t n = buf ? fread(buf, 1, (size_t)(size - start), f) : 0;
    if (buf) buf[n] = '\0';
    fclose(f);
    return buf;
}

static void fmt_double(char *buf, size_t len, double v) { snprintf(buf, len, "%.17g", v); }

static void run_isolated(const gc_test *t, const gc_run_options *opt, const gc_device_info *info, double budget,
                         gc_result *r) {
    double t0 = gc_now();
    gc_test_full_name(t, r->full_name, sizeof r->full_name);
    r->test = t;
    r->is_bench = t->sample != NULL;
    int pfd[2] = {-1, -1};
    char outpath[] = "/tmp/gpucheck-child-XXXXXX";
    int outfd = mkstemp(outpath);
    if (outfd < 0 || pipe2(pfd, O_CLOEXEC) != 0) {
        r->outcome = GC_ERROR;
        snprintf(r->reason, sizeof r->reason, "cannot create the child's pipe or output file: %s", strerror(errno));
        if (outfd >= 0) close(outfd), unlink(outpath);
        return;
    }
    char seed[32], canary[8], scale[40], samples[16], warmup[16], timeout[40];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)opt->seed);
    snprintf(canary, sizeof canary, "%u", opt->canary);
    fmt_double(scale, sizeof scale, opt->scale);
    snprintf(samples, sizeof samples, "%u", opt->samples);
    snprintf(warmup, sizeof warmup, "%u", opt->warmup);
    fmt_double(timeout, sizeof timeout, budget);
    const char *argv[24];
    int a = 0;
    argv[a++] = opt->self_exe;
    argv[a++] = "__child";
    argv[a++] = "--test";
    argv[a++] = r->full_name;
    argv[a++] = "--device";
    argv[a++] = info->id;
    argv[a++] = "--device-name";
    argv[a++] = info->name;
    argv[a++] = "--seed";
    argv[a++] = seed;
    argv[a++] = "--canary";
    argv[a++] = canary;
    argv[a++] = "--scale";
    argv[a++] = scale;
    argv[a++] = "--samples";
    argv[a++] = samples;
    argv[a++] = "--warmup";
    argv[a++] = warmup;
    argv[a++] = "--timeout";
    argv[a++] = timeout;
    if (opt->no_cache) argv[a++] = "--no-cache";
    argv[a] = NULL;

    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        dup2(pfd[1], 3); /* dup2 clears FD_CLOEXEC on the new descriptor */
        dup2(outfd, STDOUT_FILENO);
        dup2(outfd, STDERR_FILENO);
        /* Only the selected device's backend is loaded in the child. */
        setenv("GC_BACKENDS", gc_backend_name(info->backend), 1);
        execv(opt->self_exe, (char *const *)argv);
        _exit(127);
    }
    close(pfd[1]);
    close(outfd);
    if (pid < 0) {
        r->outcome = GC_ERROR;
        snprintf(r->reason, sizeof r->reason, "fork failed: %s", strerror(errno));
        close(pfd[0]);
        unlink(outpath);
        return;
    }
    setpgid(pid, pid); /* also here, so the kill below cannot miss the group */

    char *text = NULL;
    size_t len = 0;
    int status = 0, exited = 0, timed_out = 0, pipe_open = 1;
    while (!exited) {
        struct pollfd p = {pfd[0], POLLIN, 0};
        int pr = pipe_open ? poll(&p, 1, 50) : (usleep(20000), 0);
        if (pr > 0) {
            char buf[65536];
            ssize_t n = read(pfd[0], buf, sizeof buf);
            if (n > 0) {
                char *q = realloc(text, len + (size_t)n + 1);
                if (q) {
                    text = q;
                    memcpy(text + len, buf, (size_t)n);
                    len += (size_t)n;
                    text[len] = '\0';
                }
            } else {
                pipe_open = 0;
            }
        }
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) exited = 1;
        else if (gc_now() - t0 > budget) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            timed_out = 1;
            exited = 1;
        }
    }
    /* Drain what the child wrote just before exiting. */
    for (;;) {
        char buf[65536];
        ssize_t n = pipe_open ? read(pfd[0], buf, sizeof buf) : 0;
        if (n <= 0) break;
        char *q = realloc(text, len + (size_t)n + 1);
        if (!q) break;
        text = q;
        memcpy(text + len, buf, (size_t)n);
        len += (size_t)n;
        text[len] = '\0';
    }
    close(pfd[0]);
    int complete = text ? gc_result_read(text, r) : 0;
    free(text);
    if (timed_out) {
        r->outcome = GC_TIMEOUT;
        snprintf(r->reason, sizeof r->reason, "killed after its budget of %.1f s", budget);
    } else if (WIFSIGNALED(status)) {
        r->outcome = GC_CRASH;
        snprintf(r->reason, sizeof r->reason, "the test process died of signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    } else if (!complete) {
        r->outcome = GC_CRASH;
        snprintf(r->reason, sizeof r->reason, "the test process exited with status %d without a result",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    if (r->outcome != GC_PASS && r->outcome != GC_SKIP) {
        char *out = read_file_tail(outpath, 8192);
        if (out && *out) gc_result_log(r, "output of the test process (last 8 KiB):\n%s", out);
        free(out);
    }
    unlink(outpath);
    if (r->n_samples) gc_stats_compute(r->samples_ms, r->n_samples, &r->stats);
    r->seconds = gc_now() - t0;
}

/* ---- selection and the whole run -------------------------------------------------- */

static void progress(size_t i, size_t n, const char *name) {
    static int tty = -1;
    if (tty < 0) tty = isatty(STDERR_FILENO);
    if (!tty) return;
    if (name) fprintf(stderr, "\r\033[K[%zu/%zu] %s", i + 1, n, name);
    else fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

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
    if (r->outcome == GC_PASS || r->outcome == GC_SKIP) return;
    /* Every option that changes what a test does goes into the line. */
    char extra[256] = "";
    size_t o = 0;
    if (opt->scale != 1.0) o += (size_t)snprintf(extra + o, sizeof extra - o, " --scale %g", opt->scale);
    if (opt->canary != 0xAA) o += (size_t)snprintf(extra + o, sizeof extra - o, " --canary 0x%02X", opt->canary);
    if (opt->timeout_s > 0) o += (size_t)snprintf(extra + o, sizeof extra - o, " --timeout %g", opt->timeout_s);
    if (r->is_bench) snprintf(extra + o, sizeof extra - o, " --samples %u --warmup %u", opt->samples, opt->warmup);
    gc_result_log(r, "reproduce alone: %s %s --device %s --seed %llu%s --filter '%s'", opt->argv0,
                  r->is_bench ? "bench" : "run", opt->device_id, (unsigned long long)opt->seed, extra, r->full_name);
}

gc_status gc_run_selected(const gc_run_options *opt, gc_run_report *rep) {
    memset(rep, 0, sizeof *rep);
    rep->opt = opt;
    rep->device = gc_device_info_at(opt->device_index);
    time_t now = time(NULL);
    strftime(rep->started_at, sizeof rep->started_at, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    int bench = opt->command && strcmp(opt->command, "bench") == 0;
    size_t n = 0;
    for (size_t i = 0; i < gc_test_count(); i++) n += gc_test_selected(gc_test_at(i), opt->filter, bench);
    rep->results = calloc(n ? n : 1, sizeof *rep->results);
    if (!rep->results) return GC_ERR_NO_MEMORY;
    gc_device *dev = NULL;
    double t0 = gc_now();
    for (size_t i = 0; i < gc_test_count(); i++) {
        const gc_test *t = gc_test_at(i);
        if (!gc_test_selected(t, opt->filter, bench)) continue;
        gc_result *r = &rep->results[rep->n++];
        gc_test_full_name(t, r->full_name, sizeof r->full_name);
        r->test = t;
        r->is_bench = bench;
        progress(rep->n - 1, n, r->full_name);
        const char *why = t->requires ? t->requires(t, rep->device) : NULL;
        if (why) {
            r->outcome = GC_SKIP;
            snprintf(r->reason, sizeof r->reason, "%s", why);
            continue;
        }
        if (opt->time_budget_s > 0 && gc_now() - t0 > opt->time_budget_s) {
            r->outcome = GC_SKIP;
            snprintf(r->reason, sizeof r->reason, "not run: the run's time budget of %.0f s was spent",
                     opt->time_budget_s);
            continue;
        }
        double budget = opt->timeout_s > 0 ? opt->timeout_s : (t->budget_s > 0 ? t->budget_s : 60.0);
        if (opt->no_fork) {
            if (!dev) {
                gc_status st = gc_device_open(opt->device_index, &dev);
                if (st != GC_OK) {
                    r->outcome = GC_ERROR;
                    snprintf(r->reason, sizeof r->reason, "opening %s: %s: %s", opt->device_id, gc_status_name(st),
                             gc_last_error());
                    continue;
                }
            }
            gc_run_one_inprocess(t, dev, opt, r);
        } else {
            run_isolated(t, opt, rep->device, budget, r);
        }
        judge_expectation(r);
        add_repro(r, opt);
    }
    progress(0, 0, NULL);
    gc_device_close(dev);
    /* Ratios to each benchmark's baseline, measured in this same run. */
    for (size_t i = 0; i < rep->n; i++) {
        gc_result *r = &rep->results[i];
        if (!r->test->baseline || !r->n_samples) continue;
        for (size_t j = 0; j < rep->n; j++) {
            gc_result *b = &rep->results[j];
            if (b->n_samples && strcmp(b->test->suite, r->test->suite) == 0 &&
                strcmp(b->test->name, r->test->baseline) == 0 && b->stats.median > 0)
                r->ratio_to_baseline = r->stats.median / b->stats.median;
        }
    }
    rep->seconds = gc_now() - t0;
    return GC_OK;
}

void gc_run_report_free(gc_run_report *rep) {
    for (size_t i = 0; i < rep->n; i++) gc_result_free(&rep->results[i]);
    free(rep->results);
    rep->results = NULL;
    rep->n = 0;
}

int gc_child_main(const gc_run_options *opt, const char *full_name) {
    const gc_test *t = NULL;
    char name[192];
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
        snprintf(r.reason, sizeof r.reason, "no test named %s", full_name);
    } else {
        gc_status st = gc_device_open(opt->device_index, &dev);
        if (st != GC_OK) {
            r.outcome = GC_ERROR;
            snprintf(r.reason, sizeof r.reason, "opening %s: %s: %s", opt->device_id, gc_status_name(st),
                     gc_last_error());
        } else {
            gc_run_one_inprocess(t, dev, opt, &r);
        }
    }
    int ok = gc_result_write(3, &r);
    gc_result_free(&r);
    gc_device_close(dev);
    return ok ? 0 : 3;
}
