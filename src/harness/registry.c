/* SPDX-License-Identifier: Apache-2.0 */
/* registry.c — the list of registered tests and benchmarks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/prog_name.h"
#include "gpucheck/gc_harness.h"

static gc_test *tests;
static size_t n_tests, cap_tests;

static size_t n_refused;

static int refuse(const gc_test *t, const char *why) {
    gc_prog_say(stderr, "refusing to register test '%.200s.%.200s': %s\n", t->suite ? t->suite : "(null)",
            t->name ? t->name : "(null)", why);
    n_refused++;
    return -1;
}

/* A full name is the test's identity: the runner hands it to the child process, which
 * runs the test of that name; a name that is cut or shared would run another test. */
int gc_test_register(const gc_test *t) {
    if (!t || !t->suite || !t->name || !*t->suite || !*t->name) return refuse(t, "no suite or no name");
    char full[GC_TEST_NAME_MAX + 2];
    int n = snprintf(full, sizeof full, "%s.%s", t->suite, t->name);
    if (n < 0 || n > GC_TEST_NAME_MAX) return refuse(t, "the full name is longer than 191 bytes");
    for (const char *p = full; *p; p++)
        if ((unsigned char)*p <= 0x20 || *p == 0x7f) return refuse(t, "the name holds a space or a control character");
    for (size_t i = 0; i < n_tests; i++) {
        char other[GC_TEST_NAME_MAX + 2];
        gc_test_full_name(&tests[i], other, sizeof other);
        if (strcmp(full, other) == 0) return refuse(t, "a test of that name is registered already");
    }
    if (n_tests == cap_tests) {
        size_t cap = cap_tests ? 2 * cap_tests : 64;
        gc_test *p = realloc(tests, cap * sizeof *p);
        if (!p) return refuse(t, "out of memory");
        tests = p;
        cap_tests = cap;
    }
    tests[n_tests++] = *t;
    return 0;
}

size_t gc_test_register_errors(void) { return n_refused; }

size_t gc_test_count(void) { return n_tests; }
const gc_test *gc_test_at(size_t i) { return i < n_tests ? &tests[i] : NULL; }
