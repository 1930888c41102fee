/* SPDX-License-Identifier: Apache-2.0 */
/* gc_sub_group.h — sub-group collectives of the portable kernel dialect, included by
 * gc_dialect.h where a device dialect has sub-groups (GC_HAS_SUB_GROUPS).
 *
 * The same names on both backends, overloaded on the value's type (int, uint, long,
 * ulong, float, double): OpenCL C's builtins, selected by the extension macros the
 * device's compiler defines, and CUDA's warp intrinsics over the sub-group's lanes.
 * Feature flags: GC_HAS_SUB_GROUP_COLLECTIVES (broadcast, any/all/none, reduce and scans
 * with add/min/max), GC_HAS_SUB_GROUP_SHUFFLE, _SHUFFLE_RELATIVE, _MUL_BITWISE (*, &, |,
 * ^), _BALLOT, _NON_UNIFORM. docs/sub_group_collectives.md tests each of them. */
#ifndef GC_SUB_GROUP_H
#define GC_SUB_GROUP_H

#if defined(GC_BACKEND_OPENCL)

/* Sub-group collectives (docs/sub_group_collectives.md), overloaded on the value's type as
 * OpenCL's builtins are (int, uint, long, ulong, float, double where the device has it).
 * Every member of the sub-group must reach them. cl_khr_subgroups has broadcast (a lane
 * uniform across the sub-group), any/all, and reduce/scan with add, min and max. */
#define GC_HAS_SUB_GROUP_COLLECTIVES 1
#define gc_sub_group_broadcast(x, lane) sub_group_broadcast((x), (uint)(lane))
#define gc_sub_group_any(p) (sub_group_any((p) ? 1 : 0) != 0)
#define gc_sub_group_all(p) (sub_group_all((p) ? 1 : 0) != 0)
#define gc_sub_group_none(p) (!gc_sub_group_any(p))
#define gc_sub_group_reduce_add(x) sub_group_reduce_add(x)
#define gc_sub_group_reduce_min(x) sub_group_reduce_min(x)
#define gc_sub_group_reduce_max(x) sub_group_reduce_max(x)
#define gc_sub_group_scan_inclusive_add(x) sub_group_scan_inclusive_add(x)
#define gc_sub_group_scan_inclusive_min(x) sub_group_scan_inclusive_min(x)
#define gc_sub_group_scan_inclusive_max(x) sub_group_scan_inclusive_max(x)
#define gc_sub_group_scan_exclusive_add(x) sub_group_scan_exclusive_add(x)
#define gc_sub_group_scan_exclusive_min(x) sub_group_scan_exclusive_min(x)
#define gc_sub_group_scan_exclusive_max(x) sub_group_scan_exclusive_max(x)
/* Any lane, and the lane id xor a mask: a source outside the sub-group is undefined. */
#if defined(cl_khr_subgroup_shuffle)
#define GC_HAS_SUB_GROUP_SHUFFLE 1
#define gc_sub_group_shuffle(x, lane) sub_group_shuffle((x), (uint)(lane))
#define gc_sub_group_shuffle_xor(x, m) sub_group_shuffle_xor((x), (uint)(m))
#endif
/* From local id - delta (up) and + delta (down); outside the sub-group: undefined. */
#if defined(cl_khr_subgroup_shuffle_relative)
#define GC_HAS_SUB_GROUP_SHUFFLE_RELATIVE 1
#define gc_sub_group_shuffle_up(x, d) sub_group_shuffle_up((x), (uint)(d))
#define gc_sub_group_shuffle_down(x, d) sub_group_shuffle_down((x), (uint)(d))
#endif
/* Ballot: a mask of the lanes whose predicate holds, as 4 words of 32 lanes (lanes past
 * the sub-group's size are 0), and its queries. */
