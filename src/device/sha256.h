/* SPDX-License-Identifier: Apache-2.0 */
/* sha256.h — SHA-256, for compile-cache keys and cache-entry checksums. */
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
/** One-shot convenience. */
void gc_sha256_digest(const void *data, size_t n, uint8_t out[32]);

#endif
