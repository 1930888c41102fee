/* SPDX-License-Identifier: Apache-2.0 */
/* gc_device.h — the backend-neutral device API: find devices, describe them,
 * build modules from portable kernel sources, move memory, launch, time.
 *
 * Conventions: outputs first after the object, every fallible call returns
 * gc_status, objects are opaque and each has its own free or close call.
 *
 * NULL: no pointer argument may be NULL unless its function says "may be NULL". A call
 * that gets a NULL where none is allowed does nothing else and reports it, never crashes:
 *   - a gc_status call returns GC_ERR_ARGUMENT, and gc_last_error() names the function and
 *     the argument ("gc_buffer_alloc: out is NULL"); its out-pointers that are not NULL are
 *     set to NULL (or zeroed) first;
 *   - a call that returns a pointer or a size returns NULL or 0 and sets gc_last_error();
 *   - the free and close calls take NULL and do nothing (as free() does).
 * A data pointer with a zero byte count (gc_buffer_write/read of 0 bytes) may be NULL.
 * Misuse that cannot be seen from the arguments (an object used after its free, a module
 * freed before its kernels, a value argument whose size differs from the kernel's
 * parameter: CUDA cannot check it, PoCL does not for scalars) stays undefined. */
#ifndef GC_DEVICE_H
#define GC_DEVICE_H

#include "gc_api.h"

#include <stddef.h>
#include <stdint.h>

#include "gc_status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { GC_BACKEND_CUDA = 0, GC_BACKEND_OPENCL = 1, GC_BACKEND_COUNT } gc_backend_kind;

/* Memory orders and scopes, as in C11/OpenCL C 2.0/SYCL 2020. The numeric values
 * are shared with kernels (gc_dialect.h defines the same GC_ORDER_* / GC_SCOPE_*). */
/* kernels/gc_dialect.h, included first in host code, defines these names as macros
 * with the same values: the enumerators take over. */
#if defined(GC_DIALECT_H)
#undef GC_ORDER_RELAXED
#undef GC_ORDER_ACQUIRE
#undef GC_ORDER_RELEASE
#undef GC_ORDER_ACQ_REL
#undef GC_ORDER_SEQ_CST
#undef GC_SCOPE_WORK_ITEM
#undef GC_SCOPE_WORK_GROUP
#undef GC_SCOPE_DEVICE
#undef GC_SCOPE_SYSTEM
#endif

typedef enum {
    GC_ORDER_RELAXED = 0,
    GC_ORDER_ACQUIRE = 1,
    GC_ORDER_RELEASE = 2,
    GC_ORDER_ACQ_REL = 3,
    GC_ORDER_SEQ_CST = 4,
    GC_ORDER_COUNT
} gc_memory_order;

typedef enum {
    GC_SCOPE_WORK_ITEM = 0,
    GC_SCOPE_WORK_GROUP = 1,
    GC_SCOPE_DEVICE = 2,
    GC_SCOPE_SYSTEM = 3,
    GC_SCOPE_COUNT
} gc_memory_scope;

GC_API const char *gc_backend_name(gc_backend_kind b);  /* "cuda", "opencl" */
GC_API const char *gc_order_name(gc_memory_order o);     /* "relaxed", "acquire", ... */
GC_API const char *gc_scope_name(gc_memory_scope s);     /* "work_item", "work_group", ... */

/** Capabilities are data: for each scope, a bit mask of the orders supported
 *  (bit (1u << gc_memory_order)). Tests select themselves from these tables. */
typedef struct {
    uint8_t atomic_orders[GC_SCOPE_COUNT]; /* orders usable with atomic operations */
    uint8_t fence_orders[GC_SCOPE_COUNT];  /* orders usable with fences */
    int int64_atomics;                     /* 64-bit atomic operations on global memory */
    int sub_groups;                        /* sub-group queries available in kernels */
    unsigned sub_group_sizes[16];          /* sizes the device may use */
    unsigned n_sub_group_sizes;
    int non_uniform_work_groups;           /* global size need not divide by local size */
    int host_mapped_memory;                /* device can access host memory coherently */
    int native_bounded_atomic_inc;         /* atomicInc/atomicDec with a bound in hardware */
    /* Scopes the kernel dialect cannot compile as asked (an OpenCL C 3.0 compiler without
     * the __opencl_c_atomic_scope_device / _all_devices feature): 0 where scope s compiles
     * as s; else 1 + the narrower scope it would compile as. Such a scope has no orders in
     * the tables above; gc_caps_scope_narrowed() says why, for a SKIP reason. */
    uint8_t narrowed_scope[GC_SCOPE_COUNT];
} gc_caps;

