# `cmake --install` gives a user everything to write tests of their own: the example in
# examples/vector_scale is built against a fresh install prefix with cc and pkg-config
# alone, and its test and benchmark run (tests/example_install.sh).
set(GC_EXAMPLE_CFLAGS "")
if(GC_SANITIZE)
  # The installed library is instrumented; a program linking it must be too.
  set(GC_EXAMPLE_CFLAGS "-fsanitize=address,undefined")
endif()
add_test(NAME install_example_vector_scale
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/example_install.sh ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR}
                 ${CMAKE_SOURCE_DIR}/examples/vector_scale ${CMAKE_C_COMPILER} "${GC_EXAMPLE_CFLAGS}")
set_tests_properties(install_example_vector_scale PROPERTIES TIMEOUT 300)
