# SPDX-License-Identifier: Apache-2.0
# `gpucheck kzg verify-proof | verify-blobs` through CTest, on the default device (PoCL in
# CI), against PyPI ckzg 2.1.8's stored verdicts (tests/kzg_verify_cmd_check.py): every
# stored case (true, false and refused), malformed lines among them, input order over
# several batches, exit 1 then 0 for the answered cases alone; its control flips every
# expectation, which must be caught.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_KZG_VERIFY_CHECK ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_verify_cmd_check.py
    $<TARGET_FILE:gpucheck-cli> ${CMAKE_SOURCE_DIR}/crypto/kzg/vectors)
add_test(NAME kzg_cmd_verify_proof_answers COMMAND ${GC_KZG_VERIFY_CHECK} verify-proof)
add_test(NAME kzg_cmd_verify_blobs_answers COMMAND ${GC_KZG_VERIFY_CHECK} verify-blobs)
set_tests_properties(kzg_cmd_verify_proof_answers kzg_cmd_verify_blobs_answers PROPERTIES TIMEOUT 600
                     LABELS "kzg;device" ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0")
# No device work: the help of each, usage errors and an input that is the output (exit 2).
set(GC_KZG_VERIFY_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_command_check.py
    $<TARGET_FILE:gpucheck-cli>)
add_test(NAME kzg_cmd_verify_help COMMAND sh -c "for s in verify-proof verify-blobs; do \
         h=$($0 kzg $s --help) && for o in --device --setup --batch --in --out '\"valid\"'; do \
         echo \"$h\" | grep -q -- \"$o\" || { echo \"$s --help lacks $o\"; exit 1; }; done; \
         $0 kzg --help | grep -q \"^  $s \" || { echo \"kzg --help lacks $s\"; exit 1; }; done" $<TARGET_FILE:gpucheck-cli>)
add_test(NAME kzg_cmd_exit2_verify_batch
         COMMAND ${GC_KZG_VERIFY_EXPECT} expect 2 "--batch needs an integer in 1..256" --stdin "{}\\n"
                 -- kzg verify-proof --batch 257)
add_test(NAME kzg_cmd_exit2_verify_option
         COMMAND ${GC_KZG_VERIFY_EXPECT} expect 2 "option '--in' given twice" --stdin "{}\\n"
                 -- kzg verify-blobs --in - --in=-)
add_test(NAME kzg_cmd_exit2_verify_same_file
         COMMAND ${GC_KZG_VERIFY_EXPECT} expect 2 "the input and the output are the same file" --stdin "{}\\n"
                 -- kzg verify-proof --in ${CMAKE_CURRENT_BINARY_DIR}/kzg_verify_same.jsonl
                 --out ${CMAKE_CURRENT_BINARY_DIR}/kzg_verify_same.jsonl)
set_tests_properties(kzg_cmd_exit2_verify_same_file PROPERTIES FIXTURES_REQUIRED kzg_verify_same)
add_test(NAME kzg_cmd_verify_same_file_setup
         COMMAND ${CMAKE_COMMAND} -E touch ${CMAKE_CURRENT_BINARY_DIR}/kzg_verify_same.jsonl)
set_tests_properties(kzg_cmd_verify_same_file_setup PROPERTIES FIXTURES_SETUP kzg_verify_same)
