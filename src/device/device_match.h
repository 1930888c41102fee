/* SPDX-License-Identifier: Apache-2.0 */
/* device_match.h — which device a --device word means, as pure functions of a device list
 * (so that the rules are tested on made-up lists as well as on the machine's devices). */
#ifndef GC_DEVICE_MATCH_H
#define GC_DEVICE_MATCH_H

#include "gpucheck/gc_device.h"

/** One device: an id matches exactly (`cuda:0`, `opencl:0:1`; a word that looks like an
 *  id never matches a name); else a name equal to `want`, else a name that starts with
 *  `want` or holds it as whole words (bounded by the ends or by characters that are not
 *  letters or digits), ignoring case. Several devices at the deciding step: ambiguous
 *  (GC_ERR_NO_DEVICE, gc_last_error() names the candidates). A number is a name like any
 *  other (`1` is no index and does not match inside `avx512`). */
gc_status gc_device_match(const gc_device_info *devs, size_t n, const char *want, size_t *out);
/** A comma list of such words, or `all` alone (every device, in order). Naming one device
 *  twice is an error, so is an empty entry. Writes up to max indices to out. */
gc_status gc_device_match_list(const gc_device_info *devs, size_t n, const char *list, size_t *out, size_t max,
                               size_t *n_out);

/** gc_device_match_list over this process's devices (gc_devices_probe). */
gc_status gc_device_find_list(const char *list, size_t *out, size_t max, size_t *n_out);

#endif