#if defined(cl_khr_subgroup_ballot)
#define GC_HAS_SUB_GROUP_BALLOT 1
typedef uint4 gc_ballot;
#define gc_sub_group_ballot(p) sub_group_ballot((p) ? 1 : 0)
GC_FN gc_u32 gc_ballot_word(gc_ballot b, gc_u32 w) { return w == 0u ? b.x : w == 1u ? b.y : w == 2u ? b.z : b.w; }
#define gc_ballot_bit_count(b) ((gc_u32)sub_group_ballot_bit_count(b))
#define gc_ballot_inclusive_scan(b) ((gc_u32)sub_group_ballot_inclusive_scan(b))
#define gc_ballot_exclusive_scan(b) ((gc_u32)sub_group_ballot_exclusive_scan(b))
#define gc_ballot_find_lsb(b) ((gc_u32)sub_group_ballot_find_lsb(b))
#define gc_ballot_find_msb(b) ((gc_u32)sub_group_ballot_find_msb(b))
#define gc_ballot_bit_extract(b, i) (sub_group_ballot_bit_extract((b), (uint)(i)) != 0)
/* A ballot from four words (uniform across the sub-group), and the caller's own bit. */
#define gc_ballot_make(w0, w1, w2, w3) ((uint4)((w0), (w1), (w2), (w3)))
#define gc_sub_group_inverse_ballot(b) (sub_group_inverse_ballot(b) != 0)
/* The lane masks: bit j for j < lid (lt), j <= lid (le), j == lid (eq), j >= lid (ge),
 * j > lid (gt), up to the largest sub-group size (OpenCL-CTS's reading). */
#define gc_sub_group_lt_mask() get_sub_group_lt_mask()
#define gc_sub_group_le_mask() get_sub_group_le_mask()
#define gc_sub_group_eq_mask() get_sub_group_eq_mask()
#define gc_sub_group_ge_mask() get_sub_group_ge_mask()
#define gc_sub_group_gt_mask() get_sub_group_gt_mask()
#endif
/* Non-uniform operations: over the members that reach them inside a branch. The set is
 * taken before the branch (gc_sub_group_set_of(p), in uniform control flow) since CUDA
 * needs it as a mask; OpenCL ignores it. */
#if defined(cl_khr_subgroup_non_uniform_arithmetic) && defined(cl_khr_subgroup_non_uniform_vote) && \
    defined(cl_khr_subgroup_ballot)
#define GC_HAS_SUB_GROUP_NON_UNIFORM 1
typedef int gc_sg_set;
#define gc_sub_group_set_of(p) ((p) ? 1 : 0)
#define gc_sub_group_nu_reduce_add(s, x) ((void)(s), sub_group_non_uniform_reduce_add(x))
#define gc_sub_group_nu_reduce_min(s, x) ((void)(s), sub_group_non_uniform_reduce_min(x))
#define gc_sub_group_nu_reduce_max(s, x) ((void)(s), sub_group_non_uniform_reduce_max(x))
#define gc_sub_group_nu_scan_inclusive_add(s, x) ((void)(s), sub_group_non_uniform_scan_inclusive_add(x))
#define gc_sub_group_nu_scan_exclusive_add(s, x) ((void)(s), sub_group_non_uniform_scan_exclusive_add(x))
#define gc_sub_group_nu_any(s, p) ((void)(s), sub_group_non_uniform_any((p) ? 1 : 0) != 0)
#define gc_sub_group_nu_all(s, p) ((void)(s), sub_group_non_uniform_all((p) ? 1 : 0) != 0)
#define gc_sub_group_nu_ballot_count(s, p) ((void)(s), (gc_u32)sub_group_ballot_bit_count(sub_group_ballot((p) ? 1 : 0)))
#endif
/* Clustered reductions: op over the cluster of cs lanes (a power of two, a constant)
 * holding the caller, [lid & ~(cs - 1), + cs), a cluster cut by the sub-group's end
 * holding fewer. */
#if defined(cl_khr_subgroup_clustered_reduce)
#define GC_HAS_SUB_GROUP_CLUSTERED 1
#define gc_sub_group_clustered_reduce_add(x, cs) sub_group_clustered_reduce_add((x), (cs))
#define gc_sub_group_clustered_reduce_mul(x, cs) sub_group_clustered_reduce_mul((x), (cs))
#define gc_sub_group_clustered_reduce_min(x, cs) sub_group_clustered_reduce_min((x), (cs))
#define gc_sub_group_clustered_reduce_max(x, cs) sub_group_clustered_reduce_max((x), (cs))
#define gc_sub_group_clustered_reduce_and(x, cs) sub_group_clustered_reduce_and((x), (cs))
#define gc_sub_group_clustered_reduce_or(x, cs) sub_group_clustered_reduce_or((x), (cs))
#define gc_sub_group_clustered_reduce_xor(x, cs) sub_group_clustered_reduce_xor((x), (cs))
#endif
/* *, &, |, ^ exist only as the non-uniform extension's functions; over a whole sub-group
 * they are its reductions and scans. */
