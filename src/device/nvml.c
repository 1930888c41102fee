/* SPDX-License-Identifier: Apache-2.0 */
/* nvml.c — see nvml.h. Only the six NVML entry points it needs, resolved by name; the
 * types are NVML's ABI (nvmlReturn_t is an int, nvmlDevice_t a pointer). */
#include "device/nvml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NVML_SUCCESS 0
#define NVML_CLOCK_SM 1

typedef void *nvml_device;

struct gc_nvml {
    void *lib;
    nvml_device dev;
    int (*shutdown)(void);
    int (*clock_info)(nvml_device, int, unsigned *);
    int (*reasons)(nvml_device, unsigned long long *);
    const char *(*error_string)(int);
};

static const char *nvml_error(const gc_nvml *n, int rc) {
    const char *s = n->error_string ? n->error_string(rc) : NULL;
    return s ? s : "unknown NVML error";
}

gc_nvml *gc_nvml_open(const char *pci_bus_id, char *why, size_t why_len) {
    const char *path = getenv("GC_NVML_LIBRARY");
    if (!path || !*path) path = "libnvidia-ml.so.1";
    if (!pci_bus_id || !*pci_bus_id) {
        snprintf(why, why_len, "the device has no PCI bus id to find it in NVML (not a CUDA device)");
        return NULL;
    }
    gc_nvml *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    n->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!n->lib) {
        const char *e = dlerror();
        snprintf(why, why_len, "cannot load %s: %s", path, e ? e : "not found");
        free(n);
        return NULL;
    }
    int (*init)(void) = NULL;
    int (*by_bus)(const char *, nvml_device *) = NULL;
    *(void **)&init = dlsym(n->lib, "nvmlInit_v2");
    *(void **)&by_bus = dlsym(n->lib, "nvmlDeviceGetHandleByPciBusId_v2");
    *(void **)&n->shutdown = dlsym(n->lib, "nvmlShutdown");
    *(void **)&n->clock_info = dlsym(n->lib, "nvmlDeviceGetClockInfo");
    /* Renamed in CUDA 12.2's NVML; the old name remains as an alias. */
    *(void **)&n->reasons = dlsym(n->lib, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!n->reasons) *(void **)&n->reasons = dlsym(n->lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
    *(void **)&n->error_string = dlsym(n->lib, "nvmlErrorString");
    const char *missing = !init ? "nvmlInit_v2" : !by_bus ? "nvmlDeviceGetHandleByPciBusId_v2"
                        : !n->shutdown ? "nvmlShutdown" : !n->clock_info ? "nvmlDeviceGetClockInfo"
                        : !n->reasons ? "nvmlDeviceGetCurrentClocksEventReasons" : NULL;
    if (missing) {
        snprintf(why, why_len, "%s lacks %s", path, missing);
        dlclose(n->lib);
        free(n);
        return NULL;
    }
    int rc = init();
    if (rc != NVML_SUCCESS) {
        snprintf(why, why_len, "nvmlInit_v2: %s", nvml_error(n, rc));
        dlclose(n->lib);
        free(n);
        return NULL;
    }
    rc = by_bus(pci_bus_id, &n->dev);
    if (rc != NVML_SUCCESS) {
        snprintf(why, why_len, "NVML has no device at %s: %s", pci_bus_id, nvml_error(n, rc));
        gc_nvml_close(n);
        return NULL;
    }
    return n;
}

int gc_nvml_read(gc_nvml *n, unsigned *sm_clock_mhz, uint64_t *reasons, char *why, size_t why_len) {
    unsigned long long mask = 0;
    int rc = n->clock_info(n->dev, NVML_CLOCK_SM, sm_clock_mhz);
    if (rc == NVML_SUCCESS) rc = n->reasons(n->dev, &mask);
    if (rc != NVML_SUCCESS) {
        snprintf(why, why_len, "reading the SM clock and its reasons: %s", nvml_error(n, rc));
        return 0;
    }
    *reasons = mask;
    return 1;
}

void gc_nvml_close(gc_nvml *n) {
    if (!n) return;
    n->shutdown();
    dlclose(n->lib);
    free(n);
}

/* nvml.h's nvmlClocksEventReason* bits, in order from bit 0. */
static const char *const reason_names[] = {
    "gpu_idle",          "applications_clocks_setting", "sw_power_cap",
    "hw_slowdown",       "sync_boost",                  "sw_thermal_slowdown",
    "hw_thermal_slowdown", "hw_power_brake_slowdown",   "display_clock_setting",
};

const char *gc_nvml_reason_name(unsigned bit) {
    return bit < sizeof reason_names / sizeof reason_names[0] ? reason_names[bit] : NULL;
}
