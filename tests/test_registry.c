/* SPDX-License-Identifier: Apache-2.0 */
/* test_registry.c — a test's full name is its identity between runner and child: names too
 * long for it, empty, with spaces or control characters, or registered twice are refused,
 * and gc_main() then runs nothing (exit 2). */
#include <string.h>

#include "gpucheck/gc_harness.h"
#include "unit.h"

static gc_status run_nothing(gc_test_ctx *ctx) {
    (void)ctx;
    return GC_OK;
}

int main(void) {
    char long_name[300];
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    gc_test t = {.suite = "reg", .name = "ok", .run = run_nothing};
    CHECK(gc_test_register(&t) == 0);
    CHECK(gc_test_register_errors() == 0);
    CHECK(gc_test_register(&t) == -1); /* twice */
    long_name[GC_TEST_NAME_MAX - 4] = '\0'; /* "reg." + 187 = 191 bytes: the longest allowed */
    gc_test fits = {.suite = "reg", .name = long_name, .run = run_nothing};
    CHECK(gc_test_register(&fits) == 0);
    long_name[GC_TEST_NAME_MAX - 4] = 'x'; /* 192 bytes */
    long_name[GC_TEST_NAME_MAX - 3] = '\0';
    gc_test too_long = {.suite = "reg", .name = long_name, .run = run_nothing};
    CHECK(gc_test_register(&too_long) == -1);
    gc_test spaced = {.suite = "reg", .name = "has space", .run = run_nothing};
    CHECK(gc_test_register(&spaced) == -1);
    gc_test ctrl = {.suite = "reg", .name = "nl\n", .run = run_nothing};
    CHECK(gc_test_register(&ctrl) == -1);
    gc_test empty = {.suite = "reg", .name = "", .run = run_nothing};
    CHECK(gc_test_register(&empty) == -1);
    CHECK(gc_test_register_errors() == 5);
    CHECK(gc_test_count() == 2);
    gc_use_builtin_suites(0);
    char *argv[] = {"gpucheck", "list", NULL};
    CHECK(gc_main(2, argv) == 2);
    return UNIT_DONE();
}
