/* SPDX-License-Identifier: Apache-2.0 */
/* gc_dialect.h — the portable kernel dialect.
 *
 * A kernel is written once against these macros and compiles as
 *   - OpenCL C (3.0 where the device has it, else 1.2),         __OPENCL_VERSION__
 *   - CUDA C++ through NVRTC,                                     __CUDACC__
 *   - plain C11 on the host (device functions only, no kernels),  otherwise,
 * so that arithmetic written for the device (e.g. BLS12-381 fields) is also unit-tested
 * on the host against independent references.
 *
 * Memory orders and scopes are the integers of gc_device.h (GC_ORDER_*, GC_SCOPE_*).
 * Pass them as compile-time constants: every wrapper is inlined and the switch on the
 * order/scope folds to one instruction, which the fence suite checks in the PTX.
 *
 * Address spaces: OpenCL needs them on every pointer, CUDA has generic pointers.
 * Global-memory atomics are gc_atomic_<op>_<type>(); local-memory ones add _local.
 *
 * Barriers: gc_barrier() orders local and global memory at work-group scope;
 * gc_barrier_mem(spaces, scope) names the spaces and the scope, as OpenCL and SYCL do (a
 * port that narrows a barrier to local memory is what the fence suite's barrier tests catch).
 */
#ifndef GC_DIALECT_H
#define GC_DIALECT_H

/* In host code that already included gpucheck/gc_device.h these names are its
 * enumerators (same values); gc_device.h undefines the macros if it comes second. */
#if !defined(GC_DEVICE_H)
#define GC_ORDER_RELAXED 0
#define GC_ORDER_ACQUIRE 1
#define GC_ORDER_RELEASE 2
#define GC_ORDER_ACQ_REL 3
#define GC_ORDER_SEQ_CST 4
#define GC_SCOPE_WORK_ITEM 0
#define GC_SCOPE_WORK_GROUP 1
#define GC_SCOPE_DEVICE 2
#define GC_SCOPE_SYSTEM 3
#endif

/* Memory spaces a work-group barrier orders (gc_barrier_mem), combined with |: OpenCL's
 * CLK_LOCAL_MEM_FENCE and CLK_GLOBAL_MEM_FENCE, SYCL's fence_space. Every dialect. */
#define GC_MEM_SPACE_LOCAL 1
#define GC_MEM_SPACE_GLOBAL 2

/* =================================================================================
 * OpenCL C
 * ================================================================================= */
#if defined(__OPENCL_VERSION__) || defined(__OPENCL_C_VERSION__)

#define GC_BACKEND_OPENCL 1
#define GC_KERNEL __kernel void
#define GC_OCCUPANCY(threads, groups) /* a CUDA register budget; nothing here */
#define GC_FN static inline
#define GC_GLOBAL __global
#define GC_LOCAL __local
#define GC_LOCAL_ARRAY(T, name, n) __local T name[n]
#define GC_CONSTANT __constant
#define GC_CONSTANT_DATA __constant
#define GC_RESTRICT restrict
#define GC_U64(x) x##UL

typedef uint gc_u32;
typedef int gc_i32;
typedef ulong gc_u64;
typedef long gc_i64;

#define gc_global_id(d) ((gc_u32)get_global_id(d))
#define gc_local_id(d) ((gc_u32)get_local_id(d))
#define gc_group_id(d) ((gc_u32)get_group_id(d))
#define gc_local_size(d) ((gc_u32)get_local_size(d))
#define gc_num_groups(d) ((gc_u32)get_num_groups(d))
#define gc_global_size(d) ((gc_u32)get_global_size(d))

#define gc_barrier() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define GC__CL_MEM_FLAGS(m)                                                                     \
    (((m) & GC_MEM_SPACE_LOCAL ? CLK_LOCAL_MEM_FENCE : 0) | ((m) & GC_MEM_SPACE_GLOBAL ? CLK_GLOBAL_MEM_FENCE : 0))
/* A barrier can order one memory space and not the other (gc_barrier_mem). */
#define GC_HAS_SPACE_RESTRICTED_BARRIER 1
#define gc_mul_hi_u64(a, b) mul_hi((gc_u64)(a), (gc_u64)(b))
#define gc_mul_hi_u32(a, b) mul_hi((gc_u32)(a), (gc_u32)(b))

