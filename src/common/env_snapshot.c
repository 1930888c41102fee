/* SPDX-License-Identifier: Apache-2.0 */
/* env_snapshot.c — see env_snapshot.h. The copy lives as long as the process. */
#include "common/env_snapshot.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Atomic(char **) copy;

static void take(void) {
    size_t n = 0;
    while (environ && environ[n]) n++;
    char **c = calloc(n + 1, sizeof *c);
    for (size_t i = 0; c && i < n; i++)
        if (!(c[i] = strdup(environ[i]))) {
            while (i--) free(c[i]);
            free(c);
            c = NULL;
        }
    atomic_store(&copy, c);
}

void gc_env_snapshot_take(void) { pthread_once(&once, take); }

char *const *gc_env_snapshot(void) { return atomic_load(&copy); }
