// measurement only: G1 formulas by one work-item and by teams (g1_team.gc) at one warp per SM partition
#include "crypto/bls12_381/g1_team.gc"
#include <cstdio>
#include <cstdlib>
__device__ gc_g1p load_pt(const gc_fp *in, unsigned i) { gc_g1p p; p.x = in[(3*i)&1023]; p.y = in[(3*i+1)&1023]; p.z = in[(3*i+2)&1023]; return p; }
extern "C" __global__ void dbl1(gc_fp *out, const gc_fp *in, unsigned iters, unsigned lanes) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x; gc_g1p p = load_pt(in, i);
    for (unsigned s = 0; s < iters; s++) gc_g1p_dbl(&p, &p);
    out[i] = p.x;
}
extern "C" __global__ void dblt(gc_fp *out, const gc_fp *in, unsigned iters, unsigned lanes) {
    __shared__ gc_fp xchg[64]; gc_team t = gc_team_init(xchg, lanes);
    unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) / lanes; gc_g1p p = load_pt(in, i);
    for (unsigned s = 0; s < iters; s++) p = gc_g1p_dbl_team(t, p);
    out[blockIdx.x * blockDim.x + threadIdx.x] = p.x;
}
extern "C" __global__ void add1(gc_fp *out, const gc_fp *in, unsigned iters, unsigned lanes) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x; gc_g1p p = load_pt(in, i), q = load_pt(in, i + 7);
    for (unsigned s = 0; s < iters; s++) gc_g1p_add(&p, &p, &q);
    out[i] = p.x;
}
extern "C" __global__ void addt(gc_fp *out, const gc_fp *in, unsigned iters, unsigned lanes) {
    __shared__ gc_fp xchg[64]; gc_team t = gc_team_init(xchg, lanes);
    unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) / lanes; gc_g1p p = load_pt(in, i), q = load_pt(in, i + 7);
    for (unsigned s = 0; s < iters; s++) p = gc_g1p_add_team(t, p, q);
    out[blockIdx.x * blockDim.x + threadIdx.x] = p.x;
}
extern "C" __global__ void glv1(gc_fp *out, const gc_fp *in, const unsigned char *digits, unsigned iters, unsigned lanes) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x; gc_g1p p = load_pt(in, i);
    for (unsigned s = 0; s < iters; s++) gc_g1p_mul_glv_wnaf(&p, &p, digits);
    out[i] = p.x;
}
extern "C" __global__ void glvt(gc_fp *out, const gc_fp *in, const unsigned char *digits, unsigned iters, unsigned lanes) {
    __shared__ gc_fp xchg[64]; gc_team t = gc_team_init(xchg, lanes);
    unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) / lanes; gc_g1p p = load_pt(in, i);
    for (unsigned s = 0; s < iters; s++) p = gc_g1p_mul_glv_wnaf_team(t, p, digits);
    out[blockIdx.x * blockDim.x + threadIdx.x] = p.x;
}

