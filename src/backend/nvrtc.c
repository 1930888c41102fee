/* SPDX-License-Identifier: Apache-2.0 */
/* nvrtc.c — NVRTC loading and compilation (see nvrtc.h). */
#include "backend/nvrtc.h"

#include <ctype.h>
#include <dlfcn.h>
#include <glob.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"

static gc_nvrtc_api nvrtc;
static int nvrtc_loaded;
static char nvrtc_why[2048];
static pthread_once_t nvrtc_once = PTHREAD_ONCE_INIT;

/* Append "; <text>" to the reason, truncating quietly: it is a diagnostic. */
static void why_append(const char *what, const char *detail) {
    size_t used = strlen(nvrtc_why);
    if (used + 1 >= sizeof nvrtc_why) return;
    snprintf(nvrtc_why + used, sizeof nvrtc_why - used, "%s%s: %s", used ? "; " : "", what,
             detail);
}

/* NVRTC opens libnvrtc-builtins.so.X.Y by its bare name when it compiles, and the
 * pip wheel's libnvrtc has no RUNPATH to find it beside itself. A library already
 * loaded under that soname satisfies the lookup, so load the neighbour first. */
static void preload_builtins(const char *path) {
    const char *slash = strrchr(path, '/');
    char pattern[1024];
    glob_t g;
    if (!slash || (size_t)(slash - path) + 32 > sizeof pattern) return;
    snprintf(pattern, sizeof pattern, "%.*s/libnvrtc-builtins.so.*", (int)(slash - path), path);
    if (glob(pattern, 0, NULL, &g) != 0) return;
    for (size_t i = 0; i < g.gl_pathc; i++) (void)dlopen(g.gl_pathv[i], RTLD_NOW | RTLD_LOCAL);
    globfree(&g);
}

/* dlopen one candidate and resolve every symbol; on failure record why. */
static int try_library(const char *path) {
    preload_builtins(path);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        /* dlerror() already starts with the path; keep only its message. */
        const char *colon = e ? strstr(e, ": ") : NULL;
        why_append(path, colon ? colon + 2 : (e ? e : "cannot be opened"));
        return 0;
    }
    gc_nvrtc_api api;
    memset(&api, 0, sizeof api);
#define GC_NVRTC_RESOLVE_(field, sym, ret, params)                                               \
    api.field = (ret(*) params)dlsym(h, sym);                                                    \
    if (!api.field) {                                                                            \
        why_append(path, "lacks " sym);                                                          \
        dlclose(h);                                                                              \
        return 0;                                                                                \
    }
    GC_NVRTC_FUNCS(GC_NVRTC_RESOLVE_)
#undef GC_NVRTC_RESOLVE_
    nvrtc = api; /* the handle stays open for the life of the process */
    return 1;
}

/* Every file matching pattern, newest name first (libnvrtc.so.13 before .12). */
static int try_glob(const char *pattern) {
    glob_t g;
    int found = 0;
    if (glob(pattern, 0, NULL, &g) != 0) return 0;
    for (size_t i = g.gl_pathc; i-- > 0 && !found;) found = try_library(g.gl_pathv[i]);
    globfree(&g);
    return found;
}

