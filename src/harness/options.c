/* SPDX-License-Identifier: Apache-2.0 */
/* options.c — command-line parsing: every value is validated, every unknown flag is an
 * error; nothing is silently ignored. */
#include "harness/options.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/number.h"
#include "common/option_value.h"
#include "harness/params.h"
#include "harness/select.h"

static const struct {
    const char *name;
    gc_command cmd;
} commands[] = {{"devices", GC_CMD_DEVICES}, {"info", GC_CMD_INFO}, {"list", GC_CMD_LIST},
                {"run", GC_CMD_RUN},         {"bench", GC_CMD_BENCH}, {"__child", GC_CMD_CHILD},
                {"version", GC_CMD_VERSION}};

#define GC_STR_(x) #x
#define GC_STR(x) GC_STR_(x)

static int usage(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int usage(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return 2;
}

/* Which options each command accepts (bit per command). */
#define C(x) (1u << (x))
#define RUNLIKE (C(GC_CMD_RUN) | C(GC_CMD_BENCH) | C(GC_CMD_CHILD))
enum { ARG_NONE, ARG_VALUE, ARG_REPEATED /* a value, and the option may be given again */ };
static const struct {
    const char *flag;
    int arg;
    unsigned cmds;
} flags[] = {
    {"--device", ARG_VALUE, C(GC_CMD_INFO) | C(GC_CMD_LIST) | RUNLIKE},
    {"--filter", ARG_VALUE, C(GC_CMD_LIST) | RUNLIKE},
    {"--exclude", ARG_REPEATED, C(GC_CMD_LIST) | C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--tag", ARG_REPEATED, C(GC_CMD_LIST) | C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--rerun-failed", ARG_VALUE, C(GC_CMD_LIST) | C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--repeat", ARG_VALUE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"-x", ARG_NONE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--fail-fast", ARG_NONE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--serial-devices", ARG_NONE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--param", ARG_REPEATED, RUNLIKE},
    {"--params", ARG_NONE, C(GC_CMD_LIST)},
    {"--seed", ARG_VALUE, RUNLIKE},
    {"--canary", ARG_VALUE, RUNLIKE},
    {"--scale", ARG_VALUE, RUNLIKE},
    {"--timeout", ARG_VALUE, RUNLIKE},
    {"--time-budget", ARG_VALUE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--samples", ARG_VALUE, C(GC_CMD_BENCH) | C(GC_CMD_CHILD)},
    {"--warmup", ARG_VALUE, C(GC_CMD_BENCH) | C(GC_CMD_CHILD)},
    {"--min-samples", ARG_VALUE, C(GC_CMD_BENCH) | C(GC_CMD_CHILD)},
    {"--max-noise", ARG_VALUE, C(GC_CMD_BENCH) | C(GC_CMD_CHILD)},
    {"--max-time", ARG_VALUE, C(GC_CMD_BENCH) | C(GC_CMD_CHILD)},
    {"--cold-cache", ARG_NONE, C(GC_CMD_BENCH) | C(GC_CMD_CHILD)},
    {"--json", ARG_NONE, C(GC_CMD_DEVICES) | C(GC_CMD_INFO) | C(GC_CMD_LIST)},
    /* run/bench: the report formats of gc_report_formats, each --OPTION FILE */
    {"--tap", ARG_NONE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--no-fork", ARG_NONE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--no-cache", ARG_NONE, C(GC_CMD_INFO) | RUNLIKE},
    {"--test", ARG_VALUE, C(GC_CMD_CHILD)},
    {"--device-name", ARG_VALUE, C(GC_CMD_CHILD)},
    {"-v", ARG_NONE, 0xffffffffu},
    {"--verbose", ARG_NONE, 0xffffffffu},
    {"--help", ARG_NONE, 0xffffffffu},
    {"-h", ARG_NONE, 0xffffffffu},
};

/* The command word, and what stands in for one (--help [COMMAND], --version): 0 when that
 * settles the parse, 2 on a usage error, -1 when options follow. */
static int parse_command(int argc, char **argv, gc_cli_args *out, char *err, size_t err_len) {
    if (argc < 2) return usage(err, err_len, "missing command (devices, info, list, run, bench); try --help");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        out->help = 1;
        if (argc > 3) return usage(err, err_len, "help takes at most one command, got '%s'", argv[3]);
        if (argc > 2) {
            for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
                if (strcmp(argv[2], commands[c].name) == 0) out->command = commands[c].cmd;
            if (out->command == GC_CMD_NONE)
                return usage(err, err_len, "help: unknown command '%s' (devices, info, list, run, bench)", argv[2]);
        }
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        out->command = GC_CMD_VERSION;
        return 0;
    }
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
        if (strcmp(argv[1], commands[c].name) == 0) out->command = commands[c].cmd;
    if (out->command == GC_CMD_NONE) return usage(err, err_len, "unknown command '%s'; try --help", argv[1]);
    out->run.command = argv[1];
    return -1;
}

/* A report format's option (--json FILE, ...): 1 taken, 0 not one (*wrong_cmd set when it
 * is one of another command), 2 on a usage error. */
static int take_report_option(int argc, char **argv, int *i, const char *name, const char *eq, gc_cli_args *out,
                              int *wrong_cmd, char *err, size_t err_len) {
    int report = -1;
    for (int k = 0; k < GC_REPORT_FORMAT_COUNT; k++) {
        if (strcmp(gc_report_formats[k].option, name) != 0) continue;
        if (out->command == GC_CMD_BENCH || (out->command == GC_CMD_RUN && !gc_report_formats[k].bench_only))
            report = k;
        else *wrong_cmd = 1;
    }
    if (report < 0) return 0;
    const char *val = gc_option_value(argc, argv, i, name, eq, "a file ('-' for stdout)", err, err_len);
    if (!val) return 2;
    if (out->report_path[report])
        return usage(err, err_len, "option '%s' given twice ('%s' and '%s')", name, out->report_path[report], val);
    out->report_path[report] = val;
    return 1;
}

/* The entry of flags[] for `name` under the command, -1 if none (*wrong_cmd set when the
 * flag exists for other commands). */
static int find_flag(const char *name, gc_command cmd, int *wrong_cmd) {
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
        if (strcmp(flags[f].flag, name) != 0) continue;
        if (!(flags[f].cmds & C(cmd))) {
            *wrong_cmd = 1;
            continue;
        }
        return (int)f;
    }
    return -1;
}

