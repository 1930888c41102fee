/* SPDX-License-Identifier: Apache-2.0 */
/* openings.h — EIP-4844's verifications on a device, with c-kzg-4844 2.1.8's answers, once
 * the points are decoded and each opening's z and y are known (the public calls in
 * eip4844_calls.c find them: z given or the blob's challenge, y given or the blob's
 * polynomial evaluated on the device). */
#ifndef GC_KZG_VERIFY_OPENINGS_H
#define GC_KZG_VERIFY_OPENINGS_H

#include "crypto/bls12_381/fr.gc"
#include "crypto/kzg/verify/verifier.h"

/** ok[i] = c-kzg's verify_kzg_proof_impl for opening i: e(C_i - [y_i] G, [1]) =
 *  e(P_i, [s] - [z_i] [1]), C_i and P_i decoded in cp[2 i], cp[2 i + 1], z and y in
 *  Montgomery form; an opening with skip[i] set is not computed (ok[i] false). From
 *  v->device_checks_min live openings, first one check of their random combination (two
 *  MSMs); where it fails, the G1 side is one launch and the checks
 *  kzg_verifier_pairing_checks; below that count both on the host (a GLV loop an opening,
 *  the checks from the G2 points' lines), no launch at all. GC_KZG_DEVICE or GC_KZG_MALLOC
 *  when it could not run. */
gc_kzg_ret kzg_verify_openings(const kzg_verifier *v, bool *ok, const gc_g1a *cp, const gc_fr *z, const gc_fr *y,
                               const uint32_t *skip, size_t n);

/** *ok = c-kzg's verify_kzg_proof_batch over n >= 2 openings (every one valid input): the
 *  challenge r over the encodings (commitments, proofs: 48 B each), z and y, then
 *  e(sum r^i P_i, [s]) = e(sum r^i C_i - [sum r^i y_i] G + sum r^i z_i P_i, [1]) with the
 *  two sums as MSMs on the device. */
gc_kzg_ret kzg_verify_openings_batch(const kzg_verifier *v, bool *ok, const uint8_t *commitments,
                                     const uint8_t *proofs, const gc_g1a *cp, const gc_fr *z, const gc_fr *y,
                                     size_t n);

#endif
