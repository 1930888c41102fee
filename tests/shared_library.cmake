# SPDX-License-Identifier: Apache-2.0
# The shared libraries (cmake/shared_library.cmake, cmake/ckzg_library.cmake): what they
# export, how they install, and c-kzg-4844's interface checked against ckzg's answers.
set(GC_SHARED_CFLAGS "")
if(GC_SANITIZE)
  set(GC_SHARED_CFLAGS "-fsanitize=address,undefined") # the installed libraries are instrumented
endif()
add_test(NAME shared_symbols
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/shared_symbols.sh $<TARGET_FILE:gpucheck_shared>
                 $<TARGET_FILE:gpucheck_ckzg> $<TARGET_FILE:gpucheck> ${PROJECT_SOURCE_DIR}/include/gpucheck)
add_test(NAME shared_install_dlopen
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/shared_install.sh ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER} "${GC_SHARED_CFLAGS}")
# One blob of the stored answers and the three rejected ones, then three threads (two
# blobs and a rejected one).
add_test(NAME ckzg_install_answers
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/ckzg_install.sh ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER} 1 3 "${GC_SHARED_CFLAGS}")
set_tests_properties(shared_symbols PROPERTIES LABELS shared)
set_tests_properties(shared_install_dlopen ckzg_install_answers PROPERTIES LABELS "shared;kzg;device" TIMEOUT 600)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME example_kzg_build
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/example_kzg.sh ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER} ${Python3_EXECUTABLE} "${GC_SHARED_CFLAGS}")
set_tests_properties(example_kzg_build PROPERTIES LABELS shared TIMEOUT 600)