/* The options of the run's numbers (seed, canary, scale, time limits, repetitions): -1 not
 * one of them, 0 taken, 2 on a bad value. */
static int apply_run_number(gc_run_options *o, const char *name, const char *val, char *err, size_t err_len) {
    uint64_t u;
    double d;
    const char *why;
    if (!strcmp(name, "--seed")) {
        if ((why = gc_parse_uint(val, 0, UINT64_MAX, &u)))
            return usage(err, err_len, "--seed needs an unsigned 64-bit integer, got '%s': %s", val, why);
        o->seed = u;
    } else if (!strcmp(name, "--canary")) {
        if ((why = gc_parse_uint(val, 0, 255, &u)))
            return usage(err, err_len, "--canary needs a byte 0..255 (e.g. 0xAA), got '%s': %s", val, why);
        o->canary = (uint8_t)u;
    } else if (!strcmp(name, "--scale")) {
        if ((why = gc_parse_real(val, 0, 1000, 1, &d)))
            return usage(err, err_len, "--scale needs a number in (0, 1000], got '%s': %s", val, why);
        o->scale = d;
    } else if (!strcmp(name, "--timeout")) {
        if ((why = gc_parse_real(val, 0, 86400, 1, &d)))
            return usage(err, err_len, "--timeout needs seconds in (0, 86400], got '%s': %s", val, why);
        o->timeout_s = d;
    } else if (!strcmp(name, "--time-budget")) {
        if ((why = gc_parse_real(val, 0, 864000, 1, &d)))
            return usage(err, err_len, "--time-budget needs seconds in (0, 864000], got '%s': %s", val, why);
        o->time_budget_s = d;
    } else if (!strcmp(name, "--repeat")) {
        if ((why = gc_parse_uint(val, 1, 10000, &u)))
            return usage(err, err_len, "--repeat needs an integer in 1..10000, got '%s': %s", val, why);
        o->repeat = (unsigned)u;
    } else {
        return -1;
    }
    return 0;
}

