/* SPDX-License-Identifier: Apache-2.0 */
/* opencl.c — the OpenCL backend's ops table: contexts and profiling queues, programs
 * built from source and cached as program binaries, launches, buffers, timers.
 *
 * Every driver call that fails is reported through gc_cl_fail() with the OpenCL
 * error's name and code; every entry cleans up through one `out:` label. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/opencl_api.h"
#include "common/clock.h"

struct gc_bdev {
    gc_cl_device cl;
    gc_device_info info;
    cl_context ctx;
    cl_command_queue queues[GC_DEVICE_QUEUES]; /* the device's queues (in order, profiling) */
    unsigned cur;                              /* the one launches and transfers go to */
};

/* clFinish on every queue: the first error, or CL_SUCCESS. */
static cl_int finish_all(gc_bdev *d) {
    cl_int first = CL_SUCCESS;
    for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++) {
        cl_int err = d->queues[q] ? gc_cl.clFinish(d->queues[q]) : CL_SUCCESS;
        if (first == CL_SUCCESS) first = err;
    }
    return first;
}

struct gc_bmod {
    gc_bdev *dev;
    cl_program program;
    char *assembly; /* NVIDIA's program binary is PTX text: exposed for inspection */
};

struct gc_bkern {
    gc_bmod *mod;
    cl_kernel kernel;
    cl_uint num_args;
    char name[128];
};

struct gc_bmem {
    gc_bdev *dev;
    size_t size;
    cl_mem mem;           /* ordinary buffer */
    void *svm;            /* GC_MEM_HOST_MAPPED: SVM pointer, also the host pointer */
    gc_cl_svm_mode svm_mode;
};

struct gc_btimer {
    gc_bdev *dev;
    cl_event start;
    double host_start_ms;
};

/* ---- probe and devices --------------------------------------------------------------- */

static gc_status cl_probe(gc_device_info *infos, size_t max, size_t *count, char *why, size_t why_len) {
    return gc_cl_probe(infos, max, count, why, why_len);
}

static gc_status cl_device_open(size_t ordinal, const gc_device_info *info, gc_bdev **out) {
    gc_status st = GC_OK;
    cl_int err = CL_SUCCESS;
    *out = NULL;
    const gc_cl_device *e = gc_cl_device_at(ordinal);
    if (!e || !info) {
        gc_set_last_error("OpenCL device ordinal %zu was not found by the probe", ordinal);
        return GC_ERR_NO_DEVICE;
    }
    gc_bdev *d = calloc(1, sizeof *d);
    if (!d) return GC_ERR_NO_MEMORY;
    d->cl = *e;
    d->info = *info;

    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)e->platform, 0};
    d->ctx = gc_cl.clCreateContext(props, 1, &d->cl.device, NULL, NULL, &err);
    if (!d->ctx) {
        st = gc_cl_fail("clCreateContext", err, GC_ERR_DRIVER);
        goto out;
    }
    /* clCreateCommandQueue is deprecated from 2.0 but the only choice on a 1.x
     * platform, whose dispatch table has no WithProperties entry. */
    for (unsigned q = 0; q < GC_DEVICE_QUEUES && st == GC_OK; q++) {
        if (e->platform_major >= 2 && gc_cl.clCreateCommandQueueWithProperties) {
            cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
            d->queues[q] = gc_cl.clCreateCommandQueueWithProperties(d->ctx, d->cl.device, qp, &err);
            if (!d->queues[q]) st = gc_cl_fail("clCreateCommandQueueWithProperties", err, GC_ERR_DRIVER);
        } else {
            d->queues[q] = gc_cl.clCreateCommandQueue(d->ctx, d->cl.device, CL_QUEUE_PROFILING_ENABLE, &err);
            if (!d->queues[q]) st = gc_cl_fail("clCreateCommandQueue", err, GC_ERR_DRIVER);
        }
    }
out:
    if (st != GC_OK) {
        for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++)
            if (d->queues[q]) gc_cl.clReleaseCommandQueue(d->queues[q]);
        if (d->ctx) gc_cl.clReleaseContext(d->ctx);
        free(d);
        return st;
    }
    *out = d;
    return GC_OK;
}

static void cl_device_close(gc_bdev *d) {
    if (!d) return;
    finish_all(d);
    for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++)
        if (d->queues[q]) gc_cl.clReleaseCommandQueue(d->queues[q]);
    if (d->ctx) gc_cl.clReleaseContext(d->ctx);
    free(d);
}

/* Layout version of the blob below; part of the cache key so that a layout change
 * never meets an old cache entry. */
#define BLOB_MAGIC "GCCLBIN1"
#define BLOB_SOURCE_MAGIC "GCCLSRC1"

/* PoCL: source blobs (see the blob's layout below). */
static int source_blobs(const gc_bdev *d) { return strstr(d->info.platform, "Portable Computing Language") != NULL; }

