/* SPDX-License-Identifier: Apache-2.0 */
/* test_compare.c — `gpucheck compare` below the command line: the Mann-Whitney U test
 * against worked examples, the verdict rule at each of its edges, reading a report (and
 * refusing what is not one), and matching two runs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "report/report.h"
#include "unit.h"

static int close_to(double a, double b, double tol) { return fabs(a - b) <= tol; }

static void test_mann_whitney(void) {
    gc_mann_whitney m, r;
    /* SciPy's documented example (mannwhitneyu, method="asymptotic"): U = 17,
     * p = 0.11134688653314041. */
    const double males[] = {19, 22, 16, 29, 24}, females[] = {20, 11, 17, 12};
    CHECK(gc_mann_whitney_u(males, 5, females, 4, &m));
    CHECKF(m.u == 17 && close_to(m.p, 0.11134688653314041, 1e-12), "u %g p %.17g", m.u, m.p);
    /* Symmetric: the other order gives U' = n1 n2 - U and the same p. */
    CHECK(gc_mann_whitney_u(females, 4, males, 5, &r));
    CHECK(r.u == 20 - 17 && close_to(r.p, m.p, 1e-15) && close_to(r.z, -m.z, 1e-15));
    /* Ties, worked by hand: ranks 1 | 3 3 3 | 6 6 6 | 8, R_a = 13, U = 3, the variance
     * 16/12 (9 - 48/56) = 76/7, z = -(|3 - 8| - 1/2) / sqrt(76/7). Without the tie
     * correction the variance would be 12 and p 0.194; with it p is 0.172. */
    const double a[] = {1, 2, 2, 3}, b[] = {2, 3, 3, 4};
    CHECK(gc_mann_whitney_u(a, 4, b, 4, &m));
    double z = -4.5 / sqrt(76.0 / 7);
    CHECKF(m.u == 3 && close_to(m.z, z, 1e-12) && close_to(m.p, erfc(-z / sqrt(2.0)), 1e-12), "z %.17g p %.17g",
           m.z, m.p);
    CHECK(close_to(m.p, 0.17203, 1e-4));
    /* Every value tied: no evidence at all. */
    const double same[] = {5, 5, 5};
    CHECK(gc_mann_whitney_u(same, 3, same, 3, &m) && m.p == 1 && m.z == 0);
    /* Two separated samples of 5: the normal approximation gives p = 0.0122. */
    const double lo[] = {1, 2, 3, 4, 5}, hi[] = {6, 7, 8, 9, 10};
    CHECK(gc_mann_whitney_u(hi, 5, lo, 5, &m) && m.u == 25 && close_to(m.p, 0.01219, 1e-4));
    /* Identical samples: U at its mean, p 1 (the continuity correction cannot go negative). */
    CHECK(gc_mann_whitney_u(lo, 5, lo, 5, &m) && m.u == 12.5 && m.p == 1);
    CHECK(!gc_mann_whitney_u(lo, 0, hi, 5, &m) && !gc_mann_whitney_u(NULL, 3, hi, 5, &m));
}

static void test_verdict(void) {
    const double t = 0.05, alpha = 0.05;
    /* Below the threshold: same, however significant. */
    CHECK(gc_compare_verdict(1.0, 1.04, 20, 20, 1e-9, t, alpha) == GC_VERDICT_SAME);
    CHECK(gc_compare_verdict(1.0, 0.96, 20, 20, 1e-9, t, alpha) == GC_VERDICT_SAME);
    /* At or above it and significant: slower / faster. */
    CHECK(gc_compare_verdict(1.0, 1.05, 20, 20, 0.01, t, alpha) == GC_VERDICT_SLOWER);
    CHECK(gc_compare_verdict(1.0, 0.80, 20, 20, 0.01, t, alpha) == GC_VERDICT_FASTER);
    /* Above it but not significant, or too few samples to test: noisy. */
    CHECK(gc_compare_verdict(1.0, 1.30, 20, 20, 0.05, t, alpha) == GC_VERDICT_NOISY);
    CHECK(gc_compare_verdict(1.0, 1.30, 20, 20, 0.30, t, alpha) == GC_VERDICT_NOISY);
    CHECK(gc_compare_verdict(1.0, 1.30, GC_CMP_MIN_SAMPLES - 1, 20, 1e-6, t, alpha) == GC_VERDICT_NOISY);
    CHECK(gc_compare_verdict(1.0, 1.30, 20, 20, -1, t, alpha) == GC_VERDICT_NOISY);
    /* A threshold of 0: any significant change counts; alpha moves the line. */
    CHECK(gc_compare_verdict(1.0, 1.001, 20, 20, 0.01, 0, alpha) == GC_VERDICT_SLOWER);
    CHECK(gc_compare_verdict(1.0, 1.30, 20, 20, 0.04, t, 0.01) == GC_VERDICT_NOISY);
    CHECK(strcmp(gc_verdict_name(GC_VERDICT_SLOWER), "slower") == 0 && strcmp(gc_verdict_name(4), "unknown") == 0);
}

