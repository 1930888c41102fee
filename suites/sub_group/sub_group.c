/* SPDX-License-Identifier: Apache-2.0 */
/* sub_group.c — the sub_group conformance suite: every sub-group query and invariant of
 * the plan (shared/seeds/002), incomplete sub-groups included, over 1-D, 2-D and 3-D
 * ranges, prime local sizes and non-uniform last work-groups.
 *
 * Each test launches sub_group.gc once over its range, reads back one record per
 * work-item and hands them to the pure checker (sg_check.c) through gc_check_property,
 * whose negative controls are the checker's corruption variants. The ranges are reduced
 * to the device's limits (sg_shape.c) and reported as notes and figures. */
#include <stdio.h>
#include <string.h>

#include "gpucheck/gc_harness.h"
#include "suites/sub_group/sg_check.h"
#include "suites/sub_group/sg_shape.h"

#define SG_SOURCE "suites/sub_group/sub_group.gc"
#define SG_KERNEL "sub_group_record"

typedef struct {
    const char *suite;
    const char *name;
    const char *description;
    gc_sg_case shape;
    const char *define; /* mutants: the kernel define that switches a fault site on, or NULL */
} sg_param;

/* The plan's 3-D range first; then what the issue adds. */
static const sg_param sg_params[] = {
    {"sub_group", "nd3", "3-D, local 1023 per dimension reduced to the device, global 2x2x2 work-groups",
     {GC_SG_SHAPE_REDUCED, 3, {0, 0, 0}, {2, 2, 2}, 0}, NULL},
    {"sub_group", "nd2", "2-D, local 1023x1023 reduced to the device, global 2x2 work-groups",
     {GC_SG_SHAPE_REDUCED, 2, {0, 0, 0}, {2, 2, 1}, 0}, NULL},
    {"sub_group", "nd1", "1-D, local 1023 reduced to the device, 2 work-groups",
     {GC_SG_SHAPE_REDUCED, 1, {0, 0, 0}, {2, 1, 1}, 0}, NULL},
    {"sub_group", "prime1", "1-D, the largest prime local size that fits, 3 work-groups",
     {GC_SG_SHAPE_PRIME, 1, {0, 0, 0}, {3, 1, 1}, 0}, NULL},
    {"sub_group", "prime3", "3-D, local 13x11x7 (smaller primes where it does not fit), 2x2x2 work-groups",
     {GC_SG_SHAPE_PRIME, 3, {0, 0, 0}, {2, 2, 2}, 0}, NULL},
    {"sub_group", "prime_small", "1-D, local 3 (a work-group smaller than a sub-group), 37 work-groups",
     {GC_SG_SHAPE_FIXED, 1, {3, 1, 1}, {37, 1, 1}, 0}, NULL},
    {"sub_group", "nonuniform1", "1-D, local as nd1, 2 work-groups plus a partial one of odd size",
     {GC_SG_SHAPE_REDUCED, 1, {0, 0, 0}, {2, 1, 1}, 1}, NULL},
    {"sub_group", "nonuniform3", "3-D, local as nd3, 2 work-groups plus a partial one in every dimension",
     {GC_SG_SHAPE_REDUCED, 3, {0, 0, 0}, {2, 2, 2}, 1}, NULL},
#if GC_BUILD_TESTS
    /* A mutant (test builds only), expected to FAIL where it runs: the kernel's local ids
     * reversed (see sub_group.gc). Its own suite name keeps it out of 'sub_group*'. */
    {"mutant_sub_group", "reversed_local_id", "mutant: sub-group local ids reversed in the kernel",
     {GC_SG_SHAPE_REDUCED, 1, {0, 0, 0}, {2, 1, 1}, 0}, "GC_FAULT=SG_FAULT_REVERSED_LOCAL_ID"},
#endif
};

typedef struct {
    gc_kernel *kernel;
    gc_buffer *records;
    gc_range range;
    gc_sg_shape shape;
    size_t n;
} sg_state;

static const char *sg_requires(const gc_test *t, const gc_device_info *info) {
    const sg_param *p = t->param;
    if (!info->caps.sub_groups)
        return info->backend == GC_BACKEND_OPENCL
                   ? "device has no sub-groups (neither cl_khr_subgroups nor the OpenCL C 3.0 "
                     "sub-group feature)"
                   : "device has no sub-groups";
    if (p->shape.non_uniform && !info->caps.non_uniform_work_groups)
        return "device does not support non-uniform work-groups";
    return NULL;
}

