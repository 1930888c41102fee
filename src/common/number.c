/* SPDX-License-Identifier: Apache-2.0 */
/* number.c — strict parsing of numbers from outside (number.h says what is accepted). */
#include "common/number.h"

#include <errno.h>
#include <stdlib.h>

#include "common/hex.h"

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* The reasons shared by both parsers, for what a string starts with. */
static const char *common_prefix_problem(const char *s) {
    if (!s || !*s) return "empty";
    if (*s == '-') return "negative";
    if (*s == '+') return "a sign (write the number alone)";
    if (!is_digit(*s) && *s != '.') return "not a number";
    return NULL;
}

const char *gc_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *out) {
    const char *why = common_prefix_problem(s);
    if (why) return why;
    uint64_t v = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        const char *p = s + 2;
        if (!*p) return "no hexadecimal digits after 0x";
        for (; *p; p++) {
            int d = gc_hex_digit((unsigned char)*p);
            if (d < 0) return "not a hexadecimal number";
            if (v > (UINT64_MAX >> 4)) return "too large";
            v = (v << 4) | (uint64_t)d;
        }
    } else {
        if (s[0] == '0' && s[1]) return is_digit(s[1]) ? "a leading zero (010 is octal to C, ten to most people: write 10, "
                                                         "or 0x for hexadecimal)"
                                                       : "not an integer";
        for (const char *p = s; *p; p++) {
            if (!is_digit(*p)) return "not an integer";
            uint64_t d = (uint64_t)(*p - '0');
            if (v > (UINT64_MAX - d) / 10) return "too large";
            v = v * 10 + d;
        }
    }
    if (v < min) return "too small";
    if (v > max) return "too large";
    *out = v;
    return NULL;
}

const char *gc_parse_real(const char *s, double lo, double hi, int lo_open, double *out) {
    const char *why = common_prefix_problem(s);
    if (why) return why;
    /* The grammar first: digits [. digits] [e [sign] digits], at least one digit before
     * the exponent; strtod alone would take inf, nan, hex floats and leading spaces. */
    const char *p = s;
    size_t int_digits = 0, frac_digits = 0;
    for (; is_digit(*p); p++) int_digits++;
    if (int_digits > 1 && s[0] == '0') return "a leading zero";
    if (*p == '.')
        for (p++; is_digit(*p); p++) frac_digits++;
    if (int_digits + frac_digits == 0) return "not a number";
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!is_digit(*p)) return "an exponent without digits";
        while (is_digit(*p)) p++;
    }
    if (*p) return "not a number";
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (*end) return "not a number";
    if (errno == ERANGE) return v < 1.0 ? "too close to zero (underflows)" : "too large";
    if (lo_open ? !(v > lo) : !(v >= lo)) return "too small";
    if (!(v <= hi)) return "too large";
    *out = v;
    return NULL;
}
