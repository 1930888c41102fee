# SPDX-License-Identifier: Apache-2.0
# Test selection and the command line (issue 14): --device by id or whole word, several
# devices in one run (in parallel, or one after another), '*' and the mutants, -x, --repeat, --rerun-failed, --param and the
# strict numbers. tests/select_check.py runs gpucheck and reads its reports.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
foreach(mode device_words device_ambiguous multi_device star_hides_mutants fail_fast repeat rerun_failed params
        numbers parallel_overlap parallel_bench_serial parallel_fail_fast parallel_repeat_rerun)
  add_test(NAME select.${mode}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/select_check.py $<TARGET_FILE:gpucheck-cli> ${mode})
  set_tests_properties(select.${mode} PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77)
endforeach()
# The reports of a run over two devices parse and agree with the console (PoCL's two
# pthread devices; where PoCL is not there, this is an ordinary one-device run).
add_test(NAME reports_agree_two_devices
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_reports.py $<TARGET_FILE:gpucheck-cli>
                 run --device all --filter "device.vector_add,harness_selftest.*")
set_tests_properties(reports_agree_two_devices PROPERTIES ENVIRONMENT "POCL_DEVICES=pthread pthread")
