/* SPDX-License-Identifier: Apache-2.0 */
/* commands.c — the gpucheck command line (devices | info | list | run | bench, and the
 * compare and kzg commands) as a library function, so that a user's program that
 * registers its own tests gets the same command line by calling gc_main(); and the
 * built-in suites' registration, the one place that knows every suite. Exit status: 0
 * everything passed or skipped, 1 a test failed, 2 usage or set-up error. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/prog_name.h"
#include "common/suggest.h"
#include "common/build_info.h"
#include "compare/compare.h"
#include "device/cache.h"
#include "device/device_match.h"
#include "gpucheck/gc_harness.h"
#include "harness/context.h"
#include "harness/options.h"
#include "harness/params.h"
#include "harness/rerun.h"
#include "harness/runner.h"
#include "harness/select.h"
#include "cli/kernels_command.h"
#include "cli/kzg/kzg_command.h"
#include "report/progress_line.h"
#include "report/report.h"

#define EXIT_FAILED 1
#define EXIT_USAGE 2

/* Each directory under suites/ defines gc_suite_<dir>_register (see CMakeLists.txt). */
#define GC_SUITE(name) void gc_suite_##name##_register(void);
#include "suite_list.h"
#undef GC_SUITE

void gc_register_all_suites(void) {
    static int done;
    if (done) return;
    done = 1;
#define GC_SUITE(name) gc_suite_##name##_register();
#include "suite_list.h"
#undef GC_SUITE
}

static int use_builtin_suites = 1;

void gc_use_builtin_suites(int use) { use_builtin_suites = use != 0; }

/* The device id, name or word of a name nearest to a --device that matched none. */
static const char *near_device(const char *want) {
    static char words[64][GC_INFO_STR];
    const char *cands[64 * 3];
    size_t n = 0, w = 0;
    for (size_t i = 0; i < gc_device_count() && n + 3 <= sizeof cands / sizeof cands[0]; i++) {
        const gc_device_info *d = gc_device_info_at(i);
        cands[n++] = d->id;
        cands[n++] = d->name;
        /* the name's first word ("pthread" of "pthread-skylake-..."), as --device takes one */
        size_t len = strcspn(d->name, " -_()");
        if (len && w < 64) snprintf(words[w], sizeof words[w], "%.*s", (int)len, d->name), cands[n++] = words[w++];
    }
    return gc_suggest(want, cands, n);
}

/* After a --device that selected nothing: the choices (usually a near miss). */
static void list_devices_after_error(const char *want) {
    if (gc_device_count() == 0) return;
    const char *near = want && !strchr(want, ',') ? near_device(want) : NULL;
    if (near) gc_prog_say(stderr, "--device '%s': did you mean '%s'?\n", want, near);
    gc_prog_say(stderr, "--device takes an id, a whole word or the start of one device's name (run and "
                    "bench: also a comma list of them, or all):\n");
    for (size_t i = 0; i < gc_device_count(); i++)
        fprintf(stderr, "  %-14s %s\n", gc_device_info_at(i)->id, gc_device_info_at(i)->name);
}

static int select_device(const char *want, size_t *index) {
    if (want && (strchr(want, ',') || strcmp(want, "all") == 0)) {
        gc_prog_say(stderr, "--device '%s': this command takes one device\n", want);
        return 0;
    }
    gc_status st = want ? gc_device_find(want, index) : gc_device_default(index);
    if (st != GC_OK) {
        gc_prog_say(stderr, "%s\n", gc_last_error());
        if (!want)
            gc_prog_say(stderr, "install an OpenCL driver (e.g. 'apt-get install pocl-opencl-icd') or a "
                            "CUDA driver\n");
        if (want) list_devices_after_error(want);
        return 0;
    }
    return 1;
}

