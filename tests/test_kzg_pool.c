/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_pool.c — the KZG pool's parts that need no device work: how a batch is split
 * among devices (crypto/kzg/batch/kzg_pool_split.h), and every argument the pool refuses before
 * any precomputation (NULLs, no devices, too many, one gc_device twice, an unsupported
 * option on a real device, which names the device). The pool's results on a device are
 * the fk20 suite's fk20.pool.* tests. Exit codes: 0 pass, 1 failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/batch/kzg_pool_split.h"
#include "gpucheck/gc_kzg.h"
#include "unit.h"

/* The split of n over weights w[0..k) must be `want`. */
static void split_is(size_t n, const uint32_t *w, size_t k, const size_t *want) {
    size_t got[16];
    kzg_pool_split(n, w, k, got);
    int same = 1;
    for (size_t i = 0; i < k; i++) same &= got[i] == want[i];
    char g[256] = "", e[256] = "";
    for (size_t i = 0; i < k; i++) {
        snprintf(g + strlen(g), sizeof g - strlen(g), " %zu", got[i]);
        snprintf(e + strlen(e), sizeof e - strlen(e), " %zu", want[i]);
    }
    CHECKF(same, "split of %zu: got%s, want%s", n, g, e);
}

static void test_split_known(void) {
    const uint32_t eq2[] = {261360, 261360}, eq4[] = {7, 7, 7, 7}, eq3[] = {1, 1, 1};
    split_is(512, eq2, 2, (const size_t[]){256, 256});
    split_is(513, eq2, 2, (const size_t[]){257, 256}); /* the extra blob to the first */
    split_is(6, eq4, 4, (const size_t[]){2, 2, 1, 1});
    split_is(1, eq3, 3, (const size_t[]){1, 0, 0});
    split_is(0, eq3, 3, (const size_t[]){0, 0, 0});
    split_is(5, eq3, 1, (const size_t[]){5});
    /* proportional: 3:1 of 8 is 6 and 2; 1:3 of 10 is 2.5 and 7.5, the tie to the first */
    split_is(8, (const uint32_t[]){3, 1}, 2, (const size_t[]){6, 2});
    split_is(10, (const uint32_t[]){1, 3}, 2, (const size_t[]){3, 7});
    /* 1:2:7 of 7: 0.7, 1.4, 4.9 -> 0, 1, 4 and two left: to 4.9 then 0.7 */
    split_is(7, (const uint32_t[]){1, 2, 7}, 3, (const size_t[]){1, 1, 5});
    /* a weight of 0 counts as 1; one above the cap as the cap */
    split_is(4, (const uint32_t[]){0, 1}, 2, (const size_t[]){2, 2});
    split_is(4, (const uint32_t[]){UINT32_MAX, KZG_POOL_MAX_WEIGHT}, 2, (const size_t[]){2, 2});
}

/* Any n and weights: the counts add up to n and each is its exact share rounded down or up. */
static void test_split_properties(void) {
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (int round = 0; round < 20000; round++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        size_t k = 1 + x % 9;
        uint32_t w[16];
        uint64_t total = 0;
        for (size_t i = 0; i < k; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            w[i] = 1 + (uint32_t)(x % (round % 2 ? 300000 : 5));
            total += w[i];
        }
        size_t n = round < 10000 ? (size_t)(x >> 40) % 2000 : (size_t)(x >> 8); /* small and huge */
        size_t got[16], sum = 0;
        kzg_pool_split(n, w, k, got);
        int ok = 1;
        for (size_t i = 0; i < k; i++) {
            sum += got[i];
            long double share = (long double)n * w[i] / (long double)total;
            ok &= (long double)got[i] > share - 1 && (long double)got[i] < share + 1;
        }
        CHECKF(sum == n && ok, "round %d: %zu blobs over %zu devices: sum %zu, each within 1 of its share: %d", round,
               n, k, sum, ok);
    }
}

static void test_weight(void) {
    gc_device_info h100 = {0}, none = {0}, huge = {0};
    h100.compute_units = 132, h100.clock_mhz = 1980;
    huge.compute_units = 100000, huge.clock_mhz = 100000;
    CHECK(kzg_pool_device_weight(&h100) == 132u * 1980u);
    CHECK(kzg_pool_device_weight(&none) == 1);
    CHECK(kzg_pool_device_weight(NULL) == 1);
    CHECK(kzg_pool_device_weight(&huge) == KZG_POOL_MAX_WEIGHT);
}

/* The call (made before: C leaves the order of arguments open) was refused with
 * GC_KZG_BADARGS, err holds `fragment`, and *out was set to NULL. */
static void refused(gc_kzg_ret r, const gc_kzg_pool *out, const char *err, const char *fragment) {
    CHECKF(r == GC_KZG_BADARGS && out == NULL && strstr(err, fragment), "want BADARGS, '%s': got %s, '%s', out %s",
           fragment, gc_kzg_ret_name(r), err, out ? "set" : "NULL");
}

#define REFUSED(call, out, err, fragment)                                                          \
    do {                                                                                           \
        gc_kzg_ret r_ = (call);                                                                    \
        refused(r_, out, err, fragment);                                                           \
    } while (0)

