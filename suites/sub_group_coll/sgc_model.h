/* SPDX-License-Identifier: Apache-2.0 */
/* sgc_model.h — the host side of the sub-group collectives suite: the sub-group layout a
 * launch reported, checked for consistency, and the answer every result slot must hold,
 * computed from the inputs and that layout. Pure functions: no device needed. */
#ifndef GC_SGC_MODEL_H
#define GC_SGC_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "suites/sub_group_coll/sgc_layout.gc"

/** Sub-groups of one launch, from the layout words (SGC_LAY_WORDS per work-item). */
typedef struct {
    size_t n;          /* work-items */
    size_t n_groups;   /* sub-groups (over all work-groups) */
    size_t *order;     /* work-items sorted by (work-group, sub-group id, local id) */
    size_t *start;     /* sub-group k: order[start[k] .. start[k] + size[k]) by local id */
    uint32_t *size;    /* per sub-group */
    uint32_t *sgid;    /* per sub-group: its id in its work-group */
    size_t incomplete; /* sub-groups smaller than the largest */
    uint32_t max_size; /* the largest sub-group seen */
} sgc_layout;

/** Builds the layout from the words a launch wrote for `n` work-items over the range
 *  (dims, global, local). Returns the number of violations (a record still canary, a
 *  local id not below its size, sizes that differ within a sub-group, a local id missing
 *  or twice); msg gets the first. On 0 the caller frees with sgc_layout_free. */
size_t sgc_layout_build(const uint32_t *lay, size_t n, unsigned dims, const size_t global[3],
                        const size_t local[3], uint8_t canary, sgc_layout *out, char *msg, size_t len);
void sgc_layout_free(sgc_layout *l);

/** What a value is: the width of its words and how + * min max read it. */
typedef enum { SGC_T_I32, SGC_T_U32, SGC_T_I64, SGC_T_U64, SGC_T_F32, SGC_T_F64, SGC_T_COUNT } sgc_type;
const char *sgc_type_name(sgc_type t);
unsigned sgc_type_bytes(sgc_type t);
int sgc_type_is_float(sgc_type t);

/** The families and what decides an answer. */
typedef enum { SGC_F_BCAST, SGC_F_SHUFFLE, SGC_F_RELATIVE, SGC_F_VOTE, SGC_F_BALLOT, SGC_F_NONUNIFORM, SGC_F_CLUSTERED,
               SGC_F_ARITH, SGC_F_ARITH_EXT } sgc_family;
unsigned sgc_family_slots(sgc_family f, sgc_type t);
const char *sgc_slot_name(sgc_family f, sgc_type t, unsigned slot);

typedef struct {
    sgc_family family;
    sgc_type type;
    uint32_t launch;  /* L */
    int cuda_edges;   /* CUDA: a shuffle source outside the warp yields the caller's value */
    uint32_t max_size; /* the launch's largest sub-group (ge/gt masks); 0: the caller's own */
} sgc_query;

/** An answer: defined (1) or left undefined by the specifications (0). For floating +
 *  and * (the only inexact ones), tol > 0 bounds |got - want| (as doubles in fwant);
 *  every other answer is exact, in the low sgc_type_bytes of want. */
typedef struct {
    int defined;
    int unwritten;  /* an inactive lane: the word must still be the canary */
    uint64_t want;
    double fwant, tol;
} sgc_answer;

/** The answer of `slot` for the member at local id `lid` of a sub-group of `size`
 *  members with id `sgid`, whose inputs by local id are v[0..size-1] (raw words,
 *  zero-extended). */
sgc_answer sgc_answer_of(const sgc_query *q, const uint64_t *v, uint32_t size, uint32_t lid,
                         uint32_t sgid, unsigned slot);

#endif
