/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_api_check.c — compute_kzg_proof, compute_blob_kzg_proof and
 * recover_cells_and_kzg_proofs of c-kzg-4844's interface (ckzg.h only, built as a client
 * builds it, beside ckzg_check.c) against PyPI ckzg 2.1.8's stored answers
 * (crypto/kzg/vectors/<call>/cases.txt, tools/gen_kzg_api_vectors.py).
 *
 * usage: ckzg_api_check SETUP VECTORS_DIR MAX_ACCEPTED MAX_RECOVER
 * Every rejected case of each call; the first MAX_ACCEPTED accepted cases of each EIP-4844
 * call; the first MAX_RECOVER accepted recovery cases with proofs (FK20: seconds a blob on
 * a CPU device) and one more with recovered_proofs NULL (cells only). Outputs are poisoned first; a
 * rejected call must return C_KZG_BADARGS and leave them as they were. Control: each
 * call's answer compared with another case's expected answer must differ.
 * Exit 0: every answer matched; 1: a mismatch or a wrong return code (each printed);
 * 2: usage or unreadable input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckzg.h"
#include "device/sha256.h"

#define POISON 0xa5
#define MAX_E4_CASES 32

static KZGSettings settings;
static int failures, checks;

static void fail(const char *call, const char *name, const char *what) {
    printf("FAIL %s %s: %s\n", call, name, what);
    failures++;
}

static int nibble(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Exactly 2n hex digits (optional 0x), ended by NUL, a space or a newline. */
static int hex_to_bytes(const char *hex, uint8_t *out, size_t n) {
    if (!strncmp(hex, "0x", 2)) hex += 2;
    for (size_t i = 0; i < n; i++) {
        int hi = nibble(hex[2 * i]), lo = hi < 0 ? -1 : nibble(hex[2 * i + 1]);
        if (lo < 0) return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    char end = hex[2 * n];
    return end == '\0' || end == '\n' || end == ' ';
}

static int poisoned(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != POISON) return 0;
    return 1;
}

/* Element i of a seeded blob: SHA-256(seed || i as 4 big-endian bytes), top two bits
 * cleared; "zero" is the zero blob (the generator's definition). */
static void seeded_blob(Blob *blob, const char *seed) {
    memset(blob, 0, sizeof *blob);
    if (!strcmp(seed, "zero")) return;
    size_t len = strlen(seed);
    uint8_t msg[80];
    memcpy(msg, seed, len);
    for (uint32_t i = 0; i < FIELD_ELEMENTS_PER_BLOB; i++) {
        for (int b = 0; b < 4; b++) msg[len + b] = (uint8_t)(i >> (24 - 8 * b));
        gc_sha256_digest(msg, len + 4, blob->bytes + 32 * i);
        blob->bytes[32 * i] &= 0x3f;
    }
}

typedef struct {
    char name[64];
    Blob *blob;
    uint8_t arg[48]; /* z (32 bytes) or the commitment (48) */
    int ok;          /* 1: an answer, 0: c-kzg's error, -1: unread */
    uint8_t proof[48], y[32];
} e4case;

/* `case NAME SEED ARG`, `set I HEX`, `expect error | expect ok PROOF [Y]` lines. */
static size_t read_e4(const char *path, e4case *cs, size_t arg_bytes) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[512], seed[64], hex[200], p[200], y[200];
    size_t n = 0, i;
    e4case *c = NULL;
    while (fgets(line, sizeof line, f)) {
        if (n < MAX_E4_CASES && sscanf(line, "case %63s %63s %199s", cs[n].name, seed, hex) == 3) {
            c = &cs[n++];
            c->blob = malloc(sizeof *c->blob);
            if (!c->blob) break;
            seeded_blob(c->blob, seed);
            c->ok = hex_to_bytes(hex, c->arg, arg_bytes) ? -1 : -2;
        } else if (c && sscanf(line, "set %zu %199s", &i, hex) == 2 && i < FIELD_ELEMENTS_PER_BLOB) {
            if (!hex_to_bytes(hex, c->blob->bytes + 32 * i, 32)) c->ok = -2;
        } else if (c && !strncmp(line, "expect error", 12)) {
            c->ok = c->ok == -1 ? 0 : -2;
        } else if (c && sscanf(line, "expect ok %199s %199s", p, y) >= 1) {
            int good = hex_to_bytes(p, c->proof, 48) && (arg_bytes != 32 || hex_to_bytes(y, c->y, 32));
            c->ok = c->ok == -1 && good ? 1 : -2;
        }
    }
    fclose(f);
    for (i = 0; i < n; i++)
        if (cs[i].ok < 0 || !cs[i].blob) return 0;
    return n;
}

