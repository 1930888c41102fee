/* SPDX-License-Identifier: Apache-2.0 */
/* context.c — what a test can do through its gc_test_ctx: seeded randomness, harness-owned
 * device memory (outputs canary-filled), module builds with their logs kept. */
#define _GNU_SOURCE
#include "harness/context.h"
#include "common/clock.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double gc_now(void) { return gc_clock_ms() / 1e3; }

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void gc_ctx_init(gc_test_ctx *ctx, const gc_test *t, gc_device *dev, gc_result *r, const gc_run_options *opt) {
    memset(ctx, 0, sizeof *ctx);
    ctx->test = t;
    ctx->dev = dev;
    ctx->result = r;
    ctx->opt = opt;
    /* Seed from the run's seed and the test's full name, so a test reproduces alone. */
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char *p = r->full_name; *p; p++) h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
    uint64_t x = opt->seed ^ h;
    for (int i = 0; i < 4; i++) ctx->rng[i] = splitmix64(&x);
    ctx->budget_s = gc_test_budget(t, opt);
    ctx->t0 = gc_now();
}

void gc_ctx_release(gc_test_ctx *ctx) {
    for (size_t i = 0; i < ctx->n_kernels; i++) gc_kernel_free(ctx->kernels[i]);
    for (size_t i = 0; i < ctx->n_modules; i++) gc_module_free(ctx->modules[i]);
    for (size_t i = 0; i < ctx->n_buffers; i++) gc_buffer_free(ctx->buffers[i]);
    for (size_t i = 0; i < ctx->n_mallocs; i++) free(ctx->mallocs[i]);
    ctx->n_kernels = ctx->n_modules = ctx->n_buffers = ctx->n_outputs = ctx->n_mallocs = 0;
}

gc_device *gc_ctx_device(gc_test_ctx *ctx) { return ctx->dev; }
const gc_device_info *gc_ctx_info(gc_test_ctx *ctx) { return gc_device_get_info(ctx->dev); }
const gc_test *gc_ctx_test(gc_test_ctx *ctx) { return ctx->test; }
void *gc_ctx_state(gc_test_ctx *ctx) { return ctx->state; }
void gc_ctx_set_state(gc_test_ctx *ctx, void *state) { ctx->state = state; }
double gc_ctx_scale(gc_test_ctx *ctx) { return ctx->opt->scale > 0 ? ctx->opt->scale : 1.0; }
uint64_t gc_ctx_seed(gc_test_ctx *ctx) { return ctx->opt->seed; }
uint8_t gc_ctx_canary(gc_test_ctx *ctx) { return ctx->opt->canary; }
double gc_ctx_elapsed(gc_test_ctx *ctx) { return gc_now() - ctx->t0; }
double gc_ctx_budget(gc_test_ctx *ctx) { return ctx->budget_s; }

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gc_ctx_rand_u64(gc_test_ctx *ctx) {
    uint64_t *s = ctx->rng;
    uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}

uint32_t gc_ctx_rand_u32(gc_test_ctx *ctx) { return (uint32_t)(gc_ctx_rand_u64(ctx) >> 32); }

void gc_ctx_rand_bytes(gc_test_ctx *ctx, void *dst, size_t n) {
    uint8_t *p = dst;
    while (n > 0) {
        uint64_t v = gc_ctx_rand_u64(ctx);
        size_t take = n < 8 ? n : 8;
        memcpy(p, &v, take);
        p += take;
        n -= take;
    }
}

static int track(void **arr, size_t *n, void *obj) {
    if (*n == GC_CTX_MAX_OBJECTS) return 0;
    arr[(*n)++] = obj;
    return 1;
}

gc_status gc_ctx_alloc(gc_test_ctx *ctx, size_t bytes, gc_mem_kind kind, gc_buffer **out) {
    gc_status st = gc_buffer_alloc(ctx->dev, bytes, kind, out);
    if (st != GC_OK) return st;
    if (!track((void **)ctx->buffers, &ctx->n_buffers, *out)) {
        gc_buffer_free(*out);
        *out = NULL;
        return GC_ERR_NO_MEMORY;
    }
    return GC_OK;
}

gc_status gc_ctx_alloc_output(gc_test_ctx *ctx, size_t bytes, gc_buffer **out) {
    gc_status st = gc_ctx_alloc(ctx, bytes, GC_MEM_DEVICE, out);
    if (st != GC_OK) return st;
    if (!track((void **)ctx->outputs, &ctx->n_outputs, *out)) return GC_ERR_NO_MEMORY;
    return gc_buffer_fill_byte(*out, ctx->opt->canary);
}

