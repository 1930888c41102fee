/* SPDX-License-Identifier: Apache-2.0 */
/* report_load.c — a gpucheck JSON run report read back for `compare`: the JSON reader's
 * tree checked against the fields compare uses, of this very schema_version (a report of
 * another version is refused, not guessed at). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/file_read.h"
#include "common/json_parse.h"
#include "compare/compare.h"
#include "report/report.h"

static int bad(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return 0;
}

static char *dup_str(const gc_json *obj, const char *key) {
    const gc_json *s = gc_json_get_type(obj, key, GC_JSON_STRING);
    return strdup(s ? s->string : "");
}

void gc_cmp_run_free(gc_cmp_run *run) {
    for (size_t i = 0; i < run->n; i++) {
        free(run->entries[i].name);
        free(run->entries[i].samples);
    }
    free(run->entries);
    free(run->commit);
    free(run->device_id);
    free(run->device_name);
    free(run->started_at);
    free(run->command);
    for (int k = 0; k < GC_CMP_SETTING_COUNT; k++) free(run->setting[k]);
    memset(run, 0, sizeof *run);
}

static gc_cmp_entry *find(gc_cmp_run *run, const char *name) {
    for (size_t i = 0; i < run->n; i++)
        if (strcmp(run->entries[i].name, name) == 0) return &run->entries[i];
    return NULL;
}

/* One result object into the run (a name seen before is merged into its entry). In a run
 * over several devices the key is "DEVICE suite.name", so that each device's benchmark is
 * compared with the same device's. */
static int add_result(gc_cmp_run *run, const gc_json *r, size_t index, int several_devices, char *err, size_t len) {
    if (!r || r->type != GC_JSON_OBJECT) return bad(err, len, "results[%zu] is not an object", index);
    const gc_json *name = gc_json_get_type(r, "name", GC_JSON_STRING);
    const gc_json *outcome = gc_json_get_type(r, "outcome", GC_JSON_STRING);
    const gc_json *kind = gc_json_get_type(r, "kind", GC_JSON_STRING);
    if (!name || !name->string[0]) return bad(err, len, "results[%zu] has no \"name\" string", index);
    if (!outcome || gc_outcome_parse(outcome->string) == GC_OUTCOME_COUNT)
        return bad(err, len, "results[%zu] (%.100s) has no known \"outcome\"", index, name->string);
    if (!kind || (strcmp(kind->string, "test") != 0 && strcmp(kind->string, "benchmark") != 0))
        return bad(err, len, "results[%zu] (%.100s) has no \"kind\" \"test\" or \"benchmark\"", index, name->string);
    int is_bench = strcmp(kind->string, "benchmark") == 0;
    const gc_json *samples = gc_json_get_type(r, "samples_ms", GC_JSON_ARRAY);
    if (is_bench && !samples)
        return bad(err, len, "results[%zu] (%.100s) is a benchmark without a \"samples_ms\" array", index,
                   name->string);
    for (size_t k = 0; samples && k < samples->n; k++)
        if (samples->items[k].type != GC_JSON_NUMBER || !(samples->items[k].number >= 0))
            return bad(err, len, "results[%zu] (%.100s): samples_ms[%zu] is not a number >= 0", index, name->string, k);
    gc_outcome o = gc_outcome_parse(outcome->string);
    char key[512];
    const gc_json *device = gc_json_get_type(r, "device", GC_JSON_STRING);
    if (several_devices && !device)
        return bad(err, len, "results[%zu] (%.100s) has no \"device\" in a run over several devices", index, name->string);
    /* A case of a --param sweep is its own entry: "suite.name [rounds=4]". */
    const gc_json *sweep_case = gc_json_get_type(r, "case", GC_JSON_STRING);
    snprintf(key, sizeof key, "%s%s%s%s%s%s", several_devices ? device->string : "", several_devices ? " " : "",
             name->string, sweep_case ? " [" : "", sweep_case ? sweep_case->string : "", sweep_case ? "]" : "");
    gc_cmp_entry *e = find(run, key);
    if (e && e->is_bench != is_bench)
        return bad(err, len, "results[%zu] (%.100s) is a %s and a %s", index, name->string, kind->string,
                   is_bench ? "test" : "benchmark");
    if (!e) {
        gc_cmp_entry *grown = realloc(run->entries, (run->n + 1) * sizeof *grown);
        if (!grown) return bad(err, len, "out of memory");
        run->entries = grown;
        e = &run->entries[run->n];
        memset(e, 0, sizeof *e);
        if (!(e->name = strdup(key))) return bad(err, len, "out of memory");
        run->n++;
        e->outcome = o;
        e->is_bench = is_bench;
    } else if (e->outcome == GC_PASS) {
        e->outcome = o; /* repeated: the first outcome that is not PASS stands */
    }
    e->repeats++;
    if (samples && samples->n) {
        double *more = realloc(e->samples, (e->n_samples + samples->n) * sizeof *more);
        if (!more) return bad(err, len, "out of memory");
        e->samples = more;
        for (size_t k = 0; k < samples->n; k++) e->samples[e->n_samples++] = samples->items[k].number;
    }
    return 1;
}

int gc_cmp_run_parse(const char *bytes, size_t len, gc_cmp_run *out, char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    char jerr[200];
    gc_json *root = gc_json_parse(bytes, len, jerr, sizeof jerr);
    if (!root) return bad(err, err_len, "not valid JSON: %s", jerr);
    int ok = 0;
    const gc_json *version = gc_json_get(root, "schema_version");
    const gc_json *results = gc_json_get_type(root, "results", GC_JSON_ARRAY);
    if (root->type != GC_JSON_OBJECT || !version) {
        bad(err, err_len, "not a gpucheck report (no \"schema_version\")");
    } else if (version->type != GC_JSON_NUMBER || version->number != GC_REPORT_SCHEMA_VERSION) {
        if (version->type == GC_JSON_NUMBER)
            bad(err, err_len, "a report of schema_version %.17g; this gpucheck reads schema_version %d (write both "
                              "reports with the same gpucheck)", version->number, GC_REPORT_SCHEMA_VERSION);
        else
            bad(err, err_len, "\"schema_version\" is not a number");
    } else if (!results) {
        bad(err, err_len, "not a run report (no \"results\" array; `gpucheck list --json` and `devices --json` "
                          "cannot be compared)");
    } else {
        const gc_json *device = gc_json_get_type(root, "device", GC_JSON_OBJECT);
        const gc_json *devices = gc_json_get_type(root, "devices", GC_JSON_ARRAY);
        int several = devices && devices->n > 1;
        out->commit = dup_str(root, "commit");
        out->command = dup_str(root, "command");
        out->started_at = dup_str(root, "started_at");
        out->device_id = dup_str(device, "id");
        out->device_name = dup_str(device, "name");
        ok = out->commit && out->command && out->started_at && out->device_id && out->device_name &&
             gc_cmp_settings_read(root, out);
        if (!ok) bad(err, err_len, "out of memory");
        for (size_t i = 0; ok && i < results->n; i++) ok = add_result(out, &results->items[i], i, several, err, err_len);
    }
    gc_json_free(root);
    if (!ok) gc_cmp_run_free(out);
    return ok;
}

int gc_cmp_run_load(const char *path, gc_cmp_run *out, char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    char *bytes;
    size_t len;
    if (gc_file_read_regular(path, GC_CMP_MAX_FILE, &bytes, &len, err, err_len) != 0) return 0;
    int ok = gc_cmp_run_parse(bytes, len, out, err, err_len);
    free(bytes);
    return ok;
}
