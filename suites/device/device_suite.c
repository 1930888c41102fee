/* SPDX-License-Identifier: Apache-2.0 */
/* device_suite.c — round trips through the device layer on the selected device: each
 * kernel of roundtrip.gc against host arithmetic, plus a kernel that must not compile. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_harness.h"

#define SRC "suites/device/roundtrip.gc"

static size_t scaled(gc_test_ctx *ctx, size_t n, size_t multiple) {
    size_t v = (size_t)((double)n * gc_ctx_scale(ctx));
    v = v < multiple ? multiple : v - v % multiple;
    return v;
}

static gc_status read_back(gc_buffer *b, void **host, size_t bytes, gc_test_ctx *ctx) {
    *host = gc_ctx_malloc(ctx, bytes);
    if (!*host) return GC_ERR_NO_MEMORY;
    return gc_buffer_read(b, 0, *host, bytes);
}

/* ---- vector add ---------------------------------------------------------------- */
static gc_status vector_add_run(gc_test_ctx *ctx) {
    size_t n = scaled(ctx, 1u << 16, 256);
    uint32_t *a = gc_ctx_malloc(ctx, n * 4), *b = gc_ctx_malloc(ctx, n * 4), *want = gc_ctx_malloc(ctx, n * 4);
    if (!a || !b || !want) return GC_ERR_NO_MEMORY;
    gc_ctx_rand_bytes(ctx, a, n * 4);
    gc_ctx_rand_bytes(ctx, b, n * 4);
    for (size_t i = 0; i < n; i++) want[i] = a[i] + b[i];
    gc_buffer *da, *db, *dout;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * 4, a, &da)) || (st = gc_ctx_alloc_input(ctx, n * 4, b, &db)) ||
        (st = gc_ctx_alloc_output(ctx, n * 4, &dout)) || (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "vector_add", &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(dout), GC_ARG_BUF(da), GC_ARG_BUF(db), GC_ARG_VAL(n32)};
    gc_range r = {1, {n, 1, 1}, {256, 1, 1}, 0};
    double ms = 0;
    if ((st = gc_kernel_launch(k, &r, args, 4, &ms))) return st;
    uint32_t *got;
    if ((st = read_back(dout, (void **)&got, n * 4, ctx))) return st;
    gc_check_u32(ctx, "a+b", want, got, n);
    gc_ctx_figure(ctx, "elements", (double)n, "");
    gc_ctx_figure(ctx, "kernel_ms", ms, "ms");
    return GC_OK;
}

/* ---- 3-D ids ------------------------------------------------------------------- */
static gc_status ids_3d_run(gc_test_ctx *ctx) {
    const size_t local[3] = {4, 3, 2}, groups[3] = {5, 3, 4};
    size_t global[3], items = 1;
    for (int d = 0; d < 3; d++) global[d] = local[d] * groups[d], items *= global[d];
    uint32_t *want = gc_ctx_malloc(ctx, items * 15 * 4);
    if (!want) return GC_ERR_NO_MEMORY;
    for (size_t z = 0; z < global[2]; z++)
        for (size_t y = 0; y < global[1]; y++)
            for (size_t x = 0; x < global[0]; x++) {
                size_t g[3] = {x, y, z}, lin = x + global[0] * (y + global[1] * z);
                for (int d = 0; d < 3; d++) {
                    want[lin * 15 + 0 + d] = (uint32_t)g[d];
                    want[lin * 15 + 3 + d] = (uint32_t)(g[d] % local[d]);
                    want[lin * 15 + 6 + d] = (uint32_t)(g[d] / local[d]);
                    want[lin * 15 + 9 + d] = (uint32_t)local[d];
                    want[lin * 15 + 12 + d] = (uint32_t)groups[d];
                }
            }
    gc_buffer *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_output(ctx, items * 15 * 4, &out)) || (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "ids_3d", &k)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(out)};
    gc_range r = {3, {global[0], global[1], global[2]}, {local[0], local[1], local[2]}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 1, NULL))) return st;
    uint32_t *got;
    if ((st = read_back(out, (void **)&got, items * 15 * 4, ctx))) return st;
    gc_check_u32(ctx, "ids", want, got, items * 15);
    return GC_OK;
}

