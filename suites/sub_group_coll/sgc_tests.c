/* SPDX-License-Identifier: Apache-2.0 */
/* sgc_tests.c — the sub_group_coll suite: sub-group broadcast, shuffles, votes, reductions
 * and scans checked against answers the host computes from each launch's own sub-group
 * layout (docs/sub_group_collectives.md).
 *
 * A test is a family (kernel) x value type x range. The ranges are the sub_group suite's
 * (sg_shape.h: 1023 per dimension reduced so that the last sub-group of a work-group is
 * incomplete). Shuffle and vote kernels are launched once per delta, lane or mask L from 0
 * to the largest sub-group size, so that every delta 0..size is seen. */
#include <stdio.h>
#include <string.h>

#include "suites/sub_group_coll/sgc_bench.h"
#include "suites/sub_group_coll/sgc_params.h"

#define SGC_SHUFFLE_SRC "suites/sub_group_coll/sgc_shuffle.gc"
#define SGC_ARITH_SRC "suites/sub_group_coll/sgc_arith.gc"
#define SGC_BALLOT_SRC "suites/sub_group_coll/sgc_ballot.gc"
#define SGC_NU_SRC "suites/sub_group_coll/sgc_nonuniform.gc"

static const char *sgc_requires(const gc_test *t, const gc_device_info *info) {
    const sgc_param *p = t->param;
    if (!info->caps.sub_groups)
        return info->backend == GC_BACKEND_OPENCL
                   ? "device has no sub-groups (neither cl_khr_subgroups nor the OpenCL C 3.0 "
                     "sub-group feature)"
                   : "device has no sub-groups";
    if (p->shape.non_uniform && !info->caps.non_uniform_work_groups)
        return "device does not support non-uniform work-groups";
    return NULL;
}

static unsigned sgc_largest_size(const gc_caps *caps) {
    unsigned m = 0;
    for (unsigned k = 0; k < caps->n_sub_group_sizes; k++)
        if (caps->sub_group_sizes[k] > m) m = caps->sub_group_sizes[k];
    return m;
}

/* Inputs per family and type: full words where every value is as good as another;
 * bounded where the result must not overflow a signed type (+ and *, whose overflow the
 * specifications leave undefined; +-1 and +-2 where * is among the operations), dense
 * bits for votes so that all() is sometimes true. */
static uint64_t sgc_input(gc_test_ctx *ctx, const sgc_param *p) {
    const uint64_t r = gc_ctx_rand_u64(ctx);
    const int sgn = p->type == SGC_T_I32 || p->type == SGC_T_I64;
    const int mul_like = p->family == SGC_F_ARITH_EXT || p->family == SGC_F_CLUSTERED; /* with * */
    if (p->family == SGC_F_VOTE || (p->family == SGC_F_NONUNIFORM && p->type == SGC_T_U32))
        return ~(r & gc_ctx_rand_u64(ctx) & gc_ctx_rand_u64(ctx) & gc_ctx_rand_u64(ctx));
    if (p->family <= SGC_F_BALLOT) return r;
    if (p->type == SGC_T_F32 || p->type == SGC_T_F64) {
        /* + and min/max: [-1000, 1000); *: 2^[-1, 1), far from overflow over 64 lanes. */
        double u = (double)(r >> 11) / 9007199254740992.0, x;
        x = !mul_like ? (u - 0.5) * 2000.0 : (u < 0.5 ? 0.5 + u : 1.0 + 2.0 * (u - 0.5));
        if (p->type == SGC_T_F32) {
            float f = (float)x;
            uint32_t w;
            memcpy(&w, &f, sizeof w);
            return w;
        }
        uint64_t w;
        memcpy(&w, &x, sizeof w);
        return w;
    }
    if (mul_like && sgn) {
        /* * on signed types: +-1, and +-2 one time in eight (a product of 64 stays far
         * from 2^31 unless 31 of them are 2). */
        int64_t v = (r & 0x70) == 0 ? 2 : 1;
        if (r & 1) v = -v;
        return p->type == SGC_T_I32 ? (uint32_t)(int32_t)v : (uint64_t)v;
    }
    if (p->family == SGC_F_ARITH_EXT) return (p->type == SGC_T_U32 ? (uint32_t)r : r) | 1u; /* odd */
    if (sgn) { /* +: |x| < 2^24 (i32) or 2^56 (i64), so that 64 of them cannot overflow */
        const int64_t v = p->type == SGC_T_I32 ? (int64_t)(r % (1u << 25)) - (1 << 24)
                                               : (int64_t)(r >> 7) - (INT64_C(1) << 56);
        return p->type == SGC_T_I32 ? (uint32_t)(int32_t)v : (uint64_t)v;
    }
    return p->type == SGC_T_U32 ? (uint32_t)r : r;
}

