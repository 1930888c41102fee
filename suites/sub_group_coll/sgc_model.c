/* SPDX-License-Identifier: Apache-2.0 */
/* sgc_model.c — sub-group layout and known answers of the collectives suite (sgc_model.h).
 *
 * The work-group of a work-item comes from its index and the range, never from what it
 * wrote, so a corrupted layout word cannot move an item into another work-group. */
#include "suites/sub_group_coll/sgc_model.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- layout -------------------------------------------------------------------------- */

typedef struct {
    size_t wg;
    uint32_t sg, lid;
    size_t item;
} sgc_key;

static int sgc_key_cmp(const void *a, const void *b) {
    const sgc_key *x = a, *y = b;
    if (x->wg != y->wg) return x->wg < y->wg ? -1 : 1;
    if (x->sg != y->sg) return x->sg < y->sg ? -1 : 1;
    if (x->lid != y->lid) return x->lid < y->lid ? -1 : 1;
    return x->item < y->item ? -1 : x->item > y->item;
}

static size_t sgc_work_group_of(size_t i, unsigned dims, const size_t global[3], const size_t local[3]) {
    size_t g[3], l[3];
    for (unsigned d = 0; d < 3; d++) {
        g[d] = d < dims ? global[d] : 1;
        l[d] = d < dims ? local[d] : 1;
    }
    size_t id[3] = {i % g[0], (i / g[0]) % g[1], i / (g[0] * g[1])};
    size_t ng0 = (g[0] + l[0] - 1) / l[0], ng1 = (g[1] + l[1] - 1) / l[1];
    return id[0] / l[0] + ng0 * (id[1] / l[1] + ng1 * (id[2] / l[2]));
}

typedef struct {
    size_t count;
    char *msg;
    size_t len;
} sgc_log;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void sgc_violation(sgc_log *log, const char *fmt, ...) {
    if (log->count++ == 0 && log->msg && log->len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(log->msg, log->len, fmt, ap);
        va_end(ap);
    }
}

void sgc_layout_free(sgc_layout *l) {
    free(l->order);
    free(l->start);
    free(l->size);
    free(l->sgid);
    memset(l, 0, sizeof *l);
}

/* One run of keys (one sub-group): local ids 0..size-1 once each, one size. */
static void sgc_check_run(const uint32_t *lay, const sgc_key *k, size_t m, sgc_log *log) {
    const uint32_t size = lay[k[0].item * SGC_LAY_WORDS + SGC_LAY_SIZE];
    for (size_t j = 0; j < m; j++) {
        const uint32_t s = lay[k[j].item * SGC_LAY_WORDS + SGC_LAY_SIZE];
        if (s != size)
            sgc_violation(log, "work-group %zu, sub-group %u: work-item %zu says size %u, work-item %zu %u",
                          k[j].wg, k[j].sg, k[0].item, size, k[j].item, s);
        else if (k[j].lid != j)
            sgc_violation(log, "work-group %zu, sub-group %u: local id %u where %zu was due (work-item %zu)",
                          k[j].wg, k[j].sg, k[j].lid, j, k[j].item);
    }
    if (m != size)
        sgc_violation(log, "work-group %zu, sub-group %u: %zu members, size %u", k[0].wg, k[0].sg, m, size);
}

