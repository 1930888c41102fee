# SPDX-License-Identifier: Apache-2.0
# The sub_group suite on the default device: PASS where the device has sub-groups, SKIP
# (with its reason) where it has none, as Debian's PoCL; never FAIL.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME sub_group.suite COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "sub_group.nd3=PASS|SKIP" "sub_group.nd1=PASS|SKIP"
         "sub_group.prime3=PASS|SKIP" "sub_group.nonuniform1=PASS|SKIP" -- run --filter "sub_group.*")
# The mutant (sub-group local ids reversed in the kernel) is caught where the device has
# sub-groups, and SKIP where it has none.
add_test(NAME sub_group.mutant_caught COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "mutant_sub_group.reversed_local_id=CAUGHT|SKIP"
         -- run --filter "mutant_sub_group.*")

# On a CPU OpenCL runtime that has sub-groups (Intel's, fetched by make test; PoCL 3.1 has
# none): every test of the suite must PASS, and the mutant must be caught. The library is
# loaded directly (GC_OPENCL_LIBRARY), its own libraries from its directory.
if(GC_SUBGROUP_OPENCL_LIBRARY)
  get_filename_component(GC_SUBGROUP_OPENCL_DIR ${GC_SUBGROUP_OPENCL_LIBRARY} DIRECTORY)
  set(GC_SUBGROUP_ENV "GC_OPENCL_LIBRARY=${GC_SUBGROUP_OPENCL_LIBRARY}"
                      "LD_LIBRARY_PATH=${GC_SUBGROUP_OPENCL_DIR}")
  add_test(NAME sub_group.suite_with_sub_groups
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli> 0
                   "sub_group.nd3=PASS" "sub_group.nd2=PASS" "sub_group.nd1=PASS" "sub_group.prime1=PASS"
                   "sub_group.prime3=PASS" "sub_group.prime_small=PASS" "sub_group.nonuniform1=PASS"
                   "sub_group.nonuniform3=PASS" -- run --filter "sub_group.*")
  add_test(NAME sub_group.mutant_caught_with_sub_groups
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli> 0
                   "mutant_sub_group.reversed_local_id=CAUGHT" -- run --filter "mutant_sub_group.*")
  set_tests_properties(sub_group.suite_with_sub_groups sub_group.mutant_caught_with_sub_groups
                       PROPERTIES ENVIRONMENT "${GC_SUBGROUP_ENV}" TIMEOUT 300)
endif()
