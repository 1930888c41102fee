/* SPDX-License-Identifier: Apache-2.0 */
/* utf8.c — see utf8.h (RFC 3629's well-formed sequences). */
#include "common/utf8.h"

size_t gc_utf8_seq_len(const char *p, size_t avail) {
    const unsigned char *s = (const unsigned char *)p;
    if (avail == 0) return 0;
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t n;
    unsigned min, cp;
    if (c >= 0xC2 && c <= 0xDF) n = 2, min = 0x80, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, min = 0x800, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, min = 0x10000, cp = c & 0x07;
    else return 0;
    if (avail < n) return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0; /* also stops at a terminating NUL */
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0; /* overlong, surrogate */
    return n;
}
