/* SPDX-License-Identifier: Apache-2.0 */
/* cuda_api.h — the few CUDA driver API and NVRTC declarations gpucheck uses.
 *
 * Written here instead of including <cuda.h>/<nvrtc.h> because the build machines
 * (CI included) have no CUDA toolkit: both libraries are dlopen'ed at run time.
 * Types are the ABI's (handles are pointers, CUdeviceptr is 64-bit on x86-64 and
 * aarch64), constants are the values of the CUDA 12/13 headers, and the function
 * lists are X-macros so that the table, the dlsym names and the pointer types come
 * from one line each. Where the driver has versioned entry points the list names
 * the versioned symbol (cuMemAlloc_v2 ...): the unversioned ones are the pre-CUDA-4
 * 32-bit ABI and must not be used. */
#ifndef GC_CUDA_API_H
#define GC_CUDA_API_H

#include <stddef.h>

/* ---- driver API types ------------------------------------------------------------ */

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

/* CUresult values this code distinguishes (others are reported by name only). */
#define CUDA_SUCCESS 0
#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_OUT_OF_MEMORY 2
#define CUDA_ERROR_NOT_INITIALIZED 3
#define CUDA_ERROR_STUB_LIBRARY 34
#define CUDA_ERROR_INSUFFICIENT_DRIVER 35
#define CUDA_ERROR_NO_DEVICE 100
#define CUDA_ERROR_INVALID_IMAGE 200
#define CUDA_ERROR_NO_BINARY_FOR_GPU 209
#define CUDA_ERROR_INVALID_PTX 218
#define CUDA_ERROR_UNSUPPORTED_PTX_VERSION 222
#define CUDA_ERROR_NOT_FOUND 500
#define CUDA_ERROR_NOT_READY 600
#define CUDA_ERROR_ILLEGAL_ADDRESS 700
#define CUDA_ERROR_LAUNCH_TIMEOUT 702
#define CUDA_ERROR_ASSERT 710
#define CUDA_ERROR_HARDWARE_STACK_ERROR 714
#define CUDA_ERROR_ILLEGAL_INSTRUCTION 715
#define CUDA_ERROR_MISALIGNED_ADDRESS 716
#define CUDA_ERROR_INVALID_ADDRESS_SPACE 717
#define CUDA_ERROR_INVALID_PC 718
#define CUDA_ERROR_LAUNCH_FAILED 719

/* CUdevice_attribute */
#define CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK 1
#define CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X 2
#define CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y 3
#define CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z 4
#define CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X 5
#define CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y 6
#define CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z 7
#define CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK 8
#define CU_DEVICE_ATTRIBUTE_WARP_SIZE 10
#define CU_DEVICE_ATTRIBUTE_CLOCK_RATE 13 /* kHz */
#define CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT 16
#define CU_DEVICE_ATTRIBUTE_INTEGRATED 18
#define CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY 19
#define CU_DEVICE_ATTRIBUTE_PCI_BUS_ID 33
#define CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID 34
#define CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE 36 /* kHz */
#define CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH 37
#define CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE 38
#define CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING 41
#define CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID 50
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR 75
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR 76
#define CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN 97

/* CUfunction_attribute */
#define CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK 0
#define CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES 1
#define CU_FUNC_ATTRIBUTE_NUM_REGS 4
#define CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES 8

#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_STREAM_NON_BLOCKING 0x1
#define CU_EVENT_DEFAULT 0x0
#define CU_EVENT_DISABLE_TIMING 0x2

/* Dynamic shared memory above this needs the per-function opt-in attribute. */
#define GC_CUDA_DEFAULT_SHARED_LIMIT (48u * 1024u)

/* X(field, "symbol", return type, (parameters)): required driver entry points. */
#define GC_CUDA_DRIVER_FUNCS(X)                                                                   \
    X(Init, "cuInit", CUresult, (unsigned int flags))                                             \
    X(DriverGetVersion, "cuDriverGetVersion", CUresult, (int *version))                           \
    X(GetErrorName, "cuGetErrorName", CUresult, (CUresult e, const char **s))                     \
    X(GetErrorString, "cuGetErrorString", CUresult, (CUresult e, const char **s))                 \
    X(DeviceGetCount, "cuDeviceGetCount", CUresult, (int *count))                                 \
    X(DeviceGet, "cuDeviceGet", CUresult, (CUdevice * dev, int ordinal))                          \
    X(DeviceGetName, "cuDeviceGetName", CUresult, (char *name, int len, CUdevice dev))            \
    X(DeviceGetAttribute, "cuDeviceGetAttribute", CUresult, (int *v, int attrib, CUdevice dev))   \
    X(DeviceTotalMem, "cuDeviceTotalMem_v2", CUresult, (size_t * bytes, CUdevice dev))            \
    X(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", CUresult, (CUcontext * c, CUdevice d))  \
    X(DevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", CUresult, (CUdevice d))            \
    X(CtxSetCurrent, "cuCtxSetCurrent", CUresult, (CUcontext c))                                  \
    X(StreamCreate, "cuStreamCreate", CUresult, (CUstream * s, unsigned int flags))               \
    X(StreamDestroy, "cuStreamDestroy_v2", CUresult, (CUstream s))                                \
    X(StreamSynchronize, "cuStreamSynchronize", CUresult, (CUstream s))                           \
    X(MemAlloc, "cuMemAlloc_v2", CUresult, (CUdeviceptr * p, size_t bytes))                       \
    X(MemFree, "cuMemFree_v2", CUresult, (CUdeviceptr p))                                         \
    X(MemHostAlloc, "cuMemHostAlloc", CUresult, (void **p, size_t bytes, unsigned int flags))     \
    X(MemFreeHost, "cuMemFreeHost", CUresult, (void *p))                                          \
    X(MemHostGetDevicePointer, "cuMemHostGetDevicePointer_v2", CUresult,                          \
      (CUdeviceptr * d, void *h, unsigned int flags))                                             \
    X(MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", CUresult,                                          \
      (CUdeviceptr dst, const void *src, size_t n, CUstream s))                                   \
    X(MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", CUresult,                                          \
      (void *dst, CUdeviceptr src, size_t n, CUstream s))                                         \
    X(MemsetD8Async, "cuMemsetD8Async", CUresult,                                                 \
      (CUdeviceptr dst, unsigned char v, size_t n, CUstream s))                                   \
    X(ModuleLoadData, "cuModuleLoadData", CUresult, (CUmodule * m, const void *image))            \
    X(ModuleUnload, "cuModuleUnload", CUresult, (CUmodule m))                                     \
    X(ModuleGetFunction, "cuModuleGetFunction", CUresult,                                         \
      (CUfunction * f, CUmodule m, const char *name))                                             \
    X(FuncGetAttribute, "cuFuncGetAttribute", CUresult, (int *v, int attrib, CUfunction f))       \
    X(FuncSetAttribute, "cuFuncSetAttribute", CUresult, (CUfunction f, int attrib, int v))        \
    X(LaunchKernel, "cuLaunchKernel", CUresult,                                                   \
      (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, \
       unsigned shared_bytes, CUstream s, void **params, void **extra))                           \
    X(EventCreate, "cuEventCreate", CUresult, (CUevent * e, unsigned int flags))                  \
    X(EventDestroy, "cuEventDestroy_v2", CUresult, (CUevent e))                                   \
    X(EventRecord, "cuEventRecord", CUresult, (CUevent e, CUstream s))                            \
    X(EventSynchronize, "cuEventSynchronize", CUresult, (CUevent e))                              \
    X(StreamWaitEvent, "cuStreamWaitEvent", CUresult, (CUstream s, CUevent e, unsigned int flags))

