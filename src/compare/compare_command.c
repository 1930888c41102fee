/* SPDX-License-Identifier: Apache-2.0 */
/* compare_command.c — `gpucheck compare OLD.json NEW.json [options]`: the command line,
 * the files, and the exit status (0 no regression, 1 a regression, 2 bad input). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/number.h"
#include "common/option_value.h"
#include "common/prog_name.h"
#include "common/suggest.h"
#include "compare/compare.h"
#include "report/report.h"

#define EXIT_REGRESSION 1
#define EXIT_BAD_INPUT 2

static void help(FILE *f) {
    fprintf(f, "usage: %s compare OLD.json NEW.json [--threshold PCT] [--alpha P] [--markdown FILE]\n"
               "       %*s [--allow-scale-change] [-v]\n\n"
               "Compares two JSON run reports (gpucheck bench/run --json) of this gpucheck's schema.\n"
               "For each benchmark in both (matched by suite.name): the median times, their ratio (new/old),\n"
               "and a verdict: 'slower'/'faster' when the medians differ by at least the threshold and a\n"
               "two-sided Mann-Whitney U test of the samples gives p < alpha; 'same' below the threshold;\n"
               "'noisy' when the change is not significant (or a side has fewer than %d samples).\n"
               "Also lists every test whose outcome changed and what only one run has, and names every\n"
               "setting in which the runs differ (scale, seed, device, build, commit, gpucheck, parameters).\n\n"
               "  --threshold PCT   smallest change of the median that counts (default %g)\n"
               "  --alpha P         p-value below which a change is significant (default %g)\n"
               "  --markdown FILE   the comparison as Markdown too ('-' for stdout; the table then goes to stderr)\n"
               "  --allow-scale-change  compare runs of different --scale (refused otherwise: the work differs)\n\n"
               "Exit status: 0 nothing slower and no test newly failing, 1 a benchmark slower or a test\n"
               "whose outcome changed to a failure, 2 usage error or a report that cannot be read (not\n"
               "JSON, another schema_version, a field missing), 3 the runs are of different --scale and\n"
               "--allow-scale-change was not given.\n",
            gc_prog_name(), (int)strlen(gc_prog_name()) + 8, "", GC_CMP_MIN_SAMPLES, GC_CMP_DEFAULT_THRESHOLD_PCT, GC_CMP_DEFAULT_ALPHA);
}

typedef struct {
    const char *old_path, *new_path;
    const gc_cmp_run *old, *new_run;
    const gc_comparison *c;
} md_job;

static void write_md(FILE *f, const void *ctx) {
    const md_job *j = ctx;
    gc_comparison_markdown(f, j->old_path, j->old, j->new_path, j->new_run, j->c);
}

/* What the command line asks: the two reports and the verdict's limits. */
typedef struct {
    const char *paths[2], *markdown;
    double threshold, alpha;
    int allow_scale_change;
} compare_args;

/* An option compare does not have, with the nearest it has when it looks like a typo. */
static int unknown_option(const char *a, size_t nlen) {
    static const char *const names[] = {"--threshold", "--alpha", "--markdown", "--allow-scale-change", "--verbose",
                                        "--help"};
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)nlen, a);
    const char *near = gc_suggest(name, names, sizeof names / sizeof names[0]);
    if (near) gc_prog_say(stderr, "compare: unknown option '%s'; did you mean '%s'?\n", a, near);
    else gc_prog_say(stderr, "compare: unknown option '%s'; try '%s compare --help'\n", a, gc_prog_name());
    return EXIT_BAD_INPUT;
}

/* The command line into *ca: 0 to go on, -1 when --help was answered, EXIT_BAD_INPUT with
 * the message printed. */
