/* SPDX-License-Identifier: Apache-2.0 */
/* help.c — the help text of each command, in the program's own name (gpucheck, or a
 * user's program that calls gc_main(), whose help lists only the commands it has). */
#include <stdio.h>
#include <string.h>

#include "common/prog_name.h"
#include "harness/options.h"

#define GC_STR_(x) #x
#define GC_STR(x) GC_STR_(x)

/* run's and bench's options: the same, but for the sampling rule's, which only a benchmark
 * has, and what several devices may do at once. */
static void print_run_help(FILE *f, gc_command cmd) {
    const char *prog = gc_prog_name();
    fprintf(f,
            "usage: %s %s [options]\n\n"
            "  --device LIST      device id (cuda:0, opencl:0:1), a whole word or the start of one device's\n"
            "                     name, a comma list of them, or 'all' (default: first CUDA GPU, else first\n"
            "                     OpenCL GPU, else PoCL CPU); several devices run at the same time, one\n"
            "                     worker each (%s)\n"
            "  --serial-devices   run several devices one after another instead\n"
            "  --filter LIST      select by 'suite.name' or suite glob, comma list; '-GLOB' leaves out,\n"
            "                     e.g. 'atomic_fence*,-*.twin.*'\n"
            "  --exclude LIST     leave out what these globs match (repeatable)\n"
            "  --tag LIST         select the tests with any of these tags; '-TAG' leaves out (repeatable)\n"
            "  --rerun-failed F   select the tests that did not pass (neither PASS nor SKIP) in the JSON\n"
            "                     report F of an earlier run\n"
            "  --repeat N         run each selected test N times (same seed), every run reported\n"
            "  -x, --fail-fast    stop after the first test that is not PASS or SKIP; the rest is not run\n"
            "  --param S.K=V      set a test parameter, e.g. atomic_fence.rounds=4 (repeatable; the\n"
            "                     parameters: '%s list --params'); S.K=V1,V2,... sweeps: the suite's\n"
            "                     tests run once per value, each result named by it ([K=V1])\n"
            "  --seed N           seed of every random input (default " GC_STR(GC_DEFAULT_SEED) "); printed in every report\n"
            "  --canary BYTE      output poison byte (default " GC_STR(GC_DEFAULT_CANARY) ")\n"
            "  --scale F          multiply work sizes by F (default " GC_STR(GC_DEFAULT_SCALE) ")\n"
            "  --timeout S        per-test time limit, overriding each test's budget (default: its own, else " GC_STR(GC_DEFAULT_BUDGET_S) " s)\n"
            "  --time-budget S    stop starting new tests after S seconds (the rest SKIP)\n"
            "%s"
            "  --json FILE        JSON report ('-' for stdout)\n"
            "  --junit FILE       JUnit XML report\n"
            "  --markdown FILE    Markdown summary (for a pull-request comment)\n"
            "  --tap              TAP 14 on stdout instead of the table\n"
            "  --no-fork          run tests in this process (debugging; no timeout or crash isolation)\n"
            "  --no-cache         bypass the compile cache\n"
            "  --color WHEN       colour the console: auto (a terminal, and NO_COLOR unset), always, never\n"
            "  -q, --quiet        no row per test: only what did not pass and the summary\n"
            "  -v, --verbose      show each test's details\n"
            "Short switches combine: -xq is -x -q.\n\n"
            "Tests built to fail (mutants) and tests tagged 'manual' run only when asked for: by a\n"
            "--filter glob that starts with a literal ('mutant_*', not '*'), --tag mutant or manual,\n"
            "or --rerun-failed. Numbers are decimal (integers also 0x hex); a leading zero (010) is\n"
            "refused, never read as octal.\n"
            "Exit status: 0 all passed or skipped, 1 something failed (FAIL, BROKEN, INCONCLUSIVE,\n"
            "TIMEOUT, CRASH, ERROR) on any device, 2 usage or set-up error, 130/143/129\n"
            "stopped by SIGINT/SIGTERM/SIGHUP.\n",
            prog, cmd == GC_CMD_RUN ? "run" : "bench",
            cmd == GC_CMD_RUN ? "any devices" : "benchmarks: only distinct GPUs of known PCI bus", prog,
            cmd == GC_CMD_BENCH ? "  --max-noise PCT    sample until the coefficient of variation is at most PCT % (default " GC_STR(GC_DEFAULT_MAX_NOISE_PCT) ")\n"
                                  "  --min-samples N    ... but take at least N samples (default " GC_STR(GC_DEFAULT_MIN_SAMPLES) ")\n"
                                  "  --max-time S       ... and sample for at most S seconds (default " GC_STR(GC_DEFAULT_MAX_TIME_S) "; also 80% of the budget)\n"
                                  "  --samples N        take exactly N samples instead (no noise rule)\n"
                                  "  --warmup N         untimed warm-up samples (default " GC_STR(GC_DEFAULT_WARMUP) ")\n"
                                  "  --cold-cache       flush the device's L2 cache before each sample\n"
                                  "  --csv FILE         benchmark table as CSV\n"
                                : "");
}

