/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_eip4844.c — gc_kzg_compute_kzg_proof and gc_kzg_compute_blob_kzg_proof against
 * PyPI ckzg 2.1.8's answers (crypto/kzg/vectors/compute_kzg_proof/cases.txt and
 * compute_blob_kzg_proof/cases.txt, tools/gen_kzg_api_vectors.py): every case of each in
 * one batched call, outputs poisoned first, rejected blobs' outputs checked untouched; a
 * negative control; the challenge with a wrong domain (the mutant) must miss every answer.
 *   test_kzg_eip4844 [--device ID] [--bench N]   (--bench: N blobs, validated, then timed)
 * Exit codes: 0 pass, 1 failures, 2 setup or device errors, 77 no device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "crypto/bls12_381/host.h"
#include "crypto/kzg/eip4844/eip4844.h"
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/setup/setup.h"
#include "device/sha256.h"
#include "gpucheck/gc_kzg.h"
#include "unit.h"

#define BLOB GC_KZG_BYTES_PER_BLOB
#define MAX_CASES 32
#define CANARY 0xa5

typedef struct {
    char name[64];
    uint8_t *blob;
    uint8_t arg[48]; /* z (32 bytes) or the commitment (48) */
    int ok;
    uint8_t proof[48], y[32];
} e4case;

static void seeded_blob(uint8_t *blob, const char *seed) {
    if (!strcmp(seed, "zero")) {
        memset(blob, 0, BLOB);
        return;
    }
    size_t len = strlen(seed);
    uint8_t msg[72];
    memcpy(msg, seed, len);
    for (uint32_t i = 0; i < 4096; i++) {
        for (int b = 0; b < 4; b++) msg[len + b] = (uint8_t)(i >> (24 - 8 * b));
        gc_sha256_digest(msg, len + 4, blob + 32 * i);
        blob[32 * i] &= 0x3f;
    }
}

static size_t load(const char *file, e4case *cs, size_t arg_bytes) {
    char path[512];
    snprintf(path, sizeof path, "%s/crypto/kzg/vectors/%s/cases.txt", GC_SOURCE_DIR, file);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[512], seed[64], hex[200], p[200], y[200];
    size_t n = 0;
    e4case *c = NULL;
    while (fgets(line, sizeof line, f)) {
        size_t i;
        if (sscanf(line, "case %63s %63s %199s", cs[n].name, seed, hex) == 3 && n < MAX_CASES) {
            c = &cs[n++];
            c->blob = malloc(BLOB);
            seeded_blob(c->blob, seed);
            c->ok = -1;
            if (!gc_bls_hex_decode(c->arg, arg_bytes, hex)) c->ok = -2;
        } else if (c && sscanf(line, "set %zu %199s", &i, hex) == 2 && i < 4096) {
            gc_bls_hex_decode(c->blob + 32 * i, 32, hex);
        } else if (c && !strncmp(line, "expect error", 12)) {
            c->ok = 0;
        } else if (c && sscanf(line, "expect ok %199s %199s", p, y) >= 1) {
            c->ok = gc_bls_hex_decode(c->proof, 48, p);
            if (arg_bytes == 32) c->ok &= gc_bls_hex_decode(c->y, 32, y);
        }
    }
    fclose(f);
    for (size_t i = 0; i < n; i++)
        if (cs[i].ok < 0) return 0;
    return n;
}

static int all_canary(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != CANARY) return 0;
    return 1;
}

