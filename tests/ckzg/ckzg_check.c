/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_check.c — a program written against c-kzg-4844's documented interface (ckzg.h
 * only), built the way a client builds it (`cc ckzg_check.c $(pkg-config --cflags --libs
 * gpucheck-ckzg)`), checked against PyPI ckzg's stored answers (crypto/kzg/vectors/).
 *
 * usage: ckzg_check SETUP CELLS_VECTORS INVALID_VECTORS VERIFY_VECTORS MAX_CASES THREADS
 * MAX_CASES blobs of the answers (at least 2 are read) and the rejected ones, one after
 * another, then verify_cell_kzg_proof_batch on every batch of VERIFY_VECTORS (ckzg's
 * verdicts: true, false, BADARGS) and on an empty batch of NULL arrays, then THREADS
 * threads at once on the same KZGSettings, thread t on case t (mod the cases read).
 * Exit 0: every answer matched; 1: a mismatch or a wrong return code (each printed);
 * 2: usage or unreadable input. The cells' vectors hold a SHA-256 of each cell, so the
 * program carries a SHA-256 of its own (sha256.c, compiled beside it). */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckzg.h"
#include "device/sha256.h"

#define MAX_CASES 16

typedef struct {
    char name[64];
    Blob *blob;
    KZGCommitment commitment;
    KZGProof proofs[CELLS_PER_EXT_BLOB];
    uint8_t cell_sha256[CELLS_PER_EXT_BLOB][32];
    int bad; /* an invalid-blob case: the functions must return C_KZG_BADARGS */
} vector_case;

static vector_case cases[MAX_CASES];
static size_t n_cases;
static KZGSettings settings;
static int failures;

