/* SPDX-License-Identifier: Apache-2.0 */
/* test_env_snapshot.c — the environment copy the runner gives its children: taken once,
 * unchanged by later edits of the process's environment (what a driver may do), and the
 * same after a second take. */
#include <stdlib.h>
#include <string.h>

#include "common/env_snapshot.h"
#include "unit.h"

static const char *lookup(char *const *env, const char *name) {
    size_t n = strlen(name);
    for (size_t i = 0; env && env[i]; i++)
        if (!strncmp(env[i], name, n) && env[i][n] == '=') return env[i] + n + 1;
    return NULL;
}

int main(void) {
    CHECK(gc_env_snapshot() == NULL); /* none taken yet: the live environment is used */
    setenv("GC_SNAP_KEEP", "before", 1);
    setenv("GC_SNAP_GONE", "present", 1);
    gc_env_snapshot_take();
    setenv("GC_SNAP_KEEP", "after", 1); /* edits like a driver's */
    unsetenv("GC_SNAP_GONE");
    setenv("GC_SNAP_NEW", "x", 1);
    gc_env_snapshot_take(); /* a second take keeps the first copy */
    char *const *env = gc_env_snapshot();
    CHECK(env != NULL);
    const char *keep = lookup(env, "GC_SNAP_KEEP"), *gone = lookup(env, "GC_SNAP_GONE");
    CHECK(keep && !strcmp(keep, "before"));
    CHECK(gone && !strcmp(gone, "present"));
    CHECK(lookup(env, "GC_SNAP_NEW") == NULL);
    CHECK(!strcmp(getenv("GC_SNAP_KEEP"), "after")); /* the live environment is the process's own */
    return UNIT_DONE();
}
