/* SPDX-License-Identifier: Apache-2.0 */
/* test_caps.c — host unit tests of the capability tables (src/device/caps.c).
 *
 * Each test builds the whole expected orders × scopes table by hand and compares every
 * cell, so a bit that must be absent is checked as much as one that must be present.
 * The comparator itself is checked first (a negative control): a table that differs
 * from the expectation in a single cell must be reported as a mismatch. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "backend/caps.h"

/* cl_device_atomic_capabilities bits as CL/cl.h defines them (OpenCL 3.0). Restated
 * so that a wrong constant in caps.c cannot be masked by sharing it with the test. */
#define RELAXED (1u << 0)
#define ACQ_REL (1u << 1)
#define SEQ_CST (1u << 2)
#define S_ITEM (1u << 3)
#define S_GROUP (1u << 4)
#define S_DEVICE (1u << 5)
#define S_ALL (1u << 6)

/* Orders in table cells, written out as letters in the expectations: r a l A s =
 * relaxed, acquire, release, acq_rel, seq_cst. */
static uint8_t ord(const char *letters) {
    uint8_t m = 0;
    for (const char *p = letters; *p; p++) {
        switch (*p) {
        case 'r': m |= 1u << GC_ORDER_RELAXED; break;
        case 'a': m |= 1u << GC_ORDER_ACQUIRE; break;
        case 'l': m |= 1u << GC_ORDER_RELEASE; break;
        case 'A': m |= 1u << GC_ORDER_ACQ_REL; break;
        case 's': m |= 1u << GC_ORDER_SEQ_CST; break;
        default: break;
        }
    }
    return m;
}
#define ALL "ralAs"

typedef struct {
    const char *atomic[GC_SCOPE_COUNT]; /* work_item, work_group, device, system */
    const char *fence[GC_SCOPE_COUNT];
} expect_table;

static int failures;

#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            failures++;                                                                      \
            printf("  FAIL %s:%d: ", __FILE__, __LINE__);                                    \
            printf(__VA_ARGS__);                                                             \
            printf("\n");                                                                    \
        }                                                                                    \
    } while (0)

/* Number of cells (order, scope) of both tables where c disagrees with e, checked
 * through the public accessors gc_caps_atomic/gc_caps_fence. Prints each one when
 * `report` is set. */
static int table_mismatches(const gc_caps *c, const expect_table *e, int report) {
    int bad = 0;
    for (int s = 0; s < GC_SCOPE_COUNT; s++) {
        for (int o = 0; o < GC_ORDER_COUNT; o++) {
            int want_a = (ord(e->atomic[s]) >> o) & 1, want_f = (ord(e->fence[s]) >> o) & 1;
            int got_a = gc_caps_atomic(c, (gc_memory_order)o, (gc_memory_scope)s);
            int got_f = gc_caps_fence(c, (gc_memory_order)o, (gc_memory_scope)s);
            if (got_a != want_a) {
                bad++;
                if (report)
                    printf("  FAIL atomic order %d scope %d: got %d want %d\n", o, s, got_a, want_a);
            }
            if (got_f != want_f) {
                bad++;
                if (report)
                    printf("  FAIL fence order %d scope %d: got %d want %d\n", o, s, got_f, want_f);
            }
        }
    }
    return bad;
}

static void expect(const gc_caps *c, const expect_table *e) {
    failures += table_mismatches(c, e, 1);
}

/* ---- the comparator catches a one-cell difference ------------------------------- */
static void test_table_mismatches__detects_single_cell(void) {
    gc_caps c;
    gc_caps_from_cuda_cc(&c, 9, 0);
    expect_table right = {{"", ALL, ALL, ALL}, {"r", ALL, ALL, ALL}};
    CHECK(table_mismatches(&c, &right, 0) == 0, "comparator rejects the correct table");
    expect_table wrong = right;
    wrong.fence[GC_SCOPE_SYSTEM] = "ralA"; /* seq_cst at system scope dropped */
    CHECK(table_mismatches(&c, &wrong, 0) == 1, "comparator misses a one-cell difference");
    gc_caps mutant = c;
    mutant.atomic_orders[GC_SCOPE_DEVICE] &= (uint8_t)~(1u << GC_ORDER_RELEASE);
    CHECK(table_mismatches(&mutant, &right, 0) == 1, "comparator misses a cleared bit");
}

