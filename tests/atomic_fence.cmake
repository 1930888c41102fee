# The atomic_fence suite on the default device (PoCL in CI). A fenced test passes where a
# twin that weakens it shows its weak outcome on the device, and is UNVALIDATED where none
# does (PoCL: a CPU shows none); SKIP where the device lacks the capability; never FAIL.
# Twins and the mutation score are measurements (MEASURED), never PASS. Exit 0.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME atomic_fence.suite COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "atomic_fence.mutation_score=MEASURED"
         "atomic_fence.twin.*=MEASURED|SKIP" "atomic_fence.local.*=PASS|UNVALIDATED|SKIP"
         "atomic_fence.global.*=PASS|UNVALIDATED|SKIP" "atomic_fence.host.*=PASS|UNVALIDATED|SKIP"
         "atomic_fence.sb.*=PASS|UNVALIDATED" "atomic_fence.lb.*=PASS|UNVALIDATED"
         "atomic_fence.iriw.*=PASS|UNVALIDATED"
         -- run --filter "atomic_fence*")
set_tests_properties(atomic_fence.suite PROPERTIES TIMEOUT 300)