size_t sgc_layout_build(const uint32_t *lay, size_t n, unsigned dims, const size_t global[3],
                        const size_t local[3], uint8_t canary, sgc_layout *out, char *msg, size_t len) {
    sgc_log log = {0, msg, len};
    memset(out, 0, sizeof *out);
    if (msg && len) msg[0] = '\0';
    sgc_key *keys = malloc((n ? n : 1) * sizeof *keys);
    out->order = malloc((n ? n : 1) * sizeof *out->order);
    out->start = malloc((n ? n : 1) * sizeof *out->start);
    out->size = malloc((n ? n : 1) * sizeof *out->size);
    out->sgid = malloc((n ? n : 1) * sizeof *out->sgid);
    if (!keys || !out->order || !out->start || !out->size || !out->sgid) {
        sgc_violation(&log, "out of host memory for a layout of %zu work-items", n);
        goto out;
    }
    const uint32_t cw = 0x01010101u * canary;
    for (size_t i = 0; i < n; i++) {
        const uint32_t *r = lay + i * SGC_LAY_WORDS;
        if (canary && r[0] == cw && r[1] == cw && r[2] == cw)
            sgc_violation(&log, "work-item %zu: layout never written (still canary)", i);
        else if (r[SGC_LAY_LID] >= r[SGC_LAY_SIZE])
            sgc_violation(&log, "work-item %zu: local id %u not below sub-group size %u", i, r[SGC_LAY_LID],
                          r[SGC_LAY_SIZE]);
        keys[i] = (sgc_key){sgc_work_group_of(i, dims, global, local), r[SGC_LAY_SG], r[SGC_LAY_LID], i};
    }
    if (log.count) goto out;
    qsort(keys, n, sizeof *keys, sgc_key_cmp);
    for (size_t b = 0; b < n;) {
        size_t e = b + 1;
        while (e < n && keys[e].wg == keys[b].wg && keys[e].sg == keys[b].sg) e++;
        sgc_check_run(lay, keys + b, e - b, &log);
        const uint32_t size = lay[keys[b].item * SGC_LAY_WORDS + SGC_LAY_SIZE];
        out->start[out->n_groups] = b;
        out->size[out->n_groups] = size;
        out->sgid[out->n_groups] = keys[b].sg;
        out->n_groups++;
        if (size > out->max_size) out->max_size = size;
        b = e;
    }
    for (size_t i = 0; i < n; i++) out->order[i] = keys[i].item;
    for (size_t k = 0; k < out->n_groups; k++)
        if (out->size[k] < out->max_size) out->incomplete++;
    out->n = n;
out:
    free(keys);
    if (log.count) sgc_layout_free(out);
    return log.count;
}

/* ---- types, families, slots ---------------------------------------------------------- */

static const char *const sgc_type_names[SGC_T_COUNT] = {"i32", "u32", "i64", "u64", "f32", "f64"};
const char *sgc_type_name(sgc_type t) { return t < SGC_T_COUNT ? sgc_type_names[t] : "?"; }
unsigned sgc_type_bytes(sgc_type t) { return t == SGC_T_I32 || t == SGC_T_U32 || t == SGC_T_F32 ? 4u : 8u; }
int sgc_type_is_float(sgc_type t) { return t == SGC_T_F32 || t == SGC_T_F64; }

unsigned sgc_family_slots(sgc_family f, sgc_type t) {
    switch (f) {
    case SGC_F_BCAST: return SGC_BCAST_SLOTS;
    case SGC_F_SHUFFLE: return SGC_SHUF_SLOTS;
    case SGC_F_RELATIVE: return SGC_REL_SLOTS;
    case SGC_F_VOTE: return SGC_VOTE_SLOTS;
    case SGC_F_BALLOT: return SGC_BALLOT_SLOTS;
    case SGC_F_NONUNIFORM: return t == SGC_T_U32 ? SGC_NU_SLOTS : SGC_NU_ARITH_SLOTS;
    case SGC_F_CLUSTERED: return sgc_type_is_float(t) ? SGC_CL_FLOAT_SLOTS : SGC_CL_SLOTS;
    case SGC_F_ARITH: return SGC_ARITH_SLOTS(3);
    case SGC_F_ARITH_EXT: return SGC_ARITH_SLOTS(sgc_type_is_float(t) ? 1 : 4);
    }
    return 0;
}

/* The operation (SGC_OP_*) of an arithmetic slot. */
static unsigned sgc_slot_op(sgc_family f, unsigned slot) {
    static const unsigned ext[4] = {SGC_OP_MUL, SGC_OP_AND, SGC_OP_OR, SGC_OP_XOR};
    return f == SGC_F_ARITH ? slot / 3 : ext[(slot / 3) % 4];
}

