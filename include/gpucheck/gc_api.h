/* SPDX-License-Identifier: Apache-2.0 */
/* gc_api.h — GC_API marks the declarations of the public interface.
 *
 * The library is built with hidden visibility (-fvisibility=hidden): libgpucheck.so
 * exports exactly the functions declared GC_API in include/gpucheck/, and none of its
 * internal names (bls_*, kzg_*, fk20_*, ...), which a program cannot then bind to by
 * accident. For a program that links the static library the mark changes nothing. */
#ifndef GC_API_H
#define GC_API_H

#if defined(__GNUC__) || defined(__clang__)
#define GC_API __attribute__((visibility("default")))
#else
#define GC_API
#endif

#endif
