/* SPDX-License-Identifier: Apache-2.0 */
/* device_plan.c — see device_plan.h. The rule is data about the devices only, so that it
 * is unit-tested without hardware (tests/test_device_plan.c). */
#include "harness/device_plan.h"

#include <stdio.h>
#include <strings.h>

int gc_devices_parallel(const gc_device_info *const *devices, size_t n, int bench, int serial_asked, int no_fork,
                        char *why, size_t why_len) {
    if (why_len) why[0] = '\0';
    if (n < 2) return 0;
    if (serial_asked) {
        snprintf(why, why_len, "--serial-devices");
        return 0;
    }
    if (no_fork) {
        snprintf(why, why_len, "--no-fork runs every test in this one process");
        return 0;
    }
    if (!bench) return 1;
    /* Benchmarks: a figure measured while another device's benchmark runs beside it must
     * not be disturbed by it, so only GPUs that are surely different hardware. */
    for (size_t i = 0; i < n; i++) {
        const gc_device_info *d = devices[i];
        if (!d->is_gpu) {
            snprintf(why, why_len, "benchmarks run at once only on distinct GPUs, and %s is not a GPU (a CPU "
                                   "device shares the host's cores with the other devices' benchmarks)", d->id);
            return 0;
        }
        if (!d->pci_bus_id[0]) {
            snprintf(why, why_len, "benchmarks run at once only on distinct GPUs, and the PCI bus of %s is "
                                   "unknown (it may be one of the others through another backend)", d->id);
            return 0;
        }
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(devices[j]->pci_bus_id, d->pci_bus_id) == 0) {
                snprintf(why, why_len, "benchmarks run at once only on distinct GPUs, and %s and %s are the same "
                                       "GPU (PCI %s)", devices[j]->id, d->id, d->pci_bus_id);
                return 0;
            }
    }
    return 1;
}
