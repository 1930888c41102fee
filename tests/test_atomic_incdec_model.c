/* SPDX-License-Identifier: Apache-2.0 */
/* test_atomic_incdec_model.c — host unit tests of the atomicInc/atomicDec model, of the
 * device library's arithmetic (kernels/gc_atomic_bounded.h compiled as host C) and of the
 * analyses the atomic_incdec suite checks device results with.
 *
 * Exit code: 0 when every test passed, 1 otherwise (each failure is printed). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/gc_atomic_bounded.h"
#include "suites/atomic_incdec/incdec_model.h"

static int g_failures;
static int g_checks;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        g_checks++;                                                                                \
        if (!(cond)) {                                                                             \
            g_failures++;                                                                          \
            fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, __func__);                          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

/* xorshift64*: deterministic inputs for the randomized cases. */
static uint64_t g_rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd32(void) {
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return (uint32_t)((g_rng * 0x2545f4914f6cdd1dull) >> 32);
}

/* Known answers written out by hand from CUDA's definition. */
static void test_model__known_answers(void) {
    static const struct {
        uint32_t old, bound, inc, dec;
    } kat[] = {
        {0, 5, 1, 5},   /* dec from 0 wraps to the bound */
        {1, 5, 2, 0},
        {4, 5, 5, 3},
        {5, 5, 0, 4},   /* inc at the bound wraps to 0 */
        {6, 5, 0, 5},   /* above the bound: inc gives 0, dec gives the bound */
        {UINT32_MAX, 5, 0, 5},
        {0, 0, 0, 0},   /* bound 0: everything goes to 0 */
        {7, 0, 0, 0},
        {0, 1, 1, 1},
        {1, 1, 0, 0},
        {2, 1, 0, 1},
        {0, UINT32_MAX, 1, UINT32_MAX},
        {UINT32_MAX - 1, UINT32_MAX, UINT32_MAX, UINT32_MAX - 2},
        {UINT32_MAX, UINT32_MAX, 0, UINT32_MAX - 1},
        {0x7fffffffu, 0x7fffffffu, 0, 0x7ffffffeu},
        {0x80000000u, 0x7fffffffu, 0, 0x7fffffffu},
    };
    for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        CHECK(gc_incdec_model_inc(kat[i].old, kat[i].bound) == kat[i].inc, "inc(%u, %u) = %u, want %u",
              kat[i].old, kat[i].bound, gc_incdec_model_inc(kat[i].old, kat[i].bound), kat[i].inc);
        CHECK(gc_incdec_model_dec(kat[i].old, kat[i].bound) == kat[i].dec, "dec(%u, %u) = %u, want %u",
              kat[i].old, kat[i].bound, gc_incdec_model_dec(kat[i].old, kat[i].bound), kat[i].dec);
    }
}

/* The device library's rule functions (used by its CAS loop) equal the model, exhaustively
 * for small bounds and at the edges of every 2^n - 1 and of random bounds. */
static void test_bounded_next__matches_model(void) {
    for (uint32_t bound = 0; bound <= 70; bound++)
        for (uint32_t old = 0; old <= 80; old++) {
            CHECK(gc_bounded_inc_next_u32(old, bound) == gc_incdec_model_inc(old, bound), "inc %u %u", old, bound);
            CHECK(gc_bounded_dec_next_u32(old, bound) == gc_incdec_model_dec(old, bound), "dec %u %u", old, bound);
        }
    for (unsigned k = 0; k < 32 + 200; k++) {
        uint32_t bound = k <= 32 ? (uint32_t)((UINT64_C(1) << k) - 1) : rnd32() >> (rnd32() % 32);
        uint32_t v[GC_INCDEC_MAX_EDGE_VALUES];
        size_t n = gc_incdec_edge_values(bound, v);
        for (size_t i = 0; i < n; i++) {
            CHECK(gc_bounded_inc_next_u32(v[i], bound) == gc_incdec_model_inc(v[i], bound), "inc %u %u", v[i], bound);
            CHECK(gc_bounded_dec_next_u32(v[i], bound) == gc_incdec_model_dec(v[i], bound), "dec %u %u", v[i], bound);
        }
    }
}

