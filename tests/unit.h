/* SPDX-License-Identifier: Apache-2.0 */
/* unit.h — the smallest useful host unit-test support: CHECK counts failures and names
 * the line; a test program returns non-zero when any check failed. */
#ifndef GC_UNIT_H
#define GC_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_failures;
static int unit_checks;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        unit_checks++;                                                                             \
        if (!(cond)) {                                                                             \
            unit_failures++;                                                                       \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

/* CHECKF(cond, fmt, ...): the same, printing a formatted message for the first 20
 * failures (loops over many vectors would otherwise flood the log). */
#define CHECKF(cond, ...)                                                                          \
    do {                                                                                           \
        unit_checks++;                                                                             \
        if (!(cond)) {                                                                             \
            if (++unit_failures <= 20) {                                                           \
                printf("FAIL %s:%d: ", __func__, __LINE__);                                        \
                printf(__VA_ARGS__);                                                               \
                printf("\n");                                                                      \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* For tests that print every case (the compile checks): "ok   what", or "FAIL what" and
 * its detail; counted with the CHECKs, so UNIT_DONE() ends them too. */
static inline void unit_report(int ok, const char *what, const char *detail) {
    unit_checks++;
    if (ok) {
        printf("ok   %s\n", what);
    } else {
        unit_failures++;
        printf("FAIL %s\n", what);
        if (detail && *detail) printf("%s\n", detail);
    }
    fflush(stdout);
}

/* 1 when s ends with suffix (a source's name, e.g. ".gc"). */
static inline int unit_ends_with(const char *s, const char *suffix) {
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

#define UNIT_DONE()                                                                                \
    (printf("%d checks, %d failed\n", unit_checks, unit_failures), unit_failures ? 1 : 0)

#endif
