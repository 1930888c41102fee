/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_threads.h — the host's short-lived worker threads for calls without a context's
 * copy team (the verifier's scalars, decoding and MSMs): workers that share one job
 * through an atomic counter, started for the call and joined before it returns. */
#ifndef GC_KZG_THREADS_H
#define GC_KZG_THREADS_H

#include <stddef.h>

#define KZG_HOST_THREADS_MAX 16

/** The online cores, 1 .. KZG_HOST_THREADS_MAX. */
size_t kzg_host_threads(void);

/** fn(arg) on min(threads, KZG_HOST_THREADS_MAX) threads, this one among them, all joined
 *  before it returns; a thread that cannot start leaves its share to the others. */
void kzg_run_threads(void *(*fn)(void *), void *arg, size_t threads);

#endif
