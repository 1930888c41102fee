/* SPDX-License-Identifier: Apache-2.0 */
/* test_atomic_fence_outcome.c — the reader-outcome validator and its negative controls:
 * stale outcomes are caught where forbidden and tolerated in twins; outcome totals must
 * match; every control variant must be caught. */
#include <string.h>

#include "kernels/gc_atomic_bounded.h"
#include "suites/atomic_fence/fence_outcome.h"
#include "suites/atomic_fence/litmus_outcome.gc"
#include "suites/atomic_fence/read_outcome.gc"
#include "unit.h"

/* The reads of the barrier shapes and the last-block idiom, on every outcome: the round's
 * value is seen; an older one is stale; a larger one (or the canary) is invalid where the
 * word held only older values, and stale where it may have held anything (local memory
 * that is not cleared: a read that did not see the write). */
static void read_outcomes(void) {
    const gc_u32 e = 1000;
    for (int only_older = 0; only_older < 2; only_older++) {
        CHECK(fo_read_outcome(e, e, only_older) == FO_OK);
        CHECK(fo_read_outcome(e - 1, e, only_older) == FO_STALE);
        CHECK(fo_read_outcome(0, e, only_older) == FO_STALE);
        const int larger = only_older ? FO_NEVER : FO_STALE;
        CHECK(fo_read_outcome(e + 1, e, only_older) == larger);
        CHECK(fo_read_outcome(0xAAAAAAAAu, e, only_older) == larger);
        CHECK(fo_read_outcome(0xFFFFFFFFu, e, only_older) == larger);
    }
    /* the first round of the first launch: e = 1, the zeroed word is stale */
    CHECK(fo_read_outcome(0, 1, 1) == FO_STALE && fo_read_outcome(1, 1, 1) == FO_OK);
}

/* The idiom's tickets in each form, as the host arithmetic of kernels/gc_atomic_bounded.h:
 * G increments of bound G - 1 from 0 hand out every ticket 0 .. G - 1 once, so exactly
 * one work-group draws the last ticket (G - 1), and leave the counter at 0 for the next
 * launch; the fetch-add form's scaled word too. The bound G (atomicInc(&count, gridDim.x),
 * as the reduction is often written, relying on a reset by hand) does not: the counter is
 * left at G, and the next launch has no last work-group, which the suite's totals and its
 * counter check catch. */
static void ticket_sequences(void) {
    for (gc_u32 bits = 1; bits <= 12; bits++) {
        const gc_u32 groups = 1u << bits;
        gc_u32 counter = 0, last = 0, seen_all = 1;
        gc_wrap_spec w = gc_wrap_spec_for_bound(groups - 1u);
        CHECK(gc_wrap_spec_valid(w));
        gc_wrap_u32 wrapped = gc_wrap_make(w, 0);
        for (gc_u32 g = 0; g < groups; g++) {
            const gc_u32 t = counter, tw = gc_wrap_value(w, wrapped);
            counter = gc_bounded_inc_next_u32(counter, groups - 1u);
            wrapped.scaled += w.step; /* the fetch-add */
            seen_all &= t == g && tw == g;
            last += t == groups - 1u;
        }
        CHECKF(seen_all && last == 1 && counter == 0 && wrapped.scaled == 0, "G = %u: last %u, counter %u, word %u",
               groups, last, counter, wrapped.scaled);
        /* the bound G: no wrap, no ticket G - 1 in the next launch */
        counter = 0;
        for (gc_u32 g = 0; g < groups; g++) counter = gc_bounded_inc_next_u32(counter, groups);
        CHECK(counter == groups);
        last = 0;
        for (gc_u32 g = 0; g < groups; g++) {
            last += counter == groups - 1u;
            counter = gc_bounded_inc_next_u32(counter, groups);
        }
        CHECK(last == 0);
    }
}

/* Every outcome of a litmus shape's registers (each either the round's value e or an
 * older one): exactly the forbidden combination is classified forbidden. A classifier
 * that let the forbidden outcome through, or flagged an allowed one, fails here. */