/* ---- accessors ------------------------------------------------------------------- */
static void test_gc_caps_accessors__reject_out_of_range(void) {
    gc_caps c;
    memset(&c, 0xff, sizeof c); /* every bit set: only the range checks can say no */
    CHECK(gc_caps_atomic(&c, GC_ORDER_SEQ_CST, GC_SCOPE_SYSTEM) == 1, "in-range cell not read");
    CHECK(gc_caps_fence(&c, GC_ORDER_RELAXED, GC_SCOPE_WORK_ITEM) == 1, "in-range cell not read");
    CHECK(gc_caps_atomic(&c, GC_ORDER_COUNT, GC_SCOPE_DEVICE) == 0, "order past the end accepted");
    CHECK(gc_caps_fence(&c, GC_ORDER_RELAXED, GC_SCOPE_COUNT) == 0, "scope past the end accepted");
    CHECK(gc_caps_atomic(&c, (gc_memory_order)-1, GC_SCOPE_DEVICE) == 0, "negative order accepted");
    CHECK(gc_caps_fence(NULL, GC_ORDER_RELAXED, GC_SCOPE_DEVICE) == 0, "NULL caps accepted");
    CHECK(gc_caps_atomic(NULL, GC_ORDER_RELAXED, GC_SCOPE_DEVICE) == 0, "NULL caps accepted");
}

/* ---- CUDA ------------------------------------------------------------------------ */
static void test_gc_caps_from_cuda_cc__sm90_full_tables(void) {
    gc_caps c;
    memset(&c, 0x5a, sizeof c); /* poison: every field must be written */
    gc_caps_from_cuda_cc(&c, 9, 0);
    expect_table e = {{"", ALL, ALL, ALL}, {"r", ALL, ALL, ALL}};
    expect(&c, &e);
    CHECK(c.int64_atomics == 1, "int64 atomics %d", c.int64_atomics);
    CHECK(c.sub_groups == 1, "sub_groups %d", c.sub_groups);
    CHECK(c.n_sub_group_sizes == 1 && c.sub_group_sizes[0] == 32, "sub-group sizes n=%u [0]=%u",
          c.n_sub_group_sizes, c.sub_group_sizes[0]);
    CHECK(c.sub_group_sizes[1] == 0, "poison left in sub_group_sizes[1]: %u", c.sub_group_sizes[1]);
    CHECK(c.non_uniform_work_groups == 0, "non-uniform %d", c.non_uniform_work_groups);
    CHECK(c.host_mapped_memory == 1, "host mapped %d", c.host_mapped_memory);
    CHECK(c.native_bounded_atomic_inc == 1, "bounded inc %d", c.native_bounded_atomic_inc);
}

static void test_gc_caps_from_cuda_cc__sm70_is_the_threshold(void) {
    gc_caps c;
    gc_caps_from_cuda_cc(&c, 7, 0);
    expect_table full = {{"", ALL, ALL, ALL}, {"r", ALL, ALL, ALL}};
    expect(&c, &full);
    gc_caps_from_cuda_cc(&c, 6, 1); /* Pascal: no scoped PTX, so no orders at all */
    expect_table none = {{"", "", "", ""}, {"", "", "", ""}};
    expect(&c, &none);
    CHECK(c.int64_atomics == 1 && c.sub_groups == 1, "sm_61 lost int64 atomics or warps");
}

/* ---- OpenCL 3.0 ------------------------------------------------------------------ */
static void test_gc_caps_from_opencl__30_pocl_masks(void) {
    /* What PoCL 3.1 reports (clinfo on the development machine). */
    gc_caps c;
    memset(&c, 0x5a, sizeof c);
    gc_caps_from_opencl(&c, 1, RELAXED | ACQ_REL | SEQ_CST | S_GROUP | S_DEVICE | S_ALL,
                        RELAXED | ACQ_REL | SEQ_CST | S_ITEM | S_GROUP | S_DEVICE, 3);
    expect_table e = {{"", ALL, ALL, ALL}, {ALL, ALL, ALL, ""}};
    expect(&c, &e);
    /* The backend fills the rest; the order-table helper must not leave poison. */
    CHECK(c.int64_atomics == 0 && c.sub_groups == 0 && c.n_sub_group_sizes == 0 &&
              c.host_mapped_memory == 0 && c.native_bounded_atomic_inc == 0 &&
              c.non_uniform_work_groups == 0,
          "non-order fields not cleared");
    CHECK(gc_caps_opencl_legacy_atomics(1, RELAXED | S_GROUP | S_DEVICE, 3) == 0,
          "device-scope 3.0 atomics sent to the 1.2 built-ins");
}

