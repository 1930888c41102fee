/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_kzg_setup.c — the trusted-setup loader (gc_kzg_setup_load_buffer, crypto/kzg/setup/setup.c).
 *
 * A whole setup is 8,257 lines and its full validation takes seconds, far too slow to fuzz
 * as one input. So the loader's two passes are fuzzed apart, on what each reads:
 *   input[0] % 3 == 0: the rest is setup text for gc_kzg_setup_load_buffer (pass 1, the
 *                      text, is where a short input ends: counts, line lengths, hex digits);
 *   input[0] % 3 == 1: 48 bytes, a compressed G1 point, as pass 2 decompresses it;
 *   input[0] % 3 == 2: 96 bytes, a compressed G2 point.
 * For points, beyond memory safety: the loader's subgroup test (Scott's endomorphism test,
 * gc_g1p_in_subgroup_endo) agrees with the plain [r]P = O of the decompressor, and a point
 * accepted re-encodes to exactly the input bytes (one encoding per point). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/setup/setup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what) {
    fprintf(stderr, "fuzz_kzg_setup: %s\n", what);
    abort();
}

static void fuzz_text(const uint8_t *text, size_t len) {
    gc_kzg_setup *s = (gc_kzg_setup *)&s; /* not NULL: the loader must set it */
    char err[256];
    gc_kzg_ret r = gc_kzg_setup_load_buffer(&s, text, len, err, sizeof err);
    if (r == GC_KZG_OK) {
        gc_kzg_setup_free(s);
        return;
    }
    if (s != NULL) fail("a failed load left *out set");
    if (r != GC_KZG_SETUP && r != GC_KZG_MALLOC) fail("a bad text gave a status other than GC_KZG_SETUP");
    if (err[0] == '\0' || strncmp(err, "line ", 5) != 0) fail("a bad text without a message naming its line");
}

static void fuzz_g1(const uint8_t *in) {
    gc_g1a plain, checked;
    int rc = gc_g1a_decompress(&plain, in, 0);
    int rc_checked = gc_g1a_decompress(&checked, in, 1);
    if (rc != GC_G1_OK) {
        if (rc_checked != rc) fail("G1: the subgroup flag changed a decoding error");
        return;
    }
    gc_g1p p;
    gc_g1p_from_affine(&p, &plain);
    int in_group = gc_g1p_in_subgroup_endo(&p);
    if (in_group != (rc_checked == GC_G1_OK)) fail("G1: the endomorphism test and [r]P = O disagree");
    if (rc_checked != GC_G1_OK && rc_checked != GC_G1_ERR_NOT_IN_SUBGROUP) fail("G1: unexpected error code");
    if (!gc_g1a_is_inf(&plain) && !gc_g1a_is_on_curve(&plain)) fail("G1: decompressed off the curve");
    unsigned char out[GC_G1_COMPRESSED_BYTES];
    gc_g1a_compress(out, &plain);
    if (memcmp(out, in, sizeof out) != 0) fail("G1: an accepted encoding does not re-encode to itself");
}

static void fuzz_g2(const uint8_t *in) {
    gc_g2a plain, checked;
    int rc = gc_g2a_decompress(&plain, in, 0);
    int rc_checked = gc_g2a_decompress(&checked, in, 1);
    if (rc != GC_G2_OK) {
        if (rc_checked != rc) fail("G2: the subgroup flag changed a decoding error");
        return;
    }
    if (rc_checked != GC_G2_OK && rc_checked != GC_G2_ERR_NOT_IN_SUBGROUP) fail("G2: unexpected error code");
    if (!gc_g2a_is_inf(&plain) && !gc_g2a_is_on_curve(&plain)) fail("G2: decompressed off the curve");
    unsigned char out[GC_G2_COMPRESSED_BYTES];
    gc_g2a_compress(out, &plain);
    if (memcmp(out, in, sizeof out) != 0) fail("G2: an accepted encoding does not re-encode to itself");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    switch (data[0] % 3) {
    case 0: fuzz_text(data + 1, size - 1); break;
    case 1:
        if (size >= 1 + GC_G1_COMPRESSED_BYTES) fuzz_g1(data + 1);
        break;
    default:
        if (size >= 1 + GC_G2_COMPRESSED_BYTES) fuzz_g2(data + 1);
        break;
    }
    return 0;
}
