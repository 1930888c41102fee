/* backend.h — the contract between the device layer and a driver backend.
 *
 * One ops table per backend (opencl.c, cuda.c). A backend knows its driver and
 * nothing above it; all driver symbols are loaded with dlopen, so a machine
 * without the driver still runs gpucheck (probe returns GC_ERR_UNAVAILABLE).
 * Every entry returns gc_status; on a driver error the backend calls
 * gc_set_last_error() with the driver's own code and string first. */
#ifndef GC_BACKEND_H
#define GC_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_device.h"

/* Opaque per-backend handles; each backend defines its own structs. */
typedef struct gc_bdev gc_bdev;
typedef struct gc_bmem gc_bmem;
typedef struct gc_bmod gc_bmod;
typedef struct gc_bkern gc_bkern;
typedef struct gc_btimer gc_btimer;

typedef struct {
    gc_backend_kind kind;

    /* Load the driver library and list devices. Fills infos[0..*count) (at most
     * max). Returns GC_ERR_UNAVAILABLE with a reason in `why` (a NUL-terminated
     * message of at most why_len bytes) when the library or driver is absent.
     * Called once per process. Info ids are filled by the backend. */
    gc_status (*probe)(gc_device_info *infos, size_t max, size_t *count, char *why, size_t why_len);

    /* Create the context/queue for device `ordinal` (index within this backend's
     * probe list). */
    gc_status (*device_open)(size_t ordinal, const gc_device_info *info, gc_bdev **out);
    void (*device_close)(gc_bdev *d);

    /* Text that identifies the exact compiler and target, for the compile-cache key
     * (arch, driver and compiler versions). Written into buf (NUL-terminated). */
    void (*build_hash_input)(gc_bdev *d, char *buf, size_t len);

    /* Compile fully preprocessed-or-not source text with the given option defines
     * to a binary blob (CUBIN / OpenCL program binary). The source text already
     * has its #includes resolved. On failure, *log gets the compiler log (malloc'd).
     * The blob is malloc'd; the caller frees it. `label` names the source in logs. */
    gc_status (*compile)(gc_bdev *d, const char *label, const char *source,
                         const char *const *defines, size_t n_defines,
                         void **blob, size_t *blob_len, char **log);

    /* Load a blob produced by compile (possibly from the cache). A blob the driver
     * rejects returns GC_ERR_LOAD, and the caller recompiles. */
    gc_status (*load)(gc_bdev *d, const void *blob, size_t blob_len, gc_bmod **out);
    void (*unload)(gc_bmod *m);
    /* Device assembly text of a loaded or compiled module (PTX), or NULL. The
     * string is owned by the module. */
    const char *(*assembly)(gc_bmod *m);

    gc_status (*kernel_get)(gc_bmod *m, const char *name, gc_bkern **out);
    void (*kernel_free)(gc_bkern *k);
    /* The largest work-group kernel k launches with (its registers and local memory
     * included). */
    gc_status (*kernel_max_group)(gc_bkern *k, size_t *out);

    /* Launch; if wait, block until done. If elapsed_ms is non-NULL, time it on the
     * device. Buffer args arrive as gc_bmem*; dynamic local memory is a trailing
     * __local argument on OpenCL and the dynamic shared size on CUDA. */
    gc_status (*launch)(gc_bkern *k, const gc_range *range, const gc_arg *args, size_t nargs,
                        gc_bmem *const *arg_mems, int wait, double *elapsed_ms);
    gc_status (*finish)(gc_bdev *d);

    gc_status (*mem_alloc)(gc_bdev *d, size_t bytes, gc_mem_kind kind, gc_bmem **out, void **host_ptr);
    void (*mem_free)(gc_bmem *m);
    gc_status (*mem_write)(gc_bmem *m, size_t off, const void *src, size_t bytes);
    gc_status (*mem_read)(gc_bmem *m, size_t off, void *dst, size_t bytes);
    gc_status (*mem_fill)(gc_bmem *m, uint8_t byte, size_t bytes);

    gc_status (*timer_start)(gc_bdev *d, gc_btimer **out);
    gc_status (*timer_stop)(gc_btimer *t, double *elapsed_ms); /* also frees t */

    /* Sub-groups of kernel k in a work-group of range->local (dims 1..3): the largest
     * sub-group size and the number of sub-groups. May be NULL (the device layer then
     * answers GC_ERR_UNSUPPORTED); GC_ERR_UNSUPPORTED where the device has none. */
    gc_status (*kernel_sub_group_info)(gc_bkern *k, const gc_range *range, unsigned *max_size,
                                       unsigned *count);
} gc_backend_ops;

extern const gc_backend_ops gc_opencl_ops;
extern const gc_backend_ops gc_cuda_ops;

/* Fill the capability table from what an OpenCL/CUDA device reports; shared
 * helpers so that the logic can be unit-tested without a device. */
void gc_caps_from_cuda_cc(gc_caps *caps, unsigned cc_major, unsigned cc_minor);
/* OpenCL 3.0 capability bit masks (cl_device_atomic_capabilities values); pass
 * have_30 = 0 for an OpenCL 1.2/2.x device to get the documented fallbacks. */
void gc_caps_from_opencl(gc_caps *caps, int have_30, uint64_t atomic_mem_caps,
                         uint64_t atomic_fence_caps, unsigned opencl_c_major);
/* 1 where kernels for this OpenCL device must use the OpenCL 1.2 atomic built-ins
 * (the backend then compiles with -DGC_CL_LEGACY_ATOMICS): OpenCL C 1.x, or a 3.0
 * device whose C11 atomics lack device scope. gc_caps_from_opencl() then fills the
 * 1.2 tables, so the capabilities describe the code that actually runs. */
int gc_caps_opencl_legacy_atomics(int have_30, uint64_t atomic_mem_caps, unsigned opencl_c_major);

#endif
