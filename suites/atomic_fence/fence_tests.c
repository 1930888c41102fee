/* SPDX-License-Identifier: Apache-2.0 */
/* fence_tests.c — the atomic_fence suite's tests: one per case (fenced conformance tests
 * and weakened twins) plus the mutation score, registered with the harness. A twin is a
 * measurement (MEASURED); a fenced test that passes is UNVALIDATED unless a twin that
 * weakens it shows its weak outcome on the device. */
#include <stdio.h>
#include <string.h>

#include "suites/atomic_fence/fence_suite.h"

#define MIN_CHECKS 100000u /* fewer flag-seen reads than this: INCONCLUSIVE */

typedef struct {
    fence_config cfg;
    fence_engine *engine;
} test_state;

static const char *case_requires(const gc_test *t, const gc_device_info *info) {
    return fence_case_requires(t->param, info);
}

static gc_status case_setup(gc_test_ctx *ctx) {
    test_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    gc_status st = fence_config_load(ctx, &s->cfg);
    if (st) return st;
    return fence_engine_open(ctx, gc_ctx_test(ctx)->param, &s->cfg, &s->engine);
}

static uint64_t min_layout_checks(const fence_progress *p, unsigned layouts) {
    uint64_t m = UINT64_MAX;
    for (unsigned l = 0; l < layouts; l++) {
        uint64_t c = fence_tally_checks(&p->layout[l]);
        if (c < m) m = c;
    }
    return m;
}

/* Fenced tests: run until every layout has exercised target_checks checks, or the time
 * cap. Steps are cheap on a GPU, reading the counters is not, so the counters are read
 * after a batch sized from the checks per step seen so far. */
static gc_status fenced_run(gc_test_ctx *ctx) {
    test_state *s = gc_ctx_state(ctx);
    const fence_case *c = gc_ctx_test(ctx)->param;
    const unsigned layouts = fence_layout_count(c->space);
    double t0 = gc_ctx_elapsed(ctx);
    uint64_t batch = 1;
    for (;;) {
        for (uint64_t i = 0; i < batch; i++) {
            gc_status st = fence_engine_step(s->engine);
            if (st) return st;
            if (gc_ctx_elapsed(ctx) - t0 > s->cfg.seconds) break;
        }
        fence_progress p;
        gc_status st = fence_engine_progress(s->engine, &p);
        if (st) return st;
        uint64_t have = min_layout_checks(&p, layouts);
        if (have >= s->cfg.target_checks || gc_ctx_elapsed(ctx) - t0 > s->cfg.seconds) return GC_OK;
        uint64_t per_step = have / (p.launches ? p.launches : 1);
        batch = per_step ? (s->cfg.target_checks - have + per_step - 1) / per_step : 2 * batch;
        if (batch > 4096) batch = 4096;
    }
}

/* Twins: run for twin_seconds (at least one step), whatever they observe. */
static gc_status twin_run(gc_test_ctx *ctx) {
    test_state *s = gc_ctx_state(ctx);
    double t0 = gc_ctx_elapsed(ctx);
    do {
        gc_status st = fence_engine_step(s->engine);
        if (st) return st;
    } while (gc_ctx_elapsed(ctx) - t0 < s->cfg.twin_seconds);
    return GC_OK;
}

static void layout_figures(gc_test_ctx *ctx, const fence_case *c, const fence_progress *p, int twin) {
    for (unsigned l = 0; l < fence_layout_count(c->space); l++) {
        const char *ln = fence_layout_name(c->space, l);
        char n[64];
        snprintf(n, sizeof n, "checks_%s", ln);
        gc_ctx_figure(ctx, n, (double)fence_tally_checks(&p->layout[l]), "");
        snprintf(n, sizeof n, "%s_%s", twin ? "weak" : "stale", ln);
        gc_ctx_figure(ctx, n, (double)p->layout[l].stale, "");
        snprintf(n, sizeof n, "never_%s", ln);
        gc_ctx_figure(ctx, n, (double)p->layout[l].never, "");
        if (twin) {
            snprintf(n, sizeof n, "weak_per_s_%s", ln);
            gc_ctx_figure(ctx, n, p->seconds > 0 ? (double)p->layout[l].stale / p->seconds : 0, "1/s");
        }
    }
}

/* A fenced test that passed could have failed here only if a twin that weakens it shows
 * its weak outcome on this device: run them (score_seconds each) until one does. Where
 * none does, a broken fence would have passed as well: UNVALIDATED. */
