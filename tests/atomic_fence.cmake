# SPDX-License-Identifier: Apache-2.0
# The atomic_fence suite on the default device (PoCL in CI). A fenced test passes where a
# twin that weakens it shows its weak outcome on the device, and is UNVALIDATED where none
# does (PoCL: a CPU shows none); SKIP where the device lacks the capability; never FAIL.
# Twins and the mutation score are measurements (MEASURED), never PASS. Exit 0.
# The barrier tests PASS everywhere: without its barrier a work-group's reads race with its
# writes, and PoCL, which runs a group's work-items one after another between barriers,
# shows it as surely as a GPU. The last-block idiom's native form is SKIP on OpenCL.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME atomic_fence.suite COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "atomic_fence.mutation_score=MEASURED"
         "atomic_fence.twin.*=MEASURED|SKIP" "atomic_fence.local.*=PASS|UNVALIDATED|SKIP"
         "atomic_fence.global.*=PASS|UNVALIDATED|SKIP" "atomic_fence.host.*=PASS|UNVALIDATED|SKIP"
         "atomic_fence.sb.*=PASS|UNVALIDATED" "atomic_fence.lb.*=PASS|UNVALIDATED"
         "atomic_fence.iriw.*=PASS|UNVALIDATED"
         "atomic_fence.barrier.local.work_group=PASS" "atomic_fence.barrier.global.work_group=PASS"
         "atomic_fence.twin.barrier.*.no_barrier=MEASURED"
         "atomic_fence.last_block.native.device=PASS|UNVALIDATED|SKIP"
         "atomic_fence.last_block.cas.device=PASS|UNVALIDATED"
         "atomic_fence.last_block.fetch_add.device=PASS|UNVALIDATED"
         -- run --filter "atomic_fence*")
set_tests_properties(atomic_fence.suite PROPERTIES TIMEOUT 300)

# The last-block idiom catches a ticket whose bounded increment wraps one step late (the
# mutant, built to FAIL): reported caught, and the run passes.
add_test(NAME atomic_fence.mutants_caught COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "mutant_atomic_fence.last_block.cas.inc_wraps_late=CAUGHT"
         -- run --filter "mutant_atomic_fence.*")