static void load_once(void) {
    const char *env = getenv("GC_NVRTC_LIBRARY");
    if (env && *env) {
        /* An explicit choice is honoured alone, so that a test can point it at a
         * missing file and see NVRTC reported unavailable. */
        nvrtc_loaded = try_library(env);
        if (!nvrtc_loaded) why_append("GC_NVRTC_LIBRARY", "set, so nothing else was tried");
        return;
    }
    static const char *const names[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if ((nvrtc_loaded = try_library(names[i]))) return;
    if ((nvrtc_loaded = try_glob("/usr/local/cuda/lib64/libnvrtc.so*"))) return;
    why_append("no NVRTC found", "install the CUDA toolkit, or set GC_NVRTC_LIBRARY to a libnvrtc.so");
}

const gc_nvrtc_api *gc_nvrtc_load(const char **why) {
    pthread_once(&nvrtc_once, load_once);
    if (nvrtc_loaded) return &nvrtc;
    if (why) *why = nvrtc_why;
    return NULL;
}

gc_status gc_nvrtc_version(int *major, int *minor) {
    const char *why = NULL;
    const gc_nvrtc_api *api = gc_nvrtc_load(&why);
    if (!api) {
        gc_set_last_error("NVRTC unavailable: %s", why);
        return GC_ERR_UNAVAILABLE;
    }
    nvrtcResult r = api->Version(major, minor);
    if (r != NVRTC_SUCCESS) {
        gc_set_last_error("nvrtcVersion failed: %s (%d)", api->GetErrorString(r), r);
        return GC_ERR_DRIVER;
    }
    return GC_OK;
}

static gc_status nvrtc_fail(const gc_nvrtc_api *api, const char *call, nvrtcResult r) {
    gc_set_last_error("%s failed: %s (%d)", call, api->GetErrorString(r), r);
    return r == NVRTC_ERROR_OUT_OF_MEMORY ? GC_ERR_NO_MEMORY : GC_ERR_DRIVER;
}

gc_status gc_nvrtc_pick_target(unsigned cc, char *target, size_t len) {
    const char *why = NULL;
    const gc_nvrtc_api *api = gc_nvrtc_load(&why);
    if (!api) {
        gc_set_last_error("NVRTC unavailable: %s", why);
        return GC_ERR_UNAVAILABLE;
    }
    int n = 0;
    nvrtcResult r = api->GetNumSupportedArchs(&n);
    if (r != NVRTC_SUCCESS) return nvrtc_fail(api, "nvrtcGetNumSupportedArchs", r);
    if (n <= 0 || n > 4096) {
        gc_set_last_error("nvrtcGetNumSupportedArchs returned %d architectures", n);
        return GC_ERR_DRIVER;
    }
    int *archs = malloc((size_t)n * sizeof *archs);
    if (!archs) return GC_ERR_NO_MEMORY;
    r = api->GetSupportedArchs(archs);
    if (r != NVRTC_SUCCESS) {
        free(archs);
        return nvrtc_fail(api, "nvrtcGetSupportedArchs", r);
    }
    int best = -1, lowest = archs[0], highest = archs[0];
    for (int i = 0; i < n; i++) {
        if (archs[i] < lowest) lowest = archs[i];
        if (archs[i] > highest) highest = archs[i];
        if (archs[i] <= (int)cc && archs[i] > best) best = archs[i];
    }
    free(archs);
    if (best < 0) {
        gc_set_last_error("this NVRTC generates code for sm_%d to sm_%d only, not for the "
                          "device's sm_%u: use an older CUDA toolkit's NVRTC (GC_NVRTC_LIBRARY)",
                          lowest, highest, cc);
        return GC_ERR_UNSUPPORTED;
    }
    /* The exact architecture gets CUBIN; a device newer than this NVRTC knows gets the
     * newest PTX it can make, which the driver compiles forward. */
    int w = best == (int)cc ? snprintf(target, len, "sm_%u", cc) : snprintf(target, len, "compute_%d", best);
    return w > 0 && (size_t)w < len ? GC_OK : GC_ERR_ARGUMENT;
}

void gc_nvrtc_output_free(gc_nvrtc_output *out) {
    if (!out) return;
    free(out->cubin);
    free(out->ptx);
    memset(out, 0, sizeof *out);
}

/* "sm_90", "sm_90a", "compute_90": what --gpu-architecture accepts, and what we build. */
static int valid_target(const char *t, int *is_sm) {
    const char *p;
    if (strncmp(t, "sm_", 3) == 0) {
        p = t + 3;
        *is_sm = 1;
    } else if (strncmp(t, "compute_", 8) == 0) {
        p = t + 8;
        *is_sm = 0;
    } else {
        return 0;
    }
    if (!isdigit((unsigned char)p[0]) || !isdigit((unsigned char)p[1])) return 0;
    while (isdigit((unsigned char)*p)) p++;
    if (*p == 'a' || *p == 'f') p++;
    return *p == '\0';
}

static char *program_log(const gc_nvrtc_api *api, nvrtcProgram prog) {
    size_t n = 0;
    if (api->GetProgramLogSize(prog, &n) != NVRTC_SUCCESS || n <= 1) return NULL;
    char *log = malloc(n);
    if (!log) return NULL;
    if (api->GetProgramLog(prog, log) != NVRTC_SUCCESS) {
        free(log);
        return NULL;
    }
    log[n - 1] = '\0';
    return log;
}

/* malloc'd copy of text with `more` appended on its own line. */
static char *join_log(char *text, const char *more) {
    size_t a = text ? strlen(text) : 0, b = strlen(more);
    char *s = malloc(a + b + 2);
    if (!s) return text;
    if (a) memcpy(s, text, a);
    if (a && text[a - 1] != '\n') s[a++] = '\n';
    memcpy(s + a, more, b + 1);
    free(text);
    return s;
}

/* The options of a compilation, NULL-free: the fixed ones, then -D per define (malloc'd,
 * freed by free_options). *n gets their count. */
#define GC_NVRTC_FIXED_COUNT 3
static gc_status make_options(const char *arch_opt, const char *const *defines, size_t n_defines, const char ***out,
                              size_t *n) {
    const char **opts = calloc(n_defines + GC_NVRTC_FIXED_COUNT, sizeof *opts);
    *out = opts;
    *n = 0;
    if (!opts) return GC_ERR_NO_MEMORY;
    /* Keep in step with GC_NVRTC_FIXED_OPTIONS, which the cache key hashes. */
    opts[(*n)++] = arch_opt;
    opts[(*n)++] = "-default-device";
    opts[(*n)++] = "-std=c++17";
    for (size_t i = 0; i < n_defines; i++) {
        if (!defines[i] || !*defines[i]) {
            gc_set_last_error("define %zu is empty", i);
            return GC_ERR_ARGUMENT;
        }
        size_t len = strlen(defines[i]) + 3;
        char *d = malloc(len);
        if (!d) return GC_ERR_NO_MEMORY;
        snprintf(d, len, "-D%s", defines[i]);
        opts[(*n)++] = d;
    }
    return GC_OK;
}

static void free_options(const char **opts, size_t n) {
    for (size_t i = GC_NVRTC_FIXED_COUNT; i < n; i++) free((char *)opts[i]);
    free(opts);
}

/* nvrtcCompileProgram, its log handed to *log (when log is not NULL), a failure with
 * NVRTC's words added to the log. */
static gc_status compile_program(const gc_nvrtc_api *api, nvrtcProgram prog, const char *target, const char **opts,
                                 size_t n_opts, char **log) {
    nvrtcResult r = api->CompileProgram(prog, (int)n_opts, opts);
    char *text = program_log(api, prog);
    if (log) {
        free(*log);
        *log = text;
    } else {
        free(text);
    }
    if (r == NVRTC_SUCCESS) return GC_OK;
    /* A bad -D (an invalid option) is the caller's source-level mistake too: both come back
     * as a compile error with NVRTC's words in the log. */
    gc_set_last_error("nvrtcCompileProgram failed: %s (%d)", api->GetErrorString(r), r);
    if (log) {
        char note[160];
        snprintf(note, sizeof note, "nvrtcCompileProgram: %s (target %s)", api->GetErrorString(r), target);
        *log = join_log(*log, note);
    }
    return (r == NVRTC_ERROR_COMPILATION || r == 5 /* INVALID_OPTION */) ? GC_ERR_COMPILE
                                                                       : nvrtc_fail(api, "nvrtcCompileProgram", r);
}

static gc_status take_cubin(const gc_nvrtc_api *api, nvrtcProgram prog, const char *target, gc_nvrtc_output *out) {
    size_t n = 0;
    nvrtcResult r;
    if ((r = api->GetCUBINSize(prog, &n)) != NVRTC_SUCCESS) return nvrtc_fail(api, "nvrtcGetCUBINSize", r);
    if (n == 0) {
        gc_set_last_error("nvrtcGetCUBINSize returned 0 bytes for %s", target);
        return GC_ERR_DRIVER;
    }
    if (!(out->cubin = malloc(n))) return GC_ERR_NO_MEMORY;
    if ((r = api->GetCUBIN(prog, out->cubin)) != NVRTC_SUCCESS) return nvrtc_fail(api, "nvrtcGetCUBIN", r);
    out->cubin_len = n;
    return GC_OK;
}

/* The PTX; none is an error only when PTX was the point of the compilation (`needed`). */
static gc_status take_ptx(const gc_nvrtc_api *api, nvrtcProgram prog, const char *target, int needed,
                          gc_nvrtc_output *out) {
    size_t n = 0;
    nvrtcResult r = api->GetPTXSize(prog, &n);
    if (r == NVRTC_SUCCESS && n > 1) {
        if (!(out->ptx = malloc(n))) return GC_ERR_NO_MEMORY;
        if ((r = api->GetPTX(prog, out->ptx)) != NVRTC_SUCCESS) return nvrtc_fail(api, "nvrtcGetPTX", r);
        out->ptx[n - 1] = '\0';
        out->ptx_len = n;
    } else if (needed) {
        if (r == NVRTC_SUCCESS) gc_set_last_error("nvrtcGetPTXSize returned no PTX for %s", target);
        return r == NVRTC_SUCCESS ? GC_ERR_DRIVER : nvrtc_fail(api, "nvrtcGetPTXSize", r);
    }
    return GC_OK;
}

/* One nvrtcCompileProgram. want: 1 CUBIN, 2 PTX, 3 both (PTX where NVRTC has it). */
static gc_status compile_once(const gc_nvrtc_api *api, const char *target, const char *label,
                              const char *source, const char *const *defines, size_t n_defines,
                              int want, gc_nvrtc_output *out, char **log) {
    nvrtcProgram prog = NULL;
    char arch_opt[64];
    const char **opts = NULL;
    size_t n_opts = 0;
    snprintf(arch_opt, sizeof arch_opt, "--gpu-architecture=%s", target);
    gc_status st = make_options(arch_opt, defines, n_defines, &opts, &n_opts);
    if (st == GC_OK) {
        nvrtcResult r = api->CreateProgram(&prog, source, label ? label : "kernel.cu", 0, NULL, NULL);
        if (r != NVRTC_SUCCESS) {
            prog = NULL;
            st = nvrtc_fail(api, "nvrtcCreateProgram", r);
        }
    }
    if (st == GC_OK) st = compile_program(api, prog, target, opts, n_opts, log);
    if (st == GC_OK && (want & 1)) st = take_cubin(api, prog, target, out);
    if (st == GC_OK && (want & 2)) st = take_ptx(api, prog, target, !(want & 1), out);
    if (prog) api->DestroyProgram(&prog);
    if (opts) free_options(opts, n_opts);
    return st;
}

gc_status gc_nvrtc_compile(const char *target, const char *label, const char *source,
                           const char *const *defines, size_t n_defines, int want_ptx,
                           gc_nvrtc_output *out, char **log) {
    int is_sm = 0;
    const char *why = NULL;
    if (log) *log = NULL;
    if (out) memset(out, 0, sizeof *out);
    if (!out || !source || !target || (n_defines && !defines)) return GC_ERR_ARGUMENT;
    if (!valid_target(target, &is_sm)) {
        gc_set_last_error("'%s' is not an NVRTC architecture (expected sm_XY or compute_XY)", target);
        return GC_ERR_ARGUMENT;
    }
    const gc_nvrtc_api *api = gc_nvrtc_load(&why);
    if (!api) {
        gc_set_last_error("NVRTC unavailable: %s", why);
        if (log) *log = strdup(why);
        return GC_ERR_UNAVAILABLE;
    }
    gc_status st = compile_once(api, target, label, source, defines, n_defines,
                                is_sm ? (want_ptx ? 3 : 1) : 2, out, log);
    if (st == GC_OK && is_sm && want_ptx && !out->ptx) {
        /* Older NVRTCs return no PTX for a real architecture: make it from the
         * virtual one. Its log only repeats the first compilation's warnings. */
        char vtarget[64];
        const char *digits = target + 3;
        gc_nvrtc_output ptx;
        memset(&ptx, 0, sizeof ptx);
        snprintf(vtarget, sizeof vtarget, "compute_%s", digits);
        st = compile_once(api, vtarget, label, source, defines, n_defines, 2, &ptx, NULL);
        out->ptx = ptx.ptx;
        out->ptx_len = ptx.ptx_len;
    }
    if (st != GC_OK) gc_nvrtc_output_free(out);
    return st;
}

gc_status gc_nvrtc_compile_for_arch(const char *arch, const char *label, const char *source,
                                    const char *const *defines, size_t n, char **log) {
    gc_nvrtc_output out = {0};
    if (log) *log = NULL;
    if (!arch || !source) return GC_ERR_ARGUMENT;
    gc_status st = gc_nvrtc_compile(arch, label, source, defines, n, 0, &out, log);
    gc_nvrtc_output_free(&out);
    return st;
}
