# SPDX-License-Identifier: Apache-2.0
# BLS12-381 on the default device (PoCL in CI), through the CLI: every test of the
# bls12_381 suite passes, each benchmark validates and times (one quick sample), and each
# field mutant (suite mutant_bls12_381: the kernels built with a fault site of
# crypto/bls12_381/field.gc on) is caught: it FAILs as designed and is reported caught.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_BLS_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli>)

set(GC_BLS_DEVICE_TESTS fp.ops fp.laws fp.fib fp.bytes fr.ops fr.laws fr.fib fr.bytes
    g1.ops g1.mul g1.mul_vs_add g1.decompress g1.validate fr.fft g1.fft g1.fft512
    pairing.tower pairing.values pairing.checks)
set(want "")
foreach(t IN LISTS GC_BLS_DEVICE_TESTS)
  list(APPEND want "bls12_381.${t}=PASS")
endforeach()
add_test(NAME bls12_381_device COMMAND ${GC_BLS_EXPECT} 0 ${want} -- run --filter "bls12_381.*")
set_tests_properties(bls12_381_device PROPERTIES TIMEOUT 900)

set(want "")
foreach(b fp_mul fr_mul fp_inv g1_add g1_dbl g1_xyzz_madd g1_affine_batch fr_fft8192 g1_fft128 g1_fft512 pairing)
  list(APPEND want "bls12_381.bench.${b}=PASS")
endforeach()
add_test(NAME bls12_381_bench_validates
         COMMAND ${GC_BLS_EXPECT} 0 ${want} -- bench --filter "bls12_381.bench.*" --samples 1 --warmup 0 --scale 0.1)
set_tests_properties(bls12_381_bench_validates PROPERTIES TIMEOUT 900)

set(want "")
foreach(m no_final_subtraction add_carry mul_carry inv_sign)
  foreach(f fp fr)
    list(APPEND want "mutant_bls12_381.${m}.${f}_ops=CAUGHT")
  endforeach()
endforeach()
# the pairing's: a wrong line coefficient, a dropped Frobenius term
list(APPEND want "mutant_bls12_381.pairing_line_coeff=CAUGHT" "mutant_bls12_381.pairing_frobenius_term=CAUGHT")
add_test(NAME bls12_381_device_mutants_caught
         COMMAND ${GC_BLS_EXPECT} 0 ${want} -- run --filter "mutant_bls12_381.*" --scale 0.25)
set_tests_properties(bls12_381_device_mutants_caught PROPERTIES TIMEOUT 900)
