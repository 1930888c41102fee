/* SPDX-License-Identifier: Apache-2.0 */
/* cache.c — on-disk compile cache (see cache.h for the contract). */
#include "device/cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/hex.h"
#include "device/sha256.h"

#ifndef GC_VERSION
#define GC_VERSION "dev"
#endif

static const char magic[8] = {'G', 'C', 'C', 'A', 'C', 'H', 'E', '1'};
static int cache_disabled = -1; /* -1: not decided yet, read the environment */

void gc_cache_set_enabled(int enabled) { cache_disabled = !enabled; }

int gc_cache_enabled(void) {
    if (cache_disabled < 0) {
        const char *e = getenv("GC_NO_CACHE");
        cache_disabled = e && *e && strcmp(e, "0") != 0;
    }
    return !cache_disabled;
}

void gc_cache_key_compute(gc_cache_key *k, const char *source, const char *const *defines, size_t n_defines,
                          const char *backend_id) {
    gc_sha256 s;
    gc_sha256_init(&s);
    /* Each part is followed by a NUL so that moving bytes between parts changes the key. */
    gc_sha256_update(&s, "gpucheck " GC_VERSION, strlen("gpucheck " GC_VERSION) + 1);
    gc_sha256_update(&s, backend_id, strlen(backend_id) + 1);
    for (size_t i = 0; i < n_defines; i++) gc_sha256_update(&s, defines[i], strlen(defines[i]) + 1);
    gc_sha256_update(&s, "\x01", 1);
    gc_sha256_update(&s, source, strlen(source) + 1);
    gc_sha256_final(&s, k->key);
}

int gc_cache_dir(char *buf, size_t len) {
    const char *d = getenv("GC_CACHE_DIR");
    int n;
    if (d && *d) {
        n = snprintf(buf, len, "%s", d);
    } else if ((d = getenv("XDG_CACHE_HOME")) && *d) {
        n = snprintf(buf, len, "%s/gpucheck", d);
    } else if ((d = getenv("HOME")) && *d) {
        n = snprintf(buf, len, "%s/.cache/gpucheck", d);
    } else {
        return 0;
    }
    return n > 0 && (size_t)n < len;
}

static void entry_path_in(const char *dir, const gc_cache_key *k, char *buf, size_t len) {
    char hex[65];
    gc_hex_encode(hex, k->key, 32)[0] = '\0';
    snprintf(buf, len, "%s/%s.bin", dir, hex);
}

void gc_cache_entry_path(const gc_cache_key *k, char *buf, size_t len) {
    char dir[900];
    if (!gc_cache_dir(dir, sizeof dir)) {
        snprintf(buf, len, "%s", "");
        return;
    }
    entry_path_in(dir, k, buf, len);
}

static gc_cache_load_hook load_hook;

void gc_cache_set_load_hook(gc_cache_load_hook hook) { load_hook = hook; }

void gc_cache_notify_load(const gc_cache_key *k, int loading) {
    if (!load_hook) return;
    char path[1024];
    gc_cache_entry_path(k, path, sizeof path);
    if (path[0]) load_hook(path, loading);
}

gc_status gc_cache_entry_parse(const gc_cache_key *k, const void *bytes, size_t n, const void **blob, size_t *len) {
    const uint8_t *hdr = bytes;
    *blob = NULL;
    *len = 0;
    if (!bytes || n <= GC_CACHE_HEADER_BYTES) return GC_ERR_NOT_FOUND;
    if (memcmp(hdr, magic, 8) != 0 || memcmp(hdr + 8, k->key, 32) != 0) return GC_ERR_NOT_FOUND;
    uint64_t declared = 0;
    for (int i = 0; i < 8; i++) declared |= (uint64_t)hdr[40 + i] << (8 * i);
    /* The length must account for every byte: trailing bytes are not an entry we wrote. */
    if (declared == 0 || declared > GC_CACHE_MAX_BLOB || declared != n - GC_CACHE_HEADER_BYTES) return GC_ERR_NOT_FOUND;
    uint8_t sum[32];
    gc_sha256_digest(hdr + GC_CACHE_HEADER_BYTES, (size_t)declared, sum);
    if (memcmp(sum, hdr + 48, 32) != 0) return GC_ERR_NOT_FOUND;
    *blob = hdr + GC_CACHE_HEADER_BYTES;
    *len = (size_t)declared;
    return GC_OK;
}

