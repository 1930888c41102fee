/* SPDX-License-Identifier: Apache-2.0 */
/* cache.h — the on-disk compile cache.
 *
 * Entries are keyed by SHA-256 over everything that determines the binary: the expanded
 * source, the defines, the backend's description of its compiler and target (arch,
 * driver and compiler versions) and gpucheck's version. Each entry carries its key and a
 * checksum of the blob; an entry that does not verify is treated as absent and rebuilt. */
#ifndef GC_CACHE_H
#define GC_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_status.h"

typedef struct {
    uint8_t key[32];
} gc_cache_key;

void gc_cache_key_compute(gc_cache_key *k, const char *source, const char *const *defines, size_t n_defines,
                          const char *backend_id);
/** The cache directory: $GC_CACHE_DIR, else $XDG_CACHE_HOME/gpucheck, else ~/.cache/gpucheck. */
int gc_cache_dir(char *buf, size_t len);
/** Globally disable the cache (--no-cache, or GC_NO_CACHE=1 in the environment). */
void gc_cache_set_enabled(int enabled);
int gc_cache_enabled(void);
/** GC_OK and a malloc'd blob on a verified hit; GC_ERR_NOT_FOUND on a miss or a bad entry. */
gc_status gc_cache_get(const gc_cache_key *k, void **blob, size_t *len);
/** An entry file: magic "GCCACHE1", the key, the blob's length (8 bytes, little-endian),
 *  the blob's SHA-256, then the blob. */
#define GC_CACHE_HEADER_BYTES (8 + 32 + 8 + 32)
#define GC_CACHE_MAX_BLOB (1u << 30)
/** Check the whole content of an entry file (n bytes) against key k: GC_OK with *blob
 *  pointing into `bytes` at the blob and *len its length when the magic, the key, the length
 *  (which must account for every byte) and the checksum verify; GC_ERR_NOT_FOUND otherwise.
 *  gc_cache_get reads a file and calls this; the fuzz target calls it on its input. */
gc_status gc_cache_entry_parse(const gc_cache_key *k, const void *bytes, size_t n, const void **blob, size_t *len);
/** Store atomically (temp file + rename); failures are ignored by callers (cache is optional). */
gc_status gc_cache_put(const gc_cache_key *k, const void *blob, size_t len);
/** gc_cache_get and gc_cache_put in the directory dir (created if missing), whether the
 *  cache is enabled or not: the kernels compiled ahead of time keep their entries so (aot.h). */
gc_status gc_cache_get_at(const char *dir, const gc_cache_key *k, void **blob, size_t *len);
gc_status gc_cache_put_at(const char *dir, const gc_cache_key *k, const void *blob, size_t len);
/** Told before (loading 1) and after (loading 0) a cached binary goes to the driver, so
 *  that the harness can trace a process that dies in the driver's loader to the entry. */
typedef void (*gc_cache_load_hook)(const char *entry_path, int loading);
void gc_cache_set_load_hook(gc_cache_load_hook hook);
void gc_cache_notify_load(const gc_cache_key *k, int loading);
/** Path of the entry file for a key (tests corrupt entries through it). */
void gc_cache_entry_path(const gc_cache_key *k, char *buf, size_t len);

#endif
