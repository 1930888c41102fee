/* SPDX-License-Identifier: Apache-2.0 */
/* test_cache.c — the compile cache: keys change with every input, entries round-trip,
 * and corrupt or foreign entries are misses (rebuilt), never trusted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/cache.h"
#include "device/sha256.h"
#include "unit.h"

int main(void) {
    char dir[] = "/tmp/gpucheck-cache-test-XXXXXX";
    char cmd0[2400];
    CHECK(mkdtemp(dir) != NULL);
    setenv("GC_CACHE_DIR", dir, 1);
    gc_cache_set_enabled(1);

    /* SHA-256 known answer (FIPS 180-2 "abc"). */
    uint8_t h[32];
    gc_sha256_digest("abc", 3, h);
    CHECK(h[0] == 0xba && h[1] == 0x78 && h[30] == 0x15 && h[31] == 0xad);

    const char *defs[] = {"N=1"}, *defs2[] = {"N=2"};
    gc_cache_key k1, k2, k3, k4, k5;
    gc_cache_key_compute(&k1, "kernel text", defs, 1, "sm_90 nvrtc 13.0 driver 13000");
    gc_cache_key_compute(&k2, "kernel text", defs2, 1, "sm_90 nvrtc 13.0 driver 13000");
    gc_cache_key_compute(&k3, "kernel text!", defs, 1, "sm_90 nvrtc 13.0 driver 13000");
    gc_cache_key_compute(&k4, "kernel text", defs, 1, "sm_80 nvrtc 13.0 driver 13000");
    gc_cache_key_compute(&k5, "kernel text", defs, 1, "sm_90 nvrtc 13.0 driver 13000");
    CHECK(memcmp(&k1, &k2, 32) != 0 && memcmp(&k1, &k3, 32) != 0 && memcmp(&k1, &k4, 32) != 0);
    CHECK(memcmp(&k1, &k5, 32) == 0);
    /* Moving a byte between parts changes the key. */
    const char *da[] = {"AB"}, *db[] = {"A"};
    gc_cache_key ka, kb;
    gc_cache_key_compute(&ka, "x", da, 1, "t");
    gc_cache_key_compute(&kb, "Bx", db, 1, "t");
    CHECK(memcmp(&ka, &kb, 32) != 0);

    void *blob = NULL;
    size_t len = 0;
    CHECK(gc_cache_get(&k1, &blob, &len) == GC_ERR_NOT_FOUND);
    const char payload[] = "binary module bytes";
    CHECK(gc_cache_put(&k1, payload, sizeof payload) == GC_OK);
    CHECK(gc_cache_get(&k1, &blob, &len) == GC_OK && len == sizeof payload && memcmp(blob, payload, len) == 0);
    free(blob);
    CHECK(gc_cache_get(&k2, &blob, &len) == GC_ERR_NOT_FOUND);

    /* Corrupt one byte of the stored blob: the checksum must reject it. */
    char path[1024];
    gc_cache_entry_path(&k1, path, sizeof path);
    FILE *f = fopen(path, "r+b");
    CHECK(f != NULL);
    if (f) {
        fseek(f, -3, SEEK_END);
        fputc('#', f);
        fclose(f);
    }
    CHECK(gc_cache_get(&k1, &blob, &len) == GC_ERR_NOT_FOUND);
    /* A rebuild overwrites it. */
    CHECK(gc_cache_put(&k1, payload, sizeof payload) == GC_OK);
    CHECK(gc_cache_get(&k1, &blob, &len) == GC_OK);
    free(blob);
    /* A truncated entry is a miss. */
    CHECK(truncate(path, 20) == 0);
    CHECK(gc_cache_get(&k1, &blob, &len) == GC_ERR_NOT_FOUND);
    /* An entry stored under another key's name is a miss (the key is inside). */
    char path2[1024];
    CHECK(gc_cache_put(&k2, payload, sizeof payload) == GC_OK);
    gc_cache_entry_path(&k2, path2, sizeof path2);
    CHECK(rename(path2, path) == 0);
    CHECK(gc_cache_get(&k1, &blob, &len) == GC_ERR_NOT_FOUND);

    /* The temporary file of a put is not the predictable "ENTRY.PID.tmp" of old: a link
     * planted there (to a file of the user's) is neither followed nor written through. */
    char planted[1100], victim[1100];
    gc_cache_entry_path(&k2, path2, sizeof path2);
    snprintf(planted, sizeof planted, "%s.%ld.tmp", path2, (long)getpid());
    snprintf(victim, sizeof victim, "%s/victim", dir);
    FILE *vf = fopen(victim, "w");
    CHECK(vf && fputs("precious", vf) >= 0 && fclose(vf) == 0);
    CHECK(symlink(victim, planted) == 0);
    CHECK(gc_cache_put(&k2, payload, sizeof payload) == GC_OK);
    char back[32] = "";
    vf = fopen(victim, "r");
    CHECK(vf && fgets(back, sizeof back, vf) && strcmp(back, "precious") == 0);
    if (vf) fclose(vf);
    CHECK(gc_cache_get(&k2, &blob, &len) == GC_OK);
    free(blob);
    /* No temporary file is left beside the entries. */
    snprintf(cmd0, sizeof cmd0, "test -z \"$(find '%s' -name '*.tmp' ! -path '%s')\"", dir, planted);
    CHECK(system(cmd0) == 0);

    /* Disabled cache: nothing is read. */
    CHECK(gc_cache_put(&k3, payload, sizeof payload) == GC_OK);
    gc_cache_set_enabled(0);
    CHECK(gc_cache_get(&k3, &blob, &len) == GC_ERR_NOT_FOUND);
    gc_cache_set_enabled(1);
    CHECK(gc_cache_get(&k3, &blob, &len) == GC_OK);
    free(blob);

    char cmd[1100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return UNIT_DONE();
}