/* ---- atomics and fences -------------------------------------------------------- */
static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static gc_status tickets_run(gc_test_ctx *ctx) {
    size_t n = scaled(ctx, 1u << 16, 128);
    uint32_t zero = 0;
    gc_buffer *counter, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, 4, &zero, &counter)) || (st = gc_ctx_alloc_output(ctx, n * 4, &out)) ||
        (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "tickets", &k)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(counter), GC_ARG_BUF(out)};
    gc_range r = {1, {n, 1, 1}, {128, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 2, NULL))) return st;
    uint32_t *got, final_count;
    if ((st = read_back(out, (void **)&got, n * 4, ctx)) || (st = gc_buffer_read(counter, 0, &final_count, 4)))
        return st;
    qsort(got, n, 4, cmp_u32);
    uint32_t *want = gc_ctx_malloc(ctx, n * 4);
    if (!want) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) want[i] = (uint32_t)i;
    gc_check_u32(ctx, "sorted tickets", want, got, n);
    uint32_t want_count = (uint32_t)n;
    gc_check_u32(ctx, "final counter", &want_count, &final_count, 1);
    return GC_OK;
}

static const char *needs_int64_atomics(const gc_test *t, const gc_device_info *info) {
    (void)t;
    return info->caps.int64_atomics ? NULL : "device has no 64-bit atomics";
}

static gc_status sum64_run(gc_test_ctx *ctx) {
    size_t n = scaled(ctx, 1u << 14, 64);
    uint64_t *in = gc_ctx_malloc(ctx, n * 8), want[2] = {0, 0}, init[2] = {0, 0};
    if (!in) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) {
        in[i] = gc_ctx_rand_u64(ctx) >> 20; /* above 2^32, and the sum cannot overflow */
        want[0] += in[i];
        if (in[i] > want[1]) want[1] = in[i];
    }
    gc_buffer *acc, *din;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, 16, init, &acc)) || (st = gc_ctx_alloc_input(ctx, n * 8, in, &din)) ||
        (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "sum64", &k)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(acc), GC_ARG_BUF(din)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    uint64_t got[2];
    if ((st = gc_kernel_launch(k, &r, args, 2, NULL)) || (st = gc_buffer_read(acc, 0, got, 16))) return st;
    gc_check_u64(ctx, "sum and max", want, got, 2);
    return GC_OK;
}

/* ---- dynamic local memory ------------------------------------------------------ */
static gc_status reverse_local_run(gc_test_ctx *ctx) {
    const size_t wg = 64, groups = 32, n = wg * groups;
    uint32_t *in = gc_ctx_malloc(ctx, n * 4), *want = gc_ctx_malloc(ctx, n * 4);
    if (!in || !want) return GC_ERR_NO_MEMORY;
    gc_ctx_rand_bytes(ctx, in, n * 4);
    for (size_t g = 0; g < groups; g++)
        for (size_t l = 0; l < wg; l++) want[g * wg + l] = in[g * wg + wg - 1 - l];
    gc_buffer *din, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * 4, in, &din)) || (st = gc_ctx_alloc_output(ctx, n * 4, &out)) ||
        (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "reverse_local", &k)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(din)};
    gc_range r = {1, {n, 1, 1}, {wg, 1, 1}, wg * 4};
    uint32_t *got;
    if ((st = gc_kernel_launch(k, &r, args, 2, NULL)) || (st = read_back(out, (void **)&got, n * 4, ctx))) return st;
    gc_check_u32(ctx, "reversed", want, got, n);
    return GC_OK;
}

/* ---- 64-bit mul_hi ------------------------------------------------------------- */
static gc_status mul_hi_run(gc_test_ctx *ctx) {
    const size_t n = 4096;
    uint64_t *a = gc_ctx_malloc(ctx, n * 8), *b = gc_ctx_malloc(ctx, n * 8), *want = gc_ctx_malloc(ctx, n * 8);
    if (!a || !b || !want) return GC_ERR_NO_MEMORY;
    gc_ctx_rand_bytes(ctx, a, n * 8);
    gc_ctx_rand_bytes(ctx, b, n * 8);
    static const uint64_t edges[] = {0, 1, ~0ull, 1ull << 63, (1ull << 32) - 1, 1ull << 32};
    for (size_t i = 0; i < 36; i++) a[i] = edges[i % 6], b[i] = edges[i / 6];
    for (size_t i = 0; i < n; i++) want[i] = (uint64_t)(((unsigned __int128)a[i] * b[i]) >> 64);
    gc_buffer *da, *db, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * 8, a, &da)) || (st = gc_ctx_alloc_input(ctx, n * 8, b, &db)) ||
        (st = gc_ctx_alloc_output(ctx, n * 8, &out)) || (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "mul_hi64", &k)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(da), GC_ARG_BUF(db)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    uint64_t *got;
    if ((st = gc_kernel_launch(k, &r, args, 3, NULL)) || (st = read_back(out, (void **)&got, n * 8, ctx))) return st;
    gc_check_u64(ctx, "mul_hi", want, got, n);
    return GC_OK;
}