static gc_status validate_by_twins(gc_test_ctx *ctx, const fence_case *c, const fence_config *cfg) {
    size_t n, tried = 0;
    const fence_case *cs = fence_cases(&n);
    char tried_names[512] = "";
    for (size_t i = 0; i < n; i++) {
        const fence_case *t = &cs[i];
        if (!fence_twin_weakens(t, c) || fence_case_requires(t, gc_ctx_info(ctx))) continue;
        fence_observation o;
        gc_status st = fence_twin_observe(ctx, t, cfg, cfg->score_seconds, &o);
        if (st) return st;
        if (o.observed) {
            gc_ctx_figure(ctx, "twin_observed", 1, "");
            gc_ctx_note(ctx, "validated: %s showed its weak outcome here, so this test could have failed", t->name);
            return GC_OK;
        }
        size_t used = strlen(tried_names);
        snprintf(tried_names + used, sizeof tried_names - used, "%s%s", tried++ ? ", " : "", t->name);
    }
    gc_ctx_figure(ctx, "twin_observed", 0, "");
    if (!tried)
        gc_ctx_unvalidated(ctx, "no twin that weakens this test applies to the device, so nothing shows it could fail here");
    else
        gc_ctx_unvalidated(ctx, "no twin that weakens it showed its weak outcome here (%s; %.2g s each): a broken "
                                "fence would have passed too",
                           tried_names, cfg->score_seconds);
    return GC_OK;
}

static gc_status case_check(gc_test_ctx *ctx) {
    test_state *s = gc_ctx_state(ctx);
    const fence_case *c = gc_ctx_test(ctx)->param;
    const int twin = fence_case_is_twin(c);
    fence_progress p;
    gc_status st = fence_engine_progress(s->engine, &p);
    if (st) return st;
    const int valid = fence_engine_validate(s->engine, c->name);
    const uint64_t checks = fence_tally_checks(&p.total);
    gc_ctx_count_checks(ctx, checks);
    gc_ctx_figure(ctx, "checks", (double)checks, "");
    layout_figures(ctx, c, &p, twin);
    gc_ctx_figure(ctx, "launches", (double)p.launches, "");
    gc_ctx_figure(ctx, "run_seconds", p.seconds, "s");
    gc_ctx_figure(ctx, "checks_per_s", p.seconds > 0 ? (double)checks / p.seconds : 0, "1/s");
    /* The minimum holds for every layout, not only for their sum. */
    const char *names[FENCE_MAX_LAYOUTS];
    const unsigned layouts = fence_layout_count(c->space);
    for (unsigned l = 0; l < layouts; l++) names[l] = fence_layout_name(c->space, l);
    char msg[256];
    const int short_layouts = fence_layouts_short(p.layout, names, layouts, MIN_CHECKS, msg, sizeof msg) > 0;
    if (short_layouts) gc_ctx_inconclusive(ctx, "%s", msg);
    if (twin) {
        gc_ctx_figure(ctx, "weak", (double)p.total.stale, "");
        gc_ctx_figure(ctx, "weak_per_s", p.seconds > 0 ? (double)p.total.stale / p.seconds : 0, "1/s");
        gc_ctx_figure(ctx, "weak_fraction", checks ? (double)p.total.stale / (double)checks : 0, "");
        gc_ctx_figure(ctx, "observed", p.total.stale ? 1 : 0, "");
        gc_ctx_measured(ctx, "twin: weak outcome %s (%llu of %llu checks, %.3g/s)",
                        p.total.stale ? "OBSERVED" : "not observed", (unsigned long long)p.total.stale,
                        (unsigned long long)checks, p.seconds > 0 ? (double)p.total.stale / p.seconds : 0.0);
        return GC_OK;
    }
    if (!valid || short_layouts) return GC_OK; /* it did not pass: nothing to validate */
    return validate_by_twins(ctx, c, &s->cfg);
}

static void case_teardown(gc_test_ctx *ctx) {
    test_state *s = gc_ctx_state(ctx);
    if (s) fence_engine_close(s->engine);
}