static void test_args_without_device(const gc_kzg_setup *setup) {
    char err[512];
    gc_kzg_pool *p = (gc_kzg_pool *)&err; /* must be overwritten with NULL */
    gc_device *devs[2] = {NULL, NULL};
    REFUSED(gc_kzg_pool_create(NULL, devs, 1, setup, NULL, err, sizeof err), NULL, err, "out is NULL");
    REFUSED(gc_kzg_pool_create(&p, NULL, 1, setup, NULL, err, sizeof err), p, err, "devices is NULL");
    p = (gc_kzg_pool *)&err;
    REFUSED(gc_kzg_pool_create(&p, devs, 1, NULL, NULL, err, sizeof err), p, err, "the setup is NULL");
    p = (gc_kzg_pool *)&err;
    REFUSED(gc_kzg_pool_create(&p, devs, 0, setup, NULL, err, sizeof err), p, err, "0 devices (1 to 1024)");
    REFUSED(gc_kzg_pool_create(&p, devs, GC_KZG_POOL_MAX_DEVICES + 1, setup, NULL, err, sizeof err), p, err,
            "1025 devices");
    REFUSED(gc_kzg_pool_create(&p, devs, 2, setup, NULL, err, sizeof err), p, err, "devices[0] is NULL");
    /* err may be NULL */
    CHECK(gc_kzg_pool_create(&p, devs, 2, setup, NULL, NULL, 0) == GC_KZG_BADARGS && p == NULL);

    /* a NULL pool: every call refuses it and nothing crashes */
    uint8_t out[48];
    gc_kzg_ret st = GC_KZG_ERROR;
    static const uint8_t blob[GC_KZG_BYTES_PER_BLOB];
    CHECK(gc_kzg_pool_blob_to_commitment(NULL, out, blob, 1, &st) == GC_KZG_BADARGS);
    CHECK(gc_kzg_pool_compute_cells(NULL, out, blob, 1, &st) == GC_KZG_BADARGS);
    CHECK(gc_kzg_pool_compute_cells_and_proofs(NULL, NULL, out, NULL, blob, 1, &st) == GC_KZG_BADARGS);
    CHECK(st == GC_KZG_ERROR); /* status untouched */
    size_t dev = 0;
    const char *msg = NULL;
    CHECK(gc_kzg_pool_last_error(NULL, &dev, &msg) == GC_KZG_BADARGS && dev == SIZE_MAX && msg && !msg[0]);
    CHECK(gc_kzg_pool_get_info(NULL) == NULL);
    CHECK(gc_kzg_pool_ctx(NULL, 0) == NULL);
    gc_kzg_pool_free(NULL);
}

/* On a real device: one gc_device twice, and an option the context refuses (cell size
 * 48), which the pool reports with the device's index and id; neither precomputes. */
static void test_args_with_device(const gc_kzg_setup *setup) {
    gc_devices_probe();
    size_t idx;
    if (gc_device_default(&idx) != GC_OK) {
        printf("# no compute device: the device cases are not run\n");
        return;
    }
    gc_device *dev = NULL, *again = NULL;
    CHECK(gc_device_open(idx, &dev) == GC_OK);
    CHECK(gc_device_open(idx, &again) == GC_OK);
    if (!dev || !again) goto out;
    const char *id = gc_device_get_info(dev)->id;
    char err[512], want[128];
    gc_kzg_pool *p = NULL;
    gc_device *twice[3] = {dev, again, dev};
    REFUSED(gc_kzg_pool_create(&p, twice, 3, setup, NULL, err, sizeof err), p, err,
            "devices[0] and devices[2] are the same gc_device");
    gc_kzg_options bad = {48, 0, 0, 0, 0};
    gc_device *two[2] = {dev, again};
    snprintf(want, sizeof want, "device 0 (%s): unsupported options: cell size 48", id);
    REFUSED(gc_kzg_pool_create(&p, two, 2, setup, &bad, err, sizeof err), p, err, want);
    printf("# %s: %s\n", id, err);
    gc_kzg_options bad_conv = {64, 0, 0, GC_KZG_G1_CONV_MAX_BATCH_MAX + 1, 0};
    snprintf(want, sizeof want, "G1 convolution batch %u (1-%u or none)", GC_KZG_G1_CONV_MAX_BATCH_MAX + 1,
             GC_KZG_G1_CONV_MAX_BATCH_MAX);
    REFUSED(gc_kzg_pool_create(&p, two, 2, setup, &bad_conv, err, sizeof err), p, err, want);
out:
    gc_device_close(dev);
    gc_device_close(again);
}

int main(void) {
    test_split_known();
    test_split_properties();
    test_weight();
    gc_kzg_setup *setup = NULL;
    char err[512];
    CHECK(gc_kzg_setup_load_default(&setup, err, sizeof err) == GC_KZG_OK);
    if (setup) {
        test_args_without_device(setup);
        test_args_with_device(setup);
    }
    gc_kzg_setup_free(setup);
    return UNIT_DONE();
}