/** 0 for a NULL c or an order or scope out of range. */
GC_API int gc_caps_fence(const gc_caps *c, gc_memory_order o, gc_memory_scope s);
GC_API int gc_caps_atomic(const gc_caps *c, gc_memory_order o, gc_memory_scope s);
/** 1 when kernels would compile scope s as a narrower one (*as, when as is not NULL), 0
 *  when exactly as s, and for a NULL c (with a message) or a scope out of range. */
GC_API int gc_caps_scope_narrowed(const gc_caps *c, gc_memory_scope s, gc_memory_scope *as);

#define GC_INFO_STR 256

typedef struct {
    char id[32];                 /* stable id: "cuda:0", "opencl:0:1" */
    gc_backend_kind backend;
    char name[GC_INFO_STR];
    char vendor[GC_INFO_STR];
    char platform[GC_INFO_STR];  /* OpenCL platform name, or "NVIDIA CUDA" */
    char device_version[GC_INFO_STR]; /* OpenCL device version, or "compute capability 9.0" */
    char driver_version[64];
    char runtime_version[64];    /* CUDA driver API version / OpenCL platform version */
    char compiler_version[GC_INFO_STR]; /* NVRTC version / OpenCL C version used */
    char arch[64];               /* "sm_90" or the OpenCL C standard option "CL3.0" */
    int is_gpu;
    int is_cpu;
    unsigned compute_units;
    unsigned clock_mhz;
    unsigned memory_clock_mhz;   /* 0 where unknown */
    unsigned memory_bus_bits;    /* 0 where unknown */
    uint64_t global_mem_bytes;
    uint64_t local_mem_bytes;    /* per work-group (CUDA shared memory per block) */
    uint64_t local_mem_optin_bytes; /* CUDA: dynamic shared memory a launch may use per block
                                    (the backend opts in above 48 KiB; 227 KiB on H100);
                                    0 on OpenCL, where local_mem_bytes is the limit */
    uint64_t max_alloc_bytes;
    uint64_t l2_cache_bytes;     /* 0 where unknown */
    size_t max_work_group_size;
    size_t max_work_item_sizes[3];
    uint64_t max_groups[3];      /* grid limits; 0 where unbounded */
    unsigned cc_major, cc_minor; /* CUDA compute capability; 0 on OpenCL */
    unsigned opencl_c_major, opencl_c_minor; /* OpenCL C version used to compile */
    gc_caps caps;
    char pci_bus_id[32];         /* "00000000:3B:00.0" (CUDA), for NVML; "" where unknown */
} gc_device_info;

typedef struct gc_device gc_device;
typedef struct gc_buffer gc_buffer;
typedef struct gc_module gc_module;
typedef struct gc_kernel gc_kernel;

/* ---- enumeration and selection ------------------------------------------------ */

/** Probe every backend once (idempotent). A backend whose library is missing is
 *  recorded as unavailable with its reason; that is not an error. */
GC_API gc_status gc_devices_probe(void);
/** Number of devices found across all backends. */
GC_API size_t gc_device_count(void);
/** Info of device i (0 <= i < gc_device_count()), or NULL (and gc_last_error()). */
GC_API const gc_device_info *gc_device_info_at(size_t i);
/** Why a backend is unavailable ("" when available). */
GC_API const char *gc_backend_unavailable_reason(gc_backend_kind b);
/** Index of the default device: first CUDA GPU, else first OpenCL GPU, else the
 *  first CPU device (PoCL). GC_ERR_NO_DEVICE where there is none. */
