# The atomic_fence suite on the default device (PoCL in CI): every fenced combination the
# device offers passes, the rest SKIP with the missing capability; twins never fail the run.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME atomic_fence.suite COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "atomic_fence.mutation_score=PASS"
         -- run --filter "atomic_fence*")
set_tests_properties(atomic_fence.suite PROPERTIES TIMEOUT 300)