static void litmus_outcomes(void) {
    const gc_u32 e = 1000, old = 998;
    static const struct {
        int shape;
        unsigned forbidden_mask; /* which registers saw the store in the forbidden outcome */
    } shapes[] = {{LT_SB, 0x0}, {LT_LB, 0x3}, {LT_IRIW, 0x5}};
    for (unsigned k = 0; k < 3; k++) {
        const unsigned n = lt_registers(shapes[k].shape);
        CHECK(n == (shapes[k].shape == LT_IRIW ? 4u : 2u));
        for (unsigned mask = 0; mask < (1u << n); mask++) {
            gc_u32 regs[LT_REGS] = {0, 0, 0, 0};
            for (unsigned r = 0; r < n; r++) regs[r] = (mask >> r) & 1u ? e : old;
            const int want = mask == shapes[k].forbidden_mask ? LT_OUT_FORBIDDEN : LT_OUT_OK;
            CHECK(lt_classify(shapes[k].shape, regs, e) == want);
        }
        /* a register never written (still the canary) or from the future is invalid */
        gc_u32 canary[LT_REGS] = {0xAAAAAAAAu, e, e, e};
        CHECK(lt_classify(shapes[k].shape, canary, e) == LT_OUT_INVALID);
        gc_u32 future[LT_REGS] = {e, e + 1, e, e};
        CHECK(lt_classify(shapes[k].shape, future, e) == LT_OUT_INVALID);
    }
    /* the unused registers of the two-thread shapes do not count */
    gc_u32 sb[LT_REGS] = {e, old, 0xAAAAAAAAu, 0xAAAAAAAAu};
    CHECK(lt_classify(LT_SB, sb, e) == LT_OUT_OK);
}

