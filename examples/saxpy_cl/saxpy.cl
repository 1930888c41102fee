/* SPDX-License-Identifier: Apache-2.0 */
/* saxpy.cl — out = a * x + y over n floats, an OpenCL C kernel as a project ships it.
 * gpucheck tests this file unchanged: examples/saxpy_cl/saxpy_test.c. */
#include "axpy.h"

__kernel void saxpy(uint n, float a, __global const float *restrict x, __global const float *restrict y,
                    __global float *restrict out) {
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        out[i] = axpy(a, x[i], y[i]);
}
