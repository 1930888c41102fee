# SPDX-License-Identifier: Apache-2.0
# Each guard of the harness, shown working on the default device: the self-test must
# come out with the outcome it is for, and the run must exit 1 (nothing here passes).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli>)

foreach(pair
    "canary_unwritten=FAIL"
    "comparator_always_equal=BROKEN"
    "spin_forever=TIMEOUT"
    "wild_write=CRASH|ERROR"
    "too_few_checks=INCONCLUSIVE"
    "mutant_survives=FAIL"
    "counted_zero_checks=BROKEN"
    "inconclusive_part=INCONCLUSIVE"
    "measured_failing=FAIL")
  string(REPLACE "=" ";" parts "${pair}")
  list(GET parts 0 name)
  add_test(NAME harness_selftest.${name}
           COMMAND ${GC_EXPECT} 1 "harness_selftest.${pair}" -- run --filter harness_selftest.${name})
endforeach()
# A skip is not a failure: exit 0, outcome SKIP with the reason.
add_test(NAME harness_selftest.missing_capability
         COMMAND ${GC_EXPECT} 0 "harness_selftest.missing_capability=SKIP"
                 -- run --filter harness_selftest.missing_capability)
# A measurement and a check that could not have failed here count neither as passed nor
# as failed: exit 0, and the console's summary line names them.
foreach(pair "measured=MEASURED" "unvalidated=UNVALIDATED")
  string(REPLACE "=" ";" parts "${pair}")
  list(GET parts 0 name)
  add_test(NAME harness_selftest.${name}
           COMMAND ${GC_EXPECT} 0 "harness_selftest.${pair}" -- run --filter harness_selftest.${name})
endforeach()
# ('harness_selftest.*d' selects exactly those two.)
add_test(NAME harness_selftest.neither_in_summary
         COMMAND sh -c "$0 run --filter 'harness_selftest.*d' | tail -n 1 | \
                        grep -qx '0 passed, 0 failed, 0 skipped, 1 measured, 1 unvalidated'"
                 $<TARGET_FILE:gpucheck-cli>)
# A timeout does not stop the run: the tests after the spinning one still run.
add_test(NAME harness_selftest.run_goes_on_after_timeout
         COMMAND ${GC_EXPECT} 1 "harness_selftest.spin_forever=TIMEOUT"
                 "harness_selftest.wild_write=CRASH|ERROR" "harness_selftest.too_few_checks=INCONCLUSIVE"
                 -- run --filter "harness_selftest.*")
# The device round trips pass on the default device.
add_test(NAME device_roundtrips
         COMMAND ${GC_EXPECT} 0 "device.vector_add=PASS" "device.ids_3d=PASS" "device.atomic_tickets=PASS"
                 "device.dynamic_local=PASS" "device.mul_hi64=PASS" "device.compile_error=PASS"
                 "device.argument_list=SKIP"
                 -- run --filter "device.*")
# device.work_group_limit counts only the sub-checks the device exercised (PoCL: g1_mul may
# use the whole work-group, so its refusal is not checked and must not be counted).
add_test(NAME device_work_group_limit_counts
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_work_group_limit.py $<TARGET_FILE:gpucheck-cli>)
