/* SPDX-License-Identifier: Apache-2.0 */
/* json_parse.c — see json_parse.h. A recursive-descent parser over a cursor; every
 * allocation belongs to the tree under construction, which is freed whole on an error. */
#include "common/json_parse.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hex.h"
#include "common/utf8.h"

typedef struct {
    const char *s;
    size_t len, pos;
    char *err;
    size_t err_len;
    int failed;
} cursor;

static void fail(cursor *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(cursor *c, const char *fmt, ...) {
    if (c->failed) return;
    c->failed = 1;
    size_t line = 1, col = 1;
    for (size_t i = 0; i < c->pos && i < c->len; i++) {
        if (c->s[i] == '\n') line++, col = 1;
        else col++;
    }
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (c->err_len) snprintf(c->err, c->err_len, "line %zu, column %zu (byte %zu): %s", line, col, c->pos, what);
}

static int peek(const cursor *c) { return c->pos < c->len ? (unsigned char)c->s[c->pos] : -1; }

static void skip_ws(cursor *c) {
    while (c->pos < c->len) {
        char ch = c->s[c->pos];
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') break;
        c->pos++;
    }
}

static void describe(int ch, char *buf, size_t len) {
    if (ch < 0) snprintf(buf, len, "the end of the input");
    else if (ch >= 0x21 && ch < 0x7f) snprintf(buf, len, "'%c'", ch);
    else snprintf(buf, len, "byte 0x%02x", ch);
}

static void unexpected(cursor *c, const char *expected) {
    char got[32];
    describe(peek(c), got, sizeof got);
    fail(c, "expected %s, found %s", expected, got);
}

static void free_members(gc_json *v) {
    for (size_t i = 0; i < v->n; i++) {
        gc_json *m = &v->items[i];
        if (m->type == GC_JSON_STRING) free(m->string);
        else if (m->type == GC_JSON_ARRAY || m->type == GC_JSON_OBJECT) free_members(m);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    v->items = NULL;
    v->keys = NULL;
    v->n = 0;
}

void gc_json_free(gc_json *v) {
    if (!v) return;
    if (v->type == GC_JSON_STRING) free(v->string);
    else if (v->type == GC_JSON_ARRAY || v->type == GC_JSON_OBJECT) free_members(v);
    free(v);
}

static int parse_value(cursor *c, gc_json *out, int depth);

static int literal(cursor *c, const char *word) {
    size_t n = strlen(word);
    if (c->len - c->pos < n || memcmp(c->s + c->pos, word, n) != 0) {
        unexpected(c, "a value");
        return 0;
    }
    c->pos += n;
    return 1;
}

static int is_digit(int ch) { return ch >= '0' && ch <= '9'; }

static int parse_number(cursor *c, gc_json *out) {
    size_t start = c->pos;
    if (peek(c) == '-') c->pos++;
    if (peek(c) == '0') {
        c->pos++;
        if (is_digit(peek(c))) {
            fail(c, "a number with a leading zero");
            return 0;
        }
    } else if (is_digit(peek(c))) {
        while (is_digit(peek(c))) c->pos++;
    } else {
        unexpected(c, "a digit");
        return 0;
    }
    if (peek(c) == '.') {
        c->pos++;
        if (!is_digit(peek(c))) {
            unexpected(c, "a digit after '.'");
            return 0;
        }
        while (is_digit(peek(c))) c->pos++;
    }
    if (peek(c) == 'e' || peek(c) == 'E') {
        c->pos++;
        if (peek(c) == '+' || peek(c) == '-') c->pos++;
        if (!is_digit(peek(c))) {
            unexpected(c, "a digit in the exponent");
            return 0;
        }
        while (is_digit(peek(c))) c->pos++;
    }
    /* strtod needs a terminated copy; the grammar above already made it a valid number. */
    size_t n = c->pos - start;
    char small[64], *text = n < sizeof small ? small : malloc(n + 1);
    if (!text) {
        fail(c, "out of memory");
        return 0;
    }
    memcpy(text, c->s + start, n);
    text[n] = '\0';
    errno = 0;
    double v = strtod(text, NULL);
    if (text != small) free(text);
    if (!isfinite(v)) {
        c->pos = start;
        fail(c, "a number too large for a double");
        return 0;
    }
    out->type = GC_JSON_NUMBER;
    out->number = v;
    return 1;
}

static int hex4(cursor *c, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int ch = peek(c), d = ch < 0 ? -1 : gc_hex_digit((unsigned char)ch);
        if (d < 0) {
            unexpected(c, "four hex digits after \\u");
            return 0;
        }
        v = v << 4 | (unsigned)d;
        c->pos++;
    }
    *out = v;
    return 1;
}

static size_t put_utf8(char *o, unsigned cp) {
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3F)), 2;
    if (cp < 0x10000)
        return o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 0x3F)), o[2] = (char)(0x80 | (cp & 0x3F)), 3;
    o[0] = (char)(0xF0 | cp >> 18), o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3F)), o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* A string at the cursor (on its opening quote) into a malloc'd C string. The decoded
 * text is never longer than its source, so one allocation of the source's length does. */
