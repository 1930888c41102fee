/* SPDX-License-Identifier: Apache-2.0 */
/* field_tests.c — Fp and Fr on the device: every operation on edge and random values
 * against the host build of the same code and against an independent reference (GMP, in
 * a test build), algebraic laws, Fibonacci chains, and the canonical byte encoding with
 * its rejections. A test build (GC_BUILD_TESTS) adds the mutants of suite
 * `mutant_bls12_381`: the ops test on kernels built with a fault site of
 * crypto/bls12_381/field.gc switched on, expected to FAIL (gc_test.expect). */
#include <stdio.h>
#include <string.h>

#include "suites/bls12_381/bls_suite.h"

#define SRC "suites/bls12_381/field_kernels.gc"

static gc_eq_fn field_eq(const bls_field *f) { return f->limbs == GC_FP_LIMBS ? bls_eq_fp : bls_eq_fr; }

static gc_status field_kernel(gc_test_ctx *ctx, const bls_field *f, const char *what, int ptx, gc_kernel **k) {
    char name[32];
    snprintf(name, sizeof name, "gc_%s_%s", f->name, what); /* field.gc: F##_what */
    return bls_kernel(ctx, SRC, name, f->fault, ptx, k);
}

bls_field_reference_fn bls_field_reference;

/* ---- every operation, against the host build and the reference ---- */
static gc_status ops_run(gc_test_ctx *ctx) {
    const bls_field *f = gc_ctx_test(ctx)->param;
    size_t n = bls_scaled(ctx, 2048, 64, 64), eb = f->bytes;
    uint32_t *a = gc_ctx_malloc(ctx, n * eb), *b = gc_ctx_malloc(ctx, n * eb);
    uint32_t *want = gc_ctx_malloc(ctx, n * BLS_N_OPS * eb);
    if (!a || !b || !want) return GC_ERR_NO_MEMORY;
    /* edges against edges: a walks the edge list, b walks it shifted */
    bls_random_elements(ctx, f, a, n, 1);
    bls_random_elements(ctx, f, b, n, 0);
    for (size_t i = 0; i < 10 && i + 10 < n; i++) memcpy(b + i * f->limbs, a + ((i * 3) % 10) * f->limbs, eb);
    for (size_t i = 0; i < n; i++) f->ops(want + i * BLS_N_OPS * f->limbs, a + i * f->limbs, b + i * f->limbs);
    gc_buffer *da, *db, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * eb, a, &da)) || (st = gc_ctx_alloc_input(ctx, n * eb, b, &db)) ||
        (st = gc_ctx_alloc_output(ctx, n * BLS_N_OPS * eb, &out)) || (st = field_kernel(ctx, f, "ops", f->ptx, &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(da), GC_ARG_BUF(db), GC_ARG_VAL(n32)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    double ms = 0;
    if ((st = gc_kernel_launch(k, &r, args, 4, &ms))) return st;
    void *got;
    if ((st = bls_read(ctx, out, n * BLS_N_OPS * eb, &got))) return st;
    gc_check_custom(ctx, "device vs host build (add sub mul sqr neg dbl mul12 inv mul_add)", want, got, n * BLS_N_OPS, eb,
                    field_eq(f), NULL);
    if (f->ptx && !f->fault) { /* the fast path against the portable path, both on the device */
        gc_kernel *kp;
        gc_buffer *outp;
        if ((st = field_kernel(ctx, f, "ops", 0, &kp)) ||
            (st = gc_ctx_alloc_output(ctx, n * BLS_N_OPS * eb, &outp)) || (st = gc_ctx_poison_outputs(ctx)))
            return st;
        args[0] = GC_ARG_BUF(outp);
        void *gotp;
        if ((st = gc_kernel_launch(kp, &r, args, 4, NULL)) || (st = bls_read(ctx, outp, n * BLS_N_OPS * eb, &gotp)))
            return st;
        gc_check_custom(ctx, "PTX path vs portable path, both on the device", gotp, got, n * BLS_N_OPS, eb,
                        field_eq(f), NULL);
    }
    if (bls_field_reference) {
        bls_field_reference(f, want, a, b, n);
        gc_check_custom(ctx, "device vs GMP", want, got, n * BLS_N_OPS, eb, field_eq(f), NULL);
    } else {
        gc_ctx_note(ctx, "no GMP in this build: the device is compared with the host build, which "
                         "tests/test_bls12_381_field compares with GMP");
    }
    gc_ctx_figure(ctx, "elements", (double)n, "");
    gc_ctx_figure(ctx, "kernel_ms", ms, "ms");
    return GC_OK;
}

/* ---- laws: device against itself ---- */
static gc_status laws_run(gc_test_ctx *ctx) {
    const bls_field *f = gc_ctx_test(ctx)->param;
    size_t n = bls_scaled(ctx, 2048, 64, 64), eb = f->bytes;
    uint32_t *in = gc_ctx_malloc(ctx, 3 * n * eb);
    if (!in) return GC_ERR_NO_MEMORY;
    bls_random_elements(ctx, f, in, 3 * n, 1);
    gc_buffer *din, *lhs, *rhs;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, 3 * n * eb, in, &din)) ||
        (st = gc_ctx_alloc_output(ctx, n * BLS_N_LAWS * eb, &lhs)) ||
        (st = gc_ctx_alloc_output(ctx, n * BLS_N_LAWS * eb, &rhs)) || (st = field_kernel(ctx, f, "laws", f->ptx, &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(lhs), GC_ARG_BUF(rhs), GC_ARG_BUF(din), GC_ARG_VAL(n32)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 4, NULL))) return st;
    void *l, *rr;
    if ((st = bls_read(ctx, lhs, n * BLS_N_LAWS * eb, &l)) || (st = bls_read(ctx, rhs, n * BLS_N_LAWS * eb, &rr)))
        return st;
    gc_check_custom(ctx, "laws: ab=ba, (ab)c=a(bc), a(b+c)=ab+ac, (a+b)+c=a+(b+c), a/a=1, (a-b)+b=a, "
                         "(a+b)^2=a^2+2ab+b^2, 12a=a*12",
                    l, rr, n * BLS_N_LAWS, eb, field_eq(f), NULL);
    return GC_OK;
}

