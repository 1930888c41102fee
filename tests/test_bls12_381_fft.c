/* SPDX-License-Identifier: Apache-2.0 */
/* test_bls12_381_fft.c — radix-2 FFTs over Fr and G1 (crypto/bls12_381/fft.gc, host build):
 * sampled outputs of every size 2..8192 (Fr) and 2..512 (G1) against known answers from
 * tools/gen_bls12_381_vectors.py (naive DFT over Python integers; G1 through py_ecc),
 * the full transform against a naive DFT at small sizes, and IFFT(FFT(x)) = x.
 * Exit codes: 0 pass, 1 failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/bls12_381/host.h"

#include "unit.h"

static void test_bit_reverse(void) {
    CHECKF(gc_bit_reverse(1, 3) == 4 && gc_bit_reverse(6, 3) == 3 && gc_bit_reverse(1, 13) == 4096,
          "known reversals");
    for (unsigned log_n = 1; log_n <= 13; log_n++)
        for (gc_u32 i = 0; i < (1u << log_n); i += 1u + (i >> 4))
            CHECKF(gc_bit_reverse(gc_bit_reverse(i, log_n), log_n) == i, "involution");
    /* the permutation applied twice is the identity, and moves what it should */
    gc_fr a[16], b[16];
    for (gc_u32 i = 0; i < 16; i++) gc_fr_from_u32(&a[i], i);
    memcpy(b, a, sizeof a);
    for (gc_u32 i = 0; i < 16; i++) gc_fr_fft_bitrev_at(b, i, 4);
    for (gc_u32 i = 0; i < 16; i++) CHECKF(gc_fr_eq(&b[i], &a[gc_bit_reverse(i, 4)]), "bitrev %u", i);
    for (gc_u32 i = 0; i < 16; i++) gc_fr_fft_bitrev_at(b, i, 4);
    CHECKF(memcmp(a, b, sizeof a) == 0, "bitrev twice");
}

static void test_fr_fft(void) {
    gc_u32 nmax = 1u << GC_FFT_MAX_LOG_FR;
    gc_fr *in = malloc(sizeof(gc_fr) * nmax), *a = malloc(sizeof(gc_fr) * nmax);
    gc_fr *tw = malloc(sizeof(gc_fr) * nmax / 2), *itw = malloc(sizeof(gc_fr) * nmax / 2);
    gc_fr *ref = malloc(sizeof(gc_fr) * 64);
    if (!in || !a || !tw || !itw || !ref) abort();
    for (gc_u32 i = 0; i < nmax; i++) gc_bls_fft_input(&in[i], i);
    size_t kat_seen = 0;
    for (unsigned log_n = 1; log_n <= GC_FFT_MAX_LOG_FR; log_n++) {
        gc_u32 n = 1u << log_n;
        gc_fr_fft_twiddles(tw, log_n, 0);
        gc_fr_fft_twiddles(itw, log_n, 1);
        memcpy(a, in, sizeof(gc_fr) * n);
        gc_fr_fft_serial(a, tw, log_n, 0);
        for (size_t v = 0; v < gc_bls_fr_fft_vector_count; v++) {
            const gc_bls_fft_vec *kv = &gc_bls_fr_fft_vectors[v];
            if (kv->log_n != log_n) continue;
            CHECKF(kv->k < n, "known answer index %u in range", kv->k);
            if (kv->k >= n) continue;
            unsigned char be[32], got[32];
            gc_bls_hex_decode(be, 32, kv->out);
            gc_fr_to_bytes(got, &a[kv->k]);
            CHECKF(memcmp(be, got, 32) == 0, "Fr FFT-%u output %u vs known answer", n, kv->k);
            kat_seen++;
        }
        if (log_n <= 6) {
            gc_fr_dft_naive(ref, in, log_n, 0);
            CHECKF(memcmp(ref, a, sizeof(gc_fr) * n) == 0, "Fr FFT-%u vs naive DFT", n);
        }
        gc_fr_fft_serial(a, itw, log_n, 1);
        CHECKF(memcmp(in, a, sizeof(gc_fr) * n) == 0, "Fr IFFT(FFT(x)) = x at %u", n);
        if (log_n <= 6) { /* the inverse alone, against the naive inverse DFT */
            memcpy(a, in, sizeof(gc_fr) * n);
            gc_fr_fft_serial(a, itw, log_n, 1);
            gc_fr_dft_naive(ref, in, log_n, 1);
            CHECKF(memcmp(ref, a, sizeof(gc_fr) * n) == 0, "Fr IFFT-%u vs naive inverse DFT", n);
        }
    }
    CHECKF(kat_seen == gc_bls_fr_fft_vector_count, "every Fr FFT known answer used (%zu)", kat_seen);
    free(in);
    free(a);
    free(tw);
    free(itw);
    free(ref);
}

static void test_g1_fft(int max_log) {
    gc_u32 nmax = 1u << GC_FFT_MAX_LOG_G1;
    gc_g1p *in = malloc(sizeof(gc_g1p) * nmax), *a = malloc(sizeof(gc_g1p) * nmax);
    gc_fr *tw = malloc(sizeof(gc_fr) * nmax / 2);
    if (!in || !a || !tw) abort();
    gc_g1p g;
    gc_g1p_generator(&g);
    for (gc_u32 i = 0; i < nmax; i++) {
        gc_fr s;
        gc_bls_fft_input(&s, i);
        gc_g1p_mul(&in[i], &g, &s);
    }
    for (unsigned log_n = 1; log_n <= (unsigned)max_log; log_n++) {
        gc_u32 n = 1u << log_n;
        int has_kat = 0;
        for (size_t v = 0; v < gc_bls_g1_fft_vector_count; v++) has_kat |= gc_bls_g1_fft_vectors[v].log_n == log_n;
        if (!has_kat && log_n > 4) continue; /* the large sizes cost: only those with answers */
        memcpy(a, in, sizeof(gc_g1p) * n);
        gc_fr_fft_twiddles(tw, log_n, 0);
        gc_g1_fft_serial(a, tw, log_n, 0);
        for (size_t v = 0; v < gc_bls_g1_fft_vector_count; v++) {
            const gc_bls_fft_vec *kv = &gc_bls_g1_fft_vectors[v];
            if (kv->log_n != log_n) continue;
            CHECKF(kv->k < n, "known answer index %u in range", kv->k);
            if (kv->k >= n) continue;
            gc_g1p want;
            CHECKF(gc_bls_g1p_from_hex(&want, kv->out), "known answer decodes");
            CHECKF(gc_g1p_eq(&want, &a[kv->k]), "G1 FFT-%u output %u vs known answer", n, kv->k);
        }
        if (log_n <= 4) {
            gc_fr_fft_twiddles(tw, log_n, 1);
            gc_g1_fft_serial(a, tw, log_n, 1);
            for (gc_u32 i = 0; i < n; i++) CHECKF(gc_g1p_eq(&a[i], &in[i]), "G1 IFFT(FFT(x)) = x at %u[%u]", n, i);
        }
    }
    free(in);
    free(a);
    free(tw);
}

int main(int argc, char **argv) {
    int g1_max_log = argc > 1 ? atoi(argv[1]) : GC_FFT_MAX_LOG_G1;
    test_bit_reverse();
    test_fr_fft();
    test_g1_fft(g1_max_log);
    return UNIT_DONE();
}