const char *sgc_slot_name(sgc_family f, sgc_type t, unsigned slot) {
    static const char *const fixed[7][SGC_BALLOT_SLOTS] = {
        {"broadcast(lane 0)", "broadcast(run-time lane)"},
        {"shuffle(any lane)", "shuffle_xor"},
        {"shuffle_up", "shuffle_down"},
        {"any(one lane)", "all(all but one lane)", "none(one lane)", "any(random)", "all(random)",
         "none(random)"},
        {"ballot word 0", "ballot word 1", "ballot word 2", "ballot word 3", "ballot_bit_count",
         "ballot_inclusive_scan", "ballot_exclusive_scan", "ballot_find_lsb", "ballot_find_msb",
         "ballot_bit_extract", "lt_mask word 0", "inverse_ballot", "eq_mask word L % 4",
         "ge_mask word L % 4", "gt_mask word L % 4", "le_mask word L % 4"},
        {"non-uniform reduce_add", "non-uniform scan_inclusive_add", "non-uniform scan_exclusive_add",
         "non-uniform reduce_min", "non-uniform reduce_max", "non-uniform any", "non-uniform all",
         "non-uniform ballot_bit_count"},
        {"clustered_reduce_add", "clustered_reduce_mul", "clustered_reduce_min", "clustered_reduce_max",
         "clustered_reduce_and", "clustered_reduce_or", "clustered_reduce_xor"}};
    static const char *const arith[7][3] = {
        {"reduce_add", "scan_inclusive_add", "scan_exclusive_add"},
        {"reduce_min", "scan_inclusive_min", "scan_exclusive_min"},
        {"reduce_max", "scan_inclusive_max", "scan_exclusive_max"},
        {"reduce_mul", "scan_inclusive_mul", "scan_exclusive_mul"},
        {"reduce_and", "scan_inclusive_and", "scan_exclusive_and"},
        {"reduce_or", "scan_inclusive_or", "scan_exclusive_or"},
        {"reduce_xor", "scan_inclusive_xor", "scan_exclusive_xor"}};
    (void)t;
    if (f <= SGC_F_CLUSTERED) return slot < SGC_BALLOT_SLOTS && fixed[f][slot] ? fixed[f][slot] : "?";
    return arith[sgc_slot_op(f, slot)][slot % 3];
}

/* ---- answers ------------------------------------------------------------------------- */

static sgc_answer sgc_exact(uint64_t w) { return (sgc_answer){1, 0, w, 0.0, 0.0}; }
static const sgc_answer sgc_undefined = {0, 0, 0, 0.0, 0.0};
static const sgc_answer sgc_unwritten = {1, 1, 0, 0.0, 0.0};

/* Words as values: signed types sign-extended, so that one comparison serves both. */
static int64_t sgc_signed(sgc_type t, uint64_t w) {
    return t == SGC_T_I32 ? (int64_t)(int32_t)(uint32_t)w : (int64_t)w;
}
static double sgc_float(sgc_type t, uint64_t w) {
    if (t == SGC_T_F32) {
        float f;
        uint32_t u = (uint32_t)w;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, &w, sizeof d);
    return d;
}
static uint64_t sgc_mask(sgc_type t) { return sgc_type_bytes(t) == 4 ? 0xffffffffu : ~0ull; }

/* Identities of the exclusive scans (OpenCL C: the identity of the operation; for
 * floating min and max, +INFINITY and -INFINITY). */
static uint64_t sgc_identity(sgc_type t, unsigned op) {
    const int wide = sgc_type_bytes(t) == 8;
    switch (op) {
    case SGC_OP_MUL:
        if (t == SGC_T_F32) return 0x3f800000u;
        if (t == SGC_T_F64) return 0x3ff0000000000000ull;
        return 1;
    case SGC_OP_AND: return sgc_mask(t);
    case SGC_OP_MIN:
        switch (t) {
        case SGC_T_I32: return 0x7fffffffu;
        case SGC_T_I64: return 0x7fffffffffffffffull;
        case SGC_T_F32: return 0x7f800000u;
        case SGC_T_F64: return 0x7ff0000000000000ull;
        default: return sgc_mask(t);
        }
    case SGC_OP_MAX:
        switch (t) {
        case SGC_T_I32: return 0x80000000u;
        case SGC_T_I64: return 0x8000000000000000ull;
        case SGC_T_F32: return 0xff800000u;
        case SGC_T_F64: return 0xfff0000000000000ull;
        default: return 0;
        }
    default: (void)wide; return 0;
    }
}

