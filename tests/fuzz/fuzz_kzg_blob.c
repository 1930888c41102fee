/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_kzg_blob.c — the blob input of `gpucheck kzg cells` (src/cli/kzg/blob_input.c): the
 * input is read through gc_blob_read_line and gc_blob_parse_line as the command reads it.
 *
 * Checked beyond memory safety, line by line against an independent reading of the same
 * bytes: a line is BLANK exactly when it holds only blanks; it is a BLOB exactly when,
 * blanks around it aside, it is "0x" and 262,144 hex digits, and then the blob re-encodes
 * to those digits; any other line is MALFORMED with a message "line N: ..." in printable
 * ASCII (the command copies it into JSON). A second reading with a line buffer of 40 bytes
 * exercises the path of lines too long for the buffer (memory safety and messages only). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/kzg/blob_input.h"

#define SMALL_BUFFER 40

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(size_t line_no, const char *what) {
    fprintf(stderr, "fuzz_kzg_blob: line %zu: %s\n", line_no, what);
    abort();
}

static int blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
static int hex(unsigned char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

/* The oracle: what the line (without its newline) is. */
static gc_blob_line expected_kind(const uint8_t *s, size_t n) {
    while (n && blank(s[n - 1])) n--;
    while (n && blank(*s)) s++, n--;
    if (n == 0) return GC_BLOB_LINE_BLANK;
    if (n != 2 + GC_BLOB_HEX_DIGITS || s[0] != '0' || (s[1] | 0x20) != 'x') return GC_BLOB_LINE_MALFORMED;
    for (size_t i = 2; i < n; i++)
        if (!hex(s[i])) return GC_BLOB_LINE_MALFORMED;
    return GC_BLOB_LINE_BLOB;
}

static void check_message(size_t line_no, const char *msg) {
    char prefix[32];
    int n = snprintf(prefix, sizeof prefix, "line %zu: ", line_no);
    if (strncmp(msg, prefix, (size_t)n) != 0 || strlen(msg) <= (size_t)n) fail(line_no, "a message without its line");
    for (const char *m = msg; *m; m++)
        if ((unsigned char)*m < 0x20 || (unsigned char)*m >= 0x7f) fail(line_no, "a message with a non-printable byte");
}

static void check_blob(size_t line_no, const uint8_t *s, size_t n, const uint8_t *blob) {
    static const char digits[] = "0123456789abcdef";
    while (n && blank(*s)) s++, n--;
    s += 2;
    for (size_t i = 0; i < GC_KZG_BYTES_PER_BLOB; i++)
        if ((s[2 * i] | 0x20) != digits[blob[i] >> 4] || (s[2 * i + 1] | 0x20) != digits[blob[i] & 15])
            fail(line_no, "the blob does not re-encode to the line's digits");
}

static void read_all(const uint8_t *data, size_t size, size_t buf_size, int oracle) {
    static char *buf;
    static uint8_t blob[GC_KZG_BYTES_PER_BLOB];
    if (!buf) buf = malloc(GC_BLOB_LINE_BUFFER);
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return; /* an empty input: nothing to read */
    size_t len, lead, line_no = 0;
    const uint8_t *line = data; /* the oracle's view of the current line */
    char msg[GC_BLOB_MESSAGE_LEN];
    while (gc_blob_read_line(f, buf, buf_size, &len, &lead)) {
        line_no++;
        const uint8_t *nl = memchr(line, '\n', (size_t)(data + size - line));
        size_t raw = nl ? (size_t)(nl - line) : (size_t)(data + size - line);
        size_t trimmed = raw;
        const uint8_t *t = line;
        while (trimmed && blank(t[trimmed - 1])) trimmed--;
        while (trimmed && blank(*t)) t++, trimmed--;
        if (trimmed != len) fail(line_no, "gc_blob_read_line's length differs from the line's without its blanks");
        memset(msg, 'x', sizeof msg);
        gc_blob_line kind = gc_blob_parse_line(buf, buf_size, len, lead, line_no, blob, msg);
        if (kind == GC_BLOB_LINE_MALFORMED) check_message(line_no, msg);
        if (oracle) {
            gc_blob_line want = expected_kind(line, raw);
            if (kind != want) {
                fprintf(stderr, "parsed as %d, the line is %d (%s)\n", kind, want, msg);
                fail(line_no, "the parser and the oracle disagree");
            }
            if (kind == GC_BLOB_LINE_BLOB) check_blob(line_no, line, raw, blob);
        }
        line = nl ? nl + 1 : data + size;
    }
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    read_all(data, size, GC_BLOB_LINE_BUFFER, 1);
    read_all(data, size, SMALL_BUFFER, 0);
    return 0;
}
