/* SPDX-License-Identifier: Apache-2.0 */
/* msm_tests.c — the variable-base MSM (crypto/kzg/msm/pippenger.gc) against py_ecc's and
 * arkworks' known answers: every case of up to 1,000 terms (sizes 1, 2, 7, 64, 1000; zero
 * scalars, infinity points, equal points, a point and its negation, r - 1, digit patterns)
 * as one batch of independent MSMs, under several task sizes and windows, on the device and
 * on the host (pippenger_host.c: the verifier's small calls); and the mutants (a negative
 * digit adding +P, the running sums dropping the top bucket: both sides; the task tree
 * dropping an MSM's unpaired last task) caught. */
#include <stdio.h>
#include <string.h>

#include "suites/kzg_verify/verify_suite.h"

typedef struct {
    uint32_t chunk;
    unsigned c;
} msm_shape;

/* The default shape (the plan's task size), one-term tasks at the smallest window (1,000
 * tasks for the largest case: every level of the task tree, with unpaired tasks), and
 * 16-term tasks that cut every case of more terms in pieces. */
static const msm_shape shapes[] = {{0, 0}, {1, 2}, {16, 5}};
#define KAT_MAX_TERMS 1000u

static gc_status run_shapes(gc_test_ctx *ctx, int mutant, size_t n_shapes) {
    kv_msm_case *cases;
    size_t count;
    gc_status st = kv_load_msm_cases(ctx, 1, KAT_MAX_TERMS, &cases, &count);
    if (st) return st == GC_ERR_NOT_FOUND ? GC_OK : st;
    kzg_pippenger_kernels k;
    if ((st = kv_msm_kernels(ctx, mutant, &k))) return st;
    uint8_t *want = gc_ctx_malloc(ctx, 48 * count), *got = gc_ctx_malloc(ctx, 48 * count);
    if (!want || !got) st = GC_ERR_NO_MEMORY;
    for (size_t s = 0; !st && s < n_shapes; s++) {
        for (size_t i = 0; i < count; i++) memcpy(want + 48 * i, cases[i].result, 48);
        if ((st = kv_msm_batch(ctx, &k, cases, count, shapes[s].chunk, shapes[s].c, got, NULL))) break;
        char label[160];
        snprintf(label, sizeof label, "%zu MSMs of 1..%u terms in one batch (task %u terms, window %u bits; 0: "
                 "default) vs py_ecc/arkworks", count, KAT_MAX_TERMS, shapes[s].chunk, shapes[s].c);
        gc_check_bytes(ctx, label, want, got, 48 * count);
    }
    kzg_pippenger_kernels_free(&k);
    return st;
}

/* The host's MSM of every case in one call, at its own window and at 3 and 8 bits, on one
 * and on four threads. */
static gc_status run_host(gc_test_ctx *ctx, int mutant) {
    kv_msm_case *cases;
    size_t count, n = 0;
    gc_status st = kv_load_msm_cases(ctx, 1, KAT_MAX_TERMS, &cases, &count);
    if (st) return st == GC_ERR_NOT_FOUND ? GC_OK : st;
    uint64_t *offsets = gc_ctx_malloc(ctx, (count + 1) * sizeof *offsets);
    uint8_t *want = gc_ctx_malloc(ctx, 48 * count), *got = gc_ctx_malloc(ctx, 48 * count);
    gc_g1p *res = gc_ctx_malloc(ctx, count * sizeof *res);
    if (!offsets || !want || !got || !res) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < count; i++) offsets[i] = n, n += cases[i].n, memcpy(want + 48 * i, cases[i].result, 48);
    offsets[count] = n;
    gc_g1a *pts = gc_ctx_malloc(ctx, n * sizeof *pts);
    uint32_t *sc = gc_ctx_malloc(ctx, 32 * n);
    if (!pts || !sc) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < count; i++) {
        memcpy(pts + offsets[i], cases[i].points, cases[i].n * sizeof *pts);
        memcpy(sc + 8 * offsets[i], cases[i].scalars, cases[i].n * 32);
    }
    static const unsigned windows[] = {0, 3, 8}, threads[] = {1, 4};
    for (size_t w = 0; w < 3; w++)
        for (size_t t = 0; t < 2; t++) {
            if (kzg_pippenger_host(pts, sc, offsets, (uint32_t)count, windows[w], threads[t], mutant, res))
                return GC_ERR_NO_MEMORY;
            for (size_t i = 0; i < count; i++) {
                gc_g1a a;
                gc_g1p_to_affine(&a, &res[i]);
                gc_g1a_compress(got + 48 * i, &a);
            }
            char label[128];
            snprintf(label, sizeof label, "host: %zu MSMs of 1..%u terms (window %u bits, 0: its own; %u threads)",
                     count, KAT_MAX_TERMS, windows[w], threads[t]);
            gc_check_bytes(ctx, label, want, got, 48 * count);
        }
    return GC_OK;
}

