/* SPDX-License-Identifier: Apache-2.0 */
/* sha256.c — FIPS 180-4 SHA-256: compile-cache keys, and the KZG challenges, which hash
 * everything a call verifies (32 MB for 16,384 cells). The portable compression does about
 * 0.25 GB/s; on x86-64 CPUs with the SHA extensions (cpuid 7.0 EBX bit 29) blocks go
 * through SHA-NI instead, several times faster. Both give the same digests (test_sha256). */
#include "device/sha256.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GC_SHA_NI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t ror(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

static void compress(uint32_t h[8], const uint8_t b[64]) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 | (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
        uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c));
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = bb;
        bb = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += bb;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

#if GC_SHA_NI
/* The four message words of group g, for g >= 4 from groups g-4 .. g-1 (w[g % 4] holds
 * g-4): W[t] = W[t-16] + s0(W[t-15]) + W[t-7] + s1(W[t-2]). */
#define SHA_NI_TARGET __attribute__((target("sha,sse4.1,ssse3")))

SHA_NI_TARGET static void compress_ni(uint32_t h[8], const uint8_t *data, size_t blocks) {
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1); /* CDAB */
    __m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B); /* EFGH */
    __m128i s0 = _mm_alignr_epi8(t, s1, 8);                                       /* ABEF */
    s1 = _mm_blend_epi16(s1, t, 0xF0);                                            /* CDGH */
    for (; blocks; blocks--, data += 64) {
        __m128i save0 = s0, save1 = s1, w[4];
        for (int g = 0; g < 16; g++) {
            if (g < 4) {
                w[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), bswap);
            } else {
                __m128i x = _mm_sha256msg1_epu32(w[g % 4], w[(g + 1) % 4]);
                x = _mm_add_epi32(x, _mm_alignr_epi8(w[(g + 3) % 4], w[(g + 2) % 4], 4));
                w[g % 4] = _mm_sha256msg2_epu32(x, w[(g + 3) % 4]);
            }
            __m128i m = _mm_add_epi32(w[g % 4], _mm_loadu_si128((const __m128i *)&K[4 * g]));
            s1 = _mm_sha256rnds2_epu32(s1, s0, m);
            s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(m, 0x0E));
        }
        s0 = _mm_add_epi32(s0, save0);
        s1 = _mm_add_epi32(s1, save1);
    }
    t = _mm_shuffle_epi32(s0, 0x1B);     /* FEBA */
    s1 = _mm_shuffle_epi32(s1, 0xB1);    /* DCHG */
    s0 = _mm_blend_epi16(t, s1, 0xF0);   /* DCBA */
    s1 = _mm_alignr_epi8(s1, t, 8);      /* HGFE */
    _mm_storeu_si128((__m128i *)&h[0], s0);
    _mm_storeu_si128((__m128i *)&h[4], s1);
}

static int have_sha_ni(void) {
    static int known = -1; /* a benign race: every thread computes the same answer */
    if (known < 0) {
        unsigned a, b, c, d;
        known = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 29 & 1u);
    }
    return known;
}
#endif

static int use_portable; /* gc_sha256_force_portable */

void gc_sha256_force_portable(int on) { use_portable = on; }

static void compress_blocks(uint32_t h[8], const uint8_t *data, size_t blocks) {
#if GC_SHA_NI
    if (!use_portable && have_sha_ni()) {
        compress_ni(h, data, blocks);
        return;
    }
#endif
    for (; blocks; blocks--, data += 64) compress(h, data);
}

int gc_sha256_accelerated(void) {
#if GC_SHA_NI
    return have_sha_ni();
#else
    return 0;
#endif
}

void gc_sha256_init(gc_sha256 *s) {
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->h, iv, sizeof iv);
    s->total = 0;
    s->fill = 0;
}

void gc_sha256_update(gc_sha256 *s, const void *data, size_t n) {
    if (n == 0) return;
    const uint8_t *p = data;
    s->total += n;
    if (s->fill) { /* complete the held block first */
        size_t take = 64 - s->fill < n ? 64 - s->fill : n;
        memcpy(s->block + s->fill, p, take);
        s->fill += take, p += take, n -= take;
        if (s->fill < 64) return;
        compress_blocks(s->h, s->block, 1);
        s->fill = 0;
    }
    compress_blocks(s->h, p, n / 64); /* whole blocks straight from the input */
    p += n / 64 * 64;
    n %= 64;
    if (n) memcpy(s->block, p, n);
    s->fill = n;
}

void gc_sha256_final(gc_sha256 *s, uint8_t out[32]) {
    uint64_t bits = s->total * 8;
    uint8_t pad = 0x80;
    gc_sha256_update(s, &pad, 1);
    uint8_t zero = 0;
    while (s->fill != 56) gc_sha256_update(s, &zero, 1);
    uint8_t len[8];
    for (int i = 0; i < 8; i++) len[i] = (uint8_t)(bits >> (56 - 8 * i));
    gc_sha256_update(s, len, 8);
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)(s->h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(s->h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(s->h[i] >> 8);
        out[4 * i + 3] = (uint8_t)s->h[i];
    }
}

void gc_sha256_digest(const void *data, size_t n, uint8_t out[32]) {
    gc_sha256 s;
    gc_sha256_init(&s);
    gc_sha256_update(&s, data, n);
    gc_sha256_final(&s, out);
}
