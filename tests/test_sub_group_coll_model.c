/* SPDX-License-Identifier: Apache-2.0 */
/* test_sub_group_coll_model.c — the host model of the sub_group_coll suite, without a
 * device: layouts that must be accepted or rejected, and answers worked out by hand
 * for every family (docs/sub_group_collectives.md), the undefined ones included. */
#include <math.h>
#include <string.h>

#include "suites/sub_group_coll/sgc_bench.h"
#include "suites/sub_group_coll/sgc_model.h"
#include "unit.h"

#define CANARY 0xAA

/* 1-D: two work-groups of 7 items, sub-groups of 4 then 3 (linear). */
static void make_layout(uint32_t *lay) {
    for (uint32_t i = 0; i < 14; i++) {
        const uint32_t p = i % 7;
        lay[i * 3 + SGC_LAY_SG] = p / 4;
        lay[i * 3 + SGC_LAY_LID] = p % 4;
        lay[i * 3 + SGC_LAY_SIZE] = p < 4 ? 4 : 3;
    }
}

static size_t build(const uint32_t *lay, sgc_layout *l) {
    const size_t g[3] = {14, 1, 1}, loc[3] = {7, 1, 1};
    char msg[256];
    size_t bad = sgc_layout_build(lay, 14, 1, g, loc, CANARY, l, msg, sizeof msg);
    if (bad) printf("  (layout rejected: %s)\n", msg);
    return bad;
}

static void test_layout__accepts_and_rejects(void) {
    uint32_t lay[14 * 3];
    sgc_layout l;
    make_layout(lay);
    CHECK(build(lay, &l) == 0);
    CHECK(l.n_groups == 4 && l.incomplete == 2 && l.max_size == 4);
    CHECK(l.size[1] == 3 && l.order[l.start[1] + 2] == 6 && l.sgid[1] == 1);
    sgc_layout_free(&l);

    make_layout(lay);
    lay[1 * 3 + SGC_LAY_LID] = 0; /* two local ids 0 */
    CHECK(build(lay, &l) > 0);
    make_layout(lay);
    lay[5 * 3 + SGC_LAY_LID] = 3; /* local id = size */
    CHECK(build(lay, &l) > 0);
    make_layout(lay);
    lay[2 * 3 + SGC_LAY_SIZE] = 3; /* sizes differ within a sub-group */
    CHECK(build(lay, &l) > 0);
    make_layout(lay);
    memset(lay + 9 * 3, CANARY, 12); /* never written */
    CHECK(build(lay, &l) > 0);
    make_layout(lay);
    for (uint32_t i = 0; i < 4; i++) lay[i * 3 + SGC_LAY_SIZE] = 5; /* 4 members, size 5 */
    CHECK(build(lay, &l) > 0);
}

static sgc_answer ans(sgc_family f, sgc_type t, uint32_t L, int cuda, const uint64_t *v, uint32_t n,
                      uint32_t lid, uint32_t sgid, unsigned slot) {
    const sgc_query q = {f, t, L, cuda, 0};
    return sgc_answer_of(&q, v, n, lid, sgid, slot);
}
#define EXACT(a, w) ((a).defined && !(a).unwritten && (a).tol == 0.0 && (a).want == (w))

