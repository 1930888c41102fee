/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_report_json.c — the reader of gpucheck's JSON reports (src/common/json_parse.c) and
 * the two readers above it: `gpucheck compare` (gc_cmp_run_parse) and `--rerun-failed`
 * (gc_rerun_parse). A report file is outside input: edited, cut short, or not ours.
 *
 * Each input is parsed by all three. Checks beyond "no crash": a refusal always says why
 * (a non-empty message) and returns no tree; an accepted tree's every node lies inside the
 * input (offset < size) and its strings are as long as they say; a reader above the tree
 * never accepts what the tree reader refused. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_parse.h"
#include "compare/compare.h"
#include "harness/rerun.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what) {
    fprintf(stderr, "fuzz_report_json: %s\n", what);
    abort();
}

static void walk(const gc_json *v, size_t size, int depth) {
    if (depth > GC_JSON_MAX_DEPTH + 1) fail("a tree deeper than the limit");
    if (v->offset >= size) fail("a node outside the input");
    if (v->type == GC_JSON_STRING && (!v->string || strlen(v->string) != v->n)) fail("a string whose length is wrong");
    if (v->type == GC_JSON_ARRAY || v->type == GC_JSON_OBJECT)
        for (size_t i = 0; i < v->n; i++) {
            if (v->type == GC_JSON_OBJECT && !v->keys[i]) fail("an object member without a key");
            walk(&v->items[i], size, depth + 1);
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    char err[256] = "";
    gc_json *tree = gc_json_parse(text, size, err, sizeof err);
    if (tree) walk(tree, size, 0);
    else if (!err[0]) fail("a refusal without a message");
    gc_json_free(tree);

    gc_cmp_run run;
    char err2[256] = "";
    int ok = gc_cmp_run_parse(text, size, &run, err2, sizeof err2);
    if (ok) {
        if (!tree) fail("compare accepted what the JSON reader refused");
        gc_cmp_run_free(&run);
    } else if (!err2[0]) {
        fail("compare refused without a message");
    }

    char **names = NULL;
    size_t n = 0;
    char err3[256] = "";
    if (gc_rerun_parse(text, size, &names, &n, err3, sizeof err3) == 0) {
        if (!tree) fail("--rerun-failed accepted what the JSON reader refused");
        for (size_t i = 0; i < n; i++)
            if (!names[i] || !names[i][0]) fail("an empty test name to rerun");
        gc_rerun_free(names, n);
    } else if (!err3[0]) {
        fail("--rerun-failed refused without a message");
    }
    return 0;
}
