/* SPDX-License-Identifier: Apache-2.0 */
/* json_value.c — the JSON values every writer shares: strings escaped and always valid
 * UTF-8 (a byte that is not part of a well-formed UTF-8 sequence becomes U+FFFD), numbers
 * never NaN or infinity (null instead), tag lists, and the `,"key":value` members. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/utf8.h"
#include "report/report.h"

void gc_json_string(FILE *f, const char *s) {
    fputc('"', f);
    while (s && *s) {
        unsigned char c = (unsigned char)*s;
        size_t n = gc_utf8_seq_len(s, SIZE_MAX);
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

void gc_json_tags(FILE *f, const char *tags) {
    fputc('[', f);
    int first = 1;
    for (const char *p = tags ? tags : ""; *p;) {
        while (*p == ' ' || *p == ',') p++;
        size_t n = strcspn(p, ",");
        while (n > 0 && p[n - 1] == ' ') n--;
        if (n > 0) {
            char tag[256];
            snprintf(tag, sizeof tag, "%.*s", (int)n, p);
            if (!first) fputc(',', f);
            gc_json_string(f, tag);
            first = 0;
        }
        p += n;
        while (*p && *p != ',') p++;
    }
    fputc(']', f);
}

void gc_json_num(FILE *f, double v) {
    if (v != v || v > 1e308 || v < -1e308) fputs("null", f);
    else fprintf(f, "%.9g", v);
}

/* ,"key":value: the members after an object's first. */
void gc_json_num_member(FILE *f, const char *key, double v) {
    fprintf(f, ",\"%s\":", key);
    gc_json_num(f, v);
}

void gc_json_str_member(FILE *f, const char *key, const char *s) {
    fprintf(f, ",\"%s\":", key);
    gc_json_string(f, s);
}