static void cl_build_hash_input(gc_bdev *d, char *buf, size_t len) {
    const gc_device_info *i = &d->info;
    snprintf(buf, len, "opencl|%s|%s|%s|%s|%s|%s|%s|legacy-atomics=%d|blob=%s", i->platform,
             i->runtime_version, i->name, i->vendor, i->device_version, i->driver_version, i->arch,
             d->cl.legacy_atomics, source_blobs(d) ? BLOB_SOURCE_MAGIC : BLOB_MAGIC);
}

/* ---- compile and load ------------------------------------------------------------------- */

/* Blob = header, build options (NUL-terminated), program binary. The options travel
 * with the binary because clBuildProgram is called again on load. The checksum makes
 * a truncated or corrupted cache entry a GC_ERR_LOAD instead of a driver crash.
 *
 * On PoCL the payload is the source instead (magic BLOB_SOURCE_MAGIC), built again on load:
 * PoCL makes a program binary by generating machine code for every kernel of the program
 * (the KZG program's 37 kernels: ~55 s on a 2-core machine, against ~1.3 s for the build
 * alone), while a program built from source generates a kernel's code at its first launch
 * and keeps it in PoCL's own kernel cache. So a run pays only for the kernels it launches. */
typedef struct {
    char magic[8];
    uint32_t options_len; /* including the NUL */
    uint32_t reserved;
    uint64_t binary_len;
    uint64_t checksum; /* FNV-1a 64 over options and binary */
} blob_header;

static uint64_t fnv1a(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}
#define FNV_BASIS 0xcbf29ce484222325ull

/* "-cl-std=CL3.0 -DA=1 -DB ..." (malloc'd). A define OpenCL's option parser would
 * split (blank or quote in it) is refused rather than silently mangled. */
static gc_status build_options(gc_bdev *d, const char *const *defines, size_t n_defines, char **out) {
    size_t len = 64;
    for (size_t i = 0; i < n_defines; i++) {
        const char *s = defines[i];
        if (!s || !*s || strpbrk(s, " \t\n\r\"'\\") || s[0] == '=') {
            gc_set_last_error("OpenCL build option: define \"%s\" is empty or contains a blank, quote "
                              "or backslash", s ? s : "(null)");
            return GC_ERR_ARGUMENT;
        }
        len += strlen(s) + 4;
    }
    char *o = malloc(len);
    if (!o) return GC_ERR_NO_MEMORY;
    size_t at = (size_t)snprintf(o, len, "-cl-std=%s", d->info.arch);
    /* The dialect's switch to the 1.2 atomic built-ins (see gc_caps_opencl_legacy_atomics). */
    if (d->cl.legacy_atomics) at += (size_t)snprintf(o + at, len - at, " -DGC_CL_LEGACY_ATOMICS");
    for (size_t i = 0; i < n_defines; i++) at += (size_t)snprintf(o + at, len - at, " -D%s", defines[i]);
    *out = o;
    return GC_OK;
}

