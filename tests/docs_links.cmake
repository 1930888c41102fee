# SPDX-License-Identifier: Apache-2.0
# Every relative link in README.md and docs/ names a file that exists (scripts/check-links.py);
# the negative control: a page with one broken link among good ones must report exactly it.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME docs_links COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check-links.py README.md docs
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME docs_links_negative_control
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check-links.py tests/data/links
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(docs_links_negative_control PROPERTIES PASS_REGULAR_EXPRESSION
  "tests/data/links/broken.md:4: missing.md#section\ncheck-links: 1 files, 1 broken links")