static void test_answers__shuffles(void) {
    const uint64_t v[3] = {10, 20, 30};
    CHECK(EXACT(ans(SGC_F_BCAST, SGC_T_U32, 5, 0, v, 3, 2, 1, SGC_BCAST_CONST), 10));
    CHECK(EXACT(ans(SGC_F_BCAST, SGC_T_U32, 1, 0, v, 3, 0, 1, SGC_BCAST_RUNTIME), 30)); /* (1+1)%3 */
    CHECK(EXACT(ans(SGC_F_SHUFFLE, SGC_T_U32, 2, 0, v, 3, 2, 0, SGC_SHUF_ANY), 10));    /* (10+2)%3 */
    CHECK(EXACT(ans(SGC_F_SHUFFLE, SGC_T_U32, 3, 0, v, 3, 1, 0, SGC_SHUF_ANY), 30));    /* (5+3)%3 */
    CHECK(EXACT(ans(SGC_F_SHUFFLE, SGC_T_U32, 2, 0, v, 3, 0, 0, SGC_SHUF_XOR), 30));
    CHECK(!ans(SGC_F_SHUFFLE, SGC_T_U32, 2, 0, v, 3, 1, 0, SGC_SHUF_XOR).defined); /* 1^2 = 3 */
    CHECK(EXACT(ans(SGC_F_RELATIVE, SGC_T_U32, 1, 0, v, 3, 2, 0, SGC_REL_UP), 20));
    CHECK(!ans(SGC_F_RELATIVE, SGC_T_U32, 1, 0, v, 3, 0, 0, SGC_REL_UP).defined);  /* OpenCL */
    CHECK(EXACT(ans(SGC_F_RELATIVE, SGC_T_U32, 1, 1, v, 3, 0, 0, SGC_REL_UP), 10)); /* CUDA: own */
    CHECK(EXACT(ans(SGC_F_RELATIVE, SGC_T_U32, 0, 0, v, 3, 1, 0, SGC_REL_DOWN), 20));
    CHECK(!ans(SGC_F_RELATIVE, SGC_T_U32, 1, 1, v, 3, 2, 0, SGC_REL_DOWN).defined); /* lane 3 missing */
    CHECK(EXACT(ans(SGC_F_RELATIVE, SGC_T_U32, 30, 1, v, 3, 2, 0, SGC_REL_DOWN), 30)); /* 32: own */
}

static void test_answers__votes_and_ballots(void) {
    const uint64_t v[3] = {1, 0, 1}; /* bit 0: lanes 0 and 2 */
    CHECK(EXACT(ans(SGC_F_VOTE, SGC_T_U32, 1, 0, v, 3, 0, 0, SGC_VOTE_ANY_ONE), 1));
    CHECK(EXACT(ans(SGC_F_VOTE, SGC_T_U32, 1, 0, v, 3, 0, 0, SGC_VOTE_ALL_BUT), 0));
    CHECK(EXACT(ans(SGC_F_VOTE, SGC_T_U32, 3, 0, v, 3, 0, 0, SGC_VOTE_ALL_BUT), 1));
    CHECK(EXACT(ans(SGC_F_VOTE, SGC_T_U32, 0, 0, v, 3, 0, 0, SGC_VOTE_ALL_RAND), 0));
    CHECK(EXACT(ans(SGC_F_VOTE, SGC_T_U32, 0, 0, v, 3, 0, 0, SGC_VOTE_NONE_RAND), 0));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 1, 0, SGC_BALLOT_WORD0), 5));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 1, 0, SGC_BALLOT_WORD0 + 1), 0));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 1, 0, SGC_BALLOT_COUNT), 2));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 1, 0, SGC_BALLOT_INCL), 1));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 2, 0, SGC_BALLOT_EXCL), 1));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 1, 0, v, 3, 0, 0, SGC_BALLOT_LSB), 1)); /* p empty, q = lane 1 */
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 0, 0, SGC_BALLOT_MSB), 2));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 0, 0, SGC_BALLOT_EXTRACT), 1));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 2, 0, SGC_BALLOT_LT_MASK), 3));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 0, 0, SGC_BALLOT_INVERSE), 1)); /* bit 0 of 1 */
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 3, 1, 0, SGC_BALLOT_INVERSE), 0));
}

/* Lane masks, word L % 4, worked by hand: lane 5 of 7 (word 0), lane 33 of 40 (words 0
 * and 1: the second word holds lanes 32..39), nothing past the size. */
