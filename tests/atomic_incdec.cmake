# SPDX-License-Identifier: Apache-2.0
# atomic_incdec through the CLI on the default device (PoCL in CI).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_INCDEC_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli>)

# The suite passes: every form the device has. The native form is SKIP on OpenCL.
add_test(NAME atomic_incdec.suite
         COMMAND ${GC_INCDEC_EXPECT} 0
                 "atomic_incdec.edges.cas=PASS" "atomic_incdec.edges.fetch_add=PASS"
                 "atomic_incdec.edges.native=PASS|SKIP"
                 "atomic_incdec.contention.cas.inc=PASS" "atomic_incdec.contention.cas.dec=PASS"
                 "atomic_incdec.contention.cas.mixed=PASS"
                 "atomic_incdec.contention.fetch_add.inc=PASS" "atomic_incdec.contention.fetch_add.dec=PASS"
                 "atomic_incdec.contention.fetch_add.mixed=PASS"
                 -- run --filter "atomic_incdec.*")

# The ordinary CAS tests catch the off-by-one builds of kernels/gc_atomic_bounded.h (the
# mutants, built to FAIL): each is reported caught, and the run passes.
set(want "")
foreach(t inc_wraps_late.edges inc_wraps_late.contention_inc inc_wraps_late.contention_mixed
          dec_wraps_early.edges dec_wraps_early.contention_dec dec_wraps_early.contention_mixed)
  list(APPEND want "mutant_atomic_incdec.${t}=CAUGHT")
endforeach()
add_test(NAME atomic_incdec.mutants_caught COMMAND ${GC_INCDEC_EXPECT} 0 ${want} -- run --filter "mutant_atomic_incdec.*")
