/* SPDX-License-Identifier: Apache-2.0 */
/* option_value.c — see option_value.h. */
#include "common/option_value.h"

#include <stdio.h>

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
