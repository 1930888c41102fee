/* rerun.c — reads the failed tests out of an earlier JSON report (--rerun-failed).
 *
 * A small strict JSON reader, since the report is outside input (edited, cut short, or
 * not ours at all): every value is checked against RFC 8259 even where it is skipped,
 * strings are decoded (escapes, \u surrogate pairs), nesting is bounded, and any fault is
 * an error naming the byte, never a partial selection. */
#include "harness/rerun.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_harness.h"

#define MAX_DEPTH 64
#define MAX_REPORT_BYTES (1u << 30)

typedef struct {
    const char *s;
    size_t n, i;
    int depth;
    char *err;
    size_t err_len;
    int failed;
} reader;

static int fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(reader *r, const char *fmt, ...) {
    if (r->failed) return 0;
    r->failed = 1;
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->err_len, "%s at byte %zu", what, r->i);
    return 0;
}

static void skip_ws(reader *r) {
    while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' || r->s[r->i] == '\r'))
        r->i++;
}

static int peek(reader *r) { return r->i < r->n ? (unsigned char)r->s[r->i] : -1; }

static int expect(reader *r, char c) {
    skip_ws(r);
    if (peek(r) != (unsigned char)c) return fail(r, "expected '%c'", c);
    r->i++;
    return 1;
}

static int hex4(reader *r, unsigned *v) {
    *v = 0;
    for (int k = 0; k < 4; k++, r->i++) {
        int c = peek(r), d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                                           : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return fail(r, "a \\u escape needs 4 hex digits");
        *v = *v << 4 | (unsigned)d;
    }
    return 1;
}

static size_t put_utf8(char *o, unsigned cp) {
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3F)), 2;
    if (cp < 0x10000)
        return o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), o[2] = (char)(0x80 | (cp & 0x3F)), 3;
    o[0] = (char)(0xF0 | cp >> 18), o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* A string at the cursor; decoded into a malloc'd buffer when out is not NULL. */
static int string(reader *r, char **out) {
    if (out) *out = NULL;
    if (!expect(r, '"')) return 0;
    char *buf = NULL;
    size_t len = 0;
    if (out) {
        /* Decoding never makes a string longer than its escaped form. */
        buf = malloc(r->n - r->i + 1);
        if (!buf) return fail(r, "out of memory");
    }
    for (;;) {
        int c = peek(r);
        if (c < 0) {
            free(buf);
            return fail(r, "unterminated string");
        }
        r->i++;
        if (c == '"') break;
        if (c < 0x20) {
            free(buf);
            r->i--;
            return fail(r, "a control character inside a string");
        }
        if (c != '\\') {
            if (buf) buf[len++] = (char)c;
            continue;
        }
        int e = peek(r);
        r->i++;
        char simple = e == '"' ? '"' : e == '\\' ? '\\' : e == '/' ? '/' : e == 'b' ? '\b' : e == 'f' ? '\f'
                    : e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : 0;
        if (simple) {
            if (buf) buf[len++] = simple;
            continue;
        }
        if (e != 'u') {
            free(buf);
            r->i--;
            return fail(r, "an unknown escape in a string");
        }
        unsigned cp, lo;
        if (!hex4(r, &cp)) return free(buf), 0;
        if (cp >= 0xDC00 && cp <= 0xDFFF) return free(buf), fail(r, "a lone low surrogate");
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (r->i + 2 > r->n || r->s[r->i] != '\\' || r->s[r->i + 1] != 'u')
                return free(buf), fail(r, "a high surrogate without its low half");
            r->i += 2;
            if (!hex4(r, &lo)) return free(buf), 0;
            if (lo < 0xDC00 || lo > 0xDFFF) return free(buf), fail(r, "a high surrogate without its low half");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        if (buf) len += put_utf8(buf + len, cp);
    }
    if (buf) {
        buf[len] = '\0';
        if (strlen(buf) != len) return free(buf), fail(r, "a NUL character (\\u0000) inside a string");
        *out = buf;
    }
    return 1;
}

static int digits(reader *r) {
    size_t start = r->i;
    while (peek(r) >= '0' && peek(r) <= '9') r->i++;
    return r->i > start;
}

