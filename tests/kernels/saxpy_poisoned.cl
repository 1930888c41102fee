/* SPDX-License-Identifier: Apache-2.0 */
/* saxpy_poisoned.cl — examples/saxpy_cl/saxpy.cl with two bugs, for the example's negative
 * control: the middle element is off by one and the last is never written. The example's
 * known-answer test must FAIL on it (tests/saxpy_examples.cmake). */
#include "../../examples/saxpy_cl/axpy.h"

__kernel void saxpy(uint n, float a, __global const float *restrict x, __global const float *restrict y,
                    __global float *restrict out) {
    for (uint i = get_global_id(0); i < n - 1; i += get_global_size(0))
        out[i] = axpy(a, x[i], y[i]) + (i == n / 2 ? 1.0f : 0.0f);
}
