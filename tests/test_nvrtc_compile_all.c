/* SPDX-License-Identifier: Apache-2.0 */
/* test_nvrtc_compile_all.c — every embedded kernel source compiles as CUDA.
 *
 * Runs on machines without a GPU or a CUDA toolkit (CI): only NVRTC is loaded,
 * from the CUDA toolkit or from what scripts/fetch-nvrtc.sh put under .deps/nvrtc.
 * Without NVRTC this test fails, so that CI really compiles CUDA, unless
 * GC_ALLOW_NO_NVRTC=1, when it exits 77 (skipped) and says why.
 *
 * Every *.gc file is compiled by NVRTC to an sm_90 CUBIN (front end, optimizer and
 * ptxas, as on the H100/H200) and to PTX for compute_80. A second CUBIN target would
 * double the time on CI's 2 cores and add nothing at the source level: on a GPU the
 * device layer builds CUBIN for that GPU's exact sm_XY. Besides that, it shows that
 * the compile
 * path can fail (a syntax error comes back as GC_ERR_COMPILE with its line), that
 * defines reach the source, and that the dialect's CUDA branch emits the PTX it
 * promises (tests/kernels/selftest_dialect.gc, a test fixture kept out of the library and
 * read from the source tree). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/nvrtc.h"
#include "device/source.h"
#include "gpucheck/gc_device.h"
#include "unit.h"

#define SKIP_EXIT 77

static const char *const archs[] = {"sm_90", "compute_80"};

/* A file of the source tree (malloc'd text), or NULL. */
static char *read_tree_file(const char *rel) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GC_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long n = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)n + 1)) != NULL && fread(text, 1, (size_t)n, f) == (size_t)n)
        text[n] = '\0';
    else {
        free(text);
        text = NULL;
    }
    if (f) fclose(f);
    return text;
}

/* Test-only kernel sources: not embedded in the library, expanded from the tree. */
#define SELFTEST_DIALECT "tests/kernels/selftest_dialect.gc"
static gc_status expand_test_kernel(const char *rel, char **out) {
    char *raw = read_tree_file(rel);
    if (!raw) return GC_ERR_NOT_FOUND;
    gc_status st = gc_source_expand_text(rel, raw, out);
    free(raw);
    return st;
}

static void compile_for_every_arch(const char *name, const char *text) {
    for (size_t a = 0; a < sizeof archs / sizeof archs[0]; a++) {
        char what[512], *log = NULL;
        gc_status st = gc_nvrtc_compile_for_arch(archs[a], name, text, NULL, 0, &log);
        snprintf(what, sizeof what, "nvrtc %s %s (%s)", archs[a], name, gc_status_name(st));
        unit_report(st == GC_OK, what, log ? log : gc_last_error());
        free(log);
    }
}

static void test_nvrtc_compile_for_arch__every_kernel_source_compiles(void) {
    size_t n_sources = 0;
    char what[512], *text = NULL;
    for (size_t i = 0; i < gc_kernel_source_count(); i++) {
        const char *name = gc_kernel_source_name_at(i);
        if (!name || !unit_ends_with(name, ".gc")) continue; /* headers compile as part of these */
        n_sources++;
        gc_status st = gc_source_expand(name, &text);
        if (st != GC_OK) {
            snprintf(what, sizeof what, "expand %s", name);
            unit_report(0, what, gc_status_name(st));
            continue;
        }
        compile_for_every_arch(name, text);
        free(text);
    }
    /* The library always has suites' *.gc files: finding none means the embedding or
     * the listing broke, not that there is nothing to compile. */
    unit_report(n_sources > 0, "found embedded *.gc sources to compile", "gc_kernel_source_count() lists no *.gc file");
    gc_status st = expand_test_kernel(SELFTEST_DIALECT, &text);
    unit_report(st == GC_OK, "expand " SELFTEST_DIALECT, gc_status_name(st));
    if (st == GC_OK) compile_for_every_arch(SELFTEST_DIALECT, text);
    free(text);
}

/* CUDA programs kept outside the embedded sources (tools/probes) compile too. */
static void test_nvrtc_compile_for_arch__probes_compile(void) {
    static const char *const probes[] = {"tools/probes/shared_mp_probe.cu"};
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        char what[256];
        char *text = read_tree_file(probes[i]);
        snprintf(what, sizeof what, "read %s", probes[i]);
        unit_report(text != NULL, what, GC_SOURCE_DIR);
        if (!text) continue;
        char *log = NULL;
        gc_status st = gc_nvrtc_compile_for_arch("sm_90", probes[i], text, NULL, 0, &log);
        snprintf(what, sizeof what, "%s compiles for sm_90", probes[i]);
        unit_report(st == GC_OK, what, log);
        free(log);
        free(text);
    }
}