GC_API gc_status gc_device_default(size_t *out_index);
/** Select by exact id ("cuda:0", "opencl:0:1"; a word that looks like an id matches no
 *  name) or, failing that, by name, ignoring case: a name equal to id_or_name, else one
 *  that starts with it or holds it as whole words ("H100", "Xeon", "pthread"; "1" does
 *  not match inside "avx512"). Several devices matching is GC_ERR_NO_DEVICE with the
 *  candidates in gc_last_error(); an empty or NULL id_or_name, or a NULL out_index, is
 *  GC_ERR_ARGUMENT. */
GC_API gc_status gc_device_find(const char *id_or_name, size_t *out_index);

/** Open device i for use (creates the context and queue). */
GC_API gc_status gc_device_open(size_t index, gc_device **out);
/** dev may be NULL (nothing happens). */
GC_API void gc_device_close(gc_device *dev);
/** NULL for a NULL dev. */
GC_API const gc_device_info *gc_device_get_info(const gc_device *dev);

/* ---- memory -------------------------------------------------------------------- */

typedef enum {
    GC_MEM_DEVICE = 0,      /* ordinary device memory */
    GC_MEM_HOST_MAPPED = 1  /* host memory the device accesses coherently (caps.host_mapped_memory) */
} gc_mem_kind;

/** GC_ERR_ARGUMENT for 0 bytes or a kind not in gc_mem_kind; GC_ERR_UNSUPPORTED for
 *  GC_MEM_HOST_MAPPED where caps.host_mapped_memory is 0. */
GC_API gc_status gc_buffer_alloc(gc_device *dev, size_t bytes, gc_mem_kind kind, gc_buffer **out);
/** buf may be NULL (nothing happens). */
GC_API void gc_buffer_free(gc_buffer *buf);
/** 0 for a NULL buf. */
GC_API size_t gc_buffer_size(const gc_buffer *buf);
/** Host pointer of a GC_MEM_HOST_MAPPED buffer (NULL for device memory, and for a NULL buf). */
GC_API void *gc_buffer_host_ptr(gc_buffer *buf);
/** Blocking transfers of `bytes` at `offset`: GC_ERR_ARGUMENT where the range leaves the
 *  buffer. src / dst may be NULL only when bytes is 0 (then nothing is transferred). */
GC_API gc_status gc_buffer_write(gc_buffer *buf, size_t offset, const void *src, size_t bytes);
GC_API gc_status gc_buffer_read(gc_buffer *buf, size_t offset, void *dst, size_t bytes);
/** gc_buffer_write enqueued on the current queue without waiting for it: later work on
 *  that queue sees the data, and src must stay unchanged until the queue has passed the
 *  write (a blocking transfer or gc_device_finish after it). Where src is page-locked
 *  (a GC_MEM_HOST_MAPPED buffer's host memory) the host returns at once and the transfer
 *  overlaps what it does next; from other memory the runtime may copy src before it
 *  returns. A failed transfer may surface only at a later blocking call. Same arguments
 *  and errors as gc_buffer_write; a host-mapped destination is written at once. */
GC_API gc_status gc_buffer_write_async(gc_buffer *buf, size_t offset, const void *src, size_t bytes);
/** Fill the whole buffer with a repeated byte (the canary). */
GC_API gc_status gc_buffer_fill_byte(gc_buffer *buf, uint8_t byte);

/* ---- modules and kernels ------------------------------------------------------- */

/** Build options for a module. */
typedef struct {
    const char *const *defines; /* "NAME=VALUE" or "NAME"; may be NULL when n_defines is 0;
                                   no entry may be NULL */
    size_t n_defines;
    int no_cache;               /* bypass the on-disk compile cache */
} gc_build_options;

/** Build a module from an embedded kernel source (its path in the source tree, e.g.
 *  "suites/atomic_fence/mp_global.gc"; gc_kernel_source_name_at() lists them). On
 *  GC_ERR_COMPILE, *log receives the compiler's log (caller frees); *log may be
 *  set on success too (warnings). opt and log may be NULL (defaults; no log). */
GC_API gc_status gc_module_build(gc_device *dev, const char *source_name, const gc_build_options *opt,
                          gc_module **out, char **log);
/** Same, from source text given directly (named `label` in logs; label may be NULL:
 *  "(source)"). */
GC_API gc_status gc_module_build_text(gc_device *dev, const char *label, const char *text,
                               const gc_build_options *opt, gc_module **out, char **log);