static unsigned sg_largest_size(const gc_caps *caps) {
    unsigned m = 0;
    for (unsigned k = 0; k < caps->n_sub_group_sizes; k++)
        if (caps->sub_group_sizes[k] > m) m = caps->sub_group_sizes[k];
    return m;
}

static void sg_dims_text(char *buf, size_t len, unsigned dims, const size_t v[3]) {
    if (dims == 1) snprintf(buf, len, "%zu", v[0]);
    else if (dims == 2) snprintf(buf, len, "%zux%zu", v[0], v[1]);
    else snprintf(buf, len, "%zux%zux%zu", v[0], v[1], v[2]);
}

/* The runtime's answer for this range, or, on CUDA where the backend has no query, the
 * warp size the driver reports and the warps a block of this size needs. */
static void sg_host_query(gc_test_ctx *ctx, sg_state *s, const gc_device_info *info) {
    gc_sub_group_info q;
    gc_status st = gc_kernel_sub_group_info(s->kernel, &s->range, &q);
    size_t wg = s->range.local[0] * s->range.local[1] * s->range.local[2];
    if (st == GC_OK) {
        s->shape.host_max_size = q.max_sub_group_size;
        s->shape.host_full_count = q.sub_group_count;
        gc_ctx_note(ctx, "runtime query for local size %zu: max sub-group size %u, %u sub-groups",
                    wg, q.max_sub_group_size, q.sub_group_count);
    } else if (info->backend == GC_BACKEND_CUDA && info->caps.n_sub_group_sizes == 1) {
        unsigned warp = info->caps.sub_group_sizes[0];
        s->shape.host_max_size = warp;
        s->shape.host_full_count = (unsigned)((wg + warp - 1) / warp);
        gc_ctx_note(ctx, "driver warp size %u: %u warps per block of %zu", warp,
                    s->shape.host_full_count, wg);
    } else {
        gc_ctx_note(ctx, "no runtime sub-group query (%s: %s): only the device's sizes are checked",
                    gc_status_name(st), gc_last_error());
    }
}

static gc_status sg_setup(gc_test_ctx *ctx) {
    const sg_param *p = gc_ctx_test(ctx)->param;
    const gc_device_info *info = gc_ctx_info(ctx);
    sg_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);

    gc_sg_limits lim = {info->max_work_group_size,
                        {info->max_work_item_sizes[0], info->max_work_item_sizes[1],
                         info->max_work_item_sizes[2]},
                        sg_largest_size(&info->caps)};
    size_t local[3], global[3];
    if (!gc_sg_case_range(&p->shape, &lim, local, global)) {
        gc_ctx_skip(ctx, "no local size of this kind fits the device (max work-group %zu, "
                         "max sizes %zux%zux%zu)",
                    info->max_work_group_size, info->max_work_item_sizes[0],
                    info->max_work_item_sizes[1], info->max_work_item_sizes[2]);
        return GC_ERR_UNSUPPORTED;
    }
    s->range.dims = p->shape.dims;
    s->n = 1;
    for (unsigned d = 0; d < 3; d++) {
        s->range.global[d] = global[d];
        s->range.local[d] = local[d];
        s->n *= global[d];
    }
    memset(&s->shape, 0, sizeof s->shape);
    s->shape.dims = p->shape.dims;
    memcpy(s->shape.global, global, sizeof global);
    memcpy(s->shape.local, local, sizeof local);
    for (unsigned k = 0; k < info->caps.n_sub_group_sizes && k < GC_SG_MAX_SIZES; k++)
        s->shape.device_sizes[s->shape.n_device_sizes++] = info->caps.sub_group_sizes[k];
    /* CUDA's sub-groups are warps over the linearized local id (the dialect's model);
     * OpenCL leaves the mapping to the implementation. */
    s->shape.linear_model = info->backend == GC_BACKEND_CUDA;
    s->shape.canary = gc_ctx_canary(ctx);

    char lt[64], gt[64];
    sg_dims_text(lt, sizeof lt, p->shape.dims, local);
    sg_dims_text(gt, sizeof gt, p->shape.dims, global);
    gc_ctx_note(ctx, "shape: local %s, global %s (device: max work-group %zu, max sizes "
                     "%zux%zux%zu, sub-group sizes reported: %u)",
                lt, gt, info->max_work_group_size, info->max_work_item_sizes[0],
                info->max_work_item_sizes[1], info->max_work_item_sizes[2],
                info->caps.n_sub_group_sizes);

    gc_status st = gc_ctx_kernel(ctx, SG_SOURCE, p->define ? &p->define : NULL, p->define ? 1 : 0,
                                 SG_KERNEL, &s->kernel);
    if (st == GC_ERR_NO_KERNEL) {
        /* The kernel exists only where the compiler defines the sub-group feature. */
        gc_ctx_error(ctx, "the device reports sub-groups but its kernel compiler does not "
                          "define them (no %s in the module)",
                     SG_KERNEL);
        return st;
    }
    if (st != GC_OK) return st;
    sg_host_query(ctx, s, info);
    return gc_ctx_alloc_output(ctx, s->n * SG_NFIELDS * sizeof(uint32_t), &s->records);
}