static void test_answers__lane_masks(void) {
    uint64_t v[40];
    memset(v, 0, sizeof v);
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 7, 5, 0, SGC_BALLOT_EQ_MASK), 0x20));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 7, 5, 0, SGC_BALLOT_GE_MASK), 0x60));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 7, 5, 0, SGC_BALLOT_GT_MASK), 0x40));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 7, 5, 0, SGC_BALLOT_LE_MASK), 0x3f));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 7, 6, 0, SGC_BALLOT_GT_MASK), 0)); /* the last lane */
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 4, 0, v, 7, 5, 0, SGC_BALLOT_GE_MASK), 0x60)); /* L = 4: word 0 */
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 1, 0, v, 7, 5, 0, SGC_BALLOT_LE_MASK), 0));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 1, 0, v, 40, 33, 0, SGC_BALLOT_EQ_MASK), 0x2));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 1, 0, v, 40, 33, 0, SGC_BALLOT_GE_MASK), 0xfe));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 1, 0, v, 40, 33, 0, SGC_BALLOT_GT_MASK), 0xfc));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 1, 0, v, 40, 33, 0, SGC_BALLOT_LE_MASK), 0x3));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 40, 33, 0, SGC_BALLOT_LE_MASK), 0xffffffffu));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 40, 33, 0, SGC_BALLOT_GE_MASK), 0));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 2, 0, v, 40, 3, 0, SGC_BALLOT_GE_MASK), 0));
    CHECK(EXACT(ans(SGC_F_BALLOT, SGC_T_U32, 0, 0, v, 40, 3, 0, SGC_BALLOT_GE_MASK), 0xfffffff8u));
    /* An incomplete sub-group of 3 in a launch whose largest is 16: ge and gt run to the
     * largest (OpenCL-CTS's generate_bit_mask), eq and le do not change. */
    const sgc_query q = {SGC_F_BALLOT, SGC_T_U32, 0, 0, 16};
    CHECK(EXACT(sgc_answer_of(&q, v, 3, 1, 0, SGC_BALLOT_GE_MASK), 0xfffe));
    CHECK(EXACT(sgc_answer_of(&q, v, 3, 1, 0, SGC_BALLOT_GT_MASK), 0xfffc));
    CHECK(EXACT(sgc_answer_of(&q, v, 3, 1, 0, SGC_BALLOT_LE_MASK), 0x3));
    CHECK(EXACT(sgc_answer_of(&q, v, 3, 2, 0, SGC_BALLOT_EQ_MASK), 0x4));
}