/* run and bench: --device LIST or all, else the default device. */
static int select_devices(const char *want, gc_run_options *o) {
    if (!want) {
        if (!select_device(NULL, &o->devices[0])) return 0;
        o->n_devices = 1;
    } else if (gc_device_find_list(want, o->devices, GC_MAX_RUN_DEVICES, &o->n_devices) != GC_OK) {
        gc_prog_say(stderr, "%s\n", gc_last_error());
        list_devices_after_error(want);
        return 0;
    }
    o->device_index = o->devices[0];
    o->device_id = gc_device_info_at(o->devices[0])->id;
    return 1;
}

/* --rerun-failed: the tests that did not pass in the earlier report become the selection
 * (with --filter, --exclude and --tag narrowing it). Names no longer registered are said. */
typedef struct {
    char **names;
    size_t n;
} rerun_names;

static int load_rerun(gc_run_options *o, rerun_names *rn) {
    rn->names = NULL;
    rn->n = 0;
    if (!o->rerun_failed) return 1;
    char err[512];
    if (gc_rerun_load(o->rerun_failed, &rn->names, &rn->n, err, sizeof err) != 0) {
        gc_prog_say(stderr, "--rerun-failed: %s\n", err);
        return 0;
    }
    if (rn->n == 0) {
        gc_prog_say(stderr, "--rerun-failed: no test failed in %s, so there is nothing to rerun\n",
                o->rerun_failed);
        return 0;
    }
    for (size_t k = 0; k < rn->n; k++) {
        int known = 0;
        char full[GC_TEST_NAME_MAX + 1];
        for (size_t i = 0; i < gc_test_count() && !known; i++) {
            gc_test_full_name(gc_test_at(i), full, sizeof full);
            known = strcmp(full, rn->names[k]) == 0;
        }
        if (!known) gc_prog_say(stderr, "--rerun-failed: %s failed in %s but is no test here now\n",
                            rn->names[k], o->rerun_failed);
    }
    o->only_names = (const char *const *)rn->names;
    o->n_only_names = rn->n;
    return 1;
}

/* For each entry of a --filter that selected nothing, the nearest test or suite name when
 * it looks like a typo ("vector_scal": did you mean 'vector_scale'?). */
static void suggest_tests(const char *filter) {
    size_t n = gc_test_count();
    char (*names)[GC_TEST_NAME_MAX + 1] = calloc(n + 1, sizeof *names);
    const char **cands = calloc(2 * n + 1, sizeof *cands);
    for (size_t i = 0; names && cands && i < n; i++) {
        gc_test_full_name(gc_test_at(i), names[i], sizeof names[i]);
        cands[2 * i] = names[i];
        cands[2 * i + 1] = gc_test_at(i)->suite;
    }
    for (const char *e = filter; names && cands && e && *e;) {
        size_t len = strcspn(e, ",");
        char entry[GC_TEST_NAME_MAX + 1];
        snprintf(entry, sizeof entry, "%.*s", (int)len, e);
        const char *near = entry[0] != '-' && !strpbrk(entry, "*?[") ? gc_suggest(entry, cands, 2 * n) : NULL;
        if (near) gc_prog_say(stderr, "--filter '%s': did you mean '%s'?\n", entry, near);
        e = e[len] ? e + len + 1 : NULL;
    }
    free(names);
    free(cands);
}

/* Why nothing was selected, with the hidden tests that would have been (usage error). */
static int nothing_selected(const gc_run_options *o, int bench) {
    size_t hidden = 0;
    for (size_t i = 0; i < gc_test_count(); i++) hidden += gc_test_hidden_unnamed(gc_test_at(i), o, bench);
    gc_prog_say(stderr, "no %s matches the selection (%s%s%s%s%s; see '%s list')\n",
            bench ? "benchmark" : "test", o->filter ? "--filter '" : "", o->filter ? o->filter : "",
            o->filter ? "'" : "every test", o->n_exclude || o->n_tags ? " with --exclude/--tag" : "",
            o->rerun_failed ? " among the failed tests of --rerun-failed" : "", gc_prog_name());
    suggest_tests(o->filter);
    if (hidden)
        gc_prog_say(stderr, "%zu mutant or manual test(s) match but run only when named: a --filter glob that "
                        "starts with a literal (e.g. 'mutant_*'), or --tag mutant / --tag manual\n", hidden);
    return EXIT_USAGE;
}

