// SPDX-License-Identifier: Apache-2.0
// saxpy.cu — out = a * x + y over n floats, a CUDA C++ kernel as a project ships it
// (nvcc -ptx saxpy.cu, or through NVRTC). gpucheck tests this file unchanged:
// examples/saxpy_cu/saxpy_test.c.
#include "saxpy.cuh"

extern "C" __global__ void saxpy(unsigned n, float a, const float *__restrict__ x,
                                 const float *__restrict__ y, float *__restrict__ out) {
    // A grid-stride loop: correct for any launch size.
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = saxpy_detail::axpy(a, __ldg(&x[i]), __ldg(&y[i]));
}
