/* SPDX-License-Identifier: Apache-2.0 */
/* test_selection.c — which tests a run selects (harness/select.h): --filter comma lists
 * with -PATTERN, --exclude, --tag with -TAG, --rerun-failed names, the kind (run/bench),
 * and the rule that tests built to fail or tagged manual run only when named: '*' never
 * selects them. On made-up tests registered here; tests/select.cmake checks the real
 * suites through the command line. */
#include <string.h>

#include "harness/select.h"
#include "unit.h"

static gc_status nothing(gc_test_ctx *ctx) {
    (void)ctx;
    return GC_OK;
}
static gc_status no_sample(gc_test_ctx *ctx, unsigned it, double *ms, double *work) {
    (void)ctx, (void)it, (void)ms, (void)work;
    return GC_OK;
}

enum { N = 9 };
static const gc_test tests[N] = {
    {.suite = "alpha", .name = "one", .tags = "conformance,fence", .run = nothing},
    {.suite = "alpha", .name = "two.slow", .tags = "conformance,slow", .run = nothing},
    {.suite = "beta", .name = "one", .tags = "fence,twin", .run = nothing},
    {.suite = "mutant_alpha", .name = "one", .tags = "conformance,fence", .run = nothing}, /* by suite name */
    {.suite = "alpha", .name = "built_to_fail", .tags = "fence", .expect = GC_FAIL, .run = nothing},
    {.suite = "beta", .name = "tagged", .tags = "mutant,beta", .run = nothing},
    {.suite = "gamma", .name = "minutes", .tags = "slow,manual", .run = nothing},
    {.suite = "alpha", .name = "bench", .tags = "fence", .run = nothing, .sample = no_sample},
    {.suite = "beta", .name = "bench", .tags = "manual", .run = nothing, .sample = no_sample},
};

/* The selection as a string of 0/1, test by test (run: the tests; bench: the benchmarks
 * answer at positions 7 and 8, the others are always 0 there). */
static const char *sel(const gc_run_options *o, int bench) {
    static char out[N + 1];
    for (int i = 0; i < N; i++) out[i] = (char)('0' + gc_test_selected(gc_test_at((size_t)i), o, bench));
    out[N] = '\0';
    return out;
}

#define SEL_IS(o, bench, want)                                                                     \
    do {                                                                                           \
        const char *got_ = sel(o, bench);                                                          \
        CHECKF(strcmp(got_, want) == 0, "selection %s, expected %s", got_, want);                 \
    } while (0)

static void opts(gc_run_options *o, const char *filter) {
    gc_run_options_init(o);
    o->filter = filter;
}