/* One call over every case (kzg: compute_kzg_proof, else compute_blob_kzg_proof). */
static void run_cases(gc_kzg_ctx *ctx, e4case *cs, size_t n, int kzg) {
    uint8_t *blobs = malloc(n * BLOB), *args = malloc(n * 48), *proofs = malloc(n * 48), ys[MAX_CASES * 32];
    size_t ab = kzg ? 32 : 48;
    gc_kzg_ret st[MAX_CASES];
    for (size_t i = 0; i < n; i++) {
        memcpy(blobs + i * BLOB, cs[i].blob, BLOB);
        memcpy(args + i * ab, cs[i].arg, ab);
        st[i] = GC_KZG_ERROR;
    }
    memset(proofs, CANARY, n * 48);
    memset(ys, CANARY, sizeof ys);
    double t0 = gc_clock_ms();
    gc_kzg_ret r = kzg ? gc_kzg_compute_kzg_proof(ctx, proofs, ys, blobs, args, n, st)
                       : gc_kzg_compute_blob_kzg_proof(ctx, proofs, blobs, args, n, st);
    printf("%s: %zu cases in %.0f ms\n", kzg ? "compute_kzg_proof" : "compute_blob_kzg_proof", n, gc_clock_ms() - t0);
    CHECKF(r == GC_KZG_OK, "call: %s", gc_kzg_ret_name(r));
    for (size_t i = 0; i < n && r == GC_KZG_OK; i++) {
        const e4case *c = &cs[i];
        CHECKF(st[i] == (c->ok ? GC_KZG_OK : GC_KZG_BADARGS), "%s: status %s", c->name, gc_kzg_ret_name(st[i]));
        if (c->ok) {
            CHECKF(!memcmp(proofs + i * 48, c->proof, 48), "%s: the proof differs from ckzg's", c->name);
            CHECKF(!kzg || !memcmp(ys + i * 32, c->y, 32), "%s: y differs from ckzg's", c->name);
        } else {
            CHECKF(all_canary(proofs + i * 48, 48) && all_canary(ys + i * 32, 32),
                   "%s: a rejected blob's outputs were written", c->name);
        }
    }
    /* negative control: the comparison sees a changed byte */
    for (size_t i = 0; i < n && r == GC_KZG_OK; i++) {
        if (!cs[i].ok) continue;
        proofs[i * 48 + 47] ^= 1;
        CHECKF(memcmp(proofs + i * 48, cs[i].proof, 48), "negative control: a changed proof byte went unseen");
        break;
    }
    free(blobs);
    free(args);
    free(proofs);
}

/* The mutant: the context's challenge domain changed to the verification's
 * RCKZGBATCH___V1_ must change every answered blob proof; set back, they are ckzg's. */
static void test_wrong_domain(gc_kzg_ctx *ctx, const e4case *cs, size_t n) {
    uint8_t blobs[2 * BLOB], cms[2 * 48], proofs[2 * 48];
    const e4case *pick[2];
    size_t m = 0;
    for (size_t i = 0; i < n && m < 2; i++)
        if (cs[i].ok) pick[m++] = &cs[i];
    for (size_t i = 0; i < m; i++) {
        memcpy(blobs + i * BLOB, pick[i]->blob, BLOB);
        memcpy(cms + i * 48, pick[i]->arg, 48);
    }
    for (int mutant = 1; mutant >= 0; mutant--) {
        CHECK(kzg_eip4844_set_domain(ctx, mutant ? "RCKZGBATCH___V1_" : KZG_EIP4844_DOMAIN) == GC_KZG_OK);
        gc_kzg_ret r = gc_kzg_compute_blob_kzg_proof(ctx, proofs, blobs, cms, m, NULL);
        size_t same = 0;
        for (size_t i = 0; i < m && !r; i++) same += !memcmp(proofs + i * 48, pick[i]->proof, 48);
        printf("challenge domain %s: %zu of %zu proofs are ckzg's\n", mutant ? "RCKZGBATCH___V1_ (mutant)" : KZG_EIP4844_DOMAIN,
               same, m);
        CHECKF(r == GC_KZG_OK && m == 2 && same == (mutant ? 0 : m), "wrong-domain mutant: %zu of %zu same", same, m);
    }
}

