/* SPDX-License-Identifier: Apache-2.0 */
/* option_value.c — see option_value.h. */
#include "common/option_value.h"

#include <stdio.h>
#include <string.h>

const char *gc_option_value(int argc, char *const *argv, int *i, const char *name, const char *eq, const char *what,
                            char *err, size_t err_len) {
    const char *val;
    if (eq) {
        val = eq + 1;
    } else if (*i + 1 < argc) {
        val = argv[*i + 1];
        if (val[0] == '-' && val[1]) {
            snprintf(err, err_len, "option '%s' needs a value, got '%s', which looks like an option (write %s=%s if "
                                   "it is the value)", name, val, name, val);
            return NULL;
        }
        ++*i;
    } else {
        snprintf(err, err_len, "option '%s' needs %s", name, what);
        return NULL;
    }
    if (!*val) {
        snprintf(err, err_len, "option '%s' needs a non-empty value", name);
        return NULL;
    }
    return val;
}

int gc_option_next(int argc, char *const *argv, int *i, const char *const *flags, size_t n, const char **seen,
                   const char *prog, const char **val, char *err, size_t err_len) {
    const char *arg = argv[*i];
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) return GC_OPTION_HELP;
    if (!strcmp(arg, "-v") || !strcmp(arg, "--verbose")) return GC_OPTION_VERBOSE;
    if (arg[0] != '-')
        return snprintf(err, err_len, "unexpected argument '%s'; try '%s --help'", arg, prog), GC_OPTION_ERROR;
    /* --flag=value is accepted as well as --flag value. */
    const char *eq = !strncmp(arg, "--", 2) ? strchr(arg, '=') : NULL;
    size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
    int f = -1;
    for (size_t k = 0; k < n; k++)
        if (strlen(flags[k]) == nlen && !strncmp(flags[k], arg, nlen)) f = (int)k;
    if (f < 0) return snprintf(err, err_len, "unknown option '%s'; try '%s --help'", arg, prog), GC_OPTION_ERROR;
    *val = gc_option_value(argc, argv, i, flags[f], eq, "a value", err, err_len);
    if (!*val) return GC_OPTION_ERROR;
    if (seen[f])
        return snprintf(err, err_len, "option '%s' given twice ('%s' and '%s')", flags[f], seen[f], *val),
               GC_OPTION_ERROR;
    seen[f] = *val;
    return f;
}