static void check_e4_result(const char *call, const e4case *c, const e4case *other, C_KZG_RET r, const uint8_t *proof,
                            const uint8_t *y) {
    checks++;
    if (!c->ok) {
        if (r != C_KZG_BADARGS) fail(call, c->name, "c-kzg rejects this input: want C_KZG_BADARGS");
        else if (!poisoned(proof, 48) || (y && !poisoned(y, 32))) fail(call, c->name, "a rejected call wrote its output");
        return;
    }
    if (r != C_KZG_OK) return fail(call, c->name, gpucheck_ckzg_last_error());
    if (memcmp(proof, c->proof, 48) || (y && memcmp(y, c->y, 32))) return fail(call, c->name, "not ckzg's answer");
    /* Control: the same bytes against another accepted case's answer must differ. */
    if (other && other->ok == 1 && !memcmp(other->proof, c->proof, 48)) return;
    if (other && other->ok == 1 && !memcmp(proof, other->proof, 48)) fail(call, c->name, "control: matches another case");
}

static int check_eip4844(const char *dir, size_t max_ok) {
    static e4case kp[MAX_E4_CASES], bp[MAX_E4_CASES];
    char path[1024];
    snprintf(path, sizeof path, "%s/compute_kzg_proof/cases.txt", dir);
    size_t nk = read_e4(path, kp, 32);
    snprintf(path, sizeof path, "%s/compute_blob_kzg_proof/cases.txt", dir);
    size_t nb = read_e4(path, bp, 48);
    if (!nk || !nb) return fprintf(stderr, "cannot read the EIP-4844 vectors in %s\n", dir), 0;
    for (size_t i = 0, ok = 0; i < nk; i++) {
        if (kp[i].ok && ok++ >= max_ok) continue;
        KZGProof proof;
        Bytes32 z, y;
        memset(&proof, POISON, sizeof proof);
        memset(&y, POISON, sizeof y);
        memcpy(z.bytes, kp[i].arg, 32);
        C_KZG_RET r = compute_kzg_proof(&proof, &y, kp[i].blob, &z, &settings);
        check_e4_result("compute_kzg_proof", &kp[i], &kp[(i + 1) % nk], r, proof.bytes, y.bytes);
    }
    for (size_t i = 0, ok = 0; i < nb; i++) {
        if (bp[i].ok && ok++ >= max_ok) continue;
        KZGProof proof;
        Bytes48 commitment;
        memset(&proof, POISON, sizeof proof);
        memcpy(commitment.bytes, bp[i].arg, 48);
        C_KZG_RET r = compute_blob_kzg_proof(&proof, bp[i].blob, &commitment, &settings);
        check_e4_result("compute_blob_kzg_proof", &bp[i], &bp[(i + 1) % nb], r, proof.bytes, NULL);
    }
    KZGProof proof;
    Bytes32 z = {{0}}, y;
    KZGSettings unloaded = {0};
    checks += 4;
    if (compute_kzg_proof(NULL, &y, kp[0].blob, &z, &settings) != C_KZG_BADARGS)
        fail("compute_kzg_proof", "null_proof", "want C_KZG_BADARGS");
    if (compute_kzg_proof(&proof, &y, kp[0].blob, &z, &unloaded) != C_KZG_BADARGS)
        fail("compute_kzg_proof", "unloaded_settings", "want C_KZG_BADARGS");
    if (compute_blob_kzg_proof(&proof, bp[0].blob, NULL, &settings) != C_KZG_BADARGS)
        fail("compute_blob_kzg_proof", "null_commitment", "want C_KZG_BADARGS");
    if (compute_blob_kzg_proof(&proof, NULL, (const Bytes48 *)bp[0].arg, NULL) != C_KZG_BADARGS)
        fail("compute_blob_kzg_proof", "null_settings", "want C_KZG_BADARGS");
    for (size_t i = 0; i < nk; i++) free(kp[i].blob);
    for (size_t i = 0; i < nb; i++) free(bp[i].blob);
    return 1;
}