/* The build log of a program (malloc'd, may be ""), or NULL when out of memory. */
static char *build_log(gc_bdev *d, cl_program p) {
    size_t n = 0;
    if (gc_cl.clGetProgramBuildInfo(p, d->cl.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS)
        n = 0;
    char *log = malloc(n + 1);
    if (!log) return NULL;
    log[0] = '\0';
    if (n && gc_cl.clGetProgramBuildInfo(p, d->cl.device, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS)
        log[n] = '\0';
    else
        log[0] = '\0';
    return log;
}

static int only_blanks(const char *s) {
    for (; s && *s; s++)
        if (*s != ' ' && *s != '\n' && *s != '\r' && *s != '\t') return 0;
    return 1;
}

/* The blob of a payload (a program binary, or the source): header, options, payload. */
static gc_status make_blob(const char *magic, const char *options, const unsigned char *payload, size_t len,
                           void **blob, size_t *blob_len) {
    size_t opt_len = strlen(options) + 1, total = sizeof(blob_header) + opt_len + len;
    unsigned char *b = malloc(total);
    if (!b) return GC_ERR_NO_MEMORY;
    blob_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, magic, sizeof h.magic);
    h.options_len = (uint32_t)opt_len;
    h.binary_len = len;
    h.checksum = fnv1a(fnv1a(FNV_BASIS, options, opt_len), payload, len);
    memcpy(b, &h, sizeof h);
    memcpy(b + sizeof h, options, opt_len);
    memcpy(b + sizeof h + opt_len, payload, len);
    *blob = b;
    *blob_len = total;
    return GC_OK;
}

static gc_status cl_compile(gc_bdev *d, const char *label, const char *source, const char *const *defines,
                            size_t n_defines, void **blob, size_t *blob_len, char **log) {
    gc_status st = GC_OK;
    cl_int err = CL_SUCCESS;
    cl_program prog = NULL;
    char *options = NULL, *text = NULL;
    unsigned char *bin = NULL;
    *blob = NULL;
    *blob_len = 0;
    if (log) *log = NULL;

    st = build_options(d, defines, n_defines, &options);
    if (st != GC_OK) goto out;
    prog = gc_cl.clCreateProgramWithSource(d->ctx, 1, &source, NULL, &err);
    if (!prog) {
        st = gc_cl_fail("clCreateProgramWithSource", err, GC_ERR_DRIVER);
        goto out;
    }
    err = gc_cl.clBuildProgram(prog, 1, &d->cl.device, options, NULL, NULL);
    text = build_log(d, prog);
    if (err != CL_SUCCESS) {
        /* CL_BUILD_PROGRAM_FAILURE comes with the compiler's log; other codes (bad
         * options, no compiler) often with none, so the header says what was built. */
        st = gc_cl_fail("clBuildProgram", err, GC_ERR_COMPILE);
        if (log) {
            const char *body = text ? text : "";
            size_t n = strlen(body) + strlen(label) + strlen(options) + strlen(d->info.name) + 160;
            *log = malloc(n);
            if (*log)
                snprintf(*log, n, "%s: OpenCL build for %s failed: %s (%d); options: %s\n%s", label,
                         d->info.name, gc_cl_error_name(err), (int)err, options, body);
        }
        goto out;
    }
    if (log && text && !only_blanks(text)) { /* warnings */
        *log = text;
        text = NULL;
    }

    size_t bin_len = 0;
    if (source_blobs(d)) {
        bin_len = strlen(source) + 1;
        st = make_blob(BLOB_SOURCE_MAGIC, options, (const unsigned char *)source, bin_len, blob, blob_len);
        goto out;
    }
    err = gc_cl.clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bin_len, &bin_len, NULL);
    if (err != CL_SUCCESS) {
        st = gc_cl_fail("clGetProgramInfo(CL_PROGRAM_BINARY_SIZES)", err, GC_ERR_DRIVER);
        goto out;
    }
    if (bin_len == 0) {
        gc_set_last_error("clGetProgramInfo(CL_PROGRAM_BINARY_SIZES): %s gave an empty program binary",
                          d->info.name);
        st = GC_ERR_DRIVER;
        goto out;
    }
    bin = malloc(bin_len);
    if (!bin) {
        st = GC_ERR_NO_MEMORY;
        goto out;
    }
    err = gc_cl.clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
    if (err != CL_SUCCESS) {
        st = gc_cl_fail("clGetProgramInfo(CL_PROGRAM_BINARIES)", err, GC_ERR_DRIVER);
        goto out;
    }
    st = make_blob(BLOB_MAGIC, options, bin, bin_len, blob, blob_len);
out:
    if (prog) gc_cl.clReleaseProgram(prog);
    free(options);
    free(text);
    free(bin);
    return st;
}

/* A printable copy of a binary that is text (NVIDIA: PTX), else NULL. */
static char *text_copy(const unsigned char *b, size_t n) {
    while (n > 0 && b[n - 1] == '\0') n--;
    if (n == 0) return NULL;
    for (size_t i = 0; i < n; i++)
        if (b[i] != '\n' && b[i] != '\t' && b[i] != '\r' && (b[i] < 0x20 || b[i] > 0x7e)) return NULL;
    char *s = malloc(n + 1);
    if (!s) return NULL;
    memcpy(s, b, n);
    s[n] = '\0';
    return s;
}

