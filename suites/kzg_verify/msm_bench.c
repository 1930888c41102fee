/* SPDX-License-Identifier: Apache-2.0 */
/* msm_bench.c — the variable-base MSM over sizes: 2^12, 2^16 and 2^20 terms (points
 * [i + 1] G, splitmix scalars), each validated against arkworks' answer, then timed on the
 * device (the launches of one pass). --param kzg_verify.msm_chunk / msm_window set
 * the plan's task size and window (0: the library's choice). */
#include <string.h>

#include "suites/kzg_verify/verify_suite.h"

typedef struct {
    kv_msm_case *c;
    kzg_pippenger_kernels k;
    kzg_pippenger_plan plan;
    gc_buffer *points, *scalars, *out;
    int have_kernels;
} msm_bench_state;

static gc_status bench_setup(gc_test_ctx *ctx) {
    const size_t *n = gc_ctx_test(ctx)->param;
    msm_bench_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    size_t count;
    gc_status st = kv_load_msm_cases(ctx, *n, *n, &s->c, &count);
    if (st) return st;
    uint64_t chunk = 0, c = 0, offsets[2] = {0, *n};
    gc_ctx_param_uint(ctx, "msm_chunk", &chunk);
    gc_ctx_param_uint(ctx, "msm_window", &c);
    if ((st = kv_msm_kernels(ctx, 0, &s->k))) return st;
    s->have_kernels = 1;
    if ((st = gc_ctx_alloc_input(ctx, *n * sizeof(gc_g1a), s->c->points, &s->points)) ||
        (st = gc_ctx_alloc_input(ctx, *n * 32, s->c->scalars, &s->scalars)) ||
        (st = gc_ctx_alloc_output(ctx, sizeof(gc_g1p), &s->out)) ||
        (st = kzg_pippenger_plan_create(&s->plan, gc_ctx_device(ctx), offsets, 1, (uint32_t)chunk, (unsigned)c)))
        return st;
    gc_ctx_note(ctx, "%zu terms: tasks of %u terms at most, %u tasks, window %u bits, %u windows", *n,
                (unsigned)s->plan.chunk, s->plan.n_tasks, s->plan.c, s->plan.n_windows);
    return GC_OK;
}

static gc_status bench_run(gc_test_ctx *ctx) {
    msm_bench_state *s = gc_ctx_state(ctx);
    gc_status st = kzg_pippenger_enqueue(&s->k, &s->plan, s->points, s->scalars, s->out);
    return st ? st : gc_device_finish(gc_ctx_device(ctx));
}

static gc_status bench_check(gc_test_ctx *ctx) {
    msm_bench_state *s = gc_ctx_state(ctx);
    gc_g1p r;
    gc_g1a a;
    uint8_t got[48], want[48];
    gc_status st = gc_buffer_read(s->out, 0, &r, sizeof r);
    if (st) return st;
    gc_g1p_to_affine(&a, &r);
    gc_g1a_compress(got, &a);
    memcpy(want, s->c->result, 48);
    gc_check_bytes(ctx, "MSM result vs py-arkworks-bls12381's multiexp", want, got, 48);
    return GC_OK;
}

static gc_status bench_sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    (void)iteration;
    msm_bench_state *s = gc_ctx_state(ctx);
    gc_timer *t;
    gc_status st = gc_timer_start(gc_ctx_device(ctx), &t);
    if (st) return st;
    st = kzg_pippenger_enqueue(&s->k, &s->plan, s->points, s->scalars, s->out);
    gc_status st2 = gc_timer_stop(t, device_ms);
    *work = (double)s->c->n;
    return st ? st : st2;
}

static void bench_teardown(gc_test_ctx *ctx) {
    msm_bench_state *s = gc_ctx_state(ctx);
    if (!s) return;
    kzg_pippenger_plan_free(&s->plan);
    if (s->have_kernels) kzg_pippenger_kernels_free(&s->k);
}

static const size_t n_4096 = 4096, n_65536 = 65536, n_1m = 1048576;

#define MSM_BENCH(nm, par, desc)                                                                                    \
    {.suite = "kzg_verify", .name = nm, .tags = "kzg,verify,msm,bench", .description = desc, .budget_s = 900,       \
     .min_checks = 1, .param = &par, .setup = bench_setup, .run = bench_run, .check = bench_check,                  \
     .sample = bench_sample, .teardown = bench_teardown, .unit = "terms/s"}

void kv_register_msm_benchmarks(void) {
    static const gc_param_def params[] = {
        {"kzg_verify", "msm_chunk", GC_PARAM_UINT, 0, 1u << 24, "terms a task of the Pippenger MSM (0: the plan's choice)"},
        {"kzg_verify", "msm_window", GC_PARAM_UINT, 0, KZG_PIPPENGER_MAX_C,
         "window bits of the Pippenger MSM, 2..16 (0: log2(task terms) - 2)"}};
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) gc_param_register(&params[i]);
    static const gc_test benches[] = {
        MSM_BENCH("bench.msm_4096", n_4096, "Pippenger MSM of 2^12 terms, validated vs arkworks, then timed"),
        MSM_BENCH("bench.msm_65536", n_65536, "Pippenger MSM of 2^16 terms, validated vs arkworks, then timed"),
        MSM_BENCH("bench.msm_1048576", n_1m, "Pippenger MSM of 2^20 terms, validated vs arkworks, then timed"),
    };
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) gc_test_register(&benches[i]);
}