static void test_gc_caps_from_opencl__30_acq_rel_implies_acquire_and_release(void) {
    gc_caps c;
    gc_caps_from_opencl(&c, 1, RELAXED | ACQ_REL | S_GROUP | S_DEVICE,
                        RELAXED | ACQ_REL | S_GROUP | S_DEVICE, 3);
    expect_table e = {{"", "ralA", "ralA", ""}, {"", "ralA", "ralA", ""}};
    expect(&c, &e);
}

static void test_gc_caps_from_opencl__30_scopes_are_independent_bits(void) {
    /* seq_cst without acq_rel, and all-devices scope without work-group: unusual but
     * legal masks must decode bit by bit, not by assuming a hierarchy. */
    gc_caps c;
    gc_caps_from_opencl(&c, 1, SEQ_CST | S_DEVICE | S_ALL, RELAXED | S_ITEM | S_ALL, 3);
    expect_table e = {{"", "", "s", "s"}, {"r", "", "", "r"}};
    expect(&c, &e);
}

static void test_gc_caps_from_opencl__work_item_bit_ignored_for_atomics(void) {
    gc_caps c;
    gc_caps_from_opencl(&c, 1, RELAXED | S_ITEM | S_GROUP | S_DEVICE, RELAXED | ACQ_REL | S_GROUP, 3);
    expect_table e = {{"", "r", "r", ""}, {"", "ralA", "", ""}};
    expect(&c, &e);
}

/* A 3.0 device that reports device and system scope in its capability queries but whose
 * compiler lacks the scope feature macros: the dialect would compile those scopes
 * narrower, so the tables must not offer them, and the narrowing must be named. */
static void test_gc_caps_opencl_scope_features__narrowed_scopes_are_not_offered(void) {
    const uint64_t full = RELAXED | ACQ_REL | SEQ_CST | S_GROUP | S_DEVICE | S_ALL;
    gc_caps c;
    gc_caps_from_opencl(&c, 1, full, full | S_ITEM, 3);
    gc_caps_opencl_scope_features(&c, 3, 0, 1, 1); /* both features: nothing changes */
    expect_table all = {{"", ALL, ALL, ALL}, {ALL, ALL, ALL, ALL}};
    expect(&c, &all);
    gc_memory_scope as = GC_SCOPE_COUNT;
    CHECK(!gc_caps_scope_narrowed(&c, GC_SCOPE_DEVICE, &as) && !gc_caps_scope_narrowed(&c, GC_SCOPE_SYSTEM, &as),
          "a scope marked narrowed although the compiler has its feature");

    gc_caps_from_opencl(&c, 1, full, full | S_ITEM, 3);
    gc_caps_opencl_scope_features(&c, 3, 0, 0, 1); /* no __opencl_c_atomic_scope_device */
    expect_table no_device = {{"", ALL, "", ALL}, {ALL, ALL, "", ALL}};
    expect(&c, &no_device);
    CHECK(gc_caps_scope_narrowed(&c, GC_SCOPE_DEVICE, &as) && as == GC_SCOPE_WORK_GROUP,
          "device scope not reported as compiled to work_group (%d)", (int)as);
    CHECK(!gc_caps_scope_narrowed(&c, GC_SCOPE_SYSTEM, &as), "system scope reported narrowed");

    gc_caps_from_opencl(&c, 1, full, full | S_ITEM, 3);
    gc_caps_opencl_scope_features(&c, 3, 0, 1, 0); /* no __opencl_c_atomic_scope_all_devices */
    expect_table no_all = {{"", ALL, ALL, ""}, {ALL, ALL, ALL, ""}};
    expect(&c, &no_all);
    CHECK(gc_caps_scope_narrowed(&c, GC_SCOPE_SYSTEM, &as) && as == GC_SCOPE_DEVICE,
          "system scope not reported as compiled to device (%d)", (int)as);

    /* OpenCL C 2.0 has no feature macros to miss, and the 1.2 built-ins take no scope. */
    gc_caps_from_opencl(&c, 1, full, full | S_ITEM, 2);
    gc_caps_opencl_scope_features(&c, 2, 0, 0, 0);
    CHECK(!gc_caps_scope_narrowed(&c, GC_SCOPE_DEVICE, NULL), "OpenCL C 2.0 marked narrowed");
    CHECK(!gc_caps_scope_narrowed(NULL, GC_SCOPE_DEVICE, NULL) && !gc_caps_scope_narrowed(&c, GC_SCOPE_COUNT, NULL),
          "NULL caps or a scope past the end reported narrowed");
}

