/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_verify_eip4844.c — gc_kzg_verify_kzg_proof, gc_kzg_verify_blob_kzg_proof and
 * gc_kzg_verify_blob_kzg_proof_batch against PyPI ckzg 2.1.8's verdicts on every case of
 * crypto/kzg/vectors/verify_{kzg_proof,blob_kzg_proof,blob_kzg_proof_batch}/cases.txt
 * (tools/gen_kzg_verify_vectors.py): the first two with every case in one call, and
 * their valid cases alone in one (decided by one combined check), the pairing checks on
 * the device and again on the host; each batch case one call, its
 * check on the host and on the device. A negative control (a flipped verdict is seen), and
 * mutants that must each change verdicts: +[y] G in the openings (fault site 23), the
 * device check's missing negation (24), the blob challenge's wrong domain.
 *   test_kzg_verify_eip4844 [--device ID] [--bench N] [--no-mutants]
 * --no-mutants: the known answers alone (each mutant is a compilation of the module).
 * --bench: N items through each call, then verify_cell_kzg_proof_batch on min(N, 128)
 * blobs' cells (a context with FK20's precomputation), each validated, then timed.
 * Exit codes: 0 pass, 1 failures, 2 setup or device errors, 77 no device. */
#include <stdint.h>
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
#define MAX_ITEMS 8

enum { V_FALSE, V_TRUE, V_ERROR };

typedef struct {
    char name[64];
    size_t n;                       /* items (1 for the single calls) */
    uint8_t *blobs;                 /* n blobs (blob calls) */
    uint8_t cm[MAX_ITEMS][48], pf[MAX_ITEMS][48], z[32], y[32];
    int expect;
} vcase;

