/* verifier.h — EIP-7594's verify_cell_kzg_proof_batch on a device, with c-kzg-4844 2.1.8's
 * answers: the points decoded and checked on the device (g1_decode.gc), the challenge and
 * scalars on the host (challenge.c, cell_batch.c), LL and RL as one batch of two MSMs
 * (crypto/kzg/msm/pippenger.gc), then the pairing check e(RL, [1]) e(-LL, [s^64]) = 1 on the
 * host (crypto/bls12_381/pairing.gc). */
#ifndef GC_KZG_VERIFY_VERIFIER_H
#define GC_KZG_VERIFY_VERIFIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crypto/kzg/msm/pippenger.h"
#include "crypto/kzg/setup/setup.h"

typedef struct {
    gc_device *dev;
    gc_module *mod;
    gc_kernel *decode;
    kzg_pippenger_kernels msm;
    const gc_kzg_setup *setup; /* borrowed: the G1 monomial points and [s^64] G2 */
} kzg_verifier;

/** Build the verification stage's module (crypto/kzg/verify/verify.gc) on dev. */
gc_kzg_ret kzg_verifier_create(kzg_verifier *v, gc_device *dev, const gc_kzg_setup *setup);
void kzg_verifier_free(kzg_verifier *v);

/** *ok = whether the n cells (2048 B each) with their indices are the evaluations the
 *  proofs (48 B each) open from the commitments (48 B each); as c-kzg: n = 0 is valid, a
 *  cell index >= 128, an element >= r, or a commitment or proof that is not a valid
 *  compressed point of the subgroup is GC_KZG_BADARGS (*ok false). */
gc_kzg_ret kzg_verify_cell_proof_batch(const kzg_verifier *v, bool *ok, const uint8_t *commitments,
                                       const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs,
                                       size_t n);

#endif
