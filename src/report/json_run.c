/* SPDX-License-Identifier: Apache-2.0 */
/* json_run.c — the JSON report's fields that say where and how the tests of a run were
 * chosen and run: every device of the run and whether they ran in parallel, the selection
 * options, the test parameters, and each result's device, repetition and time span. */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

static void string_list(FILE *f, const char *const *items, size_t n) {
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i) fputc(',', f);
        gc_json_string(f, items[i]);
    }
    fputc(']', f);
}

void gc_json_run_scope(FILE *f, const gc_run_report *rep) {
    const gc_run_options *o = rep->opt;
    fprintf(f, ",\"devices\":[");
    for (size_t d = 0; d < rep->n_devices; d++) {
        if (d) fputc(',', f);
        gc_device_json(f, rep->devices[d]);
    }
    if (rep->n_devices == 0) gc_device_json(f, rep->device);
    fprintf(f, "],\"devices_parallel\":%s,\"devices_serial_reason\":", rep->devices_parallel ? "true" : "false");
    if (rep->devices_serial_reason[0]) gc_json_string(f, rep->devices_serial_reason);
    else fputs("null", f);
    fprintf(f, ",\"selection\":{\"filter\":");
    gc_json_string(f, o->filter ? o->filter : "");
    fprintf(f, ",\"exclude\":");
    string_list(f, o->exclude, o->n_exclude);
    fprintf(f, ",\"tags\":");
    string_list(f, o->tags, o->n_tags);
    fprintf(f, ",\"rerun_failed\":");
    if (o->rerun_failed) gc_json_string(f, o->rerun_failed);
    else fputs("null", f);
    fprintf(f, ",\"repeat\":%u,\"fail_fast\":%s,\"stopped_by_fail_fast\":%s},\"params\":{", o->repeat ? o->repeat : 1,
            o->fail_fast ? "true" : "false", rep->stopped_by_fail_fast ? "true" : "false");
    for (size_t i = 0; i < o->n_params; i++) {
        const char *eq = strchr(o->params[i], '=');
        char key[GC_TEST_NAME_MAX + 1];
        snprintf(key, sizeof key, "%.*s", eq ? (int)(eq - o->params[i]) : 0, o->params[i]);
        fprintf(f, "%s", i ? "," : "");
        gc_json_string(f, key);
        fputc(':', f);
        gc_json_string(f, eq ? eq + 1 : "");
    }
    fputc('}', f);
}

void gc_json_result_scope(FILE *f, const gc_run_report *rep, const gc_result *r) {
    fprintf(f, ",\"device\":");
    gc_json_string(f, gc_result_device(rep, r)->id);
    fprintf(f, ",\"case\":");
    if (r->case_label[0]) gc_json_string(f, r->case_label);
    else fputs("null", f);
    fprintf(f, ",\"repetition\":%u,\"started_s\":", r->repetition ? r->repetition : 1);
    gc_json_num(f, r->started_s);
    fprintf(f, ",\"finished_s\":");
    gc_json_num(f, r->finished_s);
}
