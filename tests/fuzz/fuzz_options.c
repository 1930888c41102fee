/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_options.c — the command line (gc_parse_args, src/harness/options.c).
 *
 * The input is split into arguments at NUL bytes (argv[0] is "gpucheck"). Beyond "no crash,
 * no leak, no undefined behaviour" it checks the parser's contract: 0 or 2, a message with
 * every 2; and for run/bench, that the argv of an isolated child (gc_child_argv, the one
 * place where options become a command line) parses back to the same options. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/options.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull(void) {
    static FILE *f;
    if (!f) f = fopen("/dev/null", "w");
    return f;
}

/* The child's command line must carry every run option exactly. */
static void check_child_round_trip(const gc_cli_args *a) {
    gc_run_options o = a->run;
    o.self_exe = "gpucheck";
    gc_device_info dev;
    memset(&dev, 0, sizeof dev);
    snprintf(dev.id, sizeof dev.id, "opencl:0:0");
    snprintf(dev.name, sizeof dev.name, "cpu-fuzz-device");
    double budget = o.timeout_s > 0 ? o.timeout_s : GC_DEFAULT_BUDGET_S;
    gc_child_argv_buf buf;
    const char *const *argv = gc_child_argv(&buf, &o, "suite.test", &dev, budget);
    int argc = 0;
    while (argv[argc]) argc++;
    gc_cli_args back;
    char err[512];
    int rc = gc_parse_args(argc, (char **)argv, &back, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "the child's argv does not parse: %s\n", err);
        abort();
    }
    if (back.command != GC_CMD_CHILD || back.run.seed != o.seed || back.run.canary != o.canary ||
        back.run.scale != o.scale || back.run.samples != o.samples || back.run.warmup != o.warmup ||
        back.run.timeout_s != budget || back.run.no_cache != o.no_cache || back.run.verbose != o.verbose ||
        strcmp(back.child_test, "suite.test") != 0 || strcmp(back.device, dev.id) != 0) {
        fprintf(stderr, "the child's argv parses to other options\n");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A private NUL-terminated copy: the last argument ends at the end of the input. */
    char *copy = malloc(size + 1);
    if (!copy) return 0;
    memcpy(copy, data, size);
    copy[size] = '\0';
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    argv[argc++] = "gpucheck";
    for (char *p = copy; argc < MAX_ARGS && p <= copy + size; p += strlen(p) + 1) argv[argc++] = p;
    argv[argc] = NULL;

    gc_cli_args a;
    char err[512];
    memset(err, 0, sizeof err);
    int rc = gc_parse_args(argc, argv, &a, err, sizeof err);
    if (rc != 0 && rc != 2) abort();
    if (rc == 2 && err[0] == '\0') {
        fprintf(stderr, "usage error without a message\n");
        abort();
    }
    if (rc == 0) {
        if (a.help) gc_print_help(devnull(), a.command, 1);
        if ((a.command == GC_CMD_RUN || a.command == GC_CMD_BENCH || a.command == GC_CMD_CHILD) && !a.help)
            check_child_round_trip(&a);
    }
    free(copy);
    return 0;
}
