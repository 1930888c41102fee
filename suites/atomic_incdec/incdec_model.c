/* SPDX-License-Identifier: Apache-2.0 */
/* incdec_model.c — host model of atomicInc/atomicDec and the suite's analyses. */
#include "incdec_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t gc_incdec_model_inc(uint32_t old, uint32_t bound) {
    if (old >= bound) return 0;
    return old + 1;
}

uint32_t gc_incdec_model_dec(uint32_t old, uint32_t bound) {
    if (old == 0 || old > bound) return bound;
    return old - 1;
}

uint32_t gc_incdec_model_run(uint32_t v0, uint32_t bound, const uint8_t *is_inc, size_t n,
                             uint32_t *olds) {
    uint32_t v = v0;
    for (size_t k = 0; k < n; k++) {
        if (olds) olds[k] = v;
        v = is_inc[k] ? gc_incdec_model_inc(v, bound) : gc_incdec_model_dec(v, bound);
    }
    return v;
}

uint32_t gc_incdec_model_sequence(uint32_t v0, uint32_t bound, int inc, size_t n, uint32_t *out) {
    uint32_t v = v0;
    for (size_t k = 0; k < n; k++) {
        out[k] = v;
        v = inc ? gc_incdec_model_inc(v, bound) : gc_incdec_model_dec(v, bound);
    }
    return v;
}