static void seeded_blob(uint8_t *blob, const char *seed) {
    if (!strcmp(seed, "zero") || !strcmp(seed, "const")) {
        memset(blob, 0, BLOB);
        for (size_t i = 0; !strcmp(seed, "const") && i < 4096; i++) blob[32 * i + 31] = 5;
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

static int parse_expect(const char *line) {
    return !strncmp(line, "expect true", 11) ? V_TRUE : !strncmp(line, "expect false", 12) ? V_FALSE
           : !strncmp(line, "expect error", 12)                                        ? V_ERROR
                                                                                       : -1;
}

/* One line of a cases file into cs (kind 0: verify_kzg_proof, 1: blob proof, 2: batch). */
static int parse_line(const char *line, int kind, vcase *cs, size_t *n) {
    char name[64], a[200], b[200], c[200], d[200];
    size_t k, i, items;
    vcase *cur = *n ? &cs[*n - 1] : NULL;
    if (line[0] == '#' || line[0] == '\n') return 1;
    if (!strncmp(line, "expect", 6)) return cur && (cur->expect = parse_expect(line)) >= 0;
    if (kind == 0 && sscanf(line, "case %63s %199s %199s %199s %199s", name, a, b, c, d) == 5 && *n < MAX_CASES) {
        cur = &cs[(*n)++];
        snprintf(cur->name, sizeof cur->name, "%s", name);
        cur->n = 1;
        return gc_bls_hex_decode(cur->cm[0], 48, a) && gc_bls_hex_decode(cur->z, 32, b) &&
               gc_bls_hex_decode(cur->y, 32, c) && gc_bls_hex_decode(cur->pf[0], 48, d);
    }
    if (kind == 1 && sscanf(line, "case %63s %199s %199s %199s", name, a, b, c) == 4 && *n < MAX_CASES) {
        cur = &cs[(*n)++];
        snprintf(cur->name, sizeof cur->name, "%s", name);
        cur->n = 1;
        cur->blobs = malloc(BLOB);
        seeded_blob(cur->blobs, a);
        return gc_bls_hex_decode(cur->cm[0], 48, b) && gc_bls_hex_decode(cur->pf[0], 48, c);
    }
    if (kind == 1 && cur && sscanf(line, "set %zu %199s", &i, a) == 2 && i < 4096)
        return gc_bls_hex_decode(cur->blobs + 32 * i, 32, a);
    if (kind == 2 && sscanf(line, "case %63s %zu", name, &items) == 2 && *n < MAX_CASES && items <= MAX_ITEMS) {
        cur = &cs[(*n)++];
        snprintf(cur->name, sizeof cur->name, "%s", name);
        cur->n = 0;
        cur->blobs = malloc(MAX_ITEMS * BLOB);
        return 1;
    }
    if (kind == 2 && cur && cur->n < MAX_ITEMS && sscanf(line, "item %199s %199s %199s", a, b, c) == 3) {
        seeded_blob(cur->blobs + cur->n * BLOB, a);
        int ok = gc_bls_hex_decode(cur->cm[cur->n], 48, b) && gc_bls_hex_decode(cur->pf[cur->n], 48, c);
        cur->n++;
        return ok;
    }
    if (kind == 2 && cur && sscanf(line, "set %zu %zu %199s", &k, &i, a) == 3 && k < cur->n && i < 4096)
        return gc_bls_hex_decode(cur->blobs + k * BLOB + 32 * i, 32, a);
    return 0;
}

static size_t load(const char *call, int kind, vcase *cs) {
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/crypto/kzg/vectors/%s/cases.txt", GC_SOURCE_DIR, call);
    FILE *f = fopen(path, "r");
    size_t n = 0;
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (!parse_line(line, kind, cs, &n)) {
            fprintf(stderr, "%s: bad line: %.80s\n", path, line);
            n = 0;
            break;
        }
    fclose(f);
    for (size_t i = 0; i < n; i++)
        if (cs[i].expect < 0) return 0;
    return n;
}

static int verdict(gc_kzg_ret r, bool ok) { return r == GC_KZG_BADARGS ? V_ERROR : r == GC_KZG_OK ? (int)ok : 99; }

/* Every single-call case of kind 0 or 1 in one call; the verdicts into got. */
static gc_kzg_ret run_singles(gc_kzg_ctx *ctx, const vcase *cs, size_t n, int kind, int *got) {
    uint8_t *blobs = malloc(n * BLOB + 1), cm[MAX_CASES * 48], pf[MAX_CASES * 48], z[MAX_CASES * 32], y[MAX_CASES * 32];
    bool ok[MAX_CASES];
    gc_kzg_ret st[MAX_CASES];
    for (size_t i = 0; i < n; i++) {
        memcpy(cm + 48 * i, cs[i].cm[0], 48), memcpy(pf + 48 * i, cs[i].pf[0], 48);
        memcpy(z + 32 * i, cs[i].z, 32), memcpy(y + 32 * i, cs[i].y, 32);
        if (kind == 1) memcpy(blobs + i * BLOB, cs[i].blobs, BLOB);
    }
    gc_kzg_ret r = kind == 0 ? gc_kzg_verify_kzg_proof(ctx, ok, cm, z, y, pf, n, st)
                             : gc_kzg_verify_blob_kzg_proof(ctx, ok, blobs, cm, pf, n, st);
    for (size_t i = 0; i < n; i++) got[i] = r ? 99 : verdict(st[i], ok[i]);
    free(blobs);
    return r;
}

static void run_batches(gc_kzg_ctx *ctx, const vcase *cs, size_t n, int *got) {
    for (size_t i = 0; i < n; i++) {
        bool ok = false;
        gc_kzg_ret r = gc_kzg_verify_blob_kzg_proof_batch(ctx, &ok, cs[i].blobs, &cs[i].cm[0][0], &cs[i].pf[0][0], cs[i].n);
        got[i] = verdict(r, ok);
    }
}

static size_t differ(const vcase *cs, const int *got, size_t n, const char *label, int print) {
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        if (got[i] != cs[i].expect) {
            d++;
            if (print) printf("  %s: %s: got %d, ckzg %d\n", label, cs[i].name, got[i], cs[i].expect);
        }
    return d;
}

/* The valid cases of kind 0 or 1 alone in one call: each true (with the checks on the
 * device, the one combined check that decides an all-valid call accepts them). */
static void check_valid_alone(gc_kzg_ctx *ctx, const vcase *cs, size_t n, int kind, const char *call) {
    vcase *valid = malloc((n ? n : 1) * sizeof *valid);
    int got[MAX_CASES];
    size_t m = 0;
    CHECK(valid != NULL);
    if (!valid) return;
    for (size_t i = 0; i < n; i++)
        if (cs[i].expect == 1) valid[m++] = cs[i];
    CHECKF(m >= 4, "%s: %zu valid cases, the combined check needs 4", call, m);
    gc_kzg_ret r = run_singles(ctx, valid, m, kind, got);
    size_t d = r ? m : differ(valid, got, m, call, 1);
    printf("%s, the %zu valid cases alone: %zu differ from ckzg\n", call, m, d);
    CHECKF(r == GC_KZG_OK && d == 0, "%s: the valid cases alone: %s, %zu verdicts differ", call, gc_kzg_ret_name(r), d);
    free(valid);
}

/* The three calls' verdicts vs ckzg's, with the pairing checks on the side `min_device`
 * picks (0: all on the device, SIZE_MAX: all on the host). */
static void check_all(gc_kzg_ctx *ctx, const vcase *cs[3], const size_t n[3], size_t min_device, const char *side) {
    const kzg_verifier *v;
    CHECK(kzg_ctx_verifier(ctx, &v) == GC_KZG_OK);
    ctx->verify.verifier.device_checks_min = min_device;
    int got[MAX_CASES];
    static const char *calls[3] = {"verify_kzg_proof", "verify_blob_kzg_proof", "verify_blob_kzg_proof_batch"};
    for (int k = 0; k < 3; k++) {
        double t0 = gc_clock_ms();
        gc_kzg_ret r = k < 2 ? run_singles(ctx, cs[k], n[k], k, got) : GC_KZG_OK;
        if (k == 2) run_batches(ctx, cs[k], n[k], got);
        size_t d = differ(cs[k], got, n[k], calls[k], 1);
        printf("%s, checks on the %s: %zu cases in %.0f ms, %zu differ from ckzg\n", calls[k], side, n[k],
               gc_clock_ms() - t0, d);
        CHECKF(r == GC_KZG_OK && d == 0, "%s (%s): %s, %zu verdicts differ", calls[k], side, gc_kzg_ret_name(r), d);
        if (k < 2) check_valid_alone(ctx, cs[k], n[k], k, calls[k]);
        if (k == 0 && d == 0) { /* negative control: a changed verdict is seen */
            got[0] ^= 1;
            CHECKF(differ(cs[k], got, n[k], "", 0) == 1, "negative control: a flipped verdict went unseen");
        }
    }
    ctx->verify.verifier.device_checks_min = KZG_VERIFY_DEVICE_CHECKS_MIN;
}

/* A mutant must change at least one verdict of the call it breaks. */
static void check_mutants(gc_kzg_ctx *ctx, const vcase *cs[3], const size_t n[3]) {
    int got[MAX_CASES];
    const kzg_verifier *v;
    for (int m = 23; m <= 24; m++) {
        kzg_verify_set_mutant(ctx, m);
        CHECK(kzg_ctx_verifier(ctx, &v) == GC_KZG_OK);
        for (int host = 0; host < 2; host++) { /* the mutant's kernel, then its host twin */
            ctx->verify.verifier.device_checks_min = host ? SIZE_MAX : 0;
            gc_kzg_ret r = run_singles(ctx, cs[0], n[0], 0, got);
            size_t d = r ? 0 : differ(cs[0], got, n[0], "", 0);
            printf("mutant %d (%s), %s: %zu of %zu verify_kzg_proof verdicts changed\n", m,
                   m == 23 ? "+[y] G in the openings" : "no negation in the check", host ? "host" : "device", d,
                   n[0]);
            CHECKF(d > 0, "mutant %d went unseen on the %s", m, host ? "host" : "device");
        }
        ctx->verify.verifier.device_checks_min = 0;
        /* The valid cases alone are decided by the combined check, which mutant 23's kernel
         * does not take part in: all true there shows that check decided them. */
        if (m == 23) check_valid_alone(ctx, cs[0], n[0], 0, "verify_kzg_proof under mutant 23");
    }
    kzg_verify_set_mutant(ctx, 0);
    CHECK(kzg_eip4844_set_domain(ctx, "RCKZGBATCH___V1_") == GC_KZG_OK);
    gc_kzg_ret r = run_singles(ctx, cs[1], n[1], 1, got);
    size_t d = r ? 0 : differ(cs[1], got, n[1], "", 0);
    printf("mutant: the blob challenge's domain RCKZGBATCH___V1_: %zu of %zu verdicts changed\n", d, n[1]);
    CHECKF(d > 0, "the wrong-domain mutant went unseen");
    CHECK(kzg_eip4844_set_domain(ctx, KZG_EIP4844_DOMAIN) == GC_KZG_OK);
}

static void check_bad_calls(gc_kzg_ctx *ctx, const vcase *c) {
    bool ok = true;
    uint8_t z[32] = {0};
    CHECK(gc_kzg_verify_kzg_proof(NULL, &ok, c->cm[0], z, z, c->pf[0], 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_verify_kzg_proof(ctx, &ok, c->cm[0], z, NULL, c->pf[0], 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_verify_kzg_proof(ctx, &ok, c->cm[0], z, z, c->pf[0], 0, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_verify_blob_kzg_proof(ctx, &ok, NULL, c->cm[0], c->pf[0], 1, NULL) == GC_KZG_BADARGS);
    CHECK(ok); /* untouched by the refused calls */
    CHECK(gc_kzg_verify_blob_kzg_proof_batch(ctx, &ok, NULL, NULL, NULL, 0) == GC_KZG_OK && ok);
    CHECK(gc_kzg_verify_blob_kzg_proof_batch(ctx, &ok, NULL, c->cm[0], c->pf[0], 1) == GC_KZG_BADARGS && !ok);
}

/* n copies of a valid case through each call: every verdict must be true, then the best
 * of 5 calls. */
static void bench_call(gc_kzg_ctx *ctx, int call, const vcase *c, size_t n) {
    uint8_t *blobs = call ? malloc(n * BLOB) : NULL, *cm = malloc(n * 48), *pf = malloc(n * 48), *z = malloc(n * 32),
            *y = malloc(n * 32);
    bool *ok = malloc(n * sizeof *ok);
    for (size_t i = 0; i < n; i++) {
        memcpy(cm + 48 * i, c->cm[0], 48), memcpy(pf + 48 * i, c->pf[0], 48);
        memcpy(z + 32 * i, c->z, 32), memcpy(y + 32 * i, c->y, 32);
        if (call) memcpy(blobs + i * BLOB, c->blobs, BLOB);
    }
    double best = 1e30;
    size_t good = 0;
    for (int rep = 0; rep < 6; rep++) {
        double t0 = gc_clock_ms();
        gc_kzg_ret r = call == 0   ? gc_kzg_verify_kzg_proof(ctx, ok, cm, z, y, pf, n, NULL)
                       : call == 1 ? gc_kzg_verify_blob_kzg_proof(ctx, ok, blobs, cm, pf, n, NULL)
                                   : gc_kzg_verify_blob_kzg_proof_batch(ctx, ok, blobs, cm, pf, n);
        double t = gc_clock_ms() - t0;
        good = 0;
        for (size_t i = 0; !r && i < (call == 2 ? 1 : n); i++) good += ok[i];
        CHECKF(!r && good == (call == 2 ? 1 : n), "bench call %d: %s, %zu true", call, gc_kzg_ret_name(r), good);
        if (r || good != (call == 2 ? 1 : n)) break;
        if (rep > 0 && t < best) best = t; /* the first builds the kernels */
    }
    static const char *names[3] = {"verify_kzg_proof", "verify_blob_kzg_proof", "verify_blob_kzg_proof_batch"};
    if (best < 1e30) printf("%s %zu items: best of 5 %.3f ms (%.4f ms an item)\n", names[call], n, best, best / (double)n);
    free(blobs), free(cm), free(pf), free(z), free(y), free(ok);
}

/* verify_cell_kzg_proof_batch on the cells and proofs of `blobs` blobs (their own, so
 * valid): 128 cells of one blob, every cell of all of them as one batch, and one batch a
 * blob in one call (gc_kzg_verify_cell_kzg_proof_batches); each checked true, then the
 * best of 5. Needs FK20's precomputation (a context of gc_kzg_ctx_create). */
static void bench_cells(gc_kzg_ctx *ctx, const uint8_t *blob, size_t blobs) {
    size_t cells = blobs * 128;
    uint8_t *bl = malloc(blobs * BLOB), *cl = malloc(cells * 2048), *pf = malloc(cells * 48), *cm = malloc(blobs * 48),
            *cms = malloc(cells * 48);
    uint64_t *idx = malloc(cells * 8);
    gc_kzg_cell_batch *b = malloc(blobs * sizeof *b);
    bool *ok = malloc(blobs * sizeof *ok);
    gc_kzg_ret *st = malloc(blobs * sizeof *st);
    for (size_t i = 0; i < blobs; i++) { /* blob i: the case's blob with element 0 = i */
        memcpy(bl + i * BLOB, blob, BLOB);
        memset(bl + i * BLOB, 0, 32);
        bl[i * BLOB + 31] = (uint8_t)i, bl[i * BLOB + 30] = (uint8_t)(i >> 8);
    }
    gc_kzg_ret r = gc_kzg_compute_cells_and_proofs(ctx, cl, pf, cm, bl, blobs, NULL);
    for (size_t k = 0; k < cells; k++) idx[k] = k % 128, memcpy(cms + 48 * k, cm + 48 * (k / 128), 48);
    for (size_t i = 0; i < blobs; i++) b[i] = (gc_kzg_cell_batch){cms + i * 128 * 48, idx + i * 128, cl + i * 128 * 2048,
                                                                  pf + i * 128 * 48, 128};
    CHECKF(r == GC_KZG_OK, "bench: cells and proofs of %zu blobs: %s", blobs, gc_kzg_ret_name(r));
    static const char *names[3] = {"verify_cell_kzg_proof_batch, 128 cells of one blob",
                                   "verify_cell_kzg_proof_batch, every cell as one batch",
                                   "verify_cell_kzg_proof_batches, a batch a blob"};
    for (int what = 0; what < 3 && r == GC_KZG_OK; what++) {
        double best = 1e30;
        for (int rep = 0; rep < 6; rep++) {
            double t0 = gc_clock_ms();
            size_t n = what == 0 ? 128 : cells, good = 0;
            gc_kzg_ret q = what == 2 ? gc_kzg_verify_cell_kzg_proof_batches(ctx, ok, st, b, blobs)
                                     : gc_kzg_verify_cell_kzg_proof_batch(ctx, ok, cms, idx, cl, pf, n);
            double t = gc_clock_ms() - t0;
            for (size_t i = 0; i < (what == 2 ? blobs : 1); i++) good += ok[i] && (what < 2 || st[i] == GC_KZG_OK);
            CHECKF(!q && good == (what == 2 ? blobs : 1), "%s: %s, %zu true", names[what], gc_kzg_ret_name(q), good);
            if (q || good != (what == 2 ? blobs : 1)) break;
            if (rep > 0 && t < best) best = t;
        }
        if (best < 1e30) printf("%s (%zu blobs): best of 5 %.3f ms\n", names[what], what ? blobs : 1, best);
    }
    free(bl), free(cl), free(pf), free(cm), free(cms), free(idx), free(b), free(ok), free(st);
}

int main(int argc, char **argv) {
    const char *dev_id = NULL;
    size_t bench_n = 0;
    int mutants = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc) dev_id = argv[++i];
        else if (!strcmp(argv[i], "--bench") && i + 1 < argc) bench_n = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--no-mutants")) mutants = 0;
        else return fprintf(stderr, "usage: %s [--device ID] [--bench N] [--no-mutants]\n", argv[0]), 2;
    }
    static vcase kp[MAX_CASES], bp[MAX_CASES], bb[MAX_CASES];
    const vcase *cs[3] = {kp, bp, bb};
    size_t n[3] = {load("verify_kzg_proof", 0, kp), load("verify_blob_kzg_proof", 1, bp),
                   load("verify_blob_kzg_proof_batch", 2, bb)};
    if (!n[0] || !n[1] || !n[2]) return fprintf(stderr, "cannot read the EIP-4844 verification vectors\n"), 2;
    size_t di;
    gc_device *dev = NULL;
    if ((dev_id ? gc_device_find(dev_id, &di) : gc_device_default(&di)) || gc_device_open(di, &dev))
        return printf("SKIP: no device (%s)\n", gc_last_error()), 77;
    gc_kzg_setup *setup = NULL;
    gc_kzg_ctx *ctx = NULL;
    char err[512];
    gc_kzg_ret r = gc_kzg_setup_load_default(&setup, err, sizeof err);
    /* no FK20 precomputation: these calls take none */
    kzg_ctx_overrides hooks = {NULL, 0, KZG_X_EXT_FFT_NONE, NULL, 0};
    /* the benchmark with the library's defaults (cells need FK20's precomputation) */
    if (!r && bench_n) r = gc_kzg_ctx_create(&ctx, dev, setup, NULL, err, sizeof err);
    else if (!r) r = kzg_ctx_create_from_points(&ctx, dev, setup->g1_monomial, NULL, &hooks, err, sizeof err);
    if (r) return fprintf(stderr, "context: %s: %s\n", gc_kzg_ret_name(r), err), 2;
    kzg_verify_keep_points(ctx, setup);
    printf("device: %s; %zu + %zu + %zu cases\n", gc_device_get_info(dev)->name, n[0], n[1], n[2]);
    if (bench_n) {
        for (int call = 0; call < 3; call++) bench_call(ctx, call, call == 0 ? &kp[0] : &bp[0], bench_n);
        bench_cells(ctx, bp[0].blobs, bench_n < 128 ? bench_n : 128);
    } else {
        check_all(ctx, cs, n, 0, "device");
        check_all(ctx, cs, n, SIZE_MAX, "host");
        if (mutants) check_mutants(ctx, cs, n);
        check_bad_calls(ctx, &kp[0]);
    }
    int rc = UNIT_DONE();
    gc_kzg_ctx_free(ctx);
    gc_kzg_setup_free(setup);
    gc_device_close(dev);
    for (int k = 1; k < 3; k++)
        for (size_t i = 0; i < n[k]; i++) free((void *)cs[k][i].blobs);
    return rc;
}