static char *parse_string(cursor *c, size_t *out_len) {
    c->pos++; /* the opening quote */
    size_t end = c->pos;
    while (end < c->len && c->s[end] != '"') end += c->s[end] == '\\' ? 2 : 1;
    if (end >= c->len) {
        fail(c, "a string without its closing quote");
        return NULL;
    }
    char *buf = malloc(end - c->pos + 1), *o = buf;
    if (!buf) {
        fail(c, "out of memory");
        return NULL;
    }
    for (;;) {
        int ch = peek(c);
        if (ch == '"') break;
        if (ch < 0x20) {
            fail(c, "a control character (0x%02x) in a string: it must be escaped", ch);
            goto bad;
        }
        if (ch != '\\') {
            size_t n = gc_utf8_seq_len(c->s + c->pos, c->len - c->pos);
            if (n == 0) {
                fail(c, "bytes that are not UTF-8 in a string");
                goto bad;
            }
            memcpy(o, c->s + c->pos, n);
            o += n;
            c->pos += n;
            continue;
        }
        c->pos++;
        ch = peek(c);
        const char *simple = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = ch > 0 ? strchr(simple, ch) : NULL;
        if (k) {
            *o++ = to[k - simple];
            c->pos++;
            continue;
        }
        if (ch != 'u') {
            unexpected(c, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
            goto bad;
        }
        c->pos++;
        unsigned cp, lo;
        if (!hex4(c, &cp)) goto bad;
        if (cp >= 0xDC00 && cp <= 0xDFFF) {
            fail(c, "a low surrogate \\u%04X without a high one", cp);
            goto bad;
        }
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (c->len - c->pos < 2 || c->s[c->pos] != '\\' || c->s[c->pos + 1] != 'u') {
                fail(c, "a high surrogate \\u%04X without its low one", cp);
                goto bad;
            }
            c->pos += 2;
            if (!hex4(c, &lo)) goto bad;
            if (lo < 0xDC00 || lo > 0xDFFF) {
                fail(c, "a high surrogate \\u%04X followed by \\u%04X, not a low one", cp, lo);
                goto bad;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        if (cp == 0) {
            fail(c, "\\u0000 in a string (not supported)");
            goto bad;
        }
        o += put_utf8(o, cp);
    }
    c->pos++; /* the closing quote */
    *o = '\0';
    *out_len = (size_t)(o - buf);
    return buf;
bad:
    free(buf);
    return NULL;
}

/* Append a member (moved from *m) to an array or object. */
static int append(cursor *c, gc_json *v, size_t *cap, gc_json *m, char *key) {
    if (v->n == *cap) {
        size_t grown = *cap ? *cap * 2 : 8;
        gc_json *items = realloc(v->items, grown * sizeof *items);
        if (!items) goto oom;
        v->items = items;
        if (v->type == GC_JSON_OBJECT) {
            char **keys = realloc(v->keys, grown * sizeof *keys);
            if (!keys) goto oom;
            v->keys = keys;
        }
        *cap = grown;
    }
    v->items[v->n] = *m;
    if (v->type == GC_JSON_OBJECT) v->keys[v->n] = key;
    v->n++;
    return 1;
oom:
    fail(c, "out of memory");
    return 0;
}

static void free_value(gc_json *m) {
    if (m->type == GC_JSON_STRING) free(m->string);
    else if (m->type == GC_JSON_ARRAY || m->type == GC_JSON_OBJECT) free_members(m);
}

static int cmp_key(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* A key twice in one object is refused (sorted, so that a huge object stays cheap). */
static int unique_keys(cursor *c, const gc_json *obj, size_t start) {
    if (obj->n < 2) return 1;
    char **sorted = malloc(obj->n * sizeof *sorted);
    if (!sorted) {
        fail(c, "out of memory");
        return 0;
    }
    memcpy(sorted, obj->keys, obj->n * sizeof *sorted);
    qsort(sorted, obj->n, sizeof *sorted, cmp_key);
    const char *dup = NULL;
    for (size_t i = 1; i < obj->n && !dup; i++)
        if (strcmp(sorted[i - 1], sorted[i]) == 0) dup = sorted[i];
    if (dup) {
        c->pos = start;
        fail(c, "the key \"%.60s\" twice in the object that starts here", dup);
    }
    free(sorted);
    return dup == NULL;
}

static int parse_container(cursor *c, gc_json *out, int depth) {
    int object = peek(c) == '{';
    char close = object ? '}' : ']';
    out->type = object ? GC_JSON_OBJECT : GC_JSON_ARRAY;
    size_t start = c->pos;
    if (depth >= GC_JSON_MAX_DEPTH) {
        fail(c, "nesting deeper than %d levels", GC_JSON_MAX_DEPTH);
        return 0;
    }
    c->pos++;
    skip_ws(c);
    if (peek(c) == close) {
        c->pos++;
        return 1;
    }
    size_t cap = 0;
    for (;;) {
        char *key = NULL;
        size_t key_len = 0;
        if (object) {
            skip_ws(c);
            if (peek(c) != '"') {
                unexpected(c, "a key (a string)");
                return 0;
            }
            if (!(key = parse_string(c, &key_len))) return 0;
            skip_ws(c);
            if (peek(c) != ':') {
                unexpected(c, "':' after a key");
                free(key);
                return 0;
            }
            c->pos++;
        }
        gc_json m;
        memset(&m, 0, sizeof m);
        if (!parse_value(c, &m, depth + 1)) {
            free_value(&m);
            free(key);
            return 0;
        }
        if (!append(c, out, &cap, &m, key)) {
            free_value(&m);
            free(key);
            return 0;
        }
        skip_ws(c);
        if (peek(c) == ',') {
            c->pos++;
            continue;
        }
        if (peek(c) == close) {
            c->pos++;
            return !object || unique_keys(c, out, start);
        }
        unexpected(c, object ? "',' or '}'" : "',' or ']'");
        return 0;
    }
}

static int parse_value(cursor *c, gc_json *out, int depth) {
    skip_ws(c);
    out->offset = c->pos;
    int ch = peek(c);
    switch (ch) {
    case '{':
    case '[': return parse_container(c, out, depth);
    case '"': {
        size_t n = 0;
        char *s = parse_string(c, &n);
        if (!s) return 0;
        out->type = GC_JSON_STRING;
        out->string = s;
        out->n = n;
        return 1;
    }
    case 't': out->type = GC_JSON_BOOL, out->boolean = 1; return literal(c, "true");
    case 'f': out->type = GC_JSON_BOOL, out->boolean = 0; return literal(c, "false");
    case 'n': out->type = GC_JSON_NULL; return literal(c, "null");
    default:
        if (ch == '-' || is_digit(ch)) return parse_number(c, out);
        unexpected(c, "a value");
        return 0;
    }
}

gc_json *gc_json_parse(const char *bytes, size_t len, char *err, size_t err_len) {
    cursor c = {bytes ? bytes : "", bytes ? len : 0, 0, err, err_len, 0};
    if (err_len) err[0] = '\0';
    gc_json *root = calloc(1, sizeof *root);
    if (!root) {
        fail(&c, "out of memory");
        return NULL;
    }
    if (parse_value(&c, root, 0)) {
        skip_ws(&c);
        if (c.pos == c.len) return root;
        unexpected(&c, "the end of the input after the value");
    }
    gc_json_free(root);
    return NULL;
}

const gc_json *gc_json_get(const gc_json *v, const char *key) {
    if (!v || v->type != GC_JSON_OBJECT) return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0) return &v->items[i];
    return NULL;
}

const gc_json *gc_json_get_type(const gc_json *v, const char *key, gc_json_type t) {
    const gc_json *m = gc_json_get(v, key);
    return m && m->type == t ? m : NULL;
}
