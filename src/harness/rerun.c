/* SPDX-License-Identifier: Apache-2.0 */
/* rerun.c — reads the failed tests out of an earlier JSON report (--rerun-failed).
 *
 * The report is outside input (edited, cut short, or not ours at all): it is read whole by
 * the strict JSON reader (common/json_parse.h), then checked against the fields used here.
 * Any fault is an error naming where (the byte, and for JSON faults line and column), never
 * a partial selection. */
#include "harness/rerun.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/file_read.h"
#include "common/json_parse.h"
#include "gpucheck/gc_harness.h"

#define MAX_REPORT_BYTES ((size_t)1 << 30)

/* The message for a value of the report that is not what a report of ours holds there. */
static int bad(char *err, size_t len, const gc_json *where, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int bad(char *err, size_t len, const gc_json *where, const char *fmt, ...) {
    char what[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(err, len, "%s (byte %zu)", what, where->offset);
    return 0;
}

typedef struct {
    char **names;
    size_t n, cap;
} name_list;

/* Adds a copy of name unless it is there already (--repeat, several devices). */
static int add_failed(name_list *l, const char *name) {
    for (size_t k = 0; k < l->n; k++)
        if (strcmp(l->names[k], name) == 0) return 1;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        char **p = realloc(l->names, cap * sizeof *p);
        if (!p) return 0;
        l->names = p;
        l->cap = cap;
    }
    if (!(l->names[l->n] = strdup(name))) return 0;
    l->n++;
    return 1;
}

/* One element of `results`: its name, added to l when its outcome counts as failed. */
static int result_entry(const gc_json *r, size_t index, name_list *l, char *err, size_t len) {
    if (r->type != GC_JSON_OBJECT) return bad(err, len, r, "results[%zu] is not an object", index);
    const gc_json *name = gc_json_get(r, "name"), *outcome = gc_json_get(r, "outcome");
    if (name && name->type != GC_JSON_STRING) return bad(err, len, name, "results[%zu].name is not a string", index);
    if (!name || !name->string[0]) return bad(err, len, r, "results[%zu] has no name", index);
    if (!outcome) return bad(err, len, r, "results[%zu] (%.100s) has no outcome", index, name->string);
    if (outcome->type != GC_JSON_STRING)
        return bad(err, len, outcome, "results[%zu].outcome is not a string", index);
    gc_outcome o = gc_outcome_parse(outcome->string);
    if (o == GC_OUTCOME_COUNT)
        return bad(err, len, outcome, "results[%zu] (%.100s) has an unknown outcome %.40s", index, name->string,
                   outcome->string);
    if (gc_outcome_class_of(o) == GC_COUNTS_FAILED && !add_failed(l, name->string))
        return snprintf(err, len, "out of memory"), 0;
    return 1;
}

/* The report's failed names into l, or 0 with the message in err. */
static int read_report(const gc_json *root, name_list *l, char *err, size_t len) {
    if (root->type != GC_JSON_OBJECT)
        return bad(err, len, root, "not a JSON object (a gpucheck JSON report starts with '{')");
    const gc_json *version = gc_json_get(root, "schema_version"), *results = gc_json_get(root, "results");
    if (!version || !results) {
        snprintf(err, len, "not a gpucheck JSON report (no %s)", version ? "'results'" : "'schema_version'");
        return 0;
    }
    /* Any version: the fields read here, name and outcome, are in every one. */
    if (version->type != GC_JSON_NUMBER || !(version->number >= 1))
        return bad(err, len, version, "schema_version is not a version number");
    if (results->type != GC_JSON_ARRAY) return bad(err, len, results, "'results' is not an array");
    for (size_t k = 0; k < results->n; k++)
        if (!result_entry(&results->items[k], k, l, err, len)) return 0;
    return 1;
}

int gc_rerun_parse(const char *text, size_t len, char ***names, size_t *n_names, char *err, size_t err_len) {
    *names = NULL;
    *n_names = 0;
    char why[300];
    gc_json *root = gc_json_parse(text, len, why, sizeof why);
    if (!root) {
        snprintf(err, err_len, "not valid JSON: %s", why);
        return -1;
    }
    name_list l = {NULL, 0, 0};
    int ok = read_report(root, &l, err, err_len);
    gc_json_free(root);
    if (!ok) {
        gc_rerun_free(l.names, l.n);
        return -1;
    }
    *names = l.names;
    *n_names = l.n;
    return 0;
}

int gc_rerun_load(const char *path, char ***names, size_t *n_names, char *err, size_t err_len) {
    *names = NULL;
    *n_names = 0;
    char *text, why[400];
    size_t len;
    if (gc_file_read_regular(path, MAX_REPORT_BYTES, &text, &len, why, sizeof why) != 0) {
        snprintf(err, err_len, "cannot read %s: %s", path, why);
        return -1;
    }
    int rc = gc_rerun_parse(text, len, names, n_names, why, sizeof why);
    if (rc != 0) snprintf(err, err_len, "%s: %s", path, why);
    free(text);
    return rc;
}

void gc_rerun_free(char **names, size_t n_names) {
    for (size_t i = 0; i < n_names; i++) free(names[i]);
    free(names);
}
