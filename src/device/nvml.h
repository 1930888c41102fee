/* SPDX-License-Identifier: Apache-2.0 */
/* nvml.h — readings of an NVIDIA GPU's SM clock and clock-event ("throttle") reasons
 * through NVML, loaded with dlopen at run time (libnvidia-ml.so.1, or $GC_NVML_LIBRARY).
 * Where the library or the device is absent, gc_nvml_open says why and nothing else
 * changes: telemetry is an extra beside a benchmark's figures, never a reason to fail. */
#ifndef GC_NVML_H
#define GC_NVML_H

#include <stddef.h>
#include <stdint.h>

typedef struct gc_nvml gc_nvml;

/** Open NVML for the GPU at `pci_bus_id` ("00000000:3B:00.0"). Returns NULL with the
 *  reason in `why` when the library, one of its symbols, or the device is missing. */
gc_nvml *gc_nvml_open(const char *pci_bus_id, char *why, size_t why_len);
/** The SM clock now (MHz) and the clock-event reasons now (NVML's bit mask). Returns 1,
 *  or 0 with the reason in `why`. */
int gc_nvml_read(gc_nvml *n, unsigned *sm_clock_mhz, uint64_t *reasons, char *why, size_t why_len);
/** Shut NVML down and unload it (NULL is a no-op). */
void gc_nvml_close(gc_nvml *n);
/** The name of reason bit `bit` (0..63): "sw_power_cap", ...; NULL for a bit NVML does
 *  not define. */
const char *gc_nvml_reason_name(unsigned bit);

#endif
