# SPDX-License-Identifier: Apache-2.0
# Benchmark statistics and their stopping rule, report metadata, the Markdown report,
# `gpucheck compare`, the console's width and colour (issue 14).
find_package(Python3 COMPONENTS Interpreter REQUIRED)

# NVML without a GPU: a stand-in library with NVML's ABI.
add_library(fake_nvml SHARED ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/fake_nvml.c)
target_compile_definitions(test_nvml PRIVATE GC_FAKE_NVML="$<TARGET_FILE:fake_nvml>")
add_dependencies(test_nvml fake_nvml)

# Through the CLI, with the synthetic benchmarks of suites/runner_selftest.
foreach(check noise_rule fixed_count cold_cache_and_telemetry report_metadata markdown console_width_and_colour compare)
  add_test(NAME reports.${check}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bench_compare_checks.py $<TARGET_FILE:gpucheck-cli>
                   ${check})
  set_tests_properties(reports.${check} PROPERTIES TIMEOUT 180)
endforeach()
add_test(NAME reports.compare_help
         COMMAND sh -c "$0 compare --help | grep -q '^usage: gpucheck compare OLD.json NEW.json' && \
                 $0 --help | grep -q '^  compare '" $<TARGET_FILE:gpucheck-cli>)
