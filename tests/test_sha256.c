/* SPDX-License-Identifier: Apache-2.0 */
/* test_sha256.c — SHA-256 (src/device/sha256.c) against FIPS 180-2's example digests, on
 * both compression paths where the CPU has SHA-NI, and the two paths against each other
 * for every length up to 1,100 bytes fed in uneven pieces (the held-block logic). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hex.h"
#include "device/sha256.h"
#include "unit.h"

typedef struct {
    const char *msg;
    size_t repeat; /* msg repeated this many times */
    const char *digest;
} fips_case;

/* FIPS 180-2, appendix B (one block, two blocks, a million 'a'), and the empty message. */
static const fips_case fips[] = {
    {"", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {"abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {"a", 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
};

static void digest_of(const fips_case *c, uint8_t out[32]) {
    size_t len = strlen(c->msg), n = len * c->repeat;
    uint8_t *buf = malloc(n + 1);
    for (size_t i = 0; i < c->repeat; i++) memcpy(buf + i * len, c->msg, len);
    gc_sha256_digest(buf, n, out);
    free(buf);
}

static void check_fips(const char *path) {
    for (size_t i = 0; i < sizeof fips / sizeof fips[0]; i++) {
        uint8_t got[32];
        char hex[65];
        digest_of(&fips[i], got);
        gc_hex_encode(hex, got, 32);
        hex[64] = 0;
        CHECKF(strcmp(hex, fips[i].digest) == 0, "%s path, FIPS case %zu: %s, want %s", path, i, hex, fips[i].digest);
    }
}

/* The digest of buf[0..n) fed in pieces of 1, 7, 64, 65, 3, ... bytes. */
static void digest_in_pieces(const uint8_t *buf, size_t n, uint8_t out[32]) {
    static const size_t piece[] = {1, 7, 64, 65, 3, 128, 63, 200};
    gc_sha256 s;
    gc_sha256_init(&s);
    for (size_t at = 0, k = 0; at < n; k++) {
        size_t take = piece[k % 8] < n - at ? piece[k % 8] : n - at;
        gc_sha256_update(&s, buf + at, take);
        at += take;
    }
    gc_sha256_final(&s, out);
}

int main(void) {
    printf("SHA-NI: %s\n", gc_sha256_accelerated() ? "yes" : "no (the portable path only)");
    check_fips(gc_sha256_accelerated() ? "SHA-NI" : "portable");
    gc_sha256_force_portable(1);
    check_fips("portable");
    gc_sha256_force_portable(0);

    enum { MAX = 1100 };
    uint8_t *buf = malloc(MAX);
    for (size_t i = 0; i < MAX; i++) buf[i] = (uint8_t)(i * 131u + 7u);
    size_t differ = 0;
    for (size_t n = 0; n <= MAX; n++) {
        uint8_t a[32], b[32], c[32];
        gc_sha256_digest(buf, n, a);
        digest_in_pieces(buf, n, b);
        gc_sha256_force_portable(1);
        gc_sha256_digest(buf, n, c);
        gc_sha256_force_portable(0);
        differ += memcmp(a, b, 32) != 0 || memcmp(a, c, 32) != 0;
    }
    CHECKF(differ == 0, "%zu of %d lengths differ between one call, pieces and the portable path", differ, MAX + 1);
    /* negative control: one changed byte changes the digest */
    uint8_t a[32], b[32];
    gc_sha256_digest(buf, MAX, a);
    buf[MAX / 2] ^= 1;
    gc_sha256_digest(buf, MAX, b);
    CHECK(memcmp(a, b, 32) != 0);
    free(buf);
    return UNIT_DONE();
}
