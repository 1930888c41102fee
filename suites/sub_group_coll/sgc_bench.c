/* SPDX-License-Identifier: Apache-2.0 */
/* sgc_bench.c — is a sub-group collective worth using here? Each operation (broadcast,
 * shuffle_xor, + reduction, inclusive + scan, any(), ballot bit count) timed as the
 * collective (bench.<op>.sub_group) and as the local-memory-and-barrier code a user
 * writes instead (bench.<op>.local, the baseline: the table reports the collective's
 * time as a ratio to it). Operations per second count one result per work-item per round.
 *
 * Kernels: sgc_bench.gc and sgc_bench_ballot.gc. Before timing, one launch is checked
 * against the host, which replays every round of every group from the inputs and the
 * lane layout the kernel recorded; a wrong result FAILs the benchmark, unmeasured. Sizes:
 * 2^21 work-items and 256 rounds on a GPU (long enough that the launch is not the time),
 * 2^16 and 32 on a CPU (times --scale). */
#include <stdio.h>
#include <string.h>

#include "suites/sub_group_coll/sgc_bench.h"
#include "suites/sub_group_coll/sgc_model.h"

#define SGB_SRC "suites/sub_group_coll/sgc_bench.gc"
#define SGB_BALLOT_SRC "suites/sub_group_coll/sgc_bench_ballot.gc"

static const struct {
    const char *name, *source, *what;
} sgb_ops[SGB_COUNT] = {
    {"broadcast", SGB_SRC, "broadcast from lane i % W"},
    {"shuffle", SGB_SRC, "shuffle_xor with mask 1 + i % (W - 1)"},
    {"reduce", SGB_SRC, "+ reduction"},
    {"scan", SGB_SRC, "inclusive + scan"},
    {"vote", SGB_SRC, "any() of a 1-in-16 predicate"},
    {"ballot", SGB_BALLOT_SRC, "ballot bit count of a 1-in-4 predicate"}, /* the collective's */
};

typedef struct {
    gc_kernel *k;
    gc_buffer *out, *lay, *in;
    gc_range range;
    uint32_t n, R, W;
    uint32_t *host_in;
} sgb_state;

static const char *sgb_requires(const gc_test *t, const gc_device_info *info) {
    (void)t;
    if (!info->caps.sub_groups) return "device has no sub-groups (the local variant takes their width)";
    if (info->max_work_group_size < SGC_BENCH_WG) return "work-groups of 256 work-items do not fit the device";
    return NULL;
}

static gc_status sgb_kernel(gc_test_ctx *ctx, sgb_op op, int local, const char *define, gc_kernel **k) {
    const char *source = local ? SGB_SRC : sgb_ops[op].source;
    char name[48];
    snprintf(name, sizeof name, "sgc_bench_%s_%s", sgb_ops[op].name, local ? "local" : "sg");
    return gc_ctx_kernel(ctx, source, define ? &define : NULL, define ? 1 : 0, name, k);
}

/* W: the sub-group size the runtime gives the collective's kernel over this range. The
 * local variants take the + reduction's (their own module's, so that none needs the
 * ballot builtins); Intel's runtime and CUDA give every kernel here the same size. */
static gc_status sgb_width(gc_test_ctx *ctx, const sgb_param *p, sgb_state *s) {
    gc_kernel *sg = s->k;
    gc_status st = p->local ? sgb_kernel(ctx, SGB_REDUCE, 0, NULL, &sg) : GC_OK;
    if (st != GC_OK) return st;
    gc_sub_group_info q;
    s->W = gc_kernel_sub_group_info(sg, &s->range, &q) == GC_OK ? q.max_sub_group_size : 0;
    const gc_caps *caps = &gc_ctx_info(ctx)->caps;
    unsigned largest = 0; /* where the runtime cannot say: the device's largest size */
    for (unsigned k = 0; k < caps->n_sub_group_sizes; k++)
        if (caps->sub_group_sizes[k] > largest) largest = caps->sub_group_sizes[k];
    if (!s->W) s->W = largest;
    if (s->W < 2 || SGC_BENCH_WG % s->W) {
        gc_ctx_skip(ctx, "sub-group size %u: groups of lanes must be at least 2 and divide the work-group of %d",
                    s->W, SGC_BENCH_WG);
        return GC_ERR_UNSUPPORTED;
    }
    return GC_OK;
}

