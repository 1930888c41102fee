/* SPDX-License-Identifier: Apache-2.0 */
/* test_blob_input.c — the blob lines of `gpucheck kzg cells` (src/cli/kzg/blob_input.c):
 * a blob is "0x" and 262,144 hex digits whatever blanks surround it (the fuzz target's oracle
 * found that more than 62 of them made a valid blob "malformed", with a count that included
 * them); blank lines are blank however long; a malformed line's message names its line and
 * counts only the line's own characters; a bad digit's column counts from the line's start,
 * the blanks before the blob included (as an editor shows it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/kzg/blob_input.h"
#include "cli/kzg/cells_reader.h"
#include "unit.h"

static uint8_t blob[GC_KZG_BYTES_PER_BLOB];
static char msg[GC_BLOB_MESSAGE_LEN];

/* The command's block reader (cells_reader.c) must read every line of text exactly as
 * gc_blob_read_line does from a FILE: the same length, blanks before it and bytes. */
static void check_block_reader(const char *text, size_t text_len) {
    static char a[GC_BLOB_LINE_BUFFER], b[GC_BLOB_LINE_BUFFER];
    FILE *f = fmemopen((void *)text, text_len, "r"), *t = tmpfile();
    gc_cells_reader r;
    CHECK(f && t && fwrite(text, 1, text_len, t) == text_len && fflush(t) == 0 && fseek(t, 0, SEEK_SET) == 0);
    if (!f || !t || !gc_cells_reader_init(&r, fileno(t))) return;
    size_t la, lb, da, db, lines = 0, differ = 0;
    int ga, gb;
    do {
        ga = gc_blob_read_line(f, a, sizeof a, &la, &da);
        gb = gc_cells_read_line(&r, b, sizeof b, &lb, &db);
        differ += ga != gb || (ga && (la != lb || da != db || strcmp(a, b)));
        lines++;
    } while (ga && gb);
    CHECKF(differ == 0 && r.consumed == text_len, "block reader: %zu of %zu lines differ, %llu of %zu bytes",
           differ, lines, (unsigned long long)r.consumed, text_len);
    gc_cells_reader_free(&r);
    fclose(f);
    fclose(t);
}

/* The kinds of the lines of `text`, as the command reads them, into kinds[] (at most 8). */
static size_t read_kinds(const char *text, size_t text_len, gc_blob_line *kinds, char msgs[][GC_BLOB_MESSAGE_LEN]) {
    static char buf[GC_BLOB_LINE_BUFFER];
    check_block_reader(text, text_len);
    FILE *f = fmemopen((void *)text, text_len, "r");
    size_t len, lead, n = 0;
    while (f && n < 8 && gc_blob_read_line(f, buf, sizeof buf, &len, &lead)) {
        kinds[n] = gc_blob_parse_line(buf, sizeof buf, len, lead, n + 1, blob, msg);
        snprintf(msgs[n], GC_BLOB_MESSAGE_LEN, "%s", msg);
        n++;
    }
    if (f) fclose(f);
    return n;
}

/* "0x" + the digits of bytes 0, 1, 2, ... (mod 256), in upper case if upper. */
static char *blob_line(const char *before, const char *after, int upper) {
    size_t nb = strlen(before), na = strlen(after);
    char *s = malloc(nb + 2 + GC_BLOB_HEX_DIGITS + na + 1), *p = s;
    memcpy(p, before, nb);
    p += nb;
    *p++ = '0';
    *p++ = 'x';
    for (size_t i = 0; i < GC_KZG_BYTES_PER_BLOB; i++) p += sprintf(p, upper ? "%02X" : "%02x", (unsigned)(i & 255));
    memcpy(p, after, na + 1);
    return s;
}

static int blob_is_counting(void) {
    for (size_t i = 0; i < GC_KZG_BYTES_PER_BLOB; i++)
        if (blob[i] != (uint8_t)(i & 255)) return 0;
    return 1;
}