/* The sampling rule's options (a fixed count, or the noise rule's limits): as above. */
static int apply_sampling(gc_run_options *o, const char *name, const char *val, char *err, size_t err_len) {
    uint64_t u;
    double d;
    const char *why;
    if (!strcmp(name, "--samples")) {
        if ((why = gc_parse_uint(val, 1, 1000000, &u)))
            return usage(err, err_len, "--samples needs an integer in 1..1000000, got '%s': %s", val, why);
        o->samples = (unsigned)u;
    } else if (!strcmp(name, "--warmup")) {
        if ((why = gc_parse_uint(val, 0, 100000, &u)))
            return usage(err, err_len, "--warmup needs an integer in 0..100000, got '%s': %s", val, why);
        o->warmup = (unsigned)u;
    } else if (!strcmp(name, "--min-samples")) {
        if ((why = gc_parse_uint(val, 2, GC_NOISE_MAX_SAMPLES, &u)))
            return usage(err, err_len, "--min-samples needs an integer in 2..%d, got '%s': %s", GC_NOISE_MAX_SAMPLES,
                         val, why);
        o->min_samples = (unsigned)u;
    } else if (!strcmp(name, "--max-noise")) {
        if ((why = gc_parse_real(val, 0, 100, 1, &d)))
            return usage(err, err_len, "--max-noise needs a percentage in (0, 100], got '%s': %s", val, why);
        o->max_noise = d / 100;
    } else if (!strcmp(name, "--max-time")) {
        if ((why = gc_parse_real(val, 0, 86400, 1, &d)))
            return usage(err, err_len, "--max-time needs seconds in (0, 86400], got '%s': %s", val, why);
        o->max_time_s = d;
    } else if (!strcmp(name, "--cold-cache")) {
        o->cold_cache = 1;
    } else {
        return -1;
    }
    return 0;
}

/* The options that gather a list (--exclude, --tag, --param): as above. */
static int apply_list_option(gc_run_options *o, const char *name, const char *val, char *err, size_t err_len) {
    if (!strcmp(name, "--exclude") || !strcmp(name, "--tag")) {
        int ex = name[2] == 'e';
        if ((ex ? o->n_exclude : o->n_tags) == GC_MAX_SELECT)
            return usage(err, err_len, "more than %d %s options (give a comma list)", GC_MAX_SELECT, name);
        if (ex) o->exclude[o->n_exclude++] = val;
        else o->tags[o->n_tags++] = val;
    } else if (!strcmp(name, "--param")) {
        char suite[GC_TEST_NAME_MAX + 1], key[GC_TEST_NAME_MAX + 1];
        const char *v;
        if (!gc_param_split(val, suite, sizeof suite, key, sizeof key, &v))
            return usage(err, err_len, "--param needs SUITE.KEY=VALUE, SUITE and KEY names of letters, digits and '_' (e.g. atomic_fence.rounds=4), got '%s'", val);
        size_t head = (size_t)(v - val); /* "SUITE.KEY=" */
        for (size_t k = 0; k < o->n_params; k++)
            if (strncmp(o->params[k], val, head) == 0)
                return usage(err, err_len, "--param %s.%s given twice ('%s' and '%s')", suite, key, o->params[k], val);
        if (o->n_params == GC_MAX_PARAMS) return usage(err, err_len, "more than %d --param options", GC_MAX_PARAMS);
        o->params[o->n_params++] = val;
    } else {
        return -1;
    }
    return 0;
}

