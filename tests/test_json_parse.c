/* SPDX-License-Identifier: Apache-2.0 */
/* test_json_parse.c — the strict JSON reader (src/common/json_parse.c): what RFC 8259
 * allows is read exactly; everything else is refused with a message that names where. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_parse.h"
#include "unit.h"

static gc_json *parse(const char *s, char *err) { return gc_json_parse(s, strlen(s), err, 200); }

int main(void) {
    char err[200];
    gc_json *v = parse(" {\"a\": [1, -0.5, 2e3, -1E-2, 0, true, false, null], \"b\": {\"c\": \"x\"}, \"\": 7}\r\n", err);
    CHECKF(v != NULL, "%s", err);
    if (v) {
        const gc_json *a = gc_json_get_type(v, "a", GC_JSON_ARRAY);
        CHECK(a && a->n == 8 && a->items[0].number == 1 && a->items[1].number == -0.5 && a->items[2].number == 2000 &&
              fabs(a->items[3].number + 0.01) < 1e-15 && a->items[4].type == GC_JSON_NUMBER);
        CHECK(a && a->items[5].type == GC_JSON_BOOL && a->items[5].boolean && !a->items[6].boolean &&
              a->items[7].type == GC_JSON_NULL);
        const gc_json *c = gc_json_get_type(gc_json_get(v, "b"), "c", GC_JSON_STRING);
        CHECK(c && strcmp(c->string, "x") == 0 && c->n == 1);
        CHECK(gc_json_get(v, "")->number == 7 && gc_json_get(v, "zz") == NULL);
        CHECK(gc_json_get_type(v, "a", GC_JSON_OBJECT) == NULL && gc_json_get(a, "x") == NULL);
        gc_json_free(v);
    }
    /* Escapes and UTF-8: é as an escape and raw, an emoji as a surrogate pair and raw. */
    v = parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t \\u00e9 \xc3\xa9 \\ud83d\\ude00 \xf0\x9f\x98\x80\"", err);
    CHECKF(v && v->type == GC_JSON_STRING, "%s", err);
    if (v) {
        const char want[] = "\"\\/\b\f\n\r\t \xc3\xa9 \xc3\xa9 \xf0\x9f\x98\x80 \xf0\x9f\x98\x80";
        CHECK(v->n == strlen(want) && strcmp(v->string, want) == 0);
        gc_json_free(v);
    }
    /* A long number is a double; a deep but allowed nesting is read. */
    v = parse("123456789012345678901234567890", err);
    CHECK(v && fabs(v->number - 1.2345678901234568e29) < 1e15);
    gc_json_free(v);
    char deep[2 * GC_JSON_MAX_DEPTH + 3];
    memset(deep, '[', GC_JSON_MAX_DEPTH);
    memset(deep + GC_JSON_MAX_DEPTH, ']', GC_JSON_MAX_DEPTH);
    deep[2 * GC_JSON_MAX_DEPTH] = '\0';
    v = parse(deep, err);
    CHECKF(v != NULL, "depth %d: %s", GC_JSON_MAX_DEPTH, err);
    gc_json_free(v);
    memset(deep, '[', GC_JSON_MAX_DEPTH + 1);
    memset(deep + GC_JSON_MAX_DEPTH + 1, ']', GC_JSON_MAX_DEPTH + 1);
    deep[2 * GC_JSON_MAX_DEPTH + 2] = '\0';
    CHECK(parse(deep, err) == NULL && strstr(err, "nesting deeper than 64"));

    /* Refused, each with the reason it must give. */
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"", "expected a value, found the end"},
        {"  \n ", "expected a value"},
        {"[1,]", "expected a value, found ']'"},
        {"{\"a\":1,}", "expected a key"},
        {"01", "leading zero"},
        {"-01", "leading zero"},
        {"+1", "expected a value, found '+'"},
        {"1.", "a digit after '.'"},
        {".5", "expected a value, found '.'"},
        {"1e", "a digit in the exponent"},
        {"1e+", "a digit in the exponent"},
        {"-", "expected a digit"},
        {"NaN", "expected a value"},
        {"Infinity", "expected a value"},
        {"-Infinity", "expected a digit"},
        {"1e999", "too large for a double"},
        {"-1e400", "too large for a double"},
        {"tru", "expected a value"},
        {"nul", "expected a value"},
        {"True", "expected a value"},
        {"[1 2]", "expected ',' or ']'"},
        {"{\"a\" 1}", "expected ':' after a key"},
        {"{a:1}", "expected a key"},
        {"'a'", "expected a value, found '''"},
        {"\"\\x\"", "expected an escape"},
        {"\"\\u12\"", "four hex digits"},
        {"\"\\ud800\"", "high surrogate \\uD800 without its low one"},
        {"\"\\udc00\"", "low surrogate \\uDC00 without a high one"},
        {"\"\\ud800\\u0041\"", "not a low one"},
        {"\"\\u0000\"", "\\u0000"},
        {"\"a\nb\"", "control character (0x0a)"},
        {"\"a\tb\"", "control character (0x09)"},
        {"\"\xff\"", "not UTF-8"},
        {"\"\xc0\xaf\"", "not UTF-8"},       /* overlong */
        {"\"\xed\xa0\x80\"", "not UTF-8"},   /* a surrogate in UTF-8 */
        {"\"\xe2\x82\"", "not UTF-8"},       /* cut sequence */
        {"\"abc", "without its closing quote"},
        {"\"abc\\\"", "without its closing quote"},
        {"[] []", "end of the input after the value"},
        {"[1]x", "end of the input after the value"},
        {"/* c */ 1", "expected a value, found '/'"},
        {"{\"a\":1,\"b\":2,\"a\":3}", "the key \"a\" twice"},
        {"[\x01]", "found byte 0x01"},
        {"\xef\xbb\xbf{}", "found byte 0xef"}, /* a byte-order mark is not JSON */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        v = parse(bad[i].text, err);
        CHECKF(v == NULL && strstr(err, bad[i].why), "case %zu %s: got '%s'", i, bad[i].text, err);
        gc_json_free(v);
    }
    /* A NUL byte inside the input is not the end of it. */
    CHECK(gc_json_parse("1\0", 2, err, sizeof err) == NULL && strstr(err, "byte 0x00"));
    CHECK(gc_json_parse("\"a\0b\"", 5, err, sizeof err) == NULL && strstr(err, "control character (0x00)"));
    /* Where: line and column of the offending byte. */
    CHECK(parse("[\n  1,\n  x]", err) == NULL && strstr(err, "line 3, column 3 (byte 9):"));
    /* Each value says where it starts, for the callers' own messages. */
    v = parse(" {\"a\": [1, \"x\"]}", err);
    const gc_json *a = gc_json_get(v, "a");
    CHECK(v && v->offset == 1 && a && a->offset == 7 && a->n == 2 && a->items[0].offset == 8 && a->items[1].offset == 11);
    gc_json_free(v);
    CHECK(gc_json_parse(NULL, 0, err, sizeof err) == NULL);
    /* A large object with a duplicate key far apart is refused quickly (sorted check). */
    size_t n = 20000, cap = n * 16 + 64, o = 0;
    char *big = malloc(cap);
    if (big) {
        o += (size_t)snprintf(big + o, cap - o, "{");
        for (size_t i = 0; i < n; i++) o += (size_t)snprintf(big + o, cap - o, "%s\"k%zu\":%zu", i ? "," : "", i, i);
        o += (size_t)snprintf(big + o, cap - o, "}");
        v = gc_json_parse(big, o, err, sizeof err);
        CHECKF(v && v->n == n && gc_json_get(v, "k19999")->number == 19999, "%s", err);
        gc_json_free(v);
        memcpy(big + o - 1, ",\"k7\":1}", 8);
        CHECK(gc_json_parse(big, o + 7, err, sizeof err) == NULL && strstr(err, "\"k7\" twice"));
        free(big);
    }
    return UNIT_DONE();
}
