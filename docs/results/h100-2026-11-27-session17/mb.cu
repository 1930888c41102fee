// measurement only: latency vs throughput of the Fp product at various warps per SM partition
#include "crypto/bls12_381/g1.gc"
#include <cstdio>
#include <cstdlib>
extern "C" __global__ void one_chain(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_fp a = in[(2*i) & 1023], b = in[(2*i+1) & 1023];
    for (unsigned s = 0; s < iters; s++) a = gc_fp_mul_call(a, b);
    out[i] = a;
}
extern "C" __global__ void two_chains(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_fp a = in[(2*i) & 1023], b = in[(2*i+1) & 1023], c = in[(2*i+2)&1023];
    for (unsigned s = 0; s < iters; s++) { a = gc_fp_mul_call(a, b); c = gc_fp_mul_call(c, b); }
    gc_fp_add(&a, &a, &c);
    out[i] = a;
}
extern "C" __global__ void dbl_chain(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_g1p p; p.x = in[(3*i)&1023]; p.y = in[(3*i+1)&1023]; p.z = in[(3*i+2)&1023];
    for (unsigned s = 0; s < iters; s++) gc_g1p_dbl(&p, &p);
    gc_fp_add(&p.x, &p.x, &p.y); gc_fp_add(&p.x, &p.x, &p.z);
    out[i] = p.x;
}
extern "C" __global__ void add_chain(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_g1p p, q; p.x = in[(3*i)&1023]; p.y = in[(3*i+1)&1023]; p.z = in[(3*i+2)&1023];
    q.x = in[(3*i+3)&1023]; q.y = in[(3*i+4)&1023]; q.z = in[(3*i+5)&1023];
    for (unsigned s = 0; s < iters; s++) gc_g1p_add(&p, &p, &q);
    gc_fp_add(&p.x, &p.x, &p.y); gc_fp_add(&p.x, &p.x, &p.z);
    out[i] = p.x;
}
extern "C" __global__ void inl_one(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_fp a = in[(2*i) & 1023], b = in[(2*i+1) & 1023];
    for (unsigned s = 0; s < iters; s++) gc_fp_mul(&a, &a, &b);
    out[i] = a;
}
extern "C" __global__ void inl_two(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_fp a = in[(2*i) & 1023], b = in[(2*i+1) & 1023], c = in[(2*i+2)&1023];
    for (unsigned s = 0; s < iters; s++) { gc_fp_mul(&a, &a, &b); gc_fp_mul(&c, &c, &b); }
    gc_fp_add(&a, &a, &c);
    out[i] = a;
}
extern "C" __global__ void sqr_one(gc_fp *out, const gc_fp *in, unsigned iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    gc_fp a = in[(2*i) & 1023];
    for (unsigned s = 0; s < iters; s++) a = gc_fp_sqr_call(a);
    out[i] = a;
}
int main() {
    gc_fp *in, *out; cudaMalloc(&in, 1024 * sizeof(gc_fp)); cudaMalloc(&out, 132*1024*8 * sizeof(gc_fp));
    gc_fp h[1024]; srand(1); for (int i = 0; i < 1024; i++) for (int j = 0; j < 12; j++) h[i].l[j] = (j == 11) ? (rand() & 0xfffffff) : (unsigned)rand() * 2654435761u;
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    int clk; cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    unsigned iters = 2000;
    for (int kind = 0; kind < 7; kind++)
    for (int wpp = 1; wpp <= 4; wpp *= 2) { // warps per partition
        int threads = 128 * wpp; if (threads > 1024) threads = 1024;
        int blocks = sms * (128 * wpp / threads);
        float best = 1e9;
        for (int rep = 0; rep < 5; rep++) {
            cudaEventRecord(e0);
            if (kind == 0) one_chain<<<blocks, threads>>>(out, in, iters); else if (kind == 1) two_chains<<<blocks, threads>>>(out, in, iters); else if (kind == 2) dbl_chain<<<blocks, threads>>>(out, in, iters / 8); else if (kind == 3) add_chain<<<blocks, threads>>>(out, in, iters / 12); else if (kind == 4) inl_one<<<blocks, threads>>>(out, in, iters); else if (kind == 5) inl_two<<<blocks, threads>>>(out, in, iters); else sqr_one<<<blocks, threads>>>(out, in, iters);
            cudaEventRecord(e1); cudaEventSynchronize(e1);
            float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < best) best = ms;
        }
        double prods_per_warp = (kind == 1 || kind == 5) ? 2.0 * iters : kind == 2 ? (double)(iters / 8) : kind == 3 ? (double)(iters / 12) : (double)iters;
        double cyc = best * 1e-3 * clk * 1e3 / prods_per_warp; // cycles per product per warp
        double total = (double)blocks * threads * prods_per_warp;
        printf("%s warps/partition %2d: %.3f ms, %.0f cycles per product per warp, %.0f cycles per product per partition, %.3e products/s  (%s)\n",
               kind == 0 ? "one_chain " : kind == 1 ? "two_chains" : kind == 2 ? "g1_dbl (per op)" : kind == 3 ? "g1_add (per op)" : kind == 4 ? "inl_one" : kind == 5 ? "inl_two" : "sqr_call", wpp, best, cyc, cyc / wpp, total / (best * 1e-3), cudaGetErrorString(cudaGetLastError()));
    }
    return 0;
}