/* Every other option: a string kept as given, or a switch. */
static void apply_plain_option(gc_cli_args *out, const char *name, const char *val) {
    gc_run_options *o = &out->run;
    if (!strcmp(name, "--device")) out->device = val;
    else if (!strcmp(name, "--filter")) o->filter = val;
    else if (!strcmp(name, "--rerun-failed")) o->rerun_failed = val;
    else if (!strcmp(name, "-x") || !strcmp(name, "--fail-fast")) o->fail_fast = 1;
    else if (!strcmp(name, "--serial-devices")) o->serial_devices = 1;
    else if (!strcmp(name, "--params")) out->list_params = 1;
    else if (!strcmp(name, "--json")) out->json_stdout = 1;
    else if (!strcmp(name, "--tap")) out->tap = 1;
    else if (!strcmp(name, "--no-fork")) o->no_fork = 1;
    else if (!strcmp(name, "--no-cache")) o->no_cache = 1;
    else if (!strcmp(name, "--test")) out->child_test = val;
    else if (!strcmp(name, "--device-name")) out->child_device_name = val;
    else if (!strcmp(name, "-v") || !strcmp(name, "--verbose")) o->verbose = 1;
    else if (!strcmp(name, "--help") || !strcmp(name, "-h")) out->help = 1;
}

/* One option at argv[*i] (and its value, which may be the next word): 0 or 2. */
static int parse_option(int argc, char **argv, int *i, gc_cli_args *out, const char **seen, char *err,
                        size_t err_len) {
    gc_run_options *o = &out->run;
    const char *a = argv[*i];
    const char *val = NULL;
    int wrong_cmd = 0;
    if (a[0] != '-')
        return usage(err, err_len, "unexpected argument '%s' (options start with '-'; try '%s --help')", a,
                     o->command);
    /* --flag=value is accepted as well as --flag value. */
    char name[64];
    const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
    size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
    if (nlen >= sizeof name) return usage(err, err_len, "unknown option '%s'", a);
    memcpy(name, a, nlen);
    name[nlen] = '\0';
    int r = take_report_option(argc, argv, i, name, eq, out, &wrong_cmd, err, err_len);
    if (r) return r == 1 ? 0 : r;
    int found = find_flag(name, out->command, &wrong_cmd);
    if (found < 0)
        return wrong_cmd ? usage(err, err_len, "option '%s' does not apply to '%s'", name, o->command)
                         : usage(err, err_len, "unknown option '%s'; try '%s --help'", a, o->command);
    if (flags[found].arg != ARG_NONE) {
        if (!(val = gc_option_value(argc, argv, i, name, eq, "a value", err, err_len))) return 2;
        if (seen[found] && flags[found].arg == ARG_VALUE)
            return usage(err, err_len, "option '%s' given twice ('%s' and '%s')", name, seen[found], val);
        seen[found] = val;
    } else if (eq) {
        return usage(err, err_len, "option '%s' takes no value", name);
    }
    if ((r = apply_run_number(o, name, val, err, err_len)) < 0 && (r = apply_sampling(o, name, val, err, err_len)) < 0 &&
        (r = apply_list_option(o, name, val, err, err_len)) < 0) {
        apply_plain_option(out, name, val);
        r = 0;
    }
    return r;
}

/* What the options say together: each was valid alone. */
static int check_combination(gc_cli_args *out, const char *const *seen, char *err, size_t err_len) {
    gc_run_options *o = &out->run;
    if (out->command == GC_CMD_CHILD && !out->child_test) return usage(err, err_len, "__child needs --test NAME");
    /* A fixed count and the noise rule exclude each other. */
    static const char *const noise_rule[] = {"--min-samples", "--max-noise", "--max-time"};
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
        for (size_t k = 0; k < 3; k++)
            if (o->samples && seen[f] && !strcmp(flags[f].flag, noise_rule[k]))
                return usage(err, err_len, "--samples N takes a fixed count; %s belongs to the noise rule (leave "
                                           "out one or the other)", noise_rule[k]);
    if (gc_selection_check(o, err, err_len)) return 2;
    if (out->list_params && (out->json_stdout || out->device || o->filter || o->n_exclude || o->n_tags || o->rerun_failed))
        return usage(err, err_len, "list --params lists every declared parameter as text and takes no other option");
    const char *const *paths = out->report_path;
    int to_stdout = 0;
    for (int x = 0; x < GC_REPORT_FORMAT_COUNT; x++) {
        to_stdout += paths[x] && !strcmp(paths[x], "-");
        for (int y = x + 1; y < GC_REPORT_FORMAT_COUNT; y++)
            if (paths[x] && paths[y] && strcmp(paths[x], "-") != 0 && strcmp(paths[x], paths[y]) == 0)
                return usage(err, err_len, "two reports given the same file '%s'", paths[x]);
    }
    if (to_stdout > 1) return usage(err, err_len, "only one report can be written to stdout ('-')");
    if (to_stdout && out->tap)
        return usage(err, err_len, "--tap writes to stdout, so no report file can be '-' with it");
    return 0;
}

