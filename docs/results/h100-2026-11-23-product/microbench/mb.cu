#include "crypto/bls12_381/fp.gc"
#include "m28.h"
#include "eo.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
template <int V> __device__ __forceinline__ void mulv(gc_fp *r, const gc_fp *a, const gc_fp *b) {
    if (V == 0) gc_fp_mul(r, a, b); else if (V == 1) mul28(r, a, b); else mul_eo(r, a, b);
}
template <int V> __global__ void chain(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_fp a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2], d = in[4 * i + 3];
    for (unsigned s = 0; s < iters; s++) { mulv<V>(&a, &a, &b); mulv<V>(&c, &c, &d); }
    out[2 * i] = a; out[2 * i + 1] = c;
}
/* one chain only: latency */
template <int V> __global__ void chain1(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_fp a = in[4 * i], b = in[4 * i + 1];
    for (unsigned s = 0; s < iters; s++) mulv<V>(&a, &a, &b);
    out[2 * i] = a;
}
/* check: mul28(a,b) * C (gc_fp_mul) == gc_fp_mul(a,b), C = 2^392 mod p raw */
__global__ void check(int *bad, const gc_fp *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
    gc_fp C = {{0x0347fcb8u, 0x19d80000u, 0x6d2002b1u, 0x12e00cdeu, 0xa2090c72u, 0x37669f83u, 0xda0f73e0u, 0x09b09b42u, 0x8f1297bbu, 0xa7c515d9u, 0xfcfa012cu, 0x0577a659u}};
    gc_fp a = in[2*i], b = in[2*i+1], x, y, z;
    mul28(&x, &a, &b); gc_fp_mul(&y, &x, &C); gc_fp_mul(&z, &a, &b);
    if (!gc_fp_eq(&y, &z) || !gc_fp_is_canonical(&x)) atomicAdd(bad, 1);
    gc_fp w; mul_eo(&w, &a, &b);
    if (!gc_fp_eq(&w, &z)) atomicAdd(bad + 1, 1);
}
static void rnd(gc_fp *v, size_t n) {
    const gc_u32 p[12] = {0xffffaaabu, 0xb9feffffu, 0xb153ffffu, 0x1eabfffeu, 0xf6b0f624u, 0x6730d2a0u, 0xf38512bfu, 0x64774b84u, 0x434bacd7u, 0x4b1ba7b6u, 0x397fe69au, 0x1a0111eau};
    unsigned long long s = 88172645463325252ull;
    for (size_t i = 0; i < n; i++) {
        for (int j = 0; j < 12; j++) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; v[i].l[j] = (gc_u32)(s >> 11); }
        int kind = i % 5;
        if (kind == 1) for (int j = 0; j < 12; j++) v[i].l[j] = p[j] - (j == 0);   /* p - 1 */
        if (kind == 2) for (int j = 0; j < 12; j++) v[i].l[j] = (j == 0) ? 1 : 0;
        v[i].l[11] &= 0x0fffffffu; if (v[i].l[11] >= p[11]) v[i].l[11] = p[11] - 1;
    }
}
int main() {
    size_t n = 132 * 2048 * 4;
    gc_fp *h = (gc_fp *)malloc(n * sizeof(gc_fp)); rnd(h, n);
    gc_fp *din, *dout; int *bad; cudaMalloc(&din, n * sizeof(gc_fp)); cudaMalloc(&dout, n * sizeof(gc_fp)); cudaMalloc(&bad, 8);
    cudaMemcpy(din, h, n * sizeof(gc_fp), cudaMemcpyHostToDevice); cudaMemset(bad, 0, 8);
    check<<<(int)(n / 2 / 256), 256>>>(bad, din, (int)(n / 2)); int hb[2] = {-1, -1}; cudaMemcpy(hb, bad, 8, cudaMemcpyDeviceToHost);
    printf("check: m28 %d bad, eo %d bad of %zu (err %s)\n", hb[0], hb[1], n / 2, cudaGetErrorString(cudaGetLastError()));
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    for (int mode = 0; mode < 3; mode++)
    for (int v = 0; v < 3; v++) {
        int blocks = mode == 0 ? 132 * 16 : 132, threads = mode == 0 ? 128 : 32; unsigned iters = mode == 0 ? 200 : 2000;
        float best = 1e30f;
        for (int rep = 0; rep < 5; rep++) {
            cudaEventRecord(e0);
            if (mode == 2) { if (v == 2) chain1<2><<<blocks, threads>>>(dout, din, iters); else if (v) chain1<1><<<blocks, threads>>>(dout, din, iters); else chain1<0><<<blocks, threads>>>(dout, din, iters); }
            else { if (v == 2) chain<2><<<blocks, threads>>>(dout, din, iters); else if (v) chain<1><<<blocks, threads>>>(dout, din, iters); else chain<0><<<blocks, threads>>>(dout, din, iters); }
            cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < best) best = ms;
        }
        double prods = (double)blocks * threads * iters * (mode == 2 ? 1 : 2);
        printf("%s %s: %.3f ms, %.3e products/s, %.1f ns per product per thread\n", mode == 0 ? "throughput" : mode == 1 ? "latency(2 chains, 1 warp/SM)" : "latency(1 chain, 1 warp/SM)",
               v == 2 ? "eo" : v ? "m28" : (GC_BLS_PTX ? "ptx-chains" : "port"), best, prods / best * 1e3, best * 1e6 / (iters * (mode == 2 ? 1 : 2)));
    }
    printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