static int parse_compare_args(int argc, char **argv, compare_args *ca) {
    int n_paths = 0, seen_threshold = 0, seen_alpha = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            help(stdout);
            return -1;
        }
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) continue; /* nothing more to show */
        if (!strcmp(a, "--allow-scale-change")) {
            ca->allow_scale_change = 1;
            continue;
        }
        if (a[0] != '-' || !strcmp(a, "-")) {
            if (n_paths == 2) {
                gc_prog_say(stderr, "compare: one report too many: '%s' (give OLD.json NEW.json)\n", a);
                return EXIT_BAD_INPUT;
            }
            ca->paths[n_paths++] = a;
            continue;
        }
        const char *eq = strchr(a, '=');
        size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
        int is_threshold = nlen == 11 && !strncmp(a, "--threshold", nlen);
        int is_alpha = nlen == 7 && !strncmp(a, "--alpha", nlen);
        int is_md = nlen == 10 && !strncmp(a, "--markdown", nlen);
        if (!is_threshold && !is_alpha && !is_md) return unknown_option(a, eq ? nlen : strlen(a));
        const char *name = is_threshold ? "--threshold" : is_alpha ? "--alpha" : "--markdown", *why;
        char why_value[300];
        const char *val = gc_option_value(argc, argv, &i, name, eq, "a value", why_value, sizeof why_value);
        if (!val) {
            gc_prog_say(stderr, "compare: %s\n", why_value);
            return EXIT_BAD_INPUT;
        }
        if ((is_threshold && seen_threshold++) || (is_alpha && seen_alpha++) || (is_md && ca->markdown)) {
            gc_prog_say(stderr, "compare: option '%s' given twice\n", name);
            return EXIT_BAD_INPUT;
        }
        if (is_threshold && (why = gc_parse_real(val, 0, 1000, 0, &ca->threshold))) {
            gc_prog_say(stderr, "compare: --threshold needs a percentage in [0, 1000], got '%s': %s\n", val, why);
            return EXIT_BAD_INPUT;
        }
        if (is_alpha && (why = gc_parse_real(val, 0, 1, 1, &ca->alpha))) {
            gc_prog_say(stderr, "compare: --alpha needs a p-value in (0, 1], got '%s': %s\n", val, why);
            return EXIT_BAD_INPUT;
        }
        if (is_md) ca->markdown = val;
    }
    if (n_paths != 2) {
        gc_prog_say(stderr, "compare: needs two reports, OLD.json NEW.json; try '%s compare --help'\n", gc_prog_name());
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* The comparison of two loaded runs, on the console and in the Markdown file: its exit
 * status. */
static int report_comparison(const compare_args *ca, const gc_cmp_run runs[2]) {
    gc_comparison c;
    if (!gc_compare_runs(&runs[0], &runs[1], ca->threshold / 100, ca->alpha, &c)) {
        gc_prog_say(stderr, "compare: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    FILE *console = ca->markdown && !strcmp(ca->markdown, "-") ? stderr : stdout;
    gc_comparison_console(console, ca->paths[0], &runs[0], ca->paths[1], &runs[1], &c);
    int status = gc_comparison_failed(&c) ? EXIT_REGRESSION : 0;
    if (ca->markdown) {
        md_job job = {ca->paths[0], ca->paths[1], &runs[0], &runs[1], &c};
        if (!gc_write_file_whole(ca->markdown, write_md, &job)) {
            gc_prog_say(stderr, "compare: cannot write the Markdown to %s: %s\n", ca->markdown, strerror(errno));
            status = EXIT_BAD_INPUT;
        }
    }
    if (fflush(console) != 0 || ferror(console)) {
        gc_prog_say(stderr, "compare: writing the comparison failed: %s\n", strerror(errno));
        status = EXIT_BAD_INPUT;
    }
    gc_comparison_free(&c);
    return status;
}

int gc_compare_command(int argc, char **argv) {
    compare_args ca = {{NULL, NULL}, NULL, GC_CMP_DEFAULT_THRESHOLD_PCT, GC_CMP_DEFAULT_ALPHA, 0};
    int st = parse_compare_args(argc, argv, &ca);
    if (st) return st < 0 ? 0 : st;
    gc_cmp_run runs[2];
    char err[512];
    for (int k = 0; k < 2; k++) {
        if (!gc_cmp_run_load(ca.paths[k], &runs[k], err, sizeof err)) {
            gc_prog_say(stderr, "compare: %s: %s\n", ca.paths[k], err);
            if (k) gc_cmp_run_free(&runs[0]);
            return EXIT_BAD_INPUT;
        }
    }
    int status;
    if (gc_cmp_setting_differs(&runs[0], &runs[1], GC_CMP_SCALE) && !ca.allow_scale_change) {
        gc_prog_say(stderr, "compare: the runs are of different --scale (old %s, new %s): every benchmark's work "
                            "differs, so its time does too. Compare runs of one scale, or give --allow-scale-change "
                            "(exit status 3)\n", runs[0].setting[GC_CMP_SCALE], runs[1].setting[GC_CMP_SCALE]);
        status = GC_CMP_EXIT_SCALE;
    } else {
        status = report_comparison(&ca, runs);
    }
    gc_cmp_run_free(&runs[0]);
    gc_cmp_run_free(&runs[1]);
    return status;
}
