/* SPDX-License-Identifier: Apache-2.0 */
/* test_hex.c — the hex codec (src/common/hex.c) against Python's (tests/data/hex_vectors.txt,
 * made by tools/gen_hex_vectors.py): every encoding, every decoding in mixed case, and where
 * each bad string's first non-digit lies; then what the vectors cannot hold: every byte
 * value as a digit or not, odd lengths and prefixes for gc_hex_decode_exact, and a bad digit
 * at every position of a blob-sized string (the decoder checks four bytes a step). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hex.h"
#include "unit.h"

#define MAX_BYTES 4096

static size_t parse_decimal_list(const char *s, uint8_t *out) {
    size_t n = 0;
    if (!strcmp(s, "-")) return 0;
    for (const char *p = s; *p && n < MAX_BYTES;) {
        out[n++] = (uint8_t)strtoul(p, (char **)&p, 10);
        if (*p == ',') p++;
    }
    return n;
}

static void check_vectors(void) {
    FILE *f = fopen(GC_SOURCE_DIR "/tests/data/hex_vectors.txt", "r");
    CHECK(f != NULL);
    if (!f) return;
    static char line[4 * MAX_BYTES], a[4 * MAX_BYTES], b[4 * MAX_BYTES], text[2 * MAX_BYTES + 1];
    static uint8_t bytes[MAX_BYTES], got[MAX_BYTES];
    size_t n_encode = 0, n_decode = 0, n_bad = 0;
    while (fgets(line, sizeof line, f)) {
        char kind[16];
        if (line[0] == '#' || sscanf(line, "%15s %16383s %16383s", kind, a, b) != 3) continue;
        if (!strcmp(kind, "encode")) {
            size_t n = parse_decimal_list(a, bytes);
            const char *want = strcmp(b, "-") ? b : "";
            char *end = gc_hex_encode(text, bytes, n);
            *end = '\0';
            CHECKF(end == text + 2 * n && !strcmp(text, want), "encode of %zu bytes: %.40s, want %.40s", n, text, want);
            CHECKF(gc_hex_decode_exact(got, n, want) && !memcmp(got, bytes, n), "decode of %.40s", want);
            n_encode++;
        } else if (!strcmp(kind, "decode")) {
            size_t n = strlen(a) / 2;
            CHECKF(gc_hex_decode(got, a, n) == 2 * n, "decode of %s", a);
            gc_hex_encode(text, got, n)[0] = '\0';
            CHECKF(!strcmp(text, b), "decode of %s gave %s, want %s", a, text, b);
            n_decode++;
        } else if (!strcmp(kind, "bad")) {
            for (char *p = a; *p; p++)
                if (*p == '_') *p = ' ';
            size_t n = strlen(a) / 2, want = strtoul(b, NULL, 10);
            size_t at = gc_hex_decode(got, a, n);
            CHECKF(at == want, "bad string '%s': first non-digit at %zu, want %zu", a, at, want);
            CHECKF(!gc_hex_decode_exact(got, n, a), "bad string '%s' decoded", a);
            n_bad++;
        }
    }
    fclose(f);
    CHECKF(n_encode >= 20 && n_decode >= 6 && n_bad >= 13, "vectors read: %zu encode, %zu decode, %zu bad", n_encode,
           n_decode, n_bad);
}

static void check_digits(void) {
    for (int c = 0; c < 256; c++) {
        int want = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        CHECKF(gc_hex_digit((unsigned char)c) == want, "digit 0x%02x: %d, want %d", c, gc_hex_digit((unsigned char)c),
               want);
        char two[3] = {'a', (char)c, 0};
        uint8_t b;
        size_t at = gc_hex_decode(&b, two, 1);
        CHECKF(want < 0 ? at == 1 : at == 2 && b == (uint8_t)(0xa0 | want), "'a' then byte 0x%02x: %zu", c, at);
    }
}

/* gc_hex_decode_exact: exactly 2n digits, no prefix, no blanks (gc_bls_hex_decode's rule). */
static void check_exact(void) {
    uint8_t b[4];
    CHECK(gc_hex_decode_exact(b, 2, "aB09") && b[0] == 0xab && b[1] == 0x09);
    CHECK(!gc_hex_decode_exact(b, 2, "aB0"));    /* odd length */
    CHECK(!gc_hex_decode_exact(b, 2, "aB09f"));  /* odd, one too many */
    CHECK(!gc_hex_decode_exact(b, 2, "aB0900")); /* one byte too many */
    CHECK(!gc_hex_decode_exact(b, 2, "0xaB"));   /* a prefix is not a digit */
    CHECK(!gc_hex_decode_exact(b, 1, "0x"));
    CHECK(!gc_hex_decode_exact(b, 2, " aB0"));
    CHECK(gc_hex_decode_exact(b, 0, ""));
    CHECK(!gc_hex_decode_exact(b, 0, "0"));
}

/* A blob's worth of digits with one bad character at each position in turn. */
static void check_every_position(void) {
    enum { N = 131072 };
    char *hex = malloc(2 * N + 1);
    uint8_t *out = malloc(N), *ref = malloc(N);
    for (size_t i = 0; i < N; i++) ref[i] = (uint8_t)(i * 131 + 7);
    gc_hex_encode(hex, ref, N)[0] = '\0';
    CHECK(gc_hex_decode(out, hex, N) == 2 * N && !memcmp(out, ref, N));
    size_t wrong = 0;
    for (size_t k = 0; k < 2 * N; k += (k < 64 ? 1 : 997)) {
        char keep = hex[k];
        hex[k] = (k & 1) ? 'x' : (char)0xff;
        if (gc_hex_decode(out, hex, N) != k) wrong++;
        hex[k] = keep;
    }
    CHECKF(wrong == 0, "%zu positions of a bad digit not found", wrong);
    free(hex);
    free(out);
    free(ref);
}

int main(void) {
    check_vectors();
    check_digits();
    check_exact();
    check_every_position();
    return UNIT_DONE();
}
