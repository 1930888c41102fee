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
#include "common/prog_name.h"
#include "common/suggest.h"
#include "harness/params.h"
#include "harness/select.h"

static const struct {
    const char *name;
    gc_command cmd;
} commands[] = {{"devices", GC_CMD_DEVICES}, {"info", GC_CMD_INFO}, {"list", GC_CMD_LIST},
                {"run", GC_CMD_RUN},         {"bench", GC_CMD_BENCH}, {"__child", GC_CMD_CHILD},
                {"version", GC_CMD_VERSION}};

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
    {"--color", ARG_VALUE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"-q", ARG_NONE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"--quiet", ARG_NONE, C(GC_CMD_RUN) | C(GC_CMD_BENCH)},
    {"-v", ARG_NONE, 0xffffffffu},
    {"--verbose", ARG_NONE, 0xffffffffu},
    {"--help", ARG_NONE, 0xffffffffu},
    {"-h", ARG_NONE, 0xffffffffu},
};

static int kzg_command = 1;
void gc_options_set_kzg_command(int available) { kzg_command = available != 0; }
int gc_kzg_command_available(void) { return kzg_command; }

/* An unknown command word, with the nearest command when it looks like a typo. */
static int unknown_command(const char *word, char *err, size_t err_len) {
    const char *names[] = {"devices", "info", "list", "run", "bench", "compare", "kernels", "version",
                           gc_kzg_command_available() ? "kzg" : NULL};
    const char *near = gc_suggest(word, names, sizeof names / sizeof names[0]);
    if (near) return usage(err, err_len, "unknown command '%s'; did you mean '%s'?", word, near);
    return usage(err, err_len, "unknown command '%s'; try '%s --help'", word, gc_prog_name());
}

/* The command word, and what stands in for one (--help [COMMAND], --version): 0 when that
 * settles the parse, 2 on a usage error, -1 when options follow. */
static int parse_command(int argc, char **argv, gc_cli_args *out, char *err, size_t err_len) {
    if (argc < 2) return usage(err, err_len, "missing command (devices, info, list, run, bench); try '%s --help'",
                               gc_prog_name());
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
    if (out->command == GC_CMD_NONE) return unknown_command(argv[1], err, err_len);
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

/* --color WHEN: auto (a terminal without NO_COLOR), always, never. */
static int apply_color(gc_cli_args *out, const char *val, char *err, size_t err_len) {
    if (!strcmp(val, "auto")) out->color = GC_COLOR_AUTO;
    else if (!strcmp(val, "always")) out->color = GC_COLOR_ALWAYS;
    else if (!strcmp(val, "never")) out->color = GC_COLOR_NEVER;
    else return usage(err, err_len, "--color needs auto, always or never, got '%s'", val);
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
    else if (!strcmp(name, "-q") || !strcmp(name, "--quiet")) out->quiet = 1;
    else if (!strcmp(name, "--help") || !strcmp(name, "-h")) out->help = 1;
}

/* An option no command has, with the nearest option of this command when it looks like a
 * typo ("--filer": did you mean '--filter'?). */
static int unknown_option(const char *arg, const char *name, gc_command cmd, char *err, size_t err_len) {
    const char *cands[sizeof flags / sizeof flags[0] + GC_REPORT_FORMAT_COUNT];
    size_t n = 0;
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
        if (flags[f].cmds & C(cmd)) cands[n++] = flags[f].flag;
    for (int k = 0; k < GC_REPORT_FORMAT_COUNT; k++)
        if (cmd == GC_CMD_BENCH || (cmd == GC_CMD_RUN && !gc_report_formats[k].bench_only))
            cands[n++] = gc_report_formats[k].option;
    const char *near = gc_suggest(name, cands, n);
    const char *cmd_name = "";
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
        if (commands[c].cmd == cmd) cmd_name = commands[c].name;
    if (near) return usage(err, err_len, "unknown option '%s'; did you mean '%s'?", arg, near);
    return usage(err, err_len, "unknown option '%s'; try '%s %s --help'", arg, gc_prog_name(), cmd_name);
}

/* Short switches given together, as getopt takes them: -xv is -x -v. Only switches that
 * take no value combine; anything else in the group is an unknown option. */
static int parse_short_switches(const char *a, gc_cli_args *out, char *err, size_t err_len) {
    for (const char *p = a + 1; *p; p++) {
        char one[3] = {'-', *p, '\0'};
        int wrong_cmd = 0, f = find_flag(one, out->command, &wrong_cmd);
        if (f < 0 && wrong_cmd)
            return usage(err, err_len, "option '%s' (in '%s') does not apply to '%s'", one, a, out->run.command);
        if (f < 0 || flags[f].arg != ARG_NONE)
            return usage(err, err_len, "unknown option '%s': '%s' is no switch of '%s'%s", a, one, out->run.command,
                         f >= 0 ? " that takes no value" : "");
        apply_plain_option(out, one, NULL);
    }
    return 0;
}

/* One option at argv[*i] (and its value, which may be the next word): 0 or 2. */
static int parse_option(int argc, char **argv, int *i, gc_cli_args *out, const char **seen, char *err,
                        size_t err_len) {
    gc_run_options *o = &out->run;
    const char *a = argv[*i];
    const char *val = NULL;
    int wrong_cmd = 0;
    if (a[0] != '-')
        return usage(err, err_len, "unexpected argument '%s' (options start with '-'; try '%s %s --help')", a,
                     gc_prog_name(), o->command);
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
    if (found < 0 && !wrong_cmd && a[1] != '-' && nlen > 2) return parse_short_switches(a, out, err, err_len);
    if (found < 0)
        return wrong_cmd ? usage(err, err_len, "option '%s' does not apply to '%s'", name, o->command)
                         : unknown_option(a, name, out->command, err, err_len);
    if (flags[found].arg != ARG_NONE) {
        if (!(val = gc_option_value(argc, argv, i, name, eq, "a value", err, err_len))) return 2;
        if (seen[found] && flags[found].arg == ARG_VALUE)
            return usage(err, err_len, "option '%s' given twice ('%s' and '%s')", name, seen[found], val);
        seen[found] = val;
    } else if (eq) {
        return usage(err, err_len, "option '%s' takes no value", name);
    }
    if (!strcmp(name, "--color")) return apply_color(out, val, err, err_len);
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
    if (out->quiet && o->verbose) return usage(err, err_len, "-q (--quiet) and -v (--verbose) ask for opposite things");
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
