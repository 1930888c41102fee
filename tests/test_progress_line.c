/* SPDX-License-Identifier: Apache-2.0 */
/* test_progress_line.c — the text of the terminal's progress line (report/progress_line.c):
 * the place and name when a test starts; then its time against its budget; for a benchmark
 * the warm-up, the samples, the CV and the noise target; never wider than asked, a long
 * name shortened in its middle while the figures stay whole. */
#include <string.h>

#include "report/progress_line.h"
#include "unit.h"

static const char *fmt(const gc_progress_line *pl, size_t width) {
    static char out[256];
    memset(out, '#', sizeof out);
    size_t n = gc_progress_line_format(pl, width, out, sizeof out);
    CHECKF(n == strlen(out) && n <= width, "length %zu, strlen %zu, width %zu: '%s'", n, strlen(out), width, out);
    return out;
}

#define EXPECT_LINE(pl, width, want)                                                                 \
    do {                                                                                             \
        const char *got_ = fmt(pl, width);                                                           \
        CHECKF(strcmp(got_, want) == 0, "got '%s', wanted '%s'", got_, want);                        \
    } while (0)

static gc_progress_line test_line(void) {
    gc_progress_line pl = {3, 8, NULL, "fk20.L64.msm.rows", -1, 600, {GC_PROGRESS_NONE, 0, 0, 0, -1}, 0, 0.005, 0};
    return pl;
}

static void test_format__test_shows_place_then_time_of_budget(void) {
    gc_progress_line pl = test_line();
    EXPECT_LINE(&pl, 100, "[3/8] fk20.L64.msm.rows");
    pl.elapsed_s = 12.97; /* whole seconds passed, not rounded up */
    EXPECT_LINE(&pl, 100, "[3/8] fk20.L64.msm.rows  12 s of 600 s");
    pl.elapsed_s = 0.4;
    pl.budget_s = 2.5;
    EXPECT_LINE(&pl, 100, "[3/8] fk20.L64.msm.rows  0 s of 2.5 s");
    pl.budget_s = 0; /* no budget known: none shown */
    EXPECT_LINE(&pl, 100, "[3/8] fk20.L64.msm.rows  0 s");
    pl.device = "cuda:1";
    pl.budget_s = 60;
    EXPECT_LINE(&pl, 100, "[3/8] cuda:1 fk20.L64.msm.rows  0 s of 60 s");
}

static void test_format__bench_shows_warmup_samples_cv_and_target(void) {
    gc_progress_line pl = test_line();
    pl.index = 2, pl.total = 5, pl.name = "bls12_381.bench.g1_add", pl.budget_s = 30, pl.elapsed_s = 3;
    pl.bench = (gc_result_progress){GC_PROGRESS_WARMUP, 1, 3, 0, -1};
    EXPECT_LINE(&pl, 100, "[2/5] bls12_381.bench.g1_add  3 s of 30 s, warm-up 1 of 3");
    pl.bench = (gc_result_progress){GC_PROGRESS_SAMPLING, 0, 0, 1, -1};
    EXPECT_LINE(&pl, 100, "[2/5] bls12_381.bench.g1_add  3 s of 30 s, 1 sample");
    pl.elapsed_s = 9;
    pl.bench = (gc_result_progress){GC_PROGRESS_SAMPLING, 0, 0, 14, 0.00812};
    EXPECT_LINE(&pl, 100, "[2/5] bls12_381.bench.g1_add  9 s of 30 s, 14 samples, CV 0.81% (target 0.5%)");
    pl.bench.cv = 0.2013; /* whole per cent from 10 % */
    EXPECT_LINE(&pl, 100, "[2/5] bls12_381.bench.g1_add  9 s of 30 s, 14 samples, CV 20% (target 0.5%)");
    /* A fixed count: how many of how many, and no target. */
    pl.samples_wanted = 100;
    EXPECT_LINE(&pl, 100, "[2/5] bls12_381.bench.g1_add  9 s of 30 s, 14 of 100 samples, CV 20%");
}