static int number(reader *r, double *out) {
    size_t start = r->i;
    if (peek(r) == '-') r->i++;
    if (peek(r) == '0') r->i++;
    else if (!digits(r)) return fail(r, "not a value");
    if (peek(r) == '.') {
        r->i++;
        if (!digits(r)) return fail(r, "a number needs digits after '.'");
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        r->i++;
        if (peek(r) == '+' || peek(r) == '-') r->i++;
        if (!digits(r)) return fail(r, "a number needs digits in its exponent");
    }
    if (out) {
        char tmp[64];
        size_t n = r->i - start;
        snprintf(tmp, sizeof tmp, "%.*s", (int)(n < sizeof tmp - 1 ? n : sizeof tmp - 1), r->s + start);
        *out = strtod(tmp, NULL);
    }
    return 1;
}

static int literal(reader *r, const char *word) {
    size_t n = strlen(word);
    if (r->n - r->i < n || memcmp(r->s + r->i, word, n) != 0) return fail(r, "not a value");
    r->i += n;
    return 1;
}

static int value(reader *r);

/* Object members one by one: *key (malloc'd) and the cursor at the member's value.
 * Returns 1 with a key, 0 at the closing brace or on an error (r->failed). */
static int next_member(reader *r, int *first, char **key) {
    *key = NULL;
    skip_ws(r);
    if (peek(r) == '}') {
        r->i++;
        return 0;
    }
    if (!*first && !expect(r, ',')) return 0;
    *first = 0;
    skip_ws(r);
    if (!string(r, key)) return 0;
    if (!expect(r, ':')) {
        free(*key);
        *key = NULL;
        return 0;
    }
    skip_ws(r);
    return 1;
}

static int enter(reader *r) {
    if (++r->depth > MAX_DEPTH) return fail(r, "nested deeper than %d", MAX_DEPTH);
    return 1;
}

static int object(reader *r) {
    if (!expect(r, '{') || !enter(r)) return 0;
    int first = 1;
    char *key;
    while (next_member(r, &first, &key)) {
        free(key);
        if (!value(r)) return 0;
    }
    r->depth--;
    return !r->failed;
}

static int array(reader *r) {
    if (!expect(r, '[') || !enter(r)) return 0;
    skip_ws(r);
    if (peek(r) == ']') {
        r->i++;
        r->depth--;
        return 1;
    }
    for (;;) {
        if (!value(r)) return 0;
        skip_ws(r);
        if (peek(r) == ']') break;
        if (!expect(r, ',')) return 0;
    }
    r->i++;
    r->depth--;
    return 1;
}

static int value(reader *r) {
    skip_ws(r);
    switch (peek(r)) {
    case '{': return object(r);
    case '[': return array(r);
    case '"': return string(r, NULL);
    case 't': return literal(r, "true");
    case 'f': return literal(r, "false");
    case 'n': return literal(r, "null");
    default: return number(r, NULL);
    }
}

typedef struct {
    char **names;
    size_t n, cap;
} name_list;

static int add_failed(reader *r, name_list *l, char *name) {
    for (size_t k = 0; k < l->n; k++)
        if (strcmp(l->names[k], name) == 0) return free(name), 1;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        char **p = realloc(l->names, cap * sizeof *p);
        if (!p) return free(name), fail(r, "out of memory");
        l->names = p;
        l->cap = cap;
    }
    l->names[l->n++] = name;
    return 1;
}

/* One element of `results`: its name, and whether its outcome counts as failed. */
static int result_entry(reader *r, name_list *l, size_t index) {
    skip_ws(r);
    if (peek(r) != '{') return fail(r, "results[%zu] is not an object", index);
    if (!expect(r, '{') || !enter(r)) return 0;
    int first = 1;
    char *key, *name = NULL, *outcome = NULL;
    while (next_member(r, &first, &key)) {
        int is_name = strcmp(key, "name") == 0, is_outcome = strcmp(key, "outcome") == 0;
        free(key);
        if (is_name || is_outcome) {
            char **slot = is_name ? &name : &outcome;
            if (*slot) {
                fail(r, "results[%zu] has '%s' twice", index, is_name ? "name" : "outcome");
                break;
            }
            if (peek(r) != '"') {
                fail(r, "results[%zu].%s is not a string", index, is_name ? "name" : "outcome");
                break;
            }
            if (!string(r, slot)) break;
        } else if (!value(r)) {
            break;
        }
    }
    r->depth--;
    int ok = !r->failed;
    if (ok && (!name || !*name)) ok = fail(r, "results[%zu] has no name", index);
    gc_outcome o = outcome ? gc_outcome_parse(outcome) : GC_OUTCOME_COUNT;
    if (ok && o == GC_OUTCOME_COUNT)
        ok = fail(r, "results[%zu] (%.100s) has %s outcome%s%.40s", index, name, outcome ? "an unknown" : "no",
                  outcome ? " " : "", outcome ? outcome : "");
    free(outcome);
    if (ok && gc_outcome_class_of(o) == GC_COUNTS_FAILED) return add_failed(r, l, name);
    free(name);
    return ok;
}