static gc_status sgc_shape(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s, const gc_device_info *info) {
    gc_sg_limits lim = {info->max_work_group_size,
                        {info->max_work_item_sizes[0], info->max_work_item_sizes[1],
                         info->max_work_item_sizes[2]},
                        sgc_largest_size(&info->caps)};
    size_t local[3], global[3];
    if (!gc_sg_case_range(&p->shape, &lim, local, global)) {
        gc_ctx_skip(ctx, "no local size of this kind fits the device (max work-group %zu)",
                    info->max_work_group_size);
        return GC_ERR_UNSUPPORTED;
    }
    s->range.dims = p->shape.dims;
    s->n = 1;
    for (unsigned d = 0; d < 3; d++) {
        s->range.global[d] = global[d];
        s->range.local[d] = local[d];
        s->n *= global[d];
    }
    gc_ctx_note(ctx, "range: local %zux%zux%zu, global %zux%zux%zu (%u-D)", local[0], local[1], local[2],
                global[0], global[1], global[2], p->shape.dims);
    return GC_OK;
}

/* Launches: one per L in 0..S, S the largest sub-group size this kernel can have (the
 * runtime's answer for this range, else the device's largest). Arithmetic: one. */
static void sgc_launch_count(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s, const gc_device_info *info) {
    gc_sub_group_info q;
    unsigned S = sgc_largest_size(&info->caps);
    if (gc_kernel_sub_group_info(s->kernel, &s->range, &q) == GC_OK && q.max_sub_group_size) {
        S = q.max_sub_group_size;
        gc_ctx_note(ctx, "runtime: max sub-group size %u, %u sub-groups per work-group", q.max_sub_group_size,
                    q.sub_group_count);
    }
    if (S == 0) S = 64;
    s->launches = p->family >= SGC_F_ARITH ? 1u : p->family == SGC_F_NONUNIFORM ? 3u * (S + 1u) : S + 1u;
    if (p->family == SGC_F_CLUSTERED) /* clusters of 2^L <= S lanes, at most 64 */
        for (s->launches = 1; s->launches < 7 && (1u << s->launches) <= S; s->launches++) {}
}

/* Kernel, inputs and buffers of test p into s. quiet: a kernel the compiler does not
 * define returns GC_ERR_UNSUPPORTED without skipping the test (mutation score). */
static gc_status sgc_prepare(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s, int quiet) {
    const gc_device_info *info = gc_ctx_info(ctx);
    gc_status st = sgc_shape(ctx, p, s, info);
    if (st != GC_OK) return st;
    st = gc_ctx_kernel(ctx, p->source, p->define ? &p->define : NULL, p->define ? 1 : 0, p->kernel, &s->kernel);
    if (st == GC_ERR_NO_KERNEL) {
        if (!quiet)
            gc_ctx_skip(ctx, "the device's kernel compiler does not define %s (no %s in the module)", p->needs,
                        p->kernel);
        return GC_ERR_UNSUPPORTED;
    }
    if (st != GC_OK) return st;
    sgc_launch_count(ctx, p, s, info);
    s->slots = sgc_family_slots(p->family, p->type);
    s->bytes = sgc_type_bytes(p->type);
    s->cuda_edges = info->backend == GC_BACKEND_CUDA;
    s->host_in = gc_ctx_malloc(ctx, s->n * sizeof *s->host_in);
    unsigned char *raw = gc_ctx_malloc(ctx, s->n * s->bytes);
    if (!s->host_in || !raw) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < s->n; i++) {
        s->host_in[i] = sgc_input(ctx, p);
        if (s->bytes == 4) {
            uint32_t w = (uint32_t)s->host_in[i];
            s->host_in[i] = w;
            memcpy(raw + i * 4, &w, 4);
        } else {
            memcpy(raw + i * 8, &s->host_in[i], 8);
        }
    }
    const size_t records = s->n * s->launches;
    if ((st = gc_ctx_alloc_input(ctx, s->n * s->bytes, raw, &s->in)) != GC_OK) return st;
    if ((st = gc_ctx_alloc_output(ctx, records * SGC_LAY_WORDS * 4, &s->lay)) != GC_OK) return st;
    return gc_ctx_alloc_output(ctx, records * s->slots * s->bytes, &s->out);
}