gc_status gc_cache_get(const gc_cache_key *k, void **blob, size_t *len) {
    *blob = NULL;
    *len = 0;
    char dir[900];
    if (!gc_cache_enabled() || !gc_cache_dir(dir, sizeof dir)) return GC_ERR_NOT_FOUND;
    return gc_cache_get_at(dir, k, blob, len);
}

gc_status gc_cache_get_at(const char *dir, const gc_cache_key *k, void **blob, size_t *len) {
    *blob = NULL;
    *len = 0;
    char path[1024];
    entry_path_in(dir, k, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) return GC_ERR_NOT_FOUND;
    gc_status st = GC_ERR_NOT_FOUND;
    uint8_t *data = NULL;
    struct stat sb;
    if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size <= GC_CACHE_HEADER_BYTES ||
        (uint64_t)sb.st_size > GC_CACHE_HEADER_BYTES + GC_CACHE_MAX_BLOB)
        goto out;
    size_t n = (size_t)sb.st_size;
    data = malloc(n);
    if (!data || fread(data, 1, n, f) != n) goto out;
    if (fgetc(f) != EOF) goto out; /* grew while being read: not an entry we wrote */
    const void *payload;
    size_t payload_len;
    if (gc_cache_entry_parse(k, data, n, &payload, &payload_len) != GC_OK) goto out;
    memmove(data, payload, payload_len);
    *blob = data;
    *len = payload_len;
    data = NULL;
    st = GC_OK;
out:
    free(data);
    fclose(f);
    return st;
}

static int mkdir_p(const char *path) {
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(tmp, 0755) != 0 && errno != EEXIST) return 0;
            *p = '/';
        }
    }
    return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

/* The temporary file an entry is written to before it is renamed into place: a name no
 * other process can guess (128 random bits), created only if nothing, not even a dangling
 * symbolic link, is there (O_EXCL; O_NOFOLLOW too, so a link is never followed). The cache
 * directory is still trusted (docs/architecture.md): whoever can write to it can replace
 * entries, which pass their checksum because the checksum is not a signature. */
static FILE *create_temp(const char *path, char *tmp, size_t tmp_len) {
    for (int attempt = 0; attempt < 8; attempt++) {
        unsigned char r[16];
        if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) return NULL;
        char hex[33];
        gc_hex_encode(hex, r, 16)[0] = '\0';
        snprintf(tmp, tmp_len, "%s.%s.tmp", path, hex);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) {
            FILE *f = fdopen(fd, "wb");
            if (!f) {
                close(fd);
                unlink(tmp);
            }
            return f;
        }
        if (errno != EEXIST) return NULL;
    }
    return NULL;
}

gc_status gc_cache_put(const gc_cache_key *k, const void *blob, size_t len) {
    char dir[900];
    if (!gc_cache_enabled()) return GC_OK;
    if (!gc_cache_dir(dir, sizeof dir)) return GC_ERR_IO;
    return gc_cache_put_at(dir, k, blob, len);
}

gc_status gc_cache_put_at(const char *dir, const gc_cache_key *k, const void *blob, size_t len) {
    char path[1024], tmp[1100];
    if (!mkdir_p(dir)) return GC_ERR_IO;
    entry_path_in(dir, k, path, sizeof path);
    FILE *f = create_temp(path, tmp, sizeof tmp);
    if (!f) return GC_ERR_IO;
    uint8_t hdr[8 + 32 + 8 + 32];
    memcpy(hdr, magic, 8);
    memcpy(hdr + 8, k->key, 32);
    for (int i = 0; i < 8; i++) hdr[40 + i] = (uint8_t)((uint64_t)len >> (8 * i));
    gc_sha256_digest(blob, len, hdr + 48);
    int ok = fwrite(hdr, 1, sizeof hdr, f) == sizeof hdr && fwrite(blob, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return GC_ERR_IO;
    }
    return GC_OK;
}
