# SPDX-License-Identifier: Apache-2.0
# A user's program is the user's (issue 53): examples/vector_scale built in this tree, and
# a bare program of no tests, say their own names, list only their own commands, and the
# commands the docs show run as written (tests/docs_commands_check.py).
find_package(Python3 COMPONENTS Interpreter REQUIRED)

set(GC_USER_PROGRAM_DIR ${CMAKE_CURRENT_BINARY_DIR}/user_program)
add_executable(example_vector_scale ${PROJECT_SOURCE_DIR}/examples/vector_scale/vector_scale.c)
add_executable(example_bare_program ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/bare_program.c)
foreach(t example_vector_scale example_bare_program)
  target_link_libraries(${t} PRIVATE gpucheck)
  target_include_directories(${t} PRIVATE ${PROJECT_SOURCE_DIR}/include)
endforeach()
set_target_properties(example_vector_scale PROPERTIES OUTPUT_NAME vector_scale RUNTIME_OUTPUT_DIRECTORY ${GC_USER_PROGRAM_DIR})
set_target_properties(example_bare_program PROPERTIES OUTPUT_NAME bare_program RUNTIME_OUTPUT_DIRECTORY ${GC_USER_PROGRAM_DIR})

add_test(NAME user_program.docs_commands
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/docs_commands_check.py ${PROJECT_SOURCE_DIR}
                 $<TARGET_FILE:gpucheck-cli> $<TARGET_FILE:example_vector_scale>)
# PoCL's LLVM leaks at exit, which LeakSanitizer would make every test's FAIL (as make test,
# which sets the same for the whole suite).
set(GC_USER_PROGRAM_ENV "ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0")
set_tests_properties(user_program.docs_commands PROPERTIES TIMEOUT 900 ENVIRONMENT "${GC_USER_PROGRAM_ENV}")
foreach(check own_name bare_program color quiet short_flags suggestions sweep compare_settings
        compare_scale)
  add_test(NAME options.${check}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/conventions_check.py ${check}
                   $<TARGET_FILE:gpucheck-cli> $<TARGET_FILE:example_vector_scale> $<TARGET_FILE:example_bare_program>)
  set_tests_properties(options.${check} PROPERTIES TIMEOUT 300 ENVIRONMENT "${GC_USER_PROGRAM_ENV}")
endforeach()
