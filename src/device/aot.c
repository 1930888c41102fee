/* SPDX-License-Identifier: Apache-2.0 */
/* aot.c — looking up kernels compiled ahead of time (aot.h). */
#include "device/aot.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/nvrtc.h"

/* The backend part of an entry's key: the target alone, no driver or runtime NVRTC version. */
static void aot_id(char *buf, size_t len, const char *target) {
    snprintf(buf, len, "cuda-aot target=%s options=%s blob=1", target, GC_NVRTC_FIXED_OPTIONS);
}

void gc_aot_key(gc_cache_key *k, const char *source, const char *const *defines, size_t n_defines,
                const char *target) {
    char id[256];
    aot_id(id, sizeof id, target);
    gc_cache_key_compute(k, source, defines, n_defines, id);
}

/* The folder of the running executable, without its trailing slash; 0 if unknown. */
static int exe_dir(char *buf, size_t len) {
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) return 0;
    path[n] = '\0';
    char *slash = strrchr(path, '/');
    if (!slash) return 0;
    *slash = '\0';
    return snprintf(buf, len, "%s", path) < (int)len;
}

int gc_aot_build_dir(char *buf, size_t len) {
    char exe[PATH_MAX];
    return exe_dir(exe, sizeof exe) && snprintf(buf, len, "%s/kernels", exe) < (int)len;
}

gc_status gc_aot_get(const gc_cache_key *k, void **blob, size_t *len) {
    char dirs[3][PATH_MAX + 32], exe[PATH_MAX];
    size_t nd = 0;
    const char *env = getenv("GC_KERNEL_DIR");
    if (env && *env) snprintf(dirs[nd++], sizeof dirs[0], "%s", env);
    if (exe_dir(exe, sizeof exe)) {
        snprintf(dirs[nd++], sizeof dirs[0], "%s/kernels", exe);
        snprintf(dirs[nd++], sizeof dirs[0], "%s/../share/gpucheck/kernels", exe);
    }
    for (size_t i = 0; i < nd; i++)
        if (gc_cache_get_at(dirs[i], k, blob, len) == GC_OK) return GC_OK;
    return GC_ERR_NOT_FOUND;
}
