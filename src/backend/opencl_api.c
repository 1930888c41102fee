/* SPDX-License-Identifier: Apache-2.0 */
/* opencl_api.c — load the OpenCL ICD loader at run time and resolve its entry points,
 * so that the same binary runs (with OpenCL reported unavailable) where there is none. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/opencl_api.h"

gc_cl_api gc_cl;

static int loaded;

gc_status gc_cl_load(char *why, size_t why_len) {
    if (loaded) return GC_OK;
    /* An explicit library wins and is the only one tried: a test names a missing file
     * to show that the backend is then reported unavailable. */
    const char *env = getenv("GC_OPENCL_LIBRARY");
    const char *names[2] = {"libOpenCL.so.1", "libOpenCL.so"};
    size_t n_names = 2;
    if (env && *env) {
        names[0] = env;
        n_names = 1;
    }
    void *lib = NULL;
    const char *name = NULL;
    char first_error[256] = "";
    for (size_t i = 0; i < n_names && !lib; i++) {
        lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (lib) {
            name = names[i];
        } else if (!first_error[0]) {
            const char *e = dlerror();
            snprintf(first_error, sizeof first_error, "%s", e ? e : names[i]);
        }
    }
    if (!lib) {
        snprintf(why, why_len, "cannot load the OpenCL ICD loader: %s", first_error);
        return GC_ERR_UNAVAILABLE;
    }

    gc_cl_api api;
    memset(&api, 0, sizeof api);
    const char *missing = NULL;
#define GC_CL_RESOLVE_REQUIRED_(fn)                                                         \
    *(void **)&api.fn = dlsym(lib, #fn);                                                    \
    if (!api.fn && !missing) missing = #fn;
    GC_CL_REQUIRED(GC_CL_RESOLVE_REQUIRED_)
#undef GC_CL_RESOLVE_REQUIRED_
#define GC_CL_RESOLVE_OPTIONAL_(fn) *(void **)&api.fn = dlsym(lib, #fn);
    GC_CL_OPTIONAL(GC_CL_RESOLVE_OPTIONAL_)
#undef GC_CL_RESOLVE_OPTIONAL_
    if (missing) {
        snprintf(why, why_len, "%s has no %s (an OpenCL 1.2 loader is required)", name, missing);
        dlclose(lib);
        return GC_ERR_UNAVAILABLE;
    }
    /* The library stays loaded for the life of the process: ICDs register exit
     * handlers and keep threads, and unloading them under those is not safe. */
    gc_cl = api;
    loaded = 1;
    return GC_OK;
}

gc_status gc_cl_fail(const char *call, cl_int err, gc_status st) {
    gc_set_last_error("%s failed: %s (%d)", call, gc_cl_error_name(err), (int)err);
    return st;
}
