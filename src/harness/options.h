/* SPDX-License-Identifier: Apache-2.0 */
/* options.h — the command line of gpucheck, parsed into run options. Kept in the
 * library so that the parser is unit-tested like everything else. */
#ifndef GC_OPTIONS_H
#define GC_OPTIONS_H

#include <stdio.h>

#include "report/report.h"
#include "result/result.h"

typedef enum {
    GC_CMD_NONE,
    GC_CMD_DEVICES,
    GC_CMD_INFO,
    GC_CMD_LIST,
    GC_CMD_RUN,
    GC_CMD_BENCH,
    GC_CMD_CHILD, /* hidden: one isolated test, result on fd 3 */
    GC_CMD_VERSION
} gc_command;

enum { GC_COLOR_AUTO, GC_COLOR_ALWAYS, GC_COLOR_NEVER };

typedef struct {
    gc_command command;
    gc_run_options run;
    const char *device;     /* --device as given; NULL: the default device */
    /* run/bench: the file of each report format (gc_report_formats), NULL when not asked */
    const char *report_path[GC_REPORT_FORMAT_COUNT];
    int json_stdout;        /* devices/info/list: --json */
    int list_params;        /* list --params: the declared test parameters */
    int tap;
    int help;
    int color;              /* run/bench --color: GC_COLOR_AUTO, GC_COLOR_ALWAYS, GC_COLOR_NEVER */
    int quiet;              /* run/bench -q: no row per test */
    const char *child_test; /* __child --test NAME */
    const char *child_device_name; /* __child --device-name: the device the runner meant */
} gc_cli_args;

/** Whether the program has the `kzg` command (gpucheck with its built-in suites; a user's
 *  program does not): help lists it and a near miss suggests it only then. */
void gc_options_set_kzg_command(int available);
int gc_kzg_command_available(void);
/** Parse argv. Returns 0 on success, 2 on a usage error with a message in err. */
int gc_parse_args(int argc, char **argv, gc_cli_args *out, char *err, size_t err_len);
/** The argv of the hidden `__child` command that runs one test under the same options:
 *  the one place where run options become a child's command line (the parser reads it
 *  back). Strings live in `buf`; returns buf->argv (NULL-terminated). */
typedef struct {
    const char *argv[48 + 2 * GC_MAX_PARAMS];
    char num[16][48];
    char device_name[16 + GC_INFO_STR]; /* "--device-name=NAME": a driver's name may start with '-' */
} gc_child_argv_buf;
const char *const *gc_child_argv(gc_child_argv_buf *buf, const gc_run_options *opt, const char *full_name,
                                 const gc_device_info *device, double budget_s);
/** Help text for a command (GC_CMD_NONE: the overview, which names `kzg` when with_kzg). */
void gc_print_help(FILE *f, gc_command cmd, int with_kzg);

#endif