static void test_nvrtc_compile_for_arch__syntax_error_fails_with_line(void) {
    /* Line 4 uses an undeclared name: NVRTC must say so, naming the line. */
    const char *src = "extern \"C\" __global__ void k(unsigned *p)\n"
                      "{\n"
                      "    unsigned i = threadIdx.x;\n"
                      "    p[i] = gc_no_such_identifier;\n"
                      "}\n";
    char *log = NULL;
    gc_status st = gc_nvrtc_compile_for_arch("sm_90", "bad_syntax.gc", src, NULL, 0, &log);
    unit_report(st == GC_ERR_COMPILE, "syntax error returns GC_ERR_COMPILE", gc_status_name(st));
    unit_report(log && strstr(log, "bad_syntax.gc(4)") && strstr(log, "gc_no_such_identifier"),
           "syntax error log names the source, line 4 and the identifier", log ? log : "(no log)");
    free(log);
}

static void test_nvrtc_compile_for_arch__defines_reach_the_source(void) {
    const char *src = "#if !defined(GC_TEST_VALUE) || GC_TEST_VALUE != 7\n"
                      "#error GC_TEST_VALUE is not 7\n"
                      "#endif\n"
                      "extern \"C\" __global__ void k(int *p) { p[0] = GC_TEST_VALUE; }\n";
    const char *const seven[] = {"GC_TEST_VALUE=7"};
    const char *const eight[] = {"GC_TEST_VALUE=8"};
    char *log = NULL;
    gc_status st = gc_nvrtc_compile_for_arch("sm_80", "defines.gc", src, seven, 1, &log);
    unit_report(st == GC_OK, "compiles with the define it needs", log ? log : gc_status_name(st));
    free(log);
    log = NULL;
    /* The negative control: the same source with the wrong value must not compile. */
    st = gc_nvrtc_compile_for_arch("sm_80", "defines.gc", src, eight, 1, &log);
    unit_report(st == GC_ERR_COMPILE && log && strstr(log, "GC_TEST_VALUE is not 7"),
           "fails with a wrong define, quoting the #error", log ? log : gc_status_name(st));
    free(log);
}

static void test_nvrtc_compile_for_arch__malformed_arch_is_an_argument_error(void) {
    const char *src = "extern \"C\" __global__ void k(void) {}\n";
    gc_status st = gc_nvrtc_compile_for_arch("gfx90a", "arch.gc", src, NULL, 0, NULL);
    unit_report(st == GC_ERR_ARGUMENT, "arch 'gfx90a' is rejected as GC_ERR_ARGUMENT", gc_status_name(st));
}

/* The PTX of one .entry, from its header to the closing brace at column 0. */
static char *ptx_entry(const char *ptx, const char *kernel) {
    char head[256];
    snprintf(head, sizeof head, ".entry %s(", kernel);
    const char *b = strstr(ptx, head);
    if (!b) return NULL;
    const char *e = strstr(b, "\n}");
    size_t n = e ? (size_t)(e - b) + 2 : strlen(b);
    char *s = malloc(n + 1);
    if (!s) return NULL;
    memcpy(s, b, n);
    s[n] = '\0';
    return s;
}

/* The fence instructions of a PTX body, in order, one per line. */
static void fence_sequence(const char *body, char *out, size_t len) {
    size_t used = 0;
    out[0] = '\0';
    for (const char *p = body; (p = strstr(p, "fence.")) != NULL; p++) {
        size_t n = strcspn(p, ";\n");
        if (used + n + 2 >= len) break;
        memcpy(out + used, p, n);
        used += n;
        out[used++] = '\n';
        out[used] = '\0';
    }
}

/* Note an instruction missing from body in the list `missing`. */
static void expect_insn(const char *body, const char *insn, char *missing, size_t len, int *n_missing) {
    if (body && strstr(body, insn)) return;
    (*n_missing)++;
    size_t used = strlen(missing);
    snprintf(missing + used, len - used, "missing: %s\n", insn);
}