int main(void) {
    gc_blob_line kinds[8];
    char msgs[8][GC_BLOB_MESSAGE_LEN];
    char blanks[301];
    memset(blanks, ' ', 300);
    blanks[300] = '\0';
    blanks[7] = '\t';

    /* Valid blobs, with few and with many blanks around them (the finding). */
    const char *arounds[][2] = {{"", "\n"}, {" \t", "\r\n"}, {blanks, "\n"}, {"", blanks}, {blanks, blanks}};
    for (size_t i = 0; i < sizeof arounds / sizeof arounds[0]; i++) {
        char *line = blob_line(arounds[i][0], arounds[i][1], (int)(i & 1));
        memset(blob, 0, sizeof blob);
        size_t n = read_kinds(line, strlen(line), kinds, msgs);
        CHECKF(n == 1 && kinds[0] == GC_BLOB_LINE_BLOB && blob_is_counting(), "case %zu: %zu lines, kind %d '%s'", i, n,
               n ? (int)kinds[0] : -1, n ? msgs[0] : "");
        free(line);
    }

    /* One digit too many, hidden among blanks: malformed, and the count is the digits'. */
    char *long_line = blob_line(blanks, "0", 0);
    size_t n = read_kinds(long_line, strlen(long_line), kinds, msgs);
    CHECKF(n == 1 && kinds[0] == GC_BLOB_LINE_MALFORMED && strstr(msgs[0], "line 1: expected 262144 hex digits") &&
               strstr(msgs[0], "got 262145"),
           "one digit too many: '%s'", n ? msgs[0] : "");
    free(long_line);

    /* A line of blanks longer than the buffer is blank; the lines are numbered from 1. */
    size_t huge = GC_BLOB_LINE_BUFFER + 100;
    char *text = malloc(huge + 16);
    memset(text, ' ', huge);
    memcpy(text + huge, "\n0x12\n\n", 8);
    n = read_kinds(text, huge + 7, kinds, msgs);
    CHECKF(n == 3 && kinds[0] == GC_BLOB_LINE_BLANK && kinds[1] == GC_BLOB_LINE_MALFORMED &&
               kinds[2] == GC_BLOB_LINE_BLANK && strstr(msgs[1], "line 2: expected 262144 hex digits") &&
               strstr(msgs[1], "got 2"),
           "blank lines: %zu lines, '%s'", n, n > 1 ? msgs[1] : "");
    free(text);

    /* Messages: a missing 0x, a bad digit (printable and not). */
    const char *bad = "0y00\n0x\"\n0x\x01\n";
    n = read_kinds(bad, strlen(bad), kinds, msgs);
    CHECK(n == 3 && kinds[0] == GC_BLOB_LINE_MALFORMED && strstr(msgs[0], "line 1: a blob must start with 0x"));
    CHECK(n == 3 && strstr(msgs[1], "line 2: expected 262144") && strstr(msgs[2], "line 3: expected 262144"));
    char *bad_digit = blob_line("  ", "\n", 0);
    bad_digit[2 + 2 + 100] = 'g';
    n = read_kinds(bad_digit, strlen(bad_digit), kinds, msgs);
    CHECKF(n == 1 && kinds[0] == GC_BLOB_LINE_MALFORMED && strstr(msgs[0], "line 1: character 105 ('g')"), "'%s'",
           n ? msgs[0] : "");
    free(bad_digit);
    bad_digit = blob_line(" \t ", "\n", 0);
    bad_digit[3 + 2 + 7] = '\x01';
    n = read_kinds(bad_digit, strlen(bad_digit), kinds, msgs);
    CHECKF(n == 1 && kinds[0] == GC_BLOB_LINE_MALFORMED && strstr(msgs[0], "line 1: character 13 (byte 0x01)"), "'%s'",
           n ? msgs[0] : "");
    free(bad_digit);

    /* Lines across the block reader's 1 MiB blocks: blobs and blanks of every length near it. */
    size_t big = (3u << 20) + 7;
    char *many = malloc(big);
    for (size_t i = 0, k = 0; i < big; i++, k++) many[i] = k % 263147 == 262146 ? '\n' : k % 7 == 0 ? ' ' : 'a';
    many[big - 1] = '\t';
    check_block_reader(many, big);
    free(many);
    return UNIT_DONE();
}
