/* SPDX-License-Identifier: Apache-2.0 */
/* shared_mp_probe.cu — does message passing through shared (local) memory show the
 * weak outcome on an NVIDIA GPU when no fence orders it? A standalone experiment behind
 * the atomic_fence suite's local-memory twins (docs/results/atomic_fence.md), built with
 * nvcc where the CUDA toolkit is installed:
 *
 *     nvcc -O3 -arch=sm_90 -o shared_mp_probe tools/probes/shared_mp_probe.cu
 *     ./shared_mp_probe [launches per configuration, default 200]
 *
 * Each thread of a 256-thread block writes its own instance (data word, then flag) and
 * reads the instance of thread (t + off) mod 256: 8 rounds per launch on fresh words,
 * four blocks per multiprocessor per launch. Variants change the instruction each access compiles to (all
 * inline PTX with "memory" clobbers, so the compiler keeps the written order):
 * shared-window or generic addresses, atomics for the flag, a vector store for the
 * data; two are the reorderings a compiler may make when no fence forbids them (data
 * load above the poll, flag store above the data store); one is fenced and must show
 * nothing. With stress, 256 more threads per block hammer shared memory with 32-way
 * bank conflicts for the whole launch.
 *
 * The device part also compiles with NVRTC (CI compiles it in test_nvrtc_compile_all),
 * so it needs no header; the host part is only for nvcc. */

#define PROBE_ROUNDS 8
#define PROBE_THREADS 256
#define PROBE_JUNK 1024
#define PROBE_SHARED_WORDS (PROBE_THREADS + PROBE_THREADS * PROBE_ROUNDS * 4 + PROBE_JUNK)

enum {
    V_BASE,       /* st.shared data, st.relaxed.cta.shared flag / ld.relaxed poll, ld.shared data */
    V_GEN_DATA,   /* data through generic addresses */
    V_GEN_ALL,    /* data and flag through generic addresses */
    V_ATOM_FLAG,  /* flag written with atom.exch */
    V_ATOM_POLL,  /* flag polled with atom.add 0 */
    V_GEN_FLAG,   /* flag through generic addresses */
    V_HOIST,      /* reader loads the data before polling (a compiler's reordering) */
    V_EARLY_FLAG, /* writer stores the flag before the data (a compiler's reordering) */
    V_FENCED_GEN, /* generic data with fence.acq_rel.cta on both sides: must show nothing */
    V_BULK_DATA,  /* data written with st.shared.v4 */
    V_COUNT
};