static gc_status sgc_setup(gc_test_ctx *ctx) {
    sgc_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    return sgc_prepare(ctx, gc_ctx_test(ctx)->param, s, 0);
}

static gc_status sgc_launch_all(const sgc_param *p, sgc_state *s) {
    for (uint32_t L = 0; L < s->launches; L++) {
        gc_arg args[] = {GC_ARG_BUF(s->out), GC_ARG_BUF(s->lay), GC_ARG_BUF(s->in), GC_ARG_VAL(L)};
        gc_status st = gc_kernel_launch(s->kernel, &s->range, args, p->family >= SGC_F_ARITH ? 3 : 4, NULL);
        if (st != GC_OK) return st;
    }
    return GC_OK;
}

static gc_status sgc_run(gc_test_ctx *ctx) {
    return sgc_launch_all(gc_ctx_test(ctx)->param, gc_ctx_state(ctx));
}

static gc_status sgc_check(gc_test_ctx *ctx) {
    return sgc_check_results(ctx, gc_ctx_test(ctx)->param, gc_ctx_state(ctx));
}

/* ---- the list of tests ----------------------------------------------------------------- */

typedef struct {
    const char *name, *what;
    gc_sg_case shape;
    int u32_only; /* only the 32-bit families (ranges that add a shape, not a type) */
} sgc_range_kind;

static const sgc_range_kind sgc_ranges[] = {
    {"nd1", "1-D, local 1023 reduced, 2 work-groups", {GC_SG_SHAPE_REDUCED, 1, {0, 0, 0}, {2, 1, 1}, 0}, 0},
    {"nd2", "2-D, local 1023x1023 reduced, 2x1 work-groups", {GC_SG_SHAPE_REDUCED, 2, {0, 0, 0}, {2, 1, 1}, 0}, 0},
    {"nd3", "3-D, local 1023^3 reduced, 1x1x2 work-groups", {GC_SG_SHAPE_REDUCED, 3, {0, 0, 0}, {1, 1, 2}, 0}, 0},
    {"partial3", "3-D as nd3 plus a partial last work-group of odd size in every dimension",
     {GC_SG_SHAPE_REDUCED, 3, {0, 0, 0}, {1, 1, 2}, 1}, 1},
};

typedef struct {
    const char *name, *kernel, *source, *needs, *what;
    sgc_family family;
} sgc_family_kind;

