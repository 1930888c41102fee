/* SPDX-License-Identifier: Apache-2.0 */
/* dlopen_check.c — loads an installed libgpucheck.so at run time, as Python's ctypes, Java
 * or Node load it (only dlopen and dlsym, the library not linked), lists the devices and
 * computes a KZG commitment on the default device.
 *
 * Blob e_i (element i one, the others zero) commits to the setup's Lagrange point of index
 * bit_reverse(i): the file's first point for e_0, its point 2048 for e_1 (the caller passes
 * both, as hex, from the setup file), so each answer is also the other's negative control.
 * usage: dlopen_check LIBGPUCHECK_SO E0_HEX E1_HEX; exit 0 when both match, 1 otherwise. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_kzg.h"

#define LOOKUP(lib, name) ((__typeof__(&name))lookup(lib, #name))

static void *lookup(void *lib, const char *name) {
    void *f = dlsym(lib, name);
    if (!f) {
        printf("FAIL: dlsym(%s): %s\n", name, dlerror());
        exit(1);
    }
    return f;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s LIBGPUCHECK_SO E0_HEX E1_HEX\n", argv[0]);
        return 2;
    }
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        printf("FAIL: dlopen(%s): %s\n", argv[1], dlerror());
        return 1;
    }
    if (dlsym(lib, "kzg_copy_team_workers")) {
        printf("FAIL: an internal name (kzg_copy_team_workers) is reachable through dlsym\n");
        return 1;
    }
    LOOKUP(lib, gc_devices_probe)();
    size_t n = LOOKUP(lib, gc_device_count)(), def = 0;
    for (size_t i = 0; i < n; i++) {
        const gc_device_info *d = LOOKUP(lib, gc_device_info_at)(i);
        printf("device %s: %s\n", d->id, d->name);
    }
    if (LOOKUP(lib, gc_device_default)(&def) != GC_OK) {
        printf("FAIL: no default device: %s\n", LOOKUP(lib, gc_last_error)());
        return 1;
    }
    gc_device *dev = NULL;
    gc_kzg_setup *setup = NULL;
    gc_kzg_ctx *ctx = NULL;
    char err[512] = "";
    if (LOOKUP(lib, gc_device_open)(def, &dev) != GC_OK ||
        LOOKUP(lib, gc_kzg_setup_load_default)(&setup, err, sizeof err) != GC_KZG_OK ||
        LOOKUP(lib, gc_kzg_ctx_create)(&ctx, dev, setup, NULL, err, sizeof err) != GC_KZG_OK) {
        printf("FAIL: opening the device, loading the setup or precomputing: %s %s\n", err,
               LOOKUP(lib, gc_last_error)());
        return 1;
    }
    uint8_t *blob = calloc(1, GC_KZG_BYTES_PER_BLOB), commitment[48];
    int ok = blob != NULL;
    for (int e = 0; ok && e < 2; e++) {
        char hex[97];
        memset(blob, 0, GC_KZG_BYTES_PER_BLOB);
        blob[32 * e + 31] = 1;
        gc_kzg_ret r = LOOKUP(lib, gc_kzg_blob_to_commitment)(ctx, commitment, blob, 1, NULL);
        for (int i = 0; i < 48; i++) sprintf(hex + 2 * i, "%02x", commitment[i]);
        printf("commitment of e_%d on %s: %s (%s)\n", e, LOOKUP(lib, gc_device_get_info)(dev)->id, hex,
               LOOKUP(lib, gc_kzg_ret_name)(r));
        ok = r == GC_KZG_OK && !strncmp(hex, argv[2 + e], 96) && strncmp(hex, argv[3 - e], 96);
        if (!ok) printf("FAIL: expected %s\n", argv[2 + e]);
    }
    LOOKUP(lib, gc_kzg_ctx_free)(ctx);
    LOOKUP(lib, gc_kzg_setup_free)(setup);
    LOOKUP(lib, gc_device_close)(dev);
    free(blob);
    dlclose(lib);
    if (ok) printf("ok: the commitments of e_0 and e_1 are the setup's Lagrange points 0 and 2048\n");
    return ok ? 0 : 1;
}