/* ---- Fibonacci chains ---- */
static gc_status fib_run(gc_test_ctx *ctx) {
    const bls_field *f = gc_ctx_test(ctx)->param;
    size_t n = bls_scaled(ctx, 256, 64, 64), eb = f->bytes;
    uint32_t steps = 1000;
    uint32_t *in = gc_ctx_malloc(ctx, 2 * n * eb), *want = gc_ctx_malloc(ctx, 2 * n * eb);
    if (!in || !want) return GC_ERR_NO_MEMORY;
    bls_random_elements(ctx, f, in, 2 * n, 1);
    for (size_t i = 0; i < n; i++) f->fib(want + 2 * i * f->limbs, in + 2 * i * f->limbs, steps);
    gc_buffer *din, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, 2 * n * eb, in, &din)) || (st = gc_ctx_alloc_output(ctx, 2 * n * eb, &out)) ||
        (st = field_kernel(ctx, f, "fib", f->ptx, &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(din), GC_ARG_VAL(n32), GC_ARG_VAL(steps)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 4, NULL))) return st;
    void *got;
    if ((st = bls_read(ctx, out, 2 * n * eb, &got))) return st;
    gc_check_custom(ctx, "1000-step additive and multiplicative Fibonacci chains vs host", want, got, 2 * n, eb,
                    field_eq(f), NULL);
    return GC_OK;
}

