/* SPDX-License-Identifier: Apache-2.0 */
/* fence_score.c — atomic_fence.mutation_score: runs every twin that applies to the device
 * until its weak outcome shows or score_seconds pass, and reports the share of twins
 * whose weak outcome was observed. A twin that is never observed means the suite could
 * not have seen that bug on this device; the score is how strong the suite is here: a
 * measurement (MEASURED), not a pass. fence_twin_observe() is also how a fenced test finds
 * out whether it could have failed here (fence_tests.c). */
#include <stdio.h>
#include <string.h>

#include "suites/atomic_fence/fence_suite.h"

static const char *score_requires(const gc_test *t, const gc_device_info *info) {
    (void)t;
    size_t n;
    const fence_case *cs = fence_cases(&n);
    for (size_t i = 0; i < n; i++)
        if (fence_case_is_twin(&cs[i]) && !fence_case_requires(&cs[i], info)) return NULL;
    return "no twin applies to this device (it lacks every fenced test's capabilities)";
}

gc_status fence_twin_observe(gc_test_ctx *ctx, const fence_case *twin, const fence_config *cfg, double seconds,
                             fence_observation *out) {
    memset(out, 0, sizeof *out);
    fence_engine *e = NULL;
    gc_status st = fence_engine_open(ctx, twin, cfg, &e);
    if (st) {
        fence_engine_close(e);
        return st;
    }
    double t0 = gc_ctx_elapsed(ctx);
    uint64_t stale = 0;
    do {
        if ((st = fence_engine_step(e)) || (st = fence_engine_stale(e, &stale))) {
            fence_engine_close(e);
            return st;
        }
    } while (!stale && gc_ctx_elapsed(ctx) - t0 < seconds);
    out->seconds = gc_ctx_elapsed(ctx) - t0;
    fence_progress p;
    if ((st = fence_engine_progress(e, &p))) {
        fence_engine_close(e);
        return st;
    }
    fence_engine_validate(e, twin->name); /* every reader must still add up */
    fence_engine_close(e);
    out->observed = stale != 0;
    out->launches = p.launches;
    out->checks = fence_tally_checks(&p.total);
    out->weak = p.total.stale;
    gc_ctx_note(ctx, "%-40s %s after %.3f s (%llu launches, %llu checks, %llu weak)", twin->name,
                out->observed ? "OBSERVED" : "not observed", out->seconds, (unsigned long long)out->launches,
                (unsigned long long)out->checks, (unsigned long long)out->weak);
    return GC_OK;
}

static gc_status score_run(gc_test_ctx *ctx) {
    fence_config cfg;
    gc_status st = fence_config_load(ctx, &cfg);
    if (st) return st;
    size_t n, applicable = 0, observed = 0;
    uint64_t checks = 0;
    const fence_case *cs = fence_cases(&n);
    for (size_t i = 0; i < n; i++) {
        const fence_case *c = &cs[i];
        if (!fence_case_is_twin(c)) continue;
        const char *why = fence_case_requires(c, gc_ctx_info(ctx));
        if (why) {
            gc_ctx_note(ctx, "%-40s not applicable: %s", c->name, why);
            continue;
        }
        applicable++;
        fence_observation o;
        if ((st = fence_twin_observe(ctx, c, &cfg, cfg.score_seconds, &o))) return st;
        checks += o.checks;
        observed += o.observed ? 1u : 0u;
        char fig[64];
        snprintf(fig, sizeof fig, "%s", c->name + 5); /* drop "twin." */
        gc_ctx_figure(ctx, fig, o.observed ? 1 : 0, "observed");
    }
    gc_ctx_count_checks(ctx, checks);
    gc_ctx_figure(ctx, "score", applicable ? (double)observed / (double)applicable : 0, "");
    gc_ctx_figure(ctx, "twins_observed", (double)observed, "");
    gc_ctx_figure(ctx, "twins_applicable", (double)applicable, "");
    gc_ctx_measured(ctx, "mutation score %zu/%zu: twins whose weak outcome showed on this device", observed,
                    applicable);
    return GC_OK;
}

static gc_status score_check(gc_test_ctx *ctx) {
    (void)ctx; /* the twins were validated as they ran */
    return GC_OK;
}

void fence_register_score(void) {
    gc_test t;
    memset(&t, 0, sizeof t);
    t.suite = "atomic_fence";
    t.name = "mutation_score";
    t.tags = "fence,summary";
    t.description = "runs every applicable twin until its weak outcome shows; score = twins observed / twins run";
    t.budget_s = 120;
    t.min_checks = 100000;
    t.requires = score_requires;
    t.run = score_run;
    t.check = score_check;
    gc_test_register(&t);
}
