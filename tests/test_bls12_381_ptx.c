/* SPDX-License-Identifier: Apache-2.0 */
/* test_bls12_381_ptx.c — the CUDA fast path (GC_BLS_PTX=1, the default under CUDA)
 * compiles with NVRTC and is what the PTX runs: a kernel with one Fp and one Fr product and
 * one Fp and one Fr square, compiled to PTX with GC_BLS_PTX=1, with no define and with
 * GC_BLS_PTX=0, must show the mad.lo.cc / madc.hi.cc carry chains in the first two (4 n^2
 * multiply-adds per product: 576 + 256; per square n (n + 1) for its rows, which skip their
 * leading zeros, and 2 n^2 for the reduction: 444 + 200) and none in the portable build; and,
 * with an Fp and an Fr addition and subtraction beside them, one sub.cc chain per final
 * subtraction and per subtraction. Runs without a GPU (CI has NVRTC); the values are
 * checked on the device by the bls12_381 suite's *_ptx tests.
 * Exit codes: 0 pass, 1 failure, 77 skipped (no NVRTC and GC_ALLOW_NO_NVRTC=1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/nvrtc.h"
#include "device/source.h"

static const char kernel[] = "#include \"crypto/bls12_381/fp.gc\"\n"
                             "#include \"crypto/bls12_381/fr.gc\"\n"
                             "GC_KERNEL one_of_each(GC_GLOBAL gc_fp *p, GC_GLOBAL gc_fr *r) {\n"
                             "    gc_fp a = p[0], b = p[1];\n"
                             "    gc_fr c = r[0], d = r[1];\n"
                             "    gc_fp_mul(&a, &a, &b);\n"
                             "    gc_fr_mul(&c, &c, &d);\n"
                             "    gc_fp_sqr(&b, &a);\n"
                             "    gc_fr_sqr(&d, &c);\n"
                             "    p[2] = b;\n"
                             "    r[2] = d;\n"
                             "    gc_fp_add(&p[3], &a, &b);\n"
                             "    gc_fp_sub(&p[4], &a, &b);\n"
                             "    gc_fr_add(&r[3], &c, &d);\n"
                             "    gc_fr_sub(&r[4], &c, &d);\n"
                             "}\n";

static size_t count(const char *text, const char *needle) {
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle)) n++;
    return n;
}

/* The PTX of the kernel with the given defines, or NULL (message printed). */
static char *ptx_of(const char *const *defs, size_t n_defs, int *unavailable) {
    char *src = NULL, *log = NULL;
    gc_nvrtc_output out = {0};
    if (gc_source_expand_text("one_of_each.gc", kernel, &src) != GC_OK) {
        printf("FAIL: cannot expand the kernel's includes\n");
        return NULL;
    }
    gc_status st = gc_nvrtc_compile("compute_80", "one_of_each.gc", src, defs, n_defs, 1, &out, &log);
    free(src);
    if (st != GC_OK) {
        *unavailable = st == GC_ERR_UNAVAILABLE;
        printf("%s: NVRTC: %s\n%s\n", *unavailable ? "no NVRTC" : "FAIL", gc_status_name(st), log ? log : "");
        free(log);
        gc_nvrtc_output_free(&out);
        return NULL;
    }
    free(log);
    char *ptx = out.ptx ? strdup(out.ptx) : NULL;
    gc_nvrtc_output_free(&out);
    return ptx;
}

int main(void) {
    static const char *const fast[] = {"GC_BLS_PTX=1"};
    int unavailable = 0, failures = 0;
    char *with = ptx_of(fast, 1, &unavailable);
    if (!with && unavailable) {
        const char *allow = getenv("GC_ALLOW_NO_NVRTC");
        if (allow && strcmp(allow, "1") == 0) {
            printf("SKIP: NVRTC not available (GC_ALLOW_NO_NVRTC=1)\n");
            return 77;
        }
        return 1;
    }
    static const char *const portable[] = {"GC_BLS_PTX=0"};
    char *without = ptx_of(portable, 1, &unavailable);
    char *by_default = ptx_of(NULL, 0, &unavailable);
    if (!with || !without || !by_default) return 1;
    size_t chains = count(with, "mad.lo.cc.u32") + count(with, "madc.lo.cc.u32") + count(with, "mad.hi.cc.u32") +
                    count(with, "madc.hi.cc.u32");
    size_t chains_default = count(by_default, "mad.lo.cc.u32") + count(by_default, "madc.lo.cc.u32") +
                            count(by_default, "mad.hi.cc.u32") + count(by_default, "madc.hi.cc.u32");
    size_t chains_portable = count(without, "madc.lo.cc.u32") + count(without, "madc.hi.cc.u32");
    printf("GC_BLS_PTX=1: %zu chained multiply-adds (want 1476 = 576 + 256 + 444 + 200); no define: %zu; GC_BLS_PTX=0: %zu\n",
           chains, chains_default, chains_portable);
    if (chains != 4 * 12 * 12 + 4 * 8 * 8 + (12 * 13 + 2 * 12 * 12) + (8 * 9 + 2 * 8 * 8)) failures++, printf("FAIL: the fast path's chains are not all there\n");
    if (chains_default != chains) failures++, printf("FAIL: the CUDA default is not the fast path\n");
    if (chains_portable != 0) failures++, printf("FAIL: the portable build has carry chains: the define leaks\n");
    /* The additive chains: one sub.cc chain per final subtraction (the four products and
     * squares, the two additions) and per subtraction (two): 8; none in the portable build. */
    size_t subs = count(with, "sub.cc.u32"), subs_default = count(by_default, "sub.cc.u32");
    size_t subs_portable = count(without, "sub.cc.u32") + count(without, "add.cc.u32");
    printf("GC_BLS_PTX=1: %zu sub.cc chains (want 8); no define: %zu; GC_BLS_PTX=0: %zu add.cc/sub.cc\n", subs,
           subs_default, subs_portable);
    if (subs != 8) failures++, printf("FAIL: the additions' and subtractions' chains are not all there\n");
    if (subs_default != subs) failures++, printf("FAIL: the CUDA default has not the additive chains\n");
    if (subs_portable != 0) failures++, printf("FAIL: the portable build has additive carry chains\n");
    free(with);
    free(without);
    free(by_default);
    printf("%s\n", failures ? "FAILED" : "passed");
    return failures ? 1 : 0;
}