/* A report file that cannot be written is found before the tests run, not after. Nothing
 * is created or truncated here: a regular file's directory must take a new file (reports
 * are written beside it and renamed), any other existing path (a FIFO, a device) must be
 * writable and is not opened (opening a FIFO would wake its reader). */
static int check_writable(const char *what, const char *path) {
    if (!path || strcmp(path, "-") == 0) return 1;
    struct stat sb;
    int existed = stat(path, &sb) == 0;
    if (existed && S_ISDIR(sb.st_mode)) {
        gc_prog_say(stderr, "cannot write the %s report to %s: it is a directory\n", what, path);
        return 0;
    }
    if (existed && !S_ISREG(sb.st_mode)) {
        if (access(path, W_OK) == 0) return 1;
        gc_prog_say(stderr, "cannot write the %s report to %s: %s\n", what, path, strerror(errno));
        return 0;
    }
    char dir[4096];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    if (access(dir, W_OK | X_OK) != 0) {
        gc_prog_say(stderr, "cannot write the %s report to %s: %s\n", what, path, strerror(errno));
        return 0;
    }
    return 1;
}

/* Two reports on one file would overwrite each other: the same path (the parser checks
 * the spelling) or another name of the same file. */
static int distinct_reports(const gc_cli_args *a) {
    const char *const *paths = a->report_path;
    struct stat s1, s2;
    for (int i = 0; i < GC_REPORT_FORMAT_COUNT; i++)
        for (int j = i + 1; j < GC_REPORT_FORMAT_COUNT; j++) {
            if (!paths[i] || !paths[j] || !strcmp(paths[i], "-") || !strcmp(paths[j], "-")) continue;
            if (stat(paths[i], &s1) == 0 && stat(paths[j], &s2) == 0 && s1.st_dev == s2.st_dev &&
                s1.st_ino == s2.st_ino && S_ISREG(s1.st_mode)) {
                gc_prog_say(stderr, "%s and %s are the same file: give each report its own\n", paths[i],
                        paths[j]);
                return 0;
            }
        }
    return 1;
}

static int cmd_devices(const gc_cli_args *a) {
    size_t n = gc_device_count(), def = (size_t)-1;
    gc_device_default(&def);
    if (a->json_stdout) {
        gc_json_devices(stdout, def);
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        const gc_device_info *d = gc_device_info_at(i);
        printf("%-14s %-4s %-50s %s%s\n", d->id, d->is_gpu ? "GPU" : d->is_cpu ? "CPU" : "-", d->name, d->platform,
               i == def ? "  (default)" : "");
    }
    for (int b = 0; b < GC_BACKEND_COUNT; b++) {
        const char *why = gc_backend_unavailable_reason((gc_backend_kind)b);
        if (why[0]) printf("%s: unavailable: %s\n", gc_backend_name((gc_backend_kind)b), why);
    }
    if (n == 0) printf("no compute devices found\n");
    return 0;
}

static int cmd_info(const gc_cli_args *a) {
    size_t idx;
    if (!select_device(a->device, &idx)) return EXIT_USAGE;
    const gc_device_info *d = gc_device_info_at(idx);
    if (a->json_stdout) {
        gc_device_json(stdout, d);
        putchar('\n');
    } else {
        gc_device_banner(stdout, d);
    }
    return 0;
}

