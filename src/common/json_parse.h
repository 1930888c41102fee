/* SPDX-License-Identifier: Apache-2.0 */
/* json_parse.h — a strict JSON (RFC 8259) reader: bytes in, a tree out, nothing global, so
 * that it can be fuzzed as it is. It reads what gpucheck's reports are and refuses the rest
 * with a message naming line, column and byte:
 *   - one value and nothing after it but whitespace (space, tab, CR, LF);
 *   - no comments, no trailing commas, no single quotes, no NaN or Infinity, no leading
 *     zeros or '+', numbers that do not fit a double (1e999) refused;
 *   - strings: valid UTF-8, control characters escaped, \u escapes with surrogates in
 *     pairs; \u0000 is refused (strings are C strings);
 *   - an object with a key twice is refused;
 *   - nesting deeper than GC_JSON_MAX_DEPTH is refused (no stack exhaustion). */
#ifndef GC_JSON_PARSE_H
#define GC_JSON_PARSE_H

#include <stddef.h>

#define GC_JSON_MAX_DEPTH 64

typedef enum { GC_JSON_NULL, GC_JSON_BOOL, GC_JSON_NUMBER, GC_JSON_STRING, GC_JSON_ARRAY, GC_JSON_OBJECT } gc_json_type;

typedef struct gc_json gc_json;
struct gc_json {
    gc_json_type type;
    size_t offset;  /* where the value starts in the input (0-based), for callers' messages */
    int boolean;    /* BOOL */
    double number;  /* NUMBER */
    char *string;   /* STRING: NUL-terminated UTF-8 */
    size_t n;       /* STRING: bytes; ARRAY, OBJECT: members */
    gc_json *items; /* ARRAY, OBJECT: the members in order */
    char **keys;    /* OBJECT: the key of each member */
};

/** Parse `len` bytes (no terminator needed). Returns the tree (free with gc_json_free), or
 *  NULL with "line L, column C (byte B): what" in err (B: the 0-based offset). */
gc_json *gc_json_parse(const char *bytes, size_t len, char *err, size_t err_len);
void gc_json_free(gc_json *v);
/** The member `key` of an object; NULL when v is not an object or has no such member. */
const gc_json *gc_json_get(const gc_json *v, const char *key);
/** The same, when it has type t; else NULL. */
const gc_json *gc_json_get_type(const gc_json *v, const char *key, gc_json_type t);

#endif
