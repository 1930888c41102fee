/* json.c — JSON text: strings escaped and always valid UTF-8 (a byte that is not part of a
 * well-formed UTF-8 sequence becomes U+FFFD), numbers without NaN or infinity. */
#include <stdio.h>

#include "report/report.h"

size_t gc_utf8_seq_len(const char *p) {
    const unsigned char *s = (const unsigned char *)p;
    unsigned c = s[0];
    if (c < 0x80) return c ? 1 : 0;
    size_t n;
    unsigned min, cp;
    if (c >= 0xC2 && c <= 0xDF) n = 2, min = 0x80, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, min = 0x800, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, min = 0x10000, cp = c & 0x07;
    else return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0; /* also stops at the terminating NUL */
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0; /* overlong, surrogate */
    return n;
}

void gc_json_string(FILE *f, const char *s) {
    fputc('"', f);
    while (s && *s) {
        unsigned char c = (unsigned char)*s;
        size_t n = gc_utf8_seq_len(s);
        if (n == 0) {
            fputs("\\ufffd", f);
            s++;
            continue;
        }
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\t') fputs("\\t", f);
        else if (c == '\r') fputs("\\r", f);
        else if (c < 0x20 || c == 0x7f) fprintf(f, "\\u%04x", c);
        else fwrite(s, 1, n, f);
        s += n;
    }
    fputc('"', f);
}

void gc_json_num(FILE *f, double v) {
    if (v != v || v > 1e308 || v < -1e308) fputs("null", f);
    else fprintf(f, "%.9g", v);
}
