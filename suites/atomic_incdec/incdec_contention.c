/* SPDX-License-Identifier: Apache-2.0 */
/* incdec_contention.c — many work-items on one counter and on many counters.
 *
 * All-increment and all-decrement runs: whatever the interleaving, the k-th operation in a
 * counter's modification order returns the k-th value of the model's sequence, so the
 * multiset of returned values per counter and the final values are fixed: they are
 * compared exactly (sorted per counter) with the host model, for every form, so the three
 * forms are identical wherever the model is. Mixed runs: the final value is fixed, the
 * returned values depend on the interleaving; what every interleaving satisfies is checked
 * (gc_incdec_mixed_violations: range, final, net crossings of every step). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "incdec_suite.h"
#include "kernels/gc_atomic_bounded.h"

static uint32_t rand_below(gc_test_ctx *ctx, uint64_t n) {
    return n == 0 ? 0 : (uint32_t)(gc_ctx_rand_u64(ctx) % n);
}

gc_status incdec_experiment_prepare(gc_test_ctx *ctx, incdec_form form, const char *fault, const incdec_config *cfg,
                                    incdec_experiment *e) {
    memset(e, 0, sizeof *e);
    e->cfg = *cfg;
    e->form = form;
    if (form == INCDEC_ADD) { /* fetch-add of 1 is atomicInc with bound UINT32_MAX */
        e->cfg.bits = 32;
        e->cfg.bound = UINT32_MAX;
    }
    const gc_incdec_layout *l = &e->cfg.layout;
    const uint32_t bound = e->cfg.bound;
    size_t n_ops = (size_t)l->items * l->ops;
    size_t n_words = (n_ops + 31) / 32;
    e->v0 = gc_ctx_malloc(ctx, l->counters * sizeof *e->v0);
    e->dec_bits = gc_ctx_malloc(ctx, (n_words ? n_words : 1) * sizeof *e->dec_bits);
    e->olds = gc_ctx_malloc(ctx, (n_ops ? n_ops : 1) * sizeof *e->olds);
    e->finals = gc_ctx_malloc(ctx, l->counters * sizeof *e->finals);
    uint32_t *stored = gc_ctx_malloc(ctx, l->counters * sizeof *stored);
    if (!e->v0 || !e->dec_bits || !e->olds || !e->finals || !stored) return GC_ERR_NO_MEMORY;

    /* Start values. The native and CAS forms also start every fifth counter above the
     * bound in the all-inc / all-dec runs (atomicInc returns that value once, then wraps);
     * the wrap form cannot hold such values (its contract), and the mixed analysis needs
     * v0 <= bound. With bound UINT32_MAX the start is placed so that the run crosses it. */
    for (uint32_t c = 0; c < l->counters; c++) {
        size_t k = gc_incdec_layout_ops_on(l, c);
        uint32_t v;
        if (bound == UINT32_MAX && e->cfg.kind == 0) v = UINT32_MAX - (uint32_t)(k / 2);
        else if (bound == UINT32_MAX && e->cfg.kind == 1) v = (uint32_t)(k / 2);
        else if (bound == UINT32_MAX) v = gc_ctx_rand_u32(ctx);
        else if (c % 5 == 4 && e->cfg.kind != 2 && (form == INCDEC_NATIVE || form == INCDEC_CAS))
            v = bound + 1 + rand_below(ctx, (uint64_t)UINT32_MAX - bound);
        else v = rand_below(ctx, (uint64_t)bound + 1);
        e->v0[c] = v;
        stored[c] = incdec_stored(form, e->cfg.bits, v);
    }
    /* Mixed: each operation is a decrement with probability 3/8 (net upward drift, so the
     * counters also wrap). */
    if (e->cfg.kind == 2)
        for (size_t k = 0; k < n_ops; k++)
            if ((gc_ctx_rand_u32(ctx) & 7u) < 3u) e->dec_bits[k / 32] |= 1u << (k % 32);

    gc_status st = incdec_kernel(ctx, form, fault, "incdec_contention", &e->kernel);
    if (st != GC_OK) return st;
    if ((st = gc_ctx_alloc_input(ctx, (size_t)l->counters * 4, stored, &e->counters_buf)) != GC_OK) return st;
    if ((st = gc_ctx_alloc_output(ctx, (n_ops ? n_ops : 1) * 4, &e->olds_buf)) != GC_OK) return st;
    return gc_ctx_alloc_input(ctx, (n_words ? n_words : 1) * 4, e->dec_bits, &e->bits_buf);
}

