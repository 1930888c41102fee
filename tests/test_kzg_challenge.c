/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_challenge.c — the batch-verification challenges (crypto/kzg/verify/challenge.c)
 * against the consensus specs' own Python functions (crypto/kzg/vectors/verify_challenges.txt,
 * tools/gen_kzg_challenge_vectors.py): EIP-7594's over de-duplicated commitments (empty, one
 * cell, duplicates, one cell twice, a whole blob) and EIP-4844's r (empty, one, three,
 * duplicates); plus the reduction mod r at its edges. Built a second time with wrong domains
 * (tests/kzg_challenge.cmake), where it must report every challenge wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef KZG_CHALLENGE_WRONG_DOMAINS
#define KZG_CELL_BATCH_DOMAIN "RCKZGCBATCH__V2_"
#define KZG_BLOB_BATCH_DOMAIN "RCKZGBATCH___V0_"
#include "crypto/kzg/verify/challenge.c"
#else
#include "crypto/kzg/verify/challenge.h"
#endif
#include "crypto/bls12_381/host.h"
#include "unit.h"

#define MAX_CELLS 128

static void stream_element(uint8_t be[32], uint64_t seed, uint64_t e) {
    for (int j = 0; j < 4; j++) {
        uint64_t w = gc_bls_splitmix64(seed + 4 * e + (uint64_t)j);
        if (j == 0) w &= (1ull << 62) - 1;
        for (int b = 0; b < 8; b++) be[8 * j + b] = (uint8_t)(w >> (56 - 8 * b));
    }
}

typedef struct {
    uint8_t commitments[MAX_CELLS][48], proofs[MAX_CELLS][48], cells[MAX_CELLS][2048];
    uint8_t zs[MAX_CELLS][32], ys[MAX_CELLS][32];
    uint64_t cell_indices[MAX_CELLS];
} batch;

static int matched, mismatched;

static void compare(const char *what, const char *name, const uint8_t got[32], const char *want_hex) {
    uint8_t want[32];
    int ok = gc_bls_hex_decode(want, 32, want_hex) && memcmp(want, got, 32) == 0;
    ok ? matched++ : mismatched++;
#ifndef KZG_CHALLENGE_WRONG_DOMAINS
    CHECKF(ok, "%s challenge of case %s", what, name);
#else
    (void)what, (void)name;
#endif
}

static void cell_case(FILE *f, const char *name, size_t n, uint64_t seed, uint64_t *cell_no, batch *b) {
    char line[512], chex[128], phex[128];
    unsigned long long idx;
    for (size_t i = 0; i < n; i++, (*cell_no)++) {
        CHECK(fgets(line, sizeof line, f) && sscanf(line, "cell %127s %llu %127s", chex, &idx, phex) == 3 &&
              gc_bls_hex_decode(b->commitments[i], 48, chex) && gc_bls_hex_decode(b->proofs[i], 48, phex));
        b->cell_indices[i] = idx;
        for (int j = 0; j < 64; j++) stream_element(b->cells[i] + 32 * j, seed, 64 * *cell_no + (uint64_t)j);
    }
    static uint8_t unique[MAX_CELLS][48];
    static uint64_t cidx[MAX_CELLS];
    size_t nu = kzg_dedup_commitments(&unique[0][0], cidx, &b->commitments[0][0], n);
    uint8_t r[32];
    kzg_cell_batch_challenge(r, &unique[0][0], nu, cidx, b->cell_indices, &b->cells[0][0], &b->proofs[0][0], n);
    CHECK(fgets(line, sizeof line, f) && sscanf(line, "challenge %127s", chex) == 1);
    compare("cell batch", name, r, chex);
}

static void blob_case(FILE *f, const char *name, size_t n, batch *b) {
    char line[512], c[128], z[80], y[80], p[128];
    for (size_t i = 0; i < n; i++)
        CHECK(fgets(line, sizeof line, f) && sscanf(line, "opening %127s %79s %79s %127s", c, z, y, p) == 4 &&
              gc_bls_hex_decode(b->commitments[i], 48, c) && gc_bls_hex_decode(b->zs[i], 32, z) &&
              gc_bls_hex_decode(b->ys[i], 32, y) && gc_bls_hex_decode(b->proofs[i], 48, p));
    uint8_t r[32];
    kzg_blob_batch_challenge(r, &b->commitments[0][0], &b->zs[0][0], &b->ys[0][0], &b->proofs[0][0], n);
    CHECK(fgets(line, sizeof line, f) && sscanf(line, "challenge %127s", c) == 1);
    compare("blob batch", name, r, c);
}

/* r - 1 stays, r becomes 0, 2^256 - 1 becomes (2^256 - 1) mod r (Python). */
static void test_reduce__edges(void) {
    static const char *in[3] = {"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000",
                                "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
                                "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"};
    static const char *out[3] = {"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000",
                                 "0000000000000000000000000000000000000000000000000000000000000000",
                                 "1824b159acc5056f998c4fefecbc4ff55884b7fa0003480200000001fffffffd"};
    for (int i = 0; i < 3; i++) {
        uint8_t a[32], w[32];
        CHECK(gc_bls_hex_decode(a, 32, in[i]) && gc_bls_hex_decode(w, 32, out[i]));
        kzg_reduce_be32_mod_r(a);
        CHECKF(memcmp(a, w, 32) == 0, "reduce case %d", i);
    }
}

int main(void) {
    char path[1024], line[512], name[64];
    snprintf(path, sizeof path, "%s/crypto/kzg/vectors/verify_challenges.txt", GC_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    CHECKF(f != NULL, "open %s", path);
    if (!f) return 1;
    batch *b = calloc(1, sizeof *b);
    CHECK(b != NULL);
    uint64_t cell_no = 0;
    size_t n;
    unsigned long long seed;
    while (b && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strncmp(line, "end", 3)) continue;
        if (sscanf(line, "cell_case %63s %zu %llu", name, &n, &seed) == 3 && n <= MAX_CELLS)
            cell_case(f, name, n, seed, &cell_no, b);
        else if (sscanf(line, "blob_case %63s %zu", name, &n) == 2 && n <= MAX_CELLS)
            blob_case(f, name, n, b);
        else
            CHECKF(0, "unexpected line '%.60s'", line);
    }
    fclose(f);
    free(b);
#ifdef KZG_CHALLENGE_WRONG_DOMAINS
    /* the mutant: every challenge must come out wrong, and the file must have been read */
    CHECKF(matched == 0 && mismatched >= 9, "wrong domains: %d challenges matched, %d did not", matched,
           mismatched);
#else
    CHECKF(matched >= 9, "%d challenges matched (want 9)", matched);
#endif
    test_reduce__edges();
    return UNIT_DONE();
}