gc_status gc_ctx_alloc_input(gc_test_ctx *ctx, size_t bytes, const void *init, gc_buffer **out) {
    gc_status st = gc_ctx_alloc(ctx, bytes, GC_MEM_DEVICE, out);
    if (st != GC_OK || !init) return st;
    return gc_buffer_write(*out, 0, init, bytes);
}

gc_status gc_ctx_poison_outputs(gc_test_ctx *ctx) {
    for (size_t i = 0; i < ctx->n_outputs; i++) {
        gc_status st = gc_buffer_fill_byte(ctx->outputs[i], ctx->opt->canary);
        if (st != GC_OK) return st;
    }
    return GC_OK;
}

void *gc_ctx_malloc(gc_test_ctx *ctx, size_t bytes) {
    void *p = calloc(1, bytes ? bytes : 1);
    if (p && !track(ctx->mallocs, &ctx->n_mallocs, p)) {
        free(p);
        return NULL;
    }
    return p;
}

/* Builds from an embedded source (text == NULL) or from text; the module is the
 * harness's, and a failure leaves the compiler log in the test's report. */
static gc_status build_module(gc_test_ctx *ctx, const char *name, const char *text, const char *const *defines,
                              size_t n_defines, gc_module **out) {
    gc_build_options bo = {defines, n_defines, ctx->opt->no_cache};
    char *log = NULL;
    gc_status st = text ? gc_module_build_text(ctx->dev, name, text, &bo, out, &log)
                        : gc_module_build(ctx->dev, name, &bo, out, &log);
    if (st != GC_OK) {
        gc_result_log(ctx->result, "building %s failed: %s: %s", name, gc_status_name(st), gc_last_error());
        for (size_t i = 0; i < n_defines; i++) gc_result_log(ctx->result, "  define %s", defines[i]);
        if (log && *log) gc_result_log(ctx->result, "compiler log:\n%s", log);
    }
    free(log);
    if (st == GC_OK && !track((void **)ctx->modules, &ctx->n_modules, *out)) {
        gc_module_free(*out);
        *out = NULL;
        return GC_ERR_NO_MEMORY;
    }
    return st;
}

static gc_status get_kernel(gc_test_ctx *ctx, const char *name, const char *text, const char *const *defines,
                            size_t n_defines, const char *kernel_name, gc_kernel **out) {
    gc_module *m = NULL;
    *out = NULL;
    gc_status st = build_module(ctx, name, text, defines, n_defines, &m);
    if (st != GC_OK) return st;
    st = gc_kernel_get(m, kernel_name, out);
    if (st != GC_OK) {
        gc_result_log(ctx->result, "kernel %s not found in %s: %s", kernel_name, name, gc_last_error());
        return st;
    }
    if (!track((void **)ctx->kernels, &ctx->n_kernels, *out)) {
        gc_kernel_free(*out);
        *out = NULL;
        return GC_ERR_NO_MEMORY;
    }
    return GC_OK;
}

gc_status gc_ctx_build(gc_test_ctx *ctx, const char *source_name, const char *const *defines, size_t n_defines,
                       gc_module **out) {
    return build_module(ctx, source_name, NULL, defines, n_defines, out);
}

gc_status gc_ctx_kernel(gc_test_ctx *ctx, const char *source_name, const char *const *defines, size_t n_defines,
                        const char *kernel_name, gc_kernel **out) {
    return get_kernel(ctx, source_name, NULL, defines, n_defines, kernel_name, out);
}

gc_status gc_ctx_build_text(gc_test_ctx *ctx, const char *label, const char *text, const char *const *defines,
                            size_t n_defines, gc_module **out) {
    *out = NULL;
    if (!text) {
        gc_set_last_error("gc_ctx_build_text: no source text for %s", label ? label : "(unnamed)");
        return GC_ERR_ARGUMENT;
    }
    return build_module(ctx, label ? label : "(text)", text, defines, n_defines, out);
}

gc_status gc_ctx_kernel_text(gc_test_ctx *ctx, const char *label, const char *text, const char *const *defines,
                             size_t n_defines, const char *kernel_name, gc_kernel **out) {
    *out = NULL;
    if (!text) {
        gc_set_last_error("gc_ctx_kernel_text: no source text for %s", label ? label : "(unnamed)");
        return GC_ERR_ARGUMENT;
    }
    return get_kernel(ctx, label ? label : "(text)", text, defines, n_defines, kernel_name, out);
}

