/* SPDX-License-Identifier: Apache-2.0 */
/* backend.h — the contract between the device layer and a driver backend.
 *
 * One ops table per backend (opencl.c, cuda.c). A backend knows its driver and
 * nothing above it; all driver symbols are loaded with dlopen, so a machine
 * without the driver still runs gpucheck (probe returns GC_ERR_UNAVAILABLE).
 * Every entry returns gc_status; on a driver error the backend calls
 * gc_set_last_error() (gpucheck/gc_status.h) with the driver's own code and string first.
 *
 * The device layer (src/device/device.c) is the only caller, and it checks the
 * arguments of the public API before calling an entry: each entry's comment says what it
 * may then take for granted ("Pre:"), and a backend does not check it again. Pointers
 * are never NULL unless the entry says they may be. What only the driver or the kernel
 * can know (a kernel's parameter list, its static local memory, the driver's limits
 * beyond gc_device_info) stays the backend's to check. The capability translation the
 * backends share is backend/caps.h. */
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
    /* Optional: the target that kernels compiled ahead of time must be built for to load
     * on this device (CUDA: "sm_90"), written into buf; 0 where the backend has none. */
    int (*aot_target)(gc_bdev *d, char *buf, size_t len);

    /* Compile fully preprocessed-or-not source text with the given option defines
     * to a blob (CUBIN; an OpenCL program binary, on PoCL the checked source). The source text already
     * has its #includes resolved. On failure, *log gets the compiler log (malloc'd).
     * The blob is malloc'd; the caller frees it. `label` names the source in logs. */
    /* Pre: source and label are non-NULL; n_defines <= 64 (defines may be NULL when 0). */
    gc_status (*compile)(gc_bdev *d, const char *label, const char *source,
                         const char *const *defines, size_t n_defines,
                         void **blob, size_t *blob_len, char **log);

    /* Load a blob produced by compile (possibly from the cache). A blob the driver
     * rejects returns GC_ERR_LOAD, and the caller recompiles. */
    gc_status (*load)(gc_bdev *d, const void *blob, size_t blob_len, gc_bmod **out);
    void (*unload)(gc_bmod *m);
    /* Load prebuilt device code the user's own toolchain made (never from the cache).
     * Pre: format is one this backend takes (CUDA: CUBIN, PTX, fatbin; OpenCL: SPIR-V,
     * program binary), len > 0, options non-NULL (may be ""; CUDA: always ""). A binary
     * the driver rejects is GC_ERR_LOAD, with the driver's log in *log where it has one;
     * a device that cannot take the format is GC_ERR_UNSUPPORTED with the reason. */
    gc_status (*load_binary)(gc_bdev *d, gc_binary_format format, const void *bytes, size_t len,
                             const char *options, gc_bmod **out, char **log);
    /* Device assembly text of a loaded or compiled module (PTX), or NULL. The
     * string is owned by the module. */
    const char *(*assembly)(gc_bmod *m);

    /* Pre: name is non-NULL. */
    gc_status (*kernel_get)(gc_bmod *m, const char *name, gc_bkern **out);
    void (*kernel_free)(gc_bkern *k);
    /* The largest work-group kernel k launches with (its registers and local memory
     * included). */
    gc_status (*kernel_max_group)(gc_bkern *k, size_t *out);

    /* Launch; if wait, block until done. If elapsed_ms is non-NULL, time it on the
     * device. Buffer args arrive as gc_bmem*; dynamic local memory is a trailing
     * __local argument on OpenCL and the dynamic shared size on CUDA.
     * Pre: 1 <= range->dims <= 3; in each used dimension global and local are non-zero,
     * local <= info.max_work_item_sizes and the work-group count <= info.max_groups
     * (where non-zero); the work-group fits info.max_work_group_size and this kernel's
     * kernel_max_group; global is a multiple of local unless
     * caps.non_uniform_work_groups; dynamic_local_bytes <= the device's local memory
     * (opt-in size where there is one); nargs <= 64, and for each argument either
     * arg_mems[i] is a buffer (GC_ARG_BUFFER) or value is non-NULL with size > 0. */
    gc_status (*launch)(gc_bkern *k, const gc_range *range, const gc_arg *args, size_t nargs,
                        gc_bmem *const *arg_mems, int wait, double *elapsed_ms);
    /* Wait for both queues. */
    gc_status (*finish)(gc_bdev *d);
    /* The queue (Pre: < GC_DEVICE_QUEUES) that launches, transfers and fills go to from
     * now on; and a device-side order: work enqueued on `waiter` after this call starts
     * once everything enqueued on `waited` before it has finished (Pre: both <
     * GC_DEVICE_QUEUES, waiter != waited). Timers run on queue 0. */
    gc_status (*select_queue)(gc_bdev *d, unsigned queue);
    gc_status (*queue_wait)(gc_bdev *d, unsigned waiter, unsigned waited);

    /* Pre: bytes > 0; kind GC_MEM_HOST_MAPPED only where caps.host_mapped_memory.
     * host_ptr may be NULL; for host-mapped memory it receives the host address. */
    gc_status (*mem_alloc)(gc_bdev *d, size_t bytes, gc_mem_kind kind, gc_bmem **out, void **host_ptr);
    void (*mem_free)(gc_bmem *m);
    /* Blocking transfers. Pre: bytes > 0 and [off, off + bytes) lies within the buffer;
     * mem_fill covers the whole buffer (bytes is its size). */
    gc_status (*mem_write)(gc_bmem *m, size_t off, const void *src, size_t bytes);
    gc_status (*mem_read)(gc_bmem *m, size_t off, void *dst, size_t bytes);
    gc_status (*mem_fill)(gc_bmem *m, uint8_t byte, size_t bytes);
    /* The write enqueued on the current queue, not waited for (src stays unchanged until
     * the queue has passed it); host-mapped memory is written at once, as mem_write does.
     * Same preconditions. */
    gc_status (*mem_write_async)(gc_bmem *m, size_t off, const void *src, size_t bytes);

    gc_status (*timer_start)(gc_bdev *d, gc_btimer **out);
    gc_status (*timer_stop)(gc_btimer *t, double *elapsed_ms); /* also frees t */

    /* Sub-groups of kernel k in a work-group of range->local (Pre: dims 1..3): the largest
     * sub-group size and the number of sub-groups. May be NULL (the device layer then
     * answers GC_ERR_UNSUPPORTED); GC_ERR_UNSUPPORTED where the device has none. */
    gc_status (*kernel_sub_group_info)(gc_bkern *k, const gc_range *range, unsigned *max_size,
                                       unsigned *count);
} gc_backend_ops;

extern const gc_backend_ops gc_opencl_ops;
extern const gc_backend_ops gc_cuda_ops;

#endif
