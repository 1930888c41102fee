/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_cache.c — the compile cache's entry files (src/device/cache.c): a file in the cache
 * directory is outside input (another process, another version, a disk error may have
 * written it), and a bad entry must be a miss, never a crash nor a blob handed to a driver.
 *
 * Each input is an entry's bytes for a fixed key: gc_cache_entry_parse on the buffer, and
 * gc_cache_get on the same bytes stored as the key's entry file, must agree; a hit must
 * be the bytes after the header, with the declared length and checksum. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/cache.h"
#include "device/sha256.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The seeds in tests/fuzz/corpus/cache carry this key (bytes 0x00..0x1f). */
static gc_cache_key key;
static char dir[512], entry[1024];

static void fail(const char *what) {
    fprintf(stderr, "fuzz_cache: %s\n", what);
    abort();
}

static void cleanup(void) {
    if (entry[0]) unlink(entry);
    if (dir[0]) rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    for (int i = 0; i < 32; i++) key.key[i] = (uint8_t)i;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/gpucheck-fuzz-cache-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) fail("mkdtemp");
    setenv("GC_CACHE_DIR", dir, 1);
    gc_cache_set_enabled(1);
    gc_cache_entry_path(&key, entry, sizeof entry);
    atexit(cleanup);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const void *blob;
    size_t len;
    gc_status parsed = gc_cache_entry_parse(&key, data, size, &blob, &len);
    if (parsed != GC_OK && parsed != GC_ERR_NOT_FOUND) fail("a status other than OK or NOT_FOUND");
    if (parsed == GC_OK) {
        if (len == 0 || len != size - GC_CACHE_HEADER_BYTES || (const uint8_t *)blob != data + GC_CACHE_HEADER_BYTES)
            fail("a hit that is not the bytes after the header");
        uint8_t sum[32];
        gc_sha256_digest(blob, len, sum);
        if (memcmp(sum, data + 48, 32) != 0 || memcmp(data + 8, key.key, 32) != 0) fail("a hit with a bad checksum or key");
    } else if (blob != NULL || len != 0) {
        fail("a miss that returns a blob");
    }

    /* The same bytes as the entry file. */
    FILE *f = fopen(entry, "wb");
    if (!f) fail("cannot write the entry file");
    if (size && fwrite(data, 1, size, f) != size) fail("cannot write the entry file");
    if (fclose(f) != 0) fail("cannot write the entry file");
    void *got = NULL;
    size_t got_len = 0;
    gc_status st = gc_cache_get(&key, &got, &got_len);
    if (st != parsed) fail("gc_cache_get and gc_cache_entry_parse disagree");
    if (st == GC_OK && (got_len != len || memcmp(got, blob, len) != 0)) fail("gc_cache_get returned other bytes");
    free(got);
    return 0;
}
