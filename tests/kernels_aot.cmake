# SPDX-License-Identifier: Apache-2.0
# `gpucheck kernels build|check`: a module compiled ahead of time without a device, found by
# a run's key and refused for another architecture or changed bytes (tests/kernels_aot_check.py).
# NVRTC is the one make test names (GC_NVRTC_LIBRARY).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME kernels_aot COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kernels_aot_check.py
                                  $<TARGET_FILE:gpucheck-cli>)
set_tests_properties(kernels_aot PROPERTIES TIMEOUT 600 LABELS "nvrtc")
if(GC_NVRTC_LIBRARY)
  set_tests_properties(kernels_aot PROPERTIES ENVIRONMENT "GC_NVRTC_LIBRARY=${GC_NVRTC_LIBRARY}")
endif()