gc_status incdec_experiment_launch(incdec_experiment *e, gc_test_ctx *ctx, double *ms) {
    const gc_incdec_layout *l = &e->cfg.layout;
    uint32_t items = l->items, ops = l->ops, counters = l->counters, mode = (uint32_t)e->cfg.kind;
    uint32_t bound = e->cfg.bound, bits = e->cfg.bits;
    gc_arg args[] = {GC_ARG_BUF(e->counters_buf), GC_ARG_BUF(e->olds_buf), GC_ARG_BUF(e->bits_buf),
                     GC_ARG_VAL(items), GC_ARG_VAL(ops), GC_ARG_VAL(counters), GC_ARG_VAL(mode),
                     GC_ARG_VAL(bound), GC_ARG_VAL(bits)};
    gc_range range = incdec_range(ctx, items);
    return gc_kernel_launch(e->kernel, &range, args, sizeof args / sizeof args[0], ms);
}

gc_status incdec_experiment_read(incdec_experiment *e) {
    const gc_incdec_layout *l = &e->cfg.layout;
    size_t n_ops = (size_t)l->items * l->ops;
    gc_status st = gc_buffer_read(e->olds_buf, 0, e->olds, n_ops * 4);
    if (st != GC_OK) return st;
    return gc_buffer_read(e->counters_buf, 0, e->finals, (size_t)l->counters * 4);
}

static int op_is_dec(const incdec_experiment *e, size_t k) {
    if (e->cfg.kind != 2) return e->cfg.kind == 1;
    return (e->dec_bits[k / 32] >> (k % 32)) & 1u;
}

/* The final values of a mixed run: increments and decrements of values <= bound commute
 * (they are +1 and -1 mod bound + 1), so the model applied in any order gives them. */
static void mixed_expected_finals(const incdec_experiment *e, uint32_t *finals) {
    const gc_incdec_layout *l = &e->cfg.layout;
    for (uint32_t c = 0; c < l->counters; c++) finals[c] = e->v0[c];
    for (uint32_t j = 0; j < l->ops; j++)
        for (uint32_t i = 0; i < l->items; i++) {
            uint32_t c = i % l->counters;
            finals[c] = op_is_dec(e, gc_incdec_layout_index(l, i, j)) ? gc_incdec_model_dec(finals[c], e->cfg.bound)
                                                                       : gc_incdec_model_inc(finals[c], e->cfg.bound);
        }
}

/* Validator of gc_check_property over the returned values of a mixed run: per counter,
 * gc_incdec_mixed_violations with the final values the device stored. */
static size_t mixed_validate(const void *data, size_t n, const void *param, char *msg, size_t len) {
    const incdec_experiment *e = param;
    const uint32_t *olds = data;
    const gc_incdec_layout *l = &e->cfg.layout;
    (void)n;
    gc_wrap_spec spec = gc_wrap_spec_for_bits(e->cfg.bits);
    size_t max_on = gc_incdec_layout_ops_on(l, 0); /* counter 0 gets the most */
    uint32_t *inc = malloc((max_on ? max_on : 1) * sizeof *inc), *dec = malloc((max_on ? max_on : 1) * sizeof *dec);
    size_t bad = 0;
    if (!inc || !dec) {
        snprintf(msg, len, "out of host memory");
        free(inc);
        free(dec);
        return 1;
    }
    for (uint32_t c = 0; c < l->counters; c++) {
        size_t ni = 0, nd = 0;
        for (uint32_t i = c; i < l->items; i += l->counters) {
            for (uint32_t j = 0; j < l->ops; j++) {
                size_t k = gc_incdec_layout_index(l, i, j);
                if (op_is_dec(e, k)) dec[nd++] = olds[k];
                else inc[ni++] = olds[k];
            }
            if (i > UINT32_MAX - l->counters) break;
        }
        uint32_t final = e->form == INCDEC_WRAP ? gc_wrap_value(spec, (gc_wrap_u32){e->finals[c]}) : e->finals[c];
        char m[512];
        size_t b = gc_incdec_mixed_violations(e->v0[c], e->cfg.bound, inc, ni, dec, nd, final, m, sizeof m);
        if (b && !bad) snprintf(msg, len, "counter %u: %s", c, m);
        bad += b;
    }
    free(inc);
    free(dec);
    return bad;
}

