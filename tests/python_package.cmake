# SPDX-License-Identifier: Apache-2.0
# The Python package (python/): installed into a fresh venv, tested against PyPI ckzg.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_PY_PRELOAD "")
if(GC_SANITIZE)
  # An instrumented libgpucheck.so in an uninstrumented python: its runtimes load first.
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so OUTPUT_VARIABLE asan OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libubsan.so OUTPUT_VARIABLE ubsan OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(GC_PY_PRELOAD "${asan}:${ubsan}")
endif()
add_test(NAME python_package
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/python_package.sh ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}
                 $<TARGET_FILE:gpucheck_shared> "${GC_PY_PRELOAD}")
set_tests_properties(python_package PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS "python;kzg;device"
                     ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0")
