/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_setup.c — load_trusted_setup, load_trusted_setup_file, free_trusted_setup: the
 * setup checked by gc_kzg, then the devices opened and precomputed on (ckzg.h says which
 * devices and what `precompute` means). */
#include <stdlib.h>
#include <string.h>

#include "ckzg/ckzg_internal.h"
#include "device/device_match.h"

#define CKZG_DEVICE_ENV "GPUCHECK_CKZG_DEVICE"
#define CKZG_MAX_PRECOMPUTE 15u /* c-kzg-4844's limit */

/* Bindings that allocate c-kzg's KZGSettings themselves (ten words) allocate enough. */
_Static_assert(sizeof(KZGSettings) == 8 * sizeof(void *) + 2 * sizeof(size_t), "KZGSettings is c-kzg's size");

/* GPUCHECK_CKZG_DEVICE as `gpucheck kzg --device` reads it: unset or empty, the default
 * device; `all`, every device of the default's backend and kind; else a list of ids and
 * names. */
static C_KZG_RET select_devices(size_t *index, size_t *n) {
    const char *want = getenv(CKZG_DEVICE_ENV);
    gc_devices_probe();
    *n = 0;
    if (want && *want && strcmp(want, "all")) {
        if (gc_device_find_list(want, index, CKZG_MAX_DEVICES, n) != GC_OK)
            return ckzg_fail(C_KZG_ERROR, "%s=%s: %s", CKZG_DEVICE_ENV, want, gc_last_error());
        return C_KZG_OK;
    }
    size_t def;
    if (gc_device_default(&def) != GC_OK)
        return ckzg_fail(C_KZG_ERROR, "no device (install a CUDA or an OpenCL driver, e.g. PoCL): %s",
                         gc_last_error());
    const gc_device_info *d = gc_device_info_at(def);
    index[(*n)++] = def;
    for (size_t i = 0; want && *want && i < gc_device_count() && *n < CKZG_MAX_DEVICES; i++) {
        const gc_device_info *e = gc_device_info_at(i);
        if (i != def && e->backend == d->backend && !e->is_gpu == !d->is_gpu) index[(*n)++] = i;
    }
    return C_KZG_OK;
}

static void state_free(struct gpucheck_ckzg_state *st) {
    if (!st) return;
    gc_kzg_pool_free(st->pool);
    for (size_t i = 0; i < st->n_devices; i++) gc_device_close(st->devices[i]);
    gc_kzg_setup_free(st->setup);
    pthread_mutex_destroy(&st->lock);
    free(st);
}

static unsigned comb_teeth_of(uint64_t precompute) {
    if (precompute == 0) return 0; /* the library's default for the device */
    return precompute < GC_KZG_COMB_TEETH_MIN ? GC_KZG_NO_TABLES : (unsigned)precompute;
}

/* Takes the setup (freed on failure): opens the devices and makes the pool. */
static C_KZG_RET state_create(KZGSettings *out, gc_kzg_setup *setup, uint64_t precompute) {
    struct gpucheck_ckzg_state *st = calloc(1, sizeof *st);
    if (!st) {
        gc_kzg_setup_free(setup);
        return ckzg_fail(C_KZG_MALLOC, "out of host memory");
    }
    st->setup = setup;
    pthread_mutex_init(&st->lock, NULL);
    size_t index[CKZG_MAX_DEVICES], n = 0;
    C_KZG_RET ret = select_devices(index, &n);
    for (size_t i = 0; ret == C_KZG_OK && i < n; i++, st->n_devices++) {
        if (gc_device_open(index[i], &st->devices[i]) != GC_OK)
            ret = ckzg_fail(C_KZG_ERROR, "opening device %s: %s", gc_device_info_at(index[i])->id, gc_last_error());
    }
    if (ret == C_KZG_OK) {
        gc_kzg_options opt = {0};
        opt.comb_teeth = comb_teeth_of(precompute);
        char err[512] = "";
        gc_kzg_ret r = gc_kzg_pool_create(&st->pool, st->devices, st->n_devices, setup, &opt, err, sizeof err);
        if (r != GC_KZG_OK) ret = ckzg_fail(ckzg_ret(r), "precomputing on the device: %s: %s", gc_kzg_ret_name(r), err);
    }
    if (ret != C_KZG_OK) {
        state_free(st);
        return ret;
    }
    out->gpucheck = st;
    return C_KZG_OK;
}

