/* SPDX-License-Identifier: Apache-2.0 */
/* gc_atomic_bounded.h — bounded atomic increment and decrement (CUDA's atomicInc and
 * atomicDec) for every dialect, and the fetch-add "wrap counter" that replaces them when
 * the bound is 2^n - 1.
 *
 * Semantics (CUDA's, which every form here reproduces; both return the old value):
 *   inc: *p = (old >= bound) ? 0 : old + 1
 *   dec: *p = (old == 0 || old > bound) ? bound : old - 1
 *
 * Forms, each with an explicit memory order and scope (GC_ORDER_*, GC_SCOPE_*; pass
 * compile-time constants so that the dispatch folds to one instruction):
 *   gc_atomic_inc_bounded_native_u32 / _dec_   one hardware instruction, PTX atom.inc/.dec;
 *                                              defined only where GC_HAS_NATIVE_BOUNDED_ATOMIC_INC
 *   gc_atomic_inc_bounded_cas_u32 / _dec_      compare-and-swap loop, every backend (OpenCL's
 *                                              atomic_inc has no bound)
 *   gc_atomic_inc_bounded_u32 / _dec_          the native form where there is one, else CAS
 *   ..._local variants of the above            the same on work-group (local) memory
 *
 * The wrap counter (the DPCT1116 rewrite): for bound = 2^n - 1 (1 <= n <= 32) the counter
 * is stored scaled by step = 2^(32-n), so that a plain fetch-add of step wraps exactly where
 * atomicInc wraps (unsigned overflow), and the value is the stored word >> (32-n). The
 * scaling is the caller's burden in the migrated code; here gc_wrap_u32 is a distinct type
 * that only the gc_wrap_* functions read or write, so it cannot be forgotten. Contract:
 *   - a gc_wrap_spec is made once (gc_wrap_spec_for_bits / _for_bound) and checked with
 *     gc_wrap_spec_valid on the host: bounds that are not 2^n - 1 with n >= 1 have no scaled
 *     form (bound 0 would need step 2^32) and give an invalid spec whose operations never
 *     move the counter;
 *   - values above the bound cannot be represented: gc_wrap_make(spec, v) stores v mod 2^n
 *     (the shift drops the high bits), so a counter started above its bound does not behave
 *     like atomicInc (which returns that value once, then wraps to 0); start at or below it.
 *     From a value <= bound both inc and dec stay <= bound, so the rewrite is then exact.
 * docs/atomic_incdec.md explains when the rewrite applies and what the tests prove.
 *
 * Fault sites (GC_FAULT_SITE, gc_dialect.h; empty unless a test build defines GC_FAULT):
 * GC_BOUNDED_FAULT_INC_LATE makes the increment wrap one step late (at old > bound),
 * GC_BOUNDED_FAULT_DEC_EARLY makes the decrement wrap one step early (at old >= bound).
 * The mutant tests of the atomic_incdec suite build the CAS form with them to show that
 * its checks catch an off-by-one. */
#ifndef GC_ATOMIC_BOUNDED_H
#define GC_ATOMIC_BOUNDED_H

#include "kernels/gc_dialect.h"

/* ---- the rules, as plain arithmetic (every dialect, the host included) ----------- */

#define GC_BOUNDED_FAULT_INC_LATE 11
#define GC_BOUNDED_FAULT_DEC_EARLY 12

GC_FN gc_u32 gc_bounded_inc_next_u32(gc_u32 old, gc_u32 bound) {
    int wraps = old >= bound;
    GC_FAULT_SITE(GC_BOUNDED_FAULT_INC_LATE, wraps = old > bound);
    return wraps ? 0u : old + 1u;
}

GC_FN gc_u32 gc_bounded_dec_next_u32(gc_u32 old, gc_u32 bound) {
    int wraps = old == 0u || old > bound;
    GC_FAULT_SITE(GC_BOUNDED_FAULT_DEC_EARLY, wraps = old == 0u || old >= bound);
    return wraps ? bound : old - 1u;
}

/* ---- wrap counter: spec and scaling (every dialect) ------------------------------- */

