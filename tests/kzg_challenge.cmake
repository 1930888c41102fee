# SPDX-License-Identifier: Apache-2.0
# The batch-verification challenges' mutant: test_kzg_challenge.c built with wrong Fiat-Shamir
# domains (its own copy of crypto/kzg/verify/challenge.c) passes only when every known
# challenge comes out wrong.
add_executable(test_kzg_challenge_wrong_domains ${CMAKE_CURRENT_SOURCE_DIR}/test_kzg_challenge.c)
target_include_directories(test_kzg_challenge_wrong_domains PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}
                           ${GC_GENERATED})
target_link_libraries(test_kzg_challenge_wrong_domains PRIVATE gpucheck)
target_compile_definitions(test_kzg_challenge_wrong_domains PRIVATE GC_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                           KZG_CHALLENGE_WRONG_DOMAINS=1)
add_test(NAME test_kzg_challenge_wrong_domains COMMAND test_kzg_challenge_wrong_domains)
set_tests_properties(test_kzg_challenge_wrong_domains PROPERTIES LABELS "unit;mutant")
