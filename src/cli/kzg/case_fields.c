/* SPDX-License-Identifier: Apache-2.0 */
/* case_fields.c — hex fields and record buffers of the KZG commands' cases (case_fields.h). */
#include "cli/kzg/case_fields.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hex.h"

int case_json_hex(const gc_json *v, const char *what, uint8_t *out, size_t n, char *why, size_t why_len) {
    if (v->type != GC_JSON_STRING || strncmp(v->string, "0x", 2))
        return snprintf(why, why_len, "%s is not a \"0x\" hex string", what), 0;
    if (v->n != 2 + 2 * n)
        return snprintf(why, why_len, "%s has %zu hex digits, not %zu", what, v->n - 2, 2 * n), 0;
    if (!gc_hex_decode_exact(out, n, v->string + 2)) return snprintf(why, why_len, "%s has a non-hex digit", what), 0;
    return 1;
}

int case_hex_field(const gc_json *obj, const char *key, uint8_t *out, size_t n, char *why, size_t why_len) {
    const gc_json *v = gc_json_get(obj, key);
    if (!v) return snprintf(why, why_len, "no \"%s\" field", key), 0;
    if (v->type != GC_JSON_STRING) return snprintf(why, why_len, "\"%s\" is not a string", key), 0;
    return case_json_hex(v, key, out, n, why, why_len);
}

int case_reserve(char **buf, size_t *cap, size_t need) {
    if (need <= *cap) return 1;
    char *p = realloc(*buf, need);
    if (!p) return 0;
    *buf = p;
    *cap = need;
    return 1;
}
