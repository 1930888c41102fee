/* SPDX-License-Identifier: Apache-2.0 */
/* test_device_find.c — device selection: exact ids, names as whole words or the start of
 * the name (never a substring inside a word), ambiguity as an error naming the candidates,
 * device lists, the default rule, and clear errors for unknown or empty names. The rules
 * are checked on made-up device lists first (device/device_match.h), then on whatever
 * devices the machine has (PoCL in CI); with none, that part exits 77 (skipped). */
#include <stdio.h>
#include <string.h>

#include "device/device_match.h"
#include "gpucheck/gc_device.h"
#include "unit.h"

static gc_device_info fake[6];

static size_t fakes(void) {
    static const char *const devs[][2] = {
        {"cuda:0", "NVIDIA H100 80GB HBM3"},
        {"cuda:1", "NVIDIA H100 80GB HBM3"},
        {"cuda:2", "NVIDIA GeForce RTX 4090"},
        {"opencl:0:0", "pthread-skylake-avx512-Intel(R) Xeon(R) Processor"},
        {"opencl:1:0", "NVIDIA GeForce RTX 4090"},
        {"opencl:2:0", "gfx1100"},
    };
    memset(fake, 0, sizeof fake);
    for (size_t i = 0; i < 6; i++) {
        snprintf(fake[i].id, sizeof fake[i].id, "%s", devs[i][0]);
        snprintf(fake[i].name, sizeof fake[i].name, "%s", devs[i][1]);
        fake[i].backend = devs[i][0][0] == 'c' ? GC_BACKEND_CUDA : GC_BACKEND_OPENCL;
    }
    return 6;
}

/* want selects exactly device `index` of the made-up list. */
static int selects(const char *want, size_t index) {
    size_t got = 99;
    return gc_device_match(fake, 6, want, &got) == GC_OK && got == index;
}

/* want selects nothing, with an error that contains each of the texts. */
static int refused(const char *want, const char *text1, const char *text2) {
    size_t got = 99;
    gc_status st = gc_device_match(fake, 6, want, &got);
    const char *e = gc_last_error();
    if (st == GC_OK || got != 99 || !strstr(e, text1) || (text2 && !strstr(e, text2))) {
        printf("  '%s': status %s, error \"%s\"\n", want, gc_status_name(st), e);
        return 0;
    }
    return 1;
}

static void made_up_devices(void) {
    fakes();
    /* Ids match exactly and only exactly. */
    CHECK(selects("cuda:2", 2));
    CHECK(selects("opencl:2:0", 5));
    CHECK(refused("cuda:3", "no device with the id", NULL));
    CHECK(refused("opencl:0", "no device with the id", NULL));
    CHECK(refused("CUDA:9", "no device with the id", NULL));
    /* The bug of issue 14: a number is no substring match ("1" in "avx512", "H100"), and no index. */
    CHECK(refused("1", "no device \"1\"", "not an index"));
    CHECK(refused("0", "no device", "not an index"));
    CHECK(refused("512", "no device", NULL));
    CHECK(refused("100", "no device", NULL));
    /* Whole words, ignoring case; and a word or words shared by several names is ambiguous,
     * naming every candidate. */
    CHECK(selects("xeon", 3));
    CHECK(selects("avx512", 3));
    CHECK(selects("skylake-avx512", 3));
    CHECK(selects("Intel(R) Xeon(R)", 3));
    CHECK(selects("gfx1100", 5));
    CHECK(refused("H100", "ambiguous", "cuda:0 (NVIDIA H100 80GB HBM3), cuda:1 (NVIDIA H100 80GB HBM3)"));
    CHECK(refused("4090", "ambiguous", "cuda:2 (NVIDIA GeForce RTX 4090), opencl:1:0"));
    CHECK(refused("NVIDIA", "ambiguous", "cuda:0"));
    /* Parts of words are not words. */
    CHECK(refused("Xeo", "no device", NULL));
    CHECK(refused("sky", "no device", NULL));
    CHECK(refused("HBM", "no device", NULL));
    /* The start of a name, even inside a word; unique or ambiguous. */
    CHECK(selects("pthread-sky", 3));
    CHECK(selects("pth", 3));
    CHECK(selects("gfx11", 5));
    CHECK(refused("NVIDIA GeForce RTX 40", "ambiguous", "opencl:1:0"));
    /* A whole name wins over the names it is part of (gfx1100 vs a longer name elsewhere
     * would be ambiguous otherwise); two equal names stay ambiguous. */
    snprintf(fake[4].name, sizeof fake[4].name, "gfx1100 (second)");
    CHECK(selects("gfx1100", 5));
    CHECK(refused("NVIDIA H100 80GB HBM3", "ambiguous", "cuda:1"));
    fakes();
    CHECK(refused("", "empty", NULL));
    size_t got;
    CHECK(gc_device_match(fake, 6, NULL, &got) == GC_ERR_ARGUMENT);
    CHECK(gc_device_match(fake, 6, "cuda:0", NULL) == GC_ERR_ARGUMENT);

    /* Lists: in the order given, all alone, no device twice, no empty entry. */
    size_t idx[8], n = 0;
    CHECK(gc_device_match_list(fake, 6, "opencl:0:0,cuda:2", idx, 8, &n) == GC_OK && n == 2 && idx[0] == 3 &&
          idx[1] == 2);
    CHECK(gc_device_match_list(fake, 6, "all", idx, 8, &n) == GC_OK && n == 6 && idx[0] == 0 && idx[5] == 5);
    CHECK(gc_device_match_list(fake, 6, "xeon", idx, 8, &n) == GC_OK && n == 1 && idx[0] == 3);
    CHECK(gc_device_match_list(fake, 6, "xeon,opencl:0:0", idx, 8, &n) == GC_ERR_ARGUMENT &&
          strstr(gc_last_error(), "opencl:0:0 twice"));
    CHECK(gc_device_match_list(fake, 6, "cuda:0,,cuda:1", idx, 8, &n) == GC_ERR_ARGUMENT &&
          strstr(gc_last_error(), "empty entry"));
    CHECK(gc_device_match_list(fake, 6, "cuda:0,", idx, 8, &n) == GC_ERR_ARGUMENT);
    CHECK(gc_device_match_list(fake, 6, "all,cuda:0", idx, 8, &n) == GC_ERR_ARGUMENT &&
          strstr(gc_last_error(), "'all' stands alone"));
    CHECK(gc_device_match_list(fake, 6, "cuda:0,H100", idx, 8, &n) == GC_ERR_NO_DEVICE &&
          strstr(gc_last_error(), "ambiguous"));
    CHECK(gc_device_match_list(fake, 6, "cuda:0,1", idx, 8, &n) == GC_ERR_NO_DEVICE);
    CHECK(gc_device_match_list(fake, 6, "all", idx, 4, &n) == GC_ERR_ARGUMENT);
    CHECK(gc_device_match_list(fake, 0, "all", idx, 8, &n) == GC_ERR_NO_DEVICE);
    CHECK(gc_device_match_list(fake, 6, "", idx, 8, &n) == GC_ERR_ARGUMENT);
}

