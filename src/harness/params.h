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
/** Print every declared parameter, one a line (for `list --params` and error messages). */
void gc_params_print(FILE *f, const char *only_suite);

#endif