int main(void) {
    char msg[256];
    /* Three readers: slot 0 took no part (e.g. the writer), slots 1 and 2 did 4 rounds. */
    uint32_t c[3 * FO_COUNT] = {0, 0, 0, /**/ 1, 3, 0, /**/ 0, 4, 0};
    uint32_t expected[3] = {0, 4, 4};
    fence_expect fenced = {expected, 1, "work-item", 0};
    fence_expect twin = {expected, 0, "work-item", 0};

    fence_tally t = fence_tally_slots(c, 0, 3);
    CHECK(t.never == 1 && t.ok == 7 && t.stale == 0 && fence_tally_checks(&t) == 7);
    CHECK(fence_validate(c, 3, &fenced, msg, sizeof msg) == 0);

    /* a stale outcome: forbidden in a fenced test, allowed in a twin */
    uint32_t s[3 * FO_COUNT];
    memcpy(s, c, sizeof c);
    s[FO_COUNT * 2 + FO_OK] = 3;
    s[FO_COUNT * 2 + FO_STALE] = 1;
    CHECK(fence_validate(s, 3, &fenced, msg, sizeof msg) == 1 && strstr(msg, "work-item 2") && strstr(msg, "stale"));
    CHECK(fence_validate(s, 3, &twin, msg, sizeof msg) == 0);
    t = fence_tally_slots(s, 0, 3);
    CHECK(t.stale == 1 && fence_tally_checks(&t) == 7);

    /* outcomes that do not add up: a reader that ran one round short, or one that
     * should not have run at all */
    memcpy(s, c, sizeof c);
    s[FO_COUNT * 1 + FO_NEVER] = 0;
    CHECK(fence_validate(s, 3, &twin, msg, sizeof msg) == 1 && strstr(msg, "expected 4"));
    memcpy(s, c, sizeof c);
    s[FO_COUNT * 0 + FO_OK] = 1;
    CHECK(fence_validate(s, 3, &fenced, msg, sizeof msg) == 1 && strstr(msg, "work-item 0"));

    /* every negative-control variant is caught, for fenced tests and twins alike */
    CHECK(fence_mangle_variants(&fenced) == 2 && fence_mangle_variants(&twin) == 1);
    for (unsigned v = 0; v < fence_mangle_variants(&fenced); v++) {
        memcpy(s, c, sizeof c);
        fence_mangle(s, 3, &fenced, v);
        CHECK(fence_validate(s, 3, &fenced, msg, sizeof msg) > 0);
    }
    memcpy(s, c, sizeof c);
    fence_mangle(s, 3, &twin, 0);
    CHECK(fence_validate(s, 3, &twin, msg, sizeof msg) > 0);

    litmus_outcomes();
    read_outcomes();
    ticket_sequences();

    /* the litmus shapes: an invalid register (FO_NEVER) is forbidden, and caught by its
     * own negative-control variant */
    {
        fence_expect lit = {expected, 1, "litmus instance", 1};
        CHECK(fence_mangle_variants(&lit) == 3);
        CHECK(fence_validate(c + FO_COUNT, 2, &lit, msg, sizeof msg) == 1 && strstr(msg, "invalid register"));
        uint32_t l[2 * FO_COUNT] = {0, 4, 0, /**/ 0, 3, 1};
        uint32_t lexp[2] = {4, 4};
        fence_expect lit2 = {lexp, 0, "litmus instance", 1}; /* a twin: forbidden allowed, invalid not */
        CHECK(fence_validate(l, 2, &lit2, msg, sizeof msg) == 0);
        for (unsigned v = 0; v < fence_mangle_variants(&lit2); v++) {
            uint32_t m[2 * FO_COUNT];
            memcpy(m, l, sizeof l);
            fence_mangle(m, 2, &lit2, v);
            CHECK(fence_validate(m, 2, &lit2, msg, sizeof msg) > 0);
        }
        lit2.stale_forbidden = 1;
        CHECK(fence_validate(l, 2, &lit2, msg, sizeof msg) == 1 && strstr(msg, "stale"));
    }

    /* the check minimum holds per layout: a total above it does not cover a layout that
     * ran none (the plan's own layout must not run zero checks under a PASS) */
    {
        const char *names[2] = {"leader", "pairs"};
        fence_tally lay[2] = {{0, 0, 0}, {10, 300000, 0}};
        CHECK(fence_tally_checks(&lay[0]) + fence_tally_checks(&lay[1]) >= 100000); /* the total would pass */
        CHECK(fence_layouts_short(lay, names, 2, 100000, msg, sizeof msg) == 1 && strstr(msg, "layout leader") &&
              strstr(msg, " 0 times"));
        lay[0].ok = 99999; /* one short */
        CHECK(fence_layouts_short(lay, names, 2, 100000, msg, sizeof msg) == 1);
        lay[0].stale = 1; /* a stale read is a check too */
        CHECK(fence_layouts_short(lay, names, 2, 100000, msg, sizeof msg) == 0);
        lay[1].ok = 5;
        CHECK(fence_layouts_short(lay, names, 2, 100000, msg, sizeof msg) == 1 && strstr(msg, "layout pairs"));
        CHECK(fence_layouts_short(lay, names, 1, 100000, msg, sizeof msg) == 0); /* one layout only */
    }

    /* host mode (no expected totals): every slot must see its flag */
    uint32_t h[2 * FO_COUNT] = {0, 5, 0, /**/ 0, 1, 0};
    fence_expect host = {NULL, 1, "instance", 0};
    CHECK(fence_validate(h, 2, &host, msg, sizeof msg) == 0);
    h[FO_COUNT * 1 + FO_OK] = 0;
    CHECK(fence_validate(h, 2, &host, msg, sizeof msg) == 1 && strstr(msg, "never saw"));
    h[FO_COUNT * 1 + FO_OK] = 1;
    for (unsigned v = 0; v < fence_mangle_variants(&host); v++) {
        uint32_t m[2 * FO_COUNT];
        memcpy(m, h, sizeof h);
        fence_mangle(m, 2, &host, v);
        CHECK(fence_validate(m, 2, &host, msg, sizeof msg) > 0);
    }
    /* a control on data with no participating slot still breaks the totals */
    uint32_t z[FO_COUNT] = {0, 0, 0};
    uint32_t zero_expected[1] = {0};
    fence_expect none = {zero_expected, 0, "work-item", 0};
    fence_mangle(z, 1, &none, 0);
    CHECK(fence_validate(z, 1, &none, msg, sizeof msg) == 1);
    return UNIT_DONE();
}
