/* SPDX-License-Identifier: Apache-2.0 */
/* text_buf.h — a NUL-terminated text that grows as it is appended to (kernel sources
 * assembled from their files and includes). */
#ifndef GC_COMMON_TEXT_BUF_H
#define GC_COMMON_TEXT_BUF_H

#include <stddef.h>

/** Append n bytes of s to *buf (len bytes of text in cap bytes), doubling the room as
 *  needed and keeping the text NUL-terminated. 1, or 0 out of memory (*buf unchanged). */
int gc_text_append(char **buf, size_t *len, size_t *cap, const char *s, size_t n);

#endif
