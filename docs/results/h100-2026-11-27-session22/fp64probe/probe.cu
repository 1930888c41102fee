// probe.cu -- FP64 (DFMA) vs integer (IMAD) Montgomery product throughput on
// BLS12-381 Fp.  Research probe.  Build: nvcc -O3 -arch=sm_90 -std=c++17
// Usage: ./probe [--iters N] [--check-iters N]
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <algorithm>
#include <vector>
#include "fp64_mont.h"

#define CK(x)                                                                \
  do {                                                                       \
    cudaError_t e_ = (x);                                                    \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(e_),  \
              __FILE__, __LINE__, cudaGetErrorString(e_));                   \
      exit(3);                                                               \
    }                                                                        \
  } while (0)

// ---- deterministic per-thread inputs (same on host and device), < 2^380 < p
FPM_HD uint32_t mix32(uint64_t x) {
  x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
  return (uint32_t)x;
}
FPM_HD void gen_input(uint32_t w[12], uint64_t tid, uint32_t which) {
  for (int i = 0; i < 12; i++) w[i] = mix32(tid * 1000003ULL + which * 7919ULL + i);
  w[11] &= 0x0fffffffu;  // < 2^380 < p
}

// clock sampling: [0]=start,[1]=end of thread 0 block 0
__device__ __forceinline__ void clk_mark(long long *clk, int which) {
  if (blockIdx.x == 0 && threadIdx.x == 0) clk[which] = clock64();
}

__global__ void fp64_chain(uint32_t *out, long long *clk, int iters) {
  clk_mark(clk, 0);
  const uint64_t tid = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  uint32_t w[12];
  fp48_t x, y;
  gen_input(w, tid, 0); fp48_from_words(&x, w);
  gen_input(w, tid, 1); fp48_from_words(&y, w);
  double yd[FP48_N];
  fp48_to_d(yd, &y);
#pragma unroll 1
  for (int it = 0; it < iters; it++) {
    double xd[FP48_N];
    fp48_to_d(xd, &x);
    fp48_mont_d(&x, xd, yd);
  }
  fp48_to_words(w, &x);
  for (int i = 0; i < 12; i++) out[tid * 12 + i] = w[i];
  clk_mark(clk, 1);
}

__global__ void imad_chain(uint32_t *out, long long *clk, int iters) {
  clk_mark(clk, 0);
  const uint64_t tid = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  uint32_t x[12], y[12];
  gen_input(x, tid, 0);
  gen_input(y, tid, 1);
#pragma unroll 1
  for (int it = 0; it < iters; it++) {
    uint32_t r[12];
    int32_mont(r, x, y);
#pragma unroll
    for (int i = 0; i < 12; i++) x[i] = r[i];
  }
  for (int i = 0; i < 12; i++) out[tid * 12 + i] = x[i];
  clk_mark(clk, 1);
}

// one FP64 chain and one integer chain, independent, interleaved
__global__ void mixed_chain(uint32_t *out, long long *clk, int iters) {
  clk_mark(clk, 0);
  const uint64_t tid = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  uint32_t w[12];
  fp48_t x, y;
  gen_input(w, tid, 0); fp48_from_words(&x, w);
  gen_input(w, tid, 1); fp48_from_words(&y, w);
  double yd[FP48_N];
  fp48_to_d(yd, &y);
  uint32_t xi[12], yi[12];
  gen_input(xi, tid, 0);
  gen_input(yi, tid, 1);
#pragma unroll 1
  for (int it = 0; it < iters; it++) {
    double xd[FP48_N];
    fp48_to_d(xd, &x);
    fp48_mont_d(&x, xd, yd);
    uint32_t r[12];
    int32_mont(r, xi, yi);
#pragma unroll
    for (int i = 0; i < 12; i++) xi[i] = r[i];
  }
  fp48_to_words(w, &x);
  for (int i = 0; i < 12; i++) out[tid * 24 + i] = w[i];
  for (int i = 0; i < 12; i++) out[tid * 24 + 12 + i] = xi[i];
  clk_mark(clk, 1);
}

typedef void (*kern_t)(uint32_t *, long long *, int);

struct Result {
  const char *name, *cfg;
  double ms, prod_s, clk_mhz;
  int regs, blocks, threads, chains;
  size_t local;
};

