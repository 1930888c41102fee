/* test_rerun.c — --rerun-failed reads an earlier JSON report: the tests that neither passed
 * nor skipped, each once, in report order; anything that is not a whole, valid report of
 * ours is refused with the byte where it went wrong, never read in part. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    CHECK(refused("", "not a JSON object"));
    CHECK(refused("[]", "not a JSON object"));
    CHECK(refused("{}", "no 'schema_version'"));
    CHECK(refused("{\"schema_version\":2}", "no 'results'"));
    CHECK(refused("{\"results\":[]}", "no 'schema_version'"));
    CHECK(refused("{\"schema_version\":\"2\",\"results\":[]}", "schema_version"));
    CHECK(refused("{\"schema_version\":2,\"results\":{}}", "expected '['"));
    CHECK(refused("{\"schema_version\":2,\"results\":[1]}", "results[0] is not an object"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"outcome\":\"FAIL\"}]}", "results[0] has no name"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\"}]}", "no outcome"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\",\"outcome\":\"FAILED\"}]}", "unknown outcome"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":7,\"outcome\":\"FAIL\"}]}", "not a string"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\",\"name\":\"b\",\"outcome\":\"FAIL\"}]}",
                  "'name' twice"));
    CHECK(refused("{\"schema_version\":2,\"results\":[],\"results\":[]}", "twice"));
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
    CHECK(refused("{\"schema_version\":2,\"results\":[]} x", "text after"));
    CHECK(refused("{\"schema_version\":2,\"results\":[]}{}", "text after"));
    CHECK(refused("{\"schema_version\":2,\"results\":[],}", "expected '\"'"));
    CHECK(refused("{\"schema_version\":2,\"results\":[" R("a", "FAIL") ",]}", "results[1] is not an object"));
    CHECK(refused("{\"schema_version\":2,\"x\":tru,\"results\":[]}", "not a value"));
    CHECK(refused("{\"schema_version\":2,\"x\":01,\"results\":[]}", "expected ','"));
    CHECK(refused("{\"schema_version\":2,\"x\":1.,\"results\":[]}", "digits after '.'"));
    CHECK(refused("{\"schema_version\":2,\"x\":1e,\"results\":[]}", "exponent"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"a\\qb\",\"results\":[]}", "unknown escape"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"\\u12G4\",\"results\":[]}", "4 hex digits"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"\\ud800\",\"results\":[]}", "surrogate"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"\\udc00\",\"results\":[]}", "surrogate"));
    CHECK(refused("{\"schema_version\":2,\"results\":[{\"name\":\"a\\u0000b\",\"outcome\":\"FAIL\"}]}", "NUL"));
    CHECK(refused("{\"schema_version\":2,\"x\":\"a\nb\",\"results\":[]}", "control character"));
    CHECK(refused("{\"schema_version\":2,\"x\":'a',\"results\":[]}", "not a value"));
    /* Nesting is bounded (no stack exhaustion from a crafted file). */
    char deep[600];
    size_t o = (size_t)snprintf(deep, sizeof deep, "{\"schema_version\":2,\"x\":");
    for (int i = 0; i < 200; i++) deep[o++] = '[';
    deep[o] = '\0';
    CHECK(refused(deep, "nested deeper"));
    o = (size_t)snprintf(deep, sizeof deep, "{\"schema_version\":2,\"results\":[],\"x\":");
    for (int i = 0; i < 60; i++) deep[o++] = '[';
    for (int i = 0; i < 60; i++) deep[o++] = ']';
    deep[o++] = '}', deep[o] = '\0';
    CHECK(parses(deep));

    /* Files: a missing one names the path and the reason. */
    char **fn;
    size_t fnn;
    CHECK(gc_rerun_load("/nonexistent/old.json", &fn, &fnn, err, sizeof err) != 0 && strstr(err, "/nonexistent/old.json") &&
          strstr(err, "No such file"));
    gc_rerun_free(names, n_names);
    return UNIT_DONE();
}
