/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_pool_split.h — how a KZG pool (gc_kzg_pool in gc_kzg.h) cuts a batch into one
 * contiguous slice per device: a pure function, so that tests/test_kzg_pool.c checks it
 * without a device. Not installed. */
#ifndef GC_KZG_POOL_SPLIT_H
#define GC_KZG_POOL_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_device.h"

/** A weight is clamped to 1..KZG_POOL_MAX_WEIGHT, so that the split's integer products
 *  (remainder x weight) cannot overflow with up to GC_KZG_POOL_MAX_DEVICES devices. */
#define KZG_POOL_MAX_WEIGHT (1u << 20)

/** The weight of a device in a split: compute units x clock in MHz (a throughput proxy that
 *  makes equal devices equal), 1 where the device reports neither. */
uint32_t kzg_pool_device_weight(const gc_device_info *info);

/** count[i] = device i's share of n blobs in proportion to weight[i] (clamped as above):
 *  floor(n * w_i / W), then the blobs left over one each to the largest remainders, ties to
 *  the lower index. The counts add up to n; device i's slice starts at the sum of the
 *  counts before it. */
void kzg_pool_split(size_t n, const uint32_t *weight, size_t n_devices, size_t *count);

#endif