/* A module built or loaded by the caller, made the harness's (freed after teardown). */
static gc_status adopt_module(gc_test_ctx *ctx, const char *name, gc_status st, char *log, gc_module **out) {
    if (st != GC_OK) {
        gc_result_log(ctx->result, "building %s failed: %s: %s", name, gc_status_name(st), gc_last_error());
        if (log && *log) gc_result_log(ctx->result, "compiler log:\n%s", log);
    }
    free(log);
    if (st == GC_OK && !track((void **)ctx->modules, &ctx->n_modules, *out)) {
        gc_module_free(*out);
        *out = NULL;
        return GC_ERR_NO_MEMORY;
    }
    return st;
}

gc_status gc_ctx_build_files(gc_test_ctx *ctx, const char *const *paths, size_t n_paths,
                             const gc_file_build_options *opt, gc_module **out) {
    gc_file_build_options o = {0};
    if (opt) o = *opt;
    o.no_cache |= ctx->opt->no_cache;
    char *log = NULL;
    gc_status st = gc_module_build_files(ctx->dev, paths, n_paths, &o, out, &log);
    return adopt_module(ctx, paths && n_paths && paths[0] ? paths[0] : "(no file)", st, log, out);
}

/* A kernel of a module the harness holds. */
static gc_status module_kernel(gc_test_ctx *ctx, gc_module *m, const char *from, const char *kernel_name,
                               gc_kernel **out) {
    gc_status st = gc_kernel_get(m, kernel_name, out);
    if (st != GC_OK) {
        gc_result_log(ctx->result, "kernel %s not found in %s: %s", kernel_name, from, gc_last_error());
        return st;
    }
    if (!track((void **)ctx->kernels, &ctx->n_kernels, *out)) {
        gc_kernel_free(*out);
        *out = NULL;
        return GC_ERR_NO_MEMORY;
    }
    return GC_OK;
}

gc_status gc_ctx_kernel_file(gc_test_ctx *ctx, const char *path, const gc_file_build_options *opt,
                             const char *kernel_name, gc_kernel **out) {
    gc_module *m = NULL;
    const char *one[1] = {path};
    *out = NULL;
    gc_status st = gc_ctx_build_files(ctx, one, 1, opt, &m);
    return st != GC_OK ? st : module_kernel(ctx, m, path, kernel_name, out);
}

gc_status gc_ctx_kernel_binary_file(gc_test_ctx *ctx, const char *path, gc_binary_format format,
                                    const char *options, const char *kernel_name, gc_kernel **out) {
    gc_module *m = NULL;
    char *log = NULL;
    *out = NULL;
    gc_status st = gc_module_load_binary_file(ctx->dev, path, format, options, &m, &log);
    st = adopt_module(ctx, path ? path : "(no file)", st, log, &m);
    return st != GC_OK ? st : module_kernel(ctx, m, path, kernel_name, out);
}

void gc_ctx_count_checks(gc_test_ctx *ctx, uint64_t n) {
    ctx->explicit_checks += n;
    ctx->counted_explicitly = 1;
}

void gc_ctx_figure(gc_test_ctx *ctx, const char *name, double value, const char *unit) {
    gc_result_add_figure(ctx->result, name, value, unit);
}

static void set_reason(gc_test_ctx *ctx, const char *msg) {
    if (!ctx->result->reason[0]) gc_result_set_reason(ctx->result, "%s", msg);
}

/* The message whole (malloc'd): the log keeps all of it, the reason what fits. */
#define GC_FORMAT_MSG(buf, fmt)                                                                    \
    char *buf;                                                                                     \
    do {                                                                                           \
        va_list ap;                                                                                \
        va_start(ap, fmt);                                                                         \
        if (vasprintf(&buf, fmt, ap) < 0) buf = NULL;                                              \
        va_end(ap);                                                                                \
        if (!buf) return;                                                                          \
    } while (0)

void gc_ctx_fail(gc_test_ctx *ctx, const char *fmt, ...) {
    ctx->failed = 1;
    GC_FORMAT_MSG(msg, fmt);
    set_reason(ctx, msg);
    gc_result_log(ctx->result, "FAIL: %s", msg);
    free(msg);
}

void gc_ctx_error(gc_test_ctx *ctx, const char *fmt, ...) {
    ctx->errored = 1;
    GC_FORMAT_MSG(msg, fmt);
    set_reason(ctx, msg);
    gc_result_log(ctx->result, "ERROR: %s", msg);
    free(msg);
}

void gc_ctx_skip(gc_test_ctx *ctx, const char *fmt, ...) {
    ctx->skipped = 1;
    GC_FORMAT_MSG(msg, fmt);
    set_reason(ctx, msg);
    free(msg);
}

