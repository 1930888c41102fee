/* SPDX-License-Identifier: Apache-2.0 */
/* verifier.h — EIP-7594's verify_cell_kzg_proof_batch on a device, with c-kzg-4844 2.1.8's
 * answers: the points decoded and checked on the device (g1_decode.gc), the challenge and
 * scalars on the host (challenge.c, cell_batch.c), LL and RL as one batch of two MSMs
 * (crypto/kzg/msm/pippenger.gc), then the pairing check e(RL, [1]) e(-LL, [s^64]) = 1 on the
 * host (crypto/bls12_381/pairing.gc). Many independent batches share one decoding launch
 * and one MSM pass (two MSMs a batch). */
#ifndef GC_KZG_VERIFY_VERIFIER_H
#define GC_KZG_VERIFY_VERIFIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crypto/kzg/msm/pippenger.h"
#include "crypto/kzg/setup/setup.h"

#define KZG_VERIFY_SETUP_G1 64u /* the setup's first [s^i] G1 that RL takes */

typedef struct {
    gc_device *dev;
    gc_module *mod;
    gc_kernel *decode;
    kzg_pippenger_kernels msm;
    gc_g1a g1_monomial[KZG_VERIFY_SETUP_G1]; /* copies: the setup may be freed after create */
    gc_g2a g2_s64;                           /* [s^64] G2 */
} kzg_verifier;

/** Build the verification stage's module (crypto/kzg/verify/verify.gc) on dev, keeping
 *  copies of the setup's first 64 monomial G1 points and its [s^64] G2. */
gc_kzg_ret kzg_verifier_create(kzg_verifier *v, gc_device *dev, const gc_kzg_setup *setup);
/** The same from the points themselves (g1: KZG_VERIFY_SETUP_G1 points). */
gc_kzg_ret kzg_verifier_create_from_points(kzg_verifier *v, gc_device *dev, const gc_g1a *g1, const gc_g2a *g2_s64);
void kzg_verifier_free(kzg_verifier *v);

/** *ok = whether the n cells (2048 B each) with their indices are the evaluations the
 *  proofs (48 B each) open from the commitments (48 B each); as c-kzg: n = 0 is valid, a
 *  cell index >= 128, an element >= r, or a commitment or proof that is not a valid
 *  compressed point of the subgroup is GC_KZG_BADARGS (*ok false). */
gc_kzg_ret kzg_verify_cell_proof_batch(const kzg_verifier *v, bool *ok, const uint8_t *commitments,
                                       const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs,
                                       size_t n);

/** One batch of kzg_verify_cell_proof_batches: the public call's (gc_kzg.h). */
typedef gc_kzg_cell_batch kzg_cell_batch;

/** nb batches at once: ok[b] and status[b] as kzg_verify_cell_proof_batch would give for
 *  batch b (GC_KZG_OK or GC_KZG_BADARGS). Returns GC_KZG_OK when it ran (whatever the
 *  batches' statuses), else the error (GC_KZG_DEVICE, GC_KZG_MALLOC), status untouched. */
gc_kzg_ret kzg_verify_cell_proof_batches(const kzg_verifier *v, bool *ok, gc_kzg_ret *status,
                                         const kzg_cell_batch *batches, size_t nb);

#endif
