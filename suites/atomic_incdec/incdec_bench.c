/* SPDX-License-Identifier: Apache-2.0 */
/* incdec_bench.c — what the fetch-add rewrite buys: one bounded increment per work-item
 * on 1, 32, 1024, 65536 or 4M counters (work-item i on counter i % counters), by the
 * native instruction, the CAS loop and the wrap counter, against plain atomic add (the
 * `baseline`, so each row reports its ratio to add at the same contention level).
 *
 * Work-items per level: 2^16 on one counter and 2^20 on 32, because a contended CAS loop
 * costs about (work-items x contenders) attempts on an address that serves one at a time
 * (2^16 on one counter already takes about half a second on an H200); 2^22 where the
 * counters are many. CPU devices (PoCL) run 1/16 of that, and --scale multiplies it. The
 * same sizes serve every form of a level, so the ratios compare like with like. Every
 * benchmark is first validated like the contention tests (returned multiset and finals
 * equal the host model) before it is timed. */
#include <stdio.h>
#include <string.h>

#include "incdec_suite.h"

static const struct {
    uint32_t counters, items;
} levels[] = {
    {1u, 1u << 16}, {32u, 1u << 20}, {1024u, 1u << 22}, {65536u, 1u << 22}, {1u << 22, 1u << 22},
};
#define N_LEVELS (sizeof levels / sizeof levels[0])
#define BENCH_BITS 16 /* bound 65535 (step 65536): level 1 wraps once per sample */

typedef struct {
    incdec_experiment e;
} bench_state;

static uint32_t level_items(gc_test_ctx *ctx, uint32_t items) {
    double scaled = items * gc_ctx_scale(ctx) / (gc_ctx_info(ctx)->is_cpu ? 16.0 : 1.0);
    if (scaled < 1) return 1;
    if (scaled > (double)(1u << 26)) return 1u << 26;
    return (uint32_t)scaled;
}

static gc_status bench_run(gc_test_ctx *ctx) {
    const incdec_param *p = gc_ctx_test(ctx)->param;
    bench_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    uint32_t items = 0;
    for (size_t i = 0; i < N_LEVELS; i++)
        if (levels[i].counters == p->counters) items = level_items(ctx, levels[i].items);
    incdec_config cfg = {{items, 1, p->counters}, BENCH_BITS, (1u << BENCH_BITS) - 1, 0};
    gc_status st = incdec_experiment_prepare(ctx, p->form, NULL, &cfg, &s->e);
    if (st != GC_OK) return st;
    if ((st = incdec_experiment_launch(&s->e, ctx, NULL)) != GC_OK) return st;
    return incdec_experiment_read(&s->e);
}

static gc_status bench_check(gc_test_ctx *ctx) {
    bench_state *s = gc_ctx_state(ctx);
    incdec_experiment_verify(ctx, &s->e);
    gc_ctx_figure(ctx, "work-items", s->e.cfg.layout.items, "items");
    return GC_OK;
}

/* One launch; the counters keep counting from sample to sample (the time does not depend
 * on their values). */
static gc_status bench_sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    bench_state *s = gc_ctx_state(ctx);
    (void)iteration;
    *work = (double)s->e.cfg.layout.items;
    return incdec_experiment_launch(&s->e, ctx, device_ms);
}

void incdec_register_bench(void) {
    const incdec_form forms[] = {INCDEC_ADD, INCDEC_NATIVE, INCDEC_CAS, INCDEC_WRAP};
    static incdec_param params[N_LEVELS][4];
    static char names[N_LEVELS][4][48], baselines[N_LEVELS][48], desc[N_LEVELS][4][128];
    for (size_t l = 0; l < N_LEVELS; l++) {
        uint32_t c = levels[l].counters;
        snprintf(baselines[l], sizeof baselines[l], "bench.c%u.%s", c, incdec_form_name(INCDEC_ADD));
        for (size_t f = 0; f < 4; f++) {
            params[l][f] = (incdec_param){forms[f], 0, NULL, c};
            snprintf(names[l][f], sizeof names[l][f], "bench.c%u.%s", c, incdec_form_name(forms[f]));
            snprintf(desc[l][f], sizeof desc[l][f], "%s on %u counter%s, one op per work-item%s",
                     forms[f] == INCDEC_ADD ? "atomic add (baseline)" :
                     forms[f] == INCDEC_NATIVE ? "native bounded inc" :
                     forms[f] == INCDEC_CAS ? "CAS-loop bounded inc" : "fetch-add wrap counter inc",
                     c, c == 1 ? "" : "s", forms[f] == INCDEC_ADD ? "" : "; ratio to atomic add");
            gc_test t;
            memset(&t, 0, sizeof t);
            t.suite = INCDEC_SUITE;
            t.name = names[l][f];
            t.tags = "bench,atomic";
            t.description = desc[l][f];
            t.param = &params[l][f];
            t.requires = incdec_requires;
            t.run = bench_run;
            t.check = bench_check;
            t.sample = bench_sample;
            t.unit = "op/s";
            t.baseline = forms[f] == INCDEC_ADD ? NULL : baselines[l];
            gc_test_register(&t);
        }
    }
}