static gc_status cl_load(gc_bdev *d, const void *blob, size_t blob_len, gc_bmod **out) {
    gc_status st = GC_OK;
    cl_int err = CL_SUCCESS, bin_status = CL_SUCCESS;
    gc_bmod *m = NULL;
    *out = NULL;
    blob_header h;
    if (!blob || blob_len < sizeof h) {
        gc_set_last_error("OpenCL module blob: %zu bytes, shorter than its header", blob_len);
        return GC_ERR_LOAD;
    }
    memcpy(&h, blob, sizeof h);
    const unsigned char *b = blob;
    const char *options = (const char *)(b + sizeof h);
    const unsigned char *binary = b + sizeof h + h.options_len;
    int from_source = memcmp(h.magic, BLOB_SOURCE_MAGIC, sizeof h.magic) == 0;
    if ((!from_source && memcmp(h.magic, BLOB_MAGIC, sizeof h.magic) != 0) || h.options_len == 0 ||
        h.options_len > blob_len - sizeof h || h.binary_len != blob_len - sizeof h - h.options_len ||
        h.binary_len == 0 || options[h.options_len - 1] != '\0' || (from_source && binary[h.binary_len - 1] != '\0')) {
        gc_set_last_error("OpenCL module blob: bad magic or inconsistent lengths (%zu bytes)", blob_len);
        return GC_ERR_LOAD;
    }
    if (fnv1a(fnv1a(FNV_BASIS, options, h.options_len), binary, (size_t)h.binary_len) != h.checksum) {
        gc_set_last_error("OpenCL module blob: checksum mismatch (corrupt cache entry)");
        return GC_ERR_LOAD;
    }
    m = calloc(1, sizeof *m);
    if (!m) return GC_ERR_NO_MEMORY;
    m->dev = d;
    size_t bin_len = (size_t)h.binary_len;
    if (from_source) {
        const char *text = (const char *)binary;
        m->program = gc_cl.clCreateProgramWithSource(d->ctx, 1, &text, NULL, &err);
        if (!m->program) {
            st = gc_cl_fail("clCreateProgramWithSource", err, GC_ERR_LOAD);
            goto out;
        }
        if ((err = gc_cl.clBuildProgram(m->program, 1, &d->cl.device, options, NULL, NULL)) != CL_SUCCESS)
            st = gc_cl_fail("clBuildProgram (from the source blob)", err, GC_ERR_LOAD);
        goto out;
    }
    m->program = gc_cl.clCreateProgramWithBinary(d->ctx, 1, &d->cl.device, &bin_len, &binary, &bin_status, &err);
    if (!m->program || err != CL_SUCCESS) {
        st = gc_cl_fail("clCreateProgramWithBinary", err != CL_SUCCESS ? err : bin_status, GC_ERR_LOAD);
        goto out;
    }
    if (bin_status != CL_SUCCESS) {
        st = gc_cl_fail("clCreateProgramWithBinary (binary status)", bin_status, GC_ERR_LOAD);
        goto out;
    }
    err = gc_cl.clBuildProgram(m->program, 1, &d->cl.device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        st = gc_cl_fail("clBuildProgram (from binary)", err, GC_ERR_LOAD);
        goto out;
    }
    m->assembly = text_copy(binary, bin_len);
out:
    if (st != GC_OK) {
        if (m->program) gc_cl.clReleaseProgram(m->program);
        free(m);
        return st;
    }
    *out = m;
    return GC_OK;
}

/* Whether the device ingests SPIR-V: an OpenCL 2.1+ entry point and a non-empty
 * CL_DEVICE_IL_VERSION; else *why says which is missing. */
static int takes_spirv(gc_bdev *d, char *why, size_t len) {
    char il[256] = "";
    if (!gc_cl.clCreateProgramWithIL) {
        snprintf(why, len, "the OpenCL loader has no clCreateProgramWithIL (OpenCL 2.1)");
        return 0;
    }
    if (gc_cl.clGetDeviceInfo(d->cl.device, CL_DEVICE_IL_VERSION, sizeof il - 1, il, NULL) != CL_SUCCESS || !il[0]) {
        snprintf(why, len, "%s (%s) reports no CL_DEVICE_IL_VERSION: it takes no SPIR-V", d->info.name,
                 d->info.platform);
        return 0;
    }
    return 1;
}

/* A program the user's toolchain made: SPIR-V through clCreateProgramWithIL, or the
 * device's own binary through clCreateProgramWithBinary, then clBuildProgram with the
 * user's options (a binary's build links it for the device). */
static gc_status cl_load_binary(gc_bdev *d, gc_binary_format format, const void *bytes, size_t len,
                                const char *options, gc_bmod **out, char **log) {
    cl_int err = CL_SUCCESS, bin_status = CL_SUCCESS;
    gc_status st = GC_OK;
    *out = NULL;
    if (log) *log = NULL;
    gc_bmod *m = calloc(1, sizeof *m);
    if (!m) return GC_ERR_NO_MEMORY;
    m->dev = d;
    const char *call = "clCreateProgramWithBinary";
    if (format == GC_BINARY_SPIRV) {
        char why[512];
        if (!takes_spirv(d, why, sizeof why)) {
            gc_set_last_error("SPIR-V: %s", why);
            free(m);
            return GC_ERR_UNSUPPORTED;
        }
        call = "clCreateProgramWithIL";
        m->program = gc_cl.clCreateProgramWithIL(d->ctx, bytes, len, &err);
    } else {
        const unsigned char *b = bytes;
        m->program = gc_cl.clCreateProgramWithBinary(d->ctx, 1, &d->cl.device, &len, &b, &bin_status, &err);
        if (err == CL_SUCCESS) err = bin_status;
    }
    if (!m->program || err != CL_SUCCESS) {
        st = gc_cl_fail(call, err, GC_ERR_LOAD);
        goto out;
    }
    err = gc_cl.clBuildProgram(m->program, 1, &d->cl.device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        st = gc_cl_fail(format == GC_BINARY_SPIRV ? "clBuildProgram (from SPIR-V)" : "clBuildProgram (from binary)",
                        err, GC_ERR_LOAD);
        if (log) *log = build_log(d, m->program);
        goto out;
    }
    if (format == GC_BINARY_OPENCL) m->assembly = text_copy(bytes, len);
out:
    if (st != GC_OK) {
        if (m->program) gc_cl.clReleaseProgram(m->program);
        free(m);
        return st;
    }
    *out = m;
    return GC_OK;
}