__device__ __forceinline__ unsigned sa(const void *p) {
    unsigned long long a;
    asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"(p));
    return (unsigned)a;
}
__device__ __forceinline__ void sts(unsigned *p, unsigned v) { asm volatile("st.shared.u32 [%0], %1;" ::"r"(sa(p)), "r"(v) : "memory"); }
__device__ __forceinline__ void stg(unsigned *p, unsigned v) { asm volatile("st.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned lds(unsigned *p) {
    unsigned v;
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(sa(p)) : "memory");
    return v;
}
__device__ __forceinline__ unsigned ldg(unsigned *p) {
    unsigned v;
    asm volatile("ld.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void st_rlx(unsigned *p, unsigned v) {
    asm volatile("st.relaxed.cta.shared.u32 [%0], %1;" ::"r"(sa(p)), "r"(v) : "memory");
}
__device__ __forceinline__ void st_rlx_gen(unsigned *p, unsigned v) {
    asm volatile("st.relaxed.cta.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_rlx(unsigned *p) {
    unsigned v;
    asm volatile("ld.relaxed.cta.shared.u32 %0, [%1];" : "=r"(v) : "r"(sa(p)) : "memory");
    return v;
}
__device__ __forceinline__ unsigned ld_rlx_gen(unsigned *p) {
    unsigned v;
    asm volatile("ld.relaxed.cta.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void xchg(unsigned *p, unsigned v) {
    unsigned o;
    asm volatile("atom.relaxed.cta.shared.exch.b32 %0, [%1], %2;" : "=r"(o) : "r"(sa(p)), "r"(v) : "memory");
    (void)o;
}
__device__ __forceinline__ unsigned atom_poll(unsigned *p) {
    unsigned o;
    asm volatile("atom.relaxed.cta.shared.add.u32 %0, [%1], 0;" : "=r"(o) : "r"(sa(p)) : "memory");
    return o;
}
__device__ __forceinline__ void fence_cta() { asm volatile("fence.acq_rel.cta;" ::: "memory"); }

template <int V>
__global__ void probe(unsigned *counts, unsigned retries, unsigned off, int stress) {
    extern __shared__ unsigned sm[];
    unsigned *flags = sm, *data = sm + PROBE_THREADS, *junk = sm + PROBE_THREADS + PROBE_THREADS * PROBE_ROUNDS * 4;
    const unsigned t = threadIdx.x;
    for (unsigned i = t; i < PROBE_SHARED_WORDS; i += blockDim.x) sm[i] = 0;
    __syncthreads();
    if (t >= PROBE_THREADS) { /* stress: a 32-way bank-conflicted store and a dependent load */
        if (stress) {
            unsigned x = t;
            for (int i = 0; i < 4000; i++) {
                junk[(t * 32 + i) & (PROBE_JUNK - 1)] = x;
                x += junk[(t * 33 + i * 7) & (PROBE_JUNK - 1)];
            }
            junk[t & (PROBE_JUNK - 1)] = x;
        }
        return;
    }
    const unsigned p = (t + off) % PROBE_THREADS;
    unsigned seen = 0, weak = 0;
    for (unsigned r = 0; r < PROBE_ROUNDS; r++) {
        const unsigned e = 1 + r;
        unsigned *md = data + (t * PROBE_ROUNDS + r) * 4, *pd = data + (p * PROBE_ROUNDS + r) * 4;
        if (V == V_EARLY_FLAG) {
            st_rlx(flags + t, e);
            sts(md, e);
        } else {
            if (V == V_GEN_DATA || V == V_GEN_ALL || V == V_FENCED_GEN) stg(md, e);
            else if (V == V_BULK_DATA) asm volatile("st.shared.v4.u32 [%0], {%1,%1,%1,%1};" ::"r"(sa(md)), "r"(e) : "memory");
            else sts(md, e);
            if (V == V_FENCED_GEN) fence_cta();
            if (V == V_GEN_ALL || V == V_GEN_FLAG) st_rlx_gen(flags + t, e);
            else if (V == V_ATOM_FLAG) xchg(flags + t, e);
            else st_rlx(flags + t, e);
        }
        const unsigned early = V == V_HOIST ? lds(pd) : 0;
        int s = 0;
        for (unsigned k = 0; k < retries && !s; k++) {
            const unsigned f = (V == V_GEN_ALL || V == V_GEN_FLAG) ? ld_rlx_gen(flags + p)
                               : V == V_ATOM_POLL                 ? atom_poll(flags + p)
                                                                  : ld_rlx(flags + p);
            s = f >= e;
        }
        if (s) {
            if (V == V_FENCED_GEN) fence_cta();
            const unsigned d = V == V_HOIST ? early : (V == V_GEN_DATA || V == V_GEN_ALL || V == V_FENCED_GEN) ? ldg(pd) : lds(pd);
            seen++;
            if (d != e) weak++;
        }
    }
    atomicAdd(counts + 0, seen);
    atomicAdd(counts + 1, weak);
}

template __global__ void probe<V_BASE>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_GEN_DATA>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_GEN_ALL>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_ATOM_FLAG>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_ATOM_POLL>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_GEN_FLAG>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_HOIST>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_EARLY_FLAG>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_FENCED_GEN>(unsigned *, unsigned, unsigned, int);
template __global__ void probe<V_BULK_DATA>(unsigned *, unsigned, unsigned, int);

#ifndef __CUDACC_RTC__
#include <cstdio>
#include <cstdlib>

static const char *const variant_names[V_COUNT] = {"base(sts/lds)", "generic data",  "generic all",
                                                   "atom.exch flag", "atom poll",    "generic flag",
                                                   "hoisted read",  "early flag",   "FENCED generic data",
                                                   "st.v4 data"};
typedef void (*probe_fn)(unsigned *, unsigned, unsigned, int);
static const probe_fn probes[V_COUNT] = {probe<0>, probe<1>, probe<2>, probe<3>, probe<4>,
                                         probe<5>, probe<6>, probe<7>, probe<8>, probe<9>};

int main(int argc, char **argv) {
    const int launches = argc > 1 ? atoi(argv[1]) : 200;
    if (launches < 1) {
        fprintf(stderr, "usage: %s [launches >= 1]\n", argv[0]);
        return 2;
    }
    unsigned *d;
    if (cudaMalloc(&d, 8) != cudaSuccess) {
        fprintf(stderr, "cudaMalloc failed: no usable CUDA device?\n");
        return 1;
    }
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const size_t shm = PROBE_SHARED_WORDS * 4;
    for (int v = 0; v < V_COUNT; v++) cudaFuncSetAttribute(probes[v], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shm);
    const unsigned offsets[] = {97, 1, 33, 128};
    int bad = 0;
    for (int stress = 0; stress < 2; stress++)
        for (int oi = 0; oi < 4; oi++)
            for (int v = 0; v < V_COUNT; v++) {
                cudaMemset(d, 0, 8);
                cudaEvent_t a, b;
                cudaEventCreate(&a);
                cudaEventCreate(&b);
                cudaEventRecord(a);
                for (int l = 0; l < launches; l++)
                    probes[v]<<<sms * 4, stress ? 2 * PROBE_THREADS : PROBE_THREADS, shm>>>(d, 1024, offsets[oi], stress);
                cudaEventRecord(b);
                const cudaError_t err = cudaDeviceSynchronize();
                float ms = 0;
                cudaEventElapsedTime(&ms, a, b);
                unsigned h[2] = {0, 0};
                cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost);
                printf("stress=%d off=%3u %-22s seen=%10u weak=%10u  %.1f ms %s\n", stress, offsets[oi], variant_names[v],
                       h[0], h[1], ms, err ? cudaGetErrorString(err) : "");
                bad |= err != cudaSuccess || (v == V_FENCED_GEN && h[1] != 0);
                cudaEventDestroy(a);
                cudaEventDestroy(b);
            }
    return bad;
}
#endif
