/* SPDX-License-Identifier: Apache-2.0 */
/* selftest_suite.c — tests that must NOT pass, one per guard of the harness: a canary
 * that catches an unwritten element (FAIL), a comparator that cannot fail (BROKEN), a
 * kernel that spins forever (TIMEOUT), a kernel that faults (CRASH or ERROR), a missing
 * capability (SKIP), too few checks exercised (INCONCLUSIVE), a mutant whose checks all
 * pass (FAIL: the mutant survived), a test that counts zero checks (BROKEN), one too few
 * in a part (INCONCLUSIVE), a measurement (MEASURED, and FAIL where its check fails), a
 * check that could not have failed here (UNVALIDATED). They are tagged `manual`,
 * so `gpucheck run` leaves them out unless --filter names them; tests/harness_selftest.cmake
 * runs each and asserts its outcome. */
#include <stdio.h>
#include <string.h>

#include "gpucheck/gc_harness.h"

#define SRC "suites/harness_selftest/selftest.gc"
#define N 4096

static gc_status launch_fill(gc_test_ctx *ctx, const char *kernel, uint32_t **got) {
    gc_buffer *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_output(ctx, N * 4, &out)) || (st = gc_ctx_kernel(ctx, SRC, NULL, 0, kernel, &k))) return st;
    uint32_t n = N;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_VAL(n)};
    gc_range r = {1, {N, 1, 1}, {64, 1, 1}, 0};
    /* fill takes one argument; skip_last two */
    if ((st = gc_kernel_launch(k, &r, args, strcmp(kernel, "fill") == 0 ? 1 : 2, NULL))) return st;
    *got = gc_ctx_malloc(ctx, N * 4);
    if (!*got) return GC_ERR_NO_MEMORY;
    return gc_buffer_read(out, 0, *got, N * 4);
}

static uint32_t *expected_fill(gc_test_ctx *ctx) {
    uint32_t *want = gc_ctx_malloc(ctx, N * 4);
    for (uint32_t i = 0; want && i < N; i++) want[i] = i * 2654435761u;
    return want;
}

static gc_status canary_run(gc_test_ctx *ctx) {
    uint32_t *got, *want = expected_fill(ctx);
    if (!want) return GC_ERR_NO_MEMORY;
    gc_status st = launch_fill(ctx, "skip_last", &got);
    if (st) return st;
    gc_check_u32(ctx, "all elements", want, got, N);
    return GC_OK;
}

static int always_equal(const void *a, const void *b, size_t n) {
    (void)a, (void)b, (void)n;
    return 1;
}

static gc_status always_equal_run(gc_test_ctx *ctx) {
    uint32_t *got, *want = expected_fill(ctx);
    if (!want) return GC_ERR_NO_MEMORY;
    gc_status st = launch_fill(ctx, "fill", &got);
    if (st) return st;
    gc_check_custom(ctx, "with an equality that always says equal", want, got, N, 4, always_equal, NULL);
    return GC_OK;
}

static gc_status spin_run(gc_test_ctx *ctx) {
    gc_buffer *flag, *out;
    gc_kernel *k;
    gc_status st;
    uint32_t zero = 0;
    if ((st = gc_ctx_alloc_input(ctx, 4, &zero, &flag)) || (st = gc_ctx_alloc_output(ctx, 4, &out)) ||
        (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "spin_forever", &k)))
        return st;
    gc_arg args[] = {GC_ARG_BUF(flag), GC_ARG_BUF(out)};
    gc_range r = {1, {1, 1, 1}, {1, 1, 1}, 0};
    st = gc_kernel_launch(k, &r, args, 2, NULL);
    gc_ctx_fail(ctx, "the spinning kernel returned (%s): it should never finish", gc_status_name(st));
    return GC_OK;
}

static gc_status fault_run(gc_test_ctx *ctx) {
    gc_buffer *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_output(ctx, 64, &out)) || (st = gc_ctx_kernel(ctx, SRC, NULL, 0, "wild_write", &k)))
        return st;
    uint64_t offset = 1ull << 40; /* 4 TiB past the buffer: unmapped everywhere */
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_VAL(offset)};
    gc_range r = {1, {64, 1, 1}, {64, 1, 1}, 0};
    st = gc_kernel_launch(k, &r, args, 2, NULL);
    if (st == GC_OK) st = gc_device_finish(gc_ctx_device(ctx));
    if (st != GC_OK) return st; /* the driver reported the fault: ERROR */
    gc_ctx_fail(ctx, "a write 4 TiB out of bounds went unnoticed");
    return GC_OK;
}

static const char *needs_huge_local(const gc_test *t, const gc_device_info *info) {
    (void)t;
    static char why[160];
    if (info->local_mem_bytes >= (1ull << 40)) return NULL;
    snprintf(why, sizeof why, "needs 1 TiB of local memory per work-group; the device has %llu bytes",
             (unsigned long long)info->local_mem_bytes);
    return why;
}

