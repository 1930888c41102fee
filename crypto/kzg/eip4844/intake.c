/* SPDX-License-Identifier: Apache-2.0 */
/* intake.c — a pass's blobs onto the device, each with its Fiat-Shamir challenge
 * (kzg_eip4844_intake, eip4844.h). The host's threads take the pass a chunk of blobs at a
 * time: each checks the chunk's commitments, hashes its blobs and, where the context has
 * page-locked staging, copies them there while they are in its cache; the calling thread
 * queues each chunk's transfer, in order, as soon as the chunk is done, and works on
 * chunks itself while the next one in order is still being hashed. So the bus moves the
 * first blobs while the last are hashed, and every blob is read from the caller's memory
 * once. Hashing and queueing the transfer one after the other left the bus idle for the
 * whole hash (docs/results/kzg_api.md). */
#include "crypto/kzg/eip4844/eip4844.h"
#include "crypto/bls12_381/subgroup.gc"
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_threads.h"
#include "device/sha256.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>

#define CHUNKS_PER_THREAD 2 /* so that the last chunks' transfers are a short tail */
#define CHUNKS_MAX (KZG_HOST_THREADS_MAX * CHUNKS_PER_THREAD)

/* The challenge of c-kzg's compute_challenge: SHA-256 of "FSBLOBVERIFY_V1_", the degree
 * 4096 as 16 bytes big-endian, the blob and the commitment's 48 bytes (a valid encoding
 * is its own canonical form), as an integer mod r. */
void kzg_eip4844_challenge(gc_fr *z, const char domain[16], const uint8_t *blob, const uint8_t *commitment) {
    uint8_t degree[16] = {0}, d[32], half[32] = {0};
    degree[14] = (uint8_t)(GC_KZG_FIELD_ELEMENTS_PER_BLOB >> 8);
    degree[15] = (uint8_t)GC_KZG_FIELD_ELEMENTS_PER_BLOB;
    gc_sha256 s;
    gc_sha256_init(&s);
    gc_sha256_update(&s, domain, 16);
    gc_sha256_update(&s, degree, sizeof degree);
    gc_sha256_update(&s, blob, GC_KZG_BYTES_PER_BLOB);
    gc_sha256_update(&s, commitment, GC_KZG_BYTES_PER_COMMITMENT);
    gc_sha256_final(&s, d);
    gc_fr hi, lo, shift;
    memcpy(half + 16, d, 16);
    gc_fr_from_bytes(&hi, half); /* < 2^128 < r */
    memcpy(half + 16, d + 16, 16);
    gc_fr_from_bytes(&lo, half);
    gc_fr_from_u64(&shift, 1);
    for (int i = 0; i < 128; i++) gc_fr_dbl(&shift, &shift);
    gc_fr_mul(&hi, &hi, &shift);
    gc_fr_add(z, &hi, &lo);
}

typedef struct {
    const kzg_blob_intake *in;
    uint8_t *staging; /* NULL: the transfers read the caller's blobs */
    size_t n, chunks;
    atomic_size_t next;         /* the next chunk not taken */
    atomic_int done[CHUNKS_MAX]; /* per chunk: hashed (and copied) */
} intake_job;

static size_t chunk_lo(const intake_job *j, size_t k) { return j->n * k / j->chunks; }

/* c-kzg's bytes_to_kzg_commitment (a valid compressed G1 point in the subgroup, the
 * identity included) where asked, then the challenge and the copy into staging. */
static void intake_blob(const intake_job *j, size_t b) {
    const kzg_blob_intake *in = j->in;
    const uint8_t *blob = in->blobs + b * GC_KZG_BYTES_PER_BLOB;
    if (in->commitments) {
        const uint8_t *cm = in->commitments + b * GC_KZG_BYTES_PER_COMMITMENT;
        int ok = !in->bad[b];
        if (in->validate) {
            gc_g1a a;
            gc_g1p p;
            ok = gc_g1a_decompress(&a, cm, 0) == GC_G1_OK;
            if (ok) {
                gc_g1p_from_affine(&p, &a);
                ok = gc_g1p_in_subgroup_endo(&p);
            }
            in->bad[b] = !ok;
        }
        if (ok) kzg_eip4844_challenge(&in->z[b], in->domain, blob, cm);
        else gc_fr_zero(&in->z[b]);
    }
    if (j->staging) memcpy(j->staging + b * GC_KZG_BYTES_PER_BLOB, blob, GC_KZG_BYTES_PER_BLOB);
}

/* Takes one chunk not yet taken; 0 where none was left. */
static int take_chunk(intake_job *j) {
    size_t k = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
    if (k >= j->chunks) return 0;
    for (size_t b = chunk_lo(j, k); b < chunk_lo(j, k + 1); b++) intake_blob(j, b);
    atomic_store_explicit(&j->done[k], 1, memory_order_release);
    return 1;
}

static void *intake_worker(void *p) {
    intake_job *j = p;
    while (take_chunk(j)) {
    }
    return NULL;
}

typedef struct {
    intake_job job;
    gc_buffer *to;
    gc_status st;
    pthread_t caller;
} intake_call;

/* The calling thread queues the transfers in chunk order; while the next chunk is not done
 * it takes one of its own. Other threads only hash (intake_worker). */
static void *intake_thread(void *p) {
    intake_call *ic = p;
    intake_job *j = &ic->job;
    if (!pthread_equal(pthread_self(), ic->caller)) return intake_worker(j);
    for (size_t k = 0; k < j->chunks;) {
        if (!atomic_load_explicit(&j->done[k], memory_order_acquire)) {
            if (!take_chunk(j)) sched_yield();
            continue;
        }
        size_t lo = chunk_lo(j, k), bytes = (chunk_lo(j, k + 1) - lo) * GC_KZG_BYTES_PER_BLOB;
        const uint8_t *src = (j->staging ? j->staging : j->in->blobs) + lo * GC_KZG_BYTES_PER_BLOB;
        if (ic->st == GC_OK) ic->st = gc_buffer_write_async(ic->to, lo * GC_KZG_BYTES_PER_BLOB, src, bytes);
        k++;
    }
    return NULL;
}

gc_kzg_ret kzg_eip4844_intake(gc_kzg_ctx *c, gc_buffer *to, uint8_t *staging, const kzg_blob_intake *in, size_t n) {
    if (n == 0) return GC_KZG_OK;
    size_t threads = kzg_host_threads(), chunks = threads * CHUNKS_PER_THREAD;
    if (chunks > n) chunks = n;
    if (threads > chunks) threads = chunks;
    intake_call ic = {.to = to, .st = GC_OK, .caller = pthread_self()};
    ic.job.in = in, ic.job.staging = staging, ic.job.n = n, ic.job.chunks = chunks;
    atomic_init(&ic.job.next, 0);
    for (size_t k = 0; k < chunks; k++) atomic_init(&ic.job.done[k], 0);
    kzg_run_threads(intake_thread, &ic, threads);
    return ic.st ? kzg_device_error(c, ic.st, "copying blobs") : GC_KZG_OK;
}
