/* SPDX-License-Identifier: Apache-2.0 */
/* hex.h — the one hex codec of gpucheck: bytes to lowercase hex digits and back, either
 * case accepted. Prefixes ("0x") are the callers' formats' business, not the codec's. */
#ifndef GC_HEX_H
#define GC_HEX_H

#include <stddef.h>
#include <stdint.h>

/** The value of hex digit c (0-9, a-f, A-F), or -1. */
int gc_hex_digit(unsigned char c);
/** Decodes the 2n hex digits at hex into n bytes at out. Returns 2n when every character is
 *  a digit, else the index of the first that is not (out then holds garbage). */
size_t gc_hex_decode(uint8_t *out, const char *hex, size_t n);
/** hex, a NUL-terminated string of exactly 2n hex digits (no prefix), into n bytes: 1, or 0
 *  for another length or a character that is not a digit. */
int gc_hex_decode_exact(uint8_t *out, size_t n, const char *hex);
/** Writes the 2n lowercase digits of in[0..n) at out (no NUL). Returns out + 2n. */
char *gc_hex_encode(char *out, const uint8_t *in, size_t n);

#endif