/** mod may be NULL (nothing happens). Free a module's kernels first. */
GC_API void gc_module_free(gc_module *mod);
/** The device code of a module as text where the backend has one (CUDA: PTX);
 *  NULL otherwise (and for a NULL mod). Owned by the module. */
GC_API const char *gc_module_assembly(const gc_module *mod);

/* ---- modules from files: CUDA C++, OpenCL C, the dialect; prebuilt binaries --------
 * A kernel a project already has, tested as it is. The language comes from the first
 * file's extension (".cu" CUDA C++, ".cl" OpenCL C, ".gc" the dialect; anything else
 * needs an explicit language) unless the options name one:
 *   - CUDA C++ is compiled by NVRTC, the whole language NVRTC accepts, for CUDA devices
 *     only; kernels are looked up by their symbol name (declare them extern "C", or pass
 *     the mangled name). Host code in the file must be guarded (#ifndef __CUDACC_RTC__).
 *   - OpenCL C is built by the device's OpenCL compiler, for OpenCL devices only.
 *   - the dialect (kernels/gc_dialect.h) builds for both.
 * A device of the other backend gets GC_ERR_UNSUPPORTED with the reason in gc_last_error()
 * (in a test: SKIP with that reason).
 *
 * #include "X" is resolved from the including file's folder, then from each include_dirs
 * entry in order, then from gpucheck's embedded sources ("kernels/gc_dialect.h");
 * #include <X> from include_dirs and the embedded sources. Every included file is pasted in with #line
 * directives, so compiler messages name the user's file and line
 * ("dir/saxpy.cu(12): error", "dir/saxpy.cl:12:5: error"), and the compile cache's key,
 * computed over the pasted text, changes whenever any included file does. An include found
 * nowhere is left to the compiler in CUDA C++ and OpenCL C (NVRTC's own headers, a line
 * inside #if 0), as is an #include <X> in the dialect; an #include "X" found nowhere in the
 * dialect is GC_ERR_NOT_FOUND naming the file and line. A file
 * is pasted again at each include, as the C preprocessor does (include guards and
 * #pragma once work as usual), except in the dialect, where each file is pasted once. */
typedef enum {
    GC_LANG_AUTO = 0,   /* from the first file's extension */
    GC_LANG_DIALECT,    /* .gc: kernels/gc_dialect.h, CUDA and OpenCL */
    GC_LANG_CUDA,       /* .cu: CUDA C++ through NVRTC, CUDA devices only */
    GC_LANG_OPENCL_C,   /* .cl: OpenCL C, OpenCL devices only */
    GC_LANG_COUNT
} gc_language;

/** "auto", "dialect", "cuda", "opencl-c"; "?" out of range. */
GC_API const char *gc_language_name(gc_language lang);
/** The language of a file name by its extension, GC_LANG_AUTO when it has none of
 *  ".cu", ".cuh", ".cl", ".gc" (and for NULL). */
GC_API gc_language gc_language_of_path(const char *path);

typedef struct {
    gc_language language;              /* GC_LANG_AUTO: by the first file's extension */
    const char *const *include_dirs;   /* searched in order after the file's own folder;
                                          may be NULL when n_include_dirs is 0 */
    size_t n_include_dirs;             /* at most 32 */
    const char *const *defines;        /* as in gc_build_options */
    size_t n_defines;
    int no_cache;                      /* bypass the on-disk compile cache */
} gc_file_build_options;

/** Build one module from the files paths[0..n_paths), compiled as one unit in that order
 *  (each pasted in as if #included). opt may be NULL (language by extension, no include
 *  directories, no defines). A file that cannot be read is GC_ERR_NOT_FOUND (or
 *  GC_ERR_ARGUMENT for a directory or a file over 16 MiB) naming it; an unknown extension
 *  with GC_LANG_AUTO is GC_ERR_ARGUMENT. Otherwise as gc_module_build: on GC_ERR_COMPILE
 *  *log has the compiler's log (caller frees). */
GC_API gc_status gc_module_build_files(gc_device *dev, const char *const *paths, size_t n_paths,
                                       const gc_file_build_options *opt, gc_module **out, char **log);
/** gc_module_build_files of one file. */
GC_API gc_status gc_module_build_file(gc_device *dev, const char *path, const gc_file_build_options *opt,
                                      gc_module **out, char **log);