static const char *describe(const fence_case *c, char *buf, size_t len) {
    static const char *where[] = {"within a work-group (local memory)", "across work-groups (global memory)",
                                  "device writer, host-thread reader", "host-thread writer, device readers"};
    static const char *litmus[] = {"store buffering", "load buffering", "IRIW"};
    static const char *forms[] = {"?", "native bounded increment", "CAS-loop bounded increment",
                                  "fetch-add wrap counter (DPCT1116)"};
    if (fence_space_is_barrier(c->space)) {
        const char *data = c->space == FENCE_BARRIER_LOCAL ? "local" : "global";
        if (c->kind == FENCE_FENCED)
            snprintf(buf, len, "work-group barrier ordering %s memory: data a work-item wrote before it must be seen "
                     "after it by another work-item of the group", data);
        else if (!c->barrier_mem)
            snprintf(buf, len, "twin (weakened) of the barrier test on %s memory with no barrier: reports how often "
                     "stale data shows", data);
        else
            snprintf(buf, len, "twin (weakened) of the barrier test on global memory with a barrier that orders local "
                     "memory only (DPCT1065)%s: reports how often stale data shows",
                     c->reorder == FR_READ_HOISTED ? ", the read placed above it as a compiler then may" : "");
        return buf;
    }
    if (c->space == FENCE_LAST_BLOCK) {
        const char *form = forms[c->ticket >= FT_NATIVE && c->ticket <= FT_FETCH_ADD ? c->ticket : 0];
        if (c->kind == FENCE_FENCED)
            snprintf(buf, len, "\"last block done\" reduction: partials, %s fences at %s scope, a %s ticket; the "
                     "work-group with the last ticket must see every partial", gc_order_name(c->order1),
                     gc_scope_name(c->scope), form);
        else
            snprintf(buf, len, "twin (weakened) of the \"last block done\" reduction with a %s ticket and no "
                     "fences: reports how often a stale partial shows", form);
        return buf;
    }
    if (fence_space_is_litmus(c->space)) {
        const char *shape = litmus[c->space == FENCE_SB ? 0 : c->space == FENCE_LB ? 1 : 2];
        if (c->kind == FENCE_FENCED)
            snprintf(buf, len, "%s across work-groups with %s fences at %s scope: the forbidden outcome must never "
                     "be seen", shape, gc_order_name(c->order1), gc_scope_name(c->scope));
        else if (c->kind == FENCE_TWIN_NO_FENCE)
            snprintf(buf, len, "twin (weakened) of %s with no fences%s: reports how often the forbidden outcome "
                     "shows", shape, c->reorder != FR_IN_ORDER ? ", the second access placed first as a compiler may" : "");
        else
            snprintf(buf, len, "twin (weakened) of %s with %s fences instead of %s: reports how often the forbidden "
                     "outcome shows", shape, gc_order_name(c->order1), gc_order_name(c->parent_order1));
        return buf;
    }
    if (c->kind == FENCE_FENCED && (c->store_order != GC_ORDER_RELAXED || c->load_order != GC_ORDER_RELAXED))
        snprintf(buf, len, "message passing %s: flag store %s, flag polls %s, fences %s/%s, at %s scope; stale data "
                 "after the flag must never be seen", where[c->space], gc_order_name(c->store_order),
                 gc_order_name(c->load_order), gc_order_name(c->order1), gc_order_name(c->order2),
                 gc_scope_name(c->scope));
    else if (c->kind == FENCE_FENCED)
        snprintf(buf, len, "message passing %s: fences %s/%s at %s scope; stale data after the flag must never be seen",
                 where[c->space], gc_order_name(c->order1), gc_order_name(c->order2), gc_scope_name(c->scope));
    else if (c->kind == FENCE_TWIN_NO_FENCE && c->reorder == FR_READ_HOISTED)
        snprintf(buf, len, "twin (weakened) of the %s tests with no fences and the reader's data load above its poll, "
                 "as a compiler may place it: reports how often stale data shows", where[c->space]);
    else if (c->kind == FENCE_TWIN_NO_FENCE && c->reorder == FR_FLAG_FIRST)
        snprintf(buf, len, "twin (weakened) of the %s tests with no fences and the writer's flag store above its data "
                 "store, as a compiler may place it: reports how often stale data shows", where[c->space]);
    else if (c->kind == FENCE_TWIN_NO_FENCE)
        snprintf(buf, len, "twin (weakened) of the %s tests with no fences: reports how often stale data shows", where[c->space]);
    else
        snprintf(buf, len, "twin (weakened) %s with %s/%s fences at only %s scope: reports how often stale data shows",
                 where[c->space], gc_order_name(c->order1), gc_order_name(c->order2), gc_scope_name(c->scope));
    return buf;
}

void gc_suite_atomic_fence_register(void) {
    size_t n;
    const fence_case *cs = fence_cases(&n);
    static char descriptions[FENCE_MAX_CASES][200];
    for (size_t i = 0; i < n && i < FENCE_MAX_CASES; i++) {
        const int twin = fence_case_is_twin(&cs[i]);
        gc_test t;
        memset(&t, 0, sizeof t);
        t.suite = "atomic_fence";
        t.name = cs[i].name;
        t.tags = twin ? "fence,twin" : "conformance,fence";
        t.description = describe(&cs[i], descriptions[i], sizeof descriptions[i]);
        t.budget_s = 60;
        t.min_checks = MIN_CHECKS;
        t.param = &cs[i];
        t.requires = case_requires;
        t.setup = case_setup;
        t.run = twin ? twin_run : fenced_run;
        t.check = case_check;
        t.teardown = case_teardown;
        gc_test_register(&t);
    }
#if GC_BUILD_TESTS
    /* Mutants (test builds only): fenced tests on a faulty build, expected to FAIL. */
    const fence_case *ms = fence_mutant_cases(&n);
    for (size_t i = 0; i < n; i++) {
        gc_test t;
        memset(&t, 0, sizeof t);
        t.suite = "mutant_atomic_fence";
        t.name = ms[i].name;
        t.tags = "mutant,fence";
        t.description = "mutant: the last-block idiom with a CAS ticket whose increment wraps one step late "
                        "(at old > bound): no round may pass";
        t.budget_s = 60;
        t.min_checks = MIN_CHECKS;
        t.param = &ms[i];
        t.requires = case_requires;
        t.setup = case_setup;
        t.run = fenced_run;
        t.check = case_check;
        t.teardown = case_teardown;
        t.expect = GC_FAIL;
        gc_test_register(&t);
    }
    fence_config_declare("mutant_atomic_fence");
#endif
    fence_register_score();
    fence_config_declare("atomic_fence");
}
