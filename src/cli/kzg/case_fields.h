/* SPDX-License-Identifier: Apache-2.0 */
/* case_fields.h — the pieces of a JSON Lines case and record that the KZG commands of
 * proof_cases.h share: "0x" hex fields of exact sizes in, a record buffer out. */
#ifndef GC_CASE_FIELDS_H
#define GC_CASE_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "common/json_parse.h"

/** A "0x" JSON string of exactly n bytes of hex (what names it in why) into out: 1, or 0
 *  with why (not a "0x" string, the wrong number of digits, a non-hex digit). */
int case_json_hex(const gc_json *v, const char *what, uint8_t *out, size_t n, char *why, size_t why_len);
/** Field key of obj as case_json_hex: 1, or 0 with why (no such field among them). */
int case_hex_field(const gc_json *obj, const char *key, uint8_t *out, size_t n, char *why, size_t why_len);
/** *buf (of *cap bytes) grown to at least need bytes: 1, or 0 out of memory (*buf kept). */
int case_reserve(char **buf, size_t *cap, size_t need);

#endif
