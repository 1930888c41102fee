/* SPDX-License-Identifier: Apache-2.0 */
/* prog_name.h — the name of the program that runs the command line: `gpucheck`, or a
 * user's own program that calls gc_main(). Usage, errors and --version say this name, so
 * that a message tells the user what to type again. */
#ifndef GC_PROG_NAME_H
#define GC_PROG_NAME_H

#include <stdio.h>

/** The program's name ("gpucheck" until set). */
const char *gc_prog_name(void);
/** Set from argv[0] (its basename) unless a name was given with gc_set_program_name(). */
void gc_prog_name_from_argv0(const char *argv0);
/** Whether the program is gpucheck itself (the name is "gpucheck"). */
int gc_prog_is_gpucheck(void);
/** "NAME: " and the message, on f. */
void gc_prog_say(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
