/* SPDX-License-Identifier: Apache-2.0 */
/* fk20.h — FK20's precomputation and its MSM's shape, for the context and the batch. */
#ifndef GC_KZG_FK20_H
#define GC_KZG_FK20_H

#include "crypto/kzg/kzg_internal.h"

/* x_ext_fft from the monomial points (or `given`, a stage test's known answer). */
gc_kzg_ret kzg_build_x_ext_fft(gc_kzg_ctx *c, const gc_g1p *mono, const gc_g1p *given);
/* The FK20 MSM's launch shape over n blobs. */
kzg_msm_shape kzg_fk20_msm_shape(const gc_kzg_ctx *c, size_t n);

#endif
