# SPDX-License-Identifier: Apache-2.0
# The examples that test kernels kept in their own files (examples/saxpy_cl, saxpy_cu),
# built in this tree as a project would build them (add_subdirectory), and run on the
# default device (PoCL in CI): the .cl one passes, and fails on a poisoned kernel; the .cu
# one SKIPs there with its reason (its file is compiled through NVRTC by test_kernel_files).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_subdirectory(${PROJECT_SOURCE_DIR}/examples/saxpy_cl ${CMAKE_BINARY_DIR}/examples/saxpy_cl)
add_subdirectory(${PROJECT_SOURCE_DIR}/examples/saxpy_cu ${CMAKE_BINARY_DIR}/examples/saxpy_cu)
set(GC_EXPECT_PY ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py)

add_test(NAME examples.saxpy_cl.known_answer
         COMMAND ${GC_EXPECT_PY} $<TARGET_FILE:saxpy_cl> 0 saxpy_cl.known_answer=PASS -- run)
add_test(NAME examples.saxpy_cl.bench
         COMMAND ${GC_EXPECT_PY} $<TARGET_FILE:saxpy_cl> 0 saxpy_cl.throughput=PASS
                 -- bench --scale 0.01 --samples 5)
# The negative control of the example's check: a kernel with two bugs must FAIL it.
add_test(NAME examples.saxpy_cl.poisoned_kernel_fails
         COMMAND ${GC_EXPECT_PY} $<TARGET_FILE:saxpy_cl> 1 saxpy_cl.known_answer=FAIL -- run)
set_tests_properties(examples.saxpy_cl.poisoned_kernel_fails PROPERTIES
                     ENVIRONMENT "SAXPY_CL=${CMAKE_CURRENT_SOURCE_DIR}/kernels/saxpy_poisoned.cl")
# CUDA C++ on an OpenCL device: every test SKIPs, with the reason, and the run exits 0.
add_test(NAME examples.saxpy_cu.skips_on_opencl
         COMMAND ${GC_EXPECT_PY} $<TARGET_FILE:saxpy_cu> 0 saxpy_cu.*=SKIP -- run)
set_tests_properties(examples.saxpy_cu.skips_on_opencl PROPERTIES
                     PASS_REGULAR_EXPRESSION "is SKIP: .*CUDA devices only" FAIL_REGULAR_EXPRESSION "FAIL: ")
set_tests_properties(examples.saxpy_cl.known_answer examples.saxpy_cl.bench examples.saxpy_cl.poisoned_kernel_fails
                     examples.saxpy_cu.skips_on_opencl PROPERTIES LABELS "cli;examples")
# test_kernel_files and test_kernel_binaries compile the .cu files through NVRTC, as the nvrtc-labelled tests do.
set_tests_properties(test_kernel_files test_kernel_binaries PROPERTIES LABELS "unit;nvrtc")
if(GC_NVRTC_LIBRARY)
  set_tests_properties(test_kernel_files test_kernel_binaries PROPERTIES
                       ENVIRONMENT "GC_NVRTC_LIBRARY=${GC_NVRTC_LIBRARY}")
endif()
# saxpy.cl through clang's OpenCL C 3.0 front end, as NVIDIA's OpenCL compiles it (stricter
# than PoCL), as test_opencl_c30_frontend does for the embedded sources.
find_program(GC_SAXPY_CLANG clang)
if(GC_SAXPY_CLANG)
  add_test(NAME examples.saxpy_cl.opencl_c30_frontend
           COMMAND ${GC_SAXPY_CLANG} -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -fsyntax-only -Werror
                   ${PROJECT_SOURCE_DIR}/examples/saxpy_cl/saxpy.cl ${CMAKE_CURRENT_SOURCE_DIR}/kernels/saxpy_poisoned.cl)
  set_tests_properties(examples.saxpy_cl.opencl_c30_frontend PROPERTIES LABELS "unit;examples")
endif()
