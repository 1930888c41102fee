/* SPDX-License-Identifier: Apache-2.0 */
/* incdec_edges.c — single work-item sequences at the edges, for every bound 2^n - 1
 * (n = 0..32) and a few other bounds, every start value around 0, the bound and
 * UINT32_MAX, and every memory order x scope the device supports: each form returns and
 * stores exactly what the host model says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "incdec_suite.h"
#include "kernels/gc_atomic_bounded.h"

/* Scripts of INCDEC_SCRIPT_LEN operations, bit k = 1: increment. Each crosses the bound
 * (or 0) in both directions from any start within three steps of it. */
static const uint32_t edge_scripts[] = {
    0xffu, /* I I I I I I I I */
    0x00u, /* D D D D D D D D */
    0x39u, /* I D D I I I D D */
    0xc6u, /* D I I D D D I I */
};

/* Bounds that are not 2^n - 1 (native and CAS only: the rewrite does not apply). */
static const uint32_t other_bounds[] = {2u, 5u, 1000u, 0x80000000u, 0xfffffffeu};

typedef struct {
    uint32_t bound, bits, script, combo; /* as the kernel reads them */
    uint32_t start;                      /* the counter's value before the script */
} edge_case;

typedef struct {
    edge_case *cases;
    size_t n;
    uint32_t *got_out;      /* INCDEC_CASE_WORDS per case */
    uint32_t *got_counters; /* stored words after the script */
    uint32_t *want_out, *want_counters;
} edge_results;

/* Every (n or bound) x start x script x supported order/scope. */
static size_t make_cases(const gc_device_info *info, incdec_form form, edge_case *out) {
    size_t n = 0;
    uint32_t combos[16];
    size_t nc = 0;
    for (int o = GC_ORDER_RELAXED; o <= GC_ORDER_SEQ_CST; o++)
        for (int s = GC_SCOPE_WORK_GROUP; s <= GC_SCOPE_SYSTEM; s++)
            if (gc_caps_atomic(&info->caps, (gc_memory_order)o, (gc_memory_scope)s)) combos[nc++] = (uint32_t)(o * 4 + s);
    size_t n_bounds = 33 + sizeof other_bounds / sizeof other_bounds[0];
    for (size_t b = 0; b < n_bounds; b++) {
        uint32_t bits = b <= 32 ? (uint32_t)b : 0;
        uint32_t bound = b <= 32 ? (uint32_t)((UINT64_C(1) << b) - 1) : other_bounds[b - 33];
        /* The rewrite exists for bound = 2^n - 1 with n >= 1 only (bound 0 needs step 2^32). */
        if (form == INCDEC_WRAP && (b > 32 || bits == 0)) continue;
        uint32_t starts[GC_INCDEC_MAX_EDGE_VALUES];
        size_t ns = gc_incdec_edge_values(bound, starts);
        for (size_t s = 0; s < ns; s++)
            for (size_t sc = 0; sc < sizeof edge_scripts / sizeof edge_scripts[0]; sc++)
                for (size_t c = 0; c < nc; c++) {
                    if (out) out[n] = (edge_case){bound, bits, edge_scripts[sc], combos[c], starts[s]};
                    n++;
                }
    }
    return n;
}

/* Expected words: the model run on the start value; the wrap form sees the start mod 2^n
 * (values above its bound cannot be stored: the documented contract). */
static void expect_case(incdec_form form, const edge_case *c, uint32_t *words, uint32_t *stored) {
    uint8_t ops[INCDEC_SCRIPT_LEN];
    for (int k = 0; k < INCDEC_SCRIPT_LEN; k++) ops[k] = (uint8_t)((c->script >> k) & 1u);
    uint32_t start = form == INCDEC_WRAP ? c->start & c->bound : c->start;
    uint32_t final = gc_incdec_model_run(start, c->bound, ops, INCDEC_SCRIPT_LEN, words);
    words[INCDEC_SCRIPT_LEN] = final;
    *stored = incdec_stored(form, c->bits, final);
}

