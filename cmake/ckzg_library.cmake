# SPDX-License-Identifier: Apache-2.0
# ---- libgpucheck-ckzg.so: c-kzg-4844's C interface (include/gpucheck/ckzg.h) ----------------
# src/ckzg/ over the static library, linked into one shared library that exports c-kzg's
# names and nothing else (hidden visibility; the archive's own names stay inside). Its
# own library, not libgpucheck's: a program may load c-kzg and gpucheck side by side.
file(GLOB GC_CKZG_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/ckzg/*.c)
add_library(gpucheck_ckzg SHARED ${GC_CKZG_SOURCES})
add_library(gpucheck::ckzg ALIAS gpucheck_ckzg)
set_target_properties(gpucheck_ckzg PROPERTIES OUTPUT_NAME gpucheck-ckzg EXPORT_NAME ckzg
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
  C_VISIBILITY_PRESET hidden)
target_include_directories(gpucheck_ckzg
  PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include/gpucheck> $<INSTALL_INTERFACE:include/gpucheck>
  PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include)
target_link_libraries(gpucheck_ckzg PRIVATE gpucheck)
target_link_options(gpucheck_ckzg PRIVATE -Wl,--exclude-libs,ALL)
# Every symbol resolved at link time; not with clang's sanitizers, whose runtime a shared
# library leaves to the program that loads it.
if(CMAKE_C_COMPILER_ID STREQUAL "GNU" OR NOT (GC_SANITIZE OR GC_BUILD_FUZZ))
  target_link_options(gpucheck_ckzg PRIVATE -Wl,--no-undefined)
endif()
install(TARGETS gpucheck_ckzg EXPORT gpucheckTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# `#include "ckzg.h"` as with c-kzg: the Cflags name include/gpucheck itself.
configure_file(${PROJECT_SOURCE_DIR}/cmake/gpucheck-ckzg.pc.in ${PROJECT_BINARY_DIR}/gpucheck-ckzg.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/gpucheck-ckzg.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