static const sgc_family_kind sgc_families[] = {
    {"broadcast", "sgc_broadcast", SGC_SHUFFLE_SRC, "sub-groups", "broadcast from lane 0 and a run-time lane",
     SGC_F_BCAST},
    {"shuffle", "sgc_shuffle", SGC_SHUFFLE_SRC, "cl_khr_subgroup_shuffle", "shuffle from any lane, shuffle_xor",
     SGC_F_SHUFFLE},
    {"relative", "sgc_relative", SGC_SHUFFLE_SRC, "cl_khr_subgroup_shuffle_relative",
     "shuffle_up and shuffle_down", SGC_F_RELATIVE},
    {"vote", "sgc_vote", SGC_SHUFFLE_SRC, "sub-groups", "any, all, none", SGC_F_VOTE},
    {"nonuniform", "sgc_nonuniform", SGC_NU_SRC,
     "cl_khr_subgroup_non_uniform_arithmetic, _non_uniform_vote and _ballot (and fp64 for f64)",
     "reduce/scan +, min, max (u32: any, all, ballot count) over odd lanes, the first k, one lane",
     SGC_F_NONUNIFORM},
    {"clustered", "sgc_clustered", SGC_ARITH_SRC, "cl_khr_subgroup_clustered_reduce (and fp64 for f64)",
     "clustered reduce + * min max (integers: and or xor), clusters of 1 .. the largest size", SGC_F_CLUSTERED},
    {"ballot", "sgc_ballot", SGC_BALLOT_SRC, "cl_khr_subgroup_ballot",
     "ballot words, bit count, scans, find lsb/msb, bit extract, lane masks eq/ge/gt/le/lt", SGC_F_BALLOT},
    {"arith", "sgc_arith", SGC_ARITH_SRC, "sub-groups (or, for f64, fp64)", "reduce and scans with +, min, max",
     SGC_F_ARITH},
    {"arith_ext", "sgc_arith_ext", SGC_ARITH_SRC, "cl_khr_subgroup_non_uniform_arithmetic (and fp64 for f64)",
     "reduce and scans with *, and, or, xor", SGC_F_ARITH_EXT},
};

typedef struct {
    const char *name;  /* test name */
    sgc_family family;
    sgc_type type;
    const char *define;
    const char *what;
} sgc_mutant_kind;

#if GC_BUILD_TESTS
static const sgc_mutant_kind sgc_mutants[] = {
    {"broadcast_lane_zero", SGC_F_BCAST, SGC_T_U32, "GC_FAULT=SGC_FAULT_BCAST_LANE_ZERO",
     "run-time broadcast reads lane 0"},
    {"xor_as_add", SGC_F_SHUFFLE, SGC_T_U32, "GC_FAULT=SGC_FAULT_XOR_AS_ADD", "shuffle_xor reads lid + mask, wrapped"},
    {"up_is_down", SGC_F_RELATIVE, SGC_T_U32, "GC_FAULT=SGC_FAULT_UP_IS_DOWN", "shuffle_up reads lid + delta"},
    {"all_skips_last", SGC_F_VOTE, SGC_T_U32, "GC_FAULT=SGC_FAULT_ALL_SKIPS_LAST", "all() ignores the last lane"},
    {"exclusive_is_inclusive", SGC_F_ARITH, SGC_T_I32, "GC_FAULT=SGC_FAULT_EXCL_IS_INCL",
     "exclusive + scan includes the caller"},
    {"reduce_drops_lane_0", SGC_F_ARITH, SGC_T_F32, "GC_FAULT=SGC_FAULT_REDUCE_DROPS_0",
     "+ reduction leaves lane 0 out"},
    {"nonuniform_hoisted", SGC_F_NONUNIFORM, SGC_T_U32, "GC_FAULT=SGC_FAULT_NU_HOISTED",
     "the + reduction taken before the branch, inactive lanes contributing"},
    {"nonuniform_hoisted_i64", SGC_F_NONUNIFORM, SGC_T_I64, "GC_FAULT=SGC_FAULT_NU_HOISTED",
     "i64: the + reduction taken before the branch, inactive lanes contributing"},
    {"cluster_half", SGC_F_CLUSTERED, SGC_T_U32, "GC_FAULT=SGC_FAULT_CLUSTER_HALF",
     "clustered reductions over clusters half as wide"},
    {"cluster_half_f32", SGC_F_CLUSTERED, SGC_T_F32, "GC_FAULT=SGC_FAULT_CLUSTER_HALF",
     "f32 clustered reductions over clusters half as wide"},
    {"ballot_whole_warp", SGC_F_BALLOT, SGC_T_U32, "GC_FAULT=SGC_FAULT_BALLOT_WHOLE_WARP",
     "ballot counts the lanes past the sub-group's size as voting"},
    {"gt_mask_is_ge", SGC_F_BALLOT, SGC_T_U32, "GC_FAULT=SGC_FAULT_GT_IS_GE",
     "gt mask includes the caller's own lane"},
};
#define SGC_N_MUTANTS (sizeof sgc_mutants / sizeof sgc_mutants[0])
#else
#define SGC_N_MUTANTS 0
#endif

