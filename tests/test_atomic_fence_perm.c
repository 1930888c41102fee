/* SPDX-License-Identifier: Apache-2.0 */
/* test_atomic_fence_perm.c — the parallel layout's permutations: bijections, partners
 * never in their own work-group, shuffles that are permutations. */
#include <stdlib.h>
#include <string.h>

#include "suites/atomic_fence/fence_perm.h"
#include "unit.h"

static uint32_t xorshift(void *state) {
    uint64_t *s = state;
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 16);
}

int main(void) {
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    CHECK(fence_gcd(12, 18) == 6 && fence_gcd(7, 0) == 7 && fence_gcd(0, 9) == 9);
    int all_bijective = 1, all_deranged = 1, all_shuffles = 1;
    uint8_t *seen = malloc(4096);
    uint32_t *sh = malloc(4096 * 4);
    for (uint32_t n = 1; n <= 600; n++) {
        for (int rep = 0; rep < 8; rep++) {
            fence_affine b = fence_affine_bijection(n, xorshift, &rng);
            memset(seen, 0, n);
            for (uint32_t x = 0; x < n; x++) seen[fence_affine_apply(&b, x)]++;
            for (uint32_t x = 0; x < n; x++) all_bijective &= seen[x] == 1;
            if (n >= 2) {
                fence_affine d = fence_affine_derangement(n, xorshift, &rng);
                memset(seen, 0, n);
                for (uint32_t x = 0; x < n; x++) {
                    uint32_t y = fence_affine_apply(&d, x);
                    seen[y]++;
                    all_deranged &= y != x;
                }
                for (uint32_t x = 0; x < n; x++) all_deranged &= seen[x] == 1;
            }
            fence_shuffle(sh, n, xorshift, &rng);
            memset(seen, 0, n);
            for (uint32_t x = 0; x < n; x++) seen[sh[x]]++;
            for (uint32_t x = 0; x < n; x++) all_shuffles &= seen[x] == 1;
        }
    }
    CHECK(all_bijective);
    CHECK(all_deranged);
    CHECK(all_shuffles);
    /* A derangement is not always the rotation: some multiplier other than 1 appears. */
    int non_rotation = 0;
    for (int rep = 0; rep < 64; rep++) non_rotation |= fence_affine_derangement(264, xorshift, &rng).mul != 1;
    CHECK(non_rotation);
    /* Negative control of the property test itself: the identity has fixed points. */
    fence_affine id = {1, 0, 10};
    CHECK(fence_affine_apply(&id, 3) == 3);
    free(seen);
    free(sh);
    return UNIT_DONE();
}