#if defined(cl_khr_subgroup_non_uniform_arithmetic)
#define GC_HAS_SUB_GROUP_MUL_BITWISE 1
#define gc_sub_group_reduce_mul(x) sub_group_non_uniform_reduce_mul(x)
#define gc_sub_group_reduce_and(x) sub_group_non_uniform_reduce_and(x)
#define gc_sub_group_reduce_or(x) sub_group_non_uniform_reduce_or(x)
#define gc_sub_group_reduce_xor(x) sub_group_non_uniform_reduce_xor(x)
#define gc_sub_group_scan_inclusive_mul(x) sub_group_non_uniform_scan_inclusive_mul(x)
#define gc_sub_group_scan_inclusive_and(x) sub_group_non_uniform_scan_inclusive_and(x)
#define gc_sub_group_scan_inclusive_or(x) sub_group_non_uniform_scan_inclusive_or(x)
#define gc_sub_group_scan_inclusive_xor(x) sub_group_non_uniform_scan_inclusive_xor(x)
#define gc_sub_group_scan_exclusive_mul(x) sub_group_non_uniform_scan_exclusive_mul(x)
#define gc_sub_group_scan_exclusive_and(x) sub_group_non_uniform_scan_exclusive_and(x)
#define gc_sub_group_scan_exclusive_or(x) sub_group_non_uniform_scan_exclusive_or(x)
#define gc_sub_group_scan_exclusive_xor(x) sub_group_non_uniform_scan_exclusive_xor(x)
#endif

#elif defined(GC_BACKEND_CUDA)

/* Sub-group collectives over the warp's lanes of this sub-group (a partial last warp has
 * fewer): the warp shuffles, votes and, on sm_80 and later, __reduce_*_sync for 32-bit
 * integers; scans are shuffle-up ladders, reductions the last lane's inclusive scan. C++
 * overloads give OpenCL's overloading on the value's type. Where a source lane is outside
 * the warp (shuffle_up below lane 0, shuffle_down past lane 31) CUDA returns the caller's
 * own value; a source among a partial warp's missing lanes is undefined. */