static void test_wrap_spec_for_bits__bound_step_shift(void) {
    for (uint32_t n = 1; n <= 32; n++) {
        gc_wrap_spec w = gc_wrap_spec_for_bits(n);
        CHECK(gc_wrap_spec_valid(w), "n=%u invalid", n);
        CHECK(w.bound == (uint32_t)((UINT64_C(1) << n) - 1), "n=%u bound %u", n, w.bound);
        CHECK((uint64_t)w.step * ((uint64_t)w.bound + 1) == (UINT64_C(1) << 32), "n=%u step %u", n, w.step);
        CHECK(w.shift == 32 - n, "n=%u shift %u", n, w.shift);
    }
    /* n = 1: step 2^31 (does not fit a signed 32-bit int); n = 32: step 1, bound UINT32_MAX. */
    CHECK(gc_wrap_spec_for_bits(1).step == 0x80000000u, "n=1 step");
    CHECK(gc_wrap_spec_for_bits(32).step == 1u && gc_wrap_spec_for_bits(32).bound == UINT32_MAX, "n=32");
    CHECK(!gc_wrap_spec_valid(gc_wrap_spec_for_bits(0)), "n=0 must be invalid (step 2^32)");
    CHECK(!gc_wrap_spec_valid(gc_wrap_spec_for_bits(33)), "n=33 must be invalid");
}

/* for_bound accepts exactly the bounds the model says the rewrite applies to. */
static void test_wrap_spec_for_bound__only_powers_of_two_minus_one(void) {
    for (unsigned k = 0; k < 5000; k++) {
        uint32_t bound;
        if (k < 33) bound = (uint32_t)((UINT64_C(1) << k) - 1);
        else if (k < 66) bound = (uint32_t)((UINT64_C(1) << (k - 33)));      /* 2^n: never */
        else if (k < 99) bound = (uint32_t)((UINT64_C(1) << (k - 66)) - 2);  /* 2^n - 2 */
        else bound = rnd32() >> (rnd32() % 32);
        unsigned bits = 0;
        int applies = gc_incdec_model_wrap_bits(bound, &bits);
        gc_wrap_spec w = gc_wrap_spec_for_bound(bound);
        CHECK(gc_wrap_spec_valid(w) == applies, "bound %u: valid %d, model %d", bound, gc_wrap_spec_valid(w), applies);
        if (applies) CHECK(w.bound == bound && w.shift == 32 - bits, "bound %u: spec %u/%u", bound, w.bound, w.shift);
    }
    CHECK(!gc_wrap_spec_valid(gc_wrap_spec_for_bound(0)), "bound 0");
    CHECK(gc_wrap_spec_for_bound(1).step == 0x80000000u, "bound 1");
    CHECK(gc_wrap_spec_for_bound(0x7fffffffu).step == 2u, "the DPCT1116 example: bound 0x7fffffff, step 2");
    CHECK(gc_wrap_spec_for_bound(UINT32_MAX).step == 1u, "bound UINT32_MAX");
}

/* The rewrite itself, simulated in 32-bit unsigned arithmetic: from every start <= bound,
 * adding / subtracting step to the scaled word and unscaling gives the model's values, for
 * every n from 1 to 32 (n = 1 included, which the migration tool excludes). */
static void test_wrap_arithmetic__equals_model_for_every_n(void) {
    for (uint32_t n = 1; n <= 32; n++) {
        gc_wrap_spec w = gc_wrap_spec_for_bits(n);
        uint32_t starts[GC_INCDEC_MAX_EDGE_VALUES];
        size_t ns = gc_incdec_edge_values(w.bound, starts);
        for (size_t s = 0; s < ns; s++) {
            if (starts[s] > w.bound) continue;
            uint32_t v = starts[s];
            gc_wrap_u32 c = gc_wrap_make(w, v);
            CHECK(gc_wrap_value(w, c) == v, "n=%u make/value %u", n, v);
            /* A walk that crosses the bound both ways. */
            static const uint8_t script[] = {1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 1};
            for (size_t k = 0; k < sizeof script; k++) {
                uint32_t old_scaled = c.scaled;
                c.scaled = script[k] ? c.scaled + w.step : c.scaled - w.step;
                uint32_t got_old = old_scaled >> w.shift;
                CHECK(got_old == v, "n=%u start %u op %zu: old %u want %u", n, starts[s], k, got_old, v);
                v = script[k] ? gc_incdec_model_inc(v, w.bound) : gc_incdec_model_dec(v, w.bound);
                CHECK(gc_wrap_value(w, c) == v, "n=%u start %u op %zu: value %u want %u", n, starts[s], k,
                      gc_wrap_value(w, c), v);
                CHECK((c.scaled & (w.step - 1u)) == 0, "n=%u: low bits of the scaled word set", n);
            }
        }
    }
}