/* a op b on raw words, exact ops only (floating + and * go through sgc_fold_float). */
static uint64_t sgc_apply(sgc_type t, unsigned op, uint64_t a, uint64_t b) {
    const int fl = sgc_type_is_float(t), sg = t == SGC_T_I32 || t == SGC_T_I64;
    int less; /* b < a */
    switch (op) {
    case SGC_OP_ADD: return (a + b) & sgc_mask(t);
    case SGC_OP_MUL: return (a * b) & sgc_mask(t);
    case SGC_OP_AND: return a & b;
    case SGC_OP_OR: return a | b;
    case SGC_OP_XOR: return a ^ b;
    case SGC_OP_MIN:
    case SGC_OP_MAX:
        less = fl ? sgc_float(t, b) < sgc_float(t, a) : sg ? sgc_signed(t, b) < sgc_signed(t, a) : b < a;
        return (op == SGC_OP_MIN) == (less != 0) ? b : a;
    default: return 0;
    }
}

/* Floating + or * over v[0..k): the value in long double, and the bound of any order of
 * evaluation in the type (k - 1 roundings, each at most eps relative to the partial
 * magnitudes, bounded by the sum of |v| for + and by |product| growth for *). */
static sgc_answer sgc_fold_float(sgc_type t, unsigned op, const uint64_t *v, uint32_t k) {
    const double eps = t == SGC_T_F32 ? FLT_EPSILON : DBL_EPSILON;
    long double acc = op == SGC_OP_ADD ? 0.0L : 1.0L, mag = op == SGC_OP_ADD ? 0.0L : 1.0L;
    for (uint32_t j = 0; j < k; j++) {
        const long double x = sgc_float(t, v[j]);
        if (op == SGC_OP_ADD) {
            acc += x;
            mag += fabsl(x);
        } else {
            acc *= x;
            mag *= fabsl(x);
        }
    }
    sgc_answer a = {1, 0, 0, (double)acc, 0.0};
    a.tol = 2.0 * (k > 1 ? k - 1 : 1) * eps * (double)mag + (op == SGC_OP_ADD ? 0.0 : DBL_MIN);
    if (a.tol == 0.0) a.tol = DBL_MIN; /* an exact 0: only 0 (of either sign) is within */
    return a;
}

/* op over v[0..k) in the query's type: exact, or within the floating bound for + and *. */
static sgc_answer sgc_fold(sgc_type t, unsigned op, const uint64_t *v, uint32_t k) {
    if (sgc_type_is_float(t) && (op == SGC_OP_ADD || op == SGC_OP_MUL)) return sgc_fold_float(t, op, v, k);
    uint64_t acc = sgc_identity(t, op);
    for (uint32_t j = 0; j < k; j++) acc = sgc_apply(t, op, acc, v[j] & sgc_mask(t));
    return sgc_exact(acc);
}

static sgc_answer sgc_arith_answer(const sgc_query *q, const uint64_t *v, uint32_t size, uint32_t lid,
                                   unsigned slot) {
    const unsigned op = sgc_slot_op(q->family, slot), kind = slot % 3;
    return sgc_fold(q->type, op, v, kind == SGC_KIND_REDUCE ? size : kind == SGC_KIND_INCLUSIVE ? lid + 1 : lid);
}

/* CUDA's documented edges: shuffle_up below lane 0 and shuffle_down past lane 31 return
 * the caller's value; a source among a partial warp's missing lanes is undefined, as is
 * every out-of-range source in OpenCL (cl_khr_subgroup_shuffle*, SYCL's permute/shift). */
static sgc_answer sgc_shuffle_answer(const sgc_query *q, const uint64_t *v, uint32_t size, uint32_t lid,
                                     uint32_t sgid, unsigned slot) {
    const uint32_t L = q->launch;
    switch (q->family) {
    case SGC_F_BCAST:
        return sgc_exact(slot == SGC_BCAST_CONST ? v[0] : v[(L + sgid) % size]);
    case SGC_F_SHUFFLE:
        if (slot == SGC_SHUF_ANY) return sgc_exact(v[(5u * lid + L) % size]);
        return (lid ^ L) < size ? sgc_exact(v[lid ^ L]) : sgc_undefined;
    case SGC_F_RELATIVE:
        if (slot == SGC_REL_UP) {
            if (lid >= L) return sgc_exact(v[lid - L]);
            return q->cuda_edges ? sgc_exact(v[lid]) : sgc_undefined;
        }
        if ((uint64_t)lid + L < size) return sgc_exact(v[lid + L]);
        return q->cuda_edges && (uint64_t)lid + L >= 32 ? sgc_exact(v[lid]) : sgc_undefined;
    default: return sgc_undefined;
    }
}