/* ---- recovery ------------------------------------------------------------------------- */
typedef struct {
    char name[64];
    uint64_t indices[CELLS_PER_EXT_BLOB + 8];
    size_t n;
    Cell *cells;
    int ok;
    uint8_t cells_sha[32], proofs_sha[32], proof0[48];
} rcase;

static void seeded_cells(rcase *c, const char *seed) {
    size_t len = strlen(seed);
    uint8_t msg[80];
    memcpy(msg, seed, len);
    for (uint32_t k = 0; k < c->n; k++)
        for (uint32_t j = 0; j < FIELD_ELEMENTS_PER_CELL; j++) {
            for (int b = 0; b < 4; b++) msg[len + b] = (uint8_t)(k >> (24 - 8 * b));
            for (int b = 0; b < 4; b++) msg[len + 4 + b] = (uint8_t)(j >> (24 - 8 * b));
            uint8_t *e = c->cells[k].bytes + 32 * j;
            gc_sha256_digest(msg, len + 8, e);
            e[0] &= 0x3f;
        }
}

static int parse_indices(rcase *c, char *list) {
    size_t k = 0;
    if (strcmp(list, "-"))
        for (char *t = strtok(list, ","); t; t = strtok(NULL, ","))
            if (k < CELLS_PER_EXT_BLOB + 8) c->indices[k++] = strtoull(t, NULL, 10);
    return k == c->n;
}

/* One case from its `case` line to its `expect` line; 0 at the end of the file or on a
 * malformed case (*bad set). */
static int read_rcase(FILE *f, char *line, size_t cap, rcase *c, int *bad) {
    char seed[64], a[200], b[200], p[200];
    size_t stored = 0, k, j;
    memset(c, 0, sizeof *c);
    c->ok = -1;
    while (fgets(line, (int)cap, f) && strncmp(line, "case ", 5)) {}
    if (feof(f) && strncmp(line, "case ", 5)) return 0;
    if (sscanf(line, "case %63s %zu %63s", c->name, &c->n, seed) != 3 || c->n > CELLS_PER_EXT_BLOB + 8) goto malformed;
    c->cells = calloc(c->n ? c->n : 1, sizeof *c->cells);
    if (!c->cells) goto malformed;
    if (strcmp(seed, "-")) seeded_cells(c, seed);
    while (fgets(line, (int)cap, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!strncmp(line, "indices ", 8)) {
            if (!parse_indices(c, line + 8)) goto malformed;
        } else if (!strncmp(line, "cell ", 5)) {
            if (stored >= c->n || !hex_to_bytes(line + 5, c->cells[stored++].bytes, BYTES_PER_CELL)) goto malformed;
        } else if (sscanf(line, "set %zu %zu %199s", &k, &j, a) == 3) {
            if (k >= c->n || j >= FIELD_ELEMENTS_PER_CELL || !hex_to_bytes(a, c->cells[k].bytes + 32 * j, 32))
                goto malformed;
        } else if (!strcmp(line, "expect error")) {
            c->ok = 0;
            return 1;
        } else if (sscanf(line, "expect ok %199s %199s %199s", a, b, p) == 3) {
            c->ok = hex_to_bytes(a, c->cells_sha, 32) && hex_to_bytes(b, c->proofs_sha, 32) &&
                    hex_to_bytes(p, c->proof0, 48);
            if (!c->ok) goto malformed;
            return 1;
        }
    }
malformed:
    *bad = 1;
    return 0;
}

