/* SPDX-License-Identifier: Apache-2.0 */
/* test_device_plan.c — when the devices of a run run at the same time (gc_devices_parallel):
 * tests on any devices; benchmarks only on distinct GPUs of known PCI bus; never with
 * --serial-devices or --no-fork; and each "no" says why. */
#include <string.h>

#include "harness/device_plan.h"
#include "unit.h"

static gc_device_info gpu(const char *id, const char *pci) {
    gc_device_info d;
    memset(&d, 0, sizeof d);
    snprintf(d.id, sizeof d.id, "%s", id);
    snprintf(d.pci_bus_id, sizeof d.pci_bus_id, "%s", pci);
    d.is_gpu = 1;
    return d;
}

static gc_device_info cpu(const char *id) {
    gc_device_info d = gpu(id, "");
    d.is_gpu = 0;
    d.is_cpu = 1;
    return d;
}

static int plan(const gc_device_info *a, const gc_device_info *b, int bench, int serial, int no_fork, char *why) {
    const gc_device_info *devs[] = {a, b};
    return gc_devices_parallel(devs, b ? 2 : 1, bench, serial, no_fork, why, 256);
}

static void test_devices_parallel__tests_run_at_once_on_any_devices(void) {
    char why[256];
    gc_device_info c0 = cpu("opencl:0:0"), c1 = cpu("opencl:0:1"), g = gpu("cuda:0", "00000000:3B:00.0");
    CHECK(plan(&c0, &c1, 0, 0, 0, why) == 1 && why[0] == '\0');
    CHECK(plan(&g, &c0, 0, 0, 0, why) == 1 && why[0] == '\0');
}

static void test_devices_parallel__one_device_is_no_plan(void) {
    char why[256] = "x";
    gc_device_info g = gpu("cuda:0", "00000000:3B:00.0");
    CHECK(plan(&g, NULL, 0, 0, 0, why) == 0 && why[0] == '\0');
}

static void test_devices_parallel__benchmarks_only_on_distinct_known_gpus(void) {
    char why[256];
    gc_device_info g0 = gpu("cuda:0", "00000000:3B:00.0"), g1 = gpu("cuda:1", "00000000:5E:00.0");
    CHECK(plan(&g0, &g1, 1, 0, 0, why) == 1 && why[0] == '\0');
    /* the same GPU through two backends (the bus id in another case) */
    gc_device_info same = gpu("opencl:1:0", "00000000:3b:00.0");
    CHECKF(plan(&g0, &same, 1, 0, 0, why) == 0 && strstr(why, "cuda:0 and opencl:1:0 are the same GPU"), "%s", why);
    /* a GPU whose bus is unknown may be any of the others */
    gc_device_info unknown = gpu("opencl:1:0", "");
    CHECKF(plan(&g0, &unknown, 1, 0, 0, why) == 0 && strstr(why, "PCI bus of opencl:1:0 is unknown"), "%s", why);
    /* CPU devices share the host's cores */
    gc_device_info c0 = cpu("opencl:0:0"), c1 = cpu("opencl:0:1");
    CHECKF(plan(&c0, &c1, 1, 0, 0, why) == 0 && strstr(why, "opencl:0:0 is not a GPU"), "%s", why);
    CHECKF(plan(&g0, &c1, 1, 0, 0, why) == 0 && strstr(why, "opencl:0:1 is not a GPU"), "%s", why);
}

static void test_devices_parallel__serial_and_no_fork_always_serial(void) {
    char why[256];
    gc_device_info g0 = gpu("cuda:0", "00000000:3B:00.0"), g1 = gpu("cuda:1", "00000000:5E:00.0");
    CHECKF(plan(&g0, &g1, 0, 1, 0, why) == 0 && strcmp(why, "--serial-devices") == 0, "%s", why);
    CHECKF(plan(&g0, &g1, 1, 1, 0, why) == 0 && strcmp(why, "--serial-devices") == 0, "%s", why);
    CHECKF(plan(&g0, &g1, 0, 0, 1, why) == 0 && strstr(why, "--no-fork"), "%s", why);
}

static void test_devices_parallel__short_buffer_is_cut_not_overrun(void) {
    char why[16];
    memset(why, '#', sizeof why);
    gc_device_info c0 = cpu("opencl:0:0"), c1 = cpu("opencl:0:1");
    const gc_device_info *devs[] = {&c0, &c1};
    CHECK(gc_devices_parallel(devs, 2, 1, 0, 0, why, 8) == 0 && strlen(why) == 7 && why[8] == '#');
}

int main(void) {
    test_devices_parallel__tests_run_at_once_on_any_devices();
    test_devices_parallel__one_device_is_no_plan();
    test_devices_parallel__benchmarks_only_on_distinct_known_gpus();
    test_devices_parallel__serial_and_no_fork_always_serial();
    test_devices_parallel__short_buffer_is_cut_not_overrun();
    return UNIT_DONE();
}
