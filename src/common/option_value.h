/* SPDX-License-Identifier: Apache-2.0 */
/* option_value.h — the value of a command-line option, taken the same way by every command
 * (run/list/bench, compare, kzg): `--opt VALUE` or `--opt=VALUE`; a next argument that looks
 * like an option is no value (`--json --tap` would otherwise write a report named "--tap"),
 * except "-" alone (stdout), and `--opt=-x` passes one that starts with '-'; an empty
 * value is refused. */
#ifndef GC_OPTION_VALUE_H
#define GC_OPTION_VALUE_H

#include <stddef.h>

/** The value of option `name`, which is argv[*i]; eq: the '=' in argv[*i] (NULL when there is
 *  none: the value is then argv[*i + 1], and *i moves onto it). Returns the value, or NULL
 *  with "option 'NAME' needs ..." in err; `what` names the value where none is given ("a
 *  value", "a file ('-' for stdout)"). */
const char *gc_option_value(int argc, char *const *argv, int *i, const char *name, const char *eq, const char *what,
                            char *err, size_t err_len);

#define GC_OPTION_ERROR (-1)
#define GC_OPTION_HELP (-2)
#define GC_OPTION_VERBOSE (-3)

/** The option argv[*i] of a command whose options that take a value are flags[0..n) (seen:
 *  n entries, NULL at first, the values given so far): its index in flags, its value in
 *  *val (*i moved onto it as gc_option_value does); GC_OPTION_HELP for -h or --help,
 *  GC_OPTION_VERBOSE for -v or --verbose; or GC_OPTION_ERROR with why in err (an argument
 *  that is no option, an unknown option, no value, an option given twice); prog names the
 *  command in "try 'PROG --help'". */
int gc_option_next(int argc, char *const *argv, int *i, const char *const *flags, size_t n, const char **seen,
                   const char *prog, const char **val, char *err, size_t err_len);

#endif
