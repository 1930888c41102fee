# SPDX-License-Identifier: Apache-2.0
# ---- libgpucheck.so beside libgpucheck.a ------------------------------------------------
# One compilation serves both: the static library's objects are position-independent and
# hidden by default, and the shared library is those objects whole (WHOLE_ARCHIVE), so it
# exports exactly the GC_API declarations of include/gpucheck/ (tests/shared_symbols.sh
# checks that). Included by CMakeLists.txt after the static library and its install rules.
set_target_properties(gpucheck PROPERTIES POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET hidden)

# Soname libgpucheck.so.0.1: before 1.0 a minor version may change the interface
# (the CMake package's SameMinorVersion says the same).
add_library(gpucheck_shared SHARED ${PROJECT_SOURCE_DIR}/cmake/empty.c)
add_library(gpucheck::gpucheck_shared ALIAS gpucheck_shared)
set_target_properties(gpucheck_shared PROPERTIES OUTPUT_NAME gpucheck EXPORT_NAME gpucheck_shared
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
  C_VISIBILITY_PRESET hidden)
target_include_directories(gpucheck_shared INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:include>)
target_link_libraries(gpucheck_shared PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,gpucheck>" ${CMAKE_DL_LIBS} pthread m)
# Every symbol resolved at link time; not with clang's sanitizers, whose runtime a shared
# library leaves to the program that loads it.
if(CMAKE_C_COMPILER_ID STREQUAL "GNU" OR NOT (GC_SANITIZE OR GC_BUILD_FUZZ))
  target_link_options(gpucheck_shared PRIVATE -Wl,--no-undefined)
endif()

install(TARGETS gpucheck_shared EXPORT gpucheckTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Unspecified)
# pkg-config: `gpucheck` links the shared library (what -lgpucheck finds first),
# `gpucheck-static` the archive.
configure_file(${PROJECT_SOURCE_DIR}/cmake/gpucheck-static.pc.in ${PROJECT_BINARY_DIR}/gpucheck-static.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/gpucheck-static.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
