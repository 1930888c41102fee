/* SPDX-License-Identifier: Apache-2.0 */
/* test_result_io.c — the child-to-runner result protocol: a record round-trips; anything
 * but a complete record with the right token and an outcome is not a result (and its
 * outcome stays CRASH); nothing after `end` is read. Progress lines before the record are
 * read as the stream grows and never change the result; malformed ones make the stream
 * invalid. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "result/result.h"
#include "unit.h"

static int parse(const char *text, gc_result *r, gc_result_stream *st) {
    memset(r, 0, sizeof *r);
    return gc_result_read(text, strlen(text), "tok", r, st);
}

/* A figure line is "figure VALUE UNIT NAME", one space apart, each field whole: found by
 * fuzz_result_io, the old reader took "1o2.5 GB/s x" as 1 in unit "o2.5" named "GB/s x". */
static void test_figure_lines(void) {
    gc_result r;
    gc_result_stream st;
    char unit40[41], name70[71], line[256];
    memset(unit40, 'u', 40);
    unit40[40] = '\0';
    memset(name70, 'n', 70);
    name70[70] = '\0';
    const char *bad[] = {"1o2.5 GB/s x", "1e999 u n", " 5 u n", "5  u n", "5 u ", "5 u", "5", "x u n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(line, sizeof line, "begin tok\noutcome PASS\nfigure %s\nend\n", bad[i]);
        int ok = parse(line, &r, &st);
        CHECKF(!ok && r.outcome == GC_CRASH && strstr(st.error, "bad figure"), "figure '%s' accepted", bad[i]);
        gc_result_free(&r);
    }
    snprintf(line, sizeof line, "begin tok\noutcome PASS\nfigure 1 %s n\nend\n", unit40);
    CHECKF(!parse(line, &r, &st), "a 40-byte unit was accepted (cut, its rest shifted into the name)");
    snprintf(line, sizeof line, "begin tok\noutcome PASS\nfigure 1 u %s\nend\n", name70);
    CHECKF(!parse(line, &r, &st), "a 70-byte name was accepted (cut)");
    /* What the writer writes still reads: a name with spaces, the unit "-" for none. */
    CHECK(parse("begin tok\noutcome PASS\nfigure -2.5e-3 ms/op median of all\nfigure 7 - count\nend\n", &r, &st));
    CHECK(r.n_figures == 2 && r.figures[0].value == -2.5e-3 && strcmp(r.figures[0].unit, "ms/op") == 0 &&
          strcmp(r.figures[0].name, "median of all") == 0 && r.figures[1].unit[0] == '\0' &&
          strcmp(r.figures[1].name, "count") == 0);
    gc_result_free(&r);
}

/* What gc_result_write_progress wrote for pr. */
static void written_progress(const gc_result_progress *pr, char *buf, size_t len) {
    int fds[2];
    buf[0] = '\0';
    CHECK(pipe(fds) == 0);
    CHECK(gc_result_write_progress(fds[1], pr) == 1);
    close(fds[1]);
    ssize_t n = read(fds[0], buf, len - 1);
    close(fds[0]);
    buf[n > 0 ? n : 0] = '\0';
}

static void test_progress__round_trips_and_leaves_the_result_alone(void) {
    char text[512], line[128];
    size_t o = 0;
    const gc_result_progress said[] = {
        {GC_PROGRESS_WARMUP, 0, 3, 0, -1},
        {GC_PROGRESS_WARMUP, 3, 3, 0, -1},
        {GC_PROGRESS_SAMPLING, 0, 0, 0, -1},
        {GC_PROGRESS_SAMPLING, 0, 0, 4000000000u, 0.00812},
    };
    gc_result_progress_reader rd;
    memset(&rd, 0, sizeof rd);
    for (size_t i = 0; i < sizeof said / sizeof said[0]; i++) {
        written_progress(&said[i], line, sizeof line);
        o += (size_t)snprintf(text + o, sizeof text - o, "%s", line);
        CHECKF(gc_result_progress_update(&rd, text, o) == 1, "progress %zu not read: '%s'", i, line);
        CHECKF(rd.now.phase == said[i].phase && rd.now.warmup_done == said[i].warmup_done &&
                   rd.now.warmup_total == said[i].warmup_total && rd.now.samples == said[i].samples &&
                   (said[i].cv < 0 ? rd.now.cv < 0 : rd.now.cv == 0.00812),
               "progress %zu read back wrong from '%s'", i, line);
    }
    CHECK(gc_result_progress_update(&rd, text, o) == 0); /* nothing new */
    gc_result_progress none = {GC_PROGRESS_NONE, 0, 0, 0, -1};
    CHECK(gc_result_write_progress(1, &none) == 0);      /* nothing to say: nothing written */
    /* Before a record, the result is the record's alone: no samples, no figures come of it. */
    o += (size_t)snprintf(text + o, sizeof text - o, "begin tok\noutcome FAIL\nend\n");
    gc_result r;
    gc_result_stream st;
    CHECK(parse(text, &r, &st) == 1 && r.outcome == GC_FAIL && r.n_samples == 0 && r.n_figures == 0);
    gc_result_free(&r);
    /* Progress without a record is no result. */
    CHECK(parse("progress samples 10 0\n", &r, &st) == 0 && r.outcome == GC_CRASH);
    gc_result_free(&r);
}

