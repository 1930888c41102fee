/* SPDX-License-Identifier: Apache-2.0 */
/* sg_shape.h — the N-D ranges of the sub-group suite, reduced to a device's limits.
 * Pure functions of the limits, so the reduction rule is unit-tested on the host and
 * documented once (docs/sub_group.md). */
#ifndef GC_SG_SHAPE_H
#define GC_SG_SHAPE_H

#include <stddef.h>

/** What bounds a work-group. */
typedef struct {
    size_t max_work_group_size; /* work-items per work-group (device, or the kernel's own) */
    size_t max_item_sizes[3];   /* per dimension */
    unsigned sub_group_size;    /* the device's largest sub-group size; 0 if unknown */
} gc_sg_limits;

/** How a test case builds its range from the limits. */
typedef enum {
    GC_SG_SHAPE_REDUCED,    /* local from 1023 per dimension, reduced (the plan's rule) */
    GC_SG_SHAPE_PRIME,      /* local of primes, the largest that fit */
    GC_SG_SHAPE_FIXED       /* local as given (must fit) */
} gc_sg_shape_rule;

typedef struct {
    gc_sg_shape_rule rule;
    unsigned dims;
    size_t local[3];        /* FIXED: the local size; others: ignored */
    size_t groups[3];       /* whole work-groups per dimension */
    int non_uniform;        /* add a partial work-group of about half the local size */
} gc_sg_case;

/** The plan's reduction: each dimension starts at `start`, clamped to its limit; while
 *  the product exceeds the work-group limit the largest dimension (the lowest index
 *  among equals) drops by one; then, while the product is a whole number of sub-groups
 *  (so no sub-group would be incomplete), the largest drops by one more. Unused
 *  dimensions are 1. Returns 0 if no local size fits (a limit of 0). */
int gc_sg_reduce_local(unsigned dims, const size_t start[3], const gc_sg_limits *lim,
                       size_t out[3]);

/** Largest prime <= n (0 if n < 2). */
size_t gc_sg_prime_at_most(size_t n);

/** The case's local and global sizes for these limits; 0 if it cannot fit. */
int gc_sg_case_range(const gc_sg_case *c, const gc_sg_limits *lim, size_t local[3],
                     size_t global[3]);

#endif
