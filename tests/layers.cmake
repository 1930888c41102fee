# SPDX-License-Identifier: Apache-2.0
# The layering (docs/architecture.md, "Layers"): no include or call from a lower layer to a
# higher one, no circle between files. tools/check_layers.py reads the sources; the fixture
# trees with a planted circle and a planted upward arrow show it fails when it must.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME layers.tree
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/check_layers.py --root ${PROJECT_SOURCE_DIR})
add_test(NAME layers.planted_faults COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/layers_check.py)
set_tests_properties(layers.tree layers.planted_faults PROPERTIES TIMEOUT 60 LABELS unit)