int gc_rerun_parse(const char *text, size_t len, char ***names, size_t *n_names, char *err, size_t err_len) {
    reader r = {text, len, 0, 0, err, err_len, 0};
    name_list l = {NULL, 0, 0};
    int have_schema = 0, have_results = 0;
    *names = NULL;
    *n_names = 0;
    skip_ws(&r);
    if (peek(&r) != '{') {
        fail(&r, "not a JSON object (a gpucheck JSON report starts with '{')");
        goto out;
    }
    r.i++;
    r.depth = 1;
    int first = 1;
    char *key;
    while (next_member(&r, &first, &key)) {
        int is_schema = strcmp(key, "schema_version") == 0, is_results = strcmp(key, "results") == 0;
        free(key);
        if (is_schema) {
            double v;
            if (have_schema || !(peek(&r) == '-' || (peek(&r) >= '0' && peek(&r) <= '9')) || !number(&r, &v) || v < 1) {
                fail(&r, "schema_version is not a version number (or given twice)");
                goto out;
            }
            have_schema = 1;
        } else if (is_results) {
            if (have_results) {
                fail(&r, "'results' given twice");
                goto out;
            }
            have_results = 1;
            skip_ws(&r);
            if (!expect(&r, '[') || !enter(&r)) goto out;
            skip_ws(&r);
            size_t k = 0;
            if (peek(&r) == ']') r.i++;
            else
                for (;; k++) {
                    if (!result_entry(&r, &l, k)) goto out;
                    skip_ws(&r);
                    if (peek(&r) == ']') {
                        r.i++;
                        break;
                    }
                    if (!expect(&r, ',')) goto out;
                }
            r.depth--;
        } else if (!value(&r)) {
            goto out;
        }
    }
    if (r.failed) goto out;
    skip_ws(&r);
    if (r.i != r.n) {
        fail(&r, "text after the report's closing brace");
        goto out;
    }
    if (!have_schema || !have_results) {
        snprintf(err, err_len, "not a gpucheck JSON report (no %s)", have_schema ? "'results'" : "'schema_version'");
        r.failed = 1;
    }
out:
    if (r.failed) {
        gc_rerun_free(l.names, l.n);
        return -1;
    }
    *names = l.names;
    *n_names = l.n;
    return 0;
}

int gc_rerun_load(const char *path, char ***names, size_t *n_names, char *err, size_t err_len) {
    *names = NULL;
    *n_names = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    int ok = 1;
    for (;;) {
        if (len == cap) {
            if (cap >= MAX_REPORT_BYTES) {
                snprintf(err, err_len, "%s is larger than %u bytes: not a report of ours", path, MAX_REPORT_BYTES);
                ok = 0;
                break;
            }
            cap = cap ? 2 * cap : 65536;
            char *p = realloc(text, cap);
            if (!p) {
                snprintf(err, err_len, "out of memory reading %s", path);
                ok = 0;
                break;
            }
            text = p;
        }
        size_t got = fread(text + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f)) {
                snprintf(err, err_len, "cannot read %s: %s", path, strerror(errno));
                ok = 0;
            }
            break;
        }
    }
    fclose(f);
    int rc = -1;
    if (ok) {
        char why[400];
        rc = gc_rerun_parse(text, len, names, n_names, why, sizeof why);
        if (rc != 0) snprintf(err, err_len, "%s: %s", path, why);
    }
    free(text);
    return rc;
}

void gc_rerun_free(char **names, size_t n_names) {
    for (size_t i = 0; i < n_names; i++) free(names[i]);
    free(names);
}