/* A report of this schema with the given results (JSON text of the array's members). */
static char *report(const char *results) {
    char *s = malloc(strlen(results) + 300);
    sprintf(s, "{\"schema_version\":%d,\"commit\":\"abc\",\"command\":\"bench\",\"started_at\":\"t\","
               "\"device\":{\"id\":\"opencl:0:0\",\"name\":\"pocl\"},\"results\":[%s]}",
            GC_REPORT_SCHEMA_VERSION, results);
    return s;
}

static int parse(const char *results, gc_cmp_run *run, char *err) {
    char *s = report(results);
    int ok = gc_cmp_run_parse(s, strlen(s), run, err, 300);
    free(s);
    return ok;
}

#define BENCH(name, outcome, samples) \
    "{\"name\":\"" name "\",\"kind\":\"benchmark\",\"outcome\":\"" outcome "\",\"samples_ms\":[" samples "]}"
#define TEST(name, outcome) "{\"name\":\"" name "\",\"kind\":\"test\",\"outcome\":\"" outcome "\"}"

static void test_load(void) {
    gc_cmp_run run;
    char err[300];
    CHECKF(parse(BENCH("s.b", "PASS", "1,2,3") "," TEST("s.t", "SKIP"), &run, err), "%s", err);
    CHECK(run.n == 2 && run.entries[0].is_bench && run.entries[0].n_samples == 3 && run.entries[0].samples[2] == 3);
    CHECK(!run.entries[1].is_bench && run.entries[1].outcome == GC_SKIP && strcmp(run.commit, "abc") == 0 &&
          strcmp(run.device_name, "pocl") == 0);
    gc_cmp_run_free(&run);
    /* A repeated name: one entry, samples together, the first outcome that is not PASS. */
    CHECK(parse(BENCH("s.b", "PASS", "1,2") "," BENCH("s.b", "FAIL", "") "," BENCH("s.b", "CRASH", "7"), &run, err));
    CHECK(run.n == 1 && run.entries[0].n_samples == 3 && run.entries[0].outcome == GC_FAIL &&
          run.entries[0].repeats == 3);
    gc_cmp_run_free(&run);

    static const struct {
        const char *results, *why;
    } bad[] = {
        {"{\"kind\":\"test\",\"outcome\":\"PASS\"}", "no \"name\""},
        {"{\"name\":\"\",\"kind\":\"test\",\"outcome\":\"PASS\"}", "no \"name\""},
        {TEST("s.t", "MAYBE"), "no known \"outcome\""},
        {"{\"name\":\"s.t\",\"kind\":\"probe\",\"outcome\":\"PASS\"}", "no \"kind\""},
        {"{\"name\":\"s.b\",\"kind\":\"benchmark\",\"outcome\":\"PASS\"}", "without a \"samples_ms\""},
        {BENCH("s.b", "PASS", "1,\"2\""), "samples_ms[1] is not a number"},
        {BENCH("s.b", "PASS", "1,-2"), "samples_ms[1] is not a number >= 0"},
        {BENCH("s.b", "PASS", "null"), "samples_ms[0]"},
        {BENCH("s.x", "PASS", "1") "," TEST("s.x", "PASS"), "is a test and a benchmark"},
        {"7", "results[0] is not an object"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        CHECKF(!parse(bad[i].results, &run, err) && strstr(err, bad[i].why), "case %zu: '%s'", i, err);
    }
    static const struct {
        const char *text, *why;
    } not_reports[] = {
        {"", "not valid JSON"},
        {"{\"schema_version\":2,\"results\":[]}", "schema_version 2; this gpucheck reads schema_version"},
        {"{\"schema_version\":\"3\",\"results\":[]}", "not a number"},
        {"{\"results\":[]}", "no \"schema_version\""},
        {"[1]", "no \"schema_version\""},
        {"{\"schema_version\":3,\"tests\":[]}", "no \"results\" array"},
    };
    for (size_t i = 0; i < sizeof not_reports / sizeof not_reports[0]; i++) {
        err[0] = '\0';
        const char *t = not_reports[i].text;
        CHECKF(!gc_cmp_run_parse(t, strlen(t), &run, err, sizeof err) && strstr(err, not_reports[i].why),
               "case %zu: '%s'", i, err);
    }
    CHECK(!gc_cmp_run_load("/nonexistent/r.json", &run, err, sizeof err) && strstr(err, "No such file"));
    CHECK(!gc_cmp_run_load("/", &run, err, sizeof err));
}

static void test_compare_runs(void) {
    gc_cmp_run old, new_run;
    char err[300];
    CHECK(parse(BENCH("s.same", "PASS", "1,1.01,0.99,1,1.02,0.98") "," BENCH("s.slow", "PASS", "1,1.01,0.99,1,1.02,0.98")
                "," BENCH("s.fast", "PASS", "2,2.01,1.99,2,2.02,1.98") "," BENCH("s.few", "PASS", "1,1")
                "," TEST("s.breaks", "PASS") "," TEST("s.heals", "FAIL") "," TEST("s.skipped", "PASS")
                "," TEST("s.gone", "PASS"),
                &old, err));
    CHECK(parse(BENCH("s.same", "PASS", "1.01,1,0.99,1.02,1,0.98") "," BENCH("s.slow", "PASS", "1.5,1.51,1.49,1.5,1.52,1.48")
                "," BENCH("s.fast", "PASS", "1,1.01,0.99,1,1.02,0.98") "," BENCH("s.few", "PASS", "2,2")
                "," TEST("s.breaks", "CRASH") "," TEST("s.heals", "PASS") "," TEST("s.skipped", "SKIP")
                "," TEST("s.new", "PASS"),
                &new_run, err));
    gc_comparison c;
    CHECK(gc_compare_runs(&old, &new_run, 0.05, 0.05, &c));
    CHECK(c.n_rows == 4);
    const char *want[][2] = {{"s.same", "same"}, {"s.slow", "slower"}, {"s.fast", "faster"}, {"s.few", "noisy"}};
    for (size_t i = 0; i < 4 && i < c.n_rows; i++)
        CHECKF(strcmp(c.rows[i].name, want[i][0]) == 0 && strcmp(gc_verdict_name(c.rows[i].verdict), want[i][1]) == 0,
               "row %zu: %s %s", i, c.rows[i].name, gc_verdict_name(c.rows[i].verdict));
    CHECK(c.n_rows == 4 && close_to(c.rows[1].ratio, 1.5, 1e-12) && c.rows[3].p < 0 && c.rows[1].p < 0.05);
    CHECK(c.count[GC_VERDICT_SLOWER] == 1 && c.count[GC_VERDICT_FASTER] == 1 && c.count[GC_VERDICT_SAME] == 1 &&
          c.count[GC_VERDICT_NOISY] == 1);
    /* Changes: PASS -> CRASH is a regression; FAIL -> PASS and PASS -> SKIP are listed only. */
    CHECK(c.n_changes == 3 && c.regressions == 1);
    for (size_t i = 0; i < c.n_changes; i++)
        CHECK(c.changes[i].regression == (strcmp(c.changes[i].name, "s.breaks") == 0));
    CHECK(c.n_only_old == 1 && strcmp(c.only_old[0], "s.gone") == 0);
    CHECK(c.n_only_new == 1 && strcmp(c.only_new[0], "s.new") == 0);
    CHECK(gc_comparison_failed(&c));
    /* The console and the Markdown say it (into a memory stream). */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    gc_comparison_console(f, "old.json", &old, "new.json", &new_run, &c);
    gc_comparison_markdown(f, "old.json", &old, "new.json", &new_run, &c);
    fclose(f);
    CHECK(text && strstr(text, "s.breaks: PASS -> CRASH  (now a failure)") &&
          strstr(text, "1 slower, 1 faster, 1 same, 1 noisy; 3 outcomes changed, 1 to a failure") &&
          strstr(text, "| s.slow | 1 | 1.5 | 1.500 | +50.0% |") && strstr(text, "**slower**"));
    free(text);
    gc_comparison_free(&c);
    /* A run against itself: nothing to fail on. */
    CHECK(gc_compare_runs(&old, &old, 0.05, 0.05, &c) && !gc_comparison_failed(&c) && c.n_changes == 0 &&
          c.count[GC_VERDICT_SAME] == 4);
    gc_comparison_free(&c);
    gc_cmp_run_free(&old);
    gc_cmp_run_free(&new_run);
}

int main(void) {
    test_mann_whitney();
    test_verdict();
    test_load();
    test_compare_runs();
    return UNIT_DONE();
}