/** Prebuilt device code, as a project's own build made it. */
typedef enum {
    GC_BINARY_AUTO = 0, /* by its first bytes and the device's backend: on CUDA an ELF
                           is a CUBIN, then fatbin, PTX text; on OpenCL SPIR-V, else the
                           device's own program binary (NVIDIA's is PTX text, others ELF) */
    GC_BINARY_CUBIN,    /* nvcc -cubin: CUDA devices, cuModuleLoadData */
    GC_BINARY_PTX,      /* nvcc -ptx: CUDA devices; the driver compiles it at load */
    GC_BINARY_FATBIN,   /* nvcc -fatbin: CUDA devices */
    GC_BINARY_SPIRV,    /* SPIR-V: OpenCL devices with an IL version, clCreateProgramWithIL */
    GC_BINARY_OPENCL,   /* the device's own program binary: clCreateProgramWithBinary */
    GC_BINARY_COUNT
} gc_binary_format;

/** "auto", "cubin", "ptx", "fatbin", "spirv", "opencl-binary"; "?" out of range. */
GC_API const char *gc_binary_format_name(gc_binary_format f);
/** The format of `bytes` for a device of `backend`, as GC_BINARY_AUTO takes it; on CUDA
 *  GC_BINARY_AUTO when it is none of CUBIN, fatbin, PTX (and SPIR-V where it is that);
 *  GC_BINARY_AUTO for NULL bytes. */
GC_API gc_binary_format gc_binary_format_detect(const void *bytes, size_t len, gc_backend_kind backend);

/** Load prebuilt device code into a module (never cached: it is already built). The
 *  format must suit the device's backend: CUBIN, PTX and fatbin on CUDA, SPIR-V and
 *  OpenCL binaries on OpenCL; otherwise GC_ERR_UNSUPPORTED with the reason, as for a
 *  device without SPIR-V ingestion. `options` (may be NULL) are OpenCL build options
 *  for clBuildProgram (SPIR-V, binaries); CUDA takes none (GC_ERR_ARGUMENT when not empty).
 *  A binary the driver rejects is GC_ERR_LOAD with the driver's words in gc_last_error()
 *  and, where the driver has one, its log in *log. log may be NULL. */
GC_API gc_status gc_module_load_binary(gc_device *dev, gc_binary_format format, const void *bytes, size_t len,
                                       const char *options, gc_module **out, char **log);
/** The same from a file (at most 256 MiB); GC_BINARY_AUTO also looks at the extension
 *  (.cubin, .ptx, .fatbin, .spv) before the bytes. */
GC_API gc_status gc_module_load_binary_file(gc_device *dev, const char *path, gc_binary_format format,
                                            const char *options, gc_module **out, char **log);

/** GC_ERR_NO_KERNEL when the module has no kernel of that name. */
GC_API gc_status gc_kernel_get(gc_module *mod, const char *name, gc_kernel **out);
/** k may be NULL (nothing happens). */
GC_API void gc_kernel_free(gc_kernel *k);
/** The largest work-group (product of the local sizes) kernel k launches with on its
 *  device: the device's max_work_group_size or less, where the kernel's registers or
 *  local memory limit it (CUDA: CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK; OpenCL:
 *  CL_KERNEL_WORK_GROUP_SIZE). A launch past it returns GC_ERR_ARGUMENT. 0 for a NULL k. */
GC_API size_t gc_kernel_max_work_group_size(const gc_kernel *k);

/* ---- launches ------------------------------------------------------------------ */

typedef struct {
    unsigned dims;            /* 1..3 */
    size_t global[3];         /* total work-items per dimension */
    size_t local[3];          /* work-group size per dimension */
    size_t dynamic_local_bytes; /* GC_DYNAMIC_LOCAL memory, 0 for none */
} gc_range;

typedef enum { GC_ARG_BUFFER, GC_ARG_VALUE } gc_arg_kind;
typedef struct {
    gc_arg_kind kind;
    gc_buffer *buffer;   /* GC_ARG_BUFFER */
    const void *value;   /* GC_ARG_VALUE: pointer to the bytes */
    size_t size;         /* GC_ARG_VALUE: size in bytes (4 or 8 for scalars) */
} gc_arg;

