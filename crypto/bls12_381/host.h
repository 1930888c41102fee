/* SPDX-License-Identifier: Apache-2.0 */
/* host.h — host-side helpers for BLS12-381 tests and suites (not device code): the
 * known-answer vectors of crypto/bls12_381/vectors (compiled into the library), hex decoding, the
 * deterministic FFT inputs the vectors use, and batched affine conversion. */
#ifndef GC_BLS_HOST_H
#define GC_BLS_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "crypto/bls12_381/fft.gc"
#include "crypto/bls12_381/glv.gc"
#include "crypto/bls12_381/pairing.gc"

/** Decode exactly 2n hex digits into n bytes. Returns 1, or 0 on a bad digit or length. */
int gc_bls_hex_decode(unsigned char *out, size_t n, const char *hex);

/** Output k of splitmix64 seeded with 0 (tools/gen_bls12_381_vectors.py has the same). */
uint64_t gc_bls_splitmix64(uint64_t k);

/** Input i of the FFT known answers: a 192-bit integer from splitmix64, in Fr. */
void gc_bls_fft_input(gc_fr *out, uint32_t i);

/** The DFT by its definition, O(n^2): out[k] = sum_j in[j] w^(jk) with w the 2^log_n-th
 *  root of unity (its inverse, and a final division by n, when inverse). The reference
 *  the FFTs are tested against on the host and on the device. */
void gc_fr_dft_naive(gc_fr *out, const gc_fr *in, unsigned log_n, int inverse);

/** Affine forms of n projective points with one inversion (Montgomery's trick);
 *  infinity maps to (0, 0). */
void gc_g1p_batch_to_affine(gc_g1a *out, const gc_g1p *in, size_t n);

/** The GLV split of a scalar (glv.gc): k = k1 + k2 z^2 with k1 = k mod z^2 and
 *  k2 = k div z^2 (k the integer of the Montgomery-form s), as split[0..3] = k1 and
 *  split[4..7] = k2, little-endian 32-bit limbs. */
void gc_fr_glv_split(uint32_t split[8], const gc_fr *s);

/** The digits gc_g1p_mul_glv_wnaf takes for the scalar s: its GLV split, each half in
 *  width-5 NAF, 2 * GC_GLV_DIGITS bytes. */
void gc_glv_wnaf_digits(unsigned char digits[2 * GC_GLV_DIGITS], const gc_fr *s);

/** The same digits for both GLV halves cut into `parts` pieces of w = 128 / parts bits
 *  (parts 1, 2 or 4), in NAF of `width` 4 or 5 (digits up to +-7 or +-15: the product
 *  takes 4 or 8 odd multiples): with s = k1 + k2 z^2, piece p is ((k1 >> w p) mod 2^w,
 *  (k2 >> w p) mod 2^w), its digits at digits + 2 GC_GLV_DIGITS p, so that
 *  [s] P = sum_p ([piece_1] Q_p + [piece_2] (-phi(Q_p))) with Q_p = [2^(w p)] P:
 *  products of w-bit pieces, side by side (the G1 convolution, kzg_kernels.gc). */
void gc_glv_wnaf_digits_parts(unsigned char *digits, unsigned parts, unsigned width, const gc_fr *s);

/** Decompress without the subgroup check (trusted known answers); 1 on success. */
int gc_bls_g1p_from_hex(gc_g1p *out, const char *hex96);

/** Decompress without the subgroup check into affine points (trusted known answers); 1 on
 *  success. */
int gc_bls_g1a_from_hex(gc_g1a *out, const char *hex96);
int gc_bls_g2a_from_hex(gc_g2a *out, const char *hex192);
/** An Fp12 (Fp6) of the pairing known answers: its 12 (6) Fp coefficients in struct order,
 *  48 bytes big-endian each, into Montgomery form; 1, or 0 on a bad digit or a value >= p. */
int gc_bls_fp12_from_hex(gc_fp12 *out, const char *hex1152);
int gc_bls_fp6_from_hex(gc_fp6 *out, const char *hex576);

/* ---- known answers (tools/gen_bls12_381_vectors.py, py_ecc) ---- */
typedef struct {
    const char *base, *scalar, *result, *x, *y; /* compressed, 32 B, compressed, 48 B, 48 B */
} gc_bls_g1_mul_vec;
typedef struct {
    const char *p, *q, *sum, *dbl; /* compressed: P, Q, P + Q, 2P */
} gc_bls_g1_add_vec;
typedef struct {
    const char *encoding;
    int error; /* GC_G1_ERR_* */
} gc_bls_g1_invalid_vec;
typedef struct {
    unsigned log_n;
    uint32_t k;
    const char *out; /* Fr: 32 B big-endian; G1: compressed */
} gc_bls_fft_vec;

/* the pairing's (tools/gen_pairing_vectors.py, py_ecc and arkworks) */
typedef struct {
    const char *a, *b, *mul, *sqr, *inv, *frob1, *frob2, *frob3; /* Fp12: a^p, a^(p^2), a^(p^3) */
} gc_bls_fp12_vec;
typedef struct {
    const char *a, *b, *mul, *sqr, *inv; /* Fp6 */
} gc_bls_fp6_vec;
typedef struct {
    const char *p, *q, *e; /* compressed G1, compressed G2, e(P, Q) in Fp12 */
} gc_bls_pairing_vec;
typedef struct {
    const char *f, *r; /* r = f^(3 (p^12 - 1) / r) */
} gc_bls_final_exp_vec;
typedef struct {
    int n;
    const char *p, *q; /* n compressed points each, concatenated */
    int valid;         /* prod e(P_i, Q_i) = 1 */
} gc_bls_pairing_check_vec;

extern const gc_bls_fp12_vec gc_bls_fp12_vectors[];
extern const size_t gc_bls_fp12_vector_count;
extern const gc_bls_fp6_vec gc_bls_fp6_vectors[];
extern const size_t gc_bls_fp6_vector_count;
extern const gc_bls_pairing_vec gc_bls_pairing_vectors[];
extern const size_t gc_bls_pairing_vector_count;
extern const gc_bls_final_exp_vec gc_bls_final_exp_vectors[];
extern const size_t gc_bls_final_exp_vector_count;
extern const gc_bls_pairing_check_vec gc_bls_pairing_check_vectors[];
extern const size_t gc_bls_pairing_check_vector_count;

extern const gc_bls_g1_mul_vec gc_bls_g1_mul_vectors[];
extern const size_t gc_bls_g1_mul_vector_count;
extern const gc_bls_g1_add_vec gc_bls_g1_add_vectors[];
extern const size_t gc_bls_g1_add_vector_count;
extern const gc_bls_g1_invalid_vec gc_bls_g1_invalid_vectors[];
extern const size_t gc_bls_g1_invalid_vector_count;
extern const gc_bls_fft_vec gc_bls_fr_fft_vectors[];
extern const size_t gc_bls_fr_fft_vector_count;
extern const gc_bls_fft_vec gc_bls_g1_fft_vectors[];
extern const size_t gc_bls_g1_fft_vector_count;

#endif
