/* SPDX-License-Identifier: Apache-2.0 */
/* register.c — the atomic_incdec suite: bounded atomic increment and decrement
 * (kernels/gc_atomic_bounded.h) in every form, its edge sequences, contention tests and
 * benchmarks, and in a test build its mutants. */
#include <stddef.h>

#include "incdec_suite.h"

#if GC_BUILD_TESTS
/* Mutants (test builds only): the ordinary CAS tests on the off-by-one builds of
 * kernels/gc_atomic_bounded.h (its fault sites), expected to FAIL: the direction each
 * fault breaks, and the mixed runs. */
static void register_mutants(void) {
    static const incdec_param params[] = {
        {INCDEC_CAS, 0, "GC_BOUNDED_FAULT_INC_LATE", 0}, {INCDEC_CAS, 0, "GC_BOUNDED_FAULT_INC_LATE", 0},
        {INCDEC_CAS, 2, "GC_BOUNDED_FAULT_INC_LATE", 0}, {INCDEC_CAS, 1, "GC_BOUNDED_FAULT_DEC_EARLY", 0},
        {INCDEC_CAS, 1, "GC_BOUNDED_FAULT_DEC_EARLY", 0}, {INCDEC_CAS, 2, "GC_BOUNDED_FAULT_DEC_EARLY", 0}};
    static const char *const names[] = {"inc_wraps_late.edges",  "inc_wraps_late.contention_inc",
                                        "inc_wraps_late.contention_mixed", "dec_wraps_early.edges",
                                        "dec_wraps_early.contention_dec", "dec_wraps_early.contention_mixed"};
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        const int inc = i < 3;
        gc_test t = i % 3 == 0 ? incdec_edges_test(&params[i]) : incdec_contention_test(&params[i]);
        t.suite = "mutant_" INCDEC_SUITE;
        t.name = names[i];
        t.tags = "mutant,atomic";
        t.description = inc ? "mutant: the CAS tests on an increment that wraps at old > bound"
                            : "mutant: the CAS tests on a decrement that wraps at old >= bound";
        t.expect = GC_FAIL;
        gc_test_register(&t);
    }
}
#endif

void gc_suite_atomic_incdec_register(void) {
    incdec_register_edges();
    incdec_register_contention();
    incdec_register_bench();
#if GC_BUILD_TESTS
    register_mutants();
#endif
}
