/* SPDX-License-Identifier: Apache-2.0 */
/* cells_options.h — the command line of `gpucheck kzg cells`: its options, help and usage
 * errors. */
#ifndef GC_CELLS_OPTIONS_H
#define GC_CELLS_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#define GC_CELLS_PROG "gpucheck kzg cells"

typedef struct {
    const char *device, *setup, *in, *out;
    unsigned cell_size, comb_teeth, g1_conv;
    size_t batch;
    int verbose, help;
    int in_raw, out_raw; /* --in-format raw, --out-format raw */
} cells_args;

void gc_cells_print_kzg_help(FILE *f);
void gc_cells_print_help(FILE *f);
/** "gpucheck kzg cells: MESSAGE" on stderr; returns 2 (the usage exit status). */
int gc_cells_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/** argv[0] is "cells". Returns -1 to go on, else an exit status (0 after --help). */
int gc_cells_parse_args(int argc, char **argv, cells_args *a);
/** The input (stdin included) and the setup are not the output (--out, or the file stdout
 *  is), compared by st_dev and st_ino: -1, or 2 after saying which on stderr. */
int gc_cells_check_files(const cells_args *a);

#endif