static void cl_unload(gc_bmod *m) {
    if (!m) return;
    if (m->program) gc_cl.clReleaseProgram(m->program);
    free(m->assembly);
    free(m);
}

static const char *cl_assembly(gc_bmod *m) { return m->assembly; }

static gc_status cl_kernel_get(gc_bmod *m, const char *name, gc_bkern **out) {
    cl_int err = CL_SUCCESS;
    *out = NULL;
    gc_bkern *k = calloc(1, sizeof *k);
    if (!k) return GC_ERR_NO_MEMORY;
    k->mod = m;
    snprintf(k->name, sizeof k->name, "%s", name);
    k->kernel = gc_cl.clCreateKernel(m->program, name, &err);
    if (!k->kernel) {
        gc_status st = gc_cl_fail("clCreateKernel", err, err == CL_INVALID_KERNEL_NAME ? GC_ERR_NO_KERNEL : GC_ERR_DRIVER);
        free(k);
        return st;
    }
    err = gc_cl.clGetKernelInfo(k->kernel, CL_KERNEL_NUM_ARGS, sizeof k->num_args, &k->num_args, NULL);
    if (err != CL_SUCCESS) {
        gc_cl.clReleaseKernel(k->kernel);
        free(k);
        return gc_cl_fail("clGetKernelInfo(CL_KERNEL_NUM_ARGS)", err, GC_ERR_DRIVER);
    }
    *out = k;
    return GC_OK;
}

static gc_status cl_kernel_max_group(gc_bkern *k, size_t *out) {
    *out = 0;
    cl_int err = gc_cl.clGetKernelWorkGroupInfo(k->kernel, k->mod->dev->cl.device, CL_KERNEL_WORK_GROUP_SIZE,
                                                sizeof *out, out, NULL);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)", err, GC_ERR_DRIVER);
}

static void cl_kernel_free(gc_bkern *k) {
    if (!k) return;
    if (k->kernel) gc_cl.clReleaseKernel(k->kernel);
    free(k);
}

/* ---- launches ------------------------------------------------------------------------------ */

/* Device time of a finished command, in ms; GC_OK or the profiling error. */
static gc_status event_ms(cl_event ev, double *ms) {
    cl_ulong t0 = 0, t1 = 0;
    cl_int err = gc_cl.clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    if (err == CL_SUCCESS) err = gc_cl.clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    if (err != CL_SUCCESS) return gc_cl_fail("clGetEventProfilingInfo", err, GC_ERR_DRIVER);
    *ms = t1 >= t0 ? (double)(t1 - t0) / 1e6 : 0.0;
    return GC_OK;
}

/* Wait for a command; a command that failed on the device reports its own code. */
static gc_status wait_event(cl_event ev, const char *what) {
    cl_int err = gc_cl.clWaitForEvents(1, &ev);
    cl_int status = CL_COMPLETE;
    if (gc_cl.clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL) == CL_SUCCESS &&
        status < 0)
        return gc_cl_fail(what, status, GC_ERR_LAUNCH);
    if (err != CL_SUCCESS) return gc_cl_fail("clWaitForEvents", err, GC_ERR_LAUNCH);
    return GC_OK;
}