static gc_status sg_run(gc_test_ctx *ctx) {
    sg_state *s = gc_ctx_state(ctx);
    gc_arg args[] = {GC_ARG_BUF(s->records)};
    return gc_kernel_launch(s->kernel, &s->range, args, 1, NULL);
}

static gc_status sg_check(gc_test_ctx *ctx) {
    sg_state *s = gc_ctx_state(ctx);
    uint32_t *rec = gc_ctx_malloc(ctx, s->n * SG_NFIELDS * sizeof *rec);
    if (!rec) return GC_ERR_NO_MEMORY;
    gc_status st = gc_buffer_read(s->records, 0, rec, s->n * SG_NFIELDS * sizeof *rec);
    if (st != GC_OK) return st;
    gc_check_property(ctx, "sub-group records", rec, s->n, SG_NFIELDS * sizeof *rec, &s->shape,
                      gc_sg_validate, gc_sg_mangle, GC_SG_MANGLE_COUNT);

    gc_sg_summary sum;
    char msg[16];
    gc_sg_check(rec, s->n, &s->shape, &sum, msg, sizeof msg);
    gc_ctx_count_checks(ctx, sum.checks);
    const size_t wg = s->range.local[0] * s->range.local[1] * s->range.local[2];
    gc_ctx_figure(ctx, "work_group_size", (double)wg, "work-items");
    gc_ctx_figure(ctx, "work_items", (double)sum.work_items, "");
    gc_ctx_figure(ctx, "work_groups", (double)sum.work_groups, "");
    gc_ctx_figure(ctx, "partial_work_groups", (double)(sum.work_groups - sum.full_work_groups), "");
    gc_ctx_figure(ctx, "sub_groups", (double)sum.sub_groups, "");
    gc_ctx_figure(ctx, "incomplete_sub_groups", (double)sum.incomplete, "");
    gc_ctx_figure(ctx, "max_sub_group_size", (double)sum.max_size, "");
    gc_ctx_figure(ctx, "smallest_sub_group", (double)sum.min_size, "");
    gc_ctx_note(ctx, "%zu work-items in %zu work-groups (%zu partial): %zu sub-groups, %zu of "
                     "them incomplete; max size %u, smallest %u; %llu checks",
                sum.work_items, sum.work_groups, sum.work_groups - sum.full_work_groups,
                sum.sub_groups, sum.incomplete, sum.max_size, sum.min_size,
                (unsigned long long)sum.checks);
    return GC_OK;
}

void gc_suite_sub_group_register(void) {
    for (size_t i = 0; i < sizeof sg_params / sizeof sg_params[0]; i++) {
        gc_test t;
        memset(&t, 0, sizeof t);
        t.suite = sg_params[i].suite;
        t.name = sg_params[i].name;
        t.tags = sg_params[i].define ? "mutant,sub_group" : "conformance,sub_group";
        t.expect = sg_params[i].define ? GC_FAIL : GC_PASS;
        t.description = sg_params[i].description;
        t.budget_s = 60;
        t.min_checks = 1000; /* even the smallest range makes thousands */
        t.param = &sg_params[i];
        t.requires = sg_requires;
        t.setup = sg_setup;
        t.run = sg_run;
        t.check = sg_check;
        gc_test_register(&t);
    }
}
