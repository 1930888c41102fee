/* SPDX-License-Identifier: Apache-2.0 */
/* test_kernel_files.c — modules from the user's files (src/device/source_file.c,
 * module_file.c): #include resolution from the file's folder, include directories and
 * the embedded sources; #pragma once, guarded cycles, the dialect's paste-once; compiler
 * messages naming the user's file and line (OpenCL C on the OpenCL device, CUDA C++
 * through NVRTC without a GPU); the compile cache's key following an included file; a
 * language on a device of the other backend refused with its reason; the saxpy
 * examples' kernels (and the poisoned one) compiling through NVRTC.
 * The OpenCL part runs on the first OpenCL device (PoCL in CI), the NVRTC part with
 * GC_NVRTC_LIBRARY; each says SKIP and why where it cannot run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "backend/nvrtc.h"
#include "device/source.h"
#include "gpucheck/gc_device.h"
#include "unit.h"

static char root[64];

/* root/rel with `text` in it (folders made as needed). */
static void put(const char *rel, const char *text) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    for (char *p = path + strlen(root) + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(path, 0700);
            *p = '/';
        }
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

static const char *at(const char *rel) {
    static char bufs[8][512];
    static int next;
    char *b = bufs[next++ % 8];
    snprintf(b, 512, "%s/%s", root, rel);
    return b;
}

static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle)) n++;
    return n;
}

static void test_resolution(void) {
    put("src/main.cl", "MAIN_START\n#include \"sub/a.h\"\n#include <lib.h>\n#include \"kernels/gc_dialect.h\"\n"
                       "#include \"nowhere.h\"\n#include \"sub/a.h\"\n#include \"once.h\"\n#include \"once.h\"\nMAIN_END\n");
    put("src/sub/a.h", "#ifndef A_H\n#define A_H\nA_BODY\n#include \"b.h\"\n#endif\n");
    put("src/sub/b.h", "B_BODY\n#include \"a.h\"\n"); /* a cycle, which a.h's guard stops */
    put("inc/lib.h", "LIBRARY_TEXT\n");
    put("src/once.h", "#pragma once\nONCE_BODY\n");
    put("inc/sub/a.h", "WRONG_A\n"); /* the including file's folder comes first */
    const char *dirs[] = {at("inc")};
    gc_source_file_options o = {dirs, 1, 0};
    const char *one[] = {at("src/main.cl")};
    char *text = NULL;
    CHECK(gc_source_expand_files(one, 1, &o, &text) == GC_OK);
    if (!text) return;
    CHECK(count(text, "MAIN_START") == 1 && count(text, "MAIN_END") == 1);
    CHECK(count(text, "A_BODY") == 2);  /* pasted at each include; its guard is the compiler's */
    CHECK(count(text, "B_BODY") == 2);
    CHECK(count(text, "WRONG_A") == 0); /* the folder's sub/a.h, not the include dir's */
    CHECK(count(text, "LIBRARY_TEXT") == 1);
    CHECK(count(text, "ONCE_BODY") == 1); /* #pragma once honoured, the pragma itself dropped */
    CHECK(count(text, "#pragma once") == 0);
    CHECK(count(text, "#define GC_DIALECT_H") == 1); /* an embedded source */
    CHECK(count(text, "#include \"nowhere.h\"") == 1); /* left to the compiler */
    char want[600];
    snprintf(want, sizeof want, "#line 5 \"%s/src/sub/a.h\"", root);
    CHECK(strstr(text, want) != NULL); /* back in a.h after its include of b.h */
    snprintf(want, sizeof want, "#line 4 \"%s/src/main.cl\"", root);
    CHECK(strstr(text, want) != NULL); /* back in the file after <lib.h> */
    free(text);

    /* The dialect: each file once, and an include found nowhere is an error at file:line. */
    gc_source_file_options d = {dirs, 1, 1};
    CHECK(gc_source_expand_files(one, 1, &d, &text) == GC_ERR_NOT_FOUND);
    snprintf(want, sizeof want, "%s/src/main.cl:5: #include \"nowhere.h\" not found", root);
    CHECKF(strstr(gc_last_error(), want) != NULL, "%s", gc_last_error());
    put("src/main.gc", "#include \"sub/a.h\"\n#include \"sub/a.h\"\n");
    const char *gc[] = {at("src/main.gc")};
    CHECK(gc_source_expand_files(gc, 1, &d, &text) == GC_OK);
    CHECK(text && count(text, "A_BODY") == 1);
    free(text);
    put("src/spelled.gc", "#include \"sub/a.h\"\n#include \"../src/sub/./a.h\"\n"); /* one file, two spellings */
    const char *spelled[] = {at("src/spelled.gc")};
    CHECK(gc_source_expand_files(spelled, 1, &d, &text) == GC_OK);
    CHECK(text && count(text, "A_BODY") == 1);
    free(text);
    /* Nesting deeper than 32 is refused, not followed without end. */
    for (int i = 0; i < 40; i++) {
        char rel[32], body[64];
        snprintf(rel, sizeof rel, "deep/h%d.h", i);
        snprintf(body, sizeof body, "#include \"h%d.h\"\n", i + 1);
        put(rel, body);
    }
    put("deep/h40.h", "END\n");
    const char *deep[] = {at("deep/h0.h")};
    CHECK(gc_source_expand_files(deep, 1, &o, &text) == GC_ERR_PARSE && !text);
    CHECKF(strstr(gc_last_error(), "nesting deeper than 32") != NULL, "%s", gc_last_error());

    /* Several files, one unit, in order; a missing file is named. */
    const char *two[] = {at("inc/lib.h"), at("src/once.h")};
    CHECK(gc_source_expand_files(two, 2, &o, &text) == GC_OK);
    CHECK(text && strstr(text, "LIBRARY_TEXT") && strstr(text, "ONCE_BODY") &&
          strstr(text, "LIBRARY_TEXT") < strstr(text, "ONCE_BODY"));
    free(text);
    const char *missing[] = {at("src/absent.cu")};
    CHECK(gc_source_expand_files(missing, 1, &o, &text) == GC_ERR_NOT_FOUND);
    CHECK(strstr(gc_last_error(), "absent.cu") != NULL);
    put("src/self.h", "#include \"self.h\"\nSELF\n"); /* unguarded self-include: cut, no loop */
    const char *self[] = {at("src/self.h")};
    CHECK(gc_source_expand_files(self, 1, &o, &text) == GC_OK);
    CHECK(text && count(text, "SELF") == 1);
    free(text);
    CHECK(gc_language_of_path("k.cu") == GC_LANG_CUDA && gc_language_of_path("k.cl") == GC_LANG_OPENCL_C &&
          gc_language_of_path("k.gc") == GC_LANG_DIALECT && gc_language_of_path("k.c") == GC_LANG_AUTO);
}

