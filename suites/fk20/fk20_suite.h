/* SPDX-License-Identifier: Apache-2.0 */
/* fk20_suite.h — shared pieces of the fk20 suite: the known answers (crypto/kzg/vectors,
 * made by ckzg and an independent py_ecc FK20 in tools/), a context per test, and the
 * registration functions of each file. */
#ifndef GC_FK20_SUITE_H
#define GC_FK20_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_harness.h"

#include "crypto/kzg/kzg_internal.h"

/* Every FK20 intermediate of blob random_0 for one cell size (fk20_stages_L<L>.txt). */
typedef struct {
    unsigned l, two_r;
    uint8_t *blob;            /* 131072 bytes (from ckzg_cells.txt, case random_0) */
    gc_fr *poly;              /* 4096 */
    gc_fr *circulant_fft;     /* L * 2r, [offset][j] */
    gc_g1p *x_ext_fft;        /* L * 2r, [offset][j] (the context's layout) */
    gc_g1p *u;                /* 2r */
    gc_g1p *v;                /* r */
    gc_g1p *proof_fft;        /* 2r */
    uint8_t *proofs;          /* 2r * 48: final order */
    uint8_t commitment[48];
    uint8_t cell_sha256[128][32]; /* L = 64 only (from ckzg_cells.txt); else unused */
} fk20_stage_vectors;

/** The directory of the known answers: $GPUCHECK_KZG_VECTORS, else the source tree's
 *  crypto/kzg/vectors (compiled in). */
const char *fk20_vectors_dir(void);
/** Load the stage vectors for cell size l into harness memory; GC_ERR_NOT_FOUND (the
 *  test then skips, naming the file) when the file is absent. x_ext_fft (L x 2r points,
 *  most of the file's decompression work) is decoded only when asked for; else its lines
 *  are counted and x_ext_fft is left zero. */
gc_status fk20_load_stage_vectors(gc_test_ctx *ctx, unsigned l, int with_x_ext_fft, fk20_stage_vectors *out);

/* One ckzg case of ckzg_cells.txt / ckzg_invalid.txt. */
typedef struct {
    char name[32];
    uint8_t *blob;            /* 131072 */
    uint8_t commitment[48];
    uint8_t proofs[128][48];
    uint8_t cell_sha256[128][32];
    int invalid;              /* from ckzg_invalid.txt: ckzg rejects it */
} fk20_ckzg_case;
/** Every case of ckzg_cells.txt then ckzg_invalid.txt (harness memory). */
gc_status fk20_load_ckzg_cases(gc_test_ctx *ctx, fk20_ckzg_case **out, size_t *n);

/* One EIP-7594 consensus vector of a whole blob
 * (<vectors>/eip7594/compute_cells_and_kzg_proofs/<name>.yaml). */
typedef struct {
    uint8_t *blob;             /* 131072 */
    int valid;                 /* the vector's output is not null (else ckzg rejects the blob) */
    uint8_t (*cells)[2048];    /* 128, valid only */
    uint8_t (*proofs)[48];     /* 128, valid only */
} fk20_consensus_case;
/** Load one (harness memory); GC_ERR_NOT_FOUND after gc_ctx_skip where the file is
 *  missing, GC_ERR_PARSE (ERROR) where it is malformed or its blob is not 131072 bytes. */
gc_status fk20_load_consensus_case(gc_test_ctx *ctx, const char *name, fk20_consensus_case *out);
/** The next '0x...' string of a consensus YAML text at or after *p: n bytes into out;
 *  *p moves past it. 0 when there is none, or it is not exactly 2n hex digits. */
int fk20_yaml_hex(const char **p, uint8_t *out, size_t n);

/* What a test owns beyond harness memory: every fk20 test's state starts with it, and
 * fk20_teardown (the tests' teardown) frees it. */
typedef struct {
    gc_kzg_setup *setup;
    gc_kzg_ctx *kc;
} fk20_owned;

/** o->kc: a context on the test's device for cell size l (comb teeth from
 *  `--param fk20.comb_teeth`, else the library's default; the G1 convolution's batch
 *  limit from `--param fk20.g1_conv_max_batch`, 0 for never, else g1_conv_default, the
 *  option's value: 0 for the library's default), room for `batch` blobs, with the stage
 *  test's hooks (NULL: none; the library's own precomputation). */
gc_status fk20_ctx(gc_test_ctx *ctx, fk20_owned *o, unsigned l, size_t batch, unsigned g1_conv_default,
                   const kzg_ctx_overrides *hooks);
void fk20_teardown(gc_test_ctx *ctx);

/** Record a failed library call (its name, result and the device's message) as the
 *  test's ERROR; returns the device status behind it. */
gc_status fk20_kzg_error(gc_test_ctx *ctx, gc_kzg_ctx *kc, gc_kzg_ret r, const char *what);

/* The --param names of the team sites, in kzg_team_site's order (fk20.g1_team, ...). */
extern const char *const fk20_team_params[KZG_TEAM_SITES];

/** SHA-256 of each cell of a blob's cell bytes (n_cells cells of cell_bytes). */
void fk20_cell_digests(uint8_t (*out)[32], const uint8_t *cells, size_t n_cells, size_t cell_bytes);
/** Checks (gc_check_bytes, `label`) the SHA-256 of each of the 128 cells (2048 bytes, L = 64)
 *  of n_blobs blobs against the same 128 digests `want` for every blob. */
gc_status fk20_check_cell_digests(gc_test_ctx *ctx, const char *label, const uint8_t *cells, size_t n_blobs,
                                  const uint8_t (*want)[32]);

/* Comparisons for gc_check_custom: canonical and equal (Fr), the same point (G1). */
int fk20_eq_fr(const void *expected, const void *got, size_t size);
int fk20_eq_g1p(const void *expected, const void *got, size_t size);

void fk20_register_stage_tests(void);
void fk20_register_e2e_tests(void);
void fk20_register_benchmarks(void);
void fk20_register_pool_tests(void);
void fk20_register_pool_benchmarks(void);

#endif