/* The runner reads the stream as it arrives: a line counts once it is whole; a malformed
 * line is passed over (the final read judges it); nothing from the record on is read. */
static void test_progress__read_incrementally(void) {
    const char *text = "cache-loading /c/x.bin\ncache-loaded\nprogress warm-up 1 3\nprogress samples 12 0.5\n"
                       "progress samples 13 nan\nprogress samples 14 0.25\nbegin tok\nprogress samples 99 -\n";
    gc_result_progress_reader rd;
    memset(&rd, 0, sizeof rd);
    size_t upto_warmup = (size_t)(strstr(text, "progress samples 12") - text);
    CHECK(gc_result_progress_update(&rd, text, upto_warmup - 1) == 0 && rd.now.phase == GC_PROGRESS_NONE);
    CHECK(gc_result_progress_update(&rd, text, upto_warmup) == 1 && rd.now.phase == GC_PROGRESS_WARMUP &&
          rd.now.warmup_done == 1 && rd.now.warmup_total == 3 && rd.scanned == upto_warmup);
    size_t mid = upto_warmup + 10; /* "progress s": half a line */
    CHECK(gc_result_progress_update(&rd, text, mid) == 0 && rd.now.phase == GC_PROGRESS_WARMUP);
    size_t upto_nan = (size_t)(strstr(text, "progress samples 14") - text);
    CHECK(gc_result_progress_update(&rd, text, upto_nan) == 1 && rd.now.phase == GC_PROGRESS_SAMPLING &&
          rd.now.samples == 12 && rd.now.cv == 0.5);
    CHECK(gc_result_progress_update(&rd, text, strlen(text)) == 1 && rd.now.samples == 14 && rd.now.cv == 0.25 &&
          rd.at_record);
    /* The stream grows after the record began: still not read. */
    CHECK(gc_result_progress_update(&rd, text, strlen(text)) == 0 && rd.now.samples == 14);
}

/* Found by fuzz_result_progress: lines that leave the state and come back to it within one
 * read are no change (the reader said 1). */
static void test_progress__changed_means_different_from_before(void) {
    const char *text = "progress warm-up 3 3\nprogress samples 2 0.5\nprogress warm-up 3 3\n";
    gc_result_progress_reader rd;
    memset(&rd, 0, sizeof rd);
    size_t first = strlen("progress warm-up 3 3\n");
    CHECK(gc_result_progress_update(&rd, text, first) == 1 && rd.now.phase == GC_PROGRESS_WARMUP);
    CHECK(gc_result_progress_update(&rd, text, strlen(text)) == 0 && rd.now.phase == GC_PROGRESS_WARMUP &&
          rd.now.warmup_done == 3 && rd.scanned == strlen(text));
}

/* Found by fuzz_result_progress: a progress line of 96 bytes or more, valid for
 * gc_result_read, was passed over by the reader. One grammar, whatever the length. */
static void test_progress__long_line_read_as_the_record_reader_reads_it(void) {
    char text[256];
    snprintf(text, sizeof text, "progress samples 14 0.00%s12\n", "5555555555555555555555555555555555555555555555555555555555555555555555555555");
    CHECK(strlen(text) > 96);
    gc_result_progress_reader rd;
    memset(&rd, 0, sizeof rd);
    CHECK(gc_result_progress_update(&rd, text, strlen(text)) == 1 && rd.now.phase == GC_PROGRESS_SAMPLING &&
          rd.now.samples == 14 && rd.now.cv > 0.0055 && rd.now.cv < 0.0056);
    char stream[512];
    snprintf(stream, sizeof stream, "%sbegin tok\noutcome PASS\nend\n", text);
    gc_result r;
    gc_result_stream st;
    CHECK(parse(stream, &r, &st) == 1);
    gc_result_free(&r);
}

