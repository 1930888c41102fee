/* SPDX-License-Identifier: Apache-2.0 */
/* axpy.h — the arithmetic of saxpy.cl, a header as a project would keep it. */
#ifndef AXPY_H
#define AXPY_H

static inline float axpy(float a, float x, float y) { return a * x + y; }

#endif
