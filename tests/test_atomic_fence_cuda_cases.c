/* SPDX-License-Identifier: Apache-2.0 */
/* test_atomic_fence_cuda_cases.c — every case of the atomic_fence suite compiles as CUDA
 * with the defines its engine builds it with, and its PTX passes the suite's own PTX
 * check (the fences it is about and no others, the poll in its loop).
 *
 * test_nvrtc_compile_all compiles each kernel source once, with its default defines; the
 * suite builds the same sources with other defines per case (orders, scopes, the twins'
 * reorderings, the litmus shapes, release/acquire flags), and on a GPU an unexpected PTX is
 * an ERROR. This runs both without a GPU, so that a case that would not compile or not pass
 * its PTX check is found in CI rather than on the GPU. NVRTC as for test_nvrtc_compile_all
 * (exit 77 with GC_ALLOW_NO_NVRTC=1 where there is none). A wrong expectation must fail:
 * each case is also checked against the expectation of another case with other fences, a
 * barrier shape against the opposite barrier rule, the last-block idiom against another
 * form's ticket. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/nvrtc.h"
#include "device/source.h"
#include "suites/atomic_fence/fence_ptx.h"
#include "suites/atomic_fence/fence_suite.h"
#include "unit.h"


/* Two cases whose PTX fences differ (release, acquire and acq_rel are all fence.acq_rel
 * in PTX, so only the opcodes tell): a control that the check can fail. */
static int fences_differ(const fence_case *a, const fence_case *b) {
    char fa[2][32], fb[2][32];
    fence_ptx_fence_opcode(a->order1, a->scope, fa[0], 32);
    fence_ptx_fence_opcode(a->order2, a->scope, fa[1], 32);
    fence_ptx_fence_opcode(b->order1, b->scope, fb[0], 32);
    fence_ptx_fence_opcode(b->order2, b->scope, fb[1], 32);
    /* as sets: "" is no fence, and one opcode twice is one */
    for (int k = 0; k < 2; k++) {
        if (fa[k][0] && strcmp(fa[k], fb[0]) && strcmp(fa[k], fb[1])) return 1;
        if (fb[k][0] && strcmp(fb[k], fa[0]) && strcmp(fb[k], fa[1])) return 1;
    }
    return 0;
}

int main(void) {
    int major = 0, minor = 0;
    if (gc_nvrtc_version(&major, &minor) != GC_OK) {
        const char *allow = getenv("GC_ALLOW_NO_NVRTC");
        if (allow && strcmp(allow, "1") == 0) {
            printf("SKIP: %s (GC_ALLOW_NO_NVRTC=1)\n", gc_last_error());
            return 77;
        }
        printf("FAIL: %s\nRun scripts/fetch-nvrtc.sh, or set GC_ALLOW_NO_NVRTC=1 to skip.\n", gc_last_error());
        return 1;
    }
    size_t n;
    const fence_case *cs = fence_cases(&n);
    for (size_t i = 0; i < n; i++) {
        const fence_case *c = &cs[i];
        char d[FENCE_MAX_DEFINES][48], what[256], msg[512];
        const char *defs[FENCE_MAX_DEFINES];
        const size_t nd = fence_case_defines(c, 0, d, defs);
        char *text = NULL, *log = NULL;
        gc_status st = gc_source_expand(fence_case_source(c), &text);
        if (st != GC_OK) {
            snprintf(what, sizeof what, "expand %s for %s", fence_case_source(c), c->name);
            unit_report(0, what, gc_status_name(st));
            continue;
        }
        gc_nvrtc_output o;
        memset(&o, 0, sizeof o);
        st = gc_nvrtc_compile("compute_90", c->name, text, defs, nd, 1, &o, &log);
        snprintf(what, sizeof what, "%s compiles as CUDA (compute_90)", c->name);
        unit_report(st == GC_OK && o.ptx, what, log ? log : gc_status_name(st));
        free(text);
        free(log);
        if (st != GC_OK || !o.ptx) {
            gc_nvrtc_output_free(&o);
            continue;
        }
        for (unsigned l = 0; l < fence_layout_count(c->space); l++) {
            fence_ptx_expect x;
            char fences[2][32], poll[32];
            fence_case_ptx_expect(c, l, &x, fences, poll);
            int ok = fence_ptx_check(o.ptx, &x, msg, sizeof msg);
            snprintf(what, sizeof what, "%s %s: PTX check passes", c->name, fence_layout_name(c->space, l));
            unit_report(ok, what, msg);
        }
        /* The barrier shapes' control: the opposite barrier rule is refused. */
        if (fence_space_is_barrier(c->space)) {
            fence_ptx_expect x;
            char fences[2][32], poll[32];
            fence_case_ptx_expect(c, 0, &x, fences, poll);
            x.barriers = x.barriers == FENCE_PTX_BARRIER_REQUIRED ? FENCE_PTX_BARRIER_NONE : FENCE_PTX_BARRIER_REQUIRED;
            snprintf(what, sizeof what, "%s: the opposite barrier expectation is refused", c->name);
            unit_report(!fence_ptx_check(o.ptx, &x, msg, sizeof msg), what, "the PTX check accepted it");
        }
        /* The idiom's control: the ticket of another form (native and CAS each have an opcode
         * of their own; every form has the fetch-add that tallies the outcomes). */
        if (c->space == FENCE_LAST_BLOCK) {
            for (size_t j = 0; j < n; j++) {
                const fence_case *other = &cs[j];
                if (other->space != FENCE_LAST_BLOCK || other->kind != c->kind || other->ticket == c->ticket ||
                    other->ticket == FT_FETCH_ADD)
                    continue;
                fence_ptx_expect x;
                char fences[2][32], poll[32];
                fence_case_ptx_expect(other, 0, &x, fences, poll);
                snprintf(what, sizeof what, "%s: the ticket of %s is refused", c->name, other->name);
                unit_report(!fence_ptx_check(o.ptx, &x, msg, sizeof msg), what, "the PTX check accepted another ticket");
                break;
            }
        }
        /* The control: the expectation of a case of the same kernel with other fences. */
        for (size_t j = 0; j < n; j++) {
            const fence_case *other = &cs[j];
            if (other->space != c->space || !fences_differ(c, other)) continue;
            fence_ptx_expect x;
            char fences[2][32], poll[32];
            fence_case_ptx_expect(other, 0, &x, fences, poll);
            x.poll = NULL; /* only the fences differ */
            snprintf(what, sizeof what, "%s: the fences of %s are refused", c->name, other->name);
            unit_report(!fence_ptx_check(o.ptx, &x, msg, sizeof msg), what, "the PTX check accepted other fences");
            break;
        }
        gc_nvrtc_output_free(&o);
    }
    return UNIT_DONE();
}