static void test_answers__arithmetic(void) {
    const uint64_t s[3] = {(uint32_t)-5, 3, 7};
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_I32, 0, 0, s, 3, 0, 0, 3 * SGC_OP_ADD + SGC_KIND_REDUCE), 5));
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_I32, 0, 0, s, 3, 1, 0, 3 * SGC_OP_ADD + SGC_KIND_INCLUSIVE), (uint32_t)-2));
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_I32, 0, 0, s, 3, 0, 0, 3 * SGC_OP_ADD + SGC_KIND_EXCLUSIVE), 0));
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_I32, 0, 0, s, 3, 0, 0, 3 * SGC_OP_MIN + SGC_KIND_EXCLUSIVE), 0x7fffffff));
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_I32, 0, 0, s, 3, 2, 0, 3 * SGC_OP_MIN + SGC_KIND_REDUCE), (uint32_t)-5));
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_U32, 0, 0, s, 3, 2, 0, 3 * SGC_OP_MIN + SGC_KIND_REDUCE), 3)); /* unsigned */
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_I32, 0, 0, s, 3, 0, 0, 3 * SGC_OP_MAX + SGC_KIND_EXCLUSIVE), 0x80000000u));
    const uint64_t u[2] = {0xf3, 0x3d};
    CHECK(EXACT(ans(SGC_F_ARITH_EXT, SGC_T_U32, 0, 0, u, 2, 0, 0, 0 + SGC_KIND_REDUCE), 0xf3u * 0x3du));
    CHECK(EXACT(ans(SGC_F_ARITH_EXT, SGC_T_U32, 0, 0, u, 2, 0, 0, 3 + SGC_KIND_REDUCE), 0x31));
    CHECK(EXACT(ans(SGC_F_ARITH_EXT, SGC_T_U32, 0, 0, u, 2, 0, 0, 3 + SGC_KIND_EXCLUSIVE), 0xffffffffu));
    CHECK(EXACT(ans(SGC_F_ARITH_EXT, SGC_T_U32, 0, 0, u, 2, 1, 0, 6 + SGC_KIND_INCLUSIVE), 0xff));
    CHECK(EXACT(ans(SGC_F_ARITH_EXT, SGC_T_U32, 0, 0, u, 2, 1, 0, 9 + SGC_KIND_INCLUSIVE), 0xce));
    const uint64_t w[2] = {0xffffffffffffffffull, 2}; /* u64 wraps */
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_U64, 0, 0, w, 2, 0, 0, SGC_KIND_REDUCE), 1));
    const uint64_t f[2] = {0x3f800000u, 0x40000000u}; /* 1.0f, 2.0f */
    sgc_answer a = ans(SGC_F_ARITH, SGC_T_F32, 0, 0, f, 2, 0, 0, SGC_KIND_REDUCE);
    CHECK(a.defined && a.tol > 0 && a.tol < 1e-5 && fabs(a.fwant - 3.0) == 0.0);
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_F32, 0, 0, f, 2, 0, 0, 3 * SGC_OP_MAX + SGC_KIND_EXCLUSIVE), 0xff800000u));
    CHECK(EXACT(ans(SGC_F_ARITH, SGC_T_F32, 0, 0, f, 2, 1, 0, 3 * SGC_OP_MIN + SGC_KIND_REDUCE), 0x3f800000u));
}

static void test_answers__non_uniform(void) {
    const uint64_t v[4] = {3, 5, 7, 9};
    /* L = 1: pattern 1 with m = 0, no lane active: every lane's words stay unwritten. */
    CHECK(ans(SGC_F_NONUNIFORM, SGC_T_U32, 1, 0, v, 4, 0, 0, SGC_NU_REDUCE_ADD).unwritten);
    /* L = 7: pattern 1, m = 2: lanes 0 and 1. */
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U32, 7, 0, v, 4, 1, 0, SGC_NU_REDUCE_ADD), 8));
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U32, 7, 0, v, 4, 1, 0, SGC_NU_EXCL_ADD), 3));
    CHECK(ans(SGC_F_NONUNIFORM, SGC_T_U32, 7, 0, v, 4, 2, 0, SGC_NU_REDUCE_ADD).unwritten);
    /* L = 3: pattern 0, m = 1: odd lanes 1 and 3. */
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U32, 3, 0, v, 4, 3, 0, SGC_NU_REDUCE_MIN), 5));
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U32, 3, 0, v, 4, 3, 0, SGC_NU_INCL_ADD), 14));
    /* L = 8: pattern 2, m = 2: lane 2 alone; bit 2 of 7 is set. */
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U32, 8, 0, v, 4, 2, 0, SGC_NU_ALL), 1));
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U32, 8, 0, v, 4, 2, 0, SGC_NU_BALLOT_COUNT), 1));
}

/* Non-uniform and clustered operations on other types than u32, by hand: i32 min over
 * odd lanes of {-3, -5, 7, -9} is -9; u64 + wraps; f32 clustered + and * within bounds. */
