/* SPDX-License-Identifier: Apache-2.0 */
/* params.c — test parameters: what suites declare, the check of --param against it, and
 * the reading of a value inside a test. The values travel to the test's process as
 * --param options of its command line (gc_child_argv), never through the environment. */
#include "harness/params.h"

#include <stdlib.h>
#include <string.h>

#include "common/prog_name.h"
#include "common/number.h"
#include "harness/context.h"

static gc_param_def *defs;
static size_t n_defs, cap_defs, n_refused;

static int is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static int refuse(const gc_param_def *d, const char *why) {
    gc_prog_say(stderr, "refusing to declare the parameter '%.100s.%.100s': %s\n",
            d && d->suite ? d->suite : "(null)", d && d->key ? d->key : "(null)", why);
    n_refused++;
    return -1;
}

static const gc_param_def *find(const char *suite, const char *key) {
    for (size_t i = 0; i < n_defs; i++)
        if (strcmp(defs[i].suite, suite) == 0 && strcmp(defs[i].key, key) == 0) return &defs[i];
    return NULL;
}

int gc_param_register(const gc_param_def *d) {
    if (!d || !d->suite || !*d->suite || !d->key || !*d->key) return refuse(d, "no suite or no key");
    for (const char *p = d->key; *p; p++)
        if (!is_name_char(*p)) return refuse(d, "a key is letters, digits and '_'");
    if (strlen(d->suite) + strlen(d->key) + 1 > GC_TEST_NAME_MAX) return refuse(d, "the name is too long");
    if (!(d->min <= d->max) || (d->kind != GC_PARAM_UINT && d->kind != GC_PARAM_REAL) ||
        (d->kind == GC_PARAM_UINT && d->min < 0))
        return refuse(d, "no valid kind and range");
    if (find(d->suite, d->key)) return refuse(d, "declared already");
    if (n_defs == cap_defs) {
        size_t cap = cap_defs ? 2 * cap_defs : 32;
        gc_param_def *p = realloc(defs, cap * sizeof *p);
        if (!p) return refuse(d, "out of memory");
        defs = p;
        cap_defs = cap;
    }
    defs[n_defs++] = *d;
    return 0;
}

size_t gc_param_register_errors(void) { return n_refused; }

size_t gc_params_count(void) { return n_defs; }

int gc_param_split(const char *arg, char *suite, size_t suite_len, char *key, size_t key_len, const char **value) {
    const char *eq = strchr(arg, '=');
    if (!eq) return 0;
    const char *dot = NULL;
    for (const char *p = arg; p < eq; p++)
        if (*p == '.') dot = p;
    if (!dot || dot == arg || dot + 1 == eq || !eq[1]) return 0;
    /* SUITE (which may hold dots) and KEY are names, as every suite and declared key is: so a
     * parameter never starts with '-' and the child's "--param SUITE.KEY=VALUE" reads back. */
    for (const char *p = arg; p < eq; p++)
        if (!is_name_char(*p) && !(*p == '.' && p != arg && p <= dot)) return 0;
    if ((size_t)(dot - arg) >= suite_len || (size_t)(eq - dot - 1) >= key_len) return 0;
    snprintf(suite, suite_len, "%.*s", (int)(dot - arg), arg);
    snprintf(key, key_len, "%.*s", (int)(eq - dot - 1), dot + 1);
    *value = eq + 1;
    return 1;
}

static const char *parse_value(const gc_param_def *d, const char *s, uint64_t *u, double *r) {
    if (d->kind == GC_PARAM_UINT) return gc_parse_uint(s, (uint64_t)d->min, (uint64_t)d->max, u);
    return gc_parse_real(s, d->min, d->max, 0, r);
}