int main(void) {
    for (int i = 0; i < N; i++) CHECK(gc_test_register(&tests[i]) == 0);
    gc_run_options o;
    char err[256];

    /* Hidden: built to fail (expect, a mutant_ suite, the tag mutant) or manual. */
    const int hidden[N] = {0, 0, 0, 1, 1, 1, 1, 0, 1};
    for (int i = 0; i < N; i++) CHECKF(gc_test_hidden(gc_test_at((size_t)i)) == hidden[i], "test %d", i);

    /* No filter and '*' select the same: everything of the kind that is not hidden. */
    opts(&o, NULL);
    SEL_IS(&o, 0, "111000000");
    SEL_IS(&o, 1, "000000010");
    opts(&o, "*");
    SEL_IS(&o, 0, "111000000");
    opts(&o, "*.*");
    SEL_IS(&o, 0, "111000000");
    opts(&o, "*alpha*"); /* mentions the suite but starts with a wildcard: names nothing */
    SEL_IS(&o, 0, "110000000");
    opts(&o, "?utant_alpha*");
    SEL_IS(&o, 0, "000000000");
    /* A pattern starting with a literal names what it matches: hidden tests included. */
    opts(&o, "mutant_*");
    SEL_IS(&o, 0, "000100000");
    opts(&o, "alpha*");
    SEL_IS(&o, 0, "110010000");
    opts(&o, "alpha");   /* the suite alone */
    SEL_IS(&o, 0, "110010000");
    opts(&o, "gamma.minutes");
    SEL_IS(&o, 0, "000000100");
    opts(&o, "beta*");
    SEL_IS(&o, 1, "000000001");
    /* Comma lists: any entry selects; -PATTERN excludes, whatever named the test. */
    opts(&o, "alpha.one,beta.one");
    SEL_IS(&o, 0, "101000000");
    opts(&o, "alpha*,-*.two.*");
    SEL_IS(&o, 0, "100010000");
    opts(&o, "-alpha.one"); /* only exclusions: everything else that is not hidden */
    SEL_IS(&o, 0, "011000000");
    opts(&o, "-*");
    SEL_IS(&o, 0, "000000000");
    opts(&o, "mutant_*,-mutant_alpha");
    SEL_IS(&o, 0, "000000000");
    /* --exclude: the same as -PATTERN, repeatable, comma lists. */
    opts(&o, "alpha*");
    o.exclude[o.n_exclude++] = "*.built_to_fail";
    o.exclude[o.n_exclude++] = "nothing,*.two*";
    SEL_IS(&o, 0, "100000000");
    /* --tag: any of the tags (whole tags, not substrings); -TAG excludes. */
    opts(&o, NULL);
    o.tags[o.n_tags++] = "fence";
    SEL_IS(&o, 0, "101000000"); /* the hidden ones with the tag stay out */
    SEL_IS(&o, 1, "000000010");
    o.tags[0] = "fen";
    SEL_IS(&o, 0, "000000000");
    o.tags[0] = "fence,slow";
    SEL_IS(&o, 0, "111000000");
    o.tags[0] = "conformance,-slow";
    SEL_IS(&o, 0, "100000000");
    o.tags[0] = "-twin";
    SEL_IS(&o, 0, "110000000");
    /* The tags mutant and manual name the tests that carry them. */
    o.tags[0] = "mutant";
    SEL_IS(&o, 0, "000001000");
    o.tags[0] = "manual";
    SEL_IS(&o, 0, "000000100");
    SEL_IS(&o, 1, "000000001");
    o.tags[0] = "mutant,manual";
    SEL_IS(&o, 0, "000001100");
    /* Filter and tags together: both must hold. */
    opts(&o, "beta*");
    o.tags[o.n_tags++] = "mutant";
    SEL_IS(&o, 0, "000001000");
    /* --rerun-failed: exactly the names listed, hidden ones too; the other options narrow. */
    const char *names[] = {"alpha.two.slow", "alpha.built_to_fail", "no.such", "alpha.bench"};
    opts(&o, NULL);
    o.only_names = names;
    o.n_only_names = 4;
    SEL_IS(&o, 0, "010010000");
    SEL_IS(&o, 1, "000000010");
    o.exclude[o.n_exclude++] = "*.two.*";
    SEL_IS(&o, 0, "000010000");

    /* Why '*' selected nothing: the hidden tests it would have selected if named. */
    opts(&o, "gamma*");
    CHECK(!gc_test_hidden_unnamed(gc_test_at(6), &o, 0));
    opts(&o, "*");
    CHECK(gc_test_hidden_unnamed(gc_test_at(6), &o, 0) && !gc_test_hidden_unnamed(gc_test_at(0), &o, 0));

    /* Tags are whole entries of the test's list. */
    CHECK(gc_tags_have("slow,manual", "manual") && !gc_tags_have("slow,manual", "man") &&
          !gc_tags_have("manualish", "manual") && !gc_tags_have(NULL, "x"));

    /* The syntax check of the selection options. */
    opts(&o, "a*,-b");
    CHECK(gc_selection_check(&o, err, sizeof err) == 0);
    opts(&o, "a,,b");
    CHECK(gc_selection_check(&o, err, sizeof err) == 2 && strstr(err, "empty entry"));
    opts(&o, ",a");
    CHECK(gc_selection_check(&o, err, sizeof err) == 2);
    opts(&o, "a,-");
    CHECK(gc_selection_check(&o, err, sizeof err) == 2 && strstr(err, "followed by"));
    opts(&o, NULL);
    o.exclude[o.n_exclude++] = "-x";
    CHECK(gc_selection_check(&o, err, sizeof err) == 2);
    char long_item[400];
    memset(long_item, 'a', sizeof long_item - 1);
    long_item[sizeof long_item - 1] = '\0';
    opts(&o, long_item);
    CHECK(gc_selection_check(&o, err, sizeof err) == 2 && strstr(err, "longer than"));
    return UNIT_DONE();
}
