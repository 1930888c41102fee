/* SPDX-License-Identifier: Apache-2.0 */
/* kat.c — the BLS12-381 known answers of crypto/bls12_381/vectors (*.inc files) as C tables, so that the
 * library (and an installed gpucheck) carries them without the source tree. */
#include "crypto/bls12_381/host.h"

#define GC_BLS_COUNT(a) (sizeof(a) / sizeof((a)[0]))

const gc_bls_g1_mul_vec gc_bls_g1_mul_vectors[] = {
#define GC_BLS_G1_MUL(base, k, res, x, y) {base, k, res, x, y},
#include "crypto/bls12_381/vectors/g1_mul.inc"
#undef GC_BLS_G1_MUL
};
const size_t gc_bls_g1_mul_vector_count = GC_BLS_COUNT(gc_bls_g1_mul_vectors);

const gc_bls_g1_add_vec gc_bls_g1_add_vectors[] = {
#define GC_BLS_G1_ADD(p, q, sum, dbl) {p, q, sum, dbl},
#include "crypto/bls12_381/vectors/g1_add.inc"
#undef GC_BLS_G1_ADD
};
const size_t gc_bls_g1_add_vector_count = GC_BLS_COUNT(gc_bls_g1_add_vectors);

const gc_bls_g1_invalid_vec gc_bls_g1_invalid_vectors[] = {
#define GC_BLS_G1_INVALID(enc, err) {enc, err},
#include "crypto/bls12_381/vectors/g1_invalid.inc"
#undef GC_BLS_G1_INVALID
};
const size_t gc_bls_g1_invalid_vector_count = GC_BLS_COUNT(gc_bls_g1_invalid_vectors);

const gc_bls_fft_vec gc_bls_fr_fft_vectors[] = {
#define GC_BLS_FR_FFT(log_n, k, out) {log_n, k, out},
#include "crypto/bls12_381/vectors/fr_fft.inc"
#undef GC_BLS_FR_FFT
};
const size_t gc_bls_fr_fft_vector_count = GC_BLS_COUNT(gc_bls_fr_fft_vectors);

const gc_bls_fft_vec gc_bls_g1_fft_vectors[] = {
#define GC_BLS_G1_FFT(log_n, k, out) {log_n, k, out},
#include "crypto/bls12_381/vectors/g1_fft.inc"
#undef GC_BLS_G1_FFT
};
const size_t gc_bls_g1_fft_vector_count = GC_BLS_COUNT(gc_bls_g1_fft_vectors);

/* the pairing's: each .inc holds several kinds, one table each */
const gc_bls_fp12_vec gc_bls_fp12_vectors[] = {
#define GC_BLS_FP12(a, b, m, s, i, f1, f2, f3) {a, b, m, s, i, f1, f2, f3},
#define GC_BLS_FP6(a, b, m, s, i)
#include "crypto/bls12_381/vectors/fp12.inc"
#undef GC_BLS_FP12
#undef GC_BLS_FP6
};
const size_t gc_bls_fp12_vector_count = GC_BLS_COUNT(gc_bls_fp12_vectors);

const gc_bls_fp6_vec gc_bls_fp6_vectors[] = {
#define GC_BLS_FP12(a, b, m, s, i, f1, f2, f3)
#define GC_BLS_FP6(a, b, m, s, i) {a, b, m, s, i},
#include "crypto/bls12_381/vectors/fp12.inc"
#undef GC_BLS_FP12
#undef GC_BLS_FP6
};
const size_t gc_bls_fp6_vector_count = GC_BLS_COUNT(gc_bls_fp6_vectors);

#define GC_BLS_PAIRING(p, q, e)
#define GC_BLS_FINAL_EXP(f, r)
#define GC_BLS_PAIRING_CHECK(n, p, q, valid)
const gc_bls_pairing_vec gc_bls_pairing_vectors[] = {
#undef GC_BLS_PAIRING
#define GC_BLS_PAIRING(p, q, e) {p, q, e},
#include "crypto/bls12_381/vectors/pairing.inc"
#undef GC_BLS_PAIRING
#define GC_BLS_PAIRING(p, q, e)
};
const size_t gc_bls_pairing_vector_count = GC_BLS_COUNT(gc_bls_pairing_vectors);

const gc_bls_final_exp_vec gc_bls_final_exp_vectors[] = {
#undef GC_BLS_FINAL_EXP
#define GC_BLS_FINAL_EXP(f, r) {f, r},
#include "crypto/bls12_381/vectors/pairing.inc"
#undef GC_BLS_FINAL_EXP
#define GC_BLS_FINAL_EXP(f, r)
};
const size_t gc_bls_final_exp_vector_count = GC_BLS_COUNT(gc_bls_final_exp_vectors);

const gc_bls_pairing_check_vec gc_bls_pairing_check_vectors[] = {
#undef GC_BLS_PAIRING_CHECK
#define GC_BLS_PAIRING_CHECK(n, p, q, valid) {n, p, q, valid},
#include "crypto/bls12_381/vectors/pairing.inc"
};
const size_t gc_bls_pairing_check_vector_count = GC_BLS_COUNT(gc_bls_pairing_check_vectors);
#undef GC_BLS_PAIRING
#undef GC_BLS_FINAL_EXP
#undef GC_BLS_PAIRING_CHECK
