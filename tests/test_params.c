/* SPDX-License-Identifier: Apache-2.0 */
/* test_params.c — test parameters (--param SUITE.KEY=VALUE): declarations are checked,
 * and every --param of a run is a declared key with a value of its kind and range, parsed
 * as the command line parses numbers (no octal, no junk); an unknown key lists the known. */
#include <stdio.h>
#include <string.h>

#include "harness/params.h"
#include "unit.h"

static char msg[4096];

/* gc_params_check on one --param; msg holds what it printed. */
static int check_one(const char *param) {
    gc_run_options o;
    gc_run_options_init(&o);
    o.params[o.n_params++] = param;
    memset(msg, 0, sizeof msg);
    FILE *f = fmemopen(msg, sizeof msg - 1, "w");
    int rc = gc_params_check(&o, f);
    fclose(f);
    return rc;
}

int main(void) {
    const gc_param_def good[] = {
        {"fence", "rounds", GC_PARAM_UINT, 1, 32, "rounds per launch"},
        {"fence", "seconds", GC_PARAM_REAL, 0, 600, "time cap"},
        {"suite.with.dots", "n", GC_PARAM_UINT, 0, 10, "a suite name may hold dots"},
    };
    for (size_t i = 0; i < 3; i++) CHECK(gc_param_register(&good[i]) == 0);
    CHECK(gc_param_register_errors() == 0);
    const gc_param_def bad[] = {
        {"fence", "rounds", GC_PARAM_UINT, 1, 32, "twice"},
        {"fence", "has.dot", GC_PARAM_UINT, 1, 32, "a dot in the key"},
        {"fence", "has=eq", GC_PARAM_UINT, 1, 32, "an = in the key"},
        {"fence", "", GC_PARAM_UINT, 1, 32, "empty key"},
        {NULL, "k", GC_PARAM_UINT, 1, 32, "no suite"},
        {"fence", "upside_down", GC_PARAM_REAL, 10, 1, "min > max"},
        {"fence", "negative", GC_PARAM_UINT, -1, 1, "a negative integer bound"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) CHECKF(gc_param_register(&bad[i]) == -1, "%s", bad[i].help);
    CHECK(gc_param_register(NULL) == -1);
    CHECK(gc_param_register_errors() == sizeof bad / sizeof bad[0] + 1);

    /* Splitting: the suite is everything before the last dot ahead of '='. */
    char suite[64], key[64];
    const char *value;
    CHECK(gc_param_split("suite.with.dots.n=3", suite, sizeof suite, key, sizeof key, &value) &&
          !strcmp(suite, "suite.with.dots") && !strcmp(key, "n") && !strcmp(value, "3"));
    CHECK(gc_param_split("a.b=c=d", suite, sizeof suite, key, sizeof key, &value) && !strcmp(value, "c=d"));
    CHECK(!gc_param_split("ab=1", suite, sizeof suite, key, sizeof key, &value));
    CHECK(!gc_param_split("a.b", suite, sizeof suite, key, sizeof key, &value));
    CHECK(!gc_param_split("a.b=", suite, sizeof suite, key, sizeof key, &value));

    /* Good values, every form the number parser accepts. */
    CHECK(check_one("fence.rounds=4") == 0);
    CHECK(check_one("fence.rounds=0x20") == 0);
    CHECK(check_one("fence.seconds=0.25") == 0);
    CHECK(check_one("fence.seconds=0") == 0);
    CHECK(check_one("suite.with.dots.n=10") == 0);
    /* GPUCHECK_FENCE_ROUNDS=010 read as 8 before: now refused, saying why. */
    CHECK(check_one("fence.rounds=010") == 2 && strstr(msg, "leading zero") && strstr(msg, "1..32"));
    CHECK(check_one("fence.rounds=33") == 2 && strstr(msg, "too large"));
    CHECK(check_one("fence.rounds=0") == 2 && strstr(msg, "too small"));
    CHECK(check_one("fence.rounds=-1") == 2 && strstr(msg, "negative"));
    CHECK(check_one("fence.rounds=4x") == 2 && strstr(msg, "not an integer"));
    CHECK(check_one("fence.rounds=2.5") == 2);
    CHECK(check_one("fence.seconds=1e9") == 2 && strstr(msg, "too large"));
    CHECK(check_one("fence.seconds=nan") == 2);
    /* Unknown keys list what is known: the suite's keys, or every key. */
    CHECK(check_one("fence.roundz=4") == 2 && strstr(msg, "unknown parameter 'fence.roundz'") &&
          strstr(msg, "fence.rounds") && strstr(msg, "fence.seconds") && !strstr(msg, "suite.with.dots.n"));
    CHECK(check_one("nosuite.rounds=4") == 2 && strstr(msg, "no parameters of a suite 'nosuite'") &&
          strstr(msg, "fence.rounds") && strstr(msg, "suite.with.dots.n"));
    CHECK(check_one("norounds=4") == 2 && strstr(msg, "SUITE.KEY=VALUE"));

    /* Sweeps: each value checked, none empty or twice; the cases in order, the first swept
     * key varying slowest, other suites' and single-valued parameters left as given. */
    CHECK(check_one("fence.rounds=1,2,0x20") == 0);
    CHECK(check_one("fence.rounds=1,33") == 2 && strstr(msg, "got '33'"));
    CHECK(check_one("fence.rounds=1,,2") == 2 && strstr(msg, "empty value"));
    CHECK(check_one("fence.rounds=3,") == 2 && strstr(msg, "empty value"));
    CHECK(check_one("fence.rounds=2,3,2") == 2 && strstr(msg, "given twice"));
    {
        gc_run_options o, c;
        gc_run_options_init(&o);
        o.params[o.n_params++] = "fence.rounds=1,2";
        o.params[o.n_params++] = "suite.with.dots.n=3";
        o.params[o.n_params++] = "fence.seconds=0.5,1.5,2";
        static gc_case_params buf;
        char label[GC_CASE_LABEL_MAX];
        CHECK(gc_param_cases(&o, "fence") == 6 && gc_param_cases(&o, "suite.with.dots") == 1 &&
              gc_param_cases(&o, "other") == 1);
        gc_param_case(&o, "fence", 4, &c, &buf, label, sizeof label); /* rounds=2 (4 / 3), seconds=1.5 (4 % 3) */
        CHECKF(!strcmp(label, "rounds=2,seconds=1.5"), "case 4: %s", label);
        CHECK(!strcmp(c.params[0], "fence.rounds=2") && !strcmp(c.params[2], "fence.seconds=1.5") &&
              c.params[1] == o.params[1] && o.params[0][13] == '1');
        gc_param_case(&o, "fence", 0, &c, &buf, label, sizeof label);
        CHECK(!strcmp(label, "rounds=1,seconds=0.5"));
        gc_param_case(&o, "suite.with.dots", 0, &c, &buf, label, sizeof label);
        CHECK(label[0] == '\0' && c.params[0] == o.params[0] && c.params[1] == o.params[1]);
        /* 32 x 33 cases: more than GC_MAX_CASES, refused before anything runs. */
        static char rounds[256] = "fence.rounds=1", seconds[256] = "fence.seconds=0";
        for (int v = 2; v <= 32; v++) snprintf(rounds + strlen(rounds), sizeof rounds - strlen(rounds), ",%d", v);
        for (int v = 1; v <= 32; v++) snprintf(seconds + strlen(seconds), sizeof seconds - strlen(seconds), ",%d", v);
        gc_run_options_init(&o);
        o.params[o.n_params++] = rounds;
        o.params[o.n_params++] = seconds;
        memset(msg, 0, sizeof msg);
        FILE *f = fmemopen(msg, sizeof msg - 1, "w");
        CHECK(gc_params_check(&o, f) == 2);
        fclose(f);
        CHECKF(strstr(msg, "more than 1024 cases"), "%s", msg);
        o.n_params = 1; /* 32 alone is fine */
        f = fmemopen(msg, sizeof msg - 1, "w");
        CHECK(gc_params_check(&o, f) == 0 && gc_param_cases(&o, "fence") == 32);
        fclose(f);
    }
    return UNIT_DONE();
}
