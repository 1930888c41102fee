/* SPDX-License-Identifier: Apache-2.0 */
/* device_match.c — device selection by id or name (device_match.h states the rules).
 * The rules exist because a substring match surprised: `--device 1` ran on PoCL, whose
 * name holds "avx512". */
#include "device/device_match.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "common/prog_name.h"

static int is_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* want as whole words somewhere in name, or as the start of name, ignoring case. */
static int name_matches(const char *name, const char *want) {
    size_t n = strlen(want);
    if (strncasecmp(name, want, n) == 0) return 1;
    for (const char *p = name; *p; p++) {
        if (strncasecmp(p, want, n) != 0) continue;
        int starts = p == name || !is_alnum(want[0]) || !is_alnum(p[-1]);
        int ends = !is_alnum(want[n - 1]) || !is_alnum(p[n]);
        if (starts && ends) return 1;
    }
    return 0;
}

static int looks_like_id(const char *want) {
    for (int b = 0; b < GC_BACKEND_COUNT; b++) {
        const char *prefix = gc_backend_name((gc_backend_kind)b);
        size_t n = strlen(prefix);
        if (strncasecmp(want, prefix, n) == 0 && want[n] == ':') return 1;
    }
    return 0;
}

/* "it matches ID (NAME), ID (NAME)" into the last error. */
static gc_status ambiguous(const gc_device_info *devs, const size_t *hits, size_t n_hits, const char *want) {
    char list[768];
    size_t used = 0;
    list[0] = '\0';
    for (size_t i = 0; i < n_hits && used + 1 < sizeof list; i++) {
        int w = snprintf(list + used, sizeof list - used, "%s%s (%.80s)", i ? ", " : "", devs[hits[i]].id,
                         devs[hits[i]].name);
        if (w < 0) break;
        used += (size_t)w;
    }
    gc_set_last_error("device \"%.100s\" is ambiguous: it matches %s; give an id", want, list);
    return GC_ERR_NO_DEVICE;
}

gc_status gc_device_match(const gc_device_info *devs, size_t n, const char *want, size_t *out) {
    if (!out) {
        gc_set_last_error("gc_device_find: out_index is NULL");
        return GC_ERR_ARGUMENT;
    }
    if (!want || !*want) {
        gc_set_last_error("empty device name");
        return GC_ERR_ARGUMENT;
    }
    for (size_t i = 0; i < n; i++)
        if (strcmp(devs[i].id, want) == 0) return *out = i, GC_OK;
    if (looks_like_id(want)) {
        gc_set_last_error("no device with the id \"%.100s\" (see '%s devices')", want, gc_prog_name());
        return GC_ERR_NO_DEVICE;
    }
    size_t hits[64], n_hits = 0;
    /* A whole name wins over a part of a name (one name may be part of another's). */
    for (int whole = 1; whole >= 0 && n_hits == 0; whole--)
        for (size_t i = 0; i < n; i++)
            if (whole ? strcasecmp(devs[i].name, want) == 0 : name_matches(devs[i].name, want))
                if (n_hits < sizeof hits / sizeof hits[0]) hits[n_hits++] = i;
    if (n_hits == 1) return *out = hits[0], GC_OK;
    if (n_hits > 1) return ambiguous(devs, hits, n_hits, want);
    int digits = 1;
    for (const char *p = want; *p; p++) digits &= *p >= '0' && *p <= '9';
    gc_set_last_error("no device \"%.100s\": not an id, nor a whole word or the start of a device's name%s",
                      want, digits ? " (a number is not an index: use an id such as cuda:0 or opencl:0:0)" : "");
    return GC_ERR_NO_DEVICE;
}

gc_status gc_device_match_list(const gc_device_info *devs, size_t n, const char *list, size_t *out, size_t max,
                               size_t *n_out) {
    if (!out || !n_out) {
        gc_set_last_error("gc_device_match_list: out or n_out is NULL");
        return GC_ERR_ARGUMENT;
    }
    *n_out = 0;
    if (!list || !*list) {
        gc_set_last_error("empty device list");
        return GC_ERR_ARGUMENT;
    }
    if (strcmp(list, "all") == 0) {
        if (n == 0) {
            gc_set_last_error("no compute device found");
            return GC_ERR_NO_DEVICE;
        }
        if (n > max) {
            gc_set_last_error("%zu devices, more than the %zu a run takes", n, max);
            return GC_ERR_ARGUMENT;
        }
        for (size_t i = 0; i < n; i++) out[i] = i;
        *n_out = n;
        return GC_OK;
    }
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char word[256];
        if (len == 0 || len >= sizeof word) {
            gc_set_last_error(len ? "device list \"%.100s\": an entry is too long"
                                  : "device list \"%.100s\": an empty entry (a stray comma?)",
                              list);
            return GC_ERR_ARGUMENT;
        }
        snprintf(word, sizeof word, "%.*s", (int)len, p);
        if (strcmp(word, "all") == 0) {
            gc_set_last_error("device list \"%.100s\": 'all' stands alone", list);
            return GC_ERR_ARGUMENT;
        }
        size_t idx;
        gc_status st = gc_device_match(devs, n, word, &idx);
        if (st != GC_OK) return st;
        for (size_t k = 0; k < *n_out; k++)
            if (out[k] == idx) {
                gc_set_last_error("device list \"%.100s\" names %s twice", list, devs[idx].id);
                return GC_ERR_ARGUMENT;
            }
        if (*n_out == max) {
            gc_set_last_error("device list \"%.100s\": more than %zu devices", list, max);
            return GC_ERR_ARGUMENT;
        }
        out[(*n_out)++] = idx;
        if (!comma) break;
        p = comma + 1;
    }
    return GC_OK;
}
