// SPDX-License-Identifier: Apache-2.0
// saxpy.cuh — the arithmetic of saxpy.cu, a header as a project would keep it.
#pragma once

namespace saxpy_detail {
template <typename T>
__device__ __forceinline__ T axpy(T a, T x, T y) {
    return a * x + y;
}
} // namespace saxpy_detail
