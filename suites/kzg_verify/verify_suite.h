/* SPDX-License-Identifier: Apache-2.0 */
/* verify_suite.h — shared pieces of the kzg_verify suite: the stages of verification
 * (variable-base MSM, batched G1 decoding) on the device against known answers made by
 * implementations that are not gpucheck's (py_ecc, py-arkworks-bls12381, ckzg). */
#ifndef GC_KZG_VERIFY_SUITE_H
#define GC_KZG_VERIFY_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_harness.h"

#include "crypto/bls12_381/host.h"
#include "crypto/kzg/msm/pippenger.h"
#include "crypto/kzg/verify/verifier.h"

#define KV_MSM_SRC "crypto/kzg/msm/pippenger.gc"
#define KV_DECODE_SRC "crypto/kzg/verify/g1_decode.gc"
#define KV_VERIFY_SRC "crypto/kzg/verify/verify.gc" /* the stage's kernels in one module */

/* One MSM known answer of msm_pippenger.txt, its inputs expanded. */
typedef struct {
    char name[48];
    size_t n;
    gc_g1a *points;     /* n, affine */
    uint32_t *scalars;  /* 8 n raw little-endian limbs */
    uint8_t result[48]; /* compressed */
} kv_msm_case;

/** $GPUCHECK_KZG_VECTORS, else the source tree's crypto/kzg/vectors. */
const char *kv_vectors_dir(void);
/** Every case of msm_pippenger.txt with min_n .. max_n terms (harness memory); the derived
 *  cases' points made on the host ([t] G, or [i + 1] G by additions). GC_ERR_NOT_FOUND
 *  after a skip when the file is absent, GC_ERR_PARSE when it is malformed. */
gc_status kv_load_msm_cases(gc_test_ctx *ctx, size_t min_n, size_t max_n, kv_msm_case **out, size_t *count);
/** The MSM module (with KZG_MUTANT=mutant when mutant > 0) and its kernels; the caller
 *  frees the kernels (kzg_pippenger_kernels_free) before it returns. */
gc_status kv_msm_kernels(gc_test_ctx *ctx, int mutant, kzg_pippenger_kernels *k);
/** Run the MSMs of cases[0 .. count) as one batch (chunk, c as kzg_pippenger_plan_create)
 *  and compress the results into out (48 B each). */
gc_status kv_msm_batch(gc_test_ctx *ctx, const kzg_pippenger_kernels *k, const kv_msm_case *cases, size_t count,
                       uint32_t chunk, unsigned c, uint8_t *out, double *device_ms);
/** kv_msm_batch of cases[0 .. count) in the default shape, its results checked against the
 *  cases' known answers under label. */
gc_status kv_check_msm_batch(gc_test_ctx *ctx, const kzg_pippenger_kernels *k, const kv_msm_case *cases, size_t count,
                             const char *label);

/** The built-in trusted setup (*setup to free with gc_kzg_setup_free); GC_OK, or the error
 *  reported to ctx. */
gc_status kv_default_setup(gc_test_ctx *ctx, gc_kzg_setup **setup);
/** The verification stage on the test's device from the built-in setup, its module built
 *  with KZG_MUTANT=mutant where mutant > 0; GC_OK, or the error reported to ctx. */
gc_status kv_verifier_create(gc_test_ctx *ctx, kzg_verifier *v, int mutant);

void kv_register_msm_tests(void);
void kv_register_decode_tests(void);
void kv_register_msm_benchmarks(void);
void kv_register_cell_batch_tests(void);
void kv_register_blob_batch_tests(void);
void kv_register_verify_cells_tests(void);
void kv_register_cell_columns_tests(void);

#endif