static gc_status cl_launch(gc_bkern *k, const gc_range *r, const gc_arg *args, size_t nargs,
                           gc_bmem *const *arg_mems, int wait, double *elapsed_ms) {
    gc_status st = GC_OK;
    cl_int err = CL_SUCCESS;
    cl_event ev = NULL;
    gc_bdev *d = k->mod->dev;
    /* Dynamic local memory is one trailing __local parameter, present exactly when
     * bytes are asked for: a kernel that declares it has to get it (OpenCL has no
     * 0-byte __local argument), and without kernel-argument info (absent for programs
     * loaded from binaries) the trailing parameter's kind cannot be checked. */
    int has_dynamic = r->dynamic_local_bytes > 0;
    if (k->num_args != nargs + (size_t)has_dynamic) {
        gc_set_last_error("launch of %s: the kernel takes %u arguments, %zu given%s", k->name,
                          (unsigned)k->num_args, nargs,
                          has_dynamic ? " plus the dynamic local memory" : " and no dynamic local memory");
        return GC_ERR_ARGUMENT;
    }
    for (size_t i = 0; i < nargs; i++) {
        if (args[i].kind == GC_ARG_BUFFER) {
            gc_bmem *m = arg_mems[i];
            if (m->svm) {
                err = gc_cl.clSetKernelArgSVMPointer(k->kernel, (cl_uint)i, m->svm);
                if (err != CL_SUCCESS) return gc_cl_fail("clSetKernelArgSVMPointer", err, GC_ERR_LAUNCH);
            } else {
                err = gc_cl.clSetKernelArg(k->kernel, (cl_uint)i, sizeof(cl_mem), &m->mem);
                if (err != CL_SUCCESS) return gc_cl_fail("clSetKernelArg", err, GC_ERR_LAUNCH);
            }
        } else {
            err = gc_cl.clSetKernelArg(k->kernel, (cl_uint)i, args[i].size, args[i].value);
            if (err != CL_SUCCESS) return gc_cl_fail("clSetKernelArg", err, GC_ERR_LAUNCH);
        }
    }
    if (has_dynamic) {
        err = gc_cl.clSetKernelArg(k->kernel, (cl_uint)nargs, r->dynamic_local_bytes, NULL);
        if (err != CL_SUCCESS) return gc_cl_fail("clSetKernelArg (dynamic __local)", err, GC_ERR_LAUNCH);
    }

    size_t global[3], local[3];
    for (unsigned i = 0; i < r->dims; i++) global[i] = r->global[i], local[i] = r->local[i];
    int want_event = wait || elapsed_ms;
    err = gc_cl.clEnqueueNDRangeKernel(d->queues[d->cur], k->kernel, r->dims, NULL, global, local, 0, NULL,
                                       want_event ? &ev : NULL);
    if (err != CL_SUCCESS) {
        st = gc_cl_fail("clEnqueueNDRangeKernel", err, GC_ERR_LAUNCH);
        goto out;
    }
    if (!want_event) {
        /* Queued work must start without a later blocking call (benchmarks time a
         * sequence with markers, and some drivers batch until a flush). */
        err = gc_cl.clFlush(d->queues[d->cur]);
        if (err != CL_SUCCESS) st = gc_cl_fail("clFlush", err, GC_ERR_LAUNCH);
        goto out;
    }
    st = wait_event(ev, "kernel execution");
    if (st != GC_OK) goto out;
    if (elapsed_ms) st = event_ms(ev, elapsed_ms);
out:
    if (ev) gc_cl.clReleaseEvent(ev);
    return st;
}

static gc_status cl_finish(gc_bdev *d) {
    cl_int err = finish_all(d);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clFinish", err, GC_ERR_LAUNCH);
}

static gc_status cl_select_queue(gc_bdev *d, unsigned queue) {
    d->cur = queue;
    return GC_OK;
}

/* A marker on `waited` and, on `waiter`, a marker that waits for it: in an in-order
 * queue every later command starts after that marker completes. */
static gc_status cl_queue_wait(gc_bdev *d, unsigned waiter, unsigned waited) {
    cl_event done = NULL;
    cl_int err = gc_cl.clEnqueueMarkerWithWaitList(d->queues[waited], 0, NULL, &done);
    if (err == CL_SUCCESS) err = gc_cl.clFlush(d->queues[waited]);
    if (err == CL_SUCCESS) err = gc_cl.clEnqueueMarkerWithWaitList(d->queues[waiter], 1, &done, NULL);
    if (err == CL_SUCCESS) err = gc_cl.clFlush(d->queues[waiter]);
    if (done) gc_cl.clReleaseEvent(done);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clEnqueueMarkerWithWaitList", err, GC_ERR_DRIVER);
}

/* ---- memory ---------------------------------------------------------------------------------- */

static gc_status cl_mem_alloc(gc_bdev *d, size_t bytes, gc_mem_kind kind, gc_bmem **out, void **host_ptr) {
    cl_int err = CL_SUCCESS;
    *out = NULL;
    if (host_ptr) *host_ptr = NULL;
    gc_bmem *m = calloc(1, sizeof *m);
    if (!m) return GC_ERR_NO_MEMORY;
    m->dev = d;
    m->size = bytes;
    if (kind == GC_MEM_HOST_MAPPED) {
        m->svm_mode = d->cl.svm;
        if (d->cl.svm == GC_CL_SVM_SYSTEM) {
            /* Fine-grained system SVM: the device uses ordinary host memory. Cache-line
             * alignment keeps atomics and vector loads natural. */
            size_t rounded = (bytes + 127) & ~(size_t)127;
            m->svm = aligned_alloc(128, rounded);
            if (!m->svm) {
                free(m);
                return GC_ERR_NO_MEMORY;
            }
        } else if (d->cl.svm == GC_CL_SVM_FINE_BUFFER) {
            m->svm = gc_cl.clSVMAlloc(d->ctx, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS,
                                      bytes, 0);
            if (!m->svm) {
                /* clSVMAlloc has no error code: NULL is all it says. */
                gc_set_last_error("clSVMAlloc failed: %zu bytes of fine-grained SVM on %s", bytes, d->info.name);
                free(m);
                return GC_ERR_DEVICE_MEMORY;
            }
        } else {
            gc_set_last_error("%s has no fine-grained SVM: no host-mapped memory", d->info.name);
            free(m);
            return GC_ERR_UNSUPPORTED;
        }
        if (host_ptr) *host_ptr = m->svm;
        *out = m;
        return GC_OK;
    }
    if (kind != GC_MEM_DEVICE) {
        free(m);
        return GC_ERR_ARGUMENT;
    }
    m->mem = gc_cl.clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (!m->mem) {
        free(m);
        return gc_cl_fail("clCreateBuffer", err, GC_ERR_DEVICE_MEMORY);
    }
    *out = m;
    return GC_OK;
}

