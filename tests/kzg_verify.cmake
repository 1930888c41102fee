# SPDX-License-Identifier: Apache-2.0
# The kzg_verify suite on the default device (PoCL in CI), through the CLI: the Pippenger
# MSM against py_ecc/arkworks (sizes 1..1000, edge cases, three shapes), its plan's argument
# checks, batched G1 decoding against ckzg's verdicts, verify_cell_kzg_proof_batch's and verify_blob_kzg_proof_batch's G1 sides against
# the specs' Python, each stage's mutant caught, and the
# 2^12-term MSM benchmark validating (one quick sample). The larger benchmarks are GPU runs.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_KV_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli>)
add_test(NAME kzg_verify_stages
         COMMAND ${GC_KV_EXPECT} 0 kzg_verify.msm.known_answers=PASS kzg_verify.msm.plan_arguments=PASS
                 kzg_verify.g1_decode=PASS kzg_verify.cell_batch_g1=PASS kzg_verify.blob_batch_g1=PASS
                 kzg_verify.verify_cell_kzg_proof_batch=PASS
                 -- run --filter "kzg_verify.msm.*,kzg_verify.g1_decode,kzg_verify.*_batch_g1,kzg_verify.verify_*")
add_test(NAME kzg_verify_mutants_caught
         COMMAND ${GC_KV_EXPECT} 0 mutant_kzg_verify.msm.digit_sign=CAUGHT mutant_kzg_verify.msm.top_bucket=CAUGHT
                 mutant_kzg_verify.msm.task_tree_tail=CAUGHT mutant_kzg_verify.verify_cells.column_drops_last_cell=CAUGHT
                 mutant_kzg_verify.g1_decode.no_subgroup_check=CAUGHT -- run --filter "mutant_kzg_verify.*")
add_test(NAME kzg_verify_bench_validates
         COMMAND ${GC_KV_EXPECT} 0 kzg_verify.bench.msm_4096=PASS
                 -- bench --filter "kzg_verify.bench.msm_4096" --samples 1 --warmup 0)
set_tests_properties(kzg_verify_stages kzg_verify_mutants_caught kzg_verify_bench_validates PROPERTIES TIMEOUT 900)
# `gpucheck kzg verify-cells` on the default device: ckzg's 14 stored batches as JSON Lines,
# refused lines among them, the answered ones alone, a usage error.
add_test(NAME kzg_verify_cells_command
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_verify_cells_check.py $<TARGET_FILE:gpucheck-cli>
                 ${PROJECT_SOURCE_DIR}/crypto/kzg/vectors)
set_tests_properties(kzg_verify_cells_command PROPERTIES TIMEOUT 300 LABELS "kzg;device"
                     ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0")