static gc_status sgb_launch(sgb_state *s, double *ms) {
    gc_arg args[] = {GC_ARG_BUF(s->out), GC_ARG_BUF(s->lay), GC_ARG_BUF(s->in), GC_ARG_VAL(s->R), GC_ARG_VAL(s->W)};
    return gc_kernel_launch(s->k, &s->range, args, 5, ms);
}

static gc_status sgb_run(gc_test_ctx *ctx) {
    const sgb_param *p = gc_ctx_test(ctx)->param;
    const gc_device_info *info = gc_ctx_info(ctx);
    sgb_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    double items = (info->is_cpu ? 65536.0 : 2097152.0) * gc_ctx_scale(ctx);
    if (items > 16777216.0) items = 16777216.0;
    s->n = ((uint32_t)items / SGC_BENCH_WG) * SGC_BENCH_WG;
    if (s->n < SGC_BENCH_WG) s->n = SGC_BENCH_WG;
    s->R = info->is_cpu ? 32u : 256u;
    s->range = (gc_range){1, {s->n, 1, 1}, {SGC_BENCH_WG, 1, 1}, 0};
    gc_status st = sgb_kernel(ctx, p->op, p->local, p->define, &s->k);
    if (st == GC_ERR_NO_KERNEL) {
        gc_ctx_skip(ctx, "the device's kernel compiler does not define sgc_bench_%s_sg (no %s)", sgb_ops[p->op].name,
                    p->op == SGB_SHUFFLE ? "cl_khr_subgroup_shuffle" : "cl_khr_subgroup_ballot");
        return GC_ERR_UNSUPPORTED;
    }
    if (st != GC_OK || (st = sgb_width(ctx, p, s)) != GC_OK) return st;
    if (!(s->host_in = gc_ctx_malloc(ctx, (size_t)s->n * 4))) return GC_ERR_NO_MEMORY;
    for (uint32_t i = 0; i < s->n; i++) s->host_in[i] = gc_ctx_rand_u32(ctx);
    if ((st = gc_ctx_alloc_input(ctx, (size_t)s->n * 4, s->host_in, &s->in)) != GC_OK) return st;
    if ((st = gc_ctx_alloc_output(ctx, (size_t)s->n * 4, &s->out)) != GC_OK) return st;
    if ((st = gc_ctx_alloc_output(ctx, (size_t)s->n * SGC_LAY_WORDS * 4, &s->lay)) != GC_OK) return st;
    gc_ctx_note(ctx, "%u work-items in work-groups of %d, %u rounds, groups of W = %u lanes", s->n, SGC_BENCH_WG, s->R,
                s->W);
    return sgb_launch(s, NULL);
}

/* One group of m lanes through R rounds, v in place (sgc_bench.gc's rounds). */
void sgb_replay(sgb_op op, uint32_t *v, uint32_t *tmp, uint32_t m, uint32_t R) {
    for (uint32_t i = 0; i < R; i++) {
        uint32_t r = 0;
        for (uint32_t j = 0; j < m; j++) {
            const uint32_t pick = (v[j] >> (i % 32u)) & (op == SGB_VOTE ? 15u : 3u);
            if (op == SGB_REDUCE) r += v[j];
            else if (op == SGB_VOTE) r |= pick == 0u;
            else if (op == SGB_BALLOT) r += pick == 0u;
            else if (op == SGB_SCAN) tmp[j] = (j ? tmp[j - 1] : 0u) + v[j];
            else if (op == SGB_SHUFFLE) tmp[j] = v[(j ^ (1u + i % (m - 1u))) % m];
        }
        if (op == SGB_BROADCAST) r = v[i % m];
        for (uint32_t j = 0; j < m; j++) v[j] += ((op == SGB_SCAN || op == SGB_SHUFFLE) ? tmp[j] : r) ^ i;
    }
}