/* Dynamic local memory is a trailing __local pointer argument on OpenCL. */
#define GC_DYNAMIC_LOCAL_PARAM(T, name) , __local T *name
#define GC_DYNAMIC_LOCAL_DECL(T, name)

#if defined(cl_khr_int64_base_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#endif
#if defined(cl_khr_int64_extended_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#endif

/* C11-style atomics need OpenCL C 2.0+; GC_CL_LEGACY_ATOMICS forces the 1.2
 * functions (the host sets it where the C11 orders/scopes the device reports are too
 * weak to be useful, e.g. work-group scope only). */
#if __OPENCL_C_VERSION__ >= 200 && !defined(GC_CL_LEGACY_ATOMICS)
#define GC_CL_C11_ATOMICS 1
#endif

#if defined(GC_CL_C11_ATOMICS)
#define GC__CL_ORDER(o)                                                                         \
    ((o) == GC_ORDER_RELAXED   ? memory_order_relaxed                                          \
     : (o) == GC_ORDER_ACQUIRE ? memory_order_acquire                                          \
     : (o) == GC_ORDER_RELEASE ? memory_order_release                                          \
     : (o) == GC_ORDER_ACQ_REL ? memory_order_acq_rel                                          \
                               : memory_order_seq_cst)
/* A failed compare-exchange is a load: it may not have release semantics. */
#define GC__CL_FAIL_ORDER(o)                                                                    \
    ((o) == GC_ORDER_SEQ_CST ? memory_order_seq_cst                                             \
     : ((o) == GC_ORDER_ACQUIRE || (o) == GC_ORDER_ACQ_REL) ? memory_order_acquire             \
                                                            : memory_order_relaxed)
#define GC__CL_LOAD_ORDER(o)                                                                    \
    ((o) == GC_ORDER_SEQ_CST ? memory_order_seq_cst                                             \
     : ((o) == GC_ORDER_ACQUIRE || (o) == GC_ORDER_ACQ_REL) ? memory_order_acquire             \
                                                            : memory_order_relaxed)
#define GC__CL_STORE_ORDER(o)                                                                   \
    ((o) == GC_ORDER_SEQ_CST ? memory_order_seq_cst                                             \
     : ((o) == GC_ORDER_RELEASE || (o) == GC_ORDER_ACQ_REL) ? memory_order_release             \
                                                            : memory_order_relaxed)
/* Without the feature macro a scope compiles as the next narrower one. The host knows
 * (gc_caps.narrowed_scope) and tests that need the scope SKIP; GC_CL_NARROWED_*_SCOPE let
 * a kernel refuse to compile rather than run narrowed under its name. */
#if defined(__opencl_c_atomic_scope_all_devices) || __OPENCL_C_VERSION__ < 300
#define GC__CL_SYSTEM_SCOPE memory_scope_all_svm_devices
#else
#define GC__CL_SYSTEM_SCOPE memory_scope_device
#define GC_CL_NARROWED_SYSTEM_SCOPE 1
#endif
#if defined(__opencl_c_atomic_scope_device) || __OPENCL_C_VERSION__ < 300
#define GC__CL_DEVICE_SCOPE memory_scope_device
#else
#define GC__CL_DEVICE_SCOPE memory_scope_work_group
#define GC_CL_NARROWED_DEVICE_SCOPE 1
#endif
#define GC__CL_SCOPE(s)                                                                         \
    ((s) == GC_SCOPE_WORK_ITEM    ? memory_scope_work_item                                      \
     : (s) == GC_SCOPE_WORK_GROUP ? memory_scope_work_group                                     \
     : (s) == GC_SCOPE_DEVICE     ? GC__CL_DEVICE_SCOPE                                         \
                                  : GC__CL_SYSTEM_SCOPE)

/* A relaxed fence orders nothing, and a work-item-scope fence on memory is
 * meaningless: both are no-ops (the weakened twins of the fence suite use this). */
#define gc_fence(o, s)                                                                          \
    do {                                                                                        \
        if ((o) != GC_ORDER_RELAXED && (s) != GC_SCOPE_WORK_ITEM)                               \
            atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, GC__CL_ORDER(o), \
                                   GC__CL_SCOPE(s));                                            \
    } while (0)

/* A work-group barrier that orders the memory spaces m (GC_MEM_SPACE_*, not 0) at scope s:
 * OpenCL C 2.0's work_group_barrier, which takes both. */
