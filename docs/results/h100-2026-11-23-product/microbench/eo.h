#include "eo_chains.h"
#define R13(X) "+r"(X[0]), "+r"(X[1]), "+r"(X[2]), "+r"(X[3]), "+r"(X[4]), "+r"(X[5]), "+r"(X[6]), "+r"(X[7]), "+r"(X[8]), "+r"(X[9]), "+r"(X[10]), "+r"(X[11]), "+r"(X[12])
__device__ __forceinline__ void mul_eo(gc_fp *r, const gc_fp *a, const gc_fp *b) {
    gc_u32 A[13], B[13], f = 0;
    const gc_u32 *x = a->l;
#pragma unroll
    for (int k = 0; k < 13; k++) A[k] = 0, B[k] = 0;
#pragma unroll
    for (int i = 0; i < 12; i++) {
        gc_u32 bi = b->l[i];
        asm(EO_CHAIN_B : R13(B), "+r"(A[0]) : "r"(x[1]), "r"(x[3]), "r"(x[5]), "r"(x[7]), "r"(x[9]), "r"(x[11]), "r"(bi), "r"(f));
        asm(EO_CHAIN_A : R13(A) : "r"(x[0]), "r"(x[2]), "r"(x[4]), "r"(x[6]), "r"(x[8]), "r"(x[10]), "r"(bi));
        gc_u32 q = A[0] * 0xfffcfffdu;
        asm(EO_CHAIN_AM : R13(A) : "r"(q));
        asm(EO_CHAIN_BM : R13(B) : "r"(q));
        /* A[0] = 0: divide by 2^32. New A = B, fold A[1] into word 0, new B = A[2..12] */
        gc_u32 nB[13];
#pragma unroll
        for (int k = 0; k < 11; k++) nB[k] = A[k + 2];
        nB[11] = 0; nB[12] = 0;
        f = A[1];
#pragma unroll
        for (int k = 0; k < 13; k++) A[k] = B[k], B[k] = nB[k];
    }
    gc_u32 t[13];
    asm(EO_MERGE : "=r"(t[0]), "=r"(t[1]), "=r"(t[2]), "=r"(t[3]), "=r"(t[4]), "=r"(t[5]), "=r"(t[6]), "=r"(t[7]), "=r"(t[8]), "=r"(t[9]), "=r"(t[10]), "=r"(t[11]), "=r"(t[12])
        : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(A[4]), "r"(A[5]), "r"(A[6]), "r"(A[7]), "r"(A[8]), "r"(A[9]), "r"(A[10]), "r"(A[11]), "r"(A[12]),
          "r"(B[0]), "r"(B[1]), "r"(B[2]), "r"(B[3]), "r"(B[4]), "r"(B[5]), "r"(B[6]), "r"(B[7]), "r"(B[8]), "r"(B[9]), "r"(B[10]), "r"(B[11]), "r"(f));
    gc_mp_reduce_once(r->l, t, gc_fp_mod, 12);
}