int gc_parse_args(int argc, char **argv, gc_cli_args *out, char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    gc_run_options_init(&out->run);
    /* Reproduction lines name the program that ran (gpucheck, or a user's own). */
    if (argc >= 2 && argv[0] && *argv[0]) out->run.argv0 = argv[0];
    int r = parse_command(argc, argv, out, err, err_len);
    if (r >= 0) return r;
    const char *seen[sizeof flags / sizeof flags[0]]; /* value of each value option given */
    memset(seen, 0, sizeof seen);
    for (int i = 2; i < argc; i++)
        if ((r = parse_option(argc, argv, &i, out, seen, err, err_len))) return r;
    return check_combination(out, seen, err, err_len);
}

const char *const *gc_child_argv(gc_child_argv_buf *b, const gc_run_options *opt, const char *full_name,
                                 const gc_device_info *device, double budget_s) {
    int a = 0, k = 0;
#define NUM(fmt, v) (snprintf(b->num[k], sizeof b->num[k], fmt, v), b->num[k++])
    b->argv[a++] = opt->self_exe;
    b->argv[a++] = "__child";
    b->argv[a++] = "--test";
    b->argv[a++] = full_name;
    b->argv[a++] = "--device";
    b->argv[a++] = device->id;
    snprintf(b->device_name, sizeof b->device_name, "--device-name=%s", device->name);
    b->argv[a++] = b->device_name;
    b->argv[a++] = "--seed";
    b->argv[a++] = NUM("%llu", (unsigned long long)opt->seed);
    b->argv[a++] = "--canary";
    b->argv[a++] = NUM("%u", opt->canary);
    b->argv[a++] = "--scale";
    b->argv[a++] = NUM("%.17g", opt->scale);
    if (opt->samples) {
        b->argv[a++] = "--samples";
        b->argv[a++] = NUM("%u", opt->samples);
    } else {
        b->argv[a++] = "--min-samples";
        b->argv[a++] = NUM("%u", opt->min_samples);
        b->argv[a++] = "--max-noise";
        b->argv[a++] = NUM("%.17g", 100 * opt->max_noise);
        b->argv[a++] = "--max-time";
        b->argv[a++] = NUM("%.17g", opt->max_time_s);
    }
    b->argv[a++] = "--warmup";
    b->argv[a++] = NUM("%u", opt->warmup);
    b->argv[a++] = "--timeout";
    b->argv[a++] = NUM("%.17g", budget_s);
#undef NUM
    if (opt->no_cache) b->argv[a++] = "--no-cache";
    if (opt->cold_cache) b->argv[a++] = "--cold-cache";
    if (opt->verbose) b->argv[a++] = "-v";
    for (size_t i = 0; i < opt->n_params; i++) {
        b->argv[a++] = "--param";
        b->argv[a++] = opt->params[i];
    }
    b->argv[a] = NULL;
    return b->argv;
}

/* run's and bench's options: the same, but for the sampling rule's, which only a benchmark
 * has, and what several devices may do at once. */