#define SGC_N_FAMILIES (sizeof sgc_families / sizeof sgc_families[0])
#define SGC_N_RANGES (sizeof sgc_ranges / sizeof sgc_ranges[0])
#define SGC_MAX_TESTS (SGC_N_FAMILIES * SGC_T_COUNT * SGC_N_RANGES + SGC_N_MUTANTS)
static sgc_param sgc_params[SGC_MAX_TESTS];

static void sgc_register_one(const sgc_param *p, int mutant) {
    gc_test t;
    memset(&t, 0, sizeof t);
    t.suite = p->suite;
    t.name = p->name;
    t.tags = mutant ? "mutant,sub_group" : "conformance,sub_group";
    t.expect = mutant ? GC_FAIL : GC_PASS;
    t.description = p->description;
    t.budget_s = 60;
    t.min_checks = 100;
    t.param = p;
    t.requires = sgc_requires;
    t.setup = sgc_setup;
    t.run = sgc_run;
    t.check = sgc_check;
    gc_test_register(&t);
}

#if GC_BUILD_TESTS
/* The mutants' parameters, filled at registration (after the tests'). */
static const sgc_param *sgc_mutant_params;
static size_t sgc_n_mutant_params;

/* Mutation score: every mutant's kernel run and its answers counted here, as the fence
 * suite's score runs its twins: caught = at least one wrong answer. MEASURED: the score
 * is the suite's strength on this device. */
static gc_status sgc_score_run(gc_test_ctx *ctx) {
    unsigned applicable = 0, caught = 0;
    char missed[256] = "", unbuilt[256] = "";
    for (size_t m = 0; m < sgc_n_mutant_params; m++) {
        const sgc_param *p = &sgc_mutant_params[m];
        sgc_state *s = gc_ctx_malloc(ctx, sizeof *s);
        if (!s) return GC_ERR_NO_MEMORY;
        gc_status st = sgc_prepare(ctx, p, s, 1);
        if (st == GC_ERR_UNSUPPORTED) {
            gc_ctx_note(ctx, "%s: not applicable (no %s)", p->name, p->needs);
            continue;
        }
        /* A module the device cannot build (PoCL 5's ballot builtins): its own tests
         * ERROR with the log; the score goes on over the others. */
        if (st == GC_ERR_COMPILE) {
            gc_ctx_note(ctx, "%s: not applicable (%s does not build on this device)", p->name, p->source);
            snprintf(unbuilt + strlen(unbuilt), sizeof unbuilt - strlen(unbuilt), " %s", p->name);
            continue;
        }
        size_t wrong = 0;
        if (st != GC_OK || (st = sgc_launch_all(p, s)) != GC_OK || (st = sgc_count_wrong(ctx, p, s, &wrong)) != GC_OK)
            return st;
        applicable++;
        caught += wrong > 0;
        gc_ctx_figure(ctx, p->name, wrong > 0 ? 1.0 : 0.0, "");
        gc_ctx_note(ctx, "%s: %zu wrong answers%s", p->name, wrong, wrong ? "" : " (not caught)");
        if (!wrong) snprintf(missed + strlen(missed), sizeof missed - strlen(missed), " %s", p->name);
    }
    gc_ctx_count_checks(ctx, applicable);
    gc_ctx_figure(ctx, "score", applicable ? (double)caught / applicable : 0.0, "");
    gc_ctx_figure(ctx, "mutants_caught", caught, "");
    gc_ctx_figure(ctx, "mutants_applicable", applicable, "");
    gc_ctx_measured(ctx, "mutation score %u/%u%s%s%s%s", caught, applicable, missed[0] ? "; not caught:" : "", missed,
                    unbuilt[0] ? "; not built:" : "", unbuilt);
    return GC_OK;
}