#define GC_HAS_SUB_GROUP_COLLECTIVES 1
#define GC_HAS_SUB_GROUP_SHUFFLE 1
#define GC_HAS_SUB_GROUP_SHUFFLE_RELATIVE 1
#define GC_HAS_SUB_GROUP_MUL_BITWISE 1
GC_FN unsigned gc__sub_group_mask(void) {
    const gc_u32 n = gc_sub_group_size();
    return n >= 32u ? 0xffffffffu : (1u << n) - 1u;
}
template <typename T> GC_FN T gc_sub_group_broadcast(T x, gc_u32 lane) {
    return __shfl_sync(gc__sub_group_mask(), x, (int)lane);
}
template <typename T> GC_FN T gc_sub_group_shuffle(T x, gc_u32 lane) {
    return __shfl_sync(gc__sub_group_mask(), x, (int)lane);
}
template <typename T> GC_FN T gc_sub_group_shuffle_xor(T x, gc_u32 m) {
    return __shfl_xor_sync(gc__sub_group_mask(), x, (int)m);
}
template <typename T> GC_FN T gc_sub_group_shuffle_up(T x, gc_u32 d) {
    return __shfl_up_sync(gc__sub_group_mask(), x, d);
}
template <typename T> GC_FN T gc_sub_group_shuffle_down(T x, gc_u32 d) {
    return __shfl_down_sync(gc__sub_group_mask(), x, d);
}
#define gc_sub_group_any(p) (__any_sync(gc__sub_group_mask(), (p) ? 1 : 0) != 0)
#define gc_sub_group_all(p) (__all_sync(gc__sub_group_mask(), (p) ? 1 : 0) != 0)
#define gc_sub_group_none(p) (!gc_sub_group_any(p))
/* A ballot of a warp is one word (lanes 0..31); words 1..3 are 0. */
#define GC_HAS_SUB_GROUP_BALLOT 1
typedef unsigned gc_ballot;
#define gc_sub_group_ballot(p) __ballot_sync(gc__sub_group_mask(), (p) ? 1 : 0)
GC_FN gc_u32 gc_ballot_word(gc_ballot b, gc_u32 w) { return w == 0u ? b : 0u; }
GC_FN gc_u32 gc__lanemask_le(void) {
    unsigned m;
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(m));
    return m;
}
#define gc_ballot_bit_count(b) ((gc_u32)__popc(b))
#define gc_ballot_inclusive_scan(b) ((gc_u32)__popc((b) & gc__lanemask_le()))
#define gc_ballot_exclusive_scan(b) ((gc_u32)__popc((b) & gc__lanemask_le() & ~(1u << gc_sub_group_local_id())))
#define gc_ballot_find_lsb(b) ((gc_u32)(__ffs((int)(b)) - 1))
#define gc_ballot_find_msb(b) ((gc_u32)(31 - __clz((int)(b))))
#define gc_ballot_bit_extract(b, i) ((((b) >> (i)) & 1u) != 0u)
#define gc_ballot_make(w0, w1, w2, w3) ((void)(w1), (void)(w2), (void)(w3), (gc_ballot)(w0))
#define gc_sub_group_inverse_ballot(b) ((((b) >> gc_sub_group_local_id()) & 1u) != 0u)
/* The lane masks: the special registers. In a partial warp ge and gt also name the
 * absent lanes up to 31, as OpenCL's name those up to the largest sub-group size. */
#define GC__CUDA_LANEMASK(name)                                                                 \
    GC_FN gc_ballot gc__lanemask_##name(void) {                                                 \
        unsigned m;                                                                             \
        asm("mov.u32 %0, %%lanemask_" #name ";" : "=r"(m));                                     \
        return m;                                                                               \
    }
GC__CUDA_LANEMASK(lt)
GC__CUDA_LANEMASK(eq)
GC__CUDA_LANEMASK(ge)
GC__CUDA_LANEMASK(gt)
#define gc_sub_group_lt_mask() gc__lanemask_lt()
#define gc_sub_group_le_mask() ((gc_ballot)gc__lanemask_le())
#define gc_sub_group_eq_mask() gc__lanemask_eq()
#define gc_sub_group_ge_mask() gc__lanemask_ge()
#define gc_sub_group_gt_mask() gc__lanemask_gt()

/* The operations: signed + and * wrap through unsigned (no undefined overflow in C++);
 * identities are those of OpenCL's exclusive scans (+-INFINITY for floating min/max). */
