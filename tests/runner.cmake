# SPDX-License-Identifier: Apache-2.0
# The result channel between a test process and the runner (issue 14): what a test prints,
# forges, leaves behind or exits with can never turn into a PASS or hang the run, and the
# reports stay valid. The misbehaving tests are suites/runner_selftest/.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_RUNCHECK ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/runner_checks.py $<TARGET_FILE:gpucheck-cli>)
set(RS runner_selftest)

add_test(NAME runner.output_in_log
         COMMAND ${GC_RUNCHECK} --exit 1 --expect ${RS}.prints_and_fails=FAIL
                 "--log-has=${RS}.prints_and_fails=this line went to stdout"
                 "--log-has=${RS}.prints_and_fails=this line went to stderr"
                 -- run --filter ${RS}.prints_and_fails)
add_test(NAME runner.output_without_newline_still_fails
         COMMAND ${GC_RUNCHECK} --exit 1 --expect ${RS}.prints_without_newline=FAIL
                 "--log-has=${RS}.prints_without_newline=progress: 50%"
                 -- run --filter ${RS}.prints_without_newline)
add_test(NAME runner.forged_result_is_not_pass
         COMMAND ${GC_RUNCHECK} --exit 1 --expect ${RS}.forges_a_pass=CRASH
                 "--reason-has=${RS}.forges_a_pass=without a valid result"
                 -- run --filter ${RS}.forges_a_pass)
# Two processes left behind (30 s each) must neither hold the run up nor outlive it.
add_test(NAME runner.leftover_processes_do_not_block
         COMMAND ${GC_RUNCHECK} --exit 0 --max-seconds 10 --expect ${RS}.leaves_a_daemon=PASS
                 --no-process "sleep 29.125" -- run --filter ${RS}.leaves_a_daemon)
if(GC_SANITIZE)
  set(nonzero_outcome FAIL)
  set(nonzero_exit 1)
else()
  set(nonzero_outcome PASS)
  set(nonzero_exit 0)
endif()
add_test(NAME runner.nonzero_exit_after_result
         COMMAND ${GC_RUNCHECK} --exit ${nonzero_exit} --expect ${RS}.exits_nonzero_after_result=${nonzero_outcome}
                 "--log-has=${RS}.exits_nonzero_after_result=status 23"
                 -- run --filter ${RS}.exits_nonzero_after_result)
# Not UTF-8 in a message, a note and the output: the JSON decodes strictly, the XML parses.
add_test(NAME runner.non_utf8_reports_valid
         COMMAND ${GC_RUNCHECK} --exit 1 --expect ${RS}.not_utf8=FAIL
                 "--log-has=${RS}.not_utf8=output with bytes that are not UTF-8"
                 -- run --filter ${RS}.not_utf8)
# A 20 kB note is kept whole; of 25 kB of output the end is kept and the cut is said.
add_test(NAME runner.long_log_kept_output_tail
         COMMAND ${GC_RUNCHECK} --exit 1 --expect ${RS}.long_log_and_output=FAIL
                 "--log-has=${RS}.long_log_and_output=nnnnEND-OF-LONG-NOTE"
                 "--log-has=${RS}.long_log_and_output=END-OF-OUTPUT"
                 "--log-has=${RS}.long_log_and_output=the first"
                 "--log-lacks=${RS}.long_log_and_output=START-OF-OUTPUT"
                 -- run --filter ${RS}.long_log_and_output)
add_test(NAME runner.crash_loading_cache_drops_entry
         COMMAND ${GC_RUNCHECK} --exit 1 --env GC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/runner-cache
                 --expect ${RS}.dies_loading_cached_binary=CRASH
                 "--reason-has=${RS}.dies_loading_cached_binary=cache entry was removed"
                 -- run --filter ${RS}.dies_loading_cached_binary)
# $TMPDIR is where the output files go (a missing one is an ERROR naming it, not /tmp).
add_test(NAME runner.tmpdir_honoured
         COMMAND ${GC_RUNCHECK} --exit 1 --env TMPDIR=/nonexistent-gpucheck-tmp --expect device.vector_add=ERROR
                 "--reason-has=device.vector_add=/nonexistent-gpucheck-tmp/gpucheck-output-"
                 -- run --filter device.vector_add)

# Report paths: the same file twice is a usage error; a FIFO with no reader and a full
# disk are errors (exit 2), never a hang or a silent exit 0.
add_test(NAME runner.same_report_path_twice
         COMMAND sh -c "$0 run --filter device.vector_add --json r.json --junit r.json 2>&1 | grep -q 'same file' && \
                 { $0 run --filter device.vector_add --json r.json --junit r.json; test $? -eq 2; }"
         $<TARGET_FILE:gpucheck-cli>)
add_test(NAME runner.fifo_report_no_hang
         COMMAND sh -c "d=$(mktemp -d) && mkfifo $d/fifo && timeout 60 $0 run --filter device.vector_add --json $d/fifo; \
                 rc=$?; rm -rf $d; echo rc=$rc; test $rc -eq 2" $<TARGET_FILE:gpucheck-cli>)
add_test(NAME runner.write_errors_exit_nonzero
         COMMAND sh -c "$0 run --filter device.vector_add --tap > /dev/full; test $? -eq 2 || exit 1; \
                 $0 run --filter device.vector_add --json /dev/full; test $? -eq 2" $<TARGET_FILE:gpucheck-cli>)
set_tests_properties(runner.fifo_report_no_hang PROPERTIES TIMEOUT 90)

# Interrupts: a run stopped by SIGINT/SIGTERM/SIGHUP writes its reports with what finished,
# marks the running test INTERRUPTED, exits 128 + the signal and leaves no process; a
# second SIGINT exits at once. The console streams each test's line (here into a pipe).
# parallel: the same with two devices running at once (PoCL's two pthread devices).
foreach(mode sigint sigterm sighup double parallel)
  add_test(NAME runner.interrupt_${mode}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/interrupt_check.py $<TARGET_FILE:gpucheck-cli> ${mode})
  # Serial: the check looks for leftover processes machine-wide, so two interrupt tests
  # at once would see each other's children.
  set_tests_properties(runner.interrupt_${mode} PROPERTIES TIMEOUT 120 RUN_SERIAL TRUE SKIP_RETURN_CODE 77)
endforeach()
