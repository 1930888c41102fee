/* SPDX-License-Identifier: Apache-2.0 */
/* kernels_command.c — `gpucheck kernels build|check`: modules compiled ahead of time for a
 * CUDA architecture, without a device (src/device/aot.h), and the check that a directory
 * holds a valid entry for each. */
#include "cli/kernels_command.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/cuda_blob.h"
#include "common/clock.h"
#include "common/prog_name.h"
#include "device/aot.h"
#include "device/source.h"
#include "gpucheck/gc_device.h"

/* What `gpucheck kzg` and the KZG library build: their modules with no defines. */
static const char *const default_sources[] = {"crypto/kzg/kzg_kernels.gc", "crypto/kzg/verify/verify.gc"};

static int usage(const char *why) {
    if (why) gc_prog_say(stderr, "kernels: %s; try '%s kernels --help'\n", why, gc_prog_name());
    return 2;
}

static void help(void) {
    const char *p = gc_prog_name();
    printf("usage: %s kernels build --arch sm_XY [--out DIR] [SOURCE...]\n"
           "       %s kernels check --arch sm_XY [--dir DIR] [SOURCE...]\n\n"
           "Compiles embedded kernel modules ahead of time for one CUDA architecture (NVRTC, no\n"
           "device needed), so that a machine's first run loads them instead of compiling (the\n"
           "KZG modules take tens of seconds). A run looks in $GC_KERNEL_DIR, then in\n"
           "<the executable's folder>/kernels, then in <that folder>/../share/gpucheck/kernels,\n"
           "when its compile cache has no entry; a driver that cannot load an entry compiles.\n"
           "SOURCE: embedded module names (default: %s, %s).\n"
           "  --arch sm_XY   the architecture (sm_90 for H100 and H200)\n"
           "  --out DIR      where build writes (default: <the executable's folder>/kernels)\n"
           "  --dir DIR      where check looks (default: the folders a run searches)\n"
           "check says, for each SOURCE, whether an entry for the architecture verifies.\n"
           "Exit status: 0 done, 1 a module failed to compile or has no valid entry, 2 usage.\n",
           p, p, default_sources[0], default_sources[1]);
}

/* The expanded text of embedded module `name`, as gc_module_build compiles it. */
static char *expand(const char *name) {
    const char *text = gc_kernel_source(name);
    char *out = NULL;
    if (!text) {
        gc_prog_say(stderr, "kernels: '%s' is not an embedded kernel source\n", name);
        return NULL;
    }
    if (gc_source_expand_text(name, text, &out) != GC_OK) {
        gc_prog_say(stderr, "kernels: %s: %s\n", name, gc_last_error());
        return NULL;
    }
    return out;
}

static int build_one(const char *name, const char *arch, const char *dir) {
    char *src = expand(name), *log = NULL;
    if (!src) return 1;
    gc_cache_key k;
    gc_aot_key(&k, src, NULL, 0, arch);
    void *blob = NULL;
    size_t len = 0;
    double t0 = gc_clock_ms();
    gc_status st = gc_cuda_compile_blob(arch, name, src, NULL, 0, &blob, &len, &log);
    if (st == GC_OK) st = gc_cache_put_at(dir, &k, blob, len);
    if (st == GC_OK) printf("%s: %s, %zu bytes, compiled in %.1f s, into %s\n", name, arch, len,
                            (gc_clock_ms() - t0) / 1000, dir);
    else gc_prog_say(stderr, "kernels: %s for %s: %s%s%.2000s\n", name, arch, gc_status_name(st), log ? "\n" : "",
                     log ? log : "");
    free(blob), free(log), free(src);
    return st == GC_OK ? 0 : 1;
}

static int check_one(const char *name, const char *arch, const char *dir) {
    char *src = expand(name);
    if (!src) return 1;
    gc_cache_key k;
    gc_aot_key(&k, src, NULL, 0, arch);
    free(src);
    void *blob = NULL;
    size_t len = 0;
    gc_status st = dir ? gc_cache_get_at(dir, &k, &blob, &len) : gc_aot_get(&k, &blob, &len);
    free(blob);
    printf("%s: %s\n", name, st == GC_OK ? "an entry for this architecture" : "no valid entry");
    return st == GC_OK ? 0 : 1;
}

int gc_kernels_command(int argc, char **argv) {
    if (argc < 2) return usage("missing subcommand (build, check)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return 0;
    }
    int build = !strcmp(argv[1], "build");
    if (!build && strcmp(argv[1], "check")) return usage("unknown subcommand (build, check)");
    const char *arch = NULL, *dir = NULL, *sources[64];
    size_t ns = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            help();
            return 0;
        }
        int is_arch = !strcmp(argv[i], "--arch"), is_dir = !strcmp(argv[i], build ? "--out" : "--dir");
        if (is_arch || is_dir) {
            if (i + 1 >= argc || argv[i + 1][0] == '\0') return usage("an option lacks its value");
            if (is_arch) arch = argv[++i];
            else dir = argv[++i];
        } else if (argv[i][0] == '-') {
            return usage("unknown option");
        } else if (ns < sizeof sources / sizeof sources[0]) {
            sources[ns++] = argv[i];
        } else {
            return usage("too many sources");
        }
    }
    unsigned cc;
    char rest;
    if (!arch || sscanf(arch, "sm_%u%c", &cc, &rest) != 1 || cc < 50) return usage("--arch sm_XY is required");
    if (!ns) sources[0] = default_sources[0], sources[1] = default_sources[1], ns = 2;
    char out[PATH_MAX + 16];
    if (build && !dir) {
        if (!gc_aot_build_dir(out, sizeof out)) return usage("no --out, and the executable's folder is unknown");
        dir = out;
    }
    int failed = 0;
    for (size_t i = 0; i < ns; i++) failed |= build ? build_one(sources[i], arch, dir) : check_one(sources[i], arch, dir);
    return failed;
}