static sgc_answer sgc_vote_answer(const sgc_query *q, const uint64_t *v, uint32_t size, unsigned slot) {
    const uint32_t L = q->launch;
    int any = 0, all = 1;
    for (uint32_t j = 0; j < size; j++) {
        const int bit = (int)((v[j] >> (L % 32u)) & 1u);
        any |= bit;
        all &= bit;
    }
    switch (slot) {
    case SGC_VOTE_ANY_ONE: return sgc_exact(L < size);
    case SGC_VOTE_ALL_BUT: return sgc_exact(L >= size);
    case SGC_VOTE_NONE_ONE: return sgc_exact(L >= size);
    case SGC_VOTE_ANY_RAND: return sgc_exact((uint64_t)any);
    case SGC_VOTE_ALL_RAND: return sgc_exact((uint64_t)all);
    case SGC_VOTE_NONE_RAND: return sgc_exact((uint64_t)!any);
    default: return sgc_undefined;
    }
}

/* Word w of the 128-lane mask with the bits of lanes [lo, hi) set. */
static uint32_t sgc_lane_range(uint32_t w, uint32_t lo, uint32_t hi) {
    uint32_t m = 0;
    for (uint32_t j = 32 * w; j < 32 * w + 32; j++)
        if (j >= lo && j < hi) m |= 1u << (j % 32);
    return m;
}

/* Ballots (cl_khr_subgroup_ballot): bit j of the mask is lane j's predicate, lanes past
 * the size 0; scans count the set bits at lanes <= lid (inclusive) or < lid. The ge and gt
 * masks of an incomplete sub-group run to the launch's largest sub-group, as OpenCL-CTS
 * expects them (from get_max_sub_group_size) and CUDA's %lanemask_ge/gt are in a partial
 * warp; SPIR-V's SubgroupGeMask would stop at the size. */
static sgc_answer sgc_ballot_answer(const sgc_query *q, const uint64_t *v, uint32_t size, uint32_t lid,
                                    unsigned slot) {
    const uint32_t L = q->launch, one = L % size;
    uint32_t words[4] = {0, 0, 0, 0}, count = 0, incl = 0, lsb = UINT32_MAX, msb = 0;
    for (uint32_t j = 0; j < size && j < 128; j++) {
        const int p = (int)((v[j] >> (L % 32u)) & 1u);
        if (p) {
            words[j / 32] |= 1u << (j % 32);
            count++;
            if (j <= lid) incl++;
        }
        if (p || j == one) {
            if (lsb == UINT32_MAX) lsb = j;
            msb = j;
        }
    }
    const uint32_t e = (lid + L) % size, mw = L % 4u, top = q->max_size > size ? q->max_size : size;
    switch (slot) {
    case SGC_BALLOT_COUNT: return sgc_exact(count);
    case SGC_BALLOT_INCL: return sgc_exact(incl);
    case SGC_BALLOT_EXCL: return sgc_exact(incl - ((words[lid / 32] >> (lid % 32)) & 1u));
    case SGC_BALLOT_LSB: return sgc_exact(lsb);
    case SGC_BALLOT_MSB: return sgc_exact(msb);
    case SGC_BALLOT_EXTRACT: return sgc_exact((words[e / 32] >> (e % 32)) & 1u);
    case SGC_BALLOT_LT_MASK: return sgc_exact(lid >= 32 ? 0xffffffffu : (1u << lid) - 1u);
    case SGC_BALLOT_INVERSE: {
        const uint32_t w = (uint32_t)v[0], word = (lid / 32) % 2 ? ~w : w;
        return sgc_exact((word >> (lid % 32)) & 1u);
    }
    case SGC_BALLOT_EQ_MASK: return sgc_exact(sgc_lane_range(mw, lid, lid + 1));
    case SGC_BALLOT_GE_MASK: return sgc_exact(sgc_lane_range(mw, lid, top));
    case SGC_BALLOT_GT_MASK: return sgc_exact(sgc_lane_range(mw, lid + 1, top));
    case SGC_BALLOT_LE_MASK: return sgc_exact(sgc_lane_range(mw, 0, lid + 1));
    default: return slot < 4 ? sgc_exact(words[slot]) : sgc_undefined;
    }
}