static void cl_mem_free(gc_bmem *m) {
    if (!m) return;
    if (m->svm) {
        /* The device may still be using the memory: drain the queues first. */
        finish_all(m->dev);
        if (m->svm_mode == GC_CL_SVM_FINE_BUFFER)
            gc_cl.clSVMFree(m->dev->ctx, m->svm);
        else
            free(m->svm);
    }
    if (m->mem) gc_cl.clReleaseMemObject(m->mem);
    free(m);
}

/* Host access to fine-grained SVM is coherent once the queues have drained, which is
 * also the order a blocking read/write of an ordinary buffer gives. */
static gc_status svm_sync(gc_bmem *m) {
    cl_int err = finish_all(m->dev);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clFinish", err, GC_ERR_DEVICE_MEMORY);
}

static gc_status cl_mem_write(gc_bmem *m, size_t off, const void *src, size_t bytes) {
    gc_status st;
    if (m->svm) {
        st = svm_sync(m);
        if (st == GC_OK) memcpy((char *)m->svm + off, src, bytes);
        return st;
    }
    cl_int err = gc_cl.clEnqueueWriteBuffer(m->dev->queues[m->dev->cur], m->mem, CL_TRUE, off, bytes, src, 0, NULL, NULL);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clEnqueueWriteBuffer", err, GC_ERR_DEVICE_MEMORY);
}

static gc_status cl_mem_write_async(gc_bmem *m, size_t off, const void *src, size_t bytes) {
    if (m->svm) return cl_mem_write(m, off, src, bytes);
    cl_int err = gc_cl.clEnqueueWriteBuffer(m->dev->queues[m->dev->cur], m->mem, CL_FALSE, off, bytes, src, 0, NULL, NULL);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clEnqueueWriteBuffer", err, GC_ERR_DEVICE_MEMORY);
}

static gc_status cl_mem_read(gc_bmem *m, size_t off, void *dst, size_t bytes) {
    gc_status st;
    if (m->svm) {
        st = svm_sync(m);
        if (st == GC_OK) memcpy(dst, (const char *)m->svm + off, bytes);
        return st;
    }
    cl_int err = gc_cl.clEnqueueReadBuffer(m->dev->queues[m->dev->cur], m->mem, CL_TRUE, off, bytes, dst, 0, NULL, NULL);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clEnqueueReadBuffer", err, GC_ERR_DEVICE_MEMORY);
}

static gc_status cl_mem_fill(gc_bmem *m, uint8_t byte, size_t bytes) {
    gc_status st;
    if (m->svm) {
        st = svm_sync(m);
        if (st == GC_OK) memset(m->svm, byte, bytes);
        return st;
    }
    cl_int err = gc_cl.clEnqueueFillBuffer(m->dev->queues[m->dev->cur], m->mem, &byte, 1, 0, bytes, 0, NULL, NULL);
    if (err != CL_SUCCESS) return gc_cl_fail("clEnqueueFillBuffer", err, GC_ERR_DEVICE_MEMORY);
    /* Blocking, like the reads and writes: the canary is in place on return. */
    err = gc_cl.clFinish(m->dev->queues[m->dev->cur]);
    return err == CL_SUCCESS ? GC_OK : gc_cl_fail("clFinish", err, GC_ERR_DEVICE_MEMORY);
}

/* ---- timers ----------------------------------------------------------------------------------
 * timer_start drains the queue, then enqueues a profiled marker; timer_stop enqueues a
 * second marker, drains the queue, and returns the device-clock time between the two
 * markers' completions. Where a driver does not time markers
 * (CL_PROFILING_INFO_NOT_AVAILABLE), it returns the host's monotonic time between the
 * drained start and the drained stop instead: the same interval, measured on the
 * host. */

static gc_status cl_timer_start(gc_bdev *d, gc_btimer **out) {
    *out = NULL;
    gc_btimer *t = calloc(1, sizeof *t);
    if (!t) return GC_ERR_NO_MEMORY;
    t->dev = d;
    cl_int err = gc_cl.clFinish(d->queues[0]);
    if (err == CL_SUCCESS) err = gc_cl.clEnqueueMarkerWithWaitList(d->queues[0], 0, NULL, &t->start);
    if (err != CL_SUCCESS) {
        free(t);
        return gc_cl_fail("clEnqueueMarkerWithWaitList", err, GC_ERR_DRIVER);
    }
    t->host_start_ms = gc_clock_ms();
    *out = t;
    return GC_OK;
}