static double run_timed(kern_t k, int blocks, int threads, uint32_t *d_out,
                        long long *d_clk, int iters, double *clk_mhz) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  k<<<blocks, threads>>>(d_out, d_clk, iters);  // warm-up
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<double> t;
  std::vector<double> mhz;
  for (int r = 0; r < 5; r++) {
    CK(cudaEventRecord(a));
    k<<<blocks, threads>>>(d_out, d_clk, iters);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    CK(cudaGetLastError());
    float ms; CK(cudaEventElapsedTime(&ms, a, b));
    long long c[2]; CK(cudaMemcpy(c, d_clk, sizeof c, cudaMemcpyDeviceToHost));
    t.push_back(ms);
    mhz.push_back((double)(c[1] - c[0]) / (ms * 1e3));  // block-0 SM cycles / kernel time
  }
  std::vector<double> s = t;
  std::sort(s.begin(), s.end());
  double med = s[2];
  // clock estimate of the median run
  for (int r = 0; r < 5; r++) if (t[r] == med) { *clk_mhz = mhz[r]; break; }
  CK(cudaEventDestroy(a)); CK(cudaEventDestroy(b));
  return med;
}

static int validate(uint32_t *d_out, long long *d_clk, int iters) {
  // small grid, compare every thread with the host implementation
  const int blocks = 4, threads = 64, n = blocks * threads;
  std::vector<uint32_t> h(n * 24);
  int bad = 0;
  // fp64
  fp64_chain<<<blocks, threads>>>(d_out, d_clk, iters);
  CK(cudaGetLastError());
  CK(cudaMemcpy(h.data(), d_out, n * 12 * 4, cudaMemcpyDeviceToHost));
  std::vector<uint32_t> ref_fp(n * 12), ref_int(n * 12);
  for (int t = 0; t < n; t++) {
    uint32_t w[12]; fp48_t x, y;
    gen_input(w, t, 0); fp48_from_words(&x, w);
    gen_input(w, t, 1); fp48_from_words(&y, w);
    for (int it = 0; it < iters; it++) fp48_mont(&x, &x, &y);
    fp48_to_words(&ref_fp[t * 12], &x);
    uint32_t xi[12], yi[12], r[12];
    gen_input(xi, t, 0); gen_input(yi, t, 1);
    for (int it = 0; it < iters; it++) { int32_mont(r, xi, yi); memcpy(xi, r, 48); }
    memcpy(&ref_int[t * 12], xi, 48);
  }
  int bad_fp = 0, bad_int = 0, bad_mix = 0, bad_cross = 0;
  for (int t = 0; t < n; t++) {
    if (memcmp(&h[t * 12], &ref_fp[t * 12], 48)) bad_fp++;
    if (memcmp(&ref_fp[t * 12], &ref_int[t * 12], 48)) bad_cross++;
  }
  imad_chain<<<blocks, threads>>>(d_out, d_clk, iters);
  CK(cudaGetLastError());
  CK(cudaMemcpy(h.data(), d_out, n * 12 * 4, cudaMemcpyDeviceToHost));
  for (int t = 0; t < n; t++)
    if (memcmp(&h[t * 12], &ref_int[t * 12], 48)) bad_int++;
  mixed_chain<<<blocks, threads>>>(d_out, d_clk, iters);
  CK(cudaGetLastError());
  CK(cudaMemcpy(h.data(), d_out, n * 24 * 4, cudaMemcpyDeviceToHost));
  for (int t = 0; t < n; t++)
    if (memcmp(&h[t * 24], &ref_fp[t * 12], 48) ||
        memcmp(&h[t * 24 + 12], &ref_int[t * 12], 48)) bad_mix++;
  bad = bad_fp + bad_int + bad_mix + bad_cross;
  printf("validation (%d threads x %d-step chains vs host C of fp64_mont.h):\n"
         "  fp64_chain %s (%d bad)  imad_chain %s (%d bad)  mixed_chain %s (%d bad)"
         "  host fp64==int32 %s (%d bad)\n",
         n, iters, bad_fp ? "FAIL" : "PASS", bad_fp, bad_int ? "FAIL" : "PASS",
         bad_int, bad_mix ? "FAIL" : "PASS", bad_mix, bad_cross ? "FAIL" : "PASS",
         bad_cross);
  printf("VALIDATION %s\n", bad ? "FAIL" : "PASS");
  return bad;
}