/* Non-uniform: over the active lanes only (SGC_NU_ACTIVE), in local-id order; an
 * inactive lane writes nothing. Votes and the ballot count (u32): bit m % 32 of x. */
static sgc_answer sgc_nonuniform_answer(const sgc_query *q, const uint64_t *v, uint32_t size, uint32_t lid,
                                        unsigned slot) {
    const uint32_t L = q->launch;
    if (!(SGC_NU_ACTIVE(L, lid))) return sgc_unwritten;
    uint64_t act[128];
    uint32_t k = 0, upto = 0, count = 0;
    int any = 0, all = 1;
    for (uint32_t j = 0; j < size && k < 128; j++) {
        if (!(SGC_NU_ACTIVE(L, j))) continue;
        const int bit = (int)((v[j] >> ((L / 3u) % 32u)) & 1u);
        upto += j < lid; /* active lanes below the caller */
        act[k++] = v[j];
        any |= bit;
        all &= bit;
        count += (uint32_t)bit;
    }
    switch (slot) {
    case SGC_NU_REDUCE_ADD: return sgc_fold(q->type, SGC_OP_ADD, act, k);
    case SGC_NU_INCL_ADD: return sgc_fold(q->type, SGC_OP_ADD, act, upto + 1);
    case SGC_NU_EXCL_ADD: return sgc_fold(q->type, SGC_OP_ADD, act, upto);
    case SGC_NU_REDUCE_MIN: return sgc_fold(q->type, SGC_OP_MIN, act, k);
    case SGC_NU_REDUCE_MAX: return sgc_fold(q->type, SGC_OP_MAX, act, k);
    case SGC_NU_ANY: return sgc_exact((uint64_t)any);
    case SGC_NU_ALL: return sgc_exact((uint64_t)all);
    case SGC_NU_BALLOT_COUNT: return sgc_exact(count);
    default: return sgc_undefined;
    }
}

/* Clustered: op over lanes [lid & ~(cs - 1), + cs) that exist, cs = 2^L. */
static sgc_answer sgc_clustered_answer(const sgc_query *q, const uint64_t *v, uint32_t size, uint32_t lid,
                                       unsigned slot) {
    static const unsigned ops[SGC_CL_SLOTS] = {SGC_OP_ADD, SGC_OP_MUL, SGC_OP_MIN, SGC_OP_MAX,
                                               SGC_OP_AND, SGC_OP_OR, SGC_OP_XOR};
    if (q->launch > 6 || slot >= sgc_family_slots(SGC_F_CLUSTERED, q->type)) return sgc_undefined;
    const uint32_t cs = 1u << q->launch, base = lid & ~(cs - 1u);
    return sgc_fold(q->type, ops[slot], v + base, (base + cs < size ? base + cs : size) - base);
}

sgc_answer sgc_answer_of(const sgc_query *q, const uint64_t *v, uint32_t size, uint32_t lid,
                         uint32_t sgid, unsigned slot) {
    if (size == 0 || lid >= size || slot >= sgc_family_slots(q->family, q->type)) return sgc_undefined;
    switch (q->family) {
    case SGC_F_VOTE: return sgc_vote_answer(q, v, size, slot);
    case SGC_F_BALLOT: return sgc_ballot_answer(q, v, size, lid, slot);
    case SGC_F_NONUNIFORM: return sgc_nonuniform_answer(q, v, size, lid, slot);
    case SGC_F_CLUSTERED: return sgc_clustered_answer(q, v, size, lid, slot);
    case SGC_F_ARITH:
    case SGC_F_ARITH_EXT: return sgc_arith_answer(q, v, size, lid, slot);
    default: return sgc_shuffle_answer(q, v, size, lid, sgid, slot);
    }
}