void gc_params_print(FILE *f, const char *only_suite) {
    for (size_t i = 0; i < n_defs; i++) {
        const gc_param_def *d = &defs[i];
        if (only_suite && strcmp(d->suite, only_suite) != 0) continue;
        char name[GC_TEST_NAME_MAX + 1];
        snprintf(name, sizeof name, "%s.%s", d->suite, d->key);
        fprintf(f, "  %-36s %-8s %.15g..%.15g  %s\n", name, d->kind == GC_PARAM_UINT ? "integer" : "real", d->min, d->max,
                d->help ? d->help : "");
    }
}

/* The values of "V1,V2,...": each of the declared kind and range, none empty or twice. */
static int check_values(const gc_param_def *d, const char *list, FILE *errf) {
    char one[GC_TEST_NAME_MAX + 1];
    for (const char *v = list; v;) {
        const char *comma = strchr(v, ',');
        size_t len = comma ? (size_t)(comma - v) : strlen(v);
        snprintf(one, sizeof one, "%.*s", (int)len, v);
        uint64_t u;
        double r;
        const char *why = len == 0 ? "an empty value (V1,V2,... for a sweep)"
                          : len >= sizeof one ? "too long"
                                              : parse_value(d, one, &u, &r);
        for (const char *w = list; !why && w < v;) { /* the same value given before */
            const char *wc = strchr(w, ',');
            if ((size_t)(wc - w) == len && strncmp(w, v, len) == 0) why = "given twice in the sweep";
            w = wc + 1;
        }
        if (why) {
            gc_prog_say(errf, "--param %s.%s needs %s in %.15g..%.15g (%s), got '%s': %s\n", d->suite, d->key,
                        d->kind == GC_PARAM_UINT ? "an integer" : "a number", d->min, d->max, d->help ? d->help : "",
                        one, why);
            return 2;
        }
        v = comma ? comma + 1 : NULL;
    }
    return 0;
}

/* Whether --param entry a is of `suite`, and where its value starts. */
static const char *value_of_suite(const char *a, const char *suite) {
    char s[GC_TEST_NAME_MAX + 1], k[GC_TEST_NAME_MAX + 1];
    const char *v;
    if (!gc_param_split(a, s, sizeof s, k, sizeof k, &v) || strcmp(s, suite) != 0) return NULL;
    return v;
}

static size_t n_values(const char *v) {
    size_t n = 1;
    for (; *v; v++) n += *v == ',';
    return n;
}

size_t gc_param_cases(const gc_run_options *opt, const char *suite) {
    size_t cases = 1;
    for (size_t i = 0; i < opt->n_params; i++) {
        const char *v = value_of_suite(opt->params[i], suite);
        if (v && cases <= GC_MAX_CASES) cases *= n_values(v);
    }
    return cases;
}

void gc_param_case(const gc_run_options *opt, const char *suite, size_t c, gc_run_options *out, gc_case_params *buf,
                   char *label, size_t label_len) {
    *out = *opt;
    label[0] = '\0';
    size_t used = 0, radix = gc_param_cases(opt, suite);
    for (size_t i = 0; i < opt->n_params; i++) {
        const char *v = value_of_suite(opt->params[i], suite);
        size_t n = v ? n_values(v) : 1;
        if (n < 2) continue;
        radix /= n; /* the first swept key varies slowest */
        size_t pick = (c / radix) % n;
        const char *start = v;
        for (size_t k = 0; k < pick; k++) start = strchr(start, ',') + 1;
        const char *end = strchr(start, ',');
        int len = end ? (int)(end - start) : (int)strlen(start);
        const char *key = opt->params[i]; /* the last '.' before '=' ends the suite */
        for (const char *p = opt->params[i]; p < v; p++)
            if (*p == '.') key = p;
        snprintf(buf->text[i], sizeof buf->text[i], "%.*s%.*s", (int)(v - opt->params[i]), opt->params[i], len, start);
        out->params[i] = buf->text[i];
        int w = snprintf(label + used, label_len - used, "%s%.*s%.*s", used ? "," : "", (int)(v - key - 1), key + 1,
                         len, start);
        if (w > 0 && (size_t)w < label_len - used) used += (size_t)w;
    }
}