/* kernel value(out): out[0] = VALUE, VALUE from an included header. */
static uint32_t build_run_value(gc_device *dev, const char *path, int *built) {
    gc_module *m = NULL;
    gc_kernel *k = NULL;
    gc_buffer *b = NULL;
    char *log = NULL;
    uint32_t v = 0xdeadbeef;
    *built = gc_module_build_file(dev, path, NULL, &m, &log) == GC_OK;
    if (!*built) printf("# %s\n%s\n", gc_last_error(), log ? log : "");
    free(log);
    if (m && gc_kernel_get(m, "value", &k) == GC_OK && gc_buffer_alloc(dev, 4, GC_MEM_DEVICE, &b) == GC_OK) {
        gc_arg a[] = {GC_ARG_BUF(b)};
        gc_range r = {1, {1, 1, 1}, {1, 1, 1}, 0};
        if (gc_kernel_launch(k, &r, a, 1, NULL) != GC_OK || gc_buffer_read(b, 0, &v, 4) != GC_OK) v = 0xdeadbeef;
    }
    gc_buffer_free(b);
    gc_kernel_free(k);
    gc_module_free(m);
    return v;
}

static int cache_entries(const char *dir) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls '%s' | grep -c '\\.bin$'", dir);
    FILE *p = popen(cmd, "r");
    int n = -1;
    if (p && fscanf(p, "%d", &n) != 1) n = -1;
    if (p) pclose(p);
    return n;
}

