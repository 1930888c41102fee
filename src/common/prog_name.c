/* SPDX-License-Identifier: Apache-2.0 */
/* prog_name.c — the program's name for messages (see prog_name.h). */
#include "common/prog_name.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gpucheck/gc_harness.h"

static char name[128] = "gpucheck";
static int named; /* gc_set_program_name() was called: argv[0] no longer counts */

static void set(const char *s) {
    const char *slash = strrchr(s, '/');
    if (slash && slash[1]) s = slash + 1;
    if (*s) snprintf(name, sizeof name, "%s", s);
}

void gc_set_program_name(const char *s) {
    if (!s || !*s) return;
    set(s);
    named = 1;
}

void gc_prog_name_from_argv0(const char *argv0) {
    if (!named && argv0 && *argv0) set(argv0);
}

const char *gc_prog_name(void) { return name; }

int gc_prog_is_gpucheck(void) { return strcmp(name, "gpucheck") == 0; }

void gc_prog_say(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(f, "%s: ", name);
    vfprintf(f, fmt, ap);
    va_end(ap);
}