int main(void) {
    test_figure_lines();
    gc_result r, back;
    gc_result_stream st;
    memset(&r, 0, sizeof r);
    r.outcome = GC_FAIL;
    gc_result_set_reason(&r, "two\nlines \\ and a backslash");
    gc_result_log(&r, "a log line");
    r.checks = 42;
    gc_result_add_figure(&r, "rate", 1.5, "GB/s");
    double samples[] = {1.25, 2.5};
    r.samples_ms = samples;
    r.n_samples = 2;
    r.stopped_by = GC_STOP_TIME_BUDGET;
    r.telemetry.available = 1;
    r.telemetry.readings = 7;
    r.telemetry.sm_clock_min_mhz = 1410;
    r.telemetry.sm_clock_max_mhz = 1980;
    r.telemetry.throttle_reasons = 0x8000000004ull;
    int fds[2];
    CHECK(pipe(fds) == 0);
    CHECK(gc_result_write(fds[1], "tok", &r) == 1);
    close(fds[1]);
    char buf[4096];
    ssize_t n = read(fds[0], buf, sizeof buf - 1);
    close(fds[0]);
    CHECK(n > 0);
    buf[n > 0 ? n : 0] = '\0';
    CHECK(parse(buf, &back, &st) == 1 && st.complete);
    CHECK(back.outcome == GC_FAIL && strcmp(back.reason, r.reason) == 0 && back.checks == 42);
    CHECK(back.n_samples == 2 && back.samples_ms[1] == 2.5 && back.n_figures == 1 && back.figures[0].value == 1.5);
    CHECK(back.log && strcmp(back.log, "a log line\n") == 0);
    CHECK(back.stopped_by == GC_STOP_TIME_BUDGET);
    CHECK(back.telemetry.available && back.telemetry.readings == 7 && back.telemetry.sm_clock_min_mhz == 1410 &&
          back.telemetry.sm_clock_max_mhz == 1980 && back.telemetry.throttle_reasons == 0x8000000004ull);
    gc_result_free(&back);

    free(r.log);
    /* Telemetry that was unavailable round-trips its reason; a test has no stopped-by. */
    memset(&r, 0, sizeof r);
    r.outcome = GC_PASS;
    snprintf(r.telemetry.unavailable, sizeof r.telemetry.unavailable, "no NVML: a\\b\nc");
    CHECK(pipe(fds) == 0);
    CHECK(gc_result_write(fds[1], "tok", &r) == 1);
    close(fds[1]);
    n = read(fds[0], buf, sizeof buf - 1);
    close(fds[0]);
    buf[n > 0 ? n : 0] = '\0';
    CHECK(strstr(buf, "stopped-by") == NULL);
    CHECK(parse(buf, &back, &st) == 1 && !back.telemetry.available &&
          strcmp(back.telemetry.unavailable, r.telemetry.unavailable) == 0 && back.stopped_by == GC_STOP_NONE);
    gc_result_free(&back);
    /* Each stop name parses back to itself. */
    for (int k = 0; k < GC_SAMPLE_STOP_COUNT; k++)
        CHECK(gc_sample_stop_parse(gc_sample_stop_name((gc_sample_stop)k)) == (gc_sample_stop)k);

    /* Not results: each leaves the outcome at CRASH. */
    const char *bad[] = {
        "",                                          /* nothing */
        "begin tok\noutcome PASS\n",                 /* no end */
        "begin tok\nreason x\nend\n",                /* no outcome */
        "begin other\noutcome PASS\nend\n",          /* wrong token */
        "outcome PASS\nend\n",                       /* no begin */
        "progress: 50%begin tok\noutcome PASS\nend\n", /* text glued to the record */
        "begin tok\noutcome PASS\nfrobnicate 1\nend\n", /* unknown key */
        "begin tok\noutcome PASS\noutcome FAIL\nend\n", /* two outcomes */
        "begin tok\noutcome MAYBE\nend\n",           /* unknown outcome */
        "begin tok\noutcome PASS\nchecks 12abc\nend\n", /* bad number */
        "begin tok\noutcome PASS\nend",              /* end cut */
        "begin tok\noutcome PASS\nstopped-by whenever\nend\n",           /* unknown stop */
        "begin tok\noutcome PASS\nstopped-by sample_count\nstopped-by noise_target\nend\n", /* twice */
        "begin tok\noutcome PASS\ntelemetry 1 2\nend\n",                 /* fields missing */
        "begin tok\noutcome PASS\ntelemetry 1 1500 1400 0\nend\n",       /* min above max */
        "begin tok\noutcome PASS\ntelemetry 0 1 1 0\nend\n",             /* no readings */
        "begin tok\noutcome PASS\ntelemetry 1 1 1 0 junk\nend\n",        /* trailing text */
        "begin tok\noutcome PASS\ntelemetry -1 1 1 0\nend\n",            /* negative count */
        "begin tok\noutcome PASS\ntelemetry 1 1 1 0\ntelemetry-unavailable x\nend\n", /* both */
        /* Progress lines: well-formed and before the record only. */
        "begin tok\nprogress samples 3 0.1\noutcome PASS\nend\n",          /* inside the record */
        "begin tok\noutcome PASS\nprogress samples 3 0.1\nend\n",          /* inside, after outcome */
        "progress\nbegin tok\noutcome PASS\nend\n",                        /* no value */
        "progress \nbegin tok\noutcome PASS\nend\n",                       /* empty value */
        "progress samples\nbegin tok\noutcome PASS\nend\n",                /* no count */
        "progress samples 3\nbegin tok\noutcome PASS\nend\n",              /* no CV */
        "progress samples 3 0.1 junk\nbegin tok\noutcome PASS\nend\n",     /* a fourth field */
        "progress samples 3 0.1 \nbegin tok\noutcome PASS\nend\n",         /* trailing space */
        "progress samples  3 0.1\nbegin tok\noutcome PASS\nend\n",         /* empty field */
        "progress samples -3 0.1\nbegin tok\noutcome PASS\nend\n",         /* negative count */
        "progress samples +3 0.1\nbegin tok\noutcome PASS\nend\n",         /* signed count */
        "progress samples 3x 0.1\nbegin tok\noutcome PASS\nend\n",         /* count with text */
        "progress samples 4294967296 0.1\nbegin tok\noutcome PASS\nend\n", /* count above 32 bits */
        "progress samples 3 -0.1\nbegin tok\noutcome PASS\nend\n",         /* negative CV */
        "progress samples 3 nan\nbegin tok\noutcome PASS\nend\n",          /* not a number */
        "progress samples 3 inf\nbegin tok\noutcome PASS\nend\n",          /* infinite */
        "progress samples 3 1e999\nbegin tok\noutcome PASS\nend\n",        /* out of range */
        "progress samples 3 0x1p3\nbegin tok\noutcome PASS\nend\n",        /* hexadecimal */
        "progress samples 3 0.1.2\nbegin tok\noutcome PASS\nend\n",        /* not one number */
        "progress samples 3 --\nbegin tok\noutcome PASS\nend\n",           /* not the unknown mark */
        "progress warm-up 4 3\nbegin tok\noutcome PASS\nend\n",            /* more done than planned */
        "progress warm-up 0 0\nbegin tok\noutcome PASS\nend\n",            /* no warm-up planned */
        "progress warm-up 1\nbegin tok\noutcome PASS\nend\n",              /* no total */
        "progress figure 1 - injected\nbegin tok\noutcome PASS\nend\n",    /* not a phase */
        "progress outcome PASS\nbegin tok\noutcome FAIL\nend\n",           /* not a phase */
        "progress samples 3 0.1begin tok\noutcome PASS\nend\n",             /* glued to the record */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int ok = parse(bad[i], &back, &st);
        CHECKF(!ok && back.outcome == GC_CRASH && st.error[0], "case %zu: ok %d outcome %s", i, ok,
               gc_outcome_name(back.outcome));
        gc_result_free(&back);
    }
    test_progress__round_trips_and_leaves_the_result_alone();
    test_progress__read_incrementally();
    test_progress__changed_means_different_from_before();
    test_progress__long_line_read_as_the_record_reader_reads_it();
    /* A NUL byte inside the stream. */
    CHECK(gc_result_read("begin tok\n\0outcome PASS\nend\n", 26, "tok", &back, &st) == 0);
    /* Lines after `end` are not read (they could not inject figures). */
    CHECK(parse("begin tok\noutcome PASS\nend\nfigure 1 - injected\noutcome FAIL\n", &back, &st) == 1);
    CHECK(back.outcome == GC_PASS && back.n_figures == 0);
    /* The cache-loading mark outside the record is kept when the record never came. */
    CHECK(parse("cache-loading /c/x.bin\n", &back, &st) == 0 && strcmp(st.cache_loading, "/c/x.bin") == 0);
    CHECK(parse("cache-loading /c/x.bin\ncache-loaded\n", &back, &st) == 0 && st.cache_loading[0] == '\0');
    /* A reason too long for its field says so. */
    char longr[3000];
    memset(longr, 'r', sizeof longr - 1);
    longr[sizeof longr - 1] = '\0';
    gc_result_set_reason(&back, "%s", longr);
    CHECK(strlen(back.reason) == sizeof back.reason - 1 && strstr(back.reason, "[...]"));
    /* A log line longer than any fixed buffer is kept whole. */
    memset(&back, 0, sizeof back);
    gc_result_log(&back, "%s", longr);
    CHECK(back.log && strlen(back.log) == sizeof longr);
    gc_result_free(&back);
    return UNIT_DONE();
}