static void test_gc_caps_from_opencl__30_work_group_only_uses_12_builtins(void) {
    /* NVIDIA's OpenCL 3.0: the mandated minimum, atomics relaxed at work-group scope. */
    uint64_t mem = RELAXED | S_GROUP, fence = RELAXED | ACQ_REL | S_GROUP;
    CHECK(gc_caps_opencl_legacy_atomics(1, mem, 3) == 1, "work-group-only 3.0 kept C11 atomics");
    gc_caps c;
    gc_caps_from_opencl(&c, 1, mem, fence, 3);
    expect_table e = {{"", "r", "r", ""}, {"", "ralA", "", ""}};
    expect(&c, &e);
}

static void test_gc_caps_from_opencl__30_device_with_c12_compiler(void) {
    /* A 3.0 device whose OpenCL C is 1.2 only: the masks do not apply to 1.2 code. */
    uint64_t full = RELAXED | ACQ_REL | SEQ_CST | S_ITEM | S_GROUP | S_DEVICE | S_ALL;
    CHECK(gc_caps_opencl_legacy_atomics(1, full, 1) == 1, "OpenCL C 1.2 compile kept C11 atomics");
    gc_caps c;
    gc_caps_from_opencl(&c, 1, full, full, 1);
    expect_table e = {{"", "r", "r", ""}, {"", "ralA", "", ""}};
    expect(&c, &e);
}

/* ---- OpenCL 2.x and 1.2 fallbacks -------------------------------------------------- */
static void test_gc_caps_from_opencl__2x_spec_equivalents(void) {
    gc_caps c;
    /* Masks are not queried on 2.x; garbage passed in must be ignored. */
    gc_caps_from_opencl(&c, 0, RELAXED, S_ITEM, 2);
    expect_table e = {{"", ALL, ALL, ALL}, {ALL, ALL, ALL, ""}};
    expect(&c, &e);
    CHECK(gc_caps_opencl_legacy_atomics(0, 0, 2) == 0, "2.x sent to the 1.2 built-ins");
}

static void test_gc_caps_from_opencl__12_fallback(void) {
    gc_caps c;
    gc_caps_from_opencl(&c, 0, 0, 0, 1);
    expect_table e = {{"", "r", "r", ""}, {"", "ralA", "", ""}};
    expect(&c, &e);
    CHECK(gc_caps_opencl_legacy_atomics(0, 0, 1) == 1, "1.2 not sent to the 1.2 built-ins");
}

int main(void) {
    struct {
        const char *name;
        void (*fn)(void);
    } tests[] = {
#define T(f) {#f, f}
        T(test_table_mismatches__detects_single_cell),
        T(test_gc_caps_accessors__reject_out_of_range),
        T(test_gc_caps_from_cuda_cc__sm90_full_tables),
        T(test_gc_caps_from_cuda_cc__sm70_is_the_threshold),
        T(test_gc_caps_from_opencl__30_pocl_masks),
        T(test_gc_caps_from_opencl__30_acq_rel_implies_acquire_and_release),
        T(test_gc_caps_from_opencl__30_scopes_are_independent_bits),
        T(test_gc_caps_from_opencl__work_item_bit_ignored_for_atomics),
        T(test_gc_caps_opencl_scope_features__narrowed_scopes_are_not_offered),
        T(test_gc_caps_from_opencl__30_work_group_only_uses_12_builtins),
        T(test_gc_caps_from_opencl__30_device_with_c12_compiler),
        T(test_gc_caps_from_opencl__2x_spec_equivalents),
        T(test_gc_caps_from_opencl__12_fallback),
#undef T
    };
    int total_failed = 0;
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        int before = failures;
        tests[i].fn();
        int ok = failures == before;
        total_failed += !ok;
        printf("%s %s\n", ok ? "ok  " : "FAIL", tests[i].name);
    }
    printf("%d of %zu tests failed\n", total_failed, sizeof tests / sizeof tests[0]);
    return total_failed ? 1 : 0;
}
