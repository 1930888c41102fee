/* SPDX-License-Identifier: Apache-2.0 */
/* sgc_bench.h — the sub_group_coll benchmarks (sgc_bench.c): collective against local
 * memory and barriers, per operation. */
#ifndef GC_SGC_BENCH_H
#define GC_SGC_BENCH_H

#include <stdint.h>

#include "gpucheck/gc_harness.h"

typedef enum { SGB_BROADCAST, SGB_SHUFFLE, SGB_REDUCE, SGB_SCAN, SGB_VOTE, SGB_BALLOT, SGB_COUNT } sgb_op;

typedef struct {
    sgb_op op;
    int local;          /* 1: the local-memory baseline, 0: the collective */
    const char *define; /* the mutant's fault site, else NULL */
} sgb_param;

/** The host's replay of one group of m lanes (values v, in place) through R rounds of op;
 *  tmp holds m words. */
void sgb_replay(sgb_op op, uint32_t *v, uint32_t *tmp, uint32_t m, uint32_t R);
/** Registers bench.<op>.local and bench.<op>.sub_group (and, in test builds, a mutant). */
void sgc_register_bench(void);

#endif