static int cmd_list(gc_cli_args *a) {
    if (a->list_params) {
        if (gc_params_count() == 0)
            printf("no test parameters declared: no suite here reads a --param (a suite declares one with "
                   "gc_param_register)\n");
        gc_params_print(stdout, NULL);
        return 0;
    }
    const gc_device_info *d = NULL;
    if (a->device) {
        size_t idx;
        if (!select_device(a->device, &idx)) return EXIT_USAGE;
        d = gc_device_info_at(idx);
    }
    rerun_names rn;
    if (!load_rerun(&a->run, &rn)) return EXIT_USAGE;
    size_t shown = 0, hidden = 0;
    gc_test_listing *items = calloc(gc_test_count() + 1, sizeof *items);
    if (!items) return gc_rerun_free(rn.names, rn.n), EXIT_USAGE;
    for (size_t i = 0; i < gc_test_count(); i++) {
        const gc_test *t = gc_test_at(i);
        int bench = t->sample != NULL;
        hidden += gc_test_hidden_unnamed(t, &a->run, bench);
        if (!gc_test_selected(t, &a->run, bench)) continue;
        const char *why = d && t->requires ? t->requires(t, d) : NULL;
        items[shown].test = t;
        items[shown].skip_reason = why;
        if (!a->json_stdout) {
            char full[GC_TEST_NAME_MAX + 1];
            gc_test_full_name(t, full, sizeof full);
            printf("%-60s %-5s %-28s %s%s%s\n", full, bench ? "bench" : "test", t->tags ? t->tags : "",
                   t->description ? t->description : "", why ? "  [SKIP: " : "", why ? why : "");
            if (why) printf("]\n");
        }
        shown++;
    }
    if (a->json_stdout) gc_json_test_list(stdout, items, shown);
    else if (hidden)
        printf("%zu selected; %zu more (mutants, manual) run only when named ('mutant_*', --tag mutant)\n", shown,
               hidden);
    else printf("%zu selected\n", shown);
    free(items);
    gc_rerun_free(rn.names, rn.n);
    return 0;
}

/* The console as the run goes: each test's line as soon as it finishes, flushed (a pipe
 * too: `gpucheck run | tee log` shows progress), and on a terminal a progress line on
 * stderr with the running test's name, redrawn about once a second with its time and, for
 * a benchmark, its samples (report/progress_line.c writes the text). TAP lines come in the
 * report's order (the runner's `ordered` hook), so that their numbers are the report's.
 * Devices in parallel: the rows of all devices in one table as they finish, each naming
 * its device; the progress line counts over all devices and shows the test that has run
 * longest. The runner never calls two hooks at once. */
typedef struct {
    int running;
    size_t slot;
    double since;         /* gc_now() when it started */
    int have_now;
    gc_run_progress now;  /* what its last tick said */
} view_running;

typedef struct {
    FILE *f;
    int tap, flags, tty; /* flags: GC_CONSOLE_VERBOSE, GC_CONSOLE_COLOR */
    int progress_shown, begun;
    size_t last_row;     /* the result printed last (GC_CONSOLE_FIRST: none yet) */
    view_running dev[GC_MAX_RUN_DEVICES]; /* the test running on each device of the run */
} run_view;

static void view_clear_progress(run_view *v) {
    if (!v->progress_shown) return;
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
    v->progress_shown = 0;
}

/* At most 100 columns, and less than the terminal's width where it says one (a line that
 * wrapped could not be erased with one carriage return). */
static size_t progress_width(void) {
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 && ws.ws_col - 1u < GC_PROGRESS_LINE_MAX_WIDTH)
        return ws.ws_col - 1u;
    return GC_PROGRESS_LINE_MAX_WIDTH;
}

static size_t device_of(const gc_run_report *rep, size_t i) {
    for (size_t d = 0; d < rep->n_devices; d++)
        if (rep->results[i].device == rep->devices[d]) return d;
    return 0;
}