static void print_run_help(FILE *f, gc_command cmd) {
    fprintf(f,
            "usage: gpucheck %s [options]\n\n"
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
            "                     parameters: 'gpucheck list --params')\n"
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
            "  -v, --verbose      show each test's details\n\n"
            "Tests built to fail (mutants) and tests tagged 'manual' run only when asked for: by a\n"
            "--filter glob that starts with a literal ('mutant_*', not '*'), --tag mutant or manual,\n"
            "or --rerun-failed. Numbers are decimal (integers also 0x hex); a leading zero (010) is\n"
            "refused, never read as octal.\n"
            "Exit status: 0 all passed or skipped, 1 something failed (FAIL, BROKEN, INCONCLUSIVE,\n"
            "TIMEOUT, CRASH, ERROR) on any device, 2 usage or set-up error, 130/143/129\n"
            "stopped by SIGINT/SIGTERM/SIGHUP.\n",
            cmd == GC_CMD_RUN ? "run" : "bench",
            cmd == GC_CMD_RUN ? "any devices" : "benchmarks: only distinct GPUs of known PCI bus",
            cmd == GC_CMD_BENCH ? "  --max-noise PCT    sample until the coefficient of variation is at most PCT % (default " GC_STR(GC_DEFAULT_MAX_NOISE_PCT) ")\n"
                                  "  --min-samples N    ... but take at least N samples (default " GC_STR(GC_DEFAULT_MIN_SAMPLES) ")\n"
                                  "  --max-time S       ... and sample for at most S seconds (default " GC_STR(GC_DEFAULT_MAX_TIME_S) "; also 80% of the budget)\n"
                                  "  --samples N        take exactly N samples instead (no noise rule)\n"
                                  "  --warmup N         untimed warm-up samples (default " GC_STR(GC_DEFAULT_WARMUP) ")\n"
                                  "  --cold-cache       flush the device's L2 cache before each sample\n"
                                  "  --csv FILE         benchmark table as CSV\n"
                                : "");
}

void gc_print_help(FILE *f, gc_command cmd) {
    switch (cmd) {
    case GC_CMD_DEVICES:
        fprintf(f, "usage: gpucheck devices [--json] [-v]\n\n"
                   "Lists every compute device of every backend with its stable id (cuda:0, opencl:P:D),\n"
                   "marks the default, and says why an unavailable backend is unavailable.\n");
        break;
    case GC_CMD_INFO:
        fprintf(f, "usage: gpucheck info [--device ID|NAME] [--json] [--no-cache] [-v]\n\n"
                   "Describes a device in full: versions, compute units, clocks, memory, work-group limits,\n"
                   "sub-groups and the memory orders x scopes its atomics and fences support.\n"
                   "  --no-cache   bypass the compile cache\n");
        break;
    case GC_CMD_LIST:
        fprintf(f, "usage: gpucheck list [--filter LIST] [--exclude LIST] [--tag LIST] [--rerun-failed FILE]\n"
                   "                    [--device ID|NAME] [--json] [-v]\n"
                   "       gpucheck list --params\n\n"
                   "Lists registered tests and benchmarks (suite.name, kind, tags, description) that the\n"
                   "selection options (as for 'run') select. With --device, also says which would be skipped\n"
                   "on that device and why. --params lists the test parameters that --param sets.\n");
        break;
    case GC_CMD_RUN:
    case GC_CMD_BENCH:
        print_run_help(f, cmd);
        break;
    default:
        fprintf(f, "usage: gpucheck COMMAND [options]\n"
                   "       gpucheck --version | --help [COMMAND]\n\n"
                   "Commands:\n"
                   "  devices   list compute devices (CUDA and OpenCL)\n"
                   "  info      describe a device in full\n"
                   "  list      list tests and benchmarks\n"
                   "  run       run tests\n"
                   "  bench     run benchmarks\n"
                   "  compare   compare two JSON reports: benchmarks slower/faster, outcomes changed\n"
                   "  kzg       KZG/FK20: EIP-7594 cells and proofs of blobs (gpucheck kzg --help)\n\n"
                   "'gpucheck COMMAND --help' describes a command's options; -v (--verbose) and\n"
                   "-h (--help) apply to every command. --version prints gpucheck's version.\n"
                   "Exit status: 0 success, 1 a test failed, 2 usage or set-up error.\n");
    }
}