#define gc_barrier_mem(m, s) work_group_barrier(GC__CL_MEM_FLAGS(m), GC__CL_SCOPE(s))

#define GC__CL_ATOMICS(AS, SUF, T, AT)                                                          \
    GC_FN T gc_atomic_load_##SUF(volatile AS T *p, int o, int s) {                              \
        return atomic_load_explicit((volatile AS AT *)p, GC__CL_LOAD_ORDER(o), GC__CL_SCOPE(s)); \
    }                                                                                           \
    GC_FN void gc_atomic_store_##SUF(volatile AS T *p, T v, int o, int s) {                     \
        atomic_store_explicit((volatile AS AT *)p, v, GC__CL_STORE_ORDER(o), GC__CL_SCOPE(s));  \
    }                                                                                           \
    GC_FN T gc_atomic_xchg_##SUF(volatile AS T *p, T v, int o, int s) {                         \
        return atomic_exchange_explicit((volatile AS AT *)p, v, GC__CL_ORDER(o), GC__CL_SCOPE(s)); \
    }                                                                                           \
    GC_FN T gc_atomic_cas_##SUF(volatile AS T *p, T expected, T desired, int o, int s) {        \
        atomic_compare_exchange_strong_explicit((volatile AS AT *)p, &expected, desired,        \
                                                GC__CL_ORDER(o), GC__CL_FAIL_ORDER(o),          \
                                                GC__CL_SCOPE(s));                               \
        return expected;                                                                        \
    }                                                                                           \
    GC_FN T gc_atomic_fetch_add_##SUF(volatile AS T *p, T v, int o, int s) {                    \
        return atomic_fetch_add_explicit((volatile AS AT *)p, v, GC__CL_ORDER(o), GC__CL_SCOPE(s)); \
    }                                                                                           \
    GC_FN T gc_atomic_fetch_sub_##SUF(volatile AS T *p, T v, int o, int s) {                    \
        return atomic_fetch_sub_explicit((volatile AS AT *)p, v, GC__CL_ORDER(o), GC__CL_SCOPE(s)); \
    }                                                                                           \
    GC_FN T gc_atomic_fetch_and_##SUF(volatile AS T *p, T v, int o, int s) {                    \
        return atomic_fetch_and_explicit((volatile AS AT *)p, v, GC__CL_ORDER(o), GC__CL_SCOPE(s)); \
    }                                                                                           \
    GC_FN T gc_atomic_fetch_or_##SUF(volatile AS T *p, T v, int o, int s) {                     \
        return atomic_fetch_or_explicit((volatile AS AT *)p, v, GC__CL_ORDER(o), GC__CL_SCOPE(s)); \
    }                                                                                           \
    GC_FN T gc_atomic_fetch_min_##SUF(volatile AS T *p, T v, int o, int s) {                    \
        return atomic_fetch_min_explicit((volatile AS AT *)p, v, GC__CL_ORDER(o), GC__CL_SCOPE(s)); \
    }                                                                                           \
    GC_FN T gc_atomic_fetch_max_##SUF(volatile AS T *p, T v, int o, int s) {                    \
        return atomic_fetch_max_explicit((volatile AS AT *)p, v, GC__CL_ORDER(o), GC__CL_SCOPE(s)); \
    }

GC__CL_ATOMICS(__global, u32, uint, atomic_uint)
GC__CL_ATOMICS(__local, u32_local, uint, atomic_uint)
#if defined(cl_khr_int64_base_atomics) && defined(cl_khr_int64_extended_atomics)
#define GC_HAS_INT64_ATOMICS 1
GC__CL_ATOMICS(__global, u64, ulong, atomic_ulong)
GC__CL_ATOMICS(__local, u64_local, ulong, atomic_ulong)
#endif

#else /* OpenCL C 1.2: relaxed device-coherent atomics plus mem_fence for ordering */

#define gc_fence(o, s)                                                                          \
    do {                                                                                        \
        if ((o) != GC_ORDER_RELAXED && (s) != GC_SCOPE_WORK_ITEM)                               \
            mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);                              \
    } while (0)
/* Acquire-side and release-side fences around the 1.2 atomics. */
#define GC__CL12_PRE(o)                                                                         \
    if ((o) == GC_ORDER_RELEASE || (o) >= GC_ORDER_ACQ_REL) mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE)
