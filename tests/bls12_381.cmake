# BLS12-381 host tests: variants of the field test (see tests/test_bls12_381_field.c).
# Each mutant build injects one bug into crypto/bls12_381/field.gc (GC_BLS_MUTANT=N) and
# passes only when the test program reports that it caught the bug (exit 0); a crash or
# an uncaught mutant fails. Without GMP the programs exit 77, which CTest reports as skipped.
# A build with GC_BLS_PTX=1 runs, on the host, the C emulation of the CUDA carry-chain
# product (the same chains the PTX fast path executes), against GMP, with its mutants.
set(GC_BLS_HOST_TESTS test_bls12_381_field)
function(gc_bls_field_variant name defs)
  add_executable(${name} ${CMAKE_CURRENT_SOURCE_DIR}/test_bls12_381_field.c)
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/generated)
  target_compile_definitions(${name} PRIVATE ${defs})
  if(GC_GMP)
    target_link_libraries(${name} PRIVATE ${GC_GMP})
    target_compile_definitions(${name} PRIVATE GC_HAVE_GMP=1)
  endif()
endfunction()
gc_bls_field_variant(test_bls12_381_field_chains "GC_BLS_PTX=1")
add_test(NAME test_bls12_381_field_chains COMMAND test_bls12_381_field_chains)
list(APPEND GC_BLS_HOST_TESTS test_bls12_381_field_chains)
foreach(m 1 2 3)
  foreach(chains 0 1)
    if(chains AND m EQUAL 2)
      continue() # the modular addition is the same code in both products
    endif()
    if(chains)
      set(name test_bls12_381_field_chains_mutant${m})
    else()
      set(name test_bls12_381_field_mutant${m})
    endif()
    gc_bls_field_variant(${name} "GC_BLS_MUTANT=${m};GC_BLS_PTX=${chains}")
    # fewer random values: a mutant is caught within the edge values already
    add_test(NAME ${name} COMMAND ${name} 2000)
    list(APPEND GC_BLS_HOST_TESTS ${name})
  endforeach()
endforeach()
set_tests_properties(${GC_BLS_HOST_TESTS} PROPERTIES SKIP_RETURN_CODE 77)

# test_bls12_381_ptx exits 77 without NVRTC when GC_ALLOW_NO_NVRTC=1 (as
# test_nvrtc_compile_all does).
set_tests_properties(test_bls12_381_ptx PROPERTIES SKIP_RETURN_CODE 77)