static gc_status too_few_run(gc_test_ctx *ctx) {
    uint32_t *got, *want = expected_fill(ctx);
    if (!want) return GC_ERR_NO_MEMORY;
    gc_status st = launch_fill(ctx, "fill", &got);
    if (st) return st;
    gc_check_u32(ctx, "all elements", want, got, N); /* N checks, threshold 10 N */
    return GC_OK;
}

/* Compares N elements that the kernel wrote, then says it exercised no check: a count of
 * zero makes the test BROKEN whatever counted it. */
static gc_status counted_zero_run(gc_test_ctx *ctx) {
    gc_status st = too_few_run(ctx);
    gc_ctx_count_checks(ctx, 0);
    return st;
}

static gc_status inconclusive_part_run(gc_test_ctx *ctx) {
    gc_status st = too_few_run(ctx);
    gc_ctx_inconclusive(ctx, "part two exercised its check 0 times, fewer than 1");
    return st;
}

static gc_status measured_run(gc_test_ctx *ctx) {
    gc_status st = too_few_run(ctx);
    gc_ctx_measured(ctx, "a measurement: %u elements written", N);
    return st;
}

static gc_status measured_failing_run(gc_test_ctx *ctx) {
    gc_status st = canary_run(ctx);
    gc_ctx_measured(ctx, "a measurement whose check fails");
    return st;
}

static gc_status unvalidated_run(gc_test_ctx *ctx) {
    gc_status st = too_few_run(ctx);
    gc_ctx_unvalidated(ctx, "the check passed, but its weakened twin was never observed on this device");
    return st;
}

void gc_suite_harness_selftest_register(void) {
    static const gc_test tests[] = {
        {.suite = "harness_selftest", .name = "canary_unwritten", .tags = "manual,expect:FAIL",
         .description = "one element left unwritten must FAIL through the canary", .budget_s = 60,
         .run = canary_run},
        {.suite = "harness_selftest", .name = "comparator_always_equal", .tags = "manual,expect:BROKEN",
         .description = "an equality that cannot fail must make the test BROKEN", .budget_s = 60,
         .run = always_equal_run},
        {.suite = "harness_selftest", .name = "spin_forever", .tags = "manual,expect:TIMEOUT",
         .description = "a kernel that never ends must be a TIMEOUT within its budget", .budget_s = 4,
         .run = spin_run},
        {.suite = "harness_selftest", .name = "wild_write", .tags = "manual,expect:CRASH|ERROR",
         .description = "a kernel that faults must be CRASH or ERROR", .budget_s = 60, .run = fault_run},
        {.suite = "harness_selftest", .name = "missing_capability", .tags = "manual,expect:SKIP",
         .description = "a test needing an absent capability must SKIP with the reason", .budget_s = 60,
         .requires = needs_huge_local, .run = too_few_run},
        {.suite = "harness_selftest", .name = "too_few_checks", .tags = "manual,expect:INCONCLUSIVE",
         .description = "a check exercised fewer times than its threshold is INCONCLUSIVE", .budget_s = 60,
         .min_checks = 10 * N, .run = too_few_run},
        {.suite = "harness_selftest", .name = "mutant_survives", .tags = "manual,expect:FAIL",
         .description = "a test built to fail (expect FAIL) whose checks all pass must FAIL: mutant survived",
         .budget_s = 60, .expect = GC_FAIL, .run = too_few_run},
        {.suite = "harness_selftest", .name = "counted_zero_checks", .tags = "manual,expect:BROKEN",
         .description = "a test that counts 0 checks exercised is BROKEN, even after passing comparisons",
         .budget_s = 60, .run = counted_zero_run},
        {.suite = "harness_selftest", .name = "inconclusive_part", .tags = "manual,expect:INCONCLUSIVE",
         .description = "a part of a test below its own check minimum makes it INCONCLUSIVE, whatever the total",
         .budget_s = 60, .run = inconclusive_part_run},
        {.suite = "harness_selftest", .name = "measured", .tags = "manual,expect:MEASURED",
         .description = "a measurement whose checks pass is MEASURED, not PASS (counted neither way)",
         .budget_s = 60, .run = measured_run},
        {.suite = "harness_selftest", .name = "measured_failing", .tags = "manual,expect:FAIL",
         .description = "a measurement whose check fails is FAIL, not MEASURED", .budget_s = 60,
         .run = measured_failing_run},
        {.suite = "harness_selftest", .name = "unvalidated", .tags = "manual,expect:UNVALIDATED",
         .description = "a test whose checks could not have failed on the device is UNVALIDATED (counted neither way)",
         .budget_s = 60, .run = unvalidated_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