/* The contract for values above the bound: they cannot be stored; make() keeps v mod 2^n,
 * which differs from what atomicInc does with such a value (return it, then store 0). */
static void test_wrap_make__above_bound_reduces_mod_2n(void) {
    for (uint32_t n = 1; n < 32; n++) {
        gc_wrap_spec w = gc_wrap_spec_for_bits(n);
        uint32_t above[] = {w.bound + 1u, w.bound + 2u, UINT32_MAX};
        for (size_t i = 0; i < 3; i++) {
            uint32_t v = above[i];
            gc_wrap_u32 c = gc_wrap_make(w, v);
            CHECK(gc_wrap_value(w, c) == (v & w.bound), "n=%u v=%u: %u", n, v, gc_wrap_value(w, c));
            /* atomicInc would return v itself: the scaled form returns v & bound instead. */
            CHECK(gc_wrap_value(w, c) != v, "n=%u v=%u: above-bound value representable?", n, v);
        }
    }
    gc_wrap_spec bad = gc_wrap_spec_for_bits(0);
    CHECK(gc_wrap_make(bad, 5).scaled == 0, "invalid spec stores 0");
}

/* Sequences: each value appears as often as the wrap period says (closed form). */
static void test_model_sequence__wrap_counts(void) {
    for (unsigned t = 0; t < 300; t++) {
        uint32_t bound = t % 3 == 0 ? rnd32() % 9 : rnd32() % 300;
        uint32_t v0 = rnd32() % (bound + 1u);
        size_t n = rnd32() % 2000;
        int inc = t & 1;
        uint32_t *seq = malloc((n + 1) * sizeof *seq);
        uint32_t final = gc_incdec_model_sequence(v0, bound, inc, n, seq);
        uint64_t period = (uint64_t)bound + 1;
        for (uint32_t x = 0; x <= bound; x++) {
            /* Distance from v0 to x in the direction of travel. */
            uint64_t d = inc ? ((uint64_t)x + period - v0) % period : ((uint64_t)v0 + period - x) % period;
            uint64_t want = n / period + (d < n % period ? 1 : 0);
            uint64_t got = 0;
            for (size_t k = 0; k < n; k++) got += seq[k] == x;
            CHECK(got == want, "bound %u v0 %u n %zu %s: value %u appears %" PRIu64 " times, want %" PRIu64,
                  bound, v0, n, inc ? "inc" : "dec", x, got, want);
        }
        uint32_t want_final = (uint32_t)(inc ? ((uint64_t)v0 + n) % period : ((uint64_t)v0 + period * n - n) % period);
        CHECK(final == want_final, "final %u want %u", final, want_final);
        free(seq);
    }
    /* Above the bound: returned once, then the wrapped sequence. */
    uint32_t s[4];
    gc_incdec_model_sequence(9, 3, 1, 4, s);
    CHECK(s[0] == 9 && s[1] == 0 && s[2] == 1 && s[3] == 2, "inc from 9, bound 3");
    gc_incdec_model_sequence(9, 3, 0, 4, s);
    CHECK(s[0] == 9 && s[1] == 3 && s[2] == 2 && s[3] == 1, "dec from 9, bound 3");
}

/* A mixed run in a random order, as a contended counter would see it. */
typedef struct {
    uint32_t *inc_olds, *dec_olds;
    size_t n_inc, n_dec;
    uint32_t final;
} mixed_run;

static void mixed_simulate(uint32_t v0, uint32_t bound, size_t n, unsigned dec_per_8, mixed_run *r) {
    r->inc_olds = malloc((n + 1) * sizeof(uint32_t));
    r->dec_olds = malloc((n + 1) * sizeof(uint32_t));
    r->n_inc = r->n_dec = 0;
    uint32_t v = v0;
    for (size_t k = 0; k < n; k++) {
        if (rnd32() % 8 < dec_per_8) {
            r->dec_olds[r->n_dec++] = v;
            v = gc_incdec_model_dec(v, bound);
        } else {
            r->inc_olds[r->n_inc++] = v;
            v = gc_incdec_model_inc(v, bound);
        }
    }
    r->final = v;
}