#define GC_ARG_BUF(b) ((gc_arg){GC_ARG_BUFFER, (b), NULL, 0})
#define GC_ARG_VAL(v) ((gc_arg){GC_ARG_VALUE, NULL, &(v), sizeof(v)})

/** Launch and wait for completion. If elapsed_ms is non-NULL it receives the
 *  device-measured time of the kernel (CUDA events / OpenCL profiling). args may be NULL
 *  only when nargs is 0; a GC_ARG_BUFFER argument must be a buffer of the kernel's own
 *  gc_device (GC_ERR_ARGUMENT otherwise, also for another gc_device of the same hardware).
 *  A global size that does not divide by the local size is a non-uniform launch:
 *  GC_ERR_UNSUPPORTED where caps.non_uniform_work_groups is 0. */
GC_API gc_status gc_kernel_launch(gc_kernel *k, const gc_range *range, const gc_arg *args, size_t nargs,
                           double *elapsed_ms);
/** Launch without waiting (benchmarks time a sequence themselves). */
GC_API gc_status gc_kernel_enqueue(gc_kernel *k, const gc_range *range, const gc_arg *args, size_t nargs);
/** Wait for all work on every queue of the device. */
GC_API gc_status gc_device_finish(gc_device *dev);

/* ---- queues --------------------------------------------------------------------
 * A device has GC_DEVICE_QUEUES in-order queues that may run concurrently (a CUDA stream
 * or an OpenCL command queue each). Launches, transfers and fills go to the current
 * queue, 0 until gc_device_select_queue changes it; a blocking transfer waits for its own
 * queue only. Work on different queues is unordered unless gc_device_queue_wait orders
 * it; gc_device_finish, host-mapped buffer access and buffer release wait for all.
 * Timers time queue 0, and gc_timer_stop first makes queue 0 wait for the others. The
 * current queue is per device, not per thread. */
#define GC_DEVICE_QUEUES 3u
/** GC_ERR_ARGUMENT for queue >= GC_DEVICE_QUEUES. */
GC_API gc_status gc_device_select_queue(gc_device *dev, unsigned queue);
/** Work enqueued on queue `waiter` after this call starts only once everything enqueued
 *  on queue `waited` before it has finished; the host does not wait. GC_ERR_ARGUMENT
 *  unless both are < GC_DEVICE_QUEUES and different. */
GC_API gc_status gc_device_queue_wait(gc_device *dev, unsigned waiter, unsigned waited);

/** What the runtime says about the sub-groups of kernel k for a launch of `range`'s
 *  local size (OpenCL 2.1+: clGetKernelSubGroupInfo). GC_ERR_UNSUPPORTED elsewhere, CUDA
 *  included, whose sub-groups are the 32-wide warps that gc_device_info reports. */
typedef struct {
    unsigned max_sub_group_size; /* largest sub-group in a work-group of that size */
    unsigned sub_group_count;    /* sub-groups in a work-group of that size */
} gc_sub_group_info;
/** GC_ERR_UNSUPPORTED where the device or its backend cannot answer. */
GC_API gc_status gc_kernel_sub_group_info(gc_kernel *k, const gc_range *range, gc_sub_group_info *out);

/** Timing of a sequence of enqueued work. */
typedef struct gc_timer gc_timer;
GC_API gc_status gc_timer_start(gc_device *dev, gc_timer **out);
/** Wait for everything since gc_timer_start and return the device time in ms (elapsed_ms
 *  may be NULL: only wait). Frees t, whatever the status. */
GC_API gc_status gc_timer_stop(gc_timer *t, double *elapsed_ms);

/* ---- embedded kernel sources --------------------------------------------------- */

/** Text of an embedded source file ("kernels/gc_dialect.h", "suites/x/y.gc"), or NULL
 *  (also for a NULL name, which sets gc_last_error()). */
GC_API const char *gc_kernel_source(const char *name);
GC_API size_t gc_kernel_source_count(void);
/** NULL (and gc_last_error()) for i >= gc_kernel_source_count(). */
GC_API const char *gc_kernel_source_name_at(size_t i);

#ifdef __cplusplus
}
#endif
#endif