/* The overview: the commands this program has (kzg only where its suites are built in). */
static void print_overview(FILE *f, int with_kzg) {
    const char *prog = gc_prog_name();
    fprintf(f, "usage: %s COMMAND [options]\n"
               "       %s --version | --help [COMMAND]\n\n"
               "Commands:\n"
               "  devices   list compute devices (CUDA and OpenCL)\n"
               "  info      describe a device in full\n"
               "  list      list tests and benchmarks\n"
               "  run       run tests\n"
               "  bench     run benchmarks\n"
               "  compare   compare two JSON reports: benchmarks slower/faster, outcomes changed\n"
               "  kernels   compile kernel modules ahead of time for a CUDA architecture\n",
            prog, prog);
    if (with_kzg) fprintf(f, "  kzg       KZG/FK20: EIP-7594 cells and proofs of blobs (%s kzg --help)\n", prog);
    fprintf(f, "\n'%s COMMAND --help' describes a command's options; -v (--verbose) and\n"
               "-h (--help) apply to every command. --version prints the version.\n"
               "Exit status: 0 success, 1 a test failed, 2 usage or set-up error.\n",
            prog);
}

void gc_print_help(FILE *f, gc_command cmd, int with_kzg) {
    const char *prog = gc_prog_name();
    switch (cmd) {
    case GC_CMD_DEVICES:
        fprintf(f, "usage: %s devices [--json] [-v]\n\n"
                   "Lists every compute device of every backend with its stable id (cuda:0, opencl:P:D),\n"
                   "marks the default, and says why an unavailable backend is unavailable.\n", prog);
        break;
    case GC_CMD_INFO:
        fprintf(f, "usage: %s info [--device ID|NAME] [--json] [--no-cache] [-v]\n\n"
                   "Describes a device in full: versions, compute units, clocks, memory, work-group limits,\n"
                   "sub-groups and the memory orders x scopes its atomics and fences support.\n"
                   "  --no-cache   bypass the compile cache\n", prog);
        break;
    case GC_CMD_LIST:
        fprintf(f, "usage: %s list [--filter LIST] [--exclude LIST] [--tag LIST] [--rerun-failed FILE]\n"
                   "       %*s [--device ID|NAME] [--json] [-v]\n"
                   "       %s list --params\n\n"
                   "Lists registered tests and benchmarks (suite.name, kind, tags, description) that the\n"
                   "selection options (as for 'run') select. With --device, also says which would be skipped\n"
                   "on that device and why. --params lists the test parameters that --param sets.\n",
                prog, (int)strlen(prog) + 5, "", prog);
        break;
    case GC_CMD_RUN:
    case GC_CMD_BENCH:
        print_run_help(f, cmd);
        break;
    default:
        print_overview(f, with_kzg);
    }
}
