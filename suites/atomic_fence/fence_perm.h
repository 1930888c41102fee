/* SPDX-License-Identifier: Apache-2.0 */
/* fence_perm.h — the permutations of the parallel message-passing layout (pure host
 * code, unit-tested in tests/test_atomic_fence_perm.c).
 *
 * The kernel maps a group id w to (mul * w + add) mod n. With gcd(mul, n) = 1 that is a
 * bijection; it has a fixed point exactly when (mul - 1) * w = -add (mod n) is solvable,
 * i.e. when gcd(mul - 1, n) divides add. The pickers below choose parameters that make
 * the map a bijection and, for partners, one without fixed points, so that every reader
 * reads an instance written in another work-group. */
#ifndef FENCE_PERM_H
#define FENCE_PERM_H

#include <stdint.h>

/** A source of uniform 32-bit random numbers (the test's seeded generator). */
typedef uint32_t (*fence_rand_fn)(void *rng);

typedef struct {
    uint32_t mul, add, n;
} fence_affine;

uint32_t fence_gcd(uint32_t a, uint32_t b);
/** (mul * x + add) mod n, as the kernels compute it. */
uint32_t fence_affine_apply(const fence_affine *p, uint32_t x);
/** A random bijection of [0, n), n >= 1. */
fence_affine fence_affine_bijection(uint32_t n, fence_rand_fn rnd, void *rng);
/** A random bijection of [0, n) without fixed points, n >= 2. */
fence_affine fence_affine_derangement(uint32_t n, fence_rand_fn rnd, void *rng);
/** Fisher-Yates shuffle of the identity [0, n) into out. */
void fence_shuffle(uint32_t *out, uint32_t n, fence_rand_fn rnd, void *rng);

#endif
