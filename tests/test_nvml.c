/* SPDX-License-Identifier: Apache-2.0 */
/* test_nvml.c — NVML telemetry (src/device/nvml.c) without a GPU: an absent library, a
 * library without NVML's symbols, a device NVML does not know, and readings through a
 * stand-in library with NVML's ABI (tests/fixtures/fake_nvml.c). */
#include <stdlib.h>
#include <string.h>

#include "device/nvml.h"
#include "unit.h"

#define BUS "00000000:3B:00.0"

int main(void) {
    char why[256];
    setenv("GC_NVML_LIBRARY", "/nonexistent/libnvidia-ml.so.1", 1);
    CHECK(gc_nvml_open(BUS, why, sizeof why) == NULL && strstr(why, "cannot load /nonexistent/libnvidia-ml.so.1"));
    /* A device without a PCI bus id (not CUDA) is not looked up at all. */
    CHECK(gc_nvml_open("", why, sizeof why) == NULL && strstr(why, "no PCI bus id"));
    setenv("GC_NVML_LIBRARY", "libm.so.6", 1);
    CHECK(gc_nvml_open(BUS, why, sizeof why) == NULL && strstr(why, "lacks nvmlInit_v2"));

    setenv("GC_NVML_LIBRARY", GC_FAKE_NVML, 1);
    CHECK(gc_nvml_open("00000000:AA:00.0", why, sizeof why) == NULL &&
          strstr(why, "NVML has no device at 00000000:AA:00.0: Not Found"));
    why[0] = '\0';
    gc_nvml *n = gc_nvml_open(BUS, why, sizeof why);
    CHECKF(n != NULL, "open: %s", why);
    if (n) {
        unsigned mhz[3];
        uint64_t reasons[3];
        for (int i = 0; i < 3; i++) CHECK(gc_nvml_read(n, &mhz[i], &reasons[i], why, sizeof why) == 1);
        CHECK(mhz[0] == 1980 && mhz[1] == 1410 && mhz[2] == 1755);
        CHECK(reasons[0] == 0 && reasons[1] == 0x5 && reasons[2] == 0);
        gc_nvml_close(n);
    }
    gc_nvml_close(NULL);
    CHECK(strcmp(gc_nvml_reason_name(2), "sw_power_cap") == 0 && strcmp(gc_nvml_reason_name(0), "gpu_idle") == 0);
    CHECK(gc_nvml_reason_name(9) == NULL && gc_nvml_reason_name(63) == NULL);
    return UNIT_DONE();
}