static void test_bad_calls(gc_kzg_ctx *ctx, const e4case *c) {
    uint8_t proof[48], y[32];
    memset(proof, CANARY, 48);
    CHECK(gc_kzg_compute_kzg_proof(NULL, proof, y, c->blob, c->arg, 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_compute_kzg_proof(ctx, proof, NULL, c->blob, c->arg, 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_compute_kzg_proof(ctx, proof, y, c->blob, c->arg, 0, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_compute_blob_kzg_proof(ctx, proof, NULL, c->arg, 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_compute_blob_kzg_proof(ctx, NULL, c->blob, c->arg, 1, NULL) == GC_KZG_BADARGS);
    CHECK(all_canary(proof, 48));
}

static int bench(gc_kzg_ctx *ctx, const e4case *c, size_t n) {
    uint8_t *blobs = malloc(n * BLOB), *cms = malloc(n * 48), *proofs = malloc(n * 48);
    for (size_t i = 0; i < n; i++) {
        memcpy(blobs + i * BLOB, c->blob, BLOB);
        memcpy(cms + i * 48, c->arg, 48);
    }
    gc_kzg_ret r = gc_kzg_compute_blob_kzg_proof(ctx, proofs, blobs, cms, n, NULL);
    size_t bad = 0;
    for (size_t i = 0; i < n && !r; i++) bad += memcmp(proofs + i * 48, c->proof, 48) != 0;
    CHECKF(!r && !bad, "bench: %s, %zu proofs differ from ckzg", gc_kzg_ret_name(r), bad);
    double best = 1e30;
    for (int rep = 0; rep < 5 && !r && !bad; rep++) {
        double t0 = gc_clock_ms();
        gc_kzg_compute_blob_kzg_proof(ctx, proofs, blobs, cms, n, NULL);
        double t = gc_clock_ms() - t0;
        if (t < best) best = t;
    }
    if (!r && !bad) printf("compute_blob_kzg_proof %zu blobs: best of 5 %.3f ms (%.4f ms per blob)\n", n, best, best / (double)n);
    free(blobs);
    free(cms);
    free(proofs);
    return UNIT_DONE();
}

int main(int argc, char **argv) {
    const char *dev_id = NULL;
    size_t bench_n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc) dev_id = argv[++i];
        else if (!strcmp(argv[i], "--bench") && i + 1 < argc) bench_n = strtoul(argv[++i], NULL, 10);
        else return fprintf(stderr, "usage: %s [--device ID] [--bench N]\n", argv[0]), 2;
    }
    static e4case kp[MAX_CASES], bp[MAX_CASES];
    size_t nk = load("compute_kzg_proof", kp, 32), nb = load("compute_blob_kzg_proof", bp, 48);
    if (!nk || !nb) return fprintf(stderr, "cannot read the EIP-4844 vectors\n"), 2;
    size_t di;
    gc_device *dev = NULL;
    if ((dev_id ? gc_device_find(dev_id, &di) : gc_device_default(&di)) || gc_device_open(di, &dev))
        return printf("SKIP: no device (%s)\n", gc_last_error()), 77;
    gc_kzg_setup *setup = NULL;
    gc_kzg_ctx *ctx = NULL;
    char err[512];
    gc_kzg_ret r = gc_kzg_setup_load_default(&setup, err, sizeof err);
    /* the tests without FK20's precomputation (these calls take the commitment's MSM
     * alone); the benchmark with the library's defaults */
    kzg_ctx_overrides hooks = {NULL, 0, KZG_X_EXT_FFT_NONE, NULL, 0};
    if (!r && bench_n) r = gc_kzg_ctx_create(&ctx, dev, setup, NULL, err, sizeof err);
    else if (!r) r = kzg_ctx_create_from_points(&ctx, dev, setup->g1_monomial, NULL, &hooks, err, sizeof err);
    if (r) return fprintf(stderr, "context: %s: %s\n", gc_kzg_ret_name(r), err), 2;
    printf("device: %s; %zu + %zu cases\n", gc_device_get_info(dev)->name, nk, nb);
    int rc;
    if (bench_n) {
        rc = bench(ctx, &bp[0], bench_n);
    } else {
        run_cases(ctx, kp, nk, 1);
        run_cases(ctx, bp, nb, 0);
        test_wrong_domain(ctx, bp, nb);
        test_bad_calls(ctx, &kp[0]);
        rc = UNIT_DONE();
    }
    gc_kzg_ctx_free(ctx);
    gc_kzg_setup_free(setup);
    gc_device_close(dev);
    for (size_t i = 0; i < nk; i++) free(kp[i].blob);
    for (size_t i = 0; i < nb; i++) free(bp[i].blob);
    return rc;
}