/* The line for the test that has run longest, with the counts of the run. */
static void view_draw_progress(run_view *v, const gc_run_report *rep) {
    if (!v->tty) return;
    size_t running = 0, oldest = 0;
    for (size_t d = 0; d < rep->n_devices; d++) {
        if (!v->dev[d].running) continue;
        if (!running++ || v->dev[d].since < v->dev[oldest].since) oldest = d;
    }
    if (!running) return;
    const view_running *vr = &v->dev[oldest];
    const gc_result *r = &rep->results[vr->slot];
    /* One test at a time: its place in the run; several: how many finished. */
    size_t index = running >= 2 ? rep->n : rep->n + 1;
    char name[GC_TEST_NAME_MAX + sizeof r->case_label + 4]; /* with a sweep's case, as in the table */
    snprintf(name, sizeof name, "%s%s%s%s", r->full_name, r->case_label[0] ? " [" : "", r->case_label,
             r->case_label[0] ? "]" : "");
    gc_progress_line pl = {index, rep->n_selected, rep->n_devices > 1 ? r->device->id : NULL, name,
                           vr->have_now ? vr->now.elapsed_s : -1, vr->have_now ? vr->now.budget_s : 0,
                           vr->have_now ? vr->now.bench : (gc_result_progress){GC_PROGRESS_NONE, 0, 0, 0, -1},
                           rep->opt->samples, rep->opt->max_noise, running};
    char line[GC_PROGRESS_LINE_MAX_WIDTH + 1];
    gc_progress_line_format(&pl, progress_width(), line, sizeof line);
    fprintf(stderr, "\r\033[K%s", line);
    fflush(stderr);
    v->progress_shown = 1;
}

static void view_started(void *user, const gc_run_report *rep, size_t i) {
    run_view *v = user;
    if (!v->begun) {
        v->begun = 1;
        if (v->tap) gc_tap_begin(v->f);
        else gc_console_begin(v->f, rep);
        fflush(v->f);
    }
    v->dev[device_of(rep, i)] = (view_running){1, i, gc_now(), 0, {0, 0, {GC_PROGRESS_NONE, 0, 0, 0, -1}}};
    view_draw_progress(v, rep);
}

static void view_progress(void *user, const gc_run_report *rep, size_t i, const gc_run_progress *now) {
    run_view *v = user;
    view_running *vr = &v->dev[device_of(rep, i)];
    vr->now = *now;
    vr->have_now = 1;
    view_draw_progress(v, rep);
}

static void view_finished(void *user, const gc_run_report *rep, size_t i) {
    run_view *v = user;
    v->dev[device_of(rep, i)].running = 0;
    if (!v->tap) {
        view_clear_progress(v);
        gc_console_result(v->f, rep, i, v->last_row, v->flags | (rep->devices_parallel ? GC_CONSOLE_INTERLEAVED : 0));
        v->last_row = i;
        fflush(v->f);
    }
    view_draw_progress(v, rep); /* the other devices' tests still run */
}

static void view_ordered(void *user, const gc_run_report *rep, size_t i, size_t number) {
    run_view *v = user;
    if (!v->tap) return;
    view_clear_progress(v);
    gc_tap_result(v->f, rep, i, number);
    fflush(v->f);
    view_draw_progress(v, rep);
}

/* --color auto: colour only on a terminal, and never with NO_COLOR set to anything
 * (no-color.org); always and never are the user's word, which NO_COLOR does not override
 * (as no-color.org asks of an explicit option). */
static int console_flags(const gc_cli_args *a, FILE *console) {
    const char *no_color = getenv("NO_COLOR");
    int color = a->color == GC_COLOR_ALWAYS ||
                (a->color == GC_COLOR_AUTO && isatty(fileno(console)) && !(no_color && *no_color));
    return (a->run.verbose ? GC_CONSOLE_VERBOSE : 0) | (color ? GC_CONSOLE_COLOR : 0) |
           (a->quiet ? GC_CONSOLE_QUIET : 0);
}

