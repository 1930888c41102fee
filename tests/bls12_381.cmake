# BLS12-381 host tests: mutant builds of the field test (see tests/test_bls12_381_field.c).
# Each mutant build injects one bug into fk20/bls12_381/field.gc (GC_BLS_MUTANT=N) and
# passes only when the test program reports that it caught the bug (exit 0); a crash or
# an uncaught mutant fails. Without GMP the programs exit 77, which CTest reports as skipped.
set(GC_BLS_HOST_TESTS test_bls12_381_field)
foreach(m 1 2 3)
  set(name test_bls12_381_field_mutant${m})
  add_executable(${name} ${CMAKE_CURRENT_SOURCE_DIR}/test_bls12_381_field.c)
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/generated)
  target_compile_definitions(${name} PRIVATE GC_BLS_MUTANT=${m})
  if(GC_GMP)
    target_link_libraries(${name} PRIVATE ${GC_GMP})
    target_compile_definitions(${name} PRIVATE GC_HAVE_GMP=1)
  endif()
  # fewer random values: a mutant is caught within the edge values already
  add_test(NAME ${name} COMMAND ${name} 2000)
  list(APPEND GC_BLS_HOST_TESTS ${name})
endforeach()
set_tests_properties(${GC_BLS_HOST_TESTS} PROPERTIES SKIP_RETURN_CODE 77)

# The library is compiled with GC_HAVE_GMP=1 when GMP is found (CMakeLists.txt) but not
# linked with it; the bls12_381 suite compares device results with GMP, so the library
# needs GMP on its link interface. (Lead: this belongs next to the GC_HAVE_GMP definition
# in CMakeLists.txt; it is here because that file is shared.)
if(GC_GMP)
  target_link_libraries(gpucheck PUBLIC ${GC_GMP})
endif()
