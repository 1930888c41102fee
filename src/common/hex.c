/* SPDX-License-Identifier: Apache-2.0 */
/* hex.c — the hex codec (hex.h): a 256-entry table decodes a digit, a 512-byte table
 * encodes a byte as its two digits, so that neither branches per character. */
#include "common/hex.h"

#include <string.h>

/* 0x10 | the digit's value for a hex digit, 0 for any other byte: the AND of a run of
 * entries keeps bit 4 only when every one of them is a digit. */
static const uint8_t digit_value[256] = {
    ['0'] = 0x10, ['1'] = 0x11, ['2'] = 0x12, ['3'] = 0x13, ['4'] = 0x14, ['5'] = 0x15,
    ['6'] = 0x16, ['7'] = 0x17, ['8'] = 0x18, ['9'] = 0x19, ['a'] = 0x1a, ['b'] = 0x1b,
    ['c'] = 0x1c, ['d'] = 0x1d, ['e'] = 0x1e, ['f'] = 0x1f, ['A'] = 0x1a, ['B'] = 0x1b,
    ['C'] = 0x1c, ['D'] = 0x1d, ['E'] = 0x1e, ['F'] = 0x1f,
};

/* Byte b's two lowercase digits at encoded[2 * b]. */
static const char encoded[513] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

int gc_hex_digit(unsigned char c) { return digit_value[c] ? digit_value[c] & 15 : -1; }

/* The index of the first non-digit among the 2n characters, which has one. */
static size_t first_bad(const char *hex, size_t n) {
    size_t i = 0;
    while (i < 2 * n && digit_value[(unsigned char)hex[i]]) i++;
    return i;
}

size_t gc_hex_decode(uint8_t *out, const char *hex, size_t n) {
    const unsigned char *h = (const unsigned char *)hex;
    unsigned ok = 0x10;
    size_t i = 0;
    for (; i + 4 <= n; i += 4, h += 8) { /* four bytes a step; one check per step */
        unsigned a = digit_value[h[0]], b = digit_value[h[1]], c = digit_value[h[2]], d = digit_value[h[3]];
        unsigned e = digit_value[h[4]], f = digit_value[h[5]], g = digit_value[h[6]], k = digit_value[h[7]];
        out[i] = (uint8_t)(a << 4 | (b & 15));
        out[i + 1] = (uint8_t)(c << 4 | (d & 15));
        out[i + 2] = (uint8_t)(e << 4 | (f & 15));
        out[i + 3] = (uint8_t)(g << 4 | (k & 15));
        ok &= a & b & c & d & e & f & g & k;
    }
    for (; i < n; i++, h += 2) {
        unsigned a = digit_value[h[0]], b = digit_value[h[1]];
        out[i] = (uint8_t)(a << 4 | (b & 15));
        ok &= a & b;
    }
    return ok ? 2 * n : first_bad(hex, n);
}

int gc_hex_decode_exact(uint8_t *out, size_t n, const char *hex) {
    return strlen(hex) == 2 * n && gc_hex_decode(out, hex, n) == 2 * n;
}

char *gc_hex_encode(char *out, const uint8_t *in, size_t n) {
    for (size_t i = 0; i < n; i++) memcpy(out + 2 * i, encoded + 2 * in[i], 2);
    return out + 2 * n;
}