/* ---- canonical bytes: acceptance, value and re-encoding ---- */
static gc_status bytes_run(gc_test_ctx *ctx) {
    const bls_field *f = gc_ctx_test(ctx)->param;
    size_t n = bls_scaled(ctx, 1024, 64, 64), eb = f->bytes;
    unsigned char *enc = gc_ctx_malloc(ctx, n * eb), *want_reenc = gc_ctx_malloc(ctx, n * eb);
    unsigned char *mod_be = gc_ctx_malloc(ctx, eb);
    uint32_t *want_elem = gc_ctx_malloc(ctx, n * eb), *want_ok = gc_ctx_malloc(ctx, n * 4);
    uint32_t *want_ok_indep = gc_ctx_malloc(ctx, n * 4), *tmp = gc_ctx_malloc(ctx, eb);
    if (!enc || !want_reenc || !mod_be || !want_elem || !want_ok || !want_ok_indep || !tmp) return GC_ERR_NO_MEMORY;
    gc_bls_hex_decode(mod_be + eb - (strlen(f->modulus_hex) + 1) / 2, (strlen(f->modulus_hex) + 1) / 2,
                      f->modulus_hex);
    for (size_t i = 0; i < n; i++) {
        unsigned char *e = enc + i * eb;
        unsigned kind = (unsigned)(i % 8);
        if (kind < 4) { /* a canonical value (random bytes below m) */
            do gc_ctx_rand_bytes(ctx, e, eb);
            while (memcmp(e, mod_be, eb) >= 0);
        } else if (kind == 4) { /* m + small: must be rejected */
            memcpy(e, mod_be, eb);
            e[eb - 1] = (unsigned char)(e[eb - 1] + (i / 8) % 3); /* m, m+1, m+2 (low byte of m has room) */
        } else if (kind == 5) { /* all bytes 0xff */
            memset(e, 0xff, eb);
        } else if (kind == 6) { /* random above m */
            do gc_ctx_rand_bytes(ctx, e, eb);
            while (memcmp(e, mod_be, eb) < 0);
        } else { /* m - 1 and 0 */
            memcpy(e, mod_be, eb);
            if ((i / 8) % 2) e[eb - 1] -= 1;
            else memset(e, 0, eb);
        }
        /* independent of the code under test: big-endian comparison with m */
        want_ok_indep[i] = memcmp(e, mod_be, eb) < 0;
        want_ok[i] = (uint32_t)f->from_bytes(tmp, e);
        memcpy(want_elem + i * f->limbs, tmp, eb);
        f->to_bytes(want_reenc + i * eb, tmp);
    }
    gc_buffer *denc, *elem, *reenc, *ok;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * eb, enc, &denc)) || (st = gc_ctx_alloc_output(ctx, n * eb, &elem)) ||
        (st = gc_ctx_alloc_output(ctx, n * eb, &reenc)) || (st = gc_ctx_alloc_output(ctx, n * 4, &ok)) ||
        (st = field_kernel(ctx, f, "bytes", f->ptx, &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(elem), GC_ARG_BUF(reenc), GC_ARG_BUF(ok), GC_ARG_BUF(denc), GC_ARG_VAL(n32)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 5, NULL))) return st;
    void *g_elem, *g_reenc, *g_ok;
    if ((st = bls_read(ctx, elem, n * eb, &g_elem)) || (st = bls_read(ctx, reenc, n * eb, &g_reenc)) ||
        (st = bls_read(ctx, ok, n * 4, &g_ok)))
        return st;
    gc_check_u32(ctx, "accepted iff < modulus (independent big-endian comparison)", want_ok_indep, g_ok, n);
    gc_check_u32(ctx, "accepted vs host", want_ok, g_ok, n);
    gc_check_custom(ctx, "decoded element vs host (0 when rejected)", want_elem, g_elem, n, eb, field_eq(f), NULL);
    gc_check_custom(ctx, "re-encoding vs host", want_reenc, g_reenc, n, eb, NULL, NULL);
    /* for accepted encodings the re-encoding is the input itself */
    size_t accepted = 0;
    for (size_t i = 0; i < n; i++) accepted += want_ok_indep[i];
    unsigned char *acc_in = gc_ctx_malloc(ctx, accepted * eb + 1), *acc_out = gc_ctx_malloc(ctx, accepted * eb + 1);
    if (!acc_in || !acc_out) return GC_ERR_NO_MEMORY;
    for (size_t i = 0, j = 0; i < n; i++)
        if (want_ok_indep[i]) {
            memcpy(acc_in + j * eb, enc + i * eb, eb);
            memcpy(acc_out + j * eb, (unsigned char *)g_reenc + i * eb, eb);
            j++;
        }
    gc_check_custom(ctx, "round trip of canonical encodings", acc_in, acc_out, accepted, eb, NULL, NULL);
    return GC_OK;
}

