/* SPDX-License-Identifier: Apache-2.0 */
/* test_opencl_source_blob.c — on PoCL a module's compile-cache entry holds its checked
 * source (blob magic GCCLSRC1), not a program binary, whose making generates every
 * kernel's code (src/backend/opencl.c); a module loaded from that entry, built again from
 * the source, runs its kernel right. Runs on the default device; exits 77 (skipped, with
 * the reason) where that is not PoCL. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/file_read.h"
#include "gpucheck/gc_device.h"
#include "unit.h"

#define N 1024u

static const char *const kernel_text = "#include \"kernels/gc_dialect.h\"\n"
                                       "/* source-blob marker 7f3a */\n"
                                       "GC_KERNEL add_k(GC_GLOBAL gc_u32 *v, gc_u32 n) {\n"
                                       "    gc_u32 i = gc_global_id(0);\n"
                                       "    if (i < n) v[i] = i + K;\n"
                                       "}\n";

/* The cache directory's one entry (malloc'd contents), or NULL. */
static char *only_entry(const char *dir, size_t *len) {
    DIR *d = opendir(dir);
    if (!d) return NULL;
    struct dirent *e;
    char path[1200] = "";
    int n = 0;
    while ((e = readdir(d)))
        if (strstr(e->d_name, ".bin")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            n++;
        }
    closedir(d);
    if (n != 1) {
        printf("# %d cache entries, expected 1\n", n);
        return NULL;
    }
    char *bytes = NULL, err[200];
    return gc_file_read_regular(path, 1u << 24, &bytes, len, err, sizeof err) == 0 ? bytes : NULL;
}

static int holds(const char *buf, size_t len, const char *s) {
    size_t n = strlen(s);
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(buf + i, s, n) == 0) return 1;
    return 0;
}

/* Build (from the cache where it holds the entry), run add_k, check every element. */
static void build_and_run(gc_device *dev) {
    const char *defs[] = {"K=5"};
    gc_build_options opt = {defs, 1, 0};
    gc_module *mod = NULL;
    gc_kernel *k = NULL;
    gc_buffer *buf = NULL;
    char *log = NULL;
    CHECK(gc_module_build_text(dev, "add_k.gc", kernel_text, &opt, &mod, &log) == GC_OK);
    free(log);
    CHECK(mod && gc_kernel_get(mod, "add_k", &k) == GC_OK);
    CHECK(gc_buffer_alloc(dev, N * 4, GC_MEM_DEVICE, &buf) == GC_OK);
    if (k && buf) {
        static uint32_t host[N];
        uint32_t n = N, bad = 0;
        gc_arg args[] = {GC_ARG_BUF(buf), GC_ARG_VAL(n)};
        gc_range r = {1, {N, 1, 1}, {64, 1, 1}, 0};
        CHECK(gc_buffer_fill_byte(buf, 0xAA) == GC_OK);
        CHECK(gc_kernel_enqueue(k, &r, args, 2) == GC_OK);
        CHECK(gc_buffer_read(buf, 0, host, sizeof host) == GC_OK);
        for (uint32_t i = 0; i < N; i++) bad += host[i] != i + 5u;
        CHECK(bad == 0);
    }
    gc_buffer_free(buf);
    gc_kernel_free(k);
    gc_module_free(mod);
}

int main(void) {
    char dir[] = "/tmp/gpucheck-source-blob-XXXXXX";
    if (!mkdtemp(dir)) return 1;
    setenv("GC_CACHE_DIR", dir, 1);
    unsetenv("GC_NO_CACHE");
    gc_devices_probe();
    size_t idx;
    gc_device *dev = NULL;
    if (gc_device_default(&idx) != GC_OK || gc_device_open(idx, &dev) != GC_OK) {
        printf("SKIP: no compute device\n");
        return 77;
    }
    const gc_device_info *di = gc_device_get_info(dev);
    if (!strstr(di->platform, "Portable Computing Language")) {
        printf("SKIP: the default device %s is not PoCL (%s)\n", di->id, di->platform);
        gc_device_close(dev);
        return 77;
    }
    printf("# %s\n", di->id);
    build_and_run(dev); /* a miss: compiled, the entry written */
    size_t len = 0;
    char *entry = only_entry(dir, &len);
    CHECK(entry != NULL);
    if (entry) {
        CHECK(holds(entry, len, "GCCLSRC1"));                   /* the source blob's magic */
        CHECK(!holds(entry, len, "GCCLBIN1"));                  /* not a program binary */
        CHECK(holds(entry, len, "source-blob marker 7f3a"));    /* the source itself */
        CHECK(holds(entry, len, "-DK=5"));                      /* with its options */
    }
    free(entry);
    build_and_run(dev); /* a hit: built again from the entry's source */
    gc_device_close(dev);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) printf("# could not remove %s\n", dir);
    return UNIT_DONE();
}