static int nibble(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int hex_to_bytes(const char *hex, uint8_t *out, size_t n) {
    if (!strncmp(hex, "0x", 2)) hex += 2;
    for (size_t i = 0; i < n; i++) {
        int hi = nibble(hex[2 * i]), lo = hi < 0 ? -1 : nibble(hex[2 * i + 1]);
        if (lo < 0) return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return hex[2 * n] == '\0' || hex[2 * n] == '\n';
}

/* Reads `case`, `blob`, `commitment`, `proof`, `cell_sha256`, `error` lines (README.md there). */
static int read_vectors(const char *path, int bad, size_t max) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t cap = 2 * BYTES_PER_BLOB + 64, np = 0, nc = 0;
    char *line = malloc(cap);
    int ok = line != NULL;
    vector_case *c = NULL;
    while (ok && fgets(line, (int)cap, f)) {
        char *v = strchr(line, ' ');
        if (line[0] == '#' || !v) continue;
        *v++ = '\0';
        if (!strcmp(line, "case")) {
            if (n_cases == MAX_CASES || n_cases == max) break;
            c = &cases[n_cases++];
            snprintf(c->name, sizeof c->name, "%.*s", (int)strcspn(v, "\n"), v);
            c->bad = bad, np = nc = 0;
            c->blob = malloc(sizeof *c->blob);
            ok = c->blob != NULL;
        } else if (!c) {
            ok = 0;
        } else if (!strcmp(line, "blob")) {
            ok = hex_to_bytes(v, c->blob->bytes, BYTES_PER_BLOB);
        } else if (!strcmp(line, "commitment")) {
            ok = hex_to_bytes(v, c->commitment.bytes, BYTES_PER_COMMITMENT);
        } else if (!strcmp(line, "proof") || !strcmp(line, "cell_sha256")) { /* "proof INDEX HEX" */
            char *end;
            unsigned long i = strtoul(v, &end, 10);
            int proof = line[0] == 'p';
            ok = *end == ' ' && i == (proof ? np++ : nc++) && i < CELLS_PER_EXT_BLOB &&
                 hex_to_bytes(end + 1, proof ? c->proofs[i].bytes : c->cell_sha256[i], proof ? BYTES_PER_PROOF : 32);
        }
    }
    free(line);
    fclose(f);
    return ok && n_cases > 0;
}

static void expect_ret(const char *what, C_KZG_RET got, C_KZG_RET want) {
    if (got == want) return;
    printf("FAIL %s: returned %d, expected %d (%s)\n", what, (int)got, (int)want, gpucheck_ckzg_last_error());
    failures++;
}

static void expect_same(const char *what, const vector_case *c, const void *got, const void *want, size_t n) {
    if (memcmp(got, want, n) == 0) return;
    printf("FAIL %s of %s: differs from ckzg's\n", what, c->name);
    failures++;
}

/* One case through both functions; cells and proofs compared with ckzg's. */
static void check_case(const vector_case *c, Cell *cells, KZGProof *proofs) {
    char what[128];
    KZGCommitment commitment;
    snprintf(what, sizeof what, "blob_to_kzg_commitment(%s)", c->name);
    expect_ret(what, blob_to_kzg_commitment(&commitment, c->blob, &settings), c->bad ? C_KZG_BADARGS : C_KZG_OK);
    snprintf(what, sizeof what, "compute_cells_and_kzg_proofs(%s)", c->name);
    expect_ret(what, compute_cells_and_kzg_proofs(cells, proofs, c->blob, &settings), c->bad ? C_KZG_BADARGS : C_KZG_OK);
    if (c->bad) return;
    expect_same("the commitment", c, &commitment, &c->commitment, sizeof commitment);
    expect_same("the proofs", c, proofs, c->proofs, sizeof c->proofs);
    for (size_t i = 0; i < CELLS_PER_EXT_BLOB; i++) {
        uint8_t digest[32];
        gc_sha256_digest(cells[i].bytes, BYTES_PER_CELL, digest);
        if (memcmp(digest, c->cell_sha256[i], 32)) {
            printf("FAIL cell %zu of %s: differs from ckzg's\n", i, c->name);
            failures++;
            break;
        }
    }
}

/* The ways of calling that c-kzg documents beyond one blob in, all out. */
static void check_arguments(const vector_case *c, Cell *cells, KZGProof *proofs) {
    memset(proofs, 0, CELLS_PER_EXT_BLOB * sizeof *proofs);
    expect_ret("proofs only (cells NULL)", compute_cells_and_kzg_proofs(NULL, proofs, c->blob, &settings), C_KZG_OK);
    expect_same("the proofs (cells NULL)", c, proofs, c->proofs, sizeof c->proofs);
    memset(cells, 0, CELLS_PER_EXT_BLOB * sizeof *cells);
    expect_ret("cells only (proofs NULL)", compute_cells_and_kzg_proofs(cells, NULL, c->blob, &settings), C_KZG_OK);
    uint8_t digest[32];
    gc_sha256_digest(cells[CELLS_PER_EXT_BLOB - 1].bytes, BYTES_PER_CELL, digest);
    expect_same("the last cell (proofs NULL)", c, digest, c->cell_sha256[CELLS_PER_EXT_BLOB - 1], 32);
    expect_ret("cells and proofs both NULL", compute_cells_and_kzg_proofs(NULL, NULL, c->blob, &settings),
               C_KZG_BADARGS);
    KZGSettings unloaded;
    memset(&unloaded, 0, sizeof unloaded);
    KZGCommitment commitment;
    expect_ret("an unloaded KZGSettings", blob_to_kzg_commitment(&commitment, c->blob, &unloaded), C_KZG_BADARGS);
}

/* load_trusted_setup from bytes: the same points as the file, so the same commitment;
 * precompute 16 and a short array refused as c-kzg refuses them. */
static void check_load_bytes(const char *setup_path, const vector_case *c) {
    FILE *f = fopen(setup_path, "r");
    uint8_t *g1_lagrange = malloc(4096 * 48), *g1_monomial = malloc(4096 * 48), *g2 = malloc(65 * 96);
    char line[256];
    int ok = f && g1_lagrange && g1_monomial && g2 && fgets(line, sizeof line, f) && fgets(line, sizeof line, f);
    for (size_t i = 0; ok && i < 4096 + 65 + 4096; i++) {
        uint8_t *dst = i < 4096 ? g1_lagrange + 48 * i : i < 4096 + 65 ? g2 + 96 * (i - 4096) : g1_monomial + 48 * (i - 4161);
        ok = fgets(line, sizeof line, f) && hex_to_bytes(line, dst, i >= 4096 && i < 4161 ? 96 : 48);
    }
    if (f) fclose(f);
    if (!ok) {
        printf("FAIL reading %s as bytes\n", setup_path);
        failures++;
    } else {
        KZGSettings s;
        expect_ret("load_trusted_setup precompute 16",
                   load_trusted_setup(&s, g1_monomial, 4096 * 48, g1_lagrange, 4096 * 48, g2, 65 * 96, 16), C_KZG_BADARGS);
        expect_ret("load_trusted_setup a short G2 array",
                   load_trusted_setup(&s, g1_monomial, 4096 * 48, g1_lagrange, 4096 * 48, g2, 64 * 96, 0), C_KZG_BADARGS);
        g1_lagrange[40] ^= 1; /* the first point off its curve (checked first: fails fast) */
        expect_ret("load_trusted_setup a bad G1 point",
                   load_trusted_setup(&s, g1_monomial, 4096 * 48, g1_lagrange, 4096 * 48, g2, 65 * 96, 0), C_KZG_BADARGS);
        g1_lagrange[40] ^= 1;
        C_KZG_RET r = load_trusted_setup(&s, g1_monomial, 4096 * 48, g1_lagrange, 4096 * 48, g2, 65 * 96, 0);
        expect_ret("load_trusted_setup from bytes", r, C_KZG_OK);
        KZGCommitment commitment;
        if (r == C_KZG_OK) {
            expect_ret("blob_to_kzg_commitment (setup from bytes)", blob_to_kzg_commitment(&commitment, c->blob, &s), C_KZG_OK);
            expect_same("the commitment (setup from bytes)", c, &commitment, &c->commitment, sizeof commitment);
        }
        free_trusted_setup(&s);
        free_trusted_setup(&s); /* a second free is harmless, as c-kzg's */
    }
    free(g1_lagrange), free(g1_monomial), free(g2);
}

/* verify_cell_kzg_proof_batch.txt (crypto/kzg/vectors/README.md): named cells, then batches
 * of "cell COMMITMENT INDEX PROOF CELL_NAME" lines and ckzg's verdict. */
#define VERIFY_MAX_CELLS 16
#define VERIFY_MAX_DEFS 32
typedef struct {
    char name[64];
    size_t n;
    KZGCommitment commitments[VERIFY_MAX_CELLS];
    KZGProof proofs[VERIFY_MAX_CELLS];
    uint64_t indices[VERIFY_MAX_CELLS];
    int cell_def[VERIFY_MAX_CELLS];
    int expect; /* 0 false, 1 true, 2 BADARGS */
} verify_case;

static int read_verify_line(char *line, char (*names)[32], Cell *defs, size_t *nd, verify_case *vc, size_t *nv) {
    char *tok[6];
    size_t nt = 0;
    for (char *t = strtok(line, " \n"); t && nt < 6; t = strtok(NULL, " \n")) tok[nt++] = t;
    verify_case *c = *nv ? &vc[*nv - 1] : NULL;
    if (nt == 0 || tok[0][0] == '#' || !strcmp(tok[0], "end")) return 1;
    if (!strcmp(tok[0], "cell_def") && nt == 3 && *nd < VERIFY_MAX_DEFS) {
        snprintf(names[*nd], 32, "%s", tok[1]);
        return hex_to_bytes(tok[2], defs[(*nd)++].bytes, BYTES_PER_CELL);
    }
    if (!strcmp(tok[0], "case") && nt == 3 && *nv < MAX_CASES * 2) {
        c = &vc[(*nv)++];
        snprintf(c->name, sizeof c->name, "%s", tok[1]);
        c->n = 0;
        return 1;
    }
    if (c && !strcmp(tok[0], "cell") && nt == 5 && c->n < VERIFY_MAX_CELLS) {
        size_t k = c->n++, d = 0;
        while (d < *nd && strcmp(names[d], tok[4])) d++;
        c->indices[k] = strtoull(tok[2], NULL, 10), c->cell_def[k] = (int)d;
        return d < *nd && hex_to_bytes(tok[1], c->commitments[k].bytes, 48) && hex_to_bytes(tok[3], c->proofs[k].bytes, 48);
    }
    if (c && !strcmp(tok[0], "expect") && nt == 2) {
        c->expect = !strcmp(tok[1], "true") ? 1 : !strcmp(tok[1], "false") ? 0 : !strcmp(tok[1], "badargs") ? 2 : -1;
        return c->expect >= 0;
    }
    return 0;
}

/* Every batch against ckzg's verdict; the control: the verdicts include true, false and
 * BADARGS, so a function that always answered one way would fail. */
static int check_verify_cells(const char *path) {
    static char names[VERIFY_MAX_DEFS][32];
    static verify_case vc[MAX_CASES * 2];
    Cell *defs = malloc(VERIFY_MAX_DEFS * sizeof *defs), *cells = malloc(VERIFY_MAX_CELLS * sizeof *cells);
    char *line = malloc(8192);
    FILE *f = fopen(path, "r");
    size_t nd = 0, nv = 0;
    int ok = f && defs && cells && line, seen[3] = {0, 0, 0};
    while (ok && fgets(line, 8192, f)) ok = read_verify_line(line, names, defs, &nd, vc, &nv);
    if (f) fclose(f);
    for (size_t i = 0; ok && i < nv; i++) {
        const verify_case *c = &vc[i];
        for (size_t k = 0; k < c->n; k++) cells[k] = defs[c->cell_def[k]];
        bool valid = true;
        C_KZG_RET r = verify_cell_kzg_proof_batch(&valid, c->commitments, c->indices, cells, c->proofs, c->n, &settings);
        int got = r == C_KZG_BADARGS ? 2 : r == C_KZG_OK ? (int)valid : -1;
        seen[c->expect]++;
        if (got != c->expect || (r != C_KZG_OK && valid)) {
            printf("FAIL verify_cell_kzg_proof_batch(%s): verdict %d (ret %d), ckzg's %d (%s)\n", c->name, got, (int)r,
                   c->expect, gpucheck_ckzg_last_error());
            failures++;
        }
    }
    bool valid = false;
    expect_ret("verify_cell_kzg_proof_batch of 0 cells, NULL arrays",
               verify_cell_kzg_proof_batch(&valid, NULL, NULL, NULL, NULL, 0, &settings), C_KZG_OK);
    if (!valid) printf("FAIL an empty batch is not valid\n"), failures++;
    if (!ok || !seen[0] || !seen[1] || !seen[2]) {
        printf("FAIL reading %s (or its verdicts lack one of true, false, BADARGS)\n", path);
        failures++;
    }
    free(defs), free(cells), free(line);
    return (int)nv;
}

static void *thread_main(void *arg) {
    size_t t = (size_t)arg;
    Cell *cells = malloc(CELLS_PER_EXT_BLOB * sizeof *cells);
    KZGProof *proofs = malloc(CELLS_PER_EXT_BLOB * sizeof *proofs);
    if (cells && proofs) check_case(&cases[t % n_cases], cells, proofs);
    free(cells), free(proofs);
    return NULL;
}

/* The comparison is not vacuous: the proofs just computed for the first blob (still in
 * `proofs`) are not the second blob's. */
static void check_control(const KZGProof *proofs) {
    if (n_cases < 2 || cases[1].bad || !memcmp(proofs, cases[1].proofs, sizeof cases[1].proofs)) {
        printf("FAIL the control: the proofs of %s match %s's (or no second blob)\n", cases[0].name, cases[1].name);
        failures++;
    }
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: %s SETUP CELLS_VECTORS INVALID_VECTORS VERIFY_VECTORS MAX_CASES THREADS\n", argv[0]);
        return 2;
    }
    size_t max = (size_t)atoi(argv[5]), n_threads = (size_t)atoi(argv[6]);
    if (!read_vectors(argv[2], 0, max < 2 ? 2 : max) || !read_vectors(argv[3], 1, n_cases + 3)) {
        fprintf(stderr, "cannot read the vectors %s or %s\n", argv[2], argv[3]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    C_KZG_RET r = load_trusted_setup_file(&settings, f, 0);
    if (f) fclose(f);
    if (r != C_KZG_OK) {
        fprintf(stderr, "load_trusted_setup_file(%s): %d: %s\n", argv[1], (int)r, gpucheck_ckzg_last_error());
        return 2;
    }
    Cell *cells = malloc(CELLS_PER_EXT_BLOB * sizeof *cells);
    KZGProof *proofs = malloc(CELLS_PER_EXT_BLOB * sizeof *proofs);
    if (!cells || !proofs) return 2;
    size_t bad = 0;
    size_t checked = 0;
    for (size_t i = 0; i < n_cases; i++) {
        if (!cases[i].bad && checked == max) continue; /* the threads take the rest */
        check_case(&cases[i], cells, proofs);
        if (i == 0) check_control(proofs);
        checked++, bad += (size_t)cases[i].bad;
    }
    check_arguments(&cases[0], cells, proofs);
    check_load_bytes(argv[1], &cases[0]);
    free(cells), free(proofs);
    printf("%zu cases (%zu rejected blobs), the NULL outputs, the setup from bytes: %d failures\n", checked, bad,
           failures);
    int nv = check_verify_cells(argv[4]);
    printf("verify_cell_kzg_proof_batch: %d batches and an empty one vs ckzg: %d failures\n", nv, failures);
    pthread_t tid[64];
    size_t started = 0;
    for (size_t t = 0; t < n_threads && t < 64; t++) 
        started += pthread_create(&tid[started], NULL, thread_main, (void *)t) == 0;
    for (size_t t = 0; t < started; t++) pthread_join(tid[t], NULL);
    printf("%zu threads at once on one KZGSettings: %d failures in all\n", started, failures);
    free_trusted_setup(&settings);
    for (size_t i = 0; i < n_cases; i++) free(cases[i].blob);
    return failures || started != n_threads ? 1 : 0;
}