GC_FN int gc__sg_wadd(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
GC_FN long long gc__sg_wadd(long long a, long long b) {
    return (long long)((unsigned long long)a + (unsigned long long)b);
}
template <typename T> GC_FN T gc__sg_wadd(T a, T b) { return a + b; }
GC_FN int gc__sg_wmul(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
GC_FN long long gc__sg_wmul(long long a, long long b) {
    return (long long)((unsigned long long)a * (unsigned long long)b);
}
template <typename T> GC_FN T gc__sg_wmul(T a, T b) { return a * b; }
GC_FN int gc__sg_top(int) { return 0x7fffffff; }
GC_FN unsigned gc__sg_top(unsigned) { return 0xffffffffu; }
GC_FN long long gc__sg_top(long long) { return 0x7fffffffffffffffLL; }
GC_FN unsigned long long gc__sg_top(unsigned long long) { return ~0ULL; }
GC_FN float gc__sg_top(float) { return __int_as_float(0x7f800000); }
GC_FN double gc__sg_top(double) { return __longlong_as_double(0x7ff0000000000000LL); }
GC_FN int gc__sg_bottom(int) { return (int)0x80000000u; }
GC_FN unsigned gc__sg_bottom(unsigned) { return 0u; }
GC_FN long long gc__sg_bottom(long long) { return (long long)0x8000000000000000ULL; }
GC_FN unsigned long long gc__sg_bottom(unsigned long long) { return 0ULL; }
GC_FN float gc__sg_bottom(float) { return __int_as_float((int)0xff800000u); }
GC_FN double gc__sg_bottom(double) { return __longlong_as_double((long long)0xfff0000000000000ULL); }
struct gc__sg_add { template <typename T> static __device__ T id(T) { return (T)0; }
                    template <typename T> static __device__ T op(T a, T b) { return gc__sg_wadd(a, b); } };
struct gc__sg_mul { template <typename T> static __device__ T id(T) { return (T)1; }
                    template <typename T> static __device__ T op(T a, T b) { return gc__sg_wmul(a, b); } };
struct gc__sg_min { template <typename T> static __device__ T id(T x) { return gc__sg_top(x); }
                    template <typename T> static __device__ T op(T a, T b) { return b < a ? b : a; } };
struct gc__sg_max { template <typename T> static __device__ T id(T x) { return gc__sg_bottom(x); }
                    template <typename T> static __device__ T op(T a, T b) { return a < b ? b : a; } };
struct gc__sg_and { template <typename T> static __device__ T id(T) { return (T)~(T)0; }
                    template <typename T> static __device__ T op(T a, T b) { return a & b; } };
struct gc__sg_or { template <typename T> static __device__ T id(T) { return (T)0; }
                   template <typename T> static __device__ T op(T a, T b) { return a | b; } };
struct gc__sg_xor { template <typename T> static __device__ T id(T) { return (T)0; }
                    template <typename T> static __device__ T op(T a, T b) { return a ^ b; } };
/* Lane l ends with op over lanes 0..l: log2(32) steps of shuffle-up, each combining what
 * lies d lanes below. */
template <typename Op, typename T> GC_FN T gc__sg_scan_inclusive(T x) {
    const unsigned mask = gc__sub_group_mask();
    const gc_u32 lane = gc_sub_group_local_id();
    for (unsigned d = 1; d < 32u; d <<= 1) {
        const T y = __shfl_up_sync(mask, x, d);
        if (lane >= d) x = Op::op(y, x);
    }
    return x;
}
template <typename Op, typename T> GC_FN T gc__sg_scan_exclusive(T x) {
    const T y = __shfl_up_sync(gc__sub_group_mask(), gc__sg_scan_inclusive<Op>(x), 1u);
    return gc_sub_group_local_id() == 0u ? Op::id(x) : y;
}
template <typename Op, typename T> GC_FN T gc__sg_reduce(T x) {
    return __shfl_sync(gc__sub_group_mask(), gc__sg_scan_inclusive<Op>(x), (int)(gc_sub_group_size() - 1u));
}
#define GC__CUDA_SG_OP(name)                                                                    \
    template <typename T> GC_FN T gc_sub_group_reduce_##name(T x) { return gc__sg_reduce<gc__sg_##name>(x); } \
    template <typename T> GC_FN T gc_sub_group_scan_inclusive_##name(T x) {                     \
        return gc__sg_scan_inclusive<gc__sg_##name>(x);                                         \
    }                                                                                           \
    template <typename T> GC_FN T gc_sub_group_scan_exclusive_##name(T x) {                     \
        return gc__sg_scan_exclusive<gc__sg_##name>(x);                                         \
    }
GC__CUDA_SG_OP(add)
GC__CUDA_SG_OP(mul)
GC__CUDA_SG_OP(min)
GC__CUDA_SG_OP(max)
GC__CUDA_SG_OP(and)
GC__CUDA_SG_OP(or)
GC__CUDA_SG_OP(xor)
/* Non-uniform: over the lanes of a set taken before the branch (a mask of the sub-group's
 * lanes). Folds visit the set's lanes in ascending order, one shuffle each: every lane of
 * the set runs the same iterations, as __shfl_sync requires. Simple rather than fast. */