static void test_format__long_name_shortened_in_the_middle(void) {
    gc_progress_line pl = test_line();
    pl.name = "suite_with_a_long_name.a_benchmark_whose_name_goes_on_and_on_for_quite_a_while_longer_still_L64";
    pl.elapsed_s = 125, pl.budget_s = 600;
    pl.bench = (gc_result_progress){GC_PROGRESS_SAMPLING, 0, 0, 12345, 0.0123};
    const char *got = fmt(&pl, 100);
    const char *tail = "  125 s of 600 s, 12345 samples, CV 1.2% (target 0.5%)";
    CHECKF(strlen(got) == 100, "'%s' is %zu wide", got, strlen(got));
    CHECKF(strncmp(got, "[3/8] suite_with_a", 18) == 0 && strstr(got, "...") && strstr(got, "still_L64  125 s") &&
               strcmp(got + strlen(got) - strlen(tail), tail) == 0,
           "got '%s'", got);
    /* A narrow terminal: the same, in 70 columns. */
    got = fmt(&pl, 70);
    CHECKF(strlen(got) == 70 && strstr(got, "...") && strcmp(got + strlen(got) - strlen(tail), tail) == 0,
           "in 70: '%s'", got);
    /* Narrower than the figures: the end is cut, never wider. */
    got = fmt(&pl, 30);
    CHECKF(strcmp(got, "[3/8] suite_with_a_long_name.a") == 0, "in 30: '%s'", got);
    /* A line that fits is not touched. */
    pl.name = "a.b";
    EXPECT_LINE(&pl, 100, "[3/8] a.b  125 s of 600 s, 12345 samples, CV 1.2% (target 0.5%)");
    /* A name exactly as wide as the room is whole; one more character shortens it. */
    char name[128];
    size_t room = 80 - strlen("[3/8] ") - strlen(tail);
    memset(name, 'n', room);
    name[room] = '\0';
    pl.name = name;
    got = fmt(&pl, 80);
    CHECKF(strlen(got) == 80 && !strstr(got, "..."), "exact: '%s'", got);
    name[room] = 'N', name[room + 1] = '\0';
    got = fmt(&pl, 80);
    CHECKF(strlen(got) == 80 && strstr(got, "...") && strstr(got, "nN  125 s"), "one more: '%s'", got);
}

/* Devices in parallel: the count finished and the number running, then one running test. */
static void test_format__several_running_show_done_and_running(void) {
    gc_progress_line pl = test_line();
    pl.index = 5, pl.total = 16, pl.device = "opencl:0:1", pl.name = "device.ids_3d", pl.elapsed_s = 3, pl.budget_s = 60;
    pl.running = 2;
    EXPECT_LINE(&pl, 100, "[5/16 done, 2 running] opencl:0:1 device.ids_3d  3 s of 60 s");
    pl.running = 1; /* one left running: its place, as in a run of one device */
    pl.index = 16;
    EXPECT_LINE(&pl, 100, "[16/16] opencl:0:1 device.ids_3d  3 s of 60 s");
    /* too wide: still the name that gives way, the counts stay whole */
    pl.running = 3;
    pl.name = "suite_with_a_long_name.a_benchmark_whose_name_goes_on_and_on_for_quite_a_while_longer_still_L64";
    const char *got = fmt(&pl, 70);
    CHECKF(strlen(got) == 70 && strncmp(got, "[16/16 done, 3 running] opencl:0:1 s", 36) == 0 && strstr(got, "...") &&
               strstr(got, "L64  3 s of 60 s"),
           "in 70: '%s'", got);
}

static void test_format__small_buffer_is_never_overrun(void) {
    gc_progress_line pl = test_line();
    pl.elapsed_s = 12;
    char out[16];
    memset(out, '#', sizeof out);
    size_t n = gc_progress_line_format(&pl, 100, out, 10);
    CHECK(n == 9 && strcmp(out, "[3/8] fk2") == 0 && out[10] == '#');
    CHECK(gc_progress_line_format(&pl, 100, out, 0) == 0 && out[0] == '[');
}

int main(void) {
    test_format__test_shows_place_then_time_of_budget();
    test_format__bench_shows_warmup_samples_cv_and_target();
    test_format__long_name_shortened_in_the_middle();
    test_format__several_running_show_done_and_running();
    test_format__small_buffer_is_never_overrun();
    return UNIT_DONE();
}
