# SPDX-License-Identifier: Apache-2.0
# The live progress line on a terminal (issue 14): elapsed time, budget and a benchmark's
# samples, redrawn about once a second, erased before each row, never in a pipe. The runs
# get a pseudo-terminal from Python's pty module; the line's text is also unit-tested
# (tests/test_progress_line.c).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
foreach(check bench_on_tty test_on_tty not_in_pipe parallel_on_tty)
  add_test(NAME progress.${check}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/progress_check.py $<TARGET_FILE:gpucheck-cli>
                   ${check})
  set_tests_properties(progress.${check} PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77)
endforeach()
