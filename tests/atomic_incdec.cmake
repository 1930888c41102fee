# atomic_incdec through the CLI on the default device (PoCL in CI).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_INCDEC_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli>)

# The suite passes: every form the device has, and the in-registry mutant tests (which
# PASS when the checks catch the off-by-one CAS builds). The native form is SKIP on OpenCL.
add_test(NAME atomic_incdec.suite
         COMMAND ${GC_INCDEC_EXPECT} 0
                 "atomic_incdec.edges.cas=PASS" "atomic_incdec.edges.fetch_add=PASS"
                 "atomic_incdec.edges.native=PASS|SKIP"
                 "atomic_incdec.contention.cas.inc=PASS" "atomic_incdec.contention.cas.dec=PASS"
                 "atomic_incdec.contention.cas.mixed=PASS"
                 "atomic_incdec.contention.fetch_add.inc=PASS" "atomic_incdec.contention.fetch_add.dec=PASS"
                 "atomic_incdec.contention.fetch_add.mixed=PASS"
                 "atomic_incdec.mutant.inc_wraps_late=PASS" "atomic_incdec.mutant.dec_wraps_early=PASS"
                 -- run --filter "atomic_incdec.*")

# The ordinary tests themselves fail on the mutants: with GC_ATOMIC_BOUNDED_MUTANT set, the
# CAS form is built off by one, and the run must exit 1 with the tests that exercise the
# broken direction FAILED (the other direction is unaffected and passes).
add_test(NAME atomic_incdec.mutant_inc_fails_checks
         COMMAND ${GC_INCDEC_EXPECT} 1
                 "atomic_incdec.edges.cas=FAIL" "atomic_incdec.contention.cas.inc=FAIL"
                 "atomic_incdec.contention.cas.mixed=FAIL" "atomic_incdec.contention.cas.dec=PASS"
                 -- run --filter "atomic_incdec.*cas*")
set_tests_properties(atomic_incdec.mutant_inc_fails_checks PROPERTIES ENVIRONMENT "GC_ATOMIC_BOUNDED_MUTANT=1")
add_test(NAME atomic_incdec.mutant_dec_fails_checks
         COMMAND ${GC_INCDEC_EXPECT} 1
                 "atomic_incdec.edges.cas=FAIL" "atomic_incdec.contention.cas.dec=FAIL"
                 "atomic_incdec.contention.cas.mixed=FAIL" "atomic_incdec.contention.cas.inc=PASS"
                 -- run --filter "atomic_incdec.*cas*")
set_tests_properties(atomic_incdec.mutant_dec_fails_checks PROPERTIES ENVIRONMENT "GC_ATOMIC_BOUNDED_MUTANT=2")
