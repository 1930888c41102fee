// SPDX-License-Identifier: Apache-2.0
// saxpy_poisoned.cu — examples/saxpy_cu/saxpy.cu with two bugs, for the example's negative
// control on a CUDA device: the middle element is off by one and the last is never
// written. It must compile through NVRTC (test_kernel_files) and make the example's
// known-answer test FAIL (SAXPY_CU=tests/kernels/saxpy_poisoned.cu ./saxpy_cu run).
#include "../../examples/saxpy_cu/saxpy.cuh"

extern "C" __global__ void saxpy(unsigned n, float a, const float *__restrict__ x,
                                 const float *__restrict__ y, float *__restrict__ out) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 1; i += gridDim.x * blockDim.x)
        out[i] = saxpy_detail::axpy(a, x[i], y[i]) + (i == n / 2 ? 1.0f : 0.0f);
}