/* Negative controls: a returned value moved one step up (variant 0) or down (variant 1). */
static void mixed_mangle(void *data, size_t n, const void *param, unsigned variant) {
    const incdec_experiment *e = param;
    uint32_t *olds = data;
    size_t k = variant == 0 ? 0 : n - 1;
    uint32_t b = e->cfg.bound;
    olds[k] = variant == 0 ? (olds[k] >= b ? 0 : olds[k] + 1) : (olds[k] == 0 || olds[k] > b ? b : olds[k] - 1);
}

size_t incdec_experiment_verify(gc_test_ctx *ctx, incdec_experiment *e) {
    const gc_incdec_layout *l = &e->cfg.layout;
    size_t n_ops = (size_t)l->items * l->ops;
    uint32_t *want_finals = gc_ctx_malloc(ctx, l->counters * sizeof *want_finals);
    if (!want_finals) {
        gc_ctx_error(ctx, "out of host memory");
        return 1;
    }
    size_t bad = 0;
    char label[160];
    snprintf(label, sizeof label, "%u counters, %u items x %u ops, bound %u", l->counters, l->items, l->ops,
             e->cfg.bound);
    if (e->cfg.kind == 2) {
        mixed_expected_finals(e, want_finals);
        char plabel[200];
        snprintf(plabel, sizeof plabel, "mixed returned values (%s)", label);
        bad += !gc_check_property(ctx, plabel, e->olds, n_ops, 4, e, mixed_validate, mixed_mangle, 2);
    } else {
        uint32_t *want = gc_ctx_malloc(ctx, (n_ops ? n_ops : 1) * 4), *got = gc_ctx_malloc(ctx, (n_ops ? n_ops : 1) * 4);
        if (!want || !got) {
            gc_ctx_error(ctx, "out of host memory");
            return 1;
        }
        gc_incdec_expected_grouped(l, e->v0, e->cfg.bound, e->cfg.kind == 0, want, want_finals);
        gc_incdec_group_sorted(l, e->olds, got);
        char glabel[200];
        snprintf(glabel, sizeof glabel, "returned values sorted per counter (%s)", label);
        bad += !gc_check_u32(ctx, glabel, want, got, n_ops);
    }
    for (uint32_t c = 0; c < l->counters; c++) want_finals[c] = incdec_stored(e->form, e->cfg.bits, want_finals[c]);
    char flabel[200];
    snprintf(flabel, sizeof flabel, "final stored words (%s)", label);
    bad += !gc_check_u32(ctx, flabel, want_finals, e->finals, l->counters);
    return bad;
}

/* ---- the contention tests ------------------------------------------------------------ */

/* Configurations at scale 1: counters, work-items, operations per work-item, and either
 * the bound's n or 0 for "choose n so that each counter wraps about `wraps` times". */
static const struct {
    uint32_t counters, items, ops, bits, wraps;
} configs[] = {
    {1, 4096, 16, 0, 4},      /* one counter, 65536 operations, wraps 4 times */
    {1, 4096, 4, 1, 0},       /* n = 1: the migration tool's excluded case, wraps every other op */
    {1, 4096, 4, 32, 0},      /* n = 32: bound UINT32_MAX, crosses it once */
    {32, 8192, 8, 0, 8},      /* 2048 operations per counter */
    {1024, 16384, 8, 0, 8},   /* 128 per counter */
    {65536, 65536, 4, 2, 0},  /* 4 per counter, bound 3 */
};
#define N_CONFIGS (sizeof configs / sizeof configs[0])

