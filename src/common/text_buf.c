/* SPDX-License-Identifier: Apache-2.0 */
/* text_buf.c — the growing text of text_buf.h. */
#include "common/text_buf.h"

#include <stdlib.h>
#include <string.h>

int gc_text_append(char **buf, size_t *len, size_t *cap, const char *s, size_t n) {
    if (*len + n + 1 > *cap) {
        size_t c = *cap ? *cap : 4096;
        while (c < *len + n + 1) c *= 2;
        char *p = realloc(*buf, c);
        if (!p) return 0;
        *buf = p;
        *cap = c;
    }
    memcpy(*buf + *len, s, n);
    *len += n;
    (*buf)[*len] = '\0';
    return 1;
}
