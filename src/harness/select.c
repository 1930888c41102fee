/* SPDX-License-Identifier: Apache-2.0 */
/* select.c — test selection (select.h states the rules). Every list option takes comma
 * lists, so a test name holding a comma is matched with `?` in its place. */
#include "harness/select.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#define ITEM_MAX (GC_TEST_NAME_MAX + 2)

/* The next entry of a comma list into item; returns 0 at the end. An entry too long for
 * item is cut (gc_selection_check refuses those before any selection). */
static int next_item(const char **cursor, char item[ITEM_MAX]) {
    const char *p = *cursor;
    if (!p) return 0;
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    snprintf(item, ITEM_MAX, "%.*s", (int)(n < ITEM_MAX - 1 ? n : ITEM_MAX - 1), p);
    *cursor = comma ? comma + 1 : NULL;
    return 1;
}

int gc_tags_have(const char *tags, const char *tag) {
    char item[ITEM_MAX];
    const char *c = tags;
    while (next_item(&c, item))
        if (strcmp(item, tag) == 0) return 1;
    return 0;
}

int gc_test_hidden(const gc_test *t) {
    return t->expect != GC_PASS || strncmp(t->suite, "mutant_", 7) == 0 || gc_tags_have(t->tags, "mutant") ||
           gc_tags_have(t->tags, "manual");
}

static int pattern_matches(const char *pattern, const char *full, const char *suite) {
    return fnmatch(pattern, full, 0) == 0 || fnmatch(pattern, suite, 0) == 0;
}

/* A pattern names what it matches when it starts with a literal: `mutant_*` asks for the
 * mutants, `*` or `*sub_group*` asks for everything that is not hidden. */
static int pattern_names(const char *pattern) { return pattern[0] && !strchr("*?[", pattern[0]); }

/* Selected if the test were named, and whether it was (*named). */
static int matches(const gc_test *t, const gc_run_options *opt, int bench, int *named_out) {
    *named_out = 0;
    if ((t->sample != NULL) != (bench != 0)) return 0;
    char full[GC_TEST_NAME_MAX + 1], item[ITEM_MAX];
    gc_test_full_name(t, full, sizeof full);
    int named = 0;
    if (opt->n_only_names) {
        int listed = 0;
        for (size_t i = 0; i < opt->n_only_names && !listed; i++) listed = strcmp(opt->only_names[i], full) == 0;
        if (!listed) return 0;
        named = 1;
    }
    /* --filter: the entries without '-' select (any of them), those with '-' exclude. */
    int includes = 0, included = 0;
    const char *c = opt->filter;
    while (next_item(&c, item)) {
        if (item[0] == '-') {
            if (pattern_matches(item + 1, full, t->suite)) return 0;
            continue;
        }
        includes++;
        if (pattern_matches(item, full, t->suite)) {
            included = 1;
            named |= pattern_names(item);
        }
    }
    if (includes && !included) return 0;
    for (size_t e = 0; e < opt->n_exclude; e++)
        for (c = opt->exclude[e]; next_item(&c, item);)
            if (pattern_matches(item, full, t->suite)) return 0;
    /* --tag: any of the tags selects, a -TAG excludes. */
    int tag_includes = 0, tagged = 0;
    for (size_t g = 0; g < opt->n_tags; g++)
        for (c = opt->tags[g]; next_item(&c, item);) {
            if (item[0] == '-') {
                if (gc_tags_have(t->tags, item + 1)) return 0;
                continue;
            }
            tag_includes++;
            if (gc_tags_have(t->tags, item)) {
                tagged = 1;
                named |= strcmp(item, "mutant") == 0 || strcmp(item, "manual") == 0;
            }
        }
    if (tag_includes && !tagged) return 0;
    *named_out = named;
    return 1;
}

int gc_test_selected(const gc_test *t, const gc_run_options *opt, int bench) {
    int named;
    return matches(t, opt, bench, &named) && (named || !gc_test_hidden(t));
}

int gc_test_hidden_unnamed(const gc_test *t, const gc_run_options *opt, int bench) {
    int named;
    return matches(t, opt, bench, &named) && !named && gc_test_hidden(t);
}

static int check_list(const char *what, const char *list, int minus_allowed, char *err, size_t len) {
    if (!list) return 0;
    const char *c = list;
    char item[ITEM_MAX];
    while (c) {
        const char *comma = strchr(c, ',');
        size_t n = comma ? (size_t)(comma - c) : strlen(c);
        if (n == 0) {
            snprintf(err, len, "%s '%s' has an empty entry (a stray comma?)", what, list);
            return 2;
        }
        if (n >= ITEM_MAX - 1) {
            snprintf(err, len, "%s '%.40s...' has an entry longer than %d bytes", what, list, GC_TEST_NAME_MAX);
            return 2;
        }
        next_item(&c, item);
        if (item[0] == '-' && (!minus_allowed || item[1] == '\0')) {
            snprintf(err, len, minus_allowed ? "%s '%s': '-' must be followed by what it excludes"
                                             : "%s '%s': an entry starts with '-' (exclusions go in --filter or are "
                                               "what --exclude says already)",
                     what, list);
            return 2;
        }
    }
    return 0;
}

int gc_selection_check(const gc_run_options *opt, char *err, size_t len) {
    if (check_list("--filter", opt->filter, 1, err, len)) return 2;
    for (size_t i = 0; i < opt->n_exclude; i++)
        if (check_list("--exclude", opt->exclude[i], 0, err, len)) return 2;
    for (size_t i = 0; i < opt->n_tags; i++)
        if (check_list("--tag", opt->tags[i], 1, err, len)) return 2;
    return 0;
}
