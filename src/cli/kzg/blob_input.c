/* SPDX-License-Identifier: Apache-2.0 */
/* blob_input.c — reading and parsing the blob lines of `gpucheck kzg cells`
 * (blob_input.h). */
#include "cli/kzg/blob_input.h"

#include <stdio.h>
#include <string.h>

#include "common/hex.h"

static int is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }

/* Blanks around a blob are not part of it, however many: they are neither stored nor
 * counted, so that they cannot push a blob's digits out of the buffer. */
int gc_blob_read_line(FILE *f, char *buf, size_t size, size_t *len, size_t *lead) {
    size_t n = 0, end = 0; /* n: characters since the first non-blank; end: n at the last non-blank */
    int c, any = 0;
    *lead = 0;
    while ((c = getc_unlocked(f)) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (n == 0 && is_space((char)c)) {
            ++*lead;
            continue;
        }
        if (n + 1 < size) buf[n] = (char)c;
        n++;
        if (!is_space((char)c)) end = n;
    }
    buf[end + 1 < size ? end : size - 1] = '\0';
    *len = end;
    return any;
}

/* Parses the blob of a line (already trimmed: s, n characters, stored in full when
 * complete) into blob. Returns 1, or 0 with msg saying what is wrong. */
static int parse_blob(const char *s, size_t n, int complete, size_t line_no, size_t lead, uint8_t *blob,
                      char *msg) {
    if (n < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) {
        snprintf(msg, GC_BLOB_MESSAGE_LEN, "line %zu: a blob must start with 0x (then %d hex digits)", line_no,
                 GC_BLOB_HEX_DIGITS);
        return 0;
    }
    if (!complete || n - 2 != GC_BLOB_HEX_DIGITS) {
        snprintf(msg, GC_BLOB_MESSAGE_LEN,
                 "line %zu: expected %d hex digits after 0x (4096 field elements of 32 bytes), got %zu", line_no,
                 GC_BLOB_HEX_DIGITS, n - 2);
        return 0;
    }
    size_t bad = gc_hex_decode(blob, s + 2, GC_KZG_BYTES_PER_BLOB);
    if (bad == GC_BLOB_HEX_DIGITS) return 1;
    size_t col = 2 + bad;
    size_t shown = lead + col + 1; /* columns count from the line's start, from 1 */
    unsigned char ch = (unsigned char)s[col];
    if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\')
        snprintf(msg, GC_BLOB_MESSAGE_LEN, "line %zu: character %zu ('%c') is not a hex digit", line_no, shown, ch);
    else
        snprintf(msg, GC_BLOB_MESSAGE_LEN, "line %zu: character %zu (byte 0x%02x) is not a hex digit", line_no,
                 shown, ch);
    return 0;
}

gc_blob_line gc_blob_parse_line(char *buf, size_t size, size_t len, size_t lead, size_t line_no, uint8_t *blob,
                                char *msg) {
    size_t stored = len < size ? len : size - 1;
    char *s = buf, *e = buf + stored;
    while (s < e && is_space(*s)) s++, lead++;
    while (e > s && is_space(e[-1])) e--;
    msg[0] = '\0';
    if (s == e && stored == len) return GC_BLOB_LINE_BLANK;
    size_t n = stored == len ? (size_t)(e - s) : len; /* a line too long to hold: its length */
    return parse_blob(s, n, stored == len, line_no, lead, blob, msg) ? GC_BLOB_LINE_BLOB : GC_BLOB_LINE_MALFORMED;
}