int gc_params_check(const gc_run_options *opt, FILE *errf) {
    for (size_t i = 0; i < opt->n_params; i++) {
        char suite[GC_TEST_NAME_MAX + 1], key[GC_TEST_NAME_MAX + 1];
        const char *value;
        if (!gc_param_split(opt->params[i], suite, sizeof suite, key, sizeof key, &value)) {
            gc_prog_say(errf, "--param needs SUITE.KEY=VALUE, got '%s'\n", opt->params[i]);
            return 2;
        }
        const gc_param_def *d = find(suite, key);
        if (!d) {
            int suite_known = 0;
            for (size_t k = 0; k < n_defs && !suite_known; k++) suite_known = strcmp(defs[k].suite, suite) == 0;
            if (suite_known) {
                gc_prog_say(errf, "unknown parameter '%s.%s'; the parameters of %s are:\n", suite, key, suite);
                gc_params_print(errf, suite);
            } else if (n_defs) {
                gc_prog_say(errf, "unknown parameter '%s.%s': no parameters of a suite '%s'; the known ones are:\n",
                        suite, key, suite);
                gc_params_print(errf, NULL);
            } else {
                gc_prog_say(errf, "unknown parameter '%s.%s': no suite declares parameters\n", suite, key);
            }
            return 2;
        }
        if (check_values(d, value, errf)) return 2;
    }
    size_t cases = 1;
    for (size_t i = 0; i < n_defs; i++)
        if ((cases = gc_param_cases(opt, defs[i].suite)) > GC_MAX_CASES) {
            gc_prog_say(errf, "the --param sweeps of %s make more than %d cases of each test\n", defs[i].suite,
                        GC_MAX_CASES);
            return 2;
        }
    return 0;
}

/* The declaration and the given value (NULL when not given) of KEY for the test's suite. */
static const gc_param_def *lookup(gc_test_ctx *ctx, const char *key, gc_param_kind kind, const char **value) {
    const char *suite = ctx->test->suite;
    const gc_param_def *d = find(suite, key);
    if (!d || d->kind != kind) {
        gc_ctx_error(ctx, "the test reads the parameter %s.%s as %s, but %s", suite, key,
                     kind == GC_PARAM_UINT ? "an integer" : "a real",
                     d ? "it is declared of the other kind" : "it is not declared (gc_param_register)");
        return NULL;
    }
    *value = NULL;
    size_t sl = strlen(suite), kl = strlen(key);
    for (size_t i = 0; i < ctx->opt->n_params; i++) {
        const char *a = ctx->opt->params[i];
        if (strncmp(a, suite, sl) == 0 && a[sl] == '.' && strncmp(a + sl + 1, key, kl) == 0 && a[sl + 1 + kl] == '=')
            *value = a + sl + 2 + kl;
    }
    return d;
}

static int read_param(gc_test_ctx *ctx, const char *key, gc_param_kind kind, uint64_t *u, double *r) {
    const char *value;
    const gc_param_def *d = lookup(ctx, key, kind, &value);
    if (!d || !value) return 0;
    const char *why = parse_value(d, value, u, r);
    if (why) { /* gc_params_check refused it already when it came from the command line */
        gc_ctx_error(ctx, "--param %s.%s=%s: %s", d->suite, key, value, why);
        return 0;
    }
    return 1;
}

int gc_ctx_param_uint(gc_test_ctx *ctx, const char *key, uint64_t *out) {
    uint64_t u;
    double r;
    if (!read_param(ctx, key, GC_PARAM_UINT, &u, &r)) return 0;
    *out = u;
    return 1;
}

int gc_ctx_param_real(gc_test_ctx *ctx, const char *key, double *out) {
    uint64_t u;
    double r;
    if (!read_param(ctx, key, GC_PARAM_REAL, &u, &r)) return 0;
    *out = r;
    return 1;
}
