/* SPDX-License-Identifier: Apache-2.0 */
/* fence_perm.c — affine permutations and shuffles for the parallel layout. */
#include "suites/atomic_fence/fence_perm.h"

uint32_t fence_gcd(uint32_t a, uint32_t b) {
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

uint32_t fence_affine_apply(const fence_affine *p, uint32_t x) {
    return (uint32_t)(((uint64_t)p->mul * x + p->add) % p->n);
}

/* Uniform in [0, n) (n >= 1); the modulo bias is irrelevant at these sizes. */
static uint32_t below(uint32_t n, fence_rand_fn rnd, void *rng) { return rnd(rng) % n; }

static uint32_t coprime_multiplier(uint32_t n, fence_rand_fn rnd, void *rng) {
    if (n <= 2) return 1;
    for (;;) {
        uint32_t m = 1 + below(n - 1, rnd, rng);
        if (fence_gcd(m, n) == 1) return m;
    }
}

fence_affine fence_affine_bijection(uint32_t n, fence_rand_fn rnd, void *rng) {
    fence_affine p = {1, 0, n ? n : 1};
    p.mul = coprime_multiplier(p.n, rnd, rng);
    p.add = below(p.n, rnd, rng);
    return p;
}

fence_affine fence_affine_derangement(uint32_t n, fence_rand_fn rnd, void *rng) {
    fence_affine p = {1, 1, n < 2 ? 2 : n};
    /* A multiplier m with g = gcd(m - 1, n) > 1 leaves room for an offset that g does
     * not divide; m = 1 (g = n) always qualifies, so a few random tries then fall back. */
    for (int tries = 0; tries < 16; tries++) {
        uint32_t m = coprime_multiplier(p.n, rnd, rng);
        uint32_t g = fence_gcd(m - 1, p.n); /* gcd(0, n) = n */
        if (g > 1) {
            uint32_t add;
            do add = below(p.n, rnd, rng);
            while (add % g == 0);
            p.mul = m;
            p.add = add;
            return p;
        }
    }
    p.mul = 1;
    p.add = 1 + below(p.n - 1, rnd, rng);
    return p;
}

void fence_shuffle(uint32_t *out, uint32_t n, fence_rand_fn rnd, void *rng) {
    for (uint32_t i = 0; i < n; i++) out[i] = i;
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = below(i, rnd, rng), t = out[i - 1];
        out[i - 1] = out[j];
        out[j] = t;
    }
}
