/* SPDX-License-Identifier: Apache-2.0 */
/* cuda.c — the CUDA backend: driver API (libcuda, dlopen'ed) plus NVRTC.
 *
 * One primary context and two streams (the device's two queues) per opened device;
 * every call makes the device's context current first, so any host thread may use any
 * device. Copies and fills are queued on the current queue's stream and then waited
 * for, so they are ordered after kernels enqueued there earlier. Modules are CUBIN for the device's exact
 * architecture; the blob handed to the compile cache also carries the PTX that
 * gc_module_assembly() shows (see the blob layout below). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/cuda_api.h"
#include "backend/cuda_blob.h"
#include "backend/caps.h"
#include "backend/nvrtc.h"

/* ---- loading the driver -------------------------------------------------------- */

static gc_cuda_driver_api cu;
static gc_status cu_load_status = GC_ERR_UNAVAILABLE;
static char cu_why[512];
static pthread_once_t cu_once = PTHREAD_ONCE_INIT;

static void cu_load_once(void) {
    const char *env = getenv("GC_CUDA_LIBRARY");
    const char *path = env && *env ? env : "libcuda.so.1";
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(cu_why, sizeof cu_why, "%s", e ? e : "libcuda.so.1 cannot be opened");
        return;
    }
#define GC_CU_RESOLVE_(field, sym, ret, params)                                                   \
    cu.field = (ret(*) params)dlsym(h, sym);                                                     \
    if (!cu.field) {                                                                             \
        snprintf(cu_why, sizeof cu_why, "%s lacks %s: the NVIDIA driver is too old", path, sym); \
        dlclose(h);                                                                              \
        memset(&cu, 0, sizeof cu);                                                               \
        return;                                                                                  \
    }
    GC_CUDA_DRIVER_FUNCS(GC_CU_RESOLVE_)
#undef GC_CU_RESOLVE_
#define GC_CU_RESOLVE_OPTIONAL_(field, sym, ret, params) cu.field = (ret(*) params)dlsym(h, sym);
    GC_CUDA_DRIVER_OPTIONAL_FUNCS(GC_CU_RESOLVE_OPTIONAL_)
#undef GC_CU_RESOLVE_OPTIONAL_
    if (!cu.EventElapsedTime2 && !cu.EventElapsedTime1) {
        snprintf(cu_why, sizeof cu_why, "%s lacks cuEventElapsedTime", path);
        dlclose(h);
        memset(&cu, 0, sizeof cu);
        return;
    }
    cu_load_status = GC_OK;
}

/* Errors after which CUDA is unusable in this process (the CUDA docs call them sticky):
 * every later call fails the same way, and neither closing nor resetting the primary
 * context helps (tried on an H200, driver 580); only a new process does, which is why
 * the harness runs each test in its own. Saying so spares a chase of follow-on errors. */
static int cu_sticky(CUresult r) {
    return r == CUDA_ERROR_ILLEGAL_ADDRESS || r == CUDA_ERROR_LAUNCH_TIMEOUT || r == CUDA_ERROR_ASSERT ||
           (r >= CUDA_ERROR_HARDWARE_STACK_ERROR && r <= CUDA_ERROR_LAUNCH_FAILED);
}

/* Record "cuXxx failed: CUDA_ERROR_NAME (N): text" and return st. */
static gc_status cu_fail(gc_status st, const char *call, CUresult r) {
    const char *name = NULL, *text = NULL;
    if (cu.GetErrorName(r, &name) != CUDA_SUCCESS || !name) name = NULL;
    if (cu.GetErrorString(r, &text) != CUDA_SUCCESS || !text) text = NULL;
    if (!name || !text) {
        /* The toolkit's stub libcuda (what a machine without a driver may have) cannot
         * name its own errors; these are the ones cuInit gives there. */
        switch (r) {
        case CUDA_ERROR_STUB_LIBRARY:
            name = "CUDA_ERROR_STUB_LIBRARY", text = "the CUDA driver is a stub library, not a real driver";
            break;
        case CUDA_ERROR_INSUFFICIENT_DRIVER:
            name = "CUDA_ERROR_INSUFFICIENT_DRIVER",
            text = "the installed NVIDIA driver is older than the CUDA runtime";
            break;
        case CUDA_ERROR_NO_DEVICE:
            name = "CUDA_ERROR_NO_DEVICE", text = "no CUDA-capable device is detected";
            break;
        default: name = "CUDA_ERROR_UNKNOWN_CODE", text = "the driver could not describe this error";
        }
    }
    gc_set_last_error("%s failed: %s (%d): %s%s", call, name, r, text,
                      cu_sticky(r) ? " (sticky: CUDA stays unusable in this process)" : "");
    if (r == CUDA_ERROR_OUT_OF_MEMORY && st != GC_ERR_LAUNCH) return GC_ERR_DEVICE_MEMORY;
    return st;
}

/* Call a driver function; on failure record the error and return `st` from the
 * enclosing function. */