static void test_on_opencl(gc_device *dev) {
    const gc_device_info *info = gc_device_get_info(dev);
    printf("# OpenCL device %s (%s)\n", info->id, info->name);
    /* The cache follows an included file: change the header, not the .cl, and the next
     * build must see it (a key over the .cl alone would load the old program). */
    put("cache/value.cl", "#include \"value.h\"\n__kernel void value(__global uint *out) { out[0] = VALUE; }\n");
    put("cache/value.h", "#define VALUE 11u\n");
    int built = 0;
    CHECK(build_run_value(dev, at("cache/value.cl"), &built) == 11u && built);
    int before = cache_entries(at("gc-cache"));
    CHECK(build_run_value(dev, at("cache/value.cl"), &built) == 11u && built); /* a hit: no new entry */
    CHECK(cache_entries(at("gc-cache")) == before && before >= 1);
    put("cache/value.h", "#define VALUE 42u\n");
    CHECK(build_run_value(dev, at("cache/value.cl"), &built) == 42u && built);
    CHECK(cache_entries(at("gc-cache")) == before + 1);

    /* A dialect file from disk builds on OpenCL too, its local header and the embedded
     * gc_dialect.h both resolved. */
    put("gc/k.gc", "#include \"kernels/gc_dialect.h\"\n#include \"v.h\"\n"
                   "GC_KERNEL value(GC_GLOBAL gc_u32 *out) { out[0] = VALUE + (gc_u32)sizeof(gc_u64); }\n");
    put("gc/v.h", "#define VALUE 7u\n");
    CHECK(build_run_value(dev, at("gc/k.gc"), &built) == 15u && built);

    /* A compiler message names the user's header and its line. */
    put("err/kernel.cl", "#include \"helper.h\"\n__kernel void k(__global uint *o) { o[0] = helper(); }\n");
    put("err/helper.h", "// line 1\n// line 2\ninline uint helper(void) { return undeclared_name; }\n");
    gc_module *m = NULL;
    char *log = NULL;
    CHECK(gc_module_build_file(dev, at("err/kernel.cl"), NULL, &m, &log) == GC_ERR_COMPILE);
    char want[600];
    snprintf(want, sizeof want, "%s:3:", at("err/helper.h"));
    CHECKF(log && strstr(log, want), "no '%s' in the log:\n%s", want, log ? log : "(none)");
    free(log);

    /* Languages on the wrong backend are refused, with the reason. */
    put("cu/k.cu", "extern \"C\" __global__ void k() {}\n");
    CHECK(gc_module_build_file(dev, at("cu/k.cu"), NULL, &m, NULL) == GC_ERR_UNSUPPORTED && !m);
    CHECKF(strstr(gc_last_error(), "CUDA devices only") != NULL, "%s", gc_last_error());
    gc_file_build_options as_cuda = {GC_LANG_CUDA, NULL, 0, NULL, 0, 1};
    CHECK(gc_module_build_file(dev, at("err/helper.h"), &as_cuda, &m, NULL) == GC_ERR_UNSUPPORTED);
    CHECK(gc_module_build_file(dev, at("cache/value.h"), NULL, &m, NULL) == GC_ERR_ARGUMENT); /* no language */
    CHECK(strstr(gc_last_error(), "name one") != NULL);
    gc_file_build_options as_cl = {GC_LANG_OPENCL_C, NULL, 0, NULL, 0, 1};
    put("cl/k.txt", "__kernel void k(__global uint *o) { o[0] = 1u; }\n");
    CHECK(gc_module_build_file(dev, at("cl/k.txt"), &as_cl, &m, NULL) == GC_OK && m);
    gc_module_free(m);

    /* The example, as it is, builds on OpenCL (its run is examples.saxpy_cl.*). */
    const char *inc[] = {GC_SOURCE_DIR "/examples/saxpy_cl"};
    gc_file_build_options with_inc = {GC_LANG_AUTO, inc, 1, NULL, 0, 1};
    CHECK(gc_module_build_file(dev, GC_SOURCE_DIR "/tests/kernels/saxpy_poisoned.cl", &with_inc, &m, &log) == GC_OK);
    gc_module_free(m);
    free(log);
}

