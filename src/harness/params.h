/* SPDX-License-Identifier: Apache-2.0 */
/* params.h — the declared test parameters (gc_param_register) and the check of the
 * run's --param options against them. */
#ifndef GC_PARAMS_H
#define GC_PARAMS_H

#include <stdio.h>

#include "result/result.h"

/** The suite, key and value of "SUITE.KEY=VALUE" (the suite is everything before the
 *  last '.' ahead of the '=', as suite names may hold dots; keys cannot). Returns 0 when
 *  the text has not that form (a part empty). */
int gc_param_split(const char *arg, char *suite, size_t suite_len, char *key, size_t key_len, const char **value);
/** Check every --param of the run: declared, of its kind, in range. Messages (with the
 *  declared keys on an unknown one) go to errf. Returns 0, or 2. */
int gc_params_check(const gc_run_options *opt, FILE *errf);
/** Declarations refused so far (gc_main exits 2 when there are any). */
size_t gc_param_register_errors(void);
/* ---- sweeps: --param SUITE.KEY=V1,V2,... ------------------------------------------
 * A --param with several values runs each test of SUITE once per value; several swept
 * keys of one suite run every combination (the first key given varies slowest). */
#define GC_MAX_CASES 1024 /* cases of one test */
#define GC_CASE_LABEL_MAX 160
/** The cases of a test of `suite` under the run's --param options (1 when none is swept). */
size_t gc_param_cases(const gc_run_options *opt, const char *suite);
/** The options of case c (0-based) of a test of `suite`: *out is *opt with each swept
 *  --param of the suite narrowed to the case's value (text in `buf`), and `label` names
 *  the case's swept values ("rounds=4", "rounds=4,size=8"; "" when nothing is swept). */
typedef struct {
    char text[GC_MAX_PARAMS][2 * GC_TEST_NAME_MAX + 4]; /* "SUITE.KEY=" and one value, each checked shorter */
} gc_case_params;
void gc_param_case(const gc_run_options *opt, const char *suite, size_t c, gc_run_options *out, gc_case_params *buf,
                   char *label, size_t label_len);

/** How many parameters are declared. */
size_t gc_params_count(void);
/** Print every declared parameter, one a line (for `list --params` and error messages). */
void gc_params_print(FILE *f, const char *only_suite);

#endif
