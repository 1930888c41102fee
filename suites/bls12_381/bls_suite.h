/* SPDX-License-Identifier: Apache-2.0 */
/* bls_suite.h — shared pieces of the bls12_381 suite: the two fields as the tests see
 * them (host reference through limb arrays), input generation, comparisons, and the
 * registration functions of each file. */
#ifndef GC_BLS_SUITE_H
#define GC_BLS_SUITE_H

#include <stddef.h>
#include <stdint.h>

/* The public API and the host build of the BLS12-381 code, in either order: gc_dialect.h
 * (through host.h) and gc_device.h agree on GC_ORDER_* / GC_SCOPE_* (see gc_device.h). */
#include "gpucheck/gc_harness.h"

#include "crypto/bls12_381/host.h"

#define BLS_N_OPS 9  /* suites/bls12_381/field_kernels.gc: GC_BLS_N_OPS */
#define BLS_N_LAWS 8 /* GC_BLS_N_LAWS */

typedef struct {
    const char *name;  /* "fp", "fr": also the kernels' prefix */
    size_t limbs;      /* 12, 8 */
    size_t bytes;      /* element and encoding size: 48, 32 */
    const char *modulus_hex;
    const uint32_t *modulus; /* little-endian limbs */
    const char *fault; /* mutants: the fault site to build the kernels with (GC_FAULT), or NULL */
    int ptx;           /* 1: build with GC_BLS_PTX=1 (the CUDA carry-chain product) */
    /* host build of the same functions (crypto/bls12_381), on limb arrays */
    void (*ops)(uint32_t *out, const uint32_t *a, const uint32_t *b); /* BLS_N_OPS results */
    void (*fib)(uint32_t *out2, const uint32_t *in2, uint32_t steps);
    int (*from_bytes)(uint32_t *r, const unsigned char *be);
    void (*to_bytes)(unsigned char *be, const uint32_t *a);
    int (*is_canonical)(const uint32_t *a);
} bls_field;

extern const bls_field bls_fp, bls_fr;

/** count elements of f: edge values first (when with_edges), then uniform ones, one in
 *  four made of 0 / 0xffffffff limbs (carry stress); all < m. */
void bls_random_elements(gc_test_ctx *ctx, const bls_field *f, uint32_t *out, size_t count, int with_edges);
/** A uniform scalar in Fr (Montgomery form). */
gc_fr bls_random_scalar(gc_test_ctx *ctx);
/** The same point with X, Y, Z scaled by a random non-zero factor (so Z != 1). */
void bls_rescale(gc_test_ctx *ctx, gc_g1p *p);
/** n points of G1 (a random walk over 8 random multiples of the generator, rescaled);
 *  out[0] is infinity and out[1] the generator when n > 2. */
void bls_random_points(gc_test_ctx *ctx, gc_g1p *out, size_t n);
/** n scaled by --scale, at least lo, a multiple of `multiple`. */
size_t bls_scaled(gc_test_ctx *ctx, size_t n, size_t lo, size_t multiple);
/** Read a whole device buffer into harness-owned host memory. */
gc_status bls_read(gc_test_ctx *ctx, gc_buffer *b, size_t bytes, void **out);
/** Build `src` with GC_FAULT=fault (a mutant, when non-NULL) and GC_BLS_PTX=1 (when ptx, else =0)
 *  and get kernel `name`. */
gc_status bls_kernel(gc_test_ctx *ctx, const char *src, const char *name, const char *fault, int ptx, gc_kernel **k);

/** An independent reference for the field ops test: the BLS_N_OPS results of each (a, b)
 *  in Montgomery form, computed without the code under test. NULL in the shipped library;
 *  a test build's gpucheck sets it to its GMP reference (tests/fixtures/bls12_381_gmp.c),
 *  so that GMP is linked only where it is used. */
typedef void (*bls_field_reference_fn)(const bls_field *f, uint32_t *out, const uint32_t *a, const uint32_t *b,
                                       size_t count);
extern bls_field_reference_fn bls_field_reference;
/** `requires` of the PTX fast-path variants: NULL on CUDA, else the reason to skip. */
const char *bls_requires_cuda(const gc_test *t, const gc_device_info *info);

/** Parameter of the G1 tests: which Montgomery product the kernels use. */
typedef struct {
    int ptx;
} bls_variant;
extern const bls_variant bls_portable, bls_ptx;

/* Element equality for gc_check_custom: got must be canonical (< modulus) and equal. */
int bls_eq_fp(const void *expected, const void *got, size_t size);
int bls_eq_fr(const void *expected, const void *got, size_t size);
/* Projective points computed by the same formulas: every coordinate canonical and equal. */
int bls_eq_g1p(const void *expected, const void *got, size_t size);

void bls_register_field_tests(void);
void bls_register_g1_tests(void);
void bls_register_fft_tests(void);
void bls_register_benchmarks(void);
void bls_register_pairing_tests(void);

#endif