/* CUDA C++ through NVRTC, as the CUDA backend compiles it, for sm_90 (the H200's). */
static gc_status nvrtc_file(const char *path, char **log) {
    gc_source_file_options o = {NULL, 0, 0};
    char *text = NULL;
    const char *one[] = {path};
    gc_status st = gc_source_expand_files(one, 1, &o, &text);
    if (st != GC_OK) return st;
    st = gc_nvrtc_compile_for_arch("sm_90", path, text, NULL, 0, log);
    free(text);
    return st;
}

static void test_nvrtc(void) {
    int major = 0, minor = 0;
    if (gc_nvrtc_version(&major, &minor) != GC_OK) {
        /* As test_nvrtc_compile_all: CI has NVRTC (GC_NVRTC_LIBRARY), so its absence fails
         * unless a run says it may. */
        if (getenv("GC_ALLOW_NO_NVRTC")) printf("SKIP (NVRTC part): %s (GC_ALLOW_NO_NVRTC)\n", gc_last_error());
        else unit_report(0, "NVRTC available (set GC_NVRTC_LIBRARY, or GC_ALLOW_NO_NVRTC=1)", gc_last_error());
        return;
    }
    printf("# NVRTC %d.%d\n", major, minor);
    char *log = NULL;
    gc_status st = nvrtc_file(GC_SOURCE_DIR "/examples/saxpy_cu/saxpy.cu", &log);
    CHECKF(st == GC_OK, "saxpy.cu: %s\n%s", gc_status_name(st), log ? log : "");
    free(log);
    st = nvrtc_file(GC_SOURCE_DIR "/tests/kernels/saxpy_poisoned.cu", &log);
    CHECKF(st == GC_OK, "saxpy_poisoned.cu: %s\n%s", gc_status_name(st), log ? log : "");
    free(log);
    /* Whole CUDA C++ (templates, namespaces, constexpr), not the dialect; an error in an
     * included header is reported at that header's line, NVRTC's "file(line)" form. */
    put("nv/ok.cu", "#include \"t.cuh\"\nextern \"C\" __global__ void k(float *o) { o[0] = twice<float>(2.0f); }\n");
    put("nv/t.cuh", "#pragma once\nnamespace { template <typename T> constexpr __device__ T twice(T v) { return v + v; } }\n");
    st = nvrtc_file(at("nv/ok.cu"), &log);
    CHECKF(st == GC_OK, "ok.cu: %s\n%s", gc_status_name(st), log ? log : "");
    free(log);
    put("nv/bad.cu", "#include \"bad.cuh\"\nextern \"C\" __global__ void k(int *o) { o[0] = f(); }\n");
    put("nv/bad.cuh", "// 1\n// 2\n// 3\n__device__ int f() { return not_declared; }\n");
    st = nvrtc_file(at("nv/bad.cu"), &log);
    char want[600];
    snprintf(want, sizeof want, "%s(4)", at("nv/bad.cuh"));
    CHECK(st == GC_ERR_COMPILE);
    CHECKF(log && strstr(log, want), "no '%s' in the log:\n%s", want, log ? log : "(none)");
    free(log);
}

int main(void) {
    snprintf(root, sizeof root, "/tmp/gpucheck-kfiles-XXXXXX");
    if (!mkdtemp(root)) return 1;
    setenv("GC_CACHE_DIR", at("gc-cache"), 1);
    unsetenv("GC_NO_CACHE");
    test_resolution();
    test_nvrtc();
    gc_devices_probe();
    gc_device *dev = NULL;
    for (size_t i = 0; i < gc_device_count() && !dev; i++)
        if (gc_device_info_at(i)->backend == GC_BACKEND_OPENCL && gc_device_open(i, &dev) != GC_OK) dev = NULL;
    if (dev) test_on_opencl(dev);
    else printf("SKIP (OpenCL part): no OpenCL device: %s\n", gc_backend_unavailable_reason(GC_BACKEND_OPENCL));
    gc_device_close(dev);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0) printf("# could not remove %s\n", root);
    return UNIT_DONE();
}
