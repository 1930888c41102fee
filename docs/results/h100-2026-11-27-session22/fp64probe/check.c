/* check.c -- host test of fp64_mont.h (FP64 Montgomery, 8x48) and of the
 * integer baseline (12x32 CIOS) against GMP:  r == a*b*2^-384 mod p.
 * Build: gcc -O2 -Wall -Wextra -Werror -ffp-contract=off check.c -lgmp -lm
 * Usage: ./check [npairs] [seed]
 * Exit status 0 iff every comparison matched. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <gmp.h>
#include "fp64_mont.h"

static const char *P_HEX =
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

static mpz_t P, RINV, TMP;

static void words_to_mpz(mpz_t z, const uint32_t w[12]) {
  mpz_import(z, 12, -1, 4, 0, 0, w);
}
static void mpz_to_words(uint32_t w[12], const mpz_t z) {
  size_t cnt = 0;
  memset(w, 0, 48);
  mpz_export(w, &cnt, -1, 4, 0, 0, z);
}

/* xorshift64* */
static uint64_t rng_s = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void) {
  rng_s ^= rng_s >> 12; rng_s ^= rng_s << 25; rng_s ^= rng_s >> 27;
  return rng_s * 0x2545f4914f6cdd1dULL;
}
static void rand_fp(mpz_t z) {
  uint32_t w[12];
  int mode = (int)(rng() % 8);
  for (int i = 0; i < 12; i++) w[i] = (uint32_t)rng();
  if (mode == 0) { /* sparse / extreme limbs */
    for (int i = 0; i < 12; i++) {
      uint64_t r = rng() % 4;
      w[i] = r == 0 ? 0 : r == 1 ? 0xffffffffu : w[i];
    }
  }
  words_to_mpz(z, w);
  mpz_mod(z, z, P);
  if (mode == 1) { /* near p */
    mpz_sub_ui(z, P, 1 + (unsigned long)(rng() % 1000));
  }
}

static long n_fail_fp = 0, n_fail_int = 0, n_tests = 0;

static void test_pair(const mpz_t a, const mpz_t b) {
  uint32_t aw[12], bw[12], rw_fp[12], rw_int[12], ew[12];
  mpz_to_words(aw, a);
  mpz_to_words(bw, b);
  /* expected */
  mpz_mul(TMP, a, b);
  mpz_mul(TMP, TMP, RINV);
  mpz_mod(TMP, TMP, P);
  mpz_to_words(ew, TMP);
  /* fp64 */
  fp48_t A, B, Rr;
  fp48_from_words(&A, aw);
  fp48_from_words(&B, bw);
  fp48_mont(&Rr, &A, &B);
  for (int i = 0; i < 8; i++)
    if (Rr.v[i] >> 48) { rw_fp[0] = ~ew[0]; goto cmp; } /* limb out of range */
  fp48_to_words(rw_fp, &Rr);
cmp:
  int32_mont(rw_int, aw, bw);
  n_tests++;
  if (memcmp(rw_fp, ew, 48)) {
    if (n_fail_fp < 5) {
      gmp_printf("FP64 MISMATCH a=%Zx b=%Zx\n  expected %Zx\n", a, b, TMP);
    }
    n_fail_fp++;
  }
  if (memcmp(rw_int, ew, 48)) {
    if (n_fail_int < 5) gmp_printf("INT32 MISMATCH a=%Zx b=%Zx\n", a, b);
    n_fail_int++;
  }
}

int main(int argc, char **argv) {
  long npairs = argc > 1 ? atol(argv[1]) : 200000;
  if (argc > 2) rng_s ^= (uint64_t)atoll(argv[2]) * 0x9e3779b97f4a7c15ULL;
  mpz_init_set_str(P, P_HEX, 16);
  mpz_init(RINV); mpz_init(TMP);
  mpz_setbit(RINV, 384);
  if (!mpz_invert(RINV, RINV, P)) { printf("no inverse\n"); return 1; }

  /* self-check of the magic constants */
  if (fpm_dbl(FPM_BITS_C1) != 0x1p100 || fpm_dbl(FPM_BITS_C2) != 0x1p100 + 0x3p51 ||
      fpm_dbl(FPM_BITS_L) != 0x3p51 || fpm_dbl(FPM_BITS_52) != 0x1p52) {
    printf("FAIL: magic constants\n"); return 1;
  }

  /* edge cases */
  mpz_t a, b, e[16];
  mpz_init(a); mpz_init(b);
  int ne = 0;
  for (int i = 0; i < 16; i++) mpz_init(e[i]);
  mpz_set_ui(e[ne++], 0);
  mpz_set_ui(e[ne++], 1);
  mpz_set_ui(e[ne++], 2);
  mpz_sub_ui(e[ne++], P, 1);
  mpz_sub_ui(e[ne++], P, 2);
  mpz_tdiv_q_2exp(e[ne++], P, 1);                   /* (p-1)/2 */
  mpz_set_ui(e[ne], 0); mpz_setbit(e[ne], 380); ne++; /* 2^380 */
  mpz_set_ui(e[ne], 0); mpz_setbit(e[ne], 380); mpz_sub_ui(e[ne], e[ne], 1); ne++;
  mpz_set_ui(e[ne], 0); mpz_setbit(e[ne], 381); mpz_mod(e[ne], e[ne], P); ne++; /* 2^381 mod p */
  mpz_set_ui(e[ne], 0); mpz_setbit(e[ne], 384); mpz_mod(e[ne], e[ne], P); ne++; /* R mod p (Mont 1) */
  mpz_set_ui(e[ne], 0); mpz_setbit(e[ne], 48); mpz_sub_ui(e[ne], e[ne], 1); ne++; /* one full limb */
  mpz_set_ui(e[ne], 0); mpz_setbit(e[ne], 336); mpz_sub_ui(e[ne], e[ne], 1); ne++; /* 7 full limbs */
  mpz_set_ui(e[ne], 0); mpz_setbit(e[ne], 48); ne++;
  for (int i = 0; i < ne; i++)
    for (int j = 0; j < ne; j++) test_pair(e[i], e[j]);
  long edge_tests = n_tests;

  /* random pairs (and a fraction of squares: operands equal) */
  for (long t = 0; t < npairs; t++) {
    rand_fp(a);
    if (t % 16 == 0) mpz_set(b, a); else rand_fp(b);
    test_pair(a, b);
  }
  /* random x edge */
  for (long t = 0; t < 2000; t++) {
    rand_fp(a);
    test_pair(a, e[t % ne]);
    test_pair(e[t % ne], a);
  }

  printf("tests: %ld (edge %ld, random %ld, random x edge %d)\n", n_tests,
         edge_tests, npairs, 4000);
  printf("fp64 (8x48, FP64 FMA) mismatches : %ld\n", n_fail_fp);
  printf("int32 (12x32 CIOS)   mismatches : %ld\n", n_fail_int);
#ifdef FP_BREAK_CARRY
  printf("(built with -DFP_BREAK_CARRY: negative control, fp64 MUST fail)\n");
#endif
  int ok = n_fail_fp == 0 && n_fail_int == 0;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