static void test_mixed_violations__model_runs_pass_and_corruptions_fail(void) {
    char msg[256];
    for (unsigned t = 0; t < 400; t++) {
        uint32_t bound;
        switch (t % 4) {
        case 0: bound = 1 + rnd32() % 4; break;
        case 1: bound = 1 + rnd32() % 1000; break;
        case 2: bound = UINT32_MAX; break;
        default: bound = (uint32_t)((UINT64_C(1) << (1 + rnd32() % 32)) - 1); break;
        }
        uint32_t v0 = bound == UINT32_MAX ? rnd32() : rnd32() % (bound + 1u);
        if (t % 7 == 0) v0 = bound; /* start at the edge */
        if (t % 11 == 0) v0 = 0;
        size_t n = 1 + rnd32() % 3000;
        mixed_run r;
        mixed_simulate(v0, bound, n, t % 9, &r);
        size_t bad = gc_incdec_mixed_violations(v0, bound, r.inc_olds, r.n_inc, r.dec_olds, r.n_dec,
                                                r.final, msg, sizeof msg);
        CHECK(bad == 0, "bound %u v0 %u n %zu: %zu violations: %s", bound, v0, n, bad, msg);

        /* Each corruption must be caught. */
        uint32_t period_m1 = bound;
        if (r.n_inc) {
            uint32_t keep = r.inc_olds[0];
            r.inc_olds[0] = keep == period_m1 ? 0 : keep + 1; /* a neighbouring value */
            CHECK(gc_incdec_mixed_violations(v0, bound, r.inc_olds, r.n_inc, r.dec_olds, r.n_dec, r.final, msg,
                                             sizeof msg) > 0, "shifted inc old not caught (bound %u)", bound);
            r.inc_olds[0] = keep;
            /* A lost update: one increment fewer. */
            CHECK(gc_incdec_mixed_violations(v0, bound, r.inc_olds + 1, r.n_inc - 1, r.dec_olds, r.n_dec, r.final,
                                             msg, sizeof msg) > 0, "dropped inc not caught (bound %u)", bound);
        }
        if (r.n_dec) {
            uint32_t keep = r.dec_olds[0];
            r.dec_olds[0] = keep == 0 ? period_m1 : keep - 1;
            CHECK(gc_incdec_mixed_violations(v0, bound, r.inc_olds, r.n_inc, r.dec_olds, r.n_dec, r.final, msg,
                                             sizeof msg) > 0, "shifted dec old not caught (bound %u)", bound);
            r.dec_olds[0] = keep;
        }
        uint32_t bad_final = r.final == bound ? 0 : r.final + 1;
        CHECK(gc_incdec_mixed_violations(v0, bound, r.inc_olds, r.n_inc, r.dec_olds, r.n_dec, bad_final, msg,
                                         sizeof msg) > 0, "wrong final not caught (bound %u)", bound);
        if (bound < UINT32_MAX && r.n_inc) {
            uint32_t keep = r.inc_olds[0];
            r.inc_olds[0] = bound + 1; /* what an off-by-one wrap returns */
            CHECK(gc_incdec_mixed_violations(v0, bound, r.inc_olds, r.n_inc, r.dec_olds, r.n_dec, r.final, msg,
                                             sizeof msg) > 0, "old above bound not caught");
            r.inc_olds[0] = keep;
        }
        free(r.inc_olds);
        free(r.dec_olds);
    }
}

/* An increment that wraps one step late (at old > bound) run in the same random orders:
 * the analysis rejects it whenever the walk reached the bound going up. */
static void test_mixed_violations__off_by_one_wrap_fails(void) {
    char msg[256];
    unsigned caught = 0, reached = 0;
    for (unsigned t = 0; t < 200; t++) {
        uint32_t bound = 1 + rnd32() % 6, v = rnd32() % (bound + 1u), v0 = v;
        size_t n = 50 + rnd32() % 200;
        uint32_t *io = malloc(n * sizeof *io), *dn = malloc(n * sizeof *dn);
        size_t ni = 0, nd = 0;
        int hit = 0;
        for (size_t k = 0; k < n; k++) {
            if (rnd32() % 3 == 0) {
                dn[nd++] = v;
                v = gc_incdec_model_dec(v, bound);
            } else {
                io[ni++] = v;
                hit |= v == bound;
                v = v > bound ? 0 : v + 1; /* the mutant */
            }
        }
        reached += hit;
        caught += gc_incdec_mixed_violations(v0, bound, io, ni, dn, nd, v, msg, sizeof msg) > 0;
        free(io);
        free(dn);
    }
    CHECK(reached > 0, "no run reached the bound");
    CHECK(caught >= reached, "mutant caught in %u of %u runs that reached the bound", caught, reached);
}

