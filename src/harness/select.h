/* SPDX-License-Identifier: Apache-2.0 */
/* select.h — which registered tests a run selects: --filter (with -PATTERN exclusions),
 * --exclude, --tag, --rerun-failed, and the rule that tests built to fail or tagged
 * `manual` run only when asked for by name. */
#ifndef GC_SELECT_H
#define GC_SELECT_H

#include <stddef.h>

#include "result/result.h"

/** Whether the options select the test. Benchmarks are selected by `bench`, tests by
 *  `run`. A hidden test (gc_test_hidden) is selected only when something names it: a
 *  --filter pattern that matches it and starts with a literal character (`mutant_*`,
 *  `harness_selftest.*`; not `*`), a --tag `mutant` or `manual` that it carries, or its
 *  name in the --rerun-failed report. Exclusions always win. */
int gc_test_selected(const gc_test *t, const gc_run_options *opt, int bench);
/** Built to fail (expect other than PASS, a `mutant_*` suite, the tag `mutant`) or tagged
 *  `manual` (minutes long, or a harness self-test that must not pass). */
int gc_test_hidden(const gc_test *t);
/** A hidden test that the options would select if something named it (for the hint
 *  that says why `--filter '*'` leaves the mutants out). */
int gc_test_hidden_unnamed(const gc_test *t, const gc_run_options *opt, int bench);
/** Does the comma-separated tag list hold this tag (whole entries only)? */
int gc_tags_have(const char *tags, const char *tag);
/** Check the selection entries: no empty entry in a comma list, none longer than
 *  GC_TEST_NAME_MAX, `-` only in front of a pattern. Returns 0, or 2 with a message. */
int gc_selection_check(const gc_run_options *opt, char *err, size_t len);

#endif
