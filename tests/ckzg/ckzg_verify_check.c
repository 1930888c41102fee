/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_verify_check.c — verify_kzg_proof, verify_blob_kzg_proof and
 * verify_blob_kzg_proof_batch of c-kzg-4844's interface (ckzg.h only, built as a client
 * builds it) against PyPI ckzg 2.1.8's verdicts (cases.txt of crypto/kzg/vectors/
 * verify_kzg_proof, verify_blob_kzg_proof and verify_blob_kzg_proof_batch, from
 * tools/gen_kzg_verify_vectors.py), then THREADS threads verifying every verify_kzg_proof
 * case at once on one KZGSettings. Control: each valid opening with a changed y byte must
 * be refused (false), so a verifier that accepts everything fails.
 *
 * usage: ckzg_verify_check SETUP VECTORS_DIR THREADS
 * Exit 0: every verdict matched; 1: a mismatch (each printed); 2: usage or unreadable input. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckzg.h"
#include "device/sha256.h"

#define MAX_CASES 32
#define MAX_ITEMS 8
#define MAX_THREADS 16

enum { V_FALSE, V_TRUE, V_ERROR };

typedef struct {
    char name[64];
    uint64_t n;
    Blob *blobs;
    Bytes48 cm[MAX_ITEMS], pf[MAX_ITEMS];
    Bytes32 z, y;
    int expect;
} vcase;

static KZGSettings settings;
static int failures;

static int hex_to_bytes(const char *hex, uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    return hex[2 * n] == '\0' || hex[2 * n] == '\n' || hex[2 * n] == ' ';
}

/* The generator's seeded blobs: SHA-256(seed || i) with the top two bits cleared; "zero"
 * the zero blob, "const" every element 5. */
static void seeded_blob(Blob *blob, const char *seed) {
    memset(blob, 0, sizeof *blob);
    if (!strcmp(seed, "zero")) return;
    size_t len = strlen(seed);
    uint8_t msg[80];
    memcpy(msg, seed, len);
    for (uint32_t i = 0; i < FIELD_ELEMENTS_PER_BLOB; i++) {
        if (!strcmp(seed, "const")) {
            blob->bytes[32 * i + 31] = 5;
            continue;
        }
        for (int b = 0; b < 4; b++) msg[len + b] = (uint8_t)(i >> (24 - 8 * b));
        gc_sha256_digest(msg, len + 4, blob->bytes + 32 * i);
        blob->bytes[32 * i] &= 0x3f;
    }
}

static int parse(const char *line, int kind, vcase *cs, size_t *n) {
    char name[64], a[200], b[200], c[200], d[200];
    size_t k, i;
    vcase *cur = *n ? &cs[*n - 1] : NULL;
    if (line[0] == '#' || line[0] == '\n') return 1;
    if (!strncmp(line, "expect ", 7) && cur) {
        cur->expect = !strncmp(line + 7, "true", 4) ? V_TRUE : !strncmp(line + 7, "false", 5) ? V_FALSE : V_ERROR;
        return 1;
    }
    if (*n >= MAX_CASES) return 0;
    if (kind == 0 && sscanf(line, "case %63s %199s %199s %199s %199s", name, a, b, c, d) == 5) {
        cur = &cs[(*n)++];
        snprintf(cur->name, sizeof cur->name, "%s", name);
        cur->n = 1;
        return hex_to_bytes(a, cur->cm[0].bytes, 48) && hex_to_bytes(b, cur->z.bytes, 32) &&
               hex_to_bytes(c, cur->y.bytes, 32) && hex_to_bytes(d, cur->pf[0].bytes, 48);
    }
    if (kind == 1 && sscanf(line, "case %63s %199s %199s %199s", name, a, b, c) == 4) {
        cur = &cs[(*n)++];
        snprintf(cur->name, sizeof cur->name, "%s", name);
        cur->n = 1;
        if (!(cur->blobs = malloc(sizeof(Blob)))) return 0;
        seeded_blob(cur->blobs, a);
        return hex_to_bytes(b, cur->cm[0].bytes, 48) && hex_to_bytes(c, cur->pf[0].bytes, 48);
    }
    if (kind == 1 && cur && sscanf(line, "set %zu %199s", &i, a) == 2 && i < FIELD_ELEMENTS_PER_BLOB)
        return hex_to_bytes(a, cur->blobs->bytes + 32 * i, 32);
    if (kind == 2 && sscanf(line, "case %63s %zu", name, &k) == 2 && k <= MAX_ITEMS) {
        cur = &cs[(*n)++];
        snprintf(cur->name, sizeof cur->name, "%s", name);
        cur->n = 0;
        return (cur->blobs = malloc(MAX_ITEMS * sizeof(Blob))) != NULL;
    }
    if (kind == 2 && cur && cur->n < MAX_ITEMS && sscanf(line, "item %199s %199s %199s", a, b, c) == 3) {
        seeded_blob(&cur->blobs[cur->n], a);
        cur->n++;
        return hex_to_bytes(b, cur->cm[cur->n - 1].bytes, 48) && hex_to_bytes(c, cur->pf[cur->n - 1].bytes, 48);
    }
    if (kind == 2 && cur && sscanf(line, "set %zu %zu %199s", &k, &i, a) == 3 && k < cur->n && i < FIELD_ELEMENTS_PER_BLOB)
        return hex_to_bytes(a, cur->blobs[k].bytes + 32 * i, 32);
    return 0;
}