static gc_status edges_execute(gc_test_ctx *ctx, incdec_form form, const char *fault, edge_results *r) {
    const gc_device_info *info = gc_ctx_info(ctx);
    gc_kernel *k = NULL;
    gc_status st = incdec_kernel(ctx, form, fault, "incdec_edges", &k);
    if (st != GC_OK) return st;
    r->n = make_cases(info, form, NULL);
    r->cases = gc_ctx_malloc(ctx, r->n * sizeof *r->cases);
    uint32_t *case_words = gc_ctx_malloc(ctx, r->n * 4 * sizeof(uint32_t));
    uint32_t *init = gc_ctx_malloc(ctx, r->n * sizeof(uint32_t));
    r->got_out = gc_ctx_malloc(ctx, r->n * INCDEC_CASE_WORDS * sizeof(uint32_t));
    r->got_counters = gc_ctx_malloc(ctx, r->n * sizeof(uint32_t));
    r->want_out = gc_ctx_malloc(ctx, r->n * INCDEC_CASE_WORDS * sizeof(uint32_t));
    r->want_counters = gc_ctx_malloc(ctx, r->n * sizeof(uint32_t));
    if (!r->cases || !case_words || !init || !r->got_out || !r->got_counters || !r->want_out || !r->want_counters)
        return GC_ERR_NO_MEMORY;
    make_cases(info, form, r->cases);
    for (size_t i = 0; i < r->n; i++) {
        const edge_case *c = &r->cases[i];
        case_words[4 * i + 0] = c->bound;
        case_words[4 * i + 1] = c->bits;
        case_words[4 * i + 2] = c->script;
        case_words[4 * i + 3] = c->combo;
        init[i] = form == INCDEC_WRAP ? incdec_stored(form, c->bits, c->start) : c->start;
        expect_case(form, c, r->want_out + i * INCDEC_CASE_WORDS, &r->want_counters[i]);
    }
    gc_buffer *counters = NULL, *cases = NULL, *out = NULL;
    if ((st = gc_ctx_alloc_input(ctx, r->n * 4, init, &counters)) != GC_OK) return st;
    if ((st = gc_ctx_alloc_input(ctx, r->n * 16, case_words, &cases)) != GC_OK) return st;
    if ((st = gc_ctx_alloc_output(ctx, r->n * INCDEC_CASE_WORDS * 4, &out)) != GC_OK) return st;
    uint32_t n_cases = (uint32_t)r->n;
    gc_arg args[] = {GC_ARG_BUF(counters), GC_ARG_BUF(cases), GC_ARG_BUF(out), GC_ARG_VAL(n_cases)};
    gc_range range = incdec_range(ctx, r->n);
    if ((st = gc_kernel_launch(k, &range, args, 4, NULL)) != GC_OK) return st;
    if ((st = gc_buffer_read(out, 0, r->got_out, r->n * INCDEC_CASE_WORDS * 4)) != GC_OK) return st;
    return gc_buffer_read(counters, 0, r->got_counters, r->n * 4);
}

/* On a mismatch, say which case it was: the words alone do not tell. */
static void describe_first_mismatch(gc_test_ctx *ctx, const edge_results *r) {
    for (size_t i = 0; i < r->n; i++) {
        const edge_case *c = &r->cases[i];
        const uint32_t *w = r->want_out + i * INCDEC_CASE_WORDS, *g = r->got_out + i * INCDEC_CASE_WORDS;
        if (memcmp(w, g, INCDEC_CASE_WORDS * 4) == 0 && r->want_counters[i] == r->got_counters[i]) continue;
        gc_ctx_note(ctx, "first differing case %zu: bound %u (n=%u), start %u, script 0x%02x (bit k: op k is inc), "
                         "order %s, scope %s; expected olds %u %u %u %u ..., got %u %u %u %u ...",
                    i, c->bound, c->bits, c->start, c->script, gc_order_name((gc_memory_order)(c->combo / 4)),
                    gc_scope_name((gc_memory_scope)(c->combo % 4)), w[0], w[1], w[2], w[3], g[0], g[1], g[2], g[3]);
        return;
    }
}

typedef struct {
    edge_results r;
} edges_state;

static gc_status edges_run(gc_test_ctx *ctx) {
    const incdec_param *p = gc_ctx_test(ctx)->param;
    edges_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    return edges_execute(ctx, p->form, p->fault, &s->r);
}

static gc_status edges_check(gc_test_ctx *ctx) {
    edges_state *s = gc_ctx_state(ctx);
    const edge_results *r = &s->r;
    int ok = gc_check_u32(ctx, "returned values and value read back", r->want_out, r->got_out, r->n * INCDEC_CASE_WORDS);
    ok &= gc_check_u32(ctx, "stored counter words", r->want_counters, r->got_counters, r->n);
    if (!ok) describe_first_mismatch(ctx, r);
    gc_ctx_figure(ctx, "cases", (double)r->n, "sequences");
    return GC_OK;
}

gc_test incdec_edges_test(const incdec_param *p) {
    gc_test t;
    memset(&t, 0, sizeof t);
    t.suite = INCDEC_SUITE;
    t.tags = "conformance,atomic";
    t.min_checks = 1000;
    t.param = p;
    t.requires = incdec_requires;
    t.run = edges_run;
    t.check = edges_check;
    return t;
}

void incdec_register_edges(void) {
    static const incdec_param params[] = {{INCDEC_NATIVE, 0, NULL, 0}, {INCDEC_CAS, 0, NULL, 0},
                                          {INCDEC_WRAP, 0, NULL, 0}};
    static const char *const names[] = {"edges.native", "edges.cas", "edges.fetch_add"};
    static const char *const desc[] = {
        "native atom.inc/.dec: single work-item sequences at every edge, n = 0..32, all orders x scopes",
        "CAS loop: single work-item sequences at every edge, n = 0..32, all orders x scopes",
        "fetch-add wrap counter: single work-item sequences at every edge, n = 1..32, all orders x scopes"};
    for (size_t i = 0; i < 3; i++) {
        gc_test t = incdec_edges_test(&params[i]);
        t.name = names[i];
        t.description = desc[i];
        gc_test_register(&t);
    }
}
