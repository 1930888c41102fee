# SPDX-License-Identifier: Apache-2.0
# BLS12-381 host tests: variants of the field test (see tests/test_bls12_381_field.c).
# Each mutant build switches one fault site of crypto/bls12_381/field.gc on (GC_FAULT) and
# passes only when the test program reports that it caught the bug (exit 0); a crash or
# an uncaught mutant fails.
# A build with GC_BLS_PTX=1 runs, on the host, the C emulation of the CUDA carry-chain
# product (the same chains the PTX fast path executes), against GMP, with its mutants; one
# with GC_BLS_HOST64=0 the 32-bit portable path (the default host build has 64-bit limbs).
set(GC_BLS_HOST_TESTS "")
function(gc_bls_field_variant name defs)
  add_executable(${name} ${CMAKE_CURRENT_SOURCE_DIR}/test_bls12_381_field.c)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR} ${GC_GENERATED} ${GC_GMP_INCLUDE})
  target_compile_definitions(${name} PRIVATE ${defs} GC_HAVE_GMP=1)
  target_link_libraries(${name} PRIVATE ${GC_GMP})
endfunction()
gc_bls_field_variant(test_bls12_381_field_chains "GC_BLS_PTX=1")
add_test(NAME test_bls12_381_field_chains COMMAND test_bls12_381_field_chains)
list(APPEND GC_BLS_HOST_TESTS test_bls12_381_field_chains)
# The host's default is the 64-bit limb path (crypto/bls12_381/field64.gc, where the compiler
# has unsigned __int128), its Fp in x86-64 assembly there (field_x86.gc); GC_BLS_X86=0 keeps
# the 64-bit C (other hosts' path), GC_BLS_HOST64=0 the 32-bit portable one (OpenCL's).
gc_bls_field_variant(test_bls12_381_field_portable "GC_BLS_PTX=0;GC_BLS_HOST64=0")
add_test(NAME test_bls12_381_field_portable COMMAND test_bls12_381_field_portable)
list(APPEND GC_BLS_HOST_TESTS test_bls12_381_field_portable)
set(GC_BLS_X86_HOST OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(GC_BLS_X86_HOST ON)
  gc_bls_field_variant(test_bls12_381_field_c64 "GC_BLS_PTX=0;GC_BLS_X86=0")
  add_test(NAME test_bls12_381_field_c64 COMMAND test_bls12_381_field_c64)
  # the assembly's baseline forms, which CPUs with BMI2 and ADX skip
  gc_bls_field_variant(test_bls12_381_field_x86base "GC_BLS_PTX=0;GC_BLS_X86_ADX=0")
  add_test(NAME test_bls12_381_field_x86base COMMAND test_bls12_381_field_x86base)
  list(APPEND GC_BLS_HOST_TESTS test_bls12_381_field_c64 test_bls12_381_field_x86base)
endif()
set(GC_BLS_DEFS_host "GC_BLS_PTX=0")
set(GC_BLS_DEFS_c64 "GC_BLS_PTX=0;GC_BLS_X86=0")
set(GC_BLS_DEFS_x86base "GC_BLS_PTX=0;GC_BLS_X86_ADX=0")
set(GC_BLS_DEFS_portable "GC_BLS_PTX=0;GC_BLS_HOST64=0")
set(GC_BLS_DEFS_chains "GC_BLS_PTX=1")
# Mutants per path: host (the default build), c64 and x86base (on x86-64: the 64-bit C, the
# assembly's baseline forms), portable, chains. The mulx forms' mutants skip (77) without ADX.
foreach(fault NO_FINAL_SUB ADD_CARRY MUL_CARRY SQR_CARRY INV_SIGN MUL_ADD_CARRY MUL_SMALL_STEP FP2_ADD_BACK
        X86_MUL_CARRY X86_SQR_CARRY X86_REDC_CARRY X86_FINAL_SUB X86_ADD_CARRY X86_SUB_CARRY
        X86_ADX_MUL_CARRY X86_ADX_REDC_CARRY)
  string(TOLOWER ${fault} f)
  foreach(path host c64 x86base portable chains)
    if(path STREQUAL "x86base" AND NOT (GC_BLS_X86_HOST AND fault MATCHES "^X86_(MUL|SQR|REDC)_CARRY$"))
      continue() # the baseline product, square and reduction
    endif()
    if(path STREQUAL "host" AND fault MATCHES "^X86_(MUL|SQR|REDC)_CARRY$")
      continue() # with ADX the host runs the mulx forms: x86base has these
    endif()
    if(fault MATCHES "^X86_" AND NOT (path MATCHES "^(host|x86base)$" AND GC_BLS_X86_HOST))
      continue() # the assembly's own sites
    endif()
    if(path STREQUAL "c64" AND (NOT GC_BLS_X86_HOST OR NOT fault MATCHES "^(NO_FINAL_SUB|ADD_CARRY|MUL_CARRY|SQR_CARRY|FP2_ADD_BACK)$"))
      continue() # elsewhere c64 is the host path
    endif()
    if(path STREQUAL "chains" AND fault STREQUAL "ADD_CARRY")
      continue() # the host's emulation of the addition chain is the portable loop
    endif()
    if(NOT path STREQUAL "chains" AND fault MATCHES "^(MUL_ADD_CARRY|MUL_SMALL_STEP)$")
      continue() # without the chains: two products and an addition, double and add
    endif()
    if(path STREQUAL "portable" AND fault STREQUAL "SQR_CARRY")
      continue() # the portable path squares with its product
    endif()
    if(path MATCHES "^(portable|chains)$" AND fault MATCHES "^(INV_SIGN|FP2_ADD_BACK)$")
      continue() # the inversion has one path; the lazy Fp2 product is the 64-bit host's
    endif()
    if(path STREQUAL "host")
      set(name test_bls12_381_field_mutant_${f})
    else()
      set(name test_bls12_381_field_${path}_mutant_${f})
    endif()
    set(defs "${GC_BLS_DEFS_${path}}")
    gc_bls_field_variant(${name} "GC_FAULT=GC_BLS_FAULT_${fault};${defs}")
    # fewer random values: a mutant is caught within the edge values already
    add_test(NAME ${name} COMMAND ${name} 2000)
    list(APPEND GC_BLS_HOST_TESTS ${name})
  endforeach()
endforeach()
set_tests_properties(${GC_BLS_HOST_TESTS} PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)

# test_bls12_381_ptx exits 77 without NVRTC when GC_ALLOW_NO_NVRTC=1 (as
# test_nvrtc_compile_all does).
set_tests_properties(test_bls12_381_ptx PROPERTIES SKIP_RETURN_CODE 77)

# The pairing's host test (tests/test_bls12_381_pairing.c) at -O2 in Debug builds too (as
# the curve sources are: a pairing is ~20k Fp products), and its mutants: one build per
# fault site of fp12.gc / pairing.gc, each passing only when the test caught it.
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/test_bls12_381_pairing.c PROPERTIES
                            COMPILE_OPTIONS "$<$<CONFIG:Debug>:-O2>")
set(GC_BLS_PAIRING_MUTANTS "")
foreach(fault LINE_COEFF FROBENIUS_TERM)
  string(TOLOWER ${fault} f)
  set(name test_bls12_381_pairing_mutant_${f})
  add_executable(${name} ${CMAKE_CURRENT_SOURCE_DIR}/test_bls12_381_pairing.c)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR} ${GC_GENERATED})
  target_link_libraries(${name} PRIVATE gpucheck)
  target_compile_definitions(${name} PRIVATE GC_FAULT=GC_BLS_FAULT_${fault})
  add_test(NAME ${name} COMMAND ${name})
  list(APPEND GC_BLS_PAIRING_MUTANTS ${name})
endforeach()
set_tests_properties(${GC_BLS_PAIRING_MUTANTS} PROPERTIES LABELS unit)
