/* SPDX-License-Identifier: Apache-2.0 */
/* utf8.h — where a well-formed UTF-8 sequence ends: the one check behind the JSON reader
 * (which refuses other bytes) and the report writers (which write U+FFFD for them). */
#ifndef GC_UTF8_H
#define GC_UTF8_H

#include <stddef.h>

/** The length (1 to 4) of the well-formed UTF-8 sequence at s, reading at most avail bytes;
 *  0 when there is none: a stray or cut sequence, an overlong form, a surrogate, a code
 *  point beyond U+10FFFF. In a NUL-terminated string any avail will do (SIZE_MAX): a NUL is
 *  never a continuation byte, so the check stops there. */
size_t gc_utf8_seq_len(const char *s, size_t avail);

#endif