static gc_status cl_timer_stop(gc_btimer *t, double *elapsed_ms) {
    gc_status st = GC_OK;
    cl_event stop = NULL;
    cl_int err = gc_cl.clEnqueueMarkerWithWaitList(t->dev->queues[0], 0, NULL, &stop);
    if (err != CL_SUCCESS) {
        st = gc_cl_fail("clEnqueueMarkerWithWaitList", err, GC_ERR_DRIVER);
        goto out;
    }
    err = gc_cl.clFinish(t->dev->queues[0]);
    double host_stop_ms = gc_clock_ms();
    if (err != CL_SUCCESS) {
        st = gc_cl_fail("clFinish", err, GC_ERR_LAUNCH);
        goto out;
    }
    cl_ulong t0 = 0, t1 = 0;
    err = gc_cl.clGetEventProfilingInfo(t->start, CL_PROFILING_COMMAND_END, sizeof t0, &t0, NULL);
    if (err == CL_SUCCESS) err = gc_cl.clGetEventProfilingInfo(stop, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    if (err == CL_SUCCESS && t1 >= t0) {
        if (elapsed_ms) *elapsed_ms = (double)(t1 - t0) / 1e6;
    } else if (err == CL_SUCCESS || err == CL_PROFILING_INFO_NOT_AVAILABLE) {
        if (elapsed_ms) *elapsed_ms = host_stop_ms - t->host_start_ms;
    } else {
        st = gc_cl_fail("clGetEventProfilingInfo (marker)", err, GC_ERR_DRIVER);
    }
out:
    if (stop) gc_cl.clReleaseEvent(stop);
    if (t->start) gc_cl.clReleaseEvent(t->start);
    free(t);
    return st;
}

/* The runtime's sub-groups for a work-group of range->local: OpenCL 2.1's
 * clGetKernelSubGroupInfo, called only on 2.1+ platforms (older ones have no such
 * entry in their dispatch table). */
static gc_status cl_kernel_sub_groups(gc_bkern *k, const gc_range *range, unsigned *max_size,
                                      unsigned *count) {
    gc_bdev *d = k->mod->dev;
    int have_21 = d->cl.platform_major > 2 || (d->cl.platform_major == 2 && d->cl.platform_minor >= 1);
    if (!gc_cl.clGetKernelSubGroupInfo || !have_21 || !d->info.caps.sub_groups) {
        gc_set_last_error("%s: no kernel sub-group query (needs an OpenCL 2.1+ platform and sub-groups)",
                          d->info.id);
        return GC_ERR_UNSUPPORTED;
    }
    size_t local[3] = {range->local[0], range->local[1], range->local[2]}, v = 0;
    cl_int err = gc_cl.clGetKernelSubGroupInfo(k->kernel, d->cl.device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                               range->dims * sizeof local[0], local, sizeof v, &v, NULL);
    if (err != CL_SUCCESS)
        return gc_cl_fail("clGetKernelSubGroupInfo(CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE)", err, GC_ERR_DRIVER);
    *max_size = (unsigned)v;
    err = gc_cl.clGetKernelSubGroupInfo(k->kernel, d->cl.device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                        range->dims * sizeof local[0], local, sizeof v, &v, NULL);
    if (err != CL_SUCCESS)
        return gc_cl_fail("clGetKernelSubGroupInfo(CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE)", err, GC_ERR_DRIVER);
    *count = (unsigned)v;
    return GC_OK;
}

const gc_backend_ops gc_opencl_ops = {
    .kind = GC_BACKEND_OPENCL,
    .probe = cl_probe,
    .device_open = cl_device_open,
    .device_close = cl_device_close,
    .build_hash_input = cl_build_hash_input,
    .compile = cl_compile,
    .load = cl_load,
    .unload = cl_unload,
    .load_binary = cl_load_binary,
    .assembly = cl_assembly,
    .kernel_get = cl_kernel_get,
    .kernel_free = cl_kernel_free,
    .kernel_max_group = cl_kernel_max_group,
    .launch = cl_launch,
    .finish = cl_finish,
    .select_queue = cl_select_queue,
    .queue_wait = cl_queue_wait,
    .mem_alloc = cl_mem_alloc,
    .mem_free = cl_mem_free,
    .mem_write = cl_mem_write,
    .mem_write_async = cl_mem_write_async,
    .mem_read = cl_mem_read,
    .mem_fill = cl_mem_fill,
    .timer_start = cl_timer_start,
    .timer_stop = cl_timer_stop,
    .kernel_sub_group_info = cl_kernel_sub_groups,
};
