/* SPDX-License-Identifier: Apache-2.0 */
/* number.h — the one parser of numbers that come from outside: command-line options,
 * test parameters (--param), the kzg command. Strict, so that no value is read other than
 * as written:
 *   - an unsigned integer is decimal (`0`, `42`) or hexadecimal with `0x` (`0xAA`);
 *     a decimal with a leading zero (`010`) is refused, because C's strtoul and the shell
 *     read it as octal (8) and most people as ten: neither guess is safe;
 *   - a real is decimal with an optional fraction and exponent (`2`, `0.5`, `1e-3`);
 *     no sign, no hexadecimal, no inf or nan, and no leading zero before a digit (`00.5`);
 *   - nothing else is accepted: no spaces, no sign, no trailing characters, no empty
 *     string, no value beyond the range (overflow included).
 * Each returns NULL when the value was accepted, else a short reason ("a leading zero ...")
 * for the caller's message; *out is written only on success. */
#ifndef GC_NUMBER_H
#define GC_NUMBER_H

#include <stdint.h>

const char *gc_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *out);
/** lo_open: the value must be greater than lo (else at least lo). */
const char *gc_parse_real(const char *s, double lo, double hi, int lo_open, double *out);

#endif