static gc_status sgb_check(gc_test_ctx *ctx) {
    const sgb_param *p = gc_ctx_test(ctx)->param;
    sgb_state *s = gc_ctx_state(ctx);
    uint32_t *lay = gc_ctx_malloc(ctx, (size_t)s->n * SGC_LAY_WORDS * 4), *got = gc_ctx_malloc(ctx, (size_t)s->n * 4);
    uint32_t *want = gc_ctx_malloc(ctx, (size_t)s->n * 4), *v = gc_ctx_malloc(ctx, 2 * SGC_BENCH_WG * 4);
    if (!lay || !got || !want || !v) return GC_ERR_NO_MEMORY;
    gc_status st = gc_buffer_read(s->lay, 0, lay, (size_t)s->n * SGC_LAY_WORDS * 4);
    if (st != GC_OK || (st = gc_buffer_read(s->out, 0, got, (size_t)s->n * 4)) != GC_OK) return st;
    sgc_layout l;
    char msg[256];
    if (sgc_layout_build(lay, s->n, 1, s->range.global, s->range.local, gc_ctx_canary(ctx), &l, msg, sizeof msg)) {
        gc_ctx_fail(ctx, "lane layout inconsistent: %s", msg);
        return GC_OK;
    }
    for (size_t k = 0; k < l.n_groups; k++) {
        const size_t *mem = l.order + l.start[k];
        const uint32_t m = l.size[k] <= SGC_BENCH_WG ? l.size[k] : SGC_BENCH_WG;
        for (uint32_t j = 0; j < m; j++) v[j] = s->host_in[mem[j]];
        sgb_replay(p->op, v, v + SGC_BENCH_WG, m, s->R);
        for (uint32_t j = 0; j < m; j++) want[mem[j]] = v[j];
    }
    gc_ctx_figure(ctx, "lanes_per_group", l.max_size, "");
    gc_ctx_figure(ctx, "work-items", s->n, "items");
    sgc_layout_free(&l);
    char label[64];
    snprintf(label, sizeof label, "%s after %u rounds", sgb_ops[p->op].name, s->R);
    gc_check_u32(ctx, label, want, got, s->n);
    return GC_OK;
}

static gc_status sgb_sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    sgb_state *s = gc_ctx_state(ctx);
    (void)iteration;
    *work = (double)s->n * s->R;
    return sgb_launch(s, device_ms);
}

static void sgb_register_one(const char *suite, const char *name, const char *baseline, const char *desc,
                             const sgb_param *p, gc_outcome expect) {
    gc_test t;
    memset(&t, 0, sizeof t);
    t.suite = suite;
    t.name = name;
    t.tags = expect == GC_FAIL ? "bench,mutant,sub_group" : "bench,sub_group";
    t.description = desc;
    t.expect = expect;
    t.param = p;
    t.requires = sgb_requires;
    t.run = sgb_run;
    t.check = sgb_check;
    t.sample = sgb_sample;
    t.unit = "op/s";
    t.baseline = baseline;
    gc_test_register(&t);
}

void sgc_register_bench(void) {
    static sgb_param params[SGB_COUNT][2];
    static char names[SGB_COUNT][2][40], desc[SGB_COUNT][2][128];
    for (int op = 0; op < SGB_COUNT; op++)
        for (int local = 1; local >= 0; local--) {
            params[op][local] = (sgb_param){(sgb_op)op, local, NULL};
            snprintf(names[op][local], sizeof names[op][local], "bench.%s.%s", sgb_ops[op].name,
                     local ? "local" : "sub_group");
            snprintf(desc[op][local], sizeof desc[op][local], "%s %s", sgb_ops[op].what,
                     local ? "through local memory and barriers (baseline)" : "as a sub-group collective; ratio to local");
            sgb_register_one("sub_group_coll", names[op][local], local ? NULL : names[op][1], desc[op][local],
                             &params[op][local], GC_PASS);
        }
#if GC_BUILD_TESTS
    /* The validation's own mutant: a local tree that leaves a lane out must FAIL, untimed. */
    static const sgb_param tree_short = {SGB_REDUCE, 1, "GC_FAULT=SGC_FAULT_BENCH_TREE_SHORT"};
    sgb_register_one("mutant_sub_group_coll", "bench.reduce.local_tree_short", NULL,
                     "mutant: the benchmark's local + tree leaves each group's last lane out", &tree_short, GC_FAIL);
#endif
}
