/* SPDX-License-Identifier: Apache-2.0 */
/* sha256.h — SHA-256: compile-cache keys and checksums, the KZG Fiat-Shamir challenges. */
#ifndef GC_SHA256_H
#define GC_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t total;
    uint8_t block[64];
    size_t fill;
} gc_sha256;

void gc_sha256_init(gc_sha256 *s);
void gc_sha256_update(gc_sha256 *s, const void *data, size_t n);
void gc_sha256_final(gc_sha256 *s, uint8_t out[32]);
/** 1 when blocks go through the CPU's SHA extensions (x86-64 SHA-NI). */
int gc_sha256_accelerated(void);
/** Tests: 1 makes every block take the portable path (process-wide, not thread-safe). */
void gc_sha256_force_portable(int on);
/** One-shot convenience. */
void gc_sha256_digest(const void *data, size_t n, uint8_t out[32]);

#endif