static int cmd_run(gc_cli_args *a, const char *self) {
    for (int k = 0; k < GC_REPORT_FORMAT_COUNT; k++)
        if (!check_writable(gc_report_formats[k].name, a->report_path[k])) return EXIT_USAGE;
    if (!distinct_reports(a)) return EXIT_USAGE;
    if (!select_devices(a->device, &a->run)) return EXIT_USAGE;
    a->run.self_exe = self;
    rerun_names rn;
    if (!load_rerun(&a->run, &rn)) return EXIT_USAGE;
    size_t selected = 0;
    int bench = a->command == GC_CMD_BENCH;
    for (size_t i = 0; i < gc_test_count(); i++) selected += gc_test_selected(gc_test_at(i), &a->run, bench);
    if (selected == 0) {
        int rc = nothing_selected(&a->run, bench);
        gc_rerun_free(rn.names, rn.n);
        return rc;
    }
    /* With a report on stdout ('-'), stdout carries only that report; the table goes to
     * stderr (the parser refuses --tap together with a '-' report). */
    int report_on_stdout = 0;
    for (int k = 0; k < GC_REPORT_FORMAT_COUNT; k++)
        report_on_stdout |= a->report_path[k] && strcmp(a->report_path[k], "-") == 0;
    run_view view;
    memset(&view, 0, sizeof view);
    view.f = report_on_stdout ? stderr : stdout;
    view.tap = a->tap;
    view.flags = console_flags(a, view.f);
    view.tty = isatty(STDERR_FILENO);
    view.last_row = GC_CONSOLE_FIRST;
    gc_run_hooks hooks = {view_started, view_finished, view_progress, view_ordered, &view};
    /* A closed pipe on stdout is a write error to report, not a death that would leave the
     * running test's process behind (children get SIGPIPE back at exec). */
    signal(SIGPIPE, SIG_IGN);
    gc_run_report rep;
    if (gc_run_selected(&a->run, &rep, &hooks) != GC_OK) {
        gc_prog_say(stderr, "out of memory\n");
        gc_rerun_free(rn.names, rn.n);
        return EXIT_USAGE;
    }
    view_clear_progress(&view);
    int ok_files = 1;
    for (int k = 0; k < GC_REPORT_FORMAT_COUNT; k++) {
        const char *path = a->report_path[k];
        if (!path) continue;
        if (!gc_report_write_file(&gc_report_formats[k], path, &rep))
            ok_files = 0, gc_prog_say(stderr, "cannot write the %s report to %s: %s\n", gc_report_formats[k].name,
                                  path, errno == ENXIO ? "a FIFO with no reader" : strerror(errno));
    }
    FILE *console = view.f;
    if (a->tap) gc_tap_end(console, &rep);
    else gc_console_end(console, &rep, view.flags);
    int passed = gc_report_passed(&rep), interrupted_by = rep.interrupted_by;
    gc_run_report_free(&rep);
    gc_rerun_free(rn.names, rn.n);
    if (fflush(console) != 0 || ferror(console)) {
        gc_prog_say(stderr, "writing the %s to %s failed: %s\n", a->tap ? "TAP report" : "console report",
                console == stdout ? "stdout" : "stderr", strerror(errno));
        ok_files = 0;
    }
    if (interrupted_by) return 128 + interrupted_by; /* 130 SIGINT, 143 SIGTERM, 129 SIGHUP */
    if (!ok_files) return EXIT_USAGE;
    return passed ? 0 : EXIT_FAILED;
}

/* The child finds the runner's device by id, and checks that the name agrees: OpenCL
 * platform numbers come from the ICD loader's order, which a child process need not see
 * the same way (seen on a machine with two ICDs). A mismatch falls back to the one device
 * of that backend with that name; anything else is an error listing what the child sees,
 * never a test run on the wrong device. */
