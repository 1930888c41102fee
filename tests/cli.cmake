# SPDX-License-Identifier: Apache-2.0
# The command line through CTest: reports parse and agree, bad input is exit 2 with a
# message, and a missing driver library makes its backend unavailable, not a failure.
find_package(Python3 COMPONENTS Interpreter REQUIRED)

add_test(NAME reports_agree
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_reports.py $<TARGET_FILE:gpucheck-cli>
                 run --filter "harness_selftest.*")

add_test(NAME cli_unknown_device_exit2 COMMAND sh -c "$0 info --device no-such-device-xyz; test $? -eq 2"
         $<TARGET_FILE:gpucheck-cli>)
add_test(NAME cli_unknown_flag_exit2 COMMAND sh -c "$0 run --frobnicate 2>&1 | grep -q 'unknown option'; \
         $0 run --frobnicate; test $? -eq 2" $<TARGET_FILE:gpucheck-cli>)
add_test(NAME cli_bad_value_exit2 COMMAND sh -c "$0 bench --samples zero; test $? -eq 2" $<TARGET_FILE:gpucheck-cli>)
add_test(NAME cli_no_match_exit2 COMMAND sh -c "$0 run --filter 'no-such-suite*'; test $? -eq 2"
         $<TARGET_FILE:gpucheck-cli>)
add_test(NAME cli_help COMMAND sh -c "for c in devices info list run bench; do $0 $c --help | grep -q usage || exit 1; done"
         $<TARGET_FILE:gpucheck-cli>)
add_test(NAME cli_info_json COMMAND sh -c "$0 info --json | ${Python3_EXECUTABLE} -c 'import json,sys; d=json.load(sys.stdin); assert d[\"id\"] and d[\"fence_orders\"]'"
         $<TARGET_FILE:gpucheck-cli>)

# Backend absence: with the OpenCL library unloadable, OpenCL is reported unavailable and
# the command still succeeds; the same for CUDA.
add_test(NAME backend_absent_opencl
         COMMAND sh -c "GC_OPENCL_LIBRARY=/nonexistent/libOpenCL.so.1 $0 devices | grep -q '^opencl: unavailable'"
         $<TARGET_FILE:gpucheck-cli>)
add_test(NAME backend_absent_cuda
         COMMAND sh -c "GC_CUDA_LIBRARY=/nonexistent/libcuda.so.1 $0 devices | grep -q '^cuda: unavailable'"
         $<TARGET_FILE:gpucheck-cli>)

# A report that cannot be written is a usage error found before any test runs (no table).
add_test(NAME cli_unwritable_report_exit2
         COMMAND sh -c "out=$($0 run --filter device.vector_add --json /nonexistent-dir/r.json 2>&1); rc=$?; \
         echo \"$out\"; test $rc -eq 2 && echo \"$out\" | grep -q 'cannot write the JSON report' && \
         ! echo \"$out\" | grep -q 'passed,'" $<TARGET_FILE:gpucheck-cli>)
# --device by the start of the name, in another case, selects the same device as its id;
# a piece from inside the name is no name (tests/select.cmake checks the rules further).
add_test(NAME cli_device_by_name_start
         COMMAND ${Python3_EXECUTABLE} -c "
import json, subprocess, sys
exe = sys.argv[1]
d = json.loads(subprocess.run([exe, 'info', '--json'], capture_output=True, text=True, check=True).stdout)
part = d['name'][:-1].swapcase()
r = subprocess.run([exe, 'info', '--json', '--device', part], capture_output=True, text=True)
if r.returncode == 0:
    got = json.loads(r.stdout)['id']
    if got != d['id']: sys.exit(f'{part!r} selected {got}, expected {d[\"id\"]}')
elif r.returncode != 2 or 'ambiguous' not in r.stderr: sys.exit(f'{part!r}: exit {r.returncode}: {r.stderr}')
inside = d['name'][1:-1]
r = subprocess.run([exe, 'info', '--json', '--device', inside], capture_output=True, text=True)
sys.exit(0 if r.returncode == 2 and 'no device' in r.stderr else f'{inside!r}: exit {r.returncode}: {r.stderr}')
" $<TARGET_FILE:gpucheck-cli>)
