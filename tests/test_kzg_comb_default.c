/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_comb_default.c — the default comb tables by device (crypto/kzg/msm/
 * comb_tables.c): both tables within 4 GiB and a quarter of the device's memory, each
 * within its largest allocation, none on a CPU device; the teeth asked for each case
 * and the bytes they cost (2^(T-1) points of 96 bytes a base, 8,192 + 4,096 bases).
 * Exit codes: 0 pass, 1 failures. */
#include <stdio.h>
#include <string.h>

#include "crypto/kzg/msm/msm.h"

#include "unit.h"

#define GIB ((uint64_t)1 << 30)

static uint64_t tables_bytes(unsigned fk20, unsigned commit) {
    return (((uint64_t)8192 << (fk20 - 1)) + ((uint64_t)4096 << (commit - 1))) * 96;
}

static void expect(const char *what, uint64_t mem, uint64_t max_alloc, int gpu, unsigned want_fk20,
                   unsigned want_commit) {
    gc_device_info di;
    memset(&di, 0, sizeof di);
    di.is_gpu = gpu;
    di.global_mem_bytes = mem;
    di.max_alloc_bytes = max_alloc;
    unsigned fk20 = 99, commit = 99;
    kzg_default_comb_teeth(&di, &fk20, &commit);
    CHECKF(fk20 == want_fk20 && commit == want_commit, "%s: teeth %u / %u, want %u / %u", what, fk20, commit,
           want_fk20, want_commit);
    if (gpu && fk20 && commit)
        printf("%-40s %2u / %2u teeth, %.2f GiB\n", what, fk20, commit, (double)tables_bytes(fk20, commit) / GIB);
}

int main(void) {
    expect("H200 (141 GB)", 141 * GIB, 0, 1, 13, 12);
    expect("80 GB GPU", 80 * GIB, 0, 1, 13, 12);
    expect("16 GiB GPU (a quarter: 4 GiB)", 16 * GIB, 0, 1, 13, 12);
    expect("12 GiB GPU (a quarter: 3 GiB)", 12 * GIB, 0, 1, 12, 12);
    expect("8 GiB GPU", 8 * GIB, 0, 1, 11, 11);
    expect("a GPU of 2 GiB: the smallest tier", 2 * GIB, 0, 1, 11, 11);
    expect("OpenCL: largest allocation 1 GiB", 141 * GIB, 1 * GIB, 1, 11, 12);
    expect("a CPU device: no tables", 256 * GIB, 0, 0, 0, 0);
    CHECK(tables_bytes(13, 12) <= 4 * GIB && tables_bytes(13, 13) > 4 * GIB); /* the budget's edge */
    return UNIT_DONE();
}
