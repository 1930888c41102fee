/* test_device_find.c — device selection: exact ids, name substrings, the default rule,
 * and clear errors for unknown or empty names. Runs on whatever devices the machine has
 * (PoCL in CI); exits 77 (skipped, with the reason) where there is none. */
#include <stdio.h>
#include <string.h>

#include "gpucheck/gc_device.h"
#include "unit.h"

int main(void) {
    gc_devices_probe();
    size_t n = gc_device_count();
    if (n == 0) {
        printf("SKIP: no compute device (CUDA: %s; OpenCL: %s)\n", gc_backend_unavailable_reason(GC_BACKEND_CUDA),
               gc_backend_unavailable_reason(GC_BACKEND_OPENCL));
        return 77;
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
    /* A unique, case-insensitive substring of the name selects the device. */
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