static uint32_t auto_bits(size_t ops_per_counter, uint32_t wraps) {
    uint32_t n = 1;
    while (n < 31 && ((size_t)2 << n) * wraps <= ops_per_counter) n++;
    return n;
}

typedef struct {
    incdec_experiment e[N_CONFIGS];
} contention_state;

static gc_status contention_run(gc_test_ctx *ctx) {
    const incdec_param *p = gc_ctx_test(ctx)->param;
    contention_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    /* CPU devices run the work-items of a group one after another: fewer items suffice. */
    double scale = gc_ctx_scale(ctx) * (gc_ctx_info(ctx)->is_cpu ? 0.25 : 1.0);
    for (size_t i = 0; i < N_CONFIGS; i++) {
        incdec_config cfg;
        memset(&cfg, 0, sizeof cfg);
        double items = configs[i].items * scale;
        cfg.layout.items = items < 1 ? 1 : (uint32_t)items;
        cfg.layout.ops = configs[i].ops;
        cfg.layout.counters = configs[i].counters;
        cfg.kind = p->kind;
        cfg.bits = configs[i].bits ? configs[i].bits
                                   : auto_bits(gc_incdec_layout_ops_on(&cfg.layout, 0), configs[i].wraps);
        cfg.bound = (uint32_t)((UINT64_C(1) << cfg.bits) - 1);
        gc_status st = incdec_experiment_prepare(ctx, p->form, p->fault, &cfg, &s->e[i]);
        if (st != GC_OK) return st;
        if ((st = incdec_experiment_launch(&s->e[i], ctx, NULL)) != GC_OK) return st;
        if ((st = incdec_experiment_read(&s->e[i])) != GC_OK) return st;
    }
    return GC_OK;
}

static gc_status contention_check(gc_test_ctx *ctx) {
    contention_state *s = gc_ctx_state(ctx);
    double max_wraps = 0;
    for (size_t i = 0; i < N_CONFIGS; i++) {
        incdec_experiment_verify(ctx, &s->e[i]);
        double w = (double)gc_incdec_layout_ops_on(&s->e[i].cfg.layout, 0) / ((double)s->e[i].cfg.bound + 1);
        if (w > max_wraps) max_wraps = w;
    }
    gc_ctx_figure(ctx, "most wraps of one counter", max_wraps, "wraps");
    return GC_OK;
}

gc_test incdec_contention_test(const incdec_param *p) {
    gc_test t;
    memset(&t, 0, sizeof t);
    t.suite = INCDEC_SUITE;
    t.tags = "conformance,atomic,contention";
    t.min_checks = 10000;
    t.param = p;
    t.requires = incdec_requires;
    t.run = contention_run;
    t.check = contention_check;
    return t;
}

void incdec_register_contention(void) {
    static const char *const kinds[] = {"inc", "dec", "mixed"};
    static incdec_param params[3][3];
    static char names[3][3][48], desc[3][3][160];
    const incdec_form forms[] = {INCDEC_NATIVE, INCDEC_CAS, INCDEC_WRAP};
    for (int f = 0; f < 3; f++)
        for (int k = 0; k < 3; k++) {
            params[f][k] = (incdec_param){forms[f], k, NULL, 0};
            snprintf(names[f][k], sizeof names[f][k], "contention.%s.%s", incdec_form_name(forms[f]), kinds[k]);
            snprintf(desc[f][k], sizeof desc[f][k],
                     k == 2 ? "%s form, mixed inc/dec on 1 to 65536 counters: final values and net crossings"
                            : "%s form, %s on 1 to 65536 counters: returned multiset and finals equal the model",
                     incdec_form_name(forms[f]), kinds[k]);
            gc_test t = incdec_contention_test(&params[f][k]);
            t.name = names[f][k];
            t.description = desc[f][k];
            gc_test_register(&t);
        }
}