static C_KZG_RET load_text(KZGSettings *out, const char *text, size_t len, uint64_t precompute) {
    if (precompute > CKZG_MAX_PRECOMPUTE)
        return ckzg_fail(C_KZG_BADARGS, "precompute %llu: at most %u", (unsigned long long)precompute,
                         CKZG_MAX_PRECOMPUTE);
    gc_kzg_setup *setup = NULL;
    char err[512] = "";
    gc_kzg_ret r = gc_kzg_setup_load_buffer(&setup, text, len, err, sizeof err);
    if (r != GC_KZG_OK) return ckzg_fail(ckzg_ret(r), "trusted setup: %s: %s", gc_kzg_ret_name(r), err);
    return state_create(out, setup, precompute);
}

/* Appends n compressed points of `size` bytes as hex lines. */
static char *put_hex_lines(char *p, const uint8_t *bytes, size_t n, size_t size) {
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n * size; i++) {
        *p++ = hex[bytes[i] >> 4];
        *p++ = hex[bytes[i] & 15];
        if ((i + 1) % size == 0) *p++ = '\n';
    }
    return p;
}

C_KZG_RET load_trusted_setup(KZGSettings *out, const uint8_t *g1_monomial_bytes, uint64_t num_g1_monomial_bytes,
                             const uint8_t *g1_lagrange_bytes, uint64_t num_g1_lagrange_bytes,
                             const uint8_t *g2_monomial_bytes, uint64_t num_g2_monomial_bytes, uint64_t precompute) {
    if (!out) return ckzg_fail(C_KZG_BADARGS, "load_trusted_setup: out is NULL");
    memset(out, 0, sizeof *out);
    const uint64_t g1 = (uint64_t)GC_KZG_SETUP_G1_POINTS * 48, g2 = (uint64_t)GC_KZG_SETUP_G2_POINTS * 96;
    if (!g1_monomial_bytes || !g1_lagrange_bytes || !g2_monomial_bytes || num_g1_monomial_bytes != g1 ||
        num_g1_lagrange_bytes != g1 || num_g2_monomial_bytes != g2)
        return ckzg_fail(C_KZG_BADARGS, "load_trusted_setup: want %llu, %llu and %llu bytes of points",
                         (unsigned long long)g1, (unsigned long long)g1, (unsigned long long)g2);
    /* gc_kzg reads c-kzg's text format: the same points, two hex digits a byte. */
    size_t cap = 32 + 2 * (2 * g1 + g2) + 2 * GC_KZG_SETUP_G1_POINTS + GC_KZG_SETUP_G2_POINTS;
    char *text = malloc(cap);
    if (!text) return ckzg_fail(C_KZG_MALLOC, "out of host memory");
    char *p = text + sprintf(text, "%d\n%d\n", GC_KZG_SETUP_G1_POINTS, GC_KZG_SETUP_G2_POINTS);
    p = put_hex_lines(p, g1_lagrange_bytes, GC_KZG_SETUP_G1_POINTS, 48);
    p = put_hex_lines(p, g2_monomial_bytes, GC_KZG_SETUP_G2_POINTS, 96);
    p = put_hex_lines(p, g1_monomial_bytes, GC_KZG_SETUP_G1_POINTS, 48);
    C_KZG_RET ret = load_text(out, text, (size_t)(p - text), precompute);
    free(text);
    return ret;
}

C_KZG_RET load_trusted_setup_file(KZGSettings *out, FILE *in, uint64_t precompute) {
    if (!out) return ckzg_fail(C_KZG_BADARGS, "load_trusted_setup_file: out is NULL");
    memset(out, 0, sizeof *out);
    if (!in) return ckzg_fail(C_KZG_BADARGS, "load_trusted_setup_file: the FILE is NULL");
    /* The real file is 800 kB; anything past 64 MiB is not a trusted setup. */
    size_t len = 0, cap = 1u << 20, got = 1;
    char *text = malloc(cap);
    while (text && got && len < cap) {
        got = fread(text + len, 1, cap - len, in);
        len += got;
        if (len < cap || cap >= (64u << 20)) continue;
        char *t = realloc(text, 2 * cap);
        if (!t) free(text);
        text = t;
        cap *= 2;
    }
    if (!text) return ckzg_fail(C_KZG_MALLOC, "out of host memory");
    if (len == cap) {
        free(text);
        return ckzg_fail(C_KZG_BADARGS, "load_trusted_setup_file: more than %zu bytes: not a trusted setup", cap);
    }
    C_KZG_RET ret = ferror(in) ? ckzg_fail(C_KZG_BADARGS, "load_trusted_setup_file: read error")
                               : load_text(out, text, len, precompute);
    free(text);
    return ret;
}

void free_trusted_setup(KZGSettings *s) {
    if (!s) return;
    state_free(s->gpucheck);
    s->gpucheck = NULL;
}