/* ---- non-uniform work-groups --------------------------------------------------- */
static const char *needs_non_uniform(const gc_test *t, const gc_device_info *info) {
    (void)t;
    return info->caps.non_uniform_work_groups ? NULL : "device does not support non-uniform work-groups";
}

static gc_status non_uniform_run(gc_test_ctx *ctx) {
    const size_t n = 1000; /* 15 full groups of 64 and one of 40 */
    uint32_t *want = gc_ctx_malloc(ctx, n * 4);
    if (!want) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) want[i] = (uint32_t)(i * 3 + 1);
    gc_buffer *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_output(ctx, n * 4, &out)) || (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "iota", &k))) return st;
    gc_arg args[] = {GC_ARG_BUF(out)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    uint32_t *got;
    if ((st = gc_kernel_launch(k, &r, args, 1, NULL)) || (st = read_back(out, (void **)&got, n * 4, ctx))) return st;
    gc_check_u32(ctx, "iota", want, got, n);
    return GC_OK;
}

/* ---- the kernel's own work-group limit ------------------------------------------- */
/* The limit the device layer reports for a kernel must be one it can launch with (all
 * work-items run and write), and one more work-item must be refused as GC_ERR_ARGUMENT
 * before anything reaches the driver. */
static gc_status work_group_limit_run(gc_test_ctx *ctx) {
    const gc_device_info *info = gc_ctx_info(ctx);
    gc_kernel *k;
    gc_status st = gc_ctx_kernel(ctx, SRC, NULL, 0, "iota", &k);
    if (st) return st;
    const size_t limit = gc_kernel_max_work_group_size(k);
    gc_ctx_figure(ctx, "kernel_limit", (double)limit, "");
    gc_ctx_figure(ctx, "device_limit", (double)info->max_work_group_size, "");
    /* The largest 1-D group the limit and the device's first dimension allow. */
    const size_t wg = limit < info->max_work_item_sizes[0] ? limit : info->max_work_item_sizes[0];
    if (wg == 0) {
        gc_ctx_error(ctx, "kernel iota reports a work-group limit of 0");
        return GC_ERR_DRIVER;
    }
    const size_t n = wg * 4;
    uint32_t *want = gc_ctx_malloc(ctx, n * 4);
    if (!want) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) want[i] = (uint32_t)(i * 3 + 1);
    gc_buffer *out;
    if ((st = gc_ctx_alloc_output(ctx, n * 4, &out))) return st;
    gc_arg args[] = {GC_ARG_BUF(out)};
    gc_range at_limit = {1, {n, 1, 1}, {wg, 1, 1}, 0};
    uint32_t *got;
    if ((st = gc_kernel_launch(k, &at_limit, args, 1, NULL)) || (st = read_back(out, (void **)&got, n * 4, ctx)))
        return st;
    gc_check_u32(ctx, "iota with the largest work-group", want, got, n);
    /* One past the limit, in whichever dimension leaves room for it. */
    gc_range past = {2, {(limit + 1) * 2, 1, 1}, {limit + 1, 1, 1}, 0};
    if (limit + 1 > info->max_work_item_sizes[0]) {
        past.global[0] = limit * 2, past.local[0] = limit;
        past.global[1] = 2, past.local[1] = 2;
    }
    gc_status refused = gc_kernel_launch(k, &past, args, 1, NULL);
    gc_ctx_note(ctx, "iota past its limit: %s (%s)", gc_status_name(refused), gc_last_error());
    /* One flag per sub-check that ran: a sub-check the device cannot exercise is left out
     * of the comparison, never counted as a match. */
    uint32_t flags_want[2] = {1, 1}, flags_got[2] = {refused == GC_ERR_ARGUMENT, 0};
    size_t n_flags = 1;
    /* A kernel limited below the device by its own registers: the G1 scalar multiplication
     * of the bls12_381 suite, the heaviest kernel in the tree. Where its limit is below the
     * device's, one work-item more must be refused by the kernel's own check. */
    gc_kernel *heavy;
    if ((st = gc_ctx_kernel(ctx, "suites/bls12_381/g1_kernels.gc", NULL, 0, "g1_mul", &heavy))) return st;
    const size_t heavy_limit = gc_kernel_max_work_group_size(heavy);
    gc_ctx_figure(ctx, "g1_mul_limit", (double)heavy_limit, "");
    if (heavy_limit < info->max_work_group_size && heavy_limit + 1 <= info->max_work_item_sizes[0]) {
        gc_buffer *scratch;
        if ((st = gc_ctx_alloc(ctx, 4096, GC_MEM_DEVICE, &scratch))) return st;
        uint32_t zero = 0;
        gc_arg hargs[] = {GC_ARG_BUF(scratch), GC_ARG_BUF(scratch), GC_ARG_BUF(scratch), GC_ARG_VAL(zero)};
        gc_range over = {1, {heavy_limit + 1, 1, 1}, {heavy_limit + 1, 1, 1}, 0};
        refused = gc_kernel_launch(heavy, &over, hargs, 4, NULL);
        gc_ctx_note(ctx, "g1_mul past its limit of %zu: %s (%s)", heavy_limit, gc_status_name(refused), gc_last_error());
        flags_got[1] = refused == GC_ERR_ARGUMENT && strstr(gc_last_error(), "kernel g1_mul") != NULL;
        n_flags = 2;
    } else {
        gc_ctx_note(ctx, "g1_mul may use the device's whole work-group (%zu) here: the kernel's own limit check "
                    "is not exercised on this device", heavy_limit);
    }
    gc_ctx_figure(ctx, "g1_mul_limit_checked", n_flags == 2 ? 1 : 0, "");
    gc_check_u32(ctx, "work-groups past the limits are GC_ERR_ARGUMENT", flags_want, flags_got, n_flags);
    return GC_OK;
}

