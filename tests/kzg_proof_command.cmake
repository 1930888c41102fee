# SPDX-License-Identifier: Apache-2.0
# `gpucheck kzg recover | compute-proof | blob-proof` through CTest, on the default device
# (PoCL in CI), against PyPI ckzg's stored answers (tests/kzg_proof_cmd_check.py): each a
# few cases, accepted and refused, and a malformed line; its control compares every
# answer with a mangled copy of the expected record, which must mismatch. Recovery with
# proofs costs an FK20 run a blob (seconds on PoCL): one accepted case.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_KZG_PROOF_CHECK ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_proof_cmd_check.py
    $<TARGET_FILE:gpucheck-cli> ${CMAKE_SOURCE_DIR}/crypto/kzg/vectors)
add_test(NAME kzg_cmd_recover_answers COMMAND ${GC_KZG_PROOF_CHECK} recover blob_even_half unsorted too_few_63)
add_test(NAME kzg_cmd_compute_proof_answers
         COMMAND ${GC_KZG_PROOF_CHECK} compute-proof random_z_0 z_is_r z_one_in_domain element_r)
add_test(NAME kzg_cmd_blob_proof_answers
         COMMAND ${GC_KZG_PROOF_CHECK} blob-proof valid_0 off_curve identity_commitment not_in_subgroup)
set_tests_properties(kzg_cmd_recover_answers kzg_cmd_compute_proof_answers kzg_cmd_blob_proof_answers
                     PROPERTIES TIMEOUT 600 LABELS "kzg;device")
# No device work: the help of each, and usage errors (exit 2).
set(GC_KZG_PROOF_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_command_check.py $<TARGET_FILE:gpucheck-cli>)
add_test(NAME kzg_cmd_proof_help COMMAND sh -c "for s in recover compute-proof blob-proof; do \
         h=$($0 kzg $s --help) && for o in --device --setup --batch --in --out; do \
         echo \"$h\" | grep -q -- \"$o\" || { echo \"$s --help lacks $o\"; exit 1; }; done; \
         $0 kzg --help | grep -q \"^  $s \" || { echo \"kzg --help lacks $s\"; exit 1; }; done" $<TARGET_FILE:gpucheck-cli>)
add_test(NAME kzg_cmd_exit2_recover_option
         COMMAND ${GC_KZG_PROOF_EXPECT} expect 2 "unknown option '--cell-size'" --stdin "{}\\n" -- kzg recover --cell-size 64)
add_test(NAME kzg_cmd_exit2_proof_batch
         COMMAND ${GC_KZG_PROOF_EXPECT} expect 2 "--batch needs an integer in 1..256" --stdin "{}\\n" -- kzg compute-proof --batch 0)
