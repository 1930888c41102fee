/* SPDX-License-Identifier: Apache-2.0 */
/* test_opencl_c30_frontend.c — every embedded kernel source passes clang's OpenCL C 3.0
 * front end, as NVIDIA's OpenCL compiles it (-cl-std=CL3.0 -DGC_CL_LEGACY_ATOMICS).
 *
 * Why: PoCL, CI's device, accepts what NVIDIA's OpenCL refuses. In OpenCL C 3.0 an
 * unqualified pointer parameter is generic, but an array parameter is private, and passing
 * the one to the other does not compile there; a kernel source with such a call built on
 * PoCL and through CUDA while the whole FK20 module failed on NVIDIA's OpenCL (a call
 * in g1_team.gc did). Clang's front end gives the same
 * error, and CI has clang (the clang build of make test).
 *
 * Each expanded source goes to a temporary file and through `clang -x cl -fsyntax-only`
 * (GC_CLANG names another clang). A source shaped like that call must fail (the negative
 * control), so that the check can fail at all. Without clang it fails, unless
 * GC_ALLOW_NO_CLANG=1, when it exits 77 (skipped) and says why. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/source.h"
#include "gpucheck/gc_device.h"
#include "unit.h"

#define SKIP_EXIT 77

static const char *clang_path(void) {
    const char *c = getenv("GC_CLANG");
    return c && *c ? c : "clang";
}

/* 1 when `text` passes the front end; the first lines of its errors in log. */
static int front_end_accepts(const char *text, char *log, size_t log_len) {
    char src[] = "/tmp/gc_cl30_XXXXXX";
    int fd = mkstemp(src);
    log[0] = '\0';
    if (fd < 0) {
        snprintf(log, log_len, "mkstemp failed");
        return 0;
    }
    size_t n = strlen(text);
    int wrote = write(fd, text, n) == (ssize_t)n;
    close(fd);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "%s -x cl -cl-std=CL3.0 -Xclang -finclude-default-header -DGC_CL_LEGACY_ATOMICS -fsyntax-only %s 2>&1",
             clang_path(), src);
    FILE *p = wrote ? popen(cmd, "r") : NULL;
    size_t used = 0;
    if (p) {
        char line[512];
        while (fgets(line, sizeof line, p)) {
            size_t l = strlen(line);
            if (used + l + 1 < log_len) {
                memcpy(log + used, line, l + 1);
                used += l;
            }
        }
    }
    int rc = p ? pclose(p) : -1;
    unlink(src);
    return rc == 0;
}

int main(void) {
    char cmd[512], log[4096], what[512];
    snprintf(cmd, sizeof cmd, "%s --version > /dev/null 2>&1", clang_path());
    if (system(cmd) != 0) {
        if (getenv("GC_ALLOW_NO_CLANG") && strcmp(getenv("GC_ALLOW_NO_CLANG"), "1") == 0) {
            printf("SKIP: no clang (%s) to run the OpenCL C 3.0 front end\n", clang_path());
            return SKIP_EXIT;
        }
        printf("FAIL: no clang (%s): the OpenCL C 3.0 front end cannot run (GC_ALLOW_NO_CLANG=1 skips)\n",
               clang_path());
        return 1;
    }
    /* the negative control: a generic pointer into an array parameter (private) */
    const char *bad = "typedef struct { unsigned l[12]; } fp;\n"
                      "static void round4(fp out[4]) { out[0].l[0] = 1u; }\n"
                      "static void caller(fp *table) { round4(&table[0]); }\n"
                      "__kernel void k(__global unsigned *o) { fp t[4]; caller(t); o[0] = t[0].l[0]; }\n";
    int bad_ok = front_end_accepts(bad, log, sizeof log);
    unit_report(!bad_ok && strstr(log, "address space"), "a generic pointer passed as an array parameter is refused", log);
    size_t n_sources = 0;
    for (size_t i = 0; i < gc_kernel_source_count(); i++) {
        const char *name = gc_kernel_source_name_at(i);
        if (!name || !unit_ends_with(name, ".gc")) continue; /* headers compile as part of these */
        char *text = NULL;
        gc_status st = gc_source_expand(name, &text);
        n_sources++;
        snprintf(what, sizeof what, "OpenCL C 3.0 front end: %s", name);
        if (st != GC_OK) {
            unit_report(0, what, gc_status_name(st));
            continue;
        }
        unit_report(front_end_accepts(text, log, sizeof log), what, log);
        free(text);
    }
    unit_report(n_sources > 0, "found embedded *.gc sources", "gc_kernel_source_count() lists no *.gc file");
    return UNIT_DONE();
}
