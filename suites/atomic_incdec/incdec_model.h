/* SPDX-License-Identifier: Apache-2.0 */
/* incdec_model.h — the host model of CUDA's atomicInc/atomicDec and the analyses the
 * atomic_incdec suite checks device results with. Pure functions of their arguments (no
 * device, no harness), so that tests/test_atomic_incdec_model.c can pin them down.
 *
 * The model is written from CUDA's definition, independently of kernels/gc_atomic_bounded.h:
 *   inc: new = (old >= bound) ? 0 : old + 1
 *   dec: new = (old == 0 || old > bound) ? bound : old - 1
 * both returning old. */
#ifndef GC_INCDEC_MODEL_H
#define GC_INCDEC_MODEL_H

#include <stddef.h>
#include <stdint.h>

/** The value atomicInc stores over `old`. */
uint32_t gc_incdec_model_inc(uint32_t old, uint32_t bound);
/** The value atomicDec stores over `old`. */
uint32_t gc_incdec_model_dec(uint32_t old, uint32_t bound);

/** Apply n operations in order to a counter holding v0: is_inc[k] != 0 is an increment,
 *  else a decrement. olds[k] receives the value operation k returned (olds may be NULL).
 *  @return the final value. */
uint32_t gc_incdec_model_run(uint32_t v0, uint32_t bound, const uint8_t *is_inc, size_t n,
                             uint32_t *olds);

/** Values returned by n increments (inc != 0) or n decrements from v0, in order: whatever
 *  the interleaving of contending work-items, the k-th operation in the counter's
 *  modification order returns out[k], so the multiset of returned values is fixed.
 *  @return the final value. */
uint32_t gc_incdec_model_sequence(uint32_t v0, uint32_t bound, int inc, size_t n, uint32_t *out);

/** The values worth testing around a bound, without repeats: 0, 1, 2, bound / 2,
 *  bound - 1, bound, bound + 1, bound + 2, UINT32_MAX - 1, UINT32_MAX (wrapping in 32 bits).
 *  out needs GC_INCDEC_MAX_EDGE_VALUES entries. @return how many were written. */
#define GC_INCDEC_MAX_EDGE_VALUES 10
size_t gc_incdec_edge_values(uint32_t bound, uint32_t *out);

/** Sort ascending (multiset comparison). */
void gc_incdec_sort_u32(uint32_t *a, size_t n);

/** Whether the fetch-add rewrite applies to `bound` (bound = 2^n - 1 with 1 <= n <= 32),
 *  and n through *bits when it does. Independent of the device library's spec code. */
int gc_incdec_model_wrap_bits(uint32_t bound, unsigned *bits);

/** Check that a mixed run of increments and decrements on one counter is consistent with
 *  some order of those operations (interleaving-independent facts, since the returned
 *  values themselves depend on the interleaving):
 *   - every returned value is <= bound;
 *   - final == (v0 + n_inc - n_dec) mod (bound + 1);
 *   - net crossings: for every x, (#inc returning x) - (#dec returning x + 1 mod P) equals
 *     the number of times a walk from v0 with net displacement n_inc - n_dec must cross
 *     x -> x+1 (P = bound + 1). Any order of the operations produces exactly these
 *     counts; a wrong wrap point or a lost or duplicated update breaks them.
 *  Requires v0 <= bound and bound >= 1. inc_olds and dec_olds are not modified.
 *  @return the number of violations; the first is described in msg. */
size_t gc_incdec_mixed_violations(uint32_t v0, uint32_t bound, const uint32_t *inc_olds,
                                  size_t n_inc, const uint32_t *dec_olds, size_t n_dec,
                                  uint32_t final, char *msg, size_t len);

/* ---- layout of the suite's contention kernel, shared by the test and its analyses ---- */

/** Operation j of work-item i writes its returned value to olds[j * items + i] and acts on
 *  counter i % counters. */
typedef struct {
    uint32_t items;    /* work-items */
    uint32_t ops;      /* operations per work-item */
    uint32_t counters; /* distinct counters */
} gc_incdec_layout;

static inline size_t gc_incdec_layout_index(const gc_incdec_layout *l, uint32_t item, uint32_t op) {
    return (size_t)op * l->items + item;
}
/** Operations that land on counter c. */
size_t gc_incdec_layout_ops_on(const gc_incdec_layout *l, uint32_t c);

/** Group returned values by counter: out receives, counter by counter (0, 1, ...), the
 *  values of that counter's operations in ascending order (items * ops values). */
void gc_incdec_group_sorted(const gc_incdec_layout *l, const uint32_t *olds, uint32_t *out);

/** The expected grouped values for all-increment (inc != 0) or all-decrement runs from
 *  v0[c]: the model sequence of each counter, sorted; finals[c] its final value. */
void gc_incdec_expected_grouped(const gc_incdec_layout *l, const uint32_t *v0, uint32_t bound,
                                int inc, uint32_t *out, uint32_t *finals);

#endif
