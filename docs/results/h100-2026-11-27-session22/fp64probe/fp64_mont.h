/*
 * fp64_mont.h -- BLS12-381 Fp Montgomery product with the limb products done
 * on the FP64 (DFMA) pipe.  Research probe, not production code.
 *
 * The same source compiles as CUDA device code (nvcc) and as plain host C
 * (gcc, fma() from <math.h>, which is correctly rounded like the GPU DFMA).
 *
 * ------------------------------------------------------------------------
 * Representation
 *   p  = 0x1a0111ea...ffffaaab (381 bits)
 *   8 limbs of W = 48 bits, R = 2^384.  Limbs are held as uint64_t in
 *   [0, 2^48) ("fp48_t"); inside the product they are converted to doubles
 *   (exact: integers < 2^53).  Conversions from/to 12 x 32-bit LE words below.
 *   R = 2^384 is the same R as the 12 x 32-bit integer CIOS baseline, so both
 *   implementations return bit-identical results (used for GPU validation).
 *
 *   Why 48-bit limbs (not 52): with round-to-nearest (the only mode plain C
 *   fma() gives portably) the "lo" magic constant C2 = 2^(W+52) + 3*2^51 must
 *   be a double, which needs W <= 51; 8 limbs are needed for any W in [48,51],
 *   and W = 48 aligns with 32-bit words (3 words = 2 limbs), leaves 5 bits of
 *   headroom per column accumulator and gives R = 2^384 > 4p.
 *
 * Exact product split (a, b integers, 0 <= a, b < 2^48, so a*b < 2^96):
 *   C1 = 2^100.  ph = RN(a*b + C1).  Since C1 <= a*b + C1 < 2^101 the sum lies
 *     in the binade [2^100, 2^101] whose ulp is 2^48, so ph = C1 + hi with hi
 *     the multiple of 2^48 nearest a*b:  |a*b - hi| <= 2^47, 0 <= hi <= 2^96.
 *     Bits are linear in a binade (including its upper end point), so
 *     bits(ph) - bits(C1) = hi / 2^48  in [0, 2^48].
 *   C2 = 2^100 + 3*2^51 (significant bits 2^100..2^51 = 50 bits: representable).
 *   sub = C2 - ph = 3*2^51 - hi : multiple of 2^48 with |sub/2^48| < 2^49, so
 *     exactly representable, so the subtraction is exact.
 *   pl = RN(a*b + sub) = RN(lo + 3*2^51) where lo = a*b - hi, |lo| <= 2^47.
 *     lo + 3*2^51 is an integer in [2^52, 2^53), where ulp = 1, so it is
 *     representable and pl is exact; bits(pl) - bits(3*2^51) = lo (signed).
 *   Thus a*b = hi + lo exactly, using 2 DFMA + 1 DADD, and the two pieces are
 *   obtained as integers by reinterpreting the double's bits (no F2I).
 *
 * Accumulation: the raw bit patterns are summed in uint64 column
 *   accumulators (mod 2^64); the offsets bits(C1)/bits(3*2^51) are removed
 *   with one per-column constant.  The true column value is
 *   |v| <= 16*2^47 (lo terms) + 16*2^48 (hi terms) + |carry| < 2^53 + 2^6,
 *   far below 2^63, so the two's-complement int64 result is exact.
 *
 * Reduction: FIPS (finely integrated product scanning, a.k.a. column-wise
 *   Montgomery).  Column k (k < 8) collects lo(a_i b_{k-i}), lo(m_i p_{k-i})
 *   for i < k, the hi parts of column k-1 and the carry; then
 *   m_k = (v mod 2^48) * p' mod 2^48 (integer multiply), m_k*p_0 is added,
 *   after which v == 0 mod 2^48 and carry = v >> 48 (arithmetic shift, exact).
 *   Columns 8..15 yield the result limbs.  Product scanning is used because
 *   it needs only ONE integer normalisation per column (16 total), whereas
 *   CIOS would shift/normalise the whole accumulator vector 8 times.
 *   Bound: a, b < p  =>  t = (a*b + m*p)/R < (p^2 + R p)/R < 2p < 2^383,
 *   so 8 limbs suffice (no carry out of column 15) and one conditional
 *   subtraction gives the fully reduced output r < p.  (Inputs < 2p would
 *   also work, since R > 4p, giving output < 2p before the subtraction.)
 *
 * Per product: 128 limb products = 256 DFMA + 128 DADD, plus 16 DADD for
 *   int->double conversion of the 8 m_k and 8 inputs of one operand (the
 *   other operand's conversion is hoisted when constant) and integer work:
 *   2 x 64-bit adds per limb product, 8 x (48x48 mod 2^48) multiplies,
 *   16 column normalisations, final subtraction.
 * ------------------------------------------------------------------------
 */
