/* SPDX-License-Identifier: Apache-2.0 */
/* isolation.c — one test in a child process: the policy (process.c is the mechanism).
 *
 * Isolation is fork + exec of gpucheck itself (the hidden `__child` command), not a bare
 * fork: CUDA and several OpenCL drivers cannot be used in a forked child once the parent
 * initialized them, and a fresh process also gets a fresh context after a device fault.
 * The child writes its result to fd 3; its stdout/stderr go to a temporary file that the
 * runner attaches to the result when something went wrong. Here the child's end (exit,
 * signal, deadline, interrupt, a result or none) becomes the test's outcome. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <unistd.h>

#include "device/cache.h"
#include "harness/context.h"
#include "harness/isolation.h"
#include "harness/options.h"
#include "harness/process.h"

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

static void relay_progress(void *user, const gc_process *p) {
    gc_progress_relay *relay = user;
    gc_result_progress_update(&relay->reader, p->result ? p->result : "", p->result_len);
    gc_run_progress now = {gc_now() - relay->t0, relay->budget_s, relay->reader.now};
    pthread_mutex_lock(relay->lock);
    relay->hooks->progress(relay->hooks->user, relay->rep, relay->index, &now);
    pthread_mutex_unlock(relay->lock);
}

#define GC_PROGRESS_PERIOD_S 1.0

/* r: named by the caller (full_name, test); relay: NULL when no one follows its progress. */
void gc_run_isolated(const gc_run_options *opt, const gc_device_info *info, double budget,
                         const volatile sig_atomic_t *stop, gc_progress_relay *relay, gc_result *r) {
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
