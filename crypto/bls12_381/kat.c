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