static gc_status known_answers_run(gc_test_ctx *ctx) {
    gc_status st = run_shapes(ctx, 0, sizeof shapes / sizeof shapes[0]);
    return st ? st : run_host(ctx, 0);
}

/* The mutants run the first two shapes: the default one may give every MSM a power of two
 * of tasks, where the task tree has no unpaired task to drop. */
static gc_status mutant_run(gc_test_ctx *ctx) {
    const int *m = gc_ctx_test(ctx)->param;
    gc_status st = run_shapes(ctx, *m, 2);
    return st || *m == 25 ? st : run_host(ctx, *m); /* the host has no task tree */
}

/* A plan refuses what it cannot run. */
static gc_status plan_arguments_run(gc_test_ctx *ctx) {
    kzg_pippenger_plan p;
    uint64_t ok[3] = {0, 4, 9}, bad[3] = {0, 5, 2}, huge[2] = {0, 1ull << 32};
    uint32_t got[5], want[5] = {GC_ERR_ARGUMENT, GC_ERR_ARGUMENT, GC_ERR_ARGUMENT, GC_ERR_ARGUMENT, GC_OK};
    gc_device *dev = gc_ctx_device(ctx);
    got[0] = (uint32_t)kzg_pippenger_plan_create(&p, dev, bad, 2, 0, 0);  /* offsets decrease */
    got[1] = (uint32_t)kzg_pippenger_plan_create(&p, dev, ok, 0, 0, 0);   /* no MSM */
    got[2] = (uint32_t)kzg_pippenger_plan_create(&p, dev, ok, 2, 0, 17);  /* window too wide */
    got[3] = (uint32_t)kzg_pippenger_plan_create(&p, dev, huge, 1, 0, 0); /* 2^32 terms */
    got[4] = (uint32_t)kzg_pippenger_plan_create(&p, dev, ok, 2, 0, 0);
    kzg_pippenger_plan_free(&p);
    gc_check_u32(ctx, "plan_create: GC_ERR_ARGUMENT for bad offsets, no MSM, c > 16, 2^32 terms; else GC_OK", want,
                 got, 5);
    return GC_OK;
}

static const int mutant_digit_sign = 20, mutant_top_bucket = 21, mutant_task_tree_tail = 25;

void kv_register_msm_tests(void) {
    static const gc_test tests[] = {
        {.suite = "kzg_verify", .name = "msm.known_answers", .tags = "kzg,verify,msm",
         .description = "Pippenger MSM, sizes 1..1000 and edge cases batched, 3 shapes, vs py_ecc and arkworks",
         .budget_s = 600, .min_checks = 3, .run = known_answers_run},
        {.suite = "kzg_verify", .name = "msm.plan_arguments", .tags = "kzg,verify,msm",
         .description = "Pippenger plans refuse bad offsets, empty batches, windows over 16 bits, 2^32 terms",
         .budget_s = 60, .min_checks = 1, .run = plan_arguments_run},
        {.suite = "mutant_kzg_verify", .name = "msm.digit_sign", .tags = "kzg,verify,msm,mutant",
         .description = "Pippenger with a negative digit adding +P: the known answers must catch it",
         .budget_s = 600, .min_checks = 1, .expect = GC_FAIL, .param = &mutant_digit_sign, .run = mutant_run},
        {.suite = "mutant_kzg_verify", .name = "msm.top_bucket", .tags = "kzg,verify,msm,mutant",
         .description = "Pippenger whose running sums drop the top bucket: the known answers must catch it",
         .budget_s = 600, .min_checks = 1, .expect = GC_FAIL, .param = &mutant_top_bucket, .run = mutant_run},
        {.suite = "mutant_kzg_verify", .name = "msm.task_tree_tail", .tags = "kzg,verify,msm,mutant",
         .description = "Pippenger whose task tree drops an MSM's unpaired last task: the known answers must catch it",
         .budget_s = 600, .min_checks = 1, .expect = GC_FAIL, .param = &mutant_task_tree_tail, .run = mutant_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