/** What a wrap counter needs, computed once: bound = 2^n - 1, step = 2^shift with
 *  shift = 32 - n. step == 0 marks an invalid spec. */
typedef struct {
    gc_u32 bound;
    gc_u32 shift;
    gc_u32 step;
} gc_wrap_spec;

/** The stored, scaled word of a wrap counter. Its own type so that a raw read (which
 *  would see value * step) does not compile; use gc_wrap_value / gc_wrap_load. */
typedef struct {
    gc_u32 scaled;
} gc_wrap_u32;

/** Spec for bound 2^n - 1; n outside 1..32 gives an invalid spec. */
GC_FN gc_wrap_spec gc_wrap_spec_for_bits(gc_u32 n) {
    gc_wrap_spec w;
    if (n < 1u || n > 32u) {
        w.bound = 0u;
        w.shift = 0u;
        w.step = 0u;
        return w;
    }
    w.shift = 32u - n;
    w.step = 1u << w.shift;
    /* 0xffffffff >> (32 - n) = 2^n - 1, without the undefined 1 << 32 at n = 32. */
    w.bound = 0xffffffffu >> w.shift;
    return w;
}

/** Spec for a bound given as a value: valid only when bound + 1 is a power of two
 *  other than 1 (bound = 2^n - 1, n >= 1), i.e. where the fetch-add rewrite applies. */
GC_FN gc_wrap_spec gc_wrap_spec_for_bound(gc_u32 bound) {
    if (bound == 0u || (bound & (bound + 1u)) != 0u) return gc_wrap_spec_for_bits(0u);
    gc_u32 n = 0u;
    while (n < 32u && ((bound >> n) & 1u)) n++;
    return gc_wrap_spec_for_bits(n);
}

GC_FN int gc_wrap_spec_valid(gc_wrap_spec w) { return w.step != 0u; }

/** The stored word for a value; values above the bound are reduced mod 2^n (see the
 *  contract above). */
GC_FN gc_wrap_u32 gc_wrap_make(gc_wrap_spec w, gc_u32 value) {
    gc_wrap_u32 c;
    c.scaled = w.step == 0u ? 0u : value << w.shift;
    return c;
}

/** The value of a stored word. */
GC_FN gc_u32 gc_wrap_value(gc_wrap_spec w, gc_wrap_u32 c) { return c.scaled >> w.shift; }

/* ---- device atomics ---------------------------------------------------------------- */
#if !defined(GC_BACKEND_HOST)

/* The CAS loop: read once, then retry with the value the failed CAS returned (no extra
 * load per retry). Only the successful CAS carries the order; the first read may be
 * relaxed because the CAS validates it. */
#define GC__BOUNDED_CAS_FORMS(AS, SUF)                                                          \
    GC_FN gc_u32 gc_atomic_inc_bounded_cas_##SUF(volatile AS gc_u32 *p, gc_u32 bound, int o,  \
                                                 int s) {                                       \
        gc_u32 old = gc_atomic_load_##SUF(p, GC_ORDER_RELAXED, s);                              \
        for (;;) {                                                                              \
            gc_u32 seen = gc_atomic_cas_##SUF(p, old, gc_bounded_inc_next_u32(old, bound), o, s); \
            if (seen == old) return old;                                                        \
            old = seen;                                                                         \
        }                                                                                       \
    }                                                                                           \
    GC_FN gc_u32 gc_atomic_dec_bounded_cas_##SUF(volatile AS gc_u32 *p, gc_u32 bound, int o,  \
                                                 int s) {                                       \
        gc_u32 old = gc_atomic_load_##SUF(p, GC_ORDER_RELAXED, s);                              \
        for (;;) {                                                                              \
            gc_u32 seen = gc_atomic_cas_##SUF(p, old, gc_bounded_dec_next_u32(old, bound), o, s); \
            if (seen == old) return old;                                                        \
            old = seen;                                                                         \
        }                                                                                       \
    }

GC__BOUNDED_CAS_FORMS(GC_GLOBAL, u32)
GC__BOUNDED_CAS_FORMS(GC_LOCAL, u32_local)