void gc_ctx_note(gc_test_ctx *ctx, const char *fmt, ...) {
    GC_FORMAT_MSG(msg, fmt);
    gc_result_log(ctx->result, "%s", msg);
    free(msg);
}

/* A verdict that replaces PASS at the end (gc_ctx_finish): its reason is kept apart, so
 * that a failure recorded later still gives the test its reason. */
static void keep_verdict(gc_test_ctx *ctx, char *slot, size_t len, const char *kind, const char *msg) {
    if (!slot[0]) snprintf(slot, len, "%s", msg[0] ? msg : kind);
    gc_result_log(ctx->result, "%s: %s", kind, msg);
}

void gc_ctx_measured(gc_test_ctx *ctx, const char *fmt, ...) {
    GC_FORMAT_MSG(msg, fmt);
    keep_verdict(ctx, ctx->measured, sizeof ctx->measured, "MEASURED", msg);
    free(msg);
}

void gc_ctx_unvalidated(gc_test_ctx *ctx, const char *fmt, ...) {
    GC_FORMAT_MSG(msg, fmt);
    keep_verdict(ctx, ctx->unvalidated, sizeof ctx->unvalidated, "UNVALIDATED", msg);
    free(msg);
}

void gc_ctx_inconclusive(gc_test_ctx *ctx, const char *fmt, ...) {
    GC_FORMAT_MSG(msg, fmt);
    keep_verdict(ctx, ctx->inconclusive, sizeof ctx->inconclusive, "INCONCLUSIVE", msg);
    free(msg);
}

/* internal: the harness marks a negative control that did not fail */
void gc_ctx_broken(gc_test_ctx *ctx, const char *msg);
void gc_ctx_broken(gc_test_ctx *ctx, const char *msg) {
    ctx->broken = 1;
    set_reason(ctx, msg);
    gc_result_log(ctx->result, "BROKEN: %s", msg);
}

int gc_ctx_step(gc_test_ctx *ctx, const char *step, gc_status st) {
    if (st == GC_OK) return 1;
    if (st == GC_ERR_UNSUPPORTED) {
        if (!ctx->skipped) {
            char msg[1200];
            snprintf(msg, sizeof msg, "%s: %s", step, gc_last_error()[0] ? gc_last_error() : gc_status_message(st));
            gc_ctx_skip(ctx, "%s", msg);
        }
        return 0;
    }
    if (!ctx->errored) {
        char msg[1400];
        snprintf(msg, sizeof msg, "%s returned %s: %s", step, gc_status_name(st),
                 gc_last_error()[0] ? gc_last_error() : gc_status_message(st));
        gc_ctx_error(ctx, "%s", msg);
    }
    return 0;
}

void gc_ctx_finish(gc_test_ctx *ctx) {
    gc_result *r = ctx->result;
    r->checks = ctx->counted_explicitly ? ctx->explicit_checks : ctx->compared;
    if (ctx->errored) r->outcome = GC_ERROR;
    else if (ctx->failed) r->outcome = GC_FAIL;
    else if (ctx->broken) r->outcome = GC_BROKEN;
    else if (ctx->skipped) r->outcome = GC_SKIP;
    else if (ctx->comparisons == 0 && !ctx->counted_explicitly) {
        r->outcome = GC_BROKEN;
        set_reason(ctx, "the test exercised no check, so it cannot fail");
    } else if (r->checks == 0) {
        /* Whatever counted them: a count of zero is a test that checked nothing. */
        r->outcome = GC_BROKEN;
        set_reason(ctx, "the test counted 0 checks exercised: it checked nothing, so it cannot fail");
    } else if (ctx->test->min_checks > 0 && r->checks < ctx->test->min_checks) {
        r->outcome = GC_INCONCLUSIVE;
        char msg[256];
        snprintf(msg, sizeof msg, "check exercised %llu times, fewer than the threshold %llu",
                 (unsigned long long)r->checks, (unsigned long long)ctx->test->min_checks);
        set_reason(ctx, msg);
    } else if (ctx->inconclusive[0]) {
        r->outcome = GC_INCONCLUSIVE;
        set_reason(ctx, ctx->inconclusive);
    } else if (ctx->unvalidated[0]) {
        r->outcome = GC_UNVALIDATED;
        set_reason(ctx, ctx->unvalidated);
    } else if (ctx->measured[0]) {
        r->outcome = GC_MEASURED;
        set_reason(ctx, ctx->measured);
    } else {
        r->outcome = GC_PASS;
    }
}
