# SPDX-License-Identifier: Apache-2.0
# `cmake --install` gives a user everything to write tests of their own: the example in
# examples/vector_scale is built against a fresh install prefix with cc and pkg-config
# alone, and its test and benchmark run (tests/example_install.sh); the same example is
# built through the CMake package (find_package) and through add_subdirectory() of the
# source tree (tests/example_cmake.sh).
set(GC_EXAMPLE_CFLAGS "")
if(GC_SANITIZE)
  # The installed library is instrumented; a program linking it must be too.
  set(GC_EXAMPLE_CFLAGS "-fsanitize=address,undefined")
endif()
add_test(NAME install_example_vector_scale
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/example_install.sh ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR}/examples/vector_scale ${CMAKE_C_COMPILER} "${GC_EXAMPLE_CFLAGS}")
add_test(NAME install_example_cmake_package
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/example_cmake.sh package ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER} "${GC_EXAMPLE_CFLAGS}")
# The parent project builds gpucheck again from source, without the sanitizers.
add_test(NAME example_add_subdirectory
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/example_cmake.sh subdir ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER})
set_tests_properties(install_example_vector_scale install_example_cmake_package example_add_subdirectory
                     PROPERTIES TIMEOUT 600)
