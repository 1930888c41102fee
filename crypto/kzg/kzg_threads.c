/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_threads.c — the host's short-lived worker threads (kzg_threads.h). */
#include "crypto/kzg/kzg_threads.h"

#include <pthread.h>
#include <unistd.h>

size_t kzg_host_threads(void) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > KZG_HOST_THREADS_MAX ? KZG_HOST_THREADS_MAX : (size_t)cpus;
}

void kzg_run_threads(void *(*fn)(void *), void *arg, size_t threads) {
    pthread_t tid[KZG_HOST_THREADS_MAX];
    size_t started = 0;
    if (threads > KZG_HOST_THREADS_MAX) threads = KZG_HOST_THREADS_MAX;
    while (started + 1 < threads && pthread_create(&tid[started], NULL, fn, arg) == 0) started++;
    fn(arg);
    for (size_t i = 0; i < started; i++) pthread_join(tid[i], NULL);
}