/* Entry points that older drivers lack; NULL when absent. cuEventElapsedTime_v2
 * (CUDA 12.8+) is preferred, the original is the fallback; cuFuncGetParamInfo
 * (12.4+) lets launches check the argument count and sizes; cuFuncGetParamCount (newer)
 * gives the count without asking for a parameter that is not there. */
#define GC_CUDA_DRIVER_OPTIONAL_FUNCS(X)                                                          \
    X(EventElapsedTime2, "cuEventElapsedTime_v2", CUresult, (float *ms, CUevent a, CUevent b))    \
    X(EventElapsedTime1, "cuEventElapsedTime", CUresult, (float *ms, CUevent a, CUevent b))       \
    X(FuncGetParamInfo, "cuFuncGetParamInfo", CUresult,                                           \
      (CUfunction f, size_t index, size_t *offset, size_t *size))                                 \
    X(FuncGetParamCount, "cuFuncGetParamCount", CUresult, (CUfunction f, size_t *count))

/* ---- NVRTC ----------------------------------------------------------------------- */

typedef int nvrtcResult;
typedef struct _nvrtcProgram *nvrtcProgram;

#define NVRTC_SUCCESS 0
#define NVRTC_ERROR_OUT_OF_MEMORY 1
#define NVRTC_ERROR_COMPILATION 6

#define GC_NVRTC_FUNCS(X)                                                                         \
    X(GetErrorString, "nvrtcGetErrorString", const char *, (nvrtcResult r))                       \
    X(Version, "nvrtcVersion", nvrtcResult, (int *major, int *minor))                             \
    X(GetNumSupportedArchs, "nvrtcGetNumSupportedArchs", nvrtcResult, (int *n))                   \
    X(GetSupportedArchs, "nvrtcGetSupportedArchs", nvrtcResult, (int *archs))                     \
    X(CreateProgram, "nvrtcCreateProgram", nvrtcResult,                                           \
      (nvrtcProgram * p, const char *src, const char *name, int n_headers,                        \
       const char *const *headers, const char *const *include_names))                             \
    X(DestroyProgram, "nvrtcDestroyProgram", nvrtcResult, (nvrtcProgram * p))                     \
    X(CompileProgram, "nvrtcCompileProgram", nvrtcResult,                                         \
      (nvrtcProgram p, int n_options, const char *const *options))                                \
    X(GetProgramLogSize, "nvrtcGetProgramLogSize", nvrtcResult, (nvrtcProgram p, size_t *n))      \
    X(GetProgramLog, "nvrtcGetProgramLog", nvrtcResult, (nvrtcProgram p, char *log))              \
    X(GetPTXSize, "nvrtcGetPTXSize", nvrtcResult, (nvrtcProgram p, size_t *n))                    \
    X(GetPTX, "nvrtcGetPTX", nvrtcResult, (nvrtcProgram p, char *ptx))                            \
    X(GetCUBINSize, "nvrtcGetCUBINSize", nvrtcResult, (nvrtcProgram p, size_t *n))                \
    X(GetCUBIN, "nvrtcGetCUBIN", nvrtcResult, (nvrtcProgram p, char *cubin))

#define GC_CUDA_API_FIELD_(field, sym, ret, params) ret(*field) params;

/** The loaded driver API: one function pointer per entry of the lists above. */
typedef struct {
    GC_CUDA_DRIVER_FUNCS(GC_CUDA_API_FIELD_)
    GC_CUDA_DRIVER_OPTIONAL_FUNCS(GC_CUDA_API_FIELD_)
} gc_cuda_driver_api;

/** The loaded NVRTC API. */
typedef struct {
    GC_NVRTC_FUNCS(GC_CUDA_API_FIELD_)
} gc_nvrtc_api;

#endif