#ifndef FP64_MONT_H
#define FP64_MONT_H

#include <stdint.h>

#ifdef __CUDACC__
#define FPM_HD __host__ __device__ __forceinline__
#define FPM_UNROLL _Pragma("unroll")
#else
#include <math.h>
#include <string.h>
#define FPM_HD static inline
#define FPM_UNROLL
#endif

#define FP48_N 8
#define FP48_W 48
#define FP48_MASK 0xffffffffffffULL
#define FP48_PINV 0xfffcfffcfffdULL /* -p^-1 mod 2^48 */

/* Bit patterns of the magic constants. */
#define FPM_BITS_C1 0x4630000000000000ULL  /* 2^100                     */
#define FPM_BITS_C2 0x4630000000000018ULL  /* 2^100 + 3*2^51 (= 24*2^48) */
#define FPM_BITS_L  0x4338000000000000ULL  /* 3*2^51 = 1.5*2^52          */
#define FPM_BITS_52 0x4330000000000000ULL  /* 2^52                      */

typedef struct { uint64_t v[FP48_N]; } fp48_t;

/* ---- portable primitives -------------------------------------------- */
FPM_HD uint64_t fpm_bits(double x) {
#ifdef __CUDA_ARCH__
  return (uint64_t)__double_as_longlong(x);
#else
  uint64_t u; memcpy(&u, &x, 8); return u;
#endif
}
FPM_HD double fpm_dbl(uint64_t u) {
#ifdef __CUDA_ARCH__
  return __longlong_as_double((long long)u);
#else
  double x; memcpy(&x, &u, 8); return x;
#endif
}
FPM_HD double fpm_fma(double a, double b, double c) {
#ifdef __CUDA_ARCH__
  return __fma_rn(a, b, c);
#elif defined(FP_BREAK_NOFMA)
  return a * b + c;  /* negative control: rounded product, not exact */
#else
  return fma(a, b, c);
#endif
}
/* explicit rounded add/sub: never contracted by the compiler */
FPM_HD double fpm_sub(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dsub_rn(a, b);
#else
  return a - b;   /* host built with -ffp-contract=off */
#endif
}
/* exact conversion of an integer 0 <= x < 2^52 to double: 1 LOP + 1 DADD */
FPM_HD double fpm_u2d(uint64_t x) {
  return fpm_sub(fpm_dbl(FPM_BITS_52 | x), fpm_dbl(FPM_BITS_52));
}

/* p in 48-bit limbs; called with constant i after unrolling -> immediates */
FPM_HD uint64_t fp48_p(int i) {
  switch (i) {
    case 0: return 0xffffffffaaabULL;
    case 1: return 0xb153ffffb9feULL;
    case 2: return 0xf6241eabfffeULL;
    case 3: return 0x6730d2a0f6b0ULL;
    case 4: return 0x4b84f38512bfULL;
    case 5: return 0x434bacd76477ULL;
    case 6: return 0xe69a4b1ba7b6ULL;
    default: return 0x1a0111ea397fULL;
  }
}

/* p limb as a double: compile-time constant (exact, < 2^53) */
FPM_HD double fp48_pd(int i) { return (double)fp48_p(i); }

/* number of i with 0<=i<8, 0<=k-i<8 */
FPM_HD int fpm_nt(int k) {
  if (k < 0 || k > 14) return 0;
  int lo = k - 7 > 0 ? k - 7 : 0, hi = k < 7 ? k : 7;
  return hi - lo + 1;
}