#define CU_TRY(st, fn, args)                                                                     \
    do {                                                                                         \
        CUresult cu_r_ = cu.fn args;                                                             \
        if (cu_r_ != CUDA_SUCCESS) return cu_fail((st), "cu" #fn, cu_r_);                         \
    } while (0)

/* ---- backend objects ------------------------------------------------------------ */

struct gc_bdev {
    CUdevice dev;
    CUcontext ctx;
    CUstream streams[GC_DEVICE_QUEUES]; /* queue i; transfers and launches go to streams[cur] */
    unsigned cur;
    CUevent ev_start, ev_stop; /* timing of single launches */
    CUevent ev_join;           /* queue_wait's marker (no timing) */
    char target[16];           /* NVRTC target: "sm_90", or "compute_XY" (see gc_nvrtc_pick_target) */
    gc_status target_status;   /* why there is no target (NVRTC missing, arch too old) */
    int driver_version;
    int nvrtc_major, nvrtc_minor;
    int shared_optin;          /* CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN */
    gc_device_info info;
};

struct gc_bmem {
    gc_bdev *d;
    CUdeviceptr ptr; /* what kernels get: cuMemAlloc's, or the mapped host memory's */
    void *host;      /* GC_MEM_HOST_MAPPED: the host side; NULL for device memory */
    size_t bytes;
};

struct gc_bmod {
    gc_bdev *d;
    CUmodule mod;
    char *ptx; /* NULL when the blob carried none */
};

struct gc_bkern {
    gc_bmod *m;
    CUfunction fn;
    int max_threads;    /* per block, for this kernel's register use */
    int static_shared;  /* bytes of __shared__ arrays in the kernel */
    int dynamic_limit;  /* current CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES */
    long n_params;      /* the parameters it takes, -1 when unknown (learn_params) */
    size_t *param_size; /* each one's size in bytes, n_params of them */
    char name[128];
};

struct gc_btimer {
    gc_bdev *d;
    CUevent start, stop;
};

static gc_status make_current(gc_bdev *d) {
    CU_TRY(GC_ERR_DRIVER, CtxSetCurrent, (d->ctx));
    return GC_OK;
}

/* ---- probe ---------------------------------------------------------------------- */

static int attr(CUdevice dev, int a) {
    int v = 0;
    if (cu.DeviceGetAttribute(&v, a, dev) != CUDA_SUCCESS) return 0;
    return v;
}

/* The kernel module's version ("580.95.05") from /proc, where the driver exposes it:
 * "NVRM version: NVIDIA UNIX [Open ]Kernel Module [for x86_64]  580.95.05  Release ...".
 * The first word after "Kernel Module" that starts with a digit is the version. */
static int kernel_driver_version(char *buf, size_t len) {
    FILE *f = fopen("/proc/driver/nvidia/version", "r");
    char line[512];
    int ok = 0;
    if (!f) return 0;
    const char *p = fgets(line, sizeof line, f) ? strstr(line, "Kernel Module") : NULL;
    fclose(f);
    if (!p) return 0;
    for (p += strlen("Kernel Module"); *p && !ok;) {
        p += strspn(p, " \t");
        size_t n = strcspn(p, " \t\n");
        if (n == 0) break;
        if (p[0] >= '0' && p[0] <= '9' && memchr(p, '.', n) && n < len) {
            memcpy(buf, p, n);
            buf[n] = '\0';
            ok = 1;
        }
        p += n;
    }
    return ok;
}

static gc_status fill_info(int ordinal, CUdevice dev, int driver_version, gc_device_info *info) {
    memset(info, 0, sizeof *info);
    snprintf(info->id, sizeof info->id, "cuda:%d", ordinal);
    info->backend = GC_BACKEND_CUDA;
    CU_TRY(GC_ERR_DRIVER, DeviceGetName, (info->name, (int)sizeof info->name, dev));
    info->name[sizeof info->name - 1] = '\0';
    snprintf(info->vendor, sizeof info->vendor, "NVIDIA Corporation");
    snprintf(info->platform, sizeof info->platform, "NVIDIA CUDA");

    info->cc_major = (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    info->cc_minor = (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    snprintf(info->device_version, sizeof info->device_version, "compute capability %u.%u",
             info->cc_major, info->cc_minor);
    snprintf(info->arch, sizeof info->arch, "sm_%u%u", info->cc_major, info->cc_minor);
    snprintf(info->runtime_version, sizeof info->runtime_version, "CUDA %d.%d",
             driver_version / 1000, (driver_version % 1000) / 10);
    if (!kernel_driver_version(info->driver_version, sizeof info->driver_version))
        snprintf(info->driver_version, sizeof info->driver_version, "%s", info->runtime_version);

    int nv_major = 0, nv_minor = 0;
    if (gc_nvrtc_version(&nv_major, &nv_minor) == GC_OK) {
        snprintf(info->compiler_version, sizeof info->compiler_version, "NVRTC %d.%d", nv_major, nv_minor);
    } else {
        const char *why = "";
        gc_nvrtc_load(&why);
        snprintf(info->compiler_version, sizeof info->compiler_version, "NVRTC unavailable: %s", why);
    }

    info->is_gpu = 1;
    info->is_cpu = 0;
    info->compute_units = (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    info->clock_mhz = (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000u;
    info->memory_clock_mhz = (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000u;
    info->memory_bus_bits = (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
    size_t total = 0;
    CU_TRY(GC_ERR_DRIVER, DeviceTotalMem, (&total, dev));
    info->global_mem_bytes = total;
    /* CUDA has no per-allocation limit below the memory size. */
    info->max_alloc_bytes = total;
    info->local_mem_bytes = (uint64_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    info->local_mem_optin_bytes = (uint64_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    if (info->local_mem_optin_bytes < info->local_mem_bytes) info->local_mem_optin_bytes = info->local_mem_bytes;
    info->l2_cache_bytes = (uint64_t)attr(dev, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
    /* NVML's form of the address (nvmlPciInfo_t.busId), so that NVML finds this device. */
    snprintf(info->pci_bus_id, sizeof info->pci_bus_id, "%08X:%02X:%02X.0",
             (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID), (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID),
             (unsigned)attr(dev, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID));
    info->max_work_group_size = (size_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    info->max_work_item_sizes[0] = (size_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
    info->max_work_item_sizes[1] = (size_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
    info->max_work_item_sizes[2] = (size_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
    info->max_groups[0] = (uint64_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
    info->max_groups[1] = (uint64_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
    info->max_groups[2] = (uint64_t)attr(dev, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);

    gc_caps_from_cuda_cc(&info->caps, info->cc_major, info->cc_minor);
    /* What the compute capability cannot tell: the warp size is asked (it has been 32
     * on every NVIDIA GPU, but the dialect's warp arithmetic assumes it), mapping of
     * host memory is per device, and cuLaunchKernel has no partial blocks. */
    int warp = attr(dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    if (warp != 32) {
        info->caps.sub_groups = 0;
        info->caps.n_sub_group_sizes = 0;
    }
    info->caps.host_mapped_memory = attr(dev, CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY) &&
                                    attr(dev, CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING);
    info->caps.non_uniform_work_groups = 0;
    return GC_OK;
}

static gc_status cuda_probe(gc_device_info *infos, size_t max, size_t *count, char *why, size_t why_len) {
    *count = 0;
    pthread_once(&cu_once, cu_load_once);
    if (cu_load_status != GC_OK) {
        snprintf(why, why_len, "%s", cu_why);
        return GC_ERR_UNAVAILABLE;
    }
    CUresult r = cu.Init(0);
    if (r != CUDA_SUCCESS) {
        cu_fail(GC_ERR_UNAVAILABLE, "cuInit", r);
        snprintf(why, why_len, "%s", gc_last_error());
        return GC_ERR_UNAVAILABLE;
    }
    int driver_version = 0, n = 0;
    CU_TRY(GC_ERR_DRIVER, DriverGetVersion, (&driver_version));
    CU_TRY(GC_ERR_DRIVER, DeviceGetCount, (&n));
    if (n <= 0) {
        snprintf(why, why_len, "the CUDA driver reports no devices");
        return GC_ERR_UNAVAILABLE;
    }
    for (int i = 0; i < n && (size_t)i < max; i++) {
        CUdevice dev;
        CU_TRY(GC_ERR_DRIVER, DeviceGet, (&dev, i));
        gc_status st = fill_info(i, dev, driver_version, &infos[i]);
        if (st != GC_OK) return st;
        *count = (size_t)i + 1;
    }
    return GC_OK;
}

/* ---- devices -------------------------------------------------------------------- */

static void cuda_device_close(gc_bdev *d) {
    if (!d) return;
    if (d->ctx) {
        /* Errors are ignored: after a kernel fault every call fails, and the
         * resources go with the process. */
        cu.CtxSetCurrent(d->ctx);
        for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++)
            if (d->streams[q]) cu.StreamSynchronize(d->streams[q]);
        if (d->ev_start) cu.EventDestroy(d->ev_start);
        if (d->ev_stop) cu.EventDestroy(d->ev_stop);
        if (d->ev_join) cu.EventDestroy(d->ev_join);
        for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++)
            if (d->streams[q]) cu.StreamDestroy(d->streams[q]);
        cu.CtxSetCurrent(NULL);
        cu.DevicePrimaryCtxRelease(d->dev);
    }
    free(d);
}

static gc_status cuda_device_open(size_t ordinal, const gc_device_info *info, gc_bdev **out) {
    gc_status st = GC_OK;
    CUresult r;
    *out = NULL;
    if (cu_load_status != GC_OK) return GC_ERR_UNAVAILABLE;
    gc_bdev *d = calloc(1, sizeof *d);
    if (!d) return GC_ERR_NO_MEMORY;
    d->info = *info;
    if ((r = cu.DeviceGet(&d->dev, (int)ordinal)) != CUDA_SUCCESS) {
        st = cu_fail(GC_ERR_NO_DEVICE, "cuDeviceGet", r);
        goto fail;
    }
    if ((r = cu.DevicePrimaryCtxRetain(&d->ctx, d->dev)) != CUDA_SUCCESS) {
        d->ctx = NULL;
        st = cu_fail(GC_ERR_DRIVER, "cuDevicePrimaryCtxRetain", r);
        goto fail;
    }
    if ((st = make_current(d)) != GC_OK) goto fail;
    /* Non-blocking: nothing else in the process (cudart users on the legacy default
     * stream) serializes with our work. */
    for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++) {
        if ((r = cu.StreamCreate(&d->streams[q], CU_STREAM_NON_BLOCKING)) != CUDA_SUCCESS) {
            d->streams[q] = NULL;
            st = cu_fail(GC_ERR_DRIVER, "cuStreamCreate", r);
            goto fail;
        }
    }
    if ((r = cu.EventCreate(&d->ev_start, CU_EVENT_DEFAULT)) != CUDA_SUCCESS ||
        (r = cu.EventCreate(&d->ev_stop, CU_EVENT_DEFAULT)) != CUDA_SUCCESS ||
        (r = cu.EventCreate(&d->ev_join, CU_EVENT_DISABLE_TIMING)) != CUDA_SUCCESS) {
        st = cu_fail(GC_ERR_DRIVER, "cuEventCreate", r);
        goto fail;
    }
    cu.DriverGetVersion(&d->driver_version);
    d->shared_optin = attr(d->dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    if (d->shared_optin < attr(d->dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK))
        d->shared_optin = attr(d->dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    /* The device is usable without NVRTC (cached modules load); compile says why not. */
    if (gc_nvrtc_version(&d->nvrtc_major, &d->nvrtc_minor) == GC_OK)
        d->target_status = gc_nvrtc_pick_target(info->cc_major * 10u + info->cc_minor, d->target,
                                                sizeof d->target);
    else
        d->target_status = GC_ERR_UNAVAILABLE;
    if (d->target_status != GC_OK) snprintf(d->target, sizeof d->target, "sm_%u%u", info->cc_major, info->cc_minor);
    *out = d;
    return GC_OK;
fail:
    cuda_device_close(d);
    return st;
}

/* Kernels compiled ahead of time are CUBINs for the device's exact architecture. */
static int cuda_aot_target(gc_bdev *d, char *buf, size_t len) {
    int n = snprintf(buf, len, "sm_%u%u", d->info.cc_major, d->info.cc_minor);
    return n > 0 && (size_t)n < len;
}

static void cuda_build_hash_input(gc_bdev *d, char *buf, size_t len) {
    snprintf(buf, len, "cuda target=%s cc=%u.%u driver=%d nvrtc=%d.%d options=%s blob=%d", d->target,
             d->info.cc_major, d->info.cc_minor, d->driver_version, d->nvrtc_major, d->nvrtc_minor,
             GC_NVRTC_FIXED_OPTIONS, 1);
}

/* ---- compile and load ----------------------------------------------------------------
 * Blob layout (little-endian, as the hosts we run on are):
 *   0  char[8]  magic "GCCUDA1\0"
 *   8  u32      image kind: 1 CUBIN, 2 PTX (the driver compiles it at load)
 *  12  u32      0
 *  16  u64      image bytes
 *  24  u64      PTX bytes including its NUL (0: none)
 *  32  char[16] NVRTC target, NUL-padded
 *  48  image, then PTX
 * Anything else is rejected with GC_ERR_LOAD, so a corrupt cache entry is rebuilt. */

#define GC_BLOB_MAGIC "GCCUDA1"
#define GC_BLOB_HEADER 48u
#define GC_BLOB_CUBIN 1u
#define GC_BLOB_PTX 2u

static void put_u32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static void put_u64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static uint32_t get_u32(const unsigned char *p) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}
static uint64_t get_u64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static gc_status cuda_compile(gc_bdev *d, const char *label, const char *source,
                              const char *const *defines, size_t n_defines, void **blob,
                              size_t *blob_len, char **log) {
    *blob = NULL;
    *blob_len = 0;
    if (log) *log = NULL;
    if (d->target_status != GC_OK) {
        /* Re-run the choice to put its reason into gc_last_error() and the log. */
        char t[16];
        const char *why = NULL;
        gc_status st = gc_nvrtc_load(&why) ? gc_nvrtc_pick_target(d->info.cc_major * 10u + d->info.cc_minor, t, sizeof t)
                                           : GC_ERR_UNAVAILABLE;
        if (st == GC_ERR_UNAVAILABLE) gc_set_last_error("NVRTC unavailable: %s", why ? why : "");
        if (log) *log = strdup(gc_last_error());
        return d->target_status;
    }
    return gc_cuda_compile_blob(d->target, label, source, defines, n_defines, blob, blob_len, log);
}

gc_status gc_cuda_compile_blob(const char *target, const char *label, const char *source, const char *const *defines,
                               size_t n_defines, void **blob, size_t *blob_len, char **log) {
    gc_nvrtc_output o = {0};
    *blob = NULL;
    *blob_len = 0;
    gc_status st = gc_nvrtc_compile(target, label, source, defines, n_defines, 1, &o, log);
    if (st != GC_OK) return st;

    int is_cubin = o.cubin != NULL;
    size_t image_len = is_cubin ? o.cubin_len : o.ptx_len;
    size_t ptx_len = o.ptx ? o.ptx_len : 0;
    size_t total = GC_BLOB_HEADER + image_len + (is_cubin ? ptx_len : 0);
    unsigned char *b = calloc(1, total);
    if (!b) {
        gc_nvrtc_output_free(&o);
        return GC_ERR_NO_MEMORY;
    }
    memcpy(b, GC_BLOB_MAGIC, 8);
    put_u32(b + 8, is_cubin ? GC_BLOB_CUBIN : GC_BLOB_PTX);
    put_u64(b + 16, image_len);
    /* A PTX image is its own assembly: stored once. */
    put_u64(b + 24, is_cubin ? ptx_len : 0);
    memcpy(b + 32, target, strnlen(target, 15)); /* calloc left the padding zero */
    memcpy(b + GC_BLOB_HEADER, is_cubin ? o.cubin : (void *)o.ptx, image_len);
    if (is_cubin && ptx_len) memcpy(b + GC_BLOB_HEADER + image_len, o.ptx, ptx_len);
    gc_nvrtc_output_free(&o);
    *blob = b;
    *blob_len = total;
    return GC_OK;
}

static gc_status blob_reject(const char *why) {
    gc_set_last_error("CUDA module blob rejected: %s", why);
    return GC_ERR_LOAD;
}

static gc_status cuda_load(gc_bdev *d, const void *blob, size_t blob_len, gc_bmod **out) {
    const unsigned char *b = blob;
    *out = NULL;
    if (!b || blob_len < GC_BLOB_HEADER || memcmp(b, GC_BLOB_MAGIC, 8) != 0)
        return blob_reject("bad magic or truncated header");
    uint32_t kind = get_u32(b + 8);
    uint64_t image_len = get_u64(b + 16), ptx_len = get_u64(b + 24);
    if (kind != GC_BLOB_CUBIN && kind != GC_BLOB_PTX) return blob_reject("unknown image kind");
    if (image_len == 0 || image_len > blob_len - GC_BLOB_HEADER ||
        ptx_len != blob_len - GC_BLOB_HEADER - image_len)
        return blob_reject("section sizes do not add up to the blob size");
    if (kind == GC_BLOB_PTX && (ptx_len != 0 || b[GC_BLOB_HEADER + image_len - 1] != '\0'))
        return blob_reject("PTX image is not NUL-terminated");
    if (ptx_len && b[blob_len - 1] != '\0') return blob_reject("PTX section is not NUL-terminated");
    char target[17];
    memcpy(target, b + 32, 16);
    target[16] = '\0';
    if (strcmp(target, d->target) != 0) {
        char msg[96];
        snprintf(msg, sizeof msg, "built for %s, this device needs %s", target, d->target);
        return blob_reject(msg);
    }

    gc_status st = make_current(d);
    if (st != GC_OK) return st;
    gc_bmod *m = calloc(1, sizeof *m);
    /* A private copy: the image must be suitably aligned for the ELF reader, and the
     * cache's buffer is at an arbitrary offset. */
    void *image = malloc(image_len);
    if (!m || !image) {
        free(m);
        free(image);
        return GC_ERR_NO_MEMORY;
    }
    memcpy(image, b + GC_BLOB_HEADER, image_len);
    const char *ptx_src = kind == GC_BLOB_PTX ? (const char *)image : ptx_len ? (const char *)b + GC_BLOB_HEADER + image_len : NULL;
    if (ptx_src && !(m->ptx = strdup(ptx_src))) {
        free(m);
        free(image);
        return GC_ERR_NO_MEMORY;
    }
    CUresult r = cu.ModuleLoadData(&m->mod, image);
    free(image);
    if (r != CUDA_SUCCESS) {
        free(m->ptx);
        free(m);
        return cu_fail(r == CUDA_ERROR_OUT_OF_MEMORY ? GC_ERR_DEVICE_MEMORY : GC_ERR_LOAD, "cuModuleLoadData", r);
    }
    m->d = d;
    *out = m;
    return GC_OK;
}

/* A CUBIN, fatbin or PTX from the user's nvcc, as cuModuleLoadData takes each: a private
 * copy (aligned for the ELF reader; PTX NUL-terminated), the PTX kept as the assembly. */
static gc_status cuda_load_binary(gc_bdev *d, gc_binary_format format, const void *bytes, size_t len,
                                  const char *options, gc_bmod **out, char **log) {
    (void)options;
    *out = NULL;
    if (log) *log = NULL;
    gc_status st = make_current(d);
    if (st != GC_OK) return st;
    gc_bmod *m = calloc(1, sizeof *m);
    unsigned char *image = malloc(len + 1);
    if (!m || !image) {
        free(m);
        free(image);
        return GC_ERR_NO_MEMORY;
    }
    memcpy(image, bytes, len);
    image[len] = '\0';
    if (format == GC_BINARY_PTX && !(m->ptx = strdup((const char *)image))) {
        free(m);
        free(image);
        return GC_ERR_NO_MEMORY;
    }
    CUresult r = cu.ModuleLoadData(&m->mod, image);
    free(image);
    if (r != CUDA_SUCCESS) {
        free(m->ptx);
        free(m);
        char what[64];
        snprintf(what, sizeof what, "cuModuleLoadData (%s)",
                 format == GC_BINARY_PTX ? "PTX" : format == GC_BINARY_FATBIN ? "fatbin" : "CUBIN");
        return cu_fail(r == CUDA_ERROR_OUT_OF_MEMORY ? GC_ERR_DEVICE_MEMORY : GC_ERR_LOAD, what, r);
    }
    m->d = d;
    *out = m;
    return GC_OK;
}

static void cuda_unload(gc_bmod *m) {
    if (!m) return;
    if (m->mod && make_current(m->d) == GC_OK) cu.ModuleUnload(m->mod);
    free(m->ptx);
    free(m);
}

static const char *cuda_assembly(gc_bmod *m) { return m->ptx; }

/* How many parameters kernel `name` declares in the module's PTX: the `.param` entries
 * of its `.entry name(...)`; -1 when the PTX does not have it. */
static long ptx_param_count(const char *ptx, const char *name) {
    size_t len = strlen(name);
    for (const char *p = ptx; (p = strstr(p, ".entry ")) != NULL; p++) {
        const char *q = p + 7;
        while (*q == ' ' || *q == '\t') q++;
        if (strncmp(q, name, len) != 0) continue;
        q += len;
        while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
        if (*q != '(') continue;
        const char *end = strchr(q, ')');
        if (!end) return -1;
        long n = 0;
        for (const char *r = q; (r = strstr(r, ".param")) != NULL && r < end; r += 6) n++;
        return n;
    }
    return -1;
}

/* The kernel's parameter count and sizes, asked once and only for parameters that exist:
 * a failed driver call is an API error in every user's compute-sanitizer run, and a
 * probe one past the last parameter fails by design. The count comes from
 * cuFuncGetParamCount where the driver has it, else from the PTX; left unknown (-1,
 * check_args probes as it must) when neither says or a size cannot be had. */
static void learn_params(gc_bkern *k) {
    k->n_params = -1;
    if (!cu.FuncGetParamInfo) return;
    size_t count = 0;
    long n = -1;
    if (cu.FuncGetParamCount && cu.FuncGetParamCount(k->fn, &count) == CUDA_SUCCESS) n = (long)count;
    else if (k->m->ptx) n = ptx_param_count(k->m->ptx, k->name);
    if (n < 0 || !(k->param_size = calloc((size_t)n + 1, sizeof *k->param_size))) return;
    for (long i = 0; i < n; i++) {
        size_t off = 0;
        if (cu.FuncGetParamInfo(k->fn, (size_t)i, &off, &k->param_size[i]) != CUDA_SUCCESS) {
            free(k->param_size);
            k->param_size = NULL;
            return;
        }
    }
    k->n_params = n;
}

static gc_status cuda_kernel_get(gc_bmod *m, const char *name, gc_bkern **out) {
    *out = NULL;
    if (strlen(name) >= sizeof((gc_bkern *)0)->name) {
        gc_set_last_error("kernel name longer than %zu bytes", sizeof((gc_bkern *)0)->name - 1);
        return GC_ERR_ARGUMENT;
    }
    gc_status st = make_current(m->d);
    if (st != GC_OK) return st;
    CUfunction fn = NULL;
    CUresult r = cu.ModuleGetFunction(&fn, m->mod, name);
    if (r != CUDA_SUCCESS) {
        /* Kernels are extern "C" (GC_KERNEL), so the name is the source's name. */
        return cu_fail(r == CUDA_ERROR_NOT_FOUND ? GC_ERR_NO_KERNEL : GC_ERR_DRIVER, "cuModuleGetFunction", r);
    }
    int max_threads = 0, static_shared = 0, dynamic_limit = 0;
    CU_TRY(GC_ERR_DRIVER, FuncGetAttribute, (&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn));
    CU_TRY(GC_ERR_DRIVER, FuncGetAttribute, (&static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn));
    CU_TRY(GC_ERR_DRIVER, FuncGetAttribute, (&dynamic_limit, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, fn));
    gc_bkern *k = calloc(1, sizeof *k);
    if (!k) return GC_ERR_NO_MEMORY;
    k->m = m;
    k->fn = fn;
    k->max_threads = max_threads;
    k->static_shared = static_shared;
    k->dynamic_limit = dynamic_limit;
    snprintf(k->name, sizeof k->name, "%s", name);
    learn_params(k);
    *out = k;
    return GC_OK;
}

static void cuda_kernel_free(gc_bkern *k) {
    if (k) free(k->param_size);
    free(k);
}

static gc_status cuda_kernel_max_group(gc_bkern *k, size_t *out) {
    *out = k->max_threads > 0 ? (size_t)k->max_threads : 0;
    return GC_OK;
}

/* ---- launch --------------------------------------------------------------------- */

/* Grid and block from the N-D range, which the device layer checked (backend.h). */
static void launch_shape(const gc_range *rg, unsigned grid[3], unsigned block[3]) {
    for (unsigned i = 0; i < 3; i++) {
        size_t g = i < rg->dims ? rg->global[i] : 1, l = i < rg->dims ? rg->local[i] : 1;
        block[i] = (unsigned)l;
        grid[i] = (unsigned)(g / l);
    }
}

/* With cuFuncGetParamInfo (CUDA 12.4+) a wrong argument list is an error here rather
 * than a kernel reading garbage. The count and sizes were learnt with the kernel
 * (learn_params), so a right list costs no driver call and a wrong one no failed call;
 * only a kernel whose count is unknown is probed, one past the end included. */
static gc_status check_args(const gc_bkern *k, const gc_arg *args, size_t nargs) {
    if (!cu.FuncGetParamInfo) return GC_OK;
    size_t off = 0, size = 0;
    for (size_t i = 0; i < nargs; i++) {
        int known = k->n_params >= 0;
        if (known ? i >= (size_t)k->n_params : cu.FuncGetParamInfo(k->fn, i, &off, &size) != CUDA_SUCCESS) {
            gc_set_last_error("kernel %s takes %zu argument%s, %zu given", k->name, i, i == 1 ? "" : "s", nargs);
            return GC_ERR_ARGUMENT;
        }
        if (known) size = k->param_size[i];
        size_t given = args[i].kind == GC_ARG_BUFFER ? sizeof(CUdeviceptr) : args[i].size;
        if (given != size) {
            gc_set_last_error("kernel %s: argument %zu is %zu bytes, %zu given", k->name, i, size, given);
            return GC_ERR_ARGUMENT;
        }
    }
    int more = k->n_params >= 0 ? nargs < (size_t)k->n_params
                                : cu.FuncGetParamInfo(k->fn, nargs, &off, &size) == CUDA_SUCCESS;
    if (more) {
        gc_set_last_error("kernel %s takes more than the %zu arguments given", k->name, nargs);
        return GC_ERR_ARGUMENT;
    }
    return GC_OK;
}

static gc_status set_dynamic_shared(gc_bkern *k, size_t bytes) {
    gc_bdev *d = k->m->d;
    if (bytes + (size_t)k->static_shared > (size_t)d->shared_optin) {
        gc_set_last_error("launch of %s: %zu bytes of dynamic local memory plus %d static exceed the "
                          "device's %d per block",
                          k->name, bytes, k->static_shared, d->shared_optin);
        return GC_ERR_UNSUPPORTED;
    }
    if (bytes > (size_t)k->dynamic_limit) {
        /* Above 48 KiB a kernel must opt in to the larger shared memory carve-out. */
        CU_TRY(GC_ERR_LAUNCH, FuncSetAttribute, (k->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)bytes));
        k->dynamic_limit = (int)bytes;
    }
    return GC_OK;
}

static gc_status elapsed(CUevent a, CUevent b, double *ms) {
    float f = 0;
    if (cu.EventElapsedTime2) {
        CU_TRY(GC_ERR_DRIVER, EventElapsedTime2, (&f, a, b));
    } else {
        CU_TRY(GC_ERR_DRIVER, EventElapsedTime1, (&f, a, b));
    }
    *ms = f;
    return GC_OK;
}

static gc_status cuda_launch(gc_bkern *k, const gc_range *range, const gc_arg *args, size_t nargs,
                             gc_bmem *const *arg_mems, int wait, double *elapsed_ms) {
    gc_bdev *d = k->m->d;
    unsigned grid[3], block[3];
    void **params = NULL;
    gc_status st;

    launch_shape(range, grid, block);
    if ((st = check_args(k, args, nargs)) != GC_OK) return st;
    if ((st = make_current(d)) != GC_OK) return st;
    if ((st = set_dynamic_shared(k, range->dynamic_local_bytes)) != GC_OK) return st;
    if (nargs && !(params = calloc(nargs, sizeof *params))) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < nargs; i++) {
        /* cuLaunchKernel reads each argument through a pointer to its bytes. */
        params[i] = args[i].kind == GC_ARG_BUFFER ? (void *)&arg_mems[i]->ptr : (void *)args[i].value;
    }

    CUresult r;
    if (elapsed_ms && (r = cu.EventRecord(d->ev_start, d->streams[d->cur])) != CUDA_SUCCESS) {
        free(params);
        return cu_fail(GC_ERR_DRIVER, "cuEventRecord", r);
    }
    r = cu.LaunchKernel(k->fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                        (unsigned)range->dynamic_local_bytes, d->streams[d->cur], params, NULL);
    free(params);
    if (r != CUDA_SUCCESS) return cu_fail(GC_ERR_LAUNCH, "cuLaunchKernel", r);
    if (elapsed_ms) {
        CU_TRY(GC_ERR_DRIVER, EventRecord, (d->ev_stop, d->streams[d->cur]));
        /* A fault in the kernel surfaces here, as the launch's error. */
        CU_TRY(GC_ERR_LAUNCH, EventSynchronize, (d->ev_stop));
        return elapsed(d->ev_start, d->ev_stop, elapsed_ms);
    }
    if (wait) CU_TRY(GC_ERR_LAUNCH, StreamSynchronize, (d->streams[d->cur]));
    return GC_OK;
}

static gc_status cuda_finish(gc_bdev *d) {
    gc_status st = make_current(d);
    if (st != GC_OK) return st;
    /* Errors of kernels enqueued without waiting are reported here. */
    for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++) CU_TRY(GC_ERR_LAUNCH, StreamSynchronize, (d->streams[q]));
    return GC_OK;
}

static gc_status cuda_select_queue(gc_bdev *d, unsigned queue) {
    d->cur = queue;
    return GC_OK;
}

/* A marker on `waited`'s stream that `waiter`'s stream waits for: the device orders the
 * two, the host does not wait. */
static gc_status cuda_queue_wait(gc_bdev *d, unsigned waiter, unsigned waited) {
    gc_status st = make_current(d);
    if (st != GC_OK) return st;
    CU_TRY(GC_ERR_DRIVER, EventRecord, (d->ev_join, d->streams[waited]));
    CU_TRY(GC_ERR_DRIVER, StreamWaitEvent, (d->streams[waiter], d->ev_join, 0));
    return GC_OK;
}

/* ---- memory ----------------------------------------------------------------------- */

static gc_status cuda_mem_alloc(gc_bdev *d, size_t bytes, gc_mem_kind kind, gc_bmem **out, void **host_ptr) {
    *out = NULL;
    if (host_ptr) *host_ptr = NULL;
    gc_status st = make_current(d);
    if (st != GC_OK) return st;
    gc_bmem *m = calloc(1, sizeof *m);
    if (!m) return GC_ERR_NO_MEMORY;
    m->d = d;
    m->bytes = bytes;
    CUresult r;
    if (kind == GC_MEM_HOST_MAPPED) {
        if ((r = cu.MemHostAlloc(&m->host, bytes, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE)) != CUDA_SUCCESS) {
            free(m);
            return cu_fail(GC_ERR_DEVICE_MEMORY, "cuMemHostAlloc", r);
        }
        if ((r = cu.MemHostGetDevicePointer(&m->ptr, m->host, 0)) != CUDA_SUCCESS) {
            cu.MemFreeHost(m->host);
            free(m);
            return cu_fail(GC_ERR_DEVICE_MEMORY, "cuMemHostGetDevicePointer", r);
        }
        if (host_ptr) *host_ptr = m->host;
    } else if ((r = cu.MemAlloc(&m->ptr, bytes)) != CUDA_SUCCESS) {
        free(m);
        return cu_fail(GC_ERR_DEVICE_MEMORY, "cuMemAlloc", r);
    }
    *out = m;
    return GC_OK;
}

static void cuda_mem_free(gc_bmem *m) {
    if (!m) return;
    if (make_current(m->d) == GC_OK) {
        if (m->host)
            cu.MemFreeHost(m->host);
        else
            cu.MemFree(m->ptr);
    }
    free(m);
}

/* Host-mapped memory is touched from the host directly, once the device's earlier
 * work on either queue (which may write it) is done. */
static gc_status wait_for_device(gc_bmem *m) {
    for (unsigned q = 0; q < GC_DEVICE_QUEUES; q++) CU_TRY(GC_ERR_LAUNCH, StreamSynchronize, (m->d->streams[q]));
    return GC_OK;
}

static gc_status cuda_mem_write(gc_bmem *m, size_t off, const void *src, size_t bytes) {
    gc_status st;
    if ((st = make_current(m->d)) != GC_OK) return st;
    if (m->host) {
        if ((st = wait_for_device(m)) != GC_OK) return st;
        memcpy((char *)m->host + off, src, bytes);
        return GC_OK;
    }
    CU_TRY(GC_ERR_DEVICE_MEMORY, MemcpyHtoDAsync, (m->ptr + off, src, bytes, m->d->streams[m->d->cur]));
    /* Errors of earlier kernels surface here too; they are the launch's. */
    CU_TRY(GC_ERR_DEVICE_MEMORY, StreamSynchronize, (m->d->streams[m->d->cur]));
    return GC_OK;
}

static gc_status cuda_mem_write_async(gc_bmem *m, size_t off, const void *src, size_t bytes) {
    if (m->host) return cuda_mem_write(m, off, src, bytes);
    gc_status st;
    if ((st = make_current(m->d)) != GC_OK) return st;
    CU_TRY(GC_ERR_DEVICE_MEMORY, MemcpyHtoDAsync, (m->ptr + off, src, bytes, m->d->streams[m->d->cur]));
    return GC_OK;
}

static gc_status cuda_mem_read(gc_bmem *m, size_t off, void *dst, size_t bytes) {
    gc_status st;
    if ((st = make_current(m->d)) != GC_OK) return st;
    if (m->host) {
        if ((st = wait_for_device(m)) != GC_OK) return st;
        memcpy(dst, (const char *)m->host + off, bytes);
        return GC_OK;
    }
    CU_TRY(GC_ERR_DEVICE_MEMORY, MemcpyDtoHAsync, (dst, m->ptr + off, bytes, m->d->streams[m->d->cur]));
    CU_TRY(GC_ERR_DEVICE_MEMORY, StreamSynchronize, (m->d->streams[m->d->cur]));
    return GC_OK;
}

static gc_status cuda_mem_fill(gc_bmem *m, uint8_t byte, size_t bytes) {
    gc_status st;
    if ((st = make_current(m->d)) != GC_OK) return st;
    if (m->host) {
        if ((st = wait_for_device(m)) != GC_OK) return st;
        memset(m->host, byte, bytes);
        return GC_OK;
    }
    CU_TRY(GC_ERR_DEVICE_MEMORY, MemsetD8Async, (m->ptr, byte, bytes, m->d->streams[m->d->cur]));
    CU_TRY(GC_ERR_DEVICE_MEMORY, StreamSynchronize, (m->d->streams[m->d->cur]));
    return GC_OK;
}

/* ---- timers ---------------------------------------------------------------------- */

static gc_status cuda_timer_start(gc_bdev *d, gc_btimer **out) {
    *out = NULL;
    gc_status st = make_current(d);
    if (st != GC_OK) return st;
    gc_btimer *t = calloc(1, sizeof *t);
    if (!t) return GC_ERR_NO_MEMORY;
    t->d = d;
    CUresult r;
    if ((r = cu.EventCreate(&t->start, CU_EVENT_DEFAULT)) != CUDA_SUCCESS) {
        free(t);
        return cu_fail(GC_ERR_DRIVER, "cuEventCreate", r);
    }
    if ((r = cu.EventCreate(&t->stop, CU_EVENT_DEFAULT)) != CUDA_SUCCESS ||
        (r = cu.EventRecord(t->start, d->streams[0])) != CUDA_SUCCESS) {
        st = cu_fail(GC_ERR_DRIVER, t->stop ? "cuEventRecord" : "cuEventCreate", r);
        if (t->stop) cu.EventDestroy(t->stop);
        cu.EventDestroy(t->start);
        free(t);
        return st;
    }
    *out = t;
    return GC_OK;
}

static gc_status cuda_timer_stop(gc_btimer *t, double *elapsed_ms) {
    gc_status st = make_current(t->d);
    CUresult r = CUDA_SUCCESS;
    if (st == GC_OK && (r = cu.EventRecord(t->stop, t->d->streams[0])) != CUDA_SUCCESS)
        st = cu_fail(GC_ERR_DRIVER, "cuEventRecord", r);
    if (st == GC_OK && (r = cu.EventSynchronize(t->stop)) != CUDA_SUCCESS)
        st = cu_fail(GC_ERR_LAUNCH, "cuEventSynchronize", r);
    double ms = 0;
    if (st == GC_OK) st = elapsed(t->start, t->stop, &ms);
    if (elapsed_ms) *elapsed_ms = ms;
    cu.EventDestroy(t->start);
    cu.EventDestroy(t->stop);
    free(t);
    return st;
}

const gc_backend_ops gc_cuda_ops = {
    .kind = GC_BACKEND_CUDA,
    .probe = cuda_probe,
    .device_open = cuda_device_open,
    .device_close = cuda_device_close,
    .build_hash_input = cuda_build_hash_input,
    .aot_target = cuda_aot_target,
    .compile = cuda_compile,
    .load = cuda_load,
    .unload = cuda_unload,
    .load_binary = cuda_load_binary,
    .assembly = cuda_assembly,
    .kernel_get = cuda_kernel_get,
    .kernel_free = cuda_kernel_free,
    .kernel_max_group = cuda_kernel_max_group,
    .launch = cuda_launch,
    .finish = cuda_finish,
    .select_queue = cuda_select_queue,
    .queue_wait = cuda_queue_wait,
    .mem_alloc = cuda_mem_alloc,
    .mem_free = cuda_mem_free,
    .mem_write = cuda_mem_write,
    .mem_write_async = cuda_mem_write_async,
    .mem_read = cuda_mem_read,
    .mem_fill = cuda_mem_fill,
    .timer_start = cuda_timer_start,
    .timer_stop = cuda_timer_stop,
};