/* ---- a kernel that does not compile ------------------------------------------- */
static const char bad_source[] = "#include \"kernels/gc_dialect.h\"\n"
                                 "GC_KERNEL bad(GC_GLOBAL gc_u32 *out) {\n"
                                 "    out[0] = this_is_not_declared;\n"
                                 "}\n";

static gc_status compile_error_run(gc_test_ctx *ctx) {
    gc_module *m = NULL;
    char *log = NULL;
    gc_build_options bo = {NULL, 0, 1};
    gc_status st = gc_module_build_text(gc_ctx_device(ctx), "bad_kernel.gc", bad_source, &bo, &m, &log);
    gc_module_free(m);
    /* The error must come back as GC_ERR_COMPILE with a log naming the file and line 3
     * (the #line directives of the include expansion keep the user's numbering). */
    uint32_t got[3] = {st == GC_ERR_COMPILE, log != NULL && strstr(log, "this_is_not_declared") != NULL,
                       log != NULL && strstr(log, "bad_kernel.gc") != NULL && strstr(log, "3") != NULL};
    uint32_t want[3] = {1, 1, 1};
    if (log) gc_ctx_note(ctx, "compiler log:\n%s", log);
    else gc_ctx_note(ctx, "no compiler log; status %s", gc_status_name(st));
    free(log);
    gc_check_u32(ctx, "compile error reported with its log and line", want, got, 3);
    return GC_OK;
}

/* ---- the launcher refuses a wrong argument list (CUDA) ---------------------------- */
/* CUDA kernels read their arguments through pointers of a size the launcher cannot see, so
 * the CUDA backend checks the count and each size against the kernel's (cuFuncGetParamInfo,
 * CUDA 12.4+); OpenCL's own clSetKernelArg checks do that there. */
static const char *needs_checked_cuda_args(const gc_test *t, const gc_device_info *info) {
    (void)t;
    if (info->backend != GC_BACKEND_CUDA) return "the argument list is checked by the CUDA launcher (not OpenCL)";
    int major = 0, minor = 0;
    if (sscanf(info->runtime_version, "CUDA %d.%d", &major, &minor) != 2 || major * 100 + minor < 1204)
        return "the driver is older than CUDA 12.4 (no cuFuncGetParamInfo to check arguments with)";
    return NULL;
}