static void test_answers__typed(void) {
    const uint64_t s[4] = {0xfffffffdu, 0xfffffffbu, 7, 0xfffffff7u};
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_I32, 3, 0, s, 4, 1, 0, SGC_NU_REDUCE_MIN), 0xfffffff7u));
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_I32, 3, 0, s, 4, 3, 0, SGC_NU_REDUCE_MAX), 0xfffffffbu));
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_I32, 3, 0, s, 4, 3, 0, SGC_NU_EXCL_ADD), 0xfffffffbu));
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U32, 3, 0, s, 4, 3, 0, SGC_NU_REDUCE_MAX), 0xfffffffbu));
    CHECK(ans(SGC_F_NONUNIFORM, SGC_T_I32, 3, 0, s, 4, 3, 0, SGC_NU_ANY).defined == 0); /* u32 only */
    const uint64_t w[2] = {0xffffffffffffffffull, 2};
    CHECK(EXACT(ans(SGC_F_NONUNIFORM, SGC_T_U64, 7, 0, w, 2, 1, 0, SGC_NU_REDUCE_ADD), 1)); /* lanes 0, 1 */
    const uint64_t f[4] = {0x3f800000u, 0x40000000u, 0x40400000u, 0x40800000u}; /* 1, 2, 3, 4 */
    sgc_answer a = ans(SGC_F_CLUSTERED, SGC_T_F32, 1, 0, f, 4, 3, 0, 0); /* clusters of 2: 3 + 4 */
    CHECK(a.defined && a.tol > 0 && a.fwant == 7.0);
    a = ans(SGC_F_CLUSTERED, SGC_T_F32, 2, 0, f, 4, 0, 0, 1); /* clusters of 4: 1 * 2 * 3 * 4 */
    CHECK(a.defined && a.tol > 0 && a.fwant == 24.0);
    CHECK(EXACT(ans(SGC_F_CLUSTERED, SGC_T_F32, 1, 0, f, 4, 0, 0, 3), 0x40000000u)); /* max of 1, 2 */
    CHECK(ans(SGC_F_CLUSTERED, SGC_T_F32, 1, 0, f, 4, 0, 0, 4).defined == 0); /* no & for floats */
    CHECK(EXACT(ans(SGC_F_CLUSTERED, SGC_T_I32, 2, 0, s, 4, 2, 0, 2), 0xfffffff7u)); /* min -9 */
}

/* The benchmarks' host replay (sgc_bench.gc's rounds x += r ^ i), worked by hand. */
static void test_bench_replay(void) {
    uint32_t v[3], t[3];
    v[0] = 1, v[1] = 2;
    sgb_replay(SGB_REDUCE, v, t, 2, 2); /* r = 3: {4, 5}; r = 9, 9 ^ 1 = 8: {12, 13} */
    CHECK(v[0] == 12 && v[1] == 13);
    v[0] = 1, v[1] = 2;
    sgb_replay(SGB_SHUFFLE, v, t, 2, 1); /* mask 1: each adds the other's value */
    CHECK(v[0] == 3 && v[1] == 3);
    v[0] = 1, v[1] = 2, v[2] = 3;
    sgb_replay(SGB_SCAN, v, t, 3, 1); /* prefixes 1, 3, 6 */
    CHECK(v[0] == 2 && v[1] == 5 && v[2] == 9);
    v[0] = 1, v[1] = 2, v[2] = 3;
    sgb_replay(SGB_BROADCAST, v, t, 3, 2); /* lane 0's 1: {2, 3, 4}; lane 1's 3, 3 ^ 1 = 2 */
    CHECK(v[0] == 4 && v[1] == 5 && v[2] == 6);
    v[0] = 16, v[1] = 1;
    sgb_replay(SGB_VOTE, v, t, 2, 1); /* 16 & 15 == 0: any is 1 */
    CHECK(v[0] == 17 && v[1] == 2);
    v[0] = 4, v[1] = 1, v[2] = 8;
    sgb_replay(SGB_BALLOT, v, t, 3, 1); /* & 3 == 0 for 4 and 8: count 2 */
    CHECK(v[0] == 6 && v[1] == 3 && v[2] == 10);
}

int main(void) {
    test_layout__accepts_and_rejects();
    test_answers__shuffles();
    test_answers__votes_and_ballots();
    test_answers__lane_masks();
    test_bench_replay();
    test_answers__typed();
    test_answers__arithmetic();
    test_answers__non_uniform();
    return UNIT_DONE();
}