static gc_status sgc_score_check(gc_test_ctx *ctx) {
    (void)ctx;
    return GC_OK;
}

static void sgc_register_score(void) {
    static const sgc_param score = {"sub_group_coll", "mutation_score",
                                    "every mutant of the suite run and scored: caught / applicable", "", NULL,
                                    "", SGC_F_BCAST, SGC_T_U32, {GC_SG_SHAPE_REDUCED, 1, {0, 0, 0}, {2, 1, 1}, 0},
                                    NULL};
    gc_test t;
    memset(&t, 0, sizeof t);
    t.suite = score.suite;
    t.name = score.name;
    t.tags = "conformance,sub_group";
    t.expect = GC_PASS;
    t.description = score.description;
    t.budget_s = 120;
    t.min_checks = 1;
    t.param = &score;
    t.requires = sgc_requires;
    t.run = sgc_score_run;
    t.check = sgc_score_check;
    gc_test_register(&t);
}
#endif

static void sgc_fill(sgc_param *p, const sgc_family_kind *f, sgc_type type, const sgc_range_kind *r) {
    snprintf(p->suite, sizeof p->suite, "sub_group_coll");
    snprintf(p->name, sizeof p->name, "%s_%s_%s", f->name, sgc_type_name(type), r->name);
    snprintf(p->description, sizeof p->description, "%s (%s), %s", f->what, sgc_type_name(type), r->what);
    snprintf(p->kernel, sizeof p->kernel, "%s_%s", f->kernel, sgc_type_name(type));
    if (f->family == SGC_F_VOTE || f->family == SGC_F_BALLOT) snprintf(p->kernel, sizeof p->kernel, "%s", f->kernel);
    p->source = f->source;
    p->needs = f->needs;
    p->family = f->family;
    p->type = type;
    p->shape = r->shape;
    p->define = NULL;
}

void gc_suite_sub_group_coll_register(void) {
    size_t k = 0;
    for (size_t r = 0; r < SGC_N_RANGES; r++)
        for (size_t f = 0; f < SGC_N_FAMILIES; f++)
            for (int t = 0; t < SGC_T_COUNT; t++) {
                const sgc_family fam = sgc_families[f].family;
                /* Shuffles and broadcasts move 32- and 64-bit words; votes and ballots
                 * take a flag; non-uniform and clustered operations take every type. */
                if (fam <= SGC_F_RELATIVE && t != SGC_T_U32 && t != SGC_T_U64) continue;
                if (sgc_ranges[r].u32_only && t != SGC_T_U32) continue;
                if ((fam == SGC_F_VOTE || fam == SGC_F_BALLOT) && t != SGC_T_U32) continue;
                sgc_fill(&sgc_params[k], &sgc_families[f], (sgc_type)t, &sgc_ranges[r]);
                sgc_register_one(&sgc_params[k++], 0);
            }
#if GC_BUILD_TESTS
    /* Mutants (test builds only), expected to FAIL where they run; their own suite name
     * keeps them out of 'sub_group_coll*'. */
    sgc_mutant_params = &sgc_params[k];
    sgc_n_mutant_params = SGC_N_MUTANTS;
    for (size_t m = 0; m < SGC_N_MUTANTS; m++) {
        const sgc_family_kind *f = NULL;
        for (size_t j = 0; j < SGC_N_FAMILIES; j++)
            if (sgc_families[j].family == sgc_mutants[m].family) f = &sgc_families[j];
        sgc_param *p = &sgc_params[k++];
        sgc_fill(p, f, sgc_mutants[m].type, &sgc_ranges[0]);
        snprintf(p->suite, sizeof p->suite, "mutant_sub_group_coll");
        snprintf(p->name, sizeof p->name, "%s", sgc_mutants[m].name);
        snprintf(p->description, sizeof p->description, "mutant: %s", sgc_mutants[m].what);
        p->define = sgc_mutants[m].define;
        sgc_register_one(p, 1);
    }
    sgc_register_score();
#endif
    sgc_register_bench();
}