void bls_register_field_tests(void) {
    static bls_field fields[2][2]; /* [ptx][fp, fr] */
    static char names[2][2][4][32], descs[2][2][4][128];
    static const char *const what[4] = {"ops", "laws", "fib", "bytes"};
    static const char *const about[4] = {
        "add sub mul sqr neg dbl mul12 inv mul_add on edges and random values vs host build and GMP",
        "commutativity, associativity, distributivity, inverse and more, device vs itself",
        "1000-step additive and multiplicative Fibonacci chains vs host build",
        "canonical big-endian decoding (rejects >= modulus) and re-encoding"};
    gc_status (*const runs[4])(gc_test_ctx *) = {ops_run, laws_run, fib_run, bytes_run};
    for (int ptx = 0; ptx < 2; ptx++)
        for (int fi = 0; fi < 2; fi++) {
            fields[ptx][fi] = fi ? bls_fr : bls_fp;
            fields[ptx][fi].ptx = ptx;
            for (int w = 0; w < 4; w++) {
                if (ptx && w == 3) continue; /* decoding has one product: the plain tests cover it */
                const char *fname = fields[ptx][fi].name;
                snprintf(names[ptx][fi][w], sizeof names[ptx][fi][w], "%s.%s%s", fname, what[w], ptx ? "_ptx" : "");
                snprintf(descs[ptx][fi][w], sizeof descs[ptx][fi][w], "%s%s: %s", fname,
                         ptx ? " (PTX carry chains, also vs the portable path)" : "", about[w]);
                gc_test t = {.suite = "bls12_381", .name = names[ptx][fi][w], .tags = "bls12_381,field",
                             .description = descs[ptx][fi][w], .budget_s = 120, .min_checks = 64,
                             .param = &fields[ptx][fi], .requires = ptx ? bls_requires_cuda : NULL,
                             .run = runs[w]};
                gc_test_register(&t);
            }
        }
#if GC_BUILD_TESTS
    /* Mutants: the same ops test on a build with an injected bug must FAIL (the PTX ones
     * run on CUDA only, where the modular addition has its own carry chain too; the
     * dedicated square, the fused a b + c d and the small multiples' ladder exist only with
     * the chains, the latter two for Fp only). */
    static const char *const mutant_names[7] = {"no_final_subtraction", "add_carry", "mul_carry", "sqr_carry",
                                                "inv_sign", "mul_add_carry", "mul_small_step"};
    static const char *const faults[7] = {"GC_BLS_FAULT_NO_FINAL_SUB", "GC_BLS_FAULT_ADD_CARRY",
                                          "GC_BLS_FAULT_MUL_CARRY", "GC_BLS_FAULT_SQR_CARRY", "GC_BLS_FAULT_INV_SIGN",
                                          "GC_BLS_FAULT_MUL_ADD_CARRY", "GC_BLS_FAULT_MUL_SMALL_STEP"};
    static bls_field mutants[7][2][2];
    static char mnames[7][2][2][64];
    for (int m = 0; m < 7; m++)
        for (int ptx = 0; ptx < 2; ptx++)
            for (int fi = 0; fi < 2; fi++) {
                if (!ptx && m == 3) continue; /* the portable path squares with its product */
                if (ptx && m == 4) continue;  /* the inversion has one path */
                if ((!ptx || fi) && (m == 5 || m == 6)) continue; /* a b + c d, the ladder: Fp's chains only */
                mutants[m][ptx][fi] = fi ? bls_fr : bls_fp;
                mutants[m][ptx][fi].fault = faults[m];
                mutants[m][ptx][fi].ptx = ptx;
                snprintf(mnames[m][ptx][fi], sizeof mnames[m][ptx][fi], "%s.%s_ops%s", mutant_names[m],
                         fi ? "fr" : "fp", ptx ? "_ptx" : "");
                gc_test t = {.suite = "mutant_bls12_381", .name = mnames[m][ptx][fi],
                             .tags = "bls12_381,field,mutant",
                             .description = "mutant: the ops test on field code built with a fault site on",
                             .budget_s = 120, .min_checks = 64, .expect = GC_FAIL,
                             .param = &mutants[m][ptx][fi], .requires = ptx ? bls_requires_cuda : NULL,
                             .run = ops_run};
                gc_test_register(&t);
            }
#endif
}