size_t gc_incdec_edge_values(uint32_t bound, uint32_t *out) {
    const uint32_t cand[GC_INCDEC_MAX_EDGE_VALUES] = {0u, 1u, 2u, bound / 2u, bound - 1u, bound, bound + 1u,
                                                      bound + 2u, UINT32_MAX - 1u, UINT32_MAX};
    size_t n = 0;
    for (size_t i = 0; i < GC_INCDEC_MAX_EDGE_VALUES; i++) {
        int dup = 0;
        for (size_t j = 0; j < n; j++) dup |= out[j] == cand[i];
        if (!dup) out[n++] = cand[i];
    }
    return n;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void gc_incdec_sort_u32(uint32_t *a, size_t n) {
    if (n > 1) qsort(a, n, sizeof *a, cmp_u32);
}

int gc_incdec_model_wrap_bits(uint32_t bound, unsigned *bits) {
    /* bound + 1 = 2^n computed in 64 bits, so that bound = UINT32_MAX gives n = 32. */
    uint64_t period = (uint64_t)bound + 1;
    for (unsigned n = 1; n <= 32; n++) {
        if (period == (UINT64_C(1) << n)) {
            if (bits) *bits = n;
            return 1;
        }
    }
    return 0;
}

/* One signed contribution to the net crossing count of edge x -> x+1. */
typedef struct {
    uint32_t x;
    int32_t w;
} crossing;

static int cmp_crossing(const void *a, const void *b) {
    uint32_t x = ((const crossing *)a)->x, y = ((const crossing *)b)->x;
    return (x > y) - (x < y);
}

size_t gc_incdec_mixed_violations(uint32_t v0, uint32_t bound, const uint32_t *inc_olds,
                                  size_t n_inc, const uint32_t *dec_olds, size_t n_dec,
                                  uint32_t final, char *msg, size_t len) {
    const uint64_t period = (uint64_t)bound + 1;
    size_t bad = 0;
    if (msg && len) msg[0] = '\0';
#define NOTE_(...)                                                                                 \
    do {                                                                                           \
        if (bad++ == 0 && msg && len) snprintf(msg, len, __VA_ARGS__);                             \
    } while (0)

    if (bound == 0 || v0 > bound) {
        NOTE_("precondition: bound %u must be >= 1 and v0 %u <= bound", bound, v0);
        return bad;
    }
    for (size_t k = 0; k < n_inc; k++)
        if (inc_olds[k] > bound) NOTE_("increment returned %u > bound %u", inc_olds[k], bound);
    for (size_t k = 0; k < n_dec; k++)
        if (dec_olds[k] > bound) NOTE_("decrement returned %u > bound %u", dec_olds[k], bound);
    if (bad) return bad;

    /* Net displacement of the walk on the integers that the counter's walk on Z_P lifts to. */
    int64_t disp = (int64_t)n_inc - (int64_t)n_dec;
    uint32_t want_final = (uint32_t)(((uint64_t)v0 + (uint64_t)(disp % (int64_t)period + (int64_t)period)) % period);
    if (final != want_final)
        NOTE_("final value %u, expected (v0 %u + %lld) mod %llu = %u", final, v0, (long long)disp,
              (unsigned long long)period, want_final);

    /* Observed net crossings (+1 per increment from x, -1 per decrement from x+1) minus the
     * crossings the displacement implies (the lifted walk crosses each edge between v0 and
     * v0 + disp once) must be zero on every edge. Sorting the contributions by edge keeps
     * this sparse, so bound = UINT32_MAX costs no more than a small bound. */
    uint64_t span = (uint64_t)(disp < 0 ? -disp : disp);
    size_t total = n_inc + n_dec + (size_t)span;
    crossing *c = malloc((total ? total : 1) * sizeof *c);
    if (!c) {
        NOTE_("out of host memory");
        return bad;
    }
    size_t m = 0;
    for (size_t k = 0; k < n_inc; k++) c[m++] = (crossing){inc_olds[k], +1};
    for (size_t k = 0; k < n_dec; k++)
        c[m++] = (crossing){(uint32_t)(((uint64_t)dec_olds[k] + period - 1) % period), -1};
    for (uint64_t k = 0; k < span; k++) {
        /* disp > 0: edges v0 .. v0+disp-1 crossed upward once each;
         * disp < 0: edges v0-1 .. v0+disp crossed downward once each. */
        uint64_t edge = disp > 0 ? ((uint64_t)v0 + k % period) % period
                                 : ((uint64_t)v0 + period - 1 - k % period) % period;
        c[m++] = (crossing){(uint32_t)edge, disp > 0 ? -1 : +1};
    }
    qsort(c, m, sizeof *c, cmp_crossing);
    for (size_t i = 0; i < m;) {
        size_t j = i;
        int64_t sum = 0;
        while (j < m && c[j].x == c[i].x) sum += c[j++].w;
        if (sum != 0)
            NOTE_("edge %u -> %llu: net crossings off by %lld (increments from %u minus decrements "
                  "from %llu do not match a walk from %u with displacement %lld)",
                  c[i].x, (unsigned long long)((c[i].x + (uint64_t)1) % period), (long long)sum,
                  c[i].x, (unsigned long long)((c[i].x + (uint64_t)1) % period), v0, (long long)disp);
        i = j;
    }
    free(c);
#undef NOTE_
    return bad;
}

size_t gc_incdec_layout_ops_on(const gc_incdec_layout *l, uint32_t c) {
    if (c >= l->counters) return 0;
    /* Items c, c + counters, c + 2*counters, ... below items. */
    size_t items_on = c < l->items ? (size_t)(l->items - 1 - c) / l->counters + 1 : 0;
    return items_on * l->ops;
}

void gc_incdec_group_sorted(const gc_incdec_layout *l, const uint32_t *olds, uint32_t *out) {
    size_t pos = 0;
    for (uint32_t c = 0; c < l->counters; c++) {
        size_t start = pos;
        for (uint32_t i = c; i < l->items; i += l->counters) {
            for (uint32_t j = 0; j < l->ops; j++) out[pos++] = olds[gc_incdec_layout_index(l, i, j)];
            if (i > UINT32_MAX - l->counters) break;
        }
        gc_incdec_sort_u32(out + start, pos - start);
    }
}

void gc_incdec_expected_grouped(const gc_incdec_layout *l, const uint32_t *v0, uint32_t bound,
                                int inc, uint32_t *out, uint32_t *finals) {
    size_t pos = 0;
    for (uint32_t c = 0; c < l->counters; c++) {
        size_t n = gc_incdec_layout_ops_on(l, c);
        finals[c] = gc_incdec_model_sequence(v0[c], bound, inc, n, out + pos);
        gc_incdec_sort_u32(out + pos, n);
        pos += n;
    }
}
