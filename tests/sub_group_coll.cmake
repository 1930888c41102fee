# SPDX-License-Identifier: Apache-2.0
# The sub_group_coll suite (sub-group collectives) on the default device: PASS where the
# device has sub-groups and the extension a test needs, SKIP with the reason otherwise
# (Debian's PoCL has no sub-groups); never FAIL.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME sub_group_coll.suite COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "sub_group_coll.*=PASS|SKIP" -- run --filter "sub_group_coll.*_nd1")
add_test(NAME sub_group_coll.bench COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py
         $<TARGET_FILE:gpucheck-cli> 0 "sub_group_coll.bench.*=PASS|SKIP" "sub_group_coll.bench.reduce.local=PASS|SKIP"
         -- bench --filter "sub_group_coll.bench.*" --samples 1 --warmup 0)

# On Intel's CPU runtime (cl_khr_subgroups and every cl_khr_subgroup_* extension the suite
# uses, sub-groups of 4 to 64): every 1-D test, the 3-D tests of u32 and three with a
# partial last work-group PASS, every mutant
# is caught, and the mutation score (MEASURED) runs them all itself. The 2-D range, the
# other 3-D types and the 3-D non-uniform test (9 s under the sanitizers) run in a full
# 'sub_group_coll.*' run, not here, for time.
if(GC_SUBGROUP_OPENCL_LIBRARY)
  get_filename_component(GC_SGC_OPENCL_DIR ${GC_SUBGROUP_OPENCL_LIBRARY} DIRECTORY)
  add_test(NAME sub_group_coll.suite_with_sub_groups
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli> 0
                   "sub_group_coll.*=PASS" "sub_group_coll.broadcast_u32_nd1=PASS" "sub_group_coll.shuffle_u32_nd3=PASS"
                   "sub_group_coll.relative_u32_nd3=PASS" "sub_group_coll.vote_u32_nd3=PASS"
                   "sub_group_coll.arith_f64_nd1=PASS" "sub_group_coll.arith_u32_nd3=PASS" "sub_group_coll.arith_ext_i64_nd1=PASS"
                   "sub_group_coll.ballot_u32_nd3=PASS" "sub_group_coll.nonuniform_u32_nd1=PASS"
                   "sub_group_coll.clustered_u32_nd3=PASS" "sub_group_coll.arith_u32_partial3=PASS"
                   "sub_group_coll.nonuniform_f64_nd1=PASS" "sub_group_coll.clustered_i64_nd1=PASS"
                   -- run --filter "sub_group_coll.*_nd1,sub_group_coll.*u32_nd3,-sub_group_coll.nonuniform_u32_nd3,sub_group_coll.broadcast_u32_partial3,sub_group_coll.arith_u32_partial3,sub_group_coll.clustered_u32_partial3")
  add_test(NAME sub_group_coll.mutants_caught_with_sub_groups
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli> 0
                   "mutant_sub_group_coll.*=CAUGHT" "mutant_sub_group_coll.broadcast_lane_zero=CAUGHT"
                   "mutant_sub_group_coll.xor_as_add=CAUGHT" "mutant_sub_group_coll.up_is_down=CAUGHT"
                   "mutant_sub_group_coll.all_skips_last=CAUGHT" "mutant_sub_group_coll.exclusive_is_inclusive=CAUGHT"
                   "mutant_sub_group_coll.reduce_drops_lane_0=CAUGHT"
                   "mutant_sub_group_coll.ballot_whole_warp=CAUGHT"
                   "mutant_sub_group_coll.nonuniform_hoisted=CAUGHT"
                   "mutant_sub_group_coll.cluster_half=CAUGHT" "mutant_sub_group_coll.gt_mask_is_ge=CAUGHT" "mutant_sub_group_coll.cluster_half_f32=CAUGHT"
                   "mutant_sub_group_coll.nonuniform_hoisted_i64=CAUGHT"
                   "sub_group_coll.mutation_score=MEASURED"
                   -- run --filter "mutant_sub_group_coll.*,sub_group_coll.mutation_score")
  # The benchmarks (collective against local memory, per operation): each validates, then
  # times one sample; the mutant's wrong local tree must FAIL its validation, untimed. 3 s.
  add_test(NAME sub_group_coll.bench_validates_with_sub_groups
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli> 0
                   "sub_group_coll.bench.*=PASS" "sub_group_coll.bench.reduce.sub_group=PASS"
                   "sub_group_coll.bench.reduce.local=PASS" "sub_group_coll.bench.ballot.sub_group=PASS"
                   "sub_group_coll.bench.shuffle.sub_group=PASS" "sub_group_coll.bench.scan.local=PASS"
                   "mutant_sub_group_coll.bench.reduce.local_tree_short=CAUGHT"
                   -- bench --filter "sub_group_coll.bench.*,mutant_sub_group_coll.bench.*" --samples 1 --warmup 0)
  set_tests_properties(sub_group_coll.suite_with_sub_groups sub_group_coll.mutants_caught_with_sub_groups
                       sub_group_coll.bench_validates_with_sub_groups
                       PROPERTIES ENVIRONMENT "GC_OPENCL_LIBRARY=${GC_SUBGROUP_OPENCL_LIBRARY};LD_LIBRARY_PATH=${GC_SGC_OPENCL_DIR}"
                       TIMEOUT 300)
endif()