static void check_recovery(const rcase *c, int with_proofs, Cell *cells, KZGProof *proofs) {
    const char *call = "recover_cells_and_kzg_proofs";
    memset(cells, POISON, CELLS_PER_EXT_BLOB * sizeof *cells);
    memset(proofs, POISON, CELLS_PER_EXT_BLOB * sizeof *proofs);
    C_KZG_RET r = recover_cells_and_kzg_proofs(cells, with_proofs ? proofs : NULL, c->indices, c->cells, c->n,
                                               &settings);
    checks++;
    if (!c->ok) {
        if (r != C_KZG_BADARGS) fail(call, c->name, "c-kzg rejects this input: want C_KZG_BADARGS");
        else if (!poisoned(cells->bytes, CELLS_PER_EXT_BLOB * sizeof *cells)) fail(call, c->name, "wrote its cells");
        return;
    }
    if (r != C_KZG_OK) return fail(call, c->name, gpucheck_ckzg_last_error());
    uint8_t sha[32];
    gc_sha256_digest(cells->bytes, CELLS_PER_EXT_BLOB * sizeof *cells, sha);
    if (memcmp(sha, c->cells_sha, 32)) fail(call, c->name, "the cells are not ckzg's");
    if (!with_proofs) {
        if (!poisoned(proofs->bytes, CELLS_PER_EXT_BLOB * sizeof *proofs)) fail(call, c->name, "NULL proofs: wrote some");
        return;
    }
    gc_sha256_digest(proofs->bytes, CELLS_PER_EXT_BLOB * sizeof *proofs, sha);
    if (memcmp(sha, c->proofs_sha, 32) || memcmp(proofs[0].bytes, c->proof0, 48))
        fail(call, c->name, "the proofs are not ckzg's");
    /* Control: a mangled expected digest must not match what was computed. */
    uint8_t mangled[32];
    memcpy(mangled, c->proofs_sha, 32);
    mangled[31] ^= 1;
    if (!memcmp(sha, mangled, 32)) fail(call, c->name, "control: a mangled answer matched");
}

static int check_recover(const char *dir, size_t max_ok) {
    char path[1024];
    snprintf(path, sizeof path, "%s/recover_cells_and_kzg_proofs/cases.txt", dir);
    FILE *f = fopen(path, "r");
    size_t cap = 2 * BYTES_PER_CELL + 64;
    char *line = malloc(cap);
    Cell *cells = malloc(CELLS_PER_EXT_BLOB * sizeof *cells);
    KZGProof *proofs = malloc(CELLS_PER_EXT_BLOB * sizeof *proofs);
    int bad = !f || !line || !cells || !proofs;
    size_t n_ok = 0, n_err = 0, n_cells_only = 0;
    rcase c;
    while (!bad && read_rcase(f, line, cap, &c, &bad)) {
        if (!c.ok) {
            check_recovery(&c, 1, cells, proofs);
            n_err++;
        } else if (n_ok < max_ok) {
            check_recovery(&c, 1, cells, proofs);
            n_ok++;
        } else if (!n_cells_only) {
            check_recovery(&c, 0, cells, proofs);
            n_cells_only++;
        }
        free(c.cells);
    }
    if (!bad && n_ok) { /* c-kzg's argument checks: too few cells, NULL output */
        checks += 2;
        if (recover_cells_and_kzg_proofs(cells, proofs, c.indices, cells, 0, &settings) != C_KZG_BADARGS)
            fail("recover_cells_and_kzg_proofs", "zero_cells", "want C_KZG_BADARGS");
        uint64_t idx[CELLS_PER_EXT_BLOB];
        for (int i = 0; i < CELLS_PER_EXT_BLOB; i++) idx[i] = (uint64_t)i;
        if (recover_cells_and_kzg_proofs(NULL, proofs, idx, cells, CELLS_PER_EXT_BLOB, &settings) != C_KZG_BADARGS)
            fail("recover_cells_and_kzg_proofs", "null_output", "want C_KZG_BADARGS");
    }
    if (f) fclose(f);
    free(line);
    free(cells);
    free(proofs);
    if (bad || !n_err || !n_ok) return fprintf(stderr, "cannot read the recovery vectors %s\n", path), 0;
    printf("recover_cells_and_kzg_proofs: %zu accepted with proofs, %zu cells only, %zu rejected\n", n_ok,
           n_cells_only, n_err);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 5 || atoi(argv[3]) < 1 || atoi(argv[4]) < 1) {
        fprintf(stderr, "usage: %s SETUP VECTORS_DIR MAX_ACCEPTED MAX_RECOVER\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    C_KZG_RET r = f ? load_trusted_setup_file(&settings, f, 0) : C_KZG_BADARGS;
    if (f) fclose(f);
    if (r != C_KZG_OK) {
        fprintf(stderr, "load_trusted_setup_file(%s): %d: %s\n", argv[1], (int)r, gpucheck_ckzg_last_error());
        return 2;
    }
    int read = check_eip4844(argv[2], (size_t)atoi(argv[3])) && check_recover(argv[2], (size_t)atoi(argv[4]));
    free_trusted_setup(&settings);
    if (!read) return 2;
    printf("%s: %d checks, %d failures\n", failures ? "FAIL" : "ok", checks, failures);
    return failures ? 1 : 0;
}