#if defined(GC_HAS_NATIVE_BOUNDED_ATOMIC_INC) && defined(GC_BACKEND_CUDA)
/* PTX atom{.sem}{.scope}.inc/.dec.u32 through the dialect's order/scope dispatch (the same
 * mapping as its fetch_add: seq_cst is fence.sc + acq_rel). Generic addressing serves both
 * global and shared memory. */
#define GC__BOUNDED_NATIVE(NAME, OP)                                                            \
    GC_FN gc_u32 gc_atomic_##NAME##_bounded_native_u32(volatile gc_u32 *p, gc_u32 bound, int o, \
                                                       int s) {                                 \
        gc_u32 r;                                                                               \
        GC__PTX_BY_ORDER_RMW(o, s, GC__PTX_RMW_R, GC__PTX_RMW_A, GC__PTX_RMW_L, GC__PTX_RMW_AR, \
                             OP, "r", "u32", r, p, bound);                                      \
        return r;                                                                               \
    }                                                                                           \
    GC_FN gc_u32 gc_atomic_##NAME##_bounded_native_u32_local(volatile gc_u32 *p, gc_u32 bound,  \
                                                             int o, int s) {                    \
        return gc_atomic_##NAME##_bounded_native_u32(p, bound, o, s);                           \
    }
GC__BOUNDED_NATIVE(inc, inc)
GC__BOUNDED_NATIVE(dec, dec)
#define GC__BOUNDED_BEST(NAME, SUF) gc_atomic_##NAME##_bounded_native_##SUF
#else
#define GC__BOUNDED_BEST(NAME, SUF) gc_atomic_##NAME##_bounded_cas_##SUF
#endif

/** Bounded increment/decrement by the best form the backend has. */
#define GC__BOUNDED_DEFAULT(AS, SUF)                                                            \
    GC_FN gc_u32 gc_atomic_inc_bounded_##SUF(volatile AS gc_u32 *p, gc_u32 bound, int o, int s) { \
        return GC__BOUNDED_BEST(inc, SUF)(p, bound, o, s);                                      \
    }                                                                                           \
    GC_FN gc_u32 gc_atomic_dec_bounded_##SUF(volatile AS gc_u32 *p, gc_u32 bound, int o, int s) { \
        return GC__BOUNDED_BEST(dec, SUF)(p, bound, o, s);                                      \
    }
GC__BOUNDED_DEFAULT(GC_GLOBAL, u32)
GC__BOUNDED_DEFAULT(GC_LOCAL, u32_local)

/* Wrap counter operations: one fetch-add (or fetch-sub) of step, the old value unscaled.
 * Unsigned overflow of the scaled word is the wrap at the bound. */
#define GC__WRAP_OPS(AS, SUF)                                                                   \
    GC_FN gc_u32 gc_wrap_inc##SUF(gc_wrap_spec w, volatile AS gc_wrap_u32 *c, int o, int s) {   \
        return gc_atomic_fetch_add_u32##SUF(&c->scaled, w.step, o, s) >> w.shift;               \
    }                                                                                           \
    GC_FN gc_u32 gc_wrap_dec##SUF(gc_wrap_spec w, volatile AS gc_wrap_u32 *c, int o, int s) {   \
        return gc_atomic_fetch_sub_u32##SUF(&c->scaled, w.step, o, s) >> w.shift;               \
    }                                                                                           \
    GC_FN gc_u32 gc_wrap_load##SUF(gc_wrap_spec w, volatile AS gc_wrap_u32 *c, int o, int s) {  \
        return gc_atomic_load_u32##SUF(&c->scaled, o, s) >> w.shift;                            \
    }                                                                                           \
    GC_FN void gc_wrap_store##SUF(gc_wrap_spec w, volatile AS gc_wrap_u32 *c, gc_u32 value,     \
                                  int o, int s) {                                               \
        gc_atomic_store_u32##SUF(&c->scaled, gc_wrap_make(w, value).scaled, o, s);              \
    }
GC__WRAP_OPS(GC_GLOBAL, )
GC__WRAP_OPS(GC_LOCAL, _local)

#endif /* device atomics */
#endif /* GC_ATOMIC_BOUNDED_H */
