/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_internal.h — what the c-kzg interface (include/gpucheck/ckzg.h) keeps behind a
 * KZGSettings, and the helpers every function of it shares.
 *
 * Each c-kzg function is one file's worth of glue over gc_kzg (crypto/kzg): check the
 * arguments as c-kzg does, take the state's lock, make the batched call for one blob,
 * map its gc_kzg_ret to C_KZG_RET. A function that joins (compute_kzg_proof, verify_*,
 * recover_cells_and_kzg_proofs) is one more definition in ckzg_eip4844.c or
 * ckzg_eip7594.c with its declaration in ckzg.h. */
#ifndef GC_CKZG_INTERNAL_H
#define GC_CKZG_INTERNAL_H

#include <pthread.h>

/* The library exports c-kzg's names and nothing else (it is built -fvisibility=hidden). */
#pragma GCC visibility push(default)
#include "gpucheck/ckzg.h"
#pragma GCC visibility pop

#include "gpucheck/gc_kzg.h"

#define CKZG_MAX_DEVICES 64

struct gpucheck_ckzg_state {
    gc_kzg_setup *setup;
    gc_device *devices[CKZG_MAX_DEVICES];
    size_t n_devices;
    gc_kzg_pool *pool;     /* one context per device; a pool of one is that context */
    pthread_mutex_t lock;  /* one call at a time on the pool: its contexts are not thread-safe */
};

/** The state of a loaded KZGSettings, or NULL (and the thread's error) for a NULL or
 *  unloaded one. */
struct gpucheck_ckzg_state *ckzg_state(const KZGSettings *s, const char *func);

/** The C_KZG_RET of a gc_kzg result: BADARGS for bad input and a bad setup, MALLOC for
 *  host or device memory, ERROR for the device and the rest. */
C_KZG_RET ckzg_ret(gc_kzg_ret r);

/** After a failed pool call: the thread's error names the device and the cause. */
C_KZG_RET ckzg_pool_failed(struct gpucheck_ckzg_state *st, const char *func, gc_kzg_ret r);

/** After a failed call on the first device's context (a single-device call). */
C_KZG_RET ckzg_ctx_failed(const char *func, gc_kzg_ret r);

/** Sets the calling thread's message for gpucheck_ckzg_last_error(); returns ret. */
C_KZG_RET ckzg_fail(C_KZG_RET ret, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
