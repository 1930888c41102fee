# The sub_group suite on the default device: PASS where the device has sub-groups, SKIP
# (with its reason) where it has none, as Debian's PoCL; never FAIL.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME sub_group.suite COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "sub_group.nd3=PASS|SKIP" "sub_group.nd1=PASS|SKIP"
         "sub_group.prime3=PASS|SKIP" "sub_group.nonuniform1=PASS|SKIP" -- run --filter "sub_group*")
# The mutant (sub-group local ids reversed in the kernel) is caught where the device has
# sub-groups, and SKIP where it has none.
add_test(NAME sub_group.mutant_caught COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "mutant_sub_group.reversed_local_id=CAUGHT|SKIP"
         -- run --filter "mutant_sub_group*")
