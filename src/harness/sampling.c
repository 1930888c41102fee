/* SPDX-License-Identifier: Apache-2.0 */
/* sampling.c — a benchmark's samples: warm-up, then samples until the count, the noise
 * target, the time limit or the budget says stop, optionally with the L2 cache flushed
 * before each, with NVML readings between them and progress told to the runner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/context.h"
#include "harness/options.h"
#include "harness/sampling.h"
#include "harness/telemetry.h"

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

/* The result pipe, in the child process of an isolated test (-1 elsewhere). */
static int result_fd = -1;

void gc_sampling_report_to(int fd) { result_fd = fd; }

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
void gc_run_benchmark(gc_test_ctx *ctx, const gc_test *t, const gc_run_options *opt, gc_result *r) {
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
    gc_nvml *nvml = gc_telemetry_open(ctx, r);
    gc_running_stats run = {0, 0, 0};
    const double t_sampling = gc_ctx_elapsed(ctx);
    said.phase = GC_PROGRESS_SAMPLING;
    tell_progress(&said, &told_at, 1);
    for (;; it++) {
        if (flush && !gc_ctx_step(ctx, "flushing the L2 cache", gc_buffer_fill_byte(flush, (uint8_t)it))) break;
        if (!gc_ctx_step(ctx, "sample", t->sample(ctx, it, &ms, &work))) break;
        gc_telemetry_read(nvml, r);
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