static gc_status argument_list_run(gc_test_ctx *ctx) {
    const uint32_t n = 256;
    uint32_t *a = gc_ctx_malloc(ctx, n * 4), *b = gc_ctx_malloc(ctx, n * 4), *want = gc_ctx_malloc(ctx, n * 4);
    if (!a || !b || !want) return GC_ERR_NO_MEMORY;
    for (uint32_t i = 0; i < n; i++) a[i] = i * 7u, b[i] = i ^ 0x5au, want[i] = a[i] + b[i];
    gc_buffer *da, *db, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * 4, a, &da)) || (st = gc_ctx_alloc_input(ctx, n * 4, b, &db)) ||
        (st = gc_ctx_alloc_output(ctx, n * 4, &out)) || (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "vector_add", &k)))
        return st;
    uint64_t n64 = n;
    gc_arg right[] = {GC_ARG_BUF(out), GC_ARG_BUF(da), GC_ARG_BUF(db), GC_ARG_VAL(n)};
    gc_arg wide[] = {GC_ARG_BUF(out), GC_ARG_BUF(da), GC_ARG_BUF(db), GC_ARG_VAL(n64)};
    gc_arg more[] = {GC_ARG_BUF(out), GC_ARG_BUF(da), GC_ARG_BUF(db), GC_ARG_VAL(n), GC_ARG_VAL(n)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    /* wrong lists first: each refused before anything runs, the output still the canary */
    gc_status fewer_st = gc_kernel_launch(k, &r, right, 3, NULL);
    gc_ctx_note(ctx, "3 of 4 arguments: %s (%s)", gc_status_name(fewer_st), gc_last_error());
    gc_status more_st = gc_kernel_launch(k, &r, more, 5, NULL);
    gc_ctx_note(ctx, "5 arguments: %s (%s)", gc_status_name(more_st), gc_last_error());
    gc_status wide_st = gc_kernel_launch(k, &r, wide, 4, NULL);
    gc_ctx_note(ctx, "an 8-byte n: %s (%s)", gc_status_name(wide_st), gc_last_error());
    uint32_t got_st[3] = {fewer_st, more_st, wide_st};
    uint32_t want_st[3] = {GC_ERR_ARGUMENT, GC_ERR_ARGUMENT, GC_ERR_ARGUMENT};
    gc_check_u32(ctx, "wrong argument lists refused (too few, too many, a wrong size)", want_st, got_st, 3);
    uint32_t *got;
    if ((st = gc_kernel_launch(k, &r, right, 4, NULL)) || (st = read_back(out, (void **)&got, n * 4, ctx))) return st;
    gc_check_u32(ctx, "the right list runs", want, got, n);
    return GC_OK;
}

void gc_suite_device_register(void) {
    static const gc_test tests[] = {
        {.suite = "device", .name = "vector_add", .tags = "device,smoke",
         .description = "u32 vector add against host arithmetic", .budget_s = 60, .run = vector_add_run},
        {.suite = "device", .name = "ids_3d", .tags = "device",
         .description = "3-D global/local/group ids and sizes", .budget_s = 60, .run = ids_3d_run},
        {.suite = "device", .name = "atomic_tickets", .tags = "device,atomic",
         .description = "device-scope fetch_add with fences: tickets are a permutation", .budget_s = 60,
         .run = tickets_run},
        {.suite = "device", .name = "atomic64", .tags = "device,atomic",
         .description = "64-bit atomic add and max above 2^32", .budget_s = 60, .requires = needs_int64_atomics,
         .run = sum64_run},
        {.suite = "device", .name = "dynamic_local", .tags = "device",
         .description = "dynamic local memory: reverse each work-group", .budget_s = 60, .run = reverse_local_run},
        {.suite = "device", .name = "mul_hi64", .tags = "device",
         .description = "64-bit mul_hi against 128-bit host arithmetic", .budget_s = 60, .run = mul_hi_run},
        {.suite = "device", .name = "non_uniform", .tags = "device",
         .description = "a partial last work-group", .budget_s = 60, .requires = needs_non_uniform,
         .run = non_uniform_run},
        {.suite = "device", .name = "work_group_limit", .tags = "device",
         .description = "a kernel launches with the work-group limit reported for it, and is refused past it",
         .budget_s = 60, .run = work_group_limit_run},
        {.suite = "device", .name = "compile_error", .tags = "device",
         .description = "a syntax error returns GC_ERR_COMPILE and the log with its line", .budget_s = 60,
         .run = compile_error_run},
        {.suite = "device", .name = "argument_list", .tags = "device",
         .description = "a launch with too few, too many or wrong-sized arguments is refused (CUDA)",
         .budget_s = 60, .requires = needs_checked_cuda_args, .run = argument_list_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
