/* SPDX-License-Identifier: Apache-2.0 */
/* verifier.h — the verification stage on a device, with c-kzg-4844 2.1.8's answers: the
 * points decoded and checked on the device (g1_decode.gc), challenges and scalars on the
 * host (challenge.c, cell_batch.c, blob_batch.c) but for the cell batches' interpolants
 * (cell_columns.gc, on the device), the random linear combinations as MSMs
 * (crypto/kzg/msm/pippenger.gc), the pairing checks e(A, [1]) e(-B, Q) = 1 on the device
 * (pairing_checks.gc) or, for fewer than KZG_VERIFY_DEVICE_CHECKS_MIN, on the host, from
 * the fixed G2 points' precomputed lines (crypto/bls12_381/pairing_lines.gc); such a small
 * call decodes its points on the host too.
 * EIP-7594's verify_cell_kzg_proof_batch is here (many independent batches share one
 * decoding launch and one MSM pass, two MSMs a batch); EIP-4844's verifications in
 * openings.h. */
#ifndef GC_KZG_VERIFY_VERIFIER_H
#define GC_KZG_VERIFY_VERIFIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crypto/bls12_381/glv.gc"
#include "crypto/bls12_381/pairing_lines.gc"
#include "crypto/kzg/msm/pippenger.h"
#include "crypto/kzg/verify/cell_columns.h"
#include "crypto/kzg/setup/setup.h"

#define KZG_VERIFY_SETUP_G1 64u /* the setup's first [s^i] G1 that RL takes */

/* Calls with fewer pairing checks than this make them on the host: one check is a single
 * work-item's pairing on a device, slower than the host's; many fill the device. */
#define KZG_VERIFY_DEVICE_CHECKS_MIN 4u

typedef struct {
    gc_device *dev;
    gc_module *mod;
    gc_kernel *decode, *opening_pairs, *pairing_checks;
    kzg_pippenger_kernels msm;
    kzg_cell_columns_kernels cells;           /* the cell batches' interpolants */
    gc_g1a g1_monomial[KZG_VERIFY_SETUP_G1]; /* copies: the setup may be freed after create */
    gc_g2a g2_gen, g2_s, g2_s64;             /* [1], [s] and [s^64] G2 */
    gc_bls_g2_lines lines_gen, lines_s, lines_s64; /* their Miller-loop lines: the host's checks */
    gc_g1p neg_g_odd[2][GC_GLV_ODD];         /* -G, -3G, .., -15G and their -phi: host openings */
    size_t device_checks_min;                /* KZG_VERIFY_DEVICE_CHECKS_MIN; tests force either side */
    int mutant;                              /* the module's KZG_MUTANT; 23 and 24 also on the host */
} kzg_verifier;

/* What verification needs of a setup, kept by a context (crypto/kzg/verify/verify_calls.c). */
typedef struct {
    const gc_g1a *g1;   /* KZG_VERIFY_SETUP_G1 monomial points */
    const gc_g2a *g2_s, *g2_s64;
} kzg_verifier_points;

/** Build the verification stage's module (crypto/kzg/verify/verify.gc) on dev, keeping
 *  copies of the setup's first 64 monomial G1 points, [s] G2 and [s^64] G2. */
gc_kzg_ret kzg_verifier_create(kzg_verifier *v, gc_device *dev, const gc_kzg_setup *setup);
/** The same from the points themselves; mutant > 0 builds the module with KZG_MUTANT=mutant
 *  (the suite's fault sites 22 .. 26). */
gc_kzg_ret kzg_verifier_create_from_points(kzg_verifier *v, gc_device *dev, const kzg_verifier_points *pts,
                                           int mutant);
void kzg_verifier_free(kzg_verifier *v);

/** Decode n compressed G1 points: out[i] the point, err[i] GC_G1_OK or why encoding i is
 *  not a point of the subgroup; on the host's threads (up to 16; the same code as the
 *  kernel) where n / 2 is below v->device_checks_min or n is at most 8 points a thread,
 *  else on the device; v->device_checks_min = 0 sends every decoding to the device. 0, or
 *  -1 for a device error. */
int kzg_verifier_decode(const kzg_verifier *v, const uint8_t *enc, uint32_t n, gc_g1a *out, uint32_t *err);
/** n_msms MSMs over offsets[0 .. n_msms] of pts and scalars (8 raw limbs each) in one
 *  pass, out[m] projective: on the host's threads for at most 48 terms a thread (up to 16),
 *  else on the device (always there where v->device_checks_min is 0). 0, or -1 for a
 *  device error or no memory. */
int kzg_verifier_msms(const kzg_verifier *v, const gc_g1a *pts, const uint32_t *scalars, const uint64_t *offsets,
                      size_t n_msms, gc_g1p *out);
/** n random scalars for combining checks, 32 bytes big-endian each, nonzero and < r (the top
 *  two bits cleared, the lowest set), from the system's random source, so that no input can
 *  be built to make invalid items cancel in a combined check. 0, or -1 without randomness. */
int kzg_verifier_random_scales(uint8_t *be, size_t n);
/** ok[i] = e(A_i, [1]) e(-B_i, q) == 1 for (A_i, B_i) = pairs[2 i], pairs[2 i + 1], m
 *  checks: on the host below v->device_checks_min, else in one launch. 0, or -1 for a
 *  device error. */
int kzg_verifier_pairing_checks(const kzg_verifier *v, bool *ok, const gc_g1p *pairs, const gc_g2a *q, size_t m);

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
/** The same, and *one_check (when not NULL) whether one combined pairing check decided
 *  every batch (two or more valid ones), for the tests of that path. */
gc_kzg_ret kzg_verify_cell_proof_batches_how(const kzg_verifier *v, bool *ok, gc_kzg_ret *status,
                                             const kzg_cell_batch *batches, size_t nb, bool *one_check);

#endif