#define GC_HAS_SUB_GROUP_NON_UNIFORM 1
typedef unsigned gc_sg_set;
#define gc_sub_group_set_of(p) __ballot_sync(gc__sub_group_mask(), (p) ? 1 : 0)
template <typename Op, typename T> GC_FN T gc__sg_set_fold(unsigned set, T x, unsigned lanes) {
    T acc = Op::id(x);
    for (unsigned r = set; r; r &= r - 1u) {
        const int j = __ffs((int)r) - 1;
        const T y = __shfl_sync(set, x, j);
        if ((lanes >> j) & 1u) acc = Op::op(acc, y);
    }
    return acc;
}
#define gc_sub_group_nu_reduce_add(s, x) gc__sg_set_fold<gc__sg_add>((s), (x), ~0u)
#define gc_sub_group_nu_reduce_min(s, x) gc__sg_set_fold<gc__sg_min>((s), (x), ~0u)
#define gc_sub_group_nu_reduce_max(s, x) gc__sg_set_fold<gc__sg_max>((s), (x), ~0u)
#define gc_sub_group_nu_scan_inclusive_add(s, x) gc__sg_set_fold<gc__sg_add>((s), (x), gc__lanemask_le())
#define gc_sub_group_nu_scan_exclusive_add(s, x)                                               \
    gc__sg_set_fold<gc__sg_add>((s), (x), gc__lanemask_le() & ~(1u << gc_sub_group_local_id()))
#define gc_sub_group_nu_any(s, p) (__any_sync((s), (p) ? 1 : 0) != 0)
#define gc_sub_group_nu_all(s, p) (__all_sync((s), (p) ? 1 : 0) != 0)
#define gc_sub_group_nu_ballot_count(s, p) ((gc_u32)__popc(__ballot_sync((s), (p) ? 1 : 0)))

/* Clustered: the set fold over the sub-group, keeping the caller's cluster's lanes. */
#define GC_HAS_SUB_GROUP_CLUSTERED 1
GC_FN unsigned gc__sg_cluster_lanes(unsigned cs) {
    const unsigned base = gc_sub_group_local_id() & ~(cs - 1u);
    return (cs >= 32u ? ~0u : (1u << cs) - 1u) << base;
}
#define gc_sub_group_clustered_reduce_add(x, cs) gc__sg_set_fold<gc__sg_add>(gc__sub_group_mask(), (x), gc__sg_cluster_lanes(cs))
#define gc_sub_group_clustered_reduce_mul(x, cs) gc__sg_set_fold<gc__sg_mul>(gc__sub_group_mask(), (x), gc__sg_cluster_lanes(cs))
#define gc_sub_group_clustered_reduce_min(x, cs) gc__sg_set_fold<gc__sg_min>(gc__sub_group_mask(), (x), gc__sg_cluster_lanes(cs))
#define gc_sub_group_clustered_reduce_max(x, cs) gc__sg_set_fold<gc__sg_max>(gc__sub_group_mask(), (x), gc__sg_cluster_lanes(cs))
#define gc_sub_group_clustered_reduce_and(x, cs) gc__sg_set_fold<gc__sg_and>(gc__sub_group_mask(), (x), gc__sg_cluster_lanes(cs))
#define gc_sub_group_clustered_reduce_or(x, cs) gc__sg_set_fold<gc__sg_or>(gc__sub_group_mask(), (x), gc__sg_cluster_lanes(cs))
#define gc_sub_group_clustered_reduce_xor(x, cs) gc__sg_set_fold<gc__sg_xor>(gc__sub_group_mask(), (x), gc__sg_cluster_lanes(cs))

/* sm_80 and later reduce 32-bit integers in hardware (redux.sync); these overloads win
 * over the templates for int and unsigned. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define GC__CUDA_SG_REDUX(name, T)                                                              \
    GC_FN T gc_sub_group_reduce_##name(T x) { return (T)__reduce_##name##_sync(gc__sub_group_mask(), x); }
GC__CUDA_SG_REDUX(add, unsigned)
GC__CUDA_SG_REDUX(add, int)
GC__CUDA_SG_REDUX(min, unsigned)
GC__CUDA_SG_REDUX(min, int)
GC__CUDA_SG_REDUX(max, unsigned)
GC__CUDA_SG_REDUX(max, int)
GC__CUDA_SG_REDUX(and, unsigned)
GC__CUDA_SG_REDUX(or, unsigned)
GC__CUDA_SG_REDUX(xor, unsigned)
#endif

#endif /* backends */

#endif /* GC_SUB_GROUP_H */
