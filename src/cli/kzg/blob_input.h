/* SPDX-License-Identifier: Apache-2.0 */
/* blob_input.h — the input of `gpucheck kzg cells`: one blob a line, "0x" and 262,144 hex
 * digits, blank lines ignored. Apart from the command so that the fuzz target
 * (tests/fuzz/fuzz_kzg_blob.c) reads lines exactly as the command does. */
#ifndef GC_BLOB_INPUT_H
#define GC_BLOB_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gpucheck/gc_kzg.h"

#define GC_BLOB_HEX_DIGITS (2 * GC_KZG_BYTES_PER_BLOB)
/* The line buffer of the command: a blob's line and room for blanks around it. */
#define GC_BLOB_LINE_BUFFER (GC_BLOB_HEX_DIGITS + 64)
#define GC_BLOB_MESSAGE_LEN 192

typedef enum { GC_BLOB_LINE_BLANK, GC_BLOB_LINE_BLOB, GC_BLOB_LINE_MALFORMED } gc_blob_line;

/** One line of f into buf (size bytes, NUL-terminated) without the blanks (space, tab, CR,
 *  VT, FF) at either end; *len is the length of what is left (all of it: a longer line is
 *  read to its end all the same, and buf holds its first size - 1 bytes), *lead the number
 *  of blanks dropped before it. 0 at end of input. */
int gc_blob_read_line(FILE *f, char *buf, size_t size, size_t *len, size_t *lead);
/** What the line that gc_blob_read_line put in buf (size, len, lead as there) holds: BLANK;
 *  a BLOB, parsed into blob (GC_KZG_BYTES_PER_BLOB bytes); or MALFORMED, with msg
 *  (GC_BLOB_MESSAGE_LEN bytes) saying "line LINE_NO: " and what is wrong, in printable
 *  ASCII; a character's column counts from the line's start (blanks included), from 1. */
gc_blob_line gc_blob_parse_line(char *buf, size_t size, size_t len, size_t lead, size_t line_no, uint8_t *blob,
                                char *msg);

#endif
