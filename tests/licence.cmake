# SPDX-License-Identifier: Apache-2.0
# Every source file names its licence (LICENSE: Apache-2.0) in an SPDX line; the control
# shows the checker failing on a file without one.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME licence_spdx COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/check_spdx.py ${PROJECT_SOURCE_DIR})
add_test(NAME licence_spdx_negative_control COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/licence_control.py)
set_tests_properties(licence_spdx licence_spdx_negative_control PROPERTIES LABELS licence)