static size_t load(const char *dir, const char *call, int kind, vcase *cs) {
    char path[1024], line[1024];
    snprintf(path, sizeof path, "%s/%s/cases.txt", dir, call);
    FILE *f = fopen(path, "r");
    size_t n = 0;
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (!parse(line, kind, cs, &n)) {
            printf("%s: bad line %.60s\n", path, line);
            n = 0;
            break;
        }
    fclose(f);
    return n;
}

static int verdict(C_KZG_RET r, bool ok) { return r == C_KZG_BADARGS ? V_ERROR : r == C_KZG_OK ? (int)ok : 99; }

static int run_case(int kind, const vcase *c) {
    bool ok = true;
    C_KZG_RET r = kind == 0   ? verify_kzg_proof(&ok, &c->cm[0], &c->z, &c->y, &c->pf[0], &settings)
                  : kind == 1 ? verify_blob_kzg_proof(&ok, c->blobs, &c->cm[0], &c->pf[0], &settings)
                              : verify_blob_kzg_proof_batch(&ok, c->blobs, c->cm, c->pf, c->n, &settings);
    if (r != C_KZG_OK && ok) return 98; /* a refusal must leave *ok false */
    return verdict(r, ok);
}

static void check_call(int kind, const char *call, const vcase *cs, size_t n) {
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        int got = run_case(kind, &cs[i]);
        if (got != cs[i].expect) {
            printf("FAIL %s(%s): verdict %d, ckzg's %d (%s)\n", call, cs[i].name, got, cs[i].expect,
                   gpucheck_ckzg_last_error());
            bad++;
        }
    }
    printf("%s: %zu cases vs ckzg: %d failures\n", call, n, bad);
    failures += bad;
}

/* Control: every valid opening with y changed in its last byte is false. */
static void control(const vcase *cs, size_t n) {
    int seen = 0;
    for (size_t i = 0; i < n; i++) {
        if (cs[i].expect != V_TRUE) continue;
        vcase c = cs[i];
        c.y.bytes[31] ^= 1;
        int got = run_case(0, &c);
        seen++;
        if (got != V_FALSE) printf("FAIL control: %s with a changed y gave %d\n", c.name, got), failures++;
    }
    if (!seen) printf("FAIL control: no valid opening\n"), failures++;
}

typedef struct {
    const vcase *cs;
    size_t n;
    int mismatches;
} thread_job;

static void *thread_main(void *arg) {
    thread_job *j = arg;
    for (int rep = 0; rep < 3; rep++)
        for (size_t i = 0; i < j->n; i++) j->mismatches += run_case(0, &j->cs[i]) != j->cs[i].expect;
    return NULL;
}

static void check_threads(const vcase *cs, size_t n, int threads) {
    pthread_t t[MAX_THREADS];
    thread_job jobs[MAX_THREADS];
    int started = 0, bad = 0;
    for (int i = 0; i < threads && i < MAX_THREADS; i++) {
        jobs[i] = (thread_job){cs, n, 0};
        if (pthread_create(&t[i], NULL, thread_main, &jobs[i]) == 0) started++;
    }
    for (int i = 0; i < started; i++) pthread_join(t[i], NULL), bad += jobs[i].mismatches;
    printf("verify_kzg_proof from %d threads at once, %zu cases 3 times each: %d mismatches\n", started, n, bad);
    if (bad || started != threads) failures++;
}

int main(int argc, char **argv) {
    if (argc != 4) return fprintf(stderr, "usage: %s SETUP VECTORS_DIR THREADS\n", argv[0]), 2;
    int threads = atoi(argv[3]);
    static vcase kp[MAX_CASES], bp[MAX_CASES], bb[MAX_CASES];
    size_t nk = load(argv[2], "verify_kzg_proof", 0, kp), nb = load(argv[2], "verify_blob_kzg_proof", 1, bp),
           nt = load(argv[2], "verify_blob_kzg_proof_batch", 2, bb);
    FILE *f = fopen(argv[1], "r");
    if (!nk || !nb || !nt || !f || threads < 1 || threads > MAX_THREADS)
        return fprintf(stderr, "cannot read the setup or the vectors, or bad THREADS\n"), 2;
    C_KZG_RET r = load_trusted_setup_file(&settings, f, 0);
    fclose(f);
    if (r != C_KZG_OK) return fprintf(stderr, "load_trusted_setup_file: %s\n", gpucheck_ckzg_last_error()), 2;
    check_call(0, "verify_kzg_proof", kp, nk);
    check_call(1, "verify_blob_kzg_proof", bp, nb);
    check_call(2, "verify_blob_kzg_proof_batch", bb, nt);
    control(kp, nk);
    check_threads(kp, nk, threads);
    free_trusted_setup(&settings);
    for (size_t i = 0; i < nb; i++) free(bp[i].blobs);
    for (size_t i = 0; i < nt; i++) free(bb[i].blobs);
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