/* one exact limb product: lo-bits into *acc_lo, hi-bits into *acc_hi */
#define FPM_PROD(x, y, ACC_LO, ACC_HI)                                   \
  do {                                                                   \
    double ph_ = fpm_fma((x), (y), fpm_dbl(FPM_BITS_C1));                \
    double sb_ = fpm_sub(fpm_dbl(FPM_BITS_C2), ph_);                     \
    double pl_ = fpm_fma((x), (y), sb_);                                 \
    (ACC_LO) += fpm_bits(pl_);                                           \
    (ACC_HI) += fpm_bits(ph_);                                           \
  } while (0)

/* r = a*b*2^-384 mod p, inputs < p (fully reduced), output < p.
 * ad, bd: the limbs of a, b as doubles (see fp48_to_d). */
FPM_HD void fp48_mont_d(fp48_t *r, const double ad[FP48_N],
                        const double bd[FP48_N]) {
  uint64_t acc[2 * FP48_N];
  double md[FP48_N];
  int64_t carry = 0;
  uint64_t t[FP48_N];
  FPM_UNROLL
  for (int k = 0; k < 2 * FP48_N; k++) acc[k] = 0;

  FPM_UNROLL
  for (int k = 0; k < 2 * FP48_N - 1; k++) {
    const int ilo = k - 7 > 0 ? k - 7 : 0, ihi = k < 7 ? k : 7;
    FPM_UNROLL
    for (int i = ilo; i <= ihi; i++)
      FPM_PROD(ad[i], bd[k - i], acc[k], acc[k + 1]);
    FPM_UNROLL
    for (int i = ilo; i <= ihi; i++)
      if (i < k || k >= FP48_N)
        FPM_PROD(md[i], fp48_pd(k - i), acc[k], acc[k + 1]);
    if (k < FP48_N) {
      /* all terms of column k except lo(m_k p_0) are in */
      const uint64_t off = (uint64_t)(2 * fpm_nt(k) - 1) * FPM_BITS_L +
                           (uint64_t)(2 * fpm_nt(k - 1)) * FPM_BITS_C1;
      uint64_t v = acc[k] - off + (uint64_t)carry;
      uint64_t m = ((v & FP48_MASK) * FP48_PINV) & FP48_MASK;
      md[k] = fpm_u2d(m);
      uint64_t lo0 = 0;
      FPM_PROD(md[k], fp48_pd(0), lo0, acc[k + 1]);
      v += lo0 - FPM_BITS_L;            /* now v == 0 mod 2^48 */
      carry = (int64_t)v >> FP48_W;
#ifdef FP_BREAK_CARRY
      if (k == 5) carry = 0;            /* negative control: drop one carry */
#endif
    } else {
      const uint64_t off = (uint64_t)(2 * fpm_nt(k)) * FPM_BITS_L +
                           (uint64_t)(2 * fpm_nt(k - 1)) * FPM_BITS_C1;
      uint64_t v = acc[k] - off + (uint64_t)carry;
      t[k - FP48_N] = v & FP48_MASK;
      carry = (int64_t)v >> FP48_W;
    }
  }
  {
    const uint64_t off = (uint64_t)(2 * fpm_nt(14)) * FPM_BITS_C1;
    uint64_t v = acc[15] - off + (uint64_t)carry;
    t[7] = v & FP48_MASK;  /* t < 2p < 2^383: no carry out */
  }
  /* conditional subtraction: t in [0, 2p) -> [0, p) */
  {
    uint64_t s[FP48_N];
    int64_t br = 0;
    FPM_UNROLL
    for (int i = 0; i < FP48_N; i++) {
      int64_t d = (int64_t)t[i] - (int64_t)fp48_p(i) + br;
      s[i] = (uint64_t)d & FP48_MASK;
      br = d >> FP48_W;                 /* 0 or -1 */
    }
    const uint64_t keep = (uint64_t)br; /* all ones: t < p, keep t */
    FPM_UNROLL
    for (int i = 0; i < FP48_N; i++) r->v[i] = (t[i] & keep) | (s[i] & ~keep);
  }
}

FPM_HD void fp48_to_d(double d[FP48_N], const fp48_t *a) {
  FPM_UNROLL
  for (int i = 0; i < FP48_N; i++) d[i] = fpm_u2d(a->v[i]);
}