int main(void) {
    made_up_devices();
    gc_devices_probe();
    size_t n = gc_device_count();
    if (n == 0) {
        printf("SKIP: no compute device (CUDA: %s; OpenCL: %s)\n", gc_backend_unavailable_reason(GC_BACKEND_CUDA),
               gc_backend_unavailable_reason(GC_BACKEND_OPENCL));
        return unit_failures ? 1 : 77;
    }
    size_t idx = 99;
    for (size_t i = 0; i < n; i++) {
        const gc_device_info *d = gc_device_info_at(i);
        /* Every id is well-formed and finds its own device. */
        unsigned a, b;
        char tail;
        int ok_form = d->backend == GC_BACKEND_CUDA ? sscanf(d->id, "cuda:%u%c", &a, &tail) == 1
                                                    : sscanf(d->id, "opencl:%u:%u%c", &a, &b, &tail) == 2;
        CHECK(ok_form);
        CHECK(gc_device_find(d->id, &idx) == GC_OK && idx == i);
        for (size_t j = 0; j < i; j++) CHECK(strcmp(gc_device_info_at(j)->id, d->id) != 0);
    }
    /* The whole name, in another case, selects the device (or is ambiguous between equals). */
    const gc_device_info *d0 = gc_device_info_at(0);
    char upper[GC_INFO_STR];
    snprintf(upper, sizeof upper, "%s", d0->name);
    for (char *p = upper; *p; p++)
        if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 32);
    size_t same_name = 0;
    for (size_t i = 0; i < n; i++) same_name += strcmp(gc_device_info_at(i)->name, d0->name) == 0;
    if (same_name == 1) CHECK(gc_device_find(upper, &idx) == GC_OK && idx == 0);
    else CHECK(gc_device_find(upper, &idx) == GC_ERR_NO_DEVICE && strstr(gc_last_error(), "ambiguous"));
    CHECK(gc_device_find("no-such-device-xyz", &idx) == GC_ERR_NO_DEVICE);
    CHECK(strstr(gc_last_error(), "no-such-device-xyz") != NULL);
    CHECK(gc_device_find("", &idx) == GC_ERR_ARGUMENT);
    CHECK(gc_device_find(NULL, &idx) == GC_ERR_ARGUMENT);
    CHECK(gc_device_find("cuda:99", &idx) == GC_ERR_NO_DEVICE);

    /* The default: first CUDA GPU, else first OpenCL GPU, else a CPU device. */
    size_t def = 99;
    CHECK(gc_device_default(&def) == GC_OK && def < n);
    const gc_device_info *dd = gc_device_info_at(def);
    for (size_t i = 0; i < n; i++) {
        const gc_device_info *d = gc_device_info_at(i);
        if (d->backend == GC_BACKEND_CUDA && d->is_gpu) CHECK(dd->backend == GC_BACKEND_CUDA && dd->is_gpu && def <= i);
        if (d->is_gpu) CHECK(dd->is_gpu);
    }
    return UNIT_DONE();
}