static int child_device(const gc_cli_args *a, size_t *idx) {
    const char *want = a->child_device_name;
    if (a->device && gc_device_find(a->device, idx) == GC_OK &&
        (!want || strcmp(gc_device_info_at(*idx)->name, want) == 0))
        return 1;
    size_t hits = 0;
    for (size_t i = 0; want && i < gc_device_count(); i++) {
        const gc_device_info *d = gc_device_info_at(i);
        if (strcmp(d->name, want) == 0 && a->device && strncmp(d->id, a->device, strlen(gc_backend_name(d->backend))) == 0)
            hits++, *idx = i;
    }
    if (hits == 1) {
        fprintf(stderr, "%s __child: %s is %s in this process\n", gc_prog_name(), a->device, gc_device_info_at(*idx)->id);
        return 1;
    }
    fprintf(stderr, "%s __child: no device %s named \"%s\"; this process sees:\n", gc_prog_name(), a->device ? a->device : "",
            want ? want : "");
    for (size_t i = 0; i < gc_device_count(); i++)
        fprintf(stderr, "  %s %s\n", gc_device_info_at(i)->id, gc_device_info_at(i)->name);
    return 0;
}

static int cmd_child(gc_cli_args *a, const char *self) {
    size_t idx;
    if (!child_device(a, &idx)) return EXIT_USAGE;
    a->run.device_index = idx;
    a->run.device_id = gc_device_info_at(idx)->id;
    a->run.self_exe = self;
    return gc_child_main(&a->run, a->child_test);
}

/* The runner re-executes this very binary for isolation. */
static const char *self_path(const char *argv0) {
    static char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) {
        buf[n] = '\0';
        return buf;
    }
    return argv0;
}

/* --version: gpucheck's, or a user's program's with the gpucheck it is built on. */
static int print_version(void) {
    if (gc_prog_is_gpucheck()) printf("gpucheck %s (commit %s)\n", GC_VERSION, gc_build_commit);
    else printf("%s (gpucheck %s, commit %s)\n", gc_prog_name(), GC_VERSION, gc_build_commit);
    return 0;
}

int gc_main(int argc, char **argv) {
    gc_cli_args a;
    char err[512];
    gc_prog_name_from_argv0(argc > 0 ? argv[0] : NULL);
    /* kzg is gpucheck's own command, over its built-in KZG library: a user's program that
     * has only its own suites has no such command. */
    gc_options_set_kzg_command(use_builtin_suites);
    if (argc > 1 && strcmp(argv[1], "kzg") == 0 && use_builtin_suites) return gc_kzg_command(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "compare") == 0) return gc_compare_command(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "kernels") == 0) return gc_kernels_command(argc - 1, argv + 1);
    if (gc_parse_args(argc, argv, &a, err, sizeof err) != 0) {
        gc_prog_say(stderr, "%s\n", err);
        return EXIT_USAGE;
    }
    if (a.help) {
        gc_print_help(stdout, a.command, use_builtin_suites);
        return 0;
    }
    if (a.command == GC_CMD_VERSION) return print_version();
    if (a.run.no_cache) gc_cache_set_enabled(0);
    if (use_builtin_suites) gc_register_all_suites();
    if (gc_test_register_errors() || gc_param_register_errors()) {
        gc_prog_say(stderr, "%zu test registration(s) and %zu parameter declaration(s) refused (see above); "
                        "nothing runs\n", gc_test_register_errors(), gc_param_register_errors());
        return EXIT_USAGE;
    }
    if (gc_params_check(&a.run, stderr) != 0) return EXIT_USAGE;
    gc_devices_probe();
    const char *self = self_path(argv[0]);
    switch (a.command) {
    case GC_CMD_DEVICES: return cmd_devices(&a);
    case GC_CMD_INFO: return cmd_info(&a);
    case GC_CMD_LIST: return cmd_list(&a);
    case GC_CMD_RUN:
    case GC_CMD_BENCH: return cmd_run(&a, self);
    case GC_CMD_CHILD: return cmd_child(&a, self);
    default: gc_print_help(stderr, GC_CMD_NONE, use_builtin_suites); return EXIT_USAGE;
    }
}