/* r = a*b*2^-384 mod p (converts both operands; hoisted for loop constants) */
FPM_HD void fp48_mont(fp48_t *r, const fp48_t *a, const fp48_t *b) {
  double ad[FP48_N], bd[FP48_N];
  fp48_to_d(ad, a);
  fp48_to_d(bd, b);
  fp48_mont_d(r, ad, bd);
}

/* 12 x 32-bit little-endian words <-> 8 x 48-bit limbs */
FPM_HD void fp48_from_words(fp48_t *a, const uint32_t w[12]) {
  FPM_UNROLL
  for (int j = 0; j < 4; j++) {
    a->v[2 * j] = (uint64_t)w[3 * j] | ((uint64_t)(w[3 * j + 1] & 0xffff) << 32);
    a->v[2 * j + 1] = (uint64_t)(w[3 * j + 1] >> 16) | ((uint64_t)w[3 * j + 2] << 16);
  }
}
FPM_HD void fp48_to_words(uint32_t w[12], const fp48_t *a) {
  FPM_UNROLL
  for (int j = 0; j < 4; j++) {
    w[3 * j] = (uint32_t)a->v[2 * j];
    w[3 * j + 1] = (uint32_t)(a->v[2 * j] >> 32) | ((uint32_t)a->v[2 * j + 1] << 16);
    w[3 * j + 2] = (uint32_t)(a->v[2 * j + 1] >> 16);
  }
}

/* ====================================================================== */
/* Integer baseline: 12 x 32-bit limbs, CIOS, unsigned long long MACs.     */
/* r = a*b*2^-384 mod p, inputs < p, output < p.                          */
/* ====================================================================== */
#define INT32_PINV 0xfffcfffdU

FPM_HD uint32_t int32_p(int i) {
  switch (i) {
    case 0: return 0xffffaaabU;  case 1: return 0xb9feffffU;
    case 2: return 0xb153ffffU;  case 3: return 0x1eabfffeU;
    case 4: return 0xf6b0f624U;  case 5: return 0x6730d2a0U;
    case 6: return 0xf38512bfU;  case 7: return 0x64774b84U;
    case 8: return 0x434bacd7U;  case 9: return 0x4b1ba7b6U;
    case 10: return 0x397fe69aU; default: return 0x1a0111eaU;
  }
}

FPM_HD void int32_mont(uint32_t r[12], const uint32_t a[12], const uint32_t b[12]) {
  uint32_t t[14];
  FPM_UNROLL
  for (int j = 0; j < 14; j++) t[j] = 0;
  FPM_UNROLL
  for (int i = 0; i < 12; i++) {
    uint64_t c = 0;
    FPM_UNROLL
    for (int j = 0; j < 12; j++) {
      c += (uint64_t)a[j] * b[i] + t[j];
      t[j] = (uint32_t)c;
      c >>= 32;
    }
    c += t[12];
    t[12] = (uint32_t)c;
    t[13] = (uint32_t)(c >> 32);
    uint32_t m = t[0] * INT32_PINV;
    c = (uint64_t)m * int32_p(0) + t[0];
    c >>= 32;
    FPM_UNROLL
    for (int j = 1; j < 12; j++) {
      c += (uint64_t)m * int32_p(j) + t[j];
      t[j - 1] = (uint32_t)c;
      c >>= 32;
    }
    c += t[12];
    t[11] = (uint32_t)c;
    t[12] = t[13] + (uint32_t)(c >> 32);
  }
  /* t < 2p < 2^383 (t[12] == 0); conditional subtraction */
  uint32_t s[12];
  int64_t br = 0;
  FPM_UNROLL
  for (int j = 0; j < 12; j++) {
    int64_t d = (int64_t)t[j] - (int64_t)int32_p(j) + br;
    s[j] = (uint32_t)d;
    br = d >> 32;
  }
  const uint32_t keep = (uint32_t)br;
  FPM_UNROLL
  for (int j = 0; j < 12; j++) r[j] = (t[j] & keep) | (s[j] & ~keep);
}

#endif /* FP64_MONT_H */
