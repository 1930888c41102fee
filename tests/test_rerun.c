/* SPDX-License-Identifier: Apache-2.0 */
/* test_rerun.c — --rerun-failed reads an earlier JSON report: the tests that neither passed
 * nor skipped, each once, in report order; anything that is not a whole, valid report of
 * ours is refused with the byte where it went wrong, never read in part. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/rerun.h"
#include "unit.h"

static char **names;
static size_t n_names;
static char err[512];

static int parses(const char *text) {
    gc_rerun_free(names, n_names);
    names = NULL, n_names = 0;
    return gc_rerun_parse(text, strlen(text), &names, &n_names, err, sizeof err) == 0;
}

/* Refused, with an error that contains why. */
static int refused(const char *text, const char *why) {
    if (parses(text)) {
        printf("accepted: %.80s\n", text);
        return 0;
    }
    if (!strstr(err, why)) {
        printf("refused for \"%s\", not \"%s\": %.80s\n", err, why, text);
        return 0;
    }
    return names == NULL && n_names == 0;
}

#define R(name, outcome) "{\"name\":\"" name "\",\"outcome\":\"" outcome "\",\"log\":\"x\"}"

int main(void) {
    /* Every outcome but PASS and SKIP counts; a name repeated (--repeat, several devices)
     * comes once; unknown members are skipped whatever their type. */
    CHECK(parses("{\"schema_version\":2,\"device\":{\"a\":[1,2,{\"b\":null}]},\"results\":["
                 R("s.pass", "PASS") "," R("s.fail", "FAIL") "," R("s.skip", "SKIP") "," R("s.broken", "BROKEN") ","
                 R("s.inc", "INCONCLUSIVE") "," R("s.timeout", "TIMEOUT") "," R("s.crash", "CRASH") ","
                 R("s.error", "ERROR") "," R("s.int", "INTERRUPTED") "," R("s.fail", "FAIL") ","
                 "{\"outcome\":\"PASS\",\"name\":\"s.fail\"}"
                 "],\"x\":true,\"y\":false,\"z\":-1.5e-3}"));
    const char *want[] = {"s.fail", "s.broken", "s.inc", "s.timeout", "s.crash", "s.error", "s.int"};
    CHECK(n_names == 7);
    for (size_t i = 0; i < 7 && i < n_names; i++) CHECKF(strcmp(names[i], want[i]) == 0, "%zu: %s", i, names[i]);
    /* Nothing failed: no names, not an error. */
    CHECK(parses("{\"schema_version\":2,\"results\":[" R("a.b", "PASS") "]}") && n_names == 0 && !names);
    CHECK(parses(" \n{\"results\":[],\"schema_version\":1}\n") && n_names == 0);
    /* Escapes are decoded (a name is compared as the test registered it). */
    CHECK(parses("{\"schema_version\":2,\"results\":[{\"name\":\"a\\u002eb\\/c\\u00e9\\ud83d\\ude00\","
                 "\"outcome\":\"FAIL\"}]}") &&
          n_names == 1 && strcmp(names[0], "a.b/c\xc3\xa9\xf0\x9f\x98\x80") == 0);

    /* Not a report of ours. */
    CHECK(refused("", "not valid JSON: line 1, column 1 (byte 0): expected a value, found the end"));
    CHECK(refused("[]", "not a JSON object"));
    CHECK(refused(" 7", "not a JSON object (a gpucheck JSON report starts with '{') (byte 1)"));
    CHECK(refused("{}", "no 'schema_version'"));
    CHECK(refused("{\"schema_version\":2}", "no 'results'"));
    CHECK(refused("{\"results\":[]}", "no 'schema_version'"));
    CHECK(refused("{\"schema_version\":\"2\",\"results\":[]}", "schema_version is not a version number"));
    CHECK(refused("{\"schema_version\":0,\"results\":[]}", "schema_version is not a version number (byte 18)"));
    CHECK(refused("{\"schema_version\":2,\"results\":{}}", "'results' is not an array (byte 30)"));
    CHECK(refused("{\"schema_version\":2,\"results\":[1]}", "results[0] is not an object (byte 31)"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"outcome\":\"FAIL\"}]}", "results[0] has no name"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\"}]}", "no outcome"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\",\"outcome\":\"FAILED\"}]}", "unknown outcome"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":7,\"outcome\":\"FAIL\"}]}",
                  "results[0].name is not a string (byte 39)"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\",\"outcome\":null}]}", "outcome is not a string"));
    /* A report is UTF-8 (RFC 8259): other bytes in a name are refused, not passed on. */
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\xff\",\"outcome\":\"FAIL\"}]}", "not UTF-8"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\",\"name\":\"b\",\"outcome\":\"FAIL\"}]}",
                  "the key \"name\" twice"));
    CHECK(refused("{\"schema_version\":2,\"results\":[],\"results\":[]}", "the key \"results\" twice"));
    /* Cut short, or not JSON. */
    const char *whole = "{\"schema_version\":2,\"results\":[" R("s.fail", "FAIL") "]}";
    char cut[256];
    for (size_t len = 0; len < strlen(whole); len++) {
        memcpy(cut, whole, len);
        gc_rerun_free(names, n_names);
        names = NULL, n_names = 0;
        CHECKF(gc_rerun_parse(cut, len, &names, &n_names, err, sizeof err) != 0 && !names,
               "a report cut to %zu bytes was accepted", len);
    }
    CHECK(refused("{\"schema_version\":2,\"results\":[]} x", "the end of the input after the value"));
    CHECK(refused("{\"schema_version\":2,\"results\":[]}{}", "the end of the input after the value"));
    CHECK(refused("{\"schema_version\":2,\"results\":[],}", "expected a key"));
    CHECK(refused("{\"schema_version\":2,\"results\":[" R("a", "FAIL") ",]}", "expected a value, found ']'"));
    CHECK(refused("{\"schema_version\":2,\"x\":tru,\"results\":[]}", "expected a value"));
    CHECK(refused("{\"schema_version\":2,\"x\":01,\"results\":[]}", "leading zero"));
    CHECK(refused("{\"schema_version\":2,\"x\":1.,\"results\":[]}", "a digit after '.'"));
    CHECK(refused("{\"schema_version\":2,\"x\":1e,\"results\":[]}", "exponent"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"a\\qb\",\"results\":[]}", "expected an escape"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"\\u12G4\",\"results\":[]}", "four hex digits"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"\\ud800\",\"results\":[]}", "surrogate"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"\\udc00\",\"results\":[]}", "surrogate"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\\u0000b\",\"outcome\":\"FAIL\"}]}", "\\u0000"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"a\nb\",\"results\":[]}", "control character"));
    CHECK(refused("{\"schema_version\":2,\"x\":'a',\"results\":[]}", "expected a value"));
    /* Nesting is bounded (no stack exhaustion from a crafted file). */
    char deep[600];
    size_t o = (size_t)snprintf(deep, sizeof deep, "{\"schema_version\":2,\"x\":");
    for (int i = 0; i < 200; i++) deep[o++] = '[';
    deep[o] = '\0';
    CHECK(refused(deep, "nesting deeper than 64"));
    o = (size_t)snprintf(deep, sizeof deep, "{\"schema_version\":2,\"results\":[],\"x\":");
    for (int i = 0; i < 60; i++) deep[o++] = '[';
    for (int i = 0; i < 60; i++) deep[o++] = ']';
    deep[o++] = '}', deep[o] = '\0';
    CHECK(parses(deep));

    /* Files: a report is read whole; a missing one, a directory or a FIFO (refused at once,
     * not waited on) names the path and the reason; a fault names the path too. */
    char **fn;
    size_t fnn;
    CHECK(gc_rerun_load("/nonexistent/old.json", &fn, &fnn, err, sizeof err) != 0 && strstr(err, "/nonexistent/old.json") &&
          strstr(err, "No such file"));
    CHECK(gc_rerun_load("/", &fn, &fnn, err, sizeof err) != 0 && strstr(err, "cannot read /: not a regular file"));
    char dir[] = "/tmp/test_rerun.XXXXXX", path[64], fifo[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/old.json", dir);
    snprintf(fifo, sizeof fifo, "%s/fifo.json", dir);
    FILE *f = fopen(path, "w");
    CHECK(f && fputs("{\"schema_version\":3,\"results\":[" R("s.fail", "FAIL") "," R("s.crash", "CRASH") "]}\n", f) >= 0);
    if (f) fclose(f);
    CHECK(gc_rerun_load(path, &fn, &fnn, err, sizeof err) == 0 && fnn == 2 && strcmp(fn[0], "s.fail") == 0 &&
          strcmp(fn[1], "s.crash") == 0);
    if (fnn) gc_rerun_free(fn, fnn);
    f = fopen(path, "w");
    CHECK(f && fputs("{\"schema_version\":3,\"results\":[" R("s.fail", "FAIL"), f) >= 0);
    if (f) fclose(f);
    CHECK(gc_rerun_load(path, &fn, &fnn, err, sizeof err) != 0 && !fn && strstr(err, path) &&
          strstr(err, "not valid JSON: line 1, column 76 (byte 75): expected ',' or ']', found the end"));
    CHECK(mkfifo(fifo, 0600) == 0);
    CHECK(gc_rerun_load(fifo, &fn, &fnn, err, sizeof err) != 0 && strstr(err, "not a regular file"));
    unlink(fifo);
    unlink(path);
    rmdir(dir);
    gc_rerun_free(names, n_names);
    return UNIT_DONE();
}