static void test_dialect_ptx__cuda_branch_emits_what_it_promises(void) {
    char *text = NULL, *log = NULL;
    gc_nvrtc_output o;
    memset(&o, 0, sizeof o);
    gc_status st = expand_test_kernel(SELFTEST_DIALECT, &text);
    unit_report(st == GC_OK, "expand " SELFTEST_DIALECT, gc_status_name(st));
    if (st != GC_OK) return;
    st = gc_nvrtc_compile("sm_90", SELFTEST_DIALECT, text, NULL, 0, 1, &o, &log);
    unit_report(st == GC_OK && o.ptx, "selftest_dialect compiles to CUBIN and PTX", log ? log : gc_status_name(st));
    free(text);
    free(log);
    if (st != GC_OK || !o.ptx) {
        gc_nvrtc_output_free(&o);
        return;
    }

    /* Literal orders and scopes fold to one instruction each: relaxed and work-item
     * scope to none, acquire/release/acq_rel to fence.acq_rel, seq_cst to fence.sc. */
    char *body = ptx_entry(o.ptx, "gc_selftest_fence_constants");
    char got[2048];
    const char *want = "fence.acq_rel.cta\nfence.acq_rel.gpu\nfence.acq_rel.sys\n"
                       "fence.acq_rel.cta\nfence.acq_rel.gpu\nfence.acq_rel.sys\n"
                       "fence.acq_rel.cta\nfence.acq_rel.gpu\nfence.acq_rel.sys\n"
                       "fence.sc.cta\nfence.sc.gpu\nfence.sc.sys\n";
    fence_sequence(body ? body : "", got, sizeof got);
    unit_report(strcmp(got, want) == 0, "constant fences fold to the 12 expected PTX fences", got);
    free(body);
    /* Negative control for the extraction: a kernel without fences shows none. */
    body = ptx_entry(o.ptx, "gc_selftest_misc");
    fence_sequence(body ? body : "fence.missing_entry", got, sizeof got);
    unit_report(body && got[0] == '\0', "a kernel without fences shows no fence in its PTX", got);
    free(body);

    /* Barriers with named spaces: one bar.sync each, and the fences of the wider scopes
     * around the last two; the misc kernel's gc_barrier() has no fence (above). */
    body = ptx_entry(o.ptx, "gc_selftest_barriers");
    fence_sequence(body ? body : "", got, sizeof got);
    unit_report(strcmp(got, "fence.acq_rel.gpu\nfence.acq_rel.gpu\nfence.acq_rel.sys\nfence.acq_rel.sys\n") == 0,
           "gc_barrier_mem: fences only around the device- and system-scope barriers", got);
    size_t bars = 0;
    for (const char *p = body; p && (p = strstr(p, "bar.sync")) != NULL; p++) bars++;
    char bars_text[32];
    snprintf(bars_text, sizeof bars_text, "%zu bar.sync", bars);
    unit_report(bars == 4, "gc_barrier_mem: one bar.sync per barrier (4)", bars_text);
    free(body);

    /* With run-time orders and scopes every variant is present. */
    body = ptx_entry(o.ptx, "gc_selftest_atomics");
    static const char *const sems[] = {"relaxed", "acquire", "release", "acq_rel"};
    static const char *const scopes[] = {"cta", "gpu", "sys"};
    static const char *const ops[] = {"add.u32", "min.u32", "max.u32", "and.b32", "or.b32", "exch.b32", "cas.b32",
                                      "add.u64", "min.u64", "max.u64", "and.b64", "or.b64", "exch.b64", "cas.b64"};
    char missing[4096] = "";
    int n_checked = 0, n_missing = 0;
    for (size_t s = 0; s < 3; s++) {
        char insn[96];
        for (size_t m = 0; m < 4; m++) {
            for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
                snprintf(insn, sizeof insn, "atom.%s.%s.%s ", sems[m], scopes[s], ops[k]);
                n_checked++;
                expect_insn(body, insn, missing, sizeof missing, &n_missing);
            }
        }
        static const char *const ldst[] = {"ld.relaxed.%s.b32 ", "ld.acquire.%s.b32 ", "st.relaxed.%s.b32 ",
                                           "st.release.%s.b32 ", "ld.relaxed.%s.b64 ", "ld.acquire.%s.b64 ",
                                           "st.relaxed.%s.b64 ", "st.release.%s.b64 ", "fence.sc.%s;"};
        for (size_t k = 0; k < sizeof ldst / sizeof ldst[0]; k++) {
            snprintf(insn, sizeof insn, ldst[k], scopes[s]);
            n_checked++;
            expect_insn(body, insn, missing, sizeof missing, &n_missing);
        }
    }
    char what[128];
    snprintf(what, sizeof what, "atomics kernel has all %d atom/ld/st/fence variants", n_checked);
    unit_report(body && n_missing == 0, what, missing);
    /* Negative control for the search: an instruction the dialect never emits. */
    unit_report(body && !strstr(body, "atom.relaxed.cta.add.u16"), "the search reports an absent instruction as absent", NULL);
    free(body);
    gc_nvrtc_output_free(&o);
}

int main(void) {
    int major = 0, minor = 0;
    if (gc_nvrtc_version(&major, &minor) != GC_OK) {
        const char *allow = getenv("GC_ALLOW_NO_NVRTC");
        if (allow && strcmp(allow, "1") == 0) {
            printf("SKIP: %s (GC_ALLOW_NO_NVRTC=1)\n", gc_last_error());
            return SKIP_EXIT;
        }
        printf("FAIL: %s\nRun scripts/fetch-nvrtc.sh, or set GC_ALLOW_NO_NVRTC=1 to skip.\n", gc_last_error());
        return 1;
    }
    printf("# NVRTC %d.%d\n", major, minor);
    test_nvrtc_compile_for_arch__every_kernel_source_compiles();
    test_nvrtc_compile_for_arch__probes_compile();
    test_nvrtc_compile_for_arch__syntax_error_fails_with_line();
    test_nvrtc_compile_for_arch__defines_reach_the_source();
    test_nvrtc_compile_for_arch__malformed_arch_is_an_argument_error();
    test_dialect_ptx__cuda_branch_emits_what_it_promises();
    return UNIT_DONE();
}