int main(int argc, char **argv) {
  int iters = 1000, check_iters = 200;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--iters") && i + 1 < argc) iters = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--check-iters") && i + 1 < argc) check_iters = atoi(argv[++i]);
    else { fprintf(stderr, "usage: %s [--iters N] [--check-iters N]\n", argv[0]); return 1; }
  }
  if (iters < 1 || check_iters < 1) { fprintf(stderr, "bad iteration count\n"); return 1; }

  int ndev = 0;
  cudaError_t e = cudaGetDeviceCount(&ndev);
  if (e != cudaSuccess || ndev == 0) {
    fprintf(stderr, "error: no usable CUDA GPU (%s)\n",
            e != cudaSuccess ? cudaGetErrorString(e) : "device count is 0");
    return 2;
  }
  int dev = 0;
  CK(cudaSetDevice(dev));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  int clk_khz = 0, memclk_khz = 0, nsm = prop.multiProcessorCount;
  cudaDeviceGetAttribute(&clk_khz, cudaDevAttrClockRate, dev);
  cudaDeviceGetAttribute(&memclk_khz, cudaDevAttrMemoryClockRate, dev);
  printf("device: %s  sm_%d%d  SMs=%d  max SM clock=%d MHz  mem clock=%d MHz\n",
         prop.name, prop.major, prop.minor, nsm, clk_khz / 1000, memclk_khz / 1000);
  if (prop.major < 9) printf("warning: built for sm_90; this device is sm_%d%d\n", prop.major, prop.minor);

  // buffers sized for the largest grid
  kern_t kerns[3] = {fp64_chain, imad_chain, mixed_chain};
  const char *names[3] = {"fp64_chain", "imad_chain", "mixed_chain"};
  const int chains[3] = {1, 1, 2};
  const int TPB = 128;
  int occ[3];
  cudaFuncAttributes fa[3];
  size_t max_threads = 0;
  for (int k = 0; k < 3; k++) {
    CK(cudaFuncGetAttributes(&fa[k], kerns[k]));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ[k], kerns[k], TPB, 0));
    if (occ[k] < 1) occ[k] = 1;
    max_threads = std::max(max_threads, (size_t)occ[k] * nsm * TPB);
  }
  uint32_t *d_out; long long *d_clk;
  CK(cudaMalloc(&d_out, max_threads * 24 * 4));
  CK(cudaMalloc(&d_clk, 2 * sizeof(long long)));

  if (validate(d_out, d_clk, check_iters)) { printf("aborting: validation failed\n"); return 1; }

  std::vector<Result> res;
  for (int cfg = 0; cfg < 2; cfg++) {
    for (int k = 0; k < 3; k++) {
      Result r;
      r.name = names[k];
      r.cfg = cfg == 0 ? "full-occ" : "1warp/SMSP";
      r.threads = TPB;
      r.blocks = cfg == 0 ? occ[k] * nsm : nsm;  // cfg 1: 4 warps per SM
      r.chains = chains[k];
      r.regs = fa[k].numRegs;
      r.local = fa[k].localSizeBytes;
      r.ms = run_timed(kerns[k], r.blocks, TPB, d_out, d_clk, iters, &r.clk_mhz);
      r.prod_s = (double)r.blocks * TPB * iters * r.chains / (r.ms * 1e-3);
      res.push_back(r);
    }
  }

  printf("\niters per thread = %d, block = %d threads, median of 5 timed runs after 1 warm-up\n", iters, TPB);
  printf("SMcyc/prod = SM-cycles per product per SM (= measured SM clock * SMs / products/s);\n"
         "  the integer-pipe and FP64-pipe limit is 64 lane-ops/SM/clk for both.\n\n");
  printf("%-12s %-11s %6s %5s %6s %9s %12s %8s %9s %8s\n", "kernel", "config",
         "blocks", "regs", "lmemB", "ms", "products/s", "vs imad", "SMcyc/prd", "SM MHz");
  for (int cfg = 0; cfg < 2; cfg++) {
    double base = res[cfg * 3 + 1].prod_s;
    for (int k = 0; k < 3; k++) {
      const Result &r = res[cfg * 3 + k];
      double smcyc = r.clk_mhz * 1e6 * nsm / r.prod_s;
      printf("%-12s %-11s %6d %5d %6zu %9.3f %12.4e %7.3fx %9.1f %8.0f\n", r.name, r.cfg,
             r.blocks, r.regs, r.local, r.ms, r.prod_s, r.prod_s / base, smcyc, r.clk_mhz);
    }
  }
  printf("\nmixed_chain products/s counts both chains (fp64 + int32) per iteration.\n"
         "Occupancy (blocks of %d per SM): fp64 %d, imad %d, mixed %d.\n", TPB, occ[0], occ[1], occ[2]);
  CK(cudaFree(d_out)); CK(cudaFree(d_clk));
  return 0;
}
