/* registry.c — the list of registered tests and benchmarks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_harness.h"

static gc_test *tests;
static size_t n_tests, cap_tests;

void gc_test_register(const gc_test *t) {
    if (n_tests == cap_tests) {
        size_t cap = cap_tests ? 2 * cap_tests : 64;
        gc_test *p = realloc(tests, cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "gpucheck: out of memory registering tests\n");
            exit(2);
        }
        tests = p;
        cap_tests = cap;
    }
    tests[n_tests++] = *t;
}

size_t gc_test_count(void) { return n_tests; }
const gc_test *gc_test_at(size_t i) { return i < n_tests ? &tests[i] : NULL; }

void gc_test_full_name(const gc_test *t, char *buf, size_t len) { snprintf(buf, len, "%s.%s", t->suite, t->name); }

/* Each directory under suites/ defines gc_suite_<dir>_register (see CMakeLists.txt). */
#define GC_SUITE(name) void gc_suite_##name##_register(void);
#include "suite_list.h"
#undef GC_SUITE

void gc_register_all_suites(void) {
    static int done;
    if (done) return;
    done = 1;
#define GC_SUITE(name) gc_suite_##name##_register();
#include "suite_list.h"
#undef GC_SUITE
}
