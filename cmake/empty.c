/* SPDX-License-Identifier: Apache-2.0 */
/* A target needs a source of its own: libgpucheck.so is the static library's objects,
 * linked whole (cmake/shared_library.cmake). */
typedef int gc_shared_library_has_no_code_of_its_own;
