/* experiment: Montgomery product over 14 x 28-bit digits with 64-bit column accumulators, R = 2^392 */
#define D28 14
#define M28 0x0fffffffu
__constant__ gc_u32 p28[D28] = {0xfffaaabu, 0xfefffffu, 0x3ffffb9u, 0xfffeb15u, 0x6241eabu, 0xa0f6b0fu, 0xf6730d2u,
                                 0xf38512bu, 0x4774b84u, 0x4bacd76u, 0xba7b643u, 0xe69a4b1u, 0x1ea397fu, 0x001a011u};
__device__ __forceinline__ void to28(gc_u32 *d, const gc_u32 *w) {
#pragma unroll
    for (int k = 0; k < D28; k++) {
        int bit = 28 * k, j = bit / 32, s = bit % 32;
        gc_u64 v = (gc_u64)w[j] | ((j + 1 < 12) ? ((gc_u64)w[j + 1] << 32) : 0);
        d[k] = (gc_u32)(v >> s) & M28;
    }
}
__device__ __forceinline__ void from28(gc_u32 *w, const gc_u32 *d) {
#pragma unroll
    for (int j = 0; j < 12; j++) {
        int bit = 32 * j, k = bit / 28, s = bit % 28;
        gc_u64 v = (gc_u64)d[k] | ((k + 1 < D28) ? (gc_u64)d[k + 1] << 28 : 0) | ((k + 2 < D28) ? (gc_u64)d[k + 2] << 56 : 0);
        w[j] = (gc_u32)(v >> s);
    }
}
#define MADW(acc, a, b) asm("mad.wide.u32 %0, %1, %2, %0;" : "+l"(acc) : "r"(a), "r"(b))
__device__ __forceinline__ void mul28(gc_fp *r, const gc_fp *a, const gc_fp *b) {
    gc_u32 x[D28], y[D28], q[D28], o[D28];
    to28(x, a->l);
    to28(y, b->l);
    gc_u64 acc = 0;
#pragma unroll
    for (int k = 0; k < D28; k++) {
#pragma unroll
        for (int i = 0; i <= k; i++) MADW(acc, x[i], y[k - i]);
#pragma unroll
        for (int i = 0; i < k; i++) MADW(acc, q[i], p28[k - i]);
        q[k] = ((gc_u32)acc * 0x0ffcfffdu) & M28;
        MADW(acc, q[k], p28[0]);
        acc >>= 28;
    }
#pragma unroll
    for (int k = D28; k < 2 * D28 - 1; k++) {
#pragma unroll
        for (int i = k - D28 + 1; i < D28; i++) { MADW(acc, x[i], y[k - i]); MADW(acc, q[i], p28[k - i]); }
        o[k - D28] = (gc_u32)acc & M28;
        acc >>= 28;
    }
    o[D28 - 1] = (gc_u32)acc;
    gc_u32 t[12];
    from28(t, o);
    gc_mp_reduce_once(r->l, t, gc_fp_mod, 12);
}