// experimental forms: the round's products inline (gc_fp_mul) and, for teams of two, the exchange by xor shuffles (24 a round)
__device__ __forceinline__ void share_x(gc_team t, const gc_fp *p0, const gc_fp *p1, gc_fp out[4]) {
    if (t.lanes == 2u) {
        for (int k = 0; k < GC_FP_LIMBS; k++) {
            gc_u32 o0 = __shfl_xor_sync(0xffffffffu, p0->l[k], 1), o1 = __shfl_xor_sync(0xffffffffu, p1->l[k], 1);
            out[0].l[k] = t.lane ? o0 : p0->l[k]; out[1].l[k] = t.lane ? p0->l[k] : o0;
            out[2].l[k] = t.lane ? o1 : p1->l[k]; out[3].l[k] = t.lane ? p1->l[k] : o1;
        }
    } else gc_team_share(t, p0, p1, out);
}
template <int INL, int XS>
__device__ __forceinline__ void mul4x(gc_team t, gc_fp out[4], const gc_fp *a0, const gc_fp *b0, const gc_fp *a1,
                        const gc_fp *b1, const gc_fp *a2, const gc_fp *b2, const gc_fp *a3, const gc_fp *b3) {
    gc_fp a, b, p0, p1;
    if (t.lanes == 2u) {
        gc_team_pick2(&a, t.lane, a0, a1); gc_team_pick2(&b, t.lane, b0, b1);
        if (INL) gc_fp_mul(&p0, &a, &b); else p0 = gc_fp_mul_call(a, b);
        gc_team_pick2(&a, t.lane, a2, a3); gc_team_pick2(&b, t.lane, b2, b3);
        if (INL) gc_fp_mul(&p1, &a, &b); else p1 = gc_fp_mul_call(a, b);
    } else {
        gc_team_pick(&a, t.lane, a0, a1, a2, a3); gc_team_pick(&b, t.lane, b0, b1, b2, b3);
        if (INL) gc_fp_mul(&p0, &a, &b); else p0 = gc_fp_mul_call(a, b);
        p1 = p0;
    }
    if (XS) share_x(t, &p0, &p1, out); else gc_team_share(t, &p0, &p1, out);
}
template <int INL, int XS>
__device__ __noinline__ gc_g1p dbl_x(gc_team t, gc_g1p p) {
    gc_fp m[4], z3, y3, t0, t2, t1; gc_g1p r;
    mul4x<INL, XS>(t, m, &p.y, &p.y, &p.y, &p.z, &p.z, &p.z, &p.x, &p.y);
    gc_fp_add(&z3, &m[0], &m[0]); gc_fp_add(&z3, &z3, &z3); gc_fp_add(&z3, &z3, &z3);
    gc_fp_mul_small(&t2, &m[2], GC_G1_B3);
    gc_fp_add(&y3, &m[0], &t2); gc_fp_add(&t1, &t2, &t2); gc_fp_add(&t1, &t1, &t2); gc_fp_sub(&t0, &m[0], &t1);
    gc_fp yz = m[1], xy = m[3];
    mul4x<INL, XS>(t, m, &t2, &z3, &yz, &z3, &t0, &y3, &t0, &xy);
    gc_fp_add(&r.y, &m[0], &m[2]); gc_fp_add(&r.x, &m[3], &m[3]); r.z = m[1];
    return r;
}
template <int INL, int XS>
__global__ void dblx(gc_fp *out, const gc_fp *in, unsigned iters, unsigned lanes) {
    __shared__ gc_fp xchg[64]; gc_team t = gc_team_init(xchg, lanes);
    unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) / lanes; gc_g1p p = load_pt(in, i);
    for (unsigned s = 0; s < iters; s++) p = dbl_x<INL, XS>(t, p);
    out[blockIdx.x * blockDim.x + threadIdx.x] = p.x;
}
int main() {
    gc_fp *in, *out; unsigned char *dig;
    cudaMalloc(&in, 1024 * sizeof(gc_fp)); cudaMalloc(&out, 132*1024*8 * sizeof(gc_fp)); cudaMalloc(&dig, 2 * GC_GLV_DIGITS);
    gc_fp h[1024]; srand(1); for (int i = 0; i < 1024; i++) for (int j = 0; j < 12; j++) h[i].l[j] = (j == 11) ? (rand() & 0xfffffff) : (unsigned)rand() * 2654435761u;
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    // a typical twiddle's digits: wNAF-5 of two random 127-bit halves (density ~1/6)
    unsigned char d[2 * GC_GLV_DIGITS] = {0}; srand(7);
    for (int half = 0; half < 2; half++) for (int b = 0; b < 127; ) { if (rand() % 3 == 0) { d[half * GC_GLV_DIGITS + b] = GC_GLV_DIGIT_SET | (rand() & 7) | ((rand() & 1) ? GC_GLV_DIGIT_NEG : 0); b += 6; } else b++; }
    int adds = 0; for (int k = 0; k < 2 * GC_GLV_DIGITS; k++) adds += d[k] != 0;
    cudaMemcpy(dig, d, sizeof d, cudaMemcpyHostToDevice);
    int sms, clk; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0); cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
    printf("digits: %d additions, %d doublings\n", adds, 127);
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    const char *names[] = {"dbl one item", "dbl team", "add one item", "add team", "glv one item", "glv team"};
    for (int kind = 0; kind < 6; kind++)
    for (unsigned lanes = 1; lanes <= 4; lanes *= 2) {
        int team = kind & 1; if (!team && lanes > 1) continue; if (team && lanes == 1) continue;
        for (int wpp = 1; wpp <= 2; wpp++) {
            int blocks = sms * 4 * wpp; // blocks of one warp: wpp warps per partition
            unsigned iters = kind >= 4 ? 4 : 128;
            float best = 1e9;
            for (int rep = 0; rep < 3; rep++) {
                cudaEventRecord(e0);
                switch (kind) {
                case 0: dbl1<<<blocks, 32>>>(out, in, iters, lanes); break;
                case 1: dblt<<<blocks, 32>>>(out, in, iters, lanes); break;
                case 2: add1<<<blocks, 32>>>(out, in, iters, lanes); break;
                case 3: addt<<<blocks, 32>>>(out, in, iters, lanes); break;
                case 4: glv1<<<blocks, 32>>>(out, in, dig, iters, lanes); break;
                case 5: glvt<<<blocks, 32>>>(out, in, dig, iters, lanes); break;
                }
                cudaEventRecord(e1); cudaEventSynchronize(e1);
                float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < best) best = ms;
            }
            double cyc = best * 1e-3 * clk * 1e3 / iters;
            printf("%-13s lanes %u, %d warp(s)/partition: %.3f ms, %.0f cycles per operation of a warp (%s)\n", names[kind], lanes, wpp, best, cyc, cudaGetErrorString(cudaGetLastError()));
        }
    }
    const char *xn[] = {"dbl team (copy)", "dbl team xor-share", "dbl team inline", "dbl team inline+xor"};
    for (int v = 0; v < 4; v++) for (unsigned lanes = 2; lanes <= 4; lanes *= 2) for (int wpp = 1; wpp <= 2; wpp++) {
        int blocks = sms * 4 * wpp; unsigned iters = 128; float best = 1e9;
        for (int rep = 0; rep < 3; rep++) {
            cudaEventRecord(e0);
            if (v == 0) dblx<0,0><<<blocks, 32>>>(out, in, iters, lanes); else if (v == 1) dblx<0,1><<<blocks, 32>>>(out, in, iters, lanes);
            else if (v == 2) dblx<1,0><<<blocks, 32>>>(out, in, iters, lanes); else dblx<1,1><<<blocks, 32>>>(out, in, iters, lanes);
            cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < best) best = ms;
        }
        printf("%-20s lanes %u, %d warp(s)/partition: %.3f ms, %.0f cycles per doubling of a warp (%s)\n", xn[v], lanes, wpp, best, best * 1e-3 * clk * 1e3 / iters, cudaGetErrorString(cudaGetLastError()));
    }
    return 0;
}
