/* SPDX-License-Identifier: Apache-2.0 */
/* settings.c — the settings of a run report that make two runs comparable or not (scale,
 * seed, device, build, commit, gpucheck version, --param values), read as text, and what
 * compare says of those that differ: a "slower +614%" between a --scale 1 and a --scale 4
 * run is the settings, not the code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "common/json_parse.h"
#include "report/report.h"

static const char *const setting_names[GC_CMP_SETTING_COUNT] = {"scale", "seed", "device", "build", "commit",
                                                                "gpucheck", "parameters"};

const char *gc_cmp_setting_name(int k) { return k >= 0 && k < GC_CMP_SETTING_COUNT ? setting_names[k] : "?"; }

static void put(char *buf, size_t len, size_t *o, const char *fmt, const char *a, const char *b) {
    int n = snprintf(buf + *o, len - *o, fmt, a, b);
    if (n > 0) *o = (size_t)n >= len - *o ? len - 1 : *o + (size_t)n;
}

static const char *str(const gc_json *obj, const char *key) {
    const gc_json *s = gc_json_get_type(obj, key, GC_JSON_STRING);
    return s ? s->string : "";
}

static void num(const gc_json *obj, const char *key, char *buf, size_t len) {
    const gc_json *v = gc_json_get_type(obj, key, GC_JSON_NUMBER);
    if (v) snprintf(buf, len, "%.17g", v->number);
    else snprintf(buf, len, "(none)");
}

int gc_cmp_settings_read(const void *json_root, gc_cmp_run *out) {
    const gc_json *root = json_root;
    const gc_json *parameters = gc_json_get_type(root, "parameters", GC_JSON_OBJECT);
    const gc_json *device = gc_json_get_type(root, "device", GC_JSON_OBJECT);
    const gc_json *params = gc_json_get_type(root, "params", GC_JSON_OBJECT);
    char text[GC_CMP_SETTING_COUNT][1024];
    size_t o = 0;
    num(parameters, "scale", text[GC_CMP_SCALE], sizeof text[0]);
    num(root, "seed", text[GC_CMP_SEED], sizeof text[0]);
    snprintf(text[GC_CMP_DEVICE], sizeof text[0], "%s (%s)", str(device, "id"), str(device, "name"));
    snprintf(text[GC_CMP_BUILD], sizeof text[0], "%s, %s", str(root, "build_type"), str(root, "compiler"));
    snprintf(text[GC_CMP_COMMIT], sizeof text[0], "%s", str(root, "commit"));
    snprintf(text[GC_CMP_VERSION], sizeof text[0], "%s", str(root, "gpucheck_version"));
    text[GC_CMP_PARAMS][0] = '\0';
    for (size_t i = 0; params && i < params->n; i++)
        if (params->items[i].type == GC_JSON_STRING)
            put(text[GC_CMP_PARAMS], sizeof text[0], &o, i ? " %s=%s" : "%s=%s", params->keys[i],
                params->items[i].string);
    if (!params || !params->n) snprintf(text[GC_CMP_PARAMS], sizeof text[0], "(none)");
    for (int k = 0; k < GC_CMP_SETTING_COUNT; k++)
        if (!(out->setting[k] = strdup(text[k]))) return 0;
    return 1;
}

int gc_cmp_setting_differs(const gc_cmp_run *old, const gc_cmp_run *new_run, int k) {
    return strcmp(old->setting[k] ? old->setting[k] : "", new_run->setting[k] ? new_run->setting[k] : "") != 0;
}

void gc_cmp_settings_console(FILE *f, const gc_cmp_run *old, const gc_cmp_run *new_run) {
    int differ = 0;
    for (int k = 0; k < GC_CMP_SETTING_COUNT; k++) {
        if (!gc_cmp_setting_differs(old, new_run, k)) continue;
        if (!differ++) fprintf(f, "  the runs differ in their settings (a change below may be theirs):\n");
        fprintf(f, "    %-10s old %s\n    %-10s new %s\n", setting_names[k], old->setting[k], "", new_run->setting[k]);
    }
    if (!differ)
        fprintf(f, "  settings: the same scale, seed, device, build, commit, gpucheck and parameters\n");
}

void gc_cmp_settings_markdown(FILE *f, const gc_cmp_run *old, const gc_cmp_run *new_run) {
    int differ = 0;
    for (int k = 0; k < GC_CMP_SETTING_COUNT; k++) {
        if (!gc_cmp_setting_differs(old, new_run, k)) continue;
        if (!differ++) fprintf(f, "\nThe runs differ in their settings:\n\n| setting | old | new |\n|---|---|---|\n");
        fprintf(f, "| %s | ", setting_names[k]);
        gc_markdown_cell(f, old->setting[k], 0);
        fputs(" | ", f);
        gc_markdown_cell(f, new_run->setting[k], 0);
        fputs(" |\n", f);
    }
}
