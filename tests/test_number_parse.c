/* SPDX-License-Identifier: Apache-2.0 */
/* test_number_parse.c — the one parser of numbers from outside (common/number.h): what it
 * accepts reads as written, everything else is refused with a reason, never guessed at. */
#include <stdint.h>
#include <string.h>

#include "common/number.h"
#include "unit.h"

static int uint_is(const char *s, uint64_t want) {
    uint64_t v = 12345;
    return gc_parse_uint(s, 0, UINT64_MAX, &v) == NULL && v == want;
}

/* Refused with a reason that contains `why`, and *out untouched. */
static int uint_refused(const char *s, uint64_t min, uint64_t max, const char *why) {
    uint64_t v = 12345;
    const char *r = gc_parse_uint(s, min, max, &v);
    return r && strstr(r, why) && v == 12345;
}

static int real_is(const char *s, double want) {
    double v = -1;
    return gc_parse_real(s, 0, 1e300, 0, &v) == NULL && v == want;
}

static int real_refused(const char *s, double lo, double hi, int lo_open, const char *why) {
    double v = -1;
    const char *r = gc_parse_real(s, lo, hi, lo_open, &v);
    return r && strstr(r, why) && v == -1;
}

int main(void) {
    /* Accepted: decimal without a leading zero, 0x hexadecimal (any case, leading zeros fine). */
    CHECK(uint_is("0", 0));
    CHECK(uint_is("7", 7));
    CHECK(uint_is("10", 10));
    CHECK(uint_is("0x10", 16));
    CHECK(uint_is("0XaA", 0xAA));
    CHECK(uint_is("0x0A", 10));
    CHECK(uint_is("18446744073709551615", UINT64_MAX));
    CHECK(uint_is("0xFFFFFFFFFFFFFFFF", UINT64_MAX));
    /* Refused: the octal trap, signs, junk, empty, overflow, range. */
    CHECK(uint_refused("010", 0, UINT64_MAX, "leading zero"));
    CHECK(uint_refused("08", 0, UINT64_MAX, "leading zero"));
    CHECK(uint_refused("00", 0, UINT64_MAX, "leading zero"));
    CHECK(uint_refused("-1", 0, UINT64_MAX, "negative"));
    CHECK(uint_refused("-0", 0, UINT64_MAX, "negative"));
    CHECK(uint_refused("+5", 0, UINT64_MAX, "sign"));
    CHECK(uint_refused("", 0, UINT64_MAX, "empty"));
    CHECK(uint_refused(NULL, 0, UINT64_MAX, "empty"));
    CHECK(uint_refused(" 5", 0, UINT64_MAX, "not a number"));
    CHECK(uint_refused("5 ", 0, UINT64_MAX, "not an integer"));
    CHECK(uint_refused("12abc", 0, UINT64_MAX, "not an integer"));
    CHECK(uint_refused("1.0", 0, UINT64_MAX, "not an integer"));
    CHECK(uint_refused("1e3", 0, UINT64_MAX, "not an integer"));
    CHECK(uint_refused("0b101", 0, UINT64_MAX, "not an integer"));
    CHECK(uint_refused("0x", 0, UINT64_MAX, "no hexadecimal digits"));
    CHECK(uint_refused("0x-1", 0, UINT64_MAX, "not a hexadecimal"));
    CHECK(uint_refused("0x1g", 0, UINT64_MAX, "not a hexadecimal"));
    CHECK(uint_refused("18446744073709551616", 0, UINT64_MAX, "too large"));
    CHECK(uint_refused("99999999999999999999999", 0, UINT64_MAX, "too large"));
    CHECK(uint_refused("0x10000000000000000", 0, UINT64_MAX, "too large"));
    CHECK(uint_refused("33", 1, 32, "too large"));
    CHECK(uint_refused("0", 1, 32, "too small"));
    uint64_t v;
    CHECK(gc_parse_uint("32", 1, 32, &v) == NULL && v == 32);
    CHECK(gc_parse_uint("1", 1, 32, &v) == NULL && v == 1);

    /* Reals: plain decimal, fraction, exponent. */
    CHECK(real_is("0", 0));
    CHECK(real_is("2", 2));
    CHECK(real_is("0.5", 0.5));
    CHECK(real_is(".5", 0.5));
    CHECK(real_is("5.", 5));
    CHECK(real_is("1e3", 1000));
    CHECK(real_is("2.5E-1", 0.25));
    CHECK(real_is("1e+2", 100));
    CHECK(real_refused("010", 0, 100, 0, "leading zero"));
    CHECK(real_refused("00.5", 0, 100, 0, "leading zero"));
    CHECK(real_refused("-1", -10, 100, 0, "negative"));
    CHECK(real_refused("+1", 0, 100, 0, "sign"));
    CHECK(real_refused("", 0, 100, 0, "empty"));
    CHECK(real_refused("nan", 0, 100, 0, "not a number"));
    CHECK(real_refused("inf", 0, 1e308, 0, "not a number"));
    CHECK(real_refused("0x1p3", 0, 100, 0, "not a number"));
    CHECK(real_refused("1e", 0, 100, 0, "exponent"));
    CHECK(real_refused("1e+", 0, 100, 0, "exponent"));
    CHECK(real_refused(".", 0, 100, 0, "not a number"));
    CHECK(real_refused("2s", 0, 100, 0, "not a number"));
    CHECK(real_refused("1.5.2", 0, 100, 0, "not a number"));
    CHECK(real_refused(" 1", 0, 100, 0, "not a number"));
    CHECK(real_refused("1e999", 0, 1e308, 0, "too large"));
    CHECK(real_refused("1e-999", 0, 100, 0, "underflow"));
    CHECK(real_refused("100.5", 0, 100, 0, "too large"));
    /* The lower bound, closed and open. */
    double d;
    CHECK(gc_parse_real("0", 0, 10, 0, &d) == NULL && d == 0);
    CHECK(real_refused("0", 0, 10, 1, "too small"));
    CHECK(gc_parse_real("0.001", 0, 10, 1, &d) == NULL && d == 0.001);
    return UNIT_DONE();
}
