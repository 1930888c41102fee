/* SPDX-License-Identifier: Apache-2.0 */
/* test_sub_group_coll_cuda.c — the sub_group_coll kernels compile as CUDA with every
 * mutant's fault site switched on, and their PTX uses the warp instructions the dialect
 * promises (shfl.sync, vote.sync, redux.sync on sm_80+), without a GPU.
 *
 * test_nvrtc_compile_all compiles every kernel source without defines; a mutant define
 * that breaks the CUDA build would show only on the GPU. Without NVRTC the test fails
 * unless GC_ALLOW_NO_NVRTC=1, when it exits 77 (skipped), as the other NVRTC tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/nvrtc.h"
#include "device/source.h"
#include "gpucheck/gc_device.h"
#include "unit.h"

#define SKIP_EXIT 77

static const char *const sources[] = {"suites/sub_group_coll/sgc_shuffle.gc", "suites/sub_group_coll/sgc_arith.gc",
                                      "suites/sub_group_coll/sgc_ballot.gc",
                                      "suites/sub_group_coll/sgc_nonuniform.gc", "suites/sub_group_coll/sgc_bench.gc",
                                      "suites/sub_group_coll/sgc_bench_ballot.gc"};
#define N_SOURCES (sizeof sources / sizeof sources[0])
static const char *const faults[] = {
    "GC_FAULT=SGC_FAULT_BCAST_LANE_ZERO", "GC_FAULT=SGC_FAULT_XOR_AS_ADD",
    "GC_FAULT=SGC_FAULT_UP_IS_DOWN",      "GC_FAULT=SGC_FAULT_ALL_SKIPS_LAST",
    "GC_FAULT=SGC_FAULT_EXCL_IS_INCL",    "GC_FAULT=SGC_FAULT_REDUCE_DROPS_0",
    "GC_FAULT=SGC_FAULT_BALLOT_WHOLE_WARP", "GC_FAULT=SGC_FAULT_NU_HOISTED",
    "GC_FAULT=SGC_FAULT_CLUSTER_HALF",    "GC_FAULT=SGC_FAULT_GT_IS_GE",
    "GC_FAULT=SGC_FAULT_BENCH_TREE_SHORT"};

static void test_mutant_defines_compile(void) {
    for (size_t f = 0; f < N_SOURCES; f++) {
        char *text = NULL, what[256];
        gc_status st = gc_source_expand(sources[f], &text);
        CHECKF(st == GC_OK, "expand %s: %s\n", sources[f], gc_status_name(st));
        if (st != GC_OK) continue;
        for (size_t d = 0; d < sizeof faults / sizeof faults[0]; d++) {
            char *log = NULL;
            st = gc_nvrtc_compile_for_arch("compute_80", sources[f], text, &faults[d], 1, &log);
            snprintf(what, sizeof what, "nvrtc compute_80 %s with %s", sources[f], faults[d]);
            unit_report(st == GC_OK, what, log ? log : gc_last_error());
            free(log);
        }
        free(text);
    }
}

/* The arithmetic kernels' PTX: sm_80's redux.sync for 32-bit integer reductions, and the
 * shuffles and votes of the scans and the vote kernel. */
static void test_ptx_uses_warp_instructions(void) {
    static const char *const want[] = {"redux.sync", "shfl.sync.up", "shfl.sync.idx", "shfl.sync.bfly",
                                       "vote.sync.any", "vote.sync.all", "vote.sync.ballot", "%lanemask_eq",
                                       "%lanemask_ge", "%lanemask_gt", "%lanemask_le", "%lanemask_lt"};
    char *text[N_SOURCES] = {NULL};
    size_t total = 0;
    char *all = NULL;
    for (size_t f = 0; f < N_SOURCES; f++) {
        if (gc_source_expand(sources[f], &text[f]) != GC_OK) continue;
        gc_nvrtc_output o;
        memset(&o, 0, sizeof o);
        if (gc_nvrtc_compile("compute_80", sources[f], text[f], NULL, 0, 1, &o, NULL) == GC_OK && o.ptx) {
            size_t n = strlen(o.ptx);
            char *p = realloc(all, total + n + 1);
            if (p) {
                all = p;
                memcpy(all + total, o.ptx, n + 1);
                total += n;
            }
        }
        gc_nvrtc_output_free(&o);
        free(text[f]);
    }
    CHECKF(all != NULL, "no PTX from the sub_group_coll kernels\n");
    for (size_t k = 0; all && k < sizeof want / sizeof want[0]; k++)
        CHECKF(strstr(all, want[k]) != NULL, "PTX lacks %s\n", want[k]);
    /* Negative control for the search: an instruction the kernels never use. */
    CHECK(!all || !strstr(all, "shfl.sync.up.b16"));
    free(all);
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
    test_mutant_defines_compile();
    test_ptx_uses_warp_instructions();
    return UNIT_DONE();
}