#define GC__CL12_POST(o)                                                                        \
    if ((o) == GC_ORDER_ACQUIRE || (o) >= GC_ORDER_ACQ_REL) mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE)
/* OpenCL 1.2's barrier has work-group scope only: a wider scope adds the dialect's 1.2
 * fences around it, as gc_fence does. */
#define gc_barrier_mem(m, s)                                                                    \
    do {                                                                                        \
        if ((s) > GC_SCOPE_WORK_GROUP) mem_fence(GC__CL_MEM_FLAGS(m));                          \
        barrier(GC__CL_MEM_FLAGS(m));                                                           \
        if ((s) > GC_SCOPE_WORK_GROUP) mem_fence(GC__CL_MEM_FLAGS(m));                          \
    } while (0)

#define GC__CL12_RMW(AS, SUF, T, NAME, CALL)                                                     \
    GC_FN T gc_atomic_##NAME##_##SUF(volatile AS T *p, T v, int o, int s) {                     \
        (void)s;                                                                                \
        GC__CL12_PRE(o);                                                                        \
        T r = CALL(p, v);                                                                       \
        GC__CL12_POST(o);                                                                       \
        return r;                                                                               \
    }
#define GC__CL12_ATOMICS(AS, SUF, T, PFX)                                                       \
    GC_FN T gc_atomic_load_##SUF(volatile AS T *p, int o, int s) {                              \
        (void)s;                                                                                \
        T r = *p;                                                                               \
        GC__CL12_POST(o);                                                                       \
        return r;                                                                               \
    }                                                                                           \
    GC_FN void gc_atomic_store_##SUF(volatile AS T *p, T v, int o, int s) {                     \
        (void)s;                                                                                \
        GC__CL12_PRE(o);                                                                        \
        (void)PFX##_xchg(p, v);                                                                 \
    }                                                                                           \
    GC_FN T gc_atomic_cas_##SUF(volatile AS T *p, T expected, T desired, int o, int s) {        \
        (void)s;                                                                                \
        GC__CL12_PRE(o);                                                                        \
        T r = PFX##_cmpxchg(p, expected, desired);                                              \
        GC__CL12_POST(o);                                                                       \
        return r;                                                                               \
    }                                                                                           \
    GC__CL12_RMW(AS, SUF, T, xchg, PFX##_xchg)                                                  \
    GC__CL12_RMW(AS, SUF, T, fetch_add, PFX##_add)                                              \
    GC__CL12_RMW(AS, SUF, T, fetch_sub, PFX##_sub)                                              \
    GC__CL12_RMW(AS, SUF, T, fetch_and, PFX##_and)                                              \
    GC__CL12_RMW(AS, SUF, T, fetch_or, PFX##_or)                                                \
    GC__CL12_RMW(AS, SUF, T, fetch_min, PFX##_min)                                              \
    GC__CL12_RMW(AS, SUF, T, fetch_max, PFX##_max)

GC__CL12_ATOMICS(__global, u32, uint, atomic)
GC__CL12_ATOMICS(__local, u32_local, uint, atomic)
#if defined(cl_khr_int64_base_atomics) && defined(cl_khr_int64_extended_atomics)
#define GC_HAS_INT64_ATOMICS 1
GC__CL12_ATOMICS(__global, u64, ulong, atom)
GC__CL12_ATOMICS(__local, u64_local, ulong, atom)
#endif
#endif /* C11 vs 1.2 atomics */

/* Sub-groups: cl_khr_subgroups, or OpenCL C 3.0 with the sub-group feature. */
#if defined(cl_khr_subgroups) || defined(__opencl_c_subgroups)
#if defined(cl_khr_subgroups)
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#endif
#define GC_HAS_SUB_GROUPS 1
#define gc_sub_group_id() ((gc_u32)get_sub_group_id())
#define gc_sub_group_local_id() ((gc_u32)get_sub_group_local_id())
#define gc_sub_group_size() ((gc_u32)get_sub_group_size())
#define gc_sub_group_max_size() ((gc_u32)get_max_sub_group_size())
#define gc_num_sub_groups() ((gc_u32)get_num_sub_groups())

#endif

/* =================================================================================
 * CUDA through NVRTC
 * ================================================================================= */
#elif defined(__CUDACC__)

#define GC_BACKEND_CUDA 1
#define GC_KERNEL extern "C" __global__ void
/* After GC_KERNEL: launches of at most `threads` per block, and registers few enough that
 * `groups` such blocks fit on one SM (__launch_bounds__). */
#define GC_OCCUPANCY(threads, groups) __launch_bounds__(threads, groups)
#define GC_FN static __device__ __forceinline__
#define GC_GLOBAL
#define GC_LOCAL
#define GC_LOCAL_ARRAY(T, name, n) __shared__ T name[n]
#define GC_CONSTANT const
#define GC_CONSTANT_DATA __constant__ const
#define GC_RESTRICT __restrict__
#define GC_U64(x) x##ULL

typedef unsigned int gc_u32;
typedef int gc_i32;
typedef unsigned long long gc_u64;
typedef long long gc_i64;

GC_FN gc_u32 gc__dim3_get(dim3 v, int d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
GC_FN gc_u32 gc__uint3_get(uint3 v, int d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
#define gc_local_id(d) gc__uint3_get(threadIdx, (d))
#define gc_group_id(d) gc__uint3_get(blockIdx, (d))
#define gc_local_size(d) gc__dim3_get(blockDim, (d))
#define gc_num_groups(d) gc__dim3_get(gridDim, (d))
#define gc_global_id(d) (gc_group_id(d) * gc_local_size(d) + gc_local_id(d))
#define gc_global_size(d) (gc_num_groups(d) * gc_local_size(d))

#define gc_barrier() __syncthreads()
#define gc_mul_hi_u64(a, b) __umul64hi((gc_u64)(a), (gc_u64)(b))
#define gc_mul_hi_u32(a, b) __umulhi((gc_u32)(a), (gc_u32)(b))

#define GC_DYNAMIC_LOCAL_PARAM(T, name)
#define GC_DYNAMIC_LOCAL_DECL(T, name)                                                          \
    extern __shared__ __align__(16) unsigned char gc__dynamic_local[];                         \
    T *name = (T *)gc__dynamic_local

#define GC_HAS_INT64_ATOMICS 1
#define GC_HAS_NATIVE_BOUNDED_ATOMIC_INC 1

/* PTX scopes: work-item and work-group map to .cta, device to .gpu, system to .sys. */
#define GC__PTX_BY_SCOPE(s, M, ...)                                                             \
    do {                                                                                        \
        if ((s) <= GC_SCOPE_WORK_GROUP) {                                                       \
            M(cta, __VA_ARGS__);                                                                \
        } else if ((s) == GC_SCOPE_DEVICE) {                                                    \
            M(gpu, __VA_ARGS__);                                                                \
        } else {                                                                                \
            M(sys, __VA_ARGS__);                                                                \
        }                                                                                       \
    } while (0)
#define GC__PTX_FENCE_ACQ_REL(scope, unused) asm volatile("fence.acq_rel." #scope ";" ::: "memory")
#define GC__PTX_FENCE_SC(scope, unused) asm volatile("fence.sc." #scope ";" ::: "memory")

/* A relaxed fence orders nothing, and a work-item-scope fence is meaningless: both are
 * compiler barriers only (the weakened twins of the fence suite rely on this). PTX has
 * no acquire-only or release-only fence: both are fence.acq_rel. */
GC_FN void gc_fence(int o, int s) {
    if (o == GC_ORDER_RELAXED || s == GC_SCOPE_WORK_ITEM) {
        asm volatile("" ::: "memory");
    } else if (o == GC_ORDER_SEQ_CST) {
        GC__PTX_BY_SCOPE(s, GC__PTX_FENCE_SC, 0);
    } else {
        GC__PTX_BY_SCOPE(s, GC__PTX_FENCE_ACQ_REL, 0);
    }
}

/* A work-group barrier that orders the memory spaces m (GC_MEM_SPACE_*) at scope s. CUDA's
 * barrier (bar.sync) orders all memory at block scope whatever m names, which is at least
 * what was asked: no barrier restricted to shared memory exists, so
 * GC_HAS_SPACE_RESTRICTED_BARRIER stays undefined. A wider scope adds acq_rel fences
 * at that scope around it. */
GC_FN void gc_barrier_mem(int m, int s) {
    (void)m;
    if (s > GC_SCOPE_WORK_GROUP) gc_fence(GC_ORDER_ACQ_REL, s);
    __syncthreads();
    if (s > GC_SCOPE_WORK_GROUP) gc_fence(GC_ORDER_ACQ_REL, s);
}

/* Loads and stores: ld.relaxed/ld.acquire, st.relaxed/st.release; seq_cst adds a
 * leading fence.sc (the PTX memory model's mapping of C++ seq_cst). */
#define GC__PTX_LD(scope, sem, T, C, r, p)                                                      \
    asm volatile("ld." #sem "." #scope ".b" C " %0, [%1];" : "=" T(r) : "l"(p) : "memory")
#define GC__PTX_ST(scope, sem, T, C, p, v)                                                      \
    asm volatile("st." #sem "." #scope ".b" C " [%0], %1;" ::"l"(p), T(v) : "memory")
#define GC__PTX_RMW(scope, sem, op, T, C, r, p, v)                                              \
    asm volatile("atom." #sem "." #scope "." #op "." C " %0, [%1], %2;"                         \
                 : "=" T(r)                                                                     \
                 : "l"(p), T(v)                                                                 \
                 : "memory")
#define GC__PTX_CAS(scope, sem, T, C, r, p, e, d)                                               \
    asm volatile("atom." #sem "." #scope ".cas.b" C " %0, [%1], %2, %3;"                        \
                 : "=" T(r)                                                                     \
                 : "l"(p), T(e), T(d)                                                           \
                 : "memory")
#define GC__PTX_LD_R(scope, T, C, r, p) GC__PTX_LD(scope, relaxed, T, C, r, p)
#define GC__PTX_LD_A(scope, T, C, r, p) GC__PTX_LD(scope, acquire, T, C, r, p)
#define GC__PTX_ST_R(scope, T, C, p, v) GC__PTX_ST(scope, relaxed, T, C, p, v)
#define GC__PTX_ST_L(scope, T, C, p, v) GC__PTX_ST(scope, release, T, C, p, v)
#define GC__PTX_RMW_R(scope, ...) GC__PTX_RMW(scope, relaxed, __VA_ARGS__)
#define GC__PTX_RMW_A(scope, ...) GC__PTX_RMW(scope, acquire, __VA_ARGS__)
#define GC__PTX_RMW_L(scope, ...) GC__PTX_RMW(scope, release, __VA_ARGS__)
#define GC__PTX_RMW_AR(scope, ...) GC__PTX_RMW(scope, acq_rel, __VA_ARGS__)
#define GC__PTX_CAS_R(scope, ...) GC__PTX_CAS(scope, relaxed, __VA_ARGS__)
#define GC__PTX_CAS_A(scope, ...) GC__PTX_CAS(scope, acquire, __VA_ARGS__)
#define GC__PTX_CAS_L(scope, ...) GC__PTX_CAS(scope, release, __VA_ARGS__)
#define GC__PTX_CAS_AR(scope, ...) GC__PTX_CAS(scope, acq_rel, __VA_ARGS__)

#define GC__PTX_BY_ORDER_RMW(o, s, R, A, L, AR, ...)                                            \
    do {                                                                                        \
        if ((o) == GC_ORDER_SEQ_CST) gc_fence(GC_ORDER_SEQ_CST, (s));                           \
        if ((o) == GC_ORDER_RELAXED) GC__PTX_BY_SCOPE(s, R, __VA_ARGS__);                       \
        else if ((o) == GC_ORDER_ACQUIRE) GC__PTX_BY_SCOPE(s, A, __VA_ARGS__);                  \
        else if ((o) == GC_ORDER_RELEASE) GC__PTX_BY_SCOPE(s, L, __VA_ARGS__);                  \
        else GC__PTX_BY_SCOPE(s, AR, __VA_ARGS__);                                              \
    } while (0)

/* T: register constraint ("r" 32-bit, "l" 64-bit); C: bit width as a string;
 * U: PTX type of the unsigned operations (".u32"), B: of the bitwise ones (".b32"). */
#define GC__CUDA_ATOMICS(SUF, TY, T, C, U, B)                                                   \
    GC_FN TY gc_atomic_load_##SUF(volatile TY *p, int o, int s) {                               \
        TY r;                                                                                   \
        if (o == GC_ORDER_SEQ_CST) gc_fence(GC_ORDER_SEQ_CST, s);                               \
        if (o == GC_ORDER_RELAXED || o == GC_ORDER_RELEASE) GC__PTX_BY_SCOPE(s, GC__PTX_LD_R, T, C, r, p); \
        else GC__PTX_BY_SCOPE(s, GC__PTX_LD_A, T, C, r, p);                                     \
        return r;                                                                               \
    }                                                                                           \
    GC_FN void gc_atomic_store_##SUF(volatile TY *p, TY v, int o, int s) {                      \
        if (o == GC_ORDER_SEQ_CST) gc_fence(GC_ORDER_SEQ_CST, s);                               \
        if (o == GC_ORDER_RELAXED || o == GC_ORDER_ACQUIRE) GC__PTX_BY_SCOPE(s, GC__PTX_ST_R, T, C, p, v); \
        else GC__PTX_BY_SCOPE(s, GC__PTX_ST_L, T, C, p, v);                                     \
    }                                                                                           \
    GC_FN TY gc_atomic_cas_##SUF(volatile TY *p, TY e, TY d, int o, int s) {                    \
        TY r;                                                                                   \
        GC__PTX_BY_ORDER_RMW(o, s, GC__PTX_CAS_R, GC__PTX_CAS_A, GC__PTX_CAS_L, GC__PTX_CAS_AR, \
                             T, C, r, p, e, d);                                                 \
        return r;                                                                               \
    }                                                                                           \
    GC__CUDA_RMW(SUF, TY, xchg, exch, T, B)                                                     \
    GC__CUDA_RMW(SUF, TY, fetch_add, add, T, U)                                                 \
    GC__CUDA_RMW(SUF, TY, fetch_and, and, T, B)                                                 \
    GC__CUDA_RMW(SUF, TY, fetch_or, or, T, B)                                                   \
    GC__CUDA_RMW(SUF, TY, fetch_min, min, T, U)                                                 \
    GC__CUDA_RMW(SUF, TY, fetch_max, max, T, U)                                                 \
    GC_FN TY gc_atomic_fetch_sub_##SUF(volatile TY *p, TY v, int o, int s) {                    \
        return gc_atomic_fetch_add_##SUF(p, (TY)0 - v, o, s);                                   \
    }
#define GC__CUDA_RMW(SUF, TY, NAME, OP, T, PT)                                                  \
    GC_FN TY gc_atomic_##NAME##_##SUF(volatile TY *p, TY v, int o, int s) {                     \
        TY r;                                                                                   \
        GC__PTX_BY_ORDER_RMW(o, s, GC__PTX_RMW_R, GC__PTX_RMW_A, GC__PTX_RMW_L, GC__PTX_RMW_AR, \
                             OP, T, PT, r, p, v);                                               \
        return r;                                                                               \
    }

GC__CUDA_ATOMICS(u32, gc_u32, "r", "32", "u32", "b32")
GC__CUDA_ATOMICS(u64, gc_u64, "l", "64", "u64", "b64")
/* Generic addressing: the same instructions serve shared (local) memory. */
#define GC__CUDA_LOCAL_ALIASES(SUF)                                                             \
    GC_FN gc_##SUF gc_atomic_load_##SUF##_local(volatile gc_##SUF *p, int o, int s) { return gc_atomic_load_##SUF(p, o, s); } \
    GC_FN void gc_atomic_store_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { gc_atomic_store_##SUF(p, v, o, s); } \
    GC_FN gc_##SUF gc_atomic_xchg_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { return gc_atomic_xchg_##SUF(p, v, o, s); } \
    GC_FN gc_##SUF gc_atomic_cas_##SUF##_local(volatile gc_##SUF *p, gc_##SUF e, gc_##SUF d, int o, int s) { return gc_atomic_cas_##SUF(p, e, d, o, s); } \
    GC_FN gc_##SUF gc_atomic_fetch_add_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { return gc_atomic_fetch_add_##SUF(p, v, o, s); } \
    GC_FN gc_##SUF gc_atomic_fetch_sub_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { return gc_atomic_fetch_sub_##SUF(p, v, o, s); } \
    GC_FN gc_##SUF gc_atomic_fetch_and_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { return gc_atomic_fetch_and_##SUF(p, v, o, s); } \
    GC_FN gc_##SUF gc_atomic_fetch_or_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { return gc_atomic_fetch_or_##SUF(p, v, o, s); } \
    GC_FN gc_##SUF gc_atomic_fetch_min_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { return gc_atomic_fetch_min_##SUF(p, v, o, s); } \
    GC_FN gc_##SUF gc_atomic_fetch_max_##SUF##_local(volatile gc_##SUF *p, gc_##SUF v, int o, int s) { return gc_atomic_fetch_max_##SUF(p, v, o, s); }
GC__CUDA_LOCAL_ALIASES(u32)
GC__CUDA_LOCAL_ALIASES(u64)

/* Sub-groups are warps over the linearized local id; the last one of a work-group may
 * be partial. */
#define GC_HAS_SUB_GROUPS 1
GC_FN gc_u32 gc__local_linear_id(void) {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
GC_FN gc_u32 gc__local_linear_size(void) { return blockDim.x * blockDim.y * blockDim.z; }
#define gc_sub_group_id() (gc__local_linear_id() / 32u)
#define gc_sub_group_local_id() (gc__local_linear_id() % 32u)
#define gc_sub_group_max_size() 32u
#define gc_num_sub_groups() ((gc__local_linear_size() + 31u) / 32u)
#define gc_sub_group_size()                                                                     \
    (gc__local_linear_size() - gc_sub_group_id() * 32u < 32u                                    \
         ? gc__local_linear_size() - gc_sub_group_id() * 32u                                    \
         : 32u)

/* =================================================================================
 * Plain C on the host: device functions only (for host unit tests of kernel code)
 * ================================================================================= */
#else

#include <stdint.h>
#define GC_BACKEND_HOST 1
#define GC_FN static inline
#define GC_OCCUPANCY(threads, groups)
#define GC_GLOBAL
#define GC_LOCAL
#define GC_CONSTANT const
#define GC_CONSTANT_DATA static const
#define GC_RESTRICT restrict
#define GC_U64(x) x##ULL
typedef uint32_t gc_u32;
typedef int32_t gc_i32;
typedef uint64_t gc_u64;
typedef int64_t gc_i64;
#define gc_mul_hi_u64(a, b) ((gc_u64)(((unsigned __int128)(gc_u64)(a) * (gc_u64)(b)) >> 64))
#define gc_mul_hi_u32(a, b) ((gc_u32)(((gc_u64)(gc_u32)(a) * (gc_u32)(b)) >> 32))

#endif /* dialects */

/* ---- common to all device dialects ---- */
#if !defined(GC_BACKEND_HOST)
#define gc_local_linear_id()                                                                    \
    (gc_local_id(0) + gc_local_size(0) * (gc_local_id(1) + gc_local_size(1) * gc_local_id(2)))
#define gc_local_linear_size() (gc_local_size(0) * gc_local_size(1) * gc_local_size(2))
#define gc_group_linear_id()                                                                    \
    (gc_group_id(0) + gc_num_groups(0) * (gc_group_id(1) + gc_num_groups(1) * gc_group_id(2)))
#define gc_global_linear_id()                                                                   \
    (gc_global_id(0) + gc_global_size(0) * (gc_global_id(1) + gc_global_size(1) * gc_global_id(2)))
#endif

/* ---- fault sites (every dialect, the host included) ----
 * GC_FAULT_SITE(id, stmt) marks a place where a mutant test injects a bug: a build with
 * GC_FAULT=id runs stmt there. Only the mutant tests of a test build (GC_BUILD_TESTS)
 * define GC_FAULT; in every other build a fault site is empty. Ids are named where the
 * sites are (e.g. GC_BLS_FAULT_* in crypto/bls12_381/field.gc) and unique across the tree. */
#if defined(GC_FAULT)
#define GC_FAULT_SITE(id, stmt)                                                                 \
    do {                                                                                        \
        if ((id) == (GC_FAULT)) {                                                               \
            stmt;                                                                               \
        }                                                                                       \
    } while (0)
#else
#define GC_FAULT_SITE(id, stmt) do { } while (0)
#endif

/* Sub-group collectives (broadcast, shuffles, votes, ballots, reductions, scans): their
 * own file, for the device dialects that have sub-groups. */
#if defined(GC_HAS_SUB_GROUPS)
#include "kernels/gc_sub_group.h"
#endif

#endif /* GC_DIALECT_H */
