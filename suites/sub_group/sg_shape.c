/* SPDX-License-Identifier: Apache-2.0 */
/* sg_shape.c — N-D ranges of the sub-group suite reduced to a device's limits. */
#include "suites/sub_group/sg_shape.h"

static size_t sg_product(const size_t v[3]) { return v[0] * v[1] * v[2]; }

/* Index of the largest dimension of the first `dims`, the lowest among equals. */
static unsigned sg_largest(unsigned dims, const size_t v[3]) {
    unsigned best = 0;
    for (unsigned d = 1; d < dims; d++)
        if (v[d] > v[best]) best = d;
    return best;
}

int gc_sg_reduce_local(unsigned dims, const size_t start[3], const gc_sg_limits *lim,
                       size_t out[3]) {
    if (dims < 1 || dims > 3 || lim->max_work_group_size == 0) return 0;
    for (unsigned d = 0; d < 3; d++) {
        out[d] = d < dims ? start[d] : 1;
        if (d < dims && out[d] > lim->max_item_sizes[d]) out[d] = lim->max_item_sizes[d];
        if (out[d] == 0) return 0;
    }
    /* Dropping one at a time from the largest keeps the shape as large and as far from
     * powers of two as the limits allow (1023 -> 10x10x10 under 1024 work-items). */
    while (sg_product(out) > lim->max_work_group_size) out[sg_largest(dims, out)]--;
    /* A whole number of sub-groups would make every sub-group complete under the
     * linear mapping; one fewer work-item leaves the last one partial. */
    while (lim->sub_group_size > 1 && sg_product(out) > 1 &&
           sg_product(out) % lim->sub_group_size == 0)
        out[sg_largest(dims, out)]--;
    return 1;
}

size_t gc_sg_prime_at_most(size_t n) {
    for (; n >= 2; n--) {
        int prime = 1;
        for (size_t q = 2; q * q <= n; q++)
            if (n % q == 0) {
                prime = 0;
                break;
            }
        if (prime) return n;
    }
    return 0;
}

/* Primes per dimension: 1-D the largest under every limit; 3-D and 2-D start from
 * 13, 11, 7 (a product of 1001) and step the largest down to the next prime. */
static int sg_prime_local(unsigned dims, const gc_sg_limits *lim, size_t out[3]) {
    const size_t start[3] = {13, 11, 7};
    for (unsigned d = 0; d < 3; d++) out[d] = 1;
    if (dims == 1) {
        size_t cap = lim->max_work_group_size < lim->max_item_sizes[0] ? lim->max_work_group_size
                                                                      : lim->max_item_sizes[0];
        out[0] = gc_sg_prime_at_most(cap);
        return out[0] != 0;
    }
    for (unsigned d = 0; d < dims; d++) {
        out[d] = gc_sg_prime_at_most(start[d] < lim->max_item_sizes[d] ? start[d]
                                                                       : lim->max_item_sizes[d]);
        if (out[d] == 0) return 0;
    }
    while (sg_product(out) > lim->max_work_group_size) {
        unsigned d = sg_largest(dims, out);
        if (out[d] == 2) return 0;
        out[d] = gc_sg_prime_at_most(out[d] - 1);
    }
    return 1;
}

int gc_sg_case_range(const gc_sg_case *c, const gc_sg_limits *lim, size_t local[3],
                     size_t global[3]) {
    static const size_t plan_start[3] = {1023, 1023, 1023};
    int ok = 0;
    if (c->dims < 1 || c->dims > 3) return 0;
    switch (c->rule) {
    case GC_SG_SHAPE_REDUCED:
        ok = gc_sg_reduce_local(c->dims, plan_start, lim, local);
        break;
    case GC_SG_SHAPE_PRIME:
        ok = sg_prime_local(c->dims, lim, local);
        break;
    case GC_SG_SHAPE_FIXED:
        ok = 1;
        for (unsigned d = 0; d < 3; d++) {
            local[d] = d < c->dims ? c->local[d] : 1;
            if (local[d] == 0 || local[d] > lim->max_item_sizes[d]) ok = 0;
        }
        if (sg_product(local) > lim->max_work_group_size) ok = 0;
        break;
    }
    if (!ok) return 0;
    for (unsigned d = 0; d < 3; d++) {
        size_t groups = d < c->dims ? c->groups[d] : 1;
        if (groups == 0) return 0;
        global[d] = groups * local[d];
        /* A partial last work-group about half as wide, odd so that its sub-groups are
         * unlikely to come out whole, never empty and never full. */
        if (c->non_uniform && d < c->dims && local[d] > 1) global[d] += (local[d] / 2) | 1u;
    }
    return 1;
}