static void test_layout__ops_on_and_grouping(void) {
    gc_incdec_layout l = {10, 3, 4};
    size_t total = 0;
    for (uint32_t c = 0; c < 4; c++) total += gc_incdec_layout_ops_on(&l, c);
    CHECK(total == 30, "ops over counters %zu", total);
    CHECK(gc_incdec_layout_ops_on(&l, 0) == 9 && gc_incdec_layout_ops_on(&l, 1) == 9 &&
              gc_incdec_layout_ops_on(&l, 2) == 6 && gc_incdec_layout_ops_on(&l, 3) == 6,
          "per-counter op counts");
    gc_incdec_layout wide = {5, 2, 8}; /* more counters than items: 3 are never touched */
    CHECK(gc_incdec_layout_ops_on(&wide, 4) == 2 && gc_incdec_layout_ops_on(&wide, 5) == 0, "wide layout");

    /* Simulate contention: operations applied in a random order to their counters, the
     * returned values stored at the layout's index; grouping must give the model's sets. */
    for (unsigned t = 0; t < 50; t++) {
        gc_incdec_layout g = {1 + rnd32() % 200, 1 + rnd32() % 5, 1 + rnd32() % 40};
        uint32_t bound = rnd32() % 17, inc = t & 1;
        size_t n = (size_t)g.items * g.ops;
        uint32_t *v0 = malloc(g.counters * sizeof *v0), *val = malloc(g.counters * sizeof *val);
        uint32_t *olds = malloc(n * sizeof *olds), *got = malloc(n * sizeof *got), *want = malloc(n * sizeof *want);
        uint32_t *finals = malloc(g.counters * sizeof *finals);
        size_t *order = malloc(n * sizeof *order);
        for (uint32_t c = 0; c < g.counters; c++) val[c] = v0[c] = rnd32() % (bound + 3u); /* some above */
        for (size_t k = 0; k < n; k++) order[k] = k;
        for (size_t k = n; k > 1; k--) {
            size_t j = rnd32() % k, tmp = order[k - 1];
            order[k - 1] = order[j];
            order[j] = tmp;
        }
        for (size_t k = 0; k < n; k++) {
            uint32_t item = (uint32_t)(order[k] % g.items), op = (uint32_t)(order[k] / g.items);
            uint32_t c = item % g.counters;
            olds[gc_incdec_layout_index(&g, item, op)] = val[c];
            val[c] = inc ? gc_incdec_model_inc(val[c], bound) : gc_incdec_model_dec(val[c], bound);
        }
        gc_incdec_group_sorted(&g, olds, got);
        gc_incdec_expected_grouped(&g, v0, bound, (int)inc, want, finals);
        CHECK(memcmp(got, want, n * sizeof *got) == 0, "grouped olds differ (items %u ops %u counters %u)",
              g.items, g.ops, g.counters);
        CHECK(memcmp(finals, val, g.counters * sizeof *val) == 0, "finals differ");
        free(v0); free(val); free(olds); free(got); free(want); free(finals); free(order);
    }
}

int main(void) {
    test_model__known_answers();
    test_bounded_next__matches_model();
    test_wrap_spec_for_bits__bound_step_shift();
    test_wrap_spec_for_bound__only_powers_of_two_minus_one();
    test_wrap_arithmetic__equals_model_for_every_n();
    test_wrap_make__above_bound_reduces_mod_2n();
    test_model_sequence__wrap_counts();
    test_mixed_violations__model_runs_pass_and_corruptions_fail();
    test_mixed_violations__off_by_one_wrap_fails();
    test_layout__ops_on_and_grouping();
    printf("test_atomic_incdec_model: %d checks, %d failures\n", g_checks, g_failures);
    return g_failures ? 1 : 0;
}
