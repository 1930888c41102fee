/* SPDX-License-Identifier: Apache-2.0 */
/* device.c — the backend-neutral device API over the backend ops tables.
 *
 * Devices of every available backend are listed once per process (CUDA first, then
 * OpenCL). Objects wrap the backend's handles so that callers never see a backend. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "common/env_snapshot.h"
#include "device/aot.h"
#include "device/cache.h"
#include "device/device_match.h"
#include "device/module.h"
#include "device/source.h"
#include "gpucheck/gc_device.h"

#define GC_MAX_DEVICES 64

struct gc_device {
    const gc_backend_ops *ops;
    gc_bdev *bdev;
    gc_device_info info;
    char build_id[1024]; /* the backend's compiler/target description for cache keys */
};
struct gc_buffer {
    gc_device *dev;
    gc_bmem *mem;
    size_t size;
    void *host_ptr;
};
struct gc_module {
    gc_device *dev;
    gc_bmod *bmod;
};
struct gc_kernel {
    gc_module *mod;
    gc_bkern *bk;
    size_t max_group; /* the kernel's own work-group limit (<= the device's) */
    char name[128];
};
struct gc_timer {
    gc_device *dev;
    gc_btimer *bt;
};

static const gc_backend_ops *const backends[GC_BACKEND_COUNT] = {&gc_cuda_ops, &gc_opencl_ops};

/* The NULL contract of gc_device.h: a pointer the header does not allow to be NULL is
 * GC_ERR_ARGUMENT, with the function and the argument named in the last error; the
 * backends never see one (backend.h). */
static gc_status null_argument(const char *fn, const char *arg) {
    gc_set_last_error("%s: %s is NULL", fn, arg);
    return GC_ERR_ARGUMENT;
}
#define REQUIRE(p)                                                                                 \
    do {                                                                                           \
        if (!(p)) return null_argument(__func__, #p);                                              \
    } while (0)

static gc_status no_memory(const char *fn, const char *what) {
    gc_set_last_error("%s: out of host memory for %s", fn, what);
    return GC_ERR_NO_MEMORY;
}

static struct {
    int probed;
    gc_device_info infos[GC_MAX_DEVICES];
    size_t ordinal[GC_MAX_DEVICES]; /* index within its backend's probe list */
    size_t count;
    char unavailable[GC_BACKEND_COUNT][512];
} registry;

gc_status gc_devices_probe(void) {
    if (registry.probed) return GC_OK;
    registry.probed = 1;
    gc_env_snapshot_take(); /* before any driver can change it */
    /* GC_BACKENDS=cuda,opencl limits which drivers are loaded (the runner's child
     * processes load only the backend of the device under test). */
    const char *only = getenv("GC_BACKENDS");
    for (int b = 0; b < GC_BACKEND_COUNT; b++) {
        if (only && *only && !strstr(only, gc_backend_name((gc_backend_kind)b))) {
            snprintf(registry.unavailable[b], sizeof registry.unavailable[b], "disabled by GC_BACKENDS=%s", only);
            continue;
        }
        size_t room = GC_MAX_DEVICES - registry.count, n = 0;
        char why[512] = "";
        gc_status st = backends[b]->probe(registry.infos + registry.count, room, &n, why, sizeof why);
        if (st != GC_OK) {
            snprintf(registry.unavailable[b], sizeof registry.unavailable[b], "%s",
                     why[0] ? why : gc_status_message(st));
            continue;
        }
        if (n == 0) snprintf(registry.unavailable[b], sizeof registry.unavailable[b], "no devices");
        for (size_t i = 0; i < n; i++) {
            registry.infos[registry.count + i].backend = (gc_backend_kind)b;
            registry.ordinal[registry.count + i] = i;
        }
        registry.count += n;
    }
    return GC_OK;
}

size_t gc_device_count(void) {
    gc_devices_probe();
    return registry.count;
}

const gc_device_info *gc_device_info_at(size_t i) {
    gc_devices_probe();
    if (i < registry.count) return &registry.infos[i];
    gc_set_last_error("gc_device_info_at: device index %zu out of range (%zu devices)", i, registry.count);
    return NULL;
}

const char *gc_backend_unavailable_reason(gc_backend_kind b) {
    gc_devices_probe();
    return (unsigned)b < GC_BACKEND_COUNT ? registry.unavailable[b] : "unknown backend";
}

gc_status gc_device_default(size_t *out_index) {
    REQUIRE(out_index);
    gc_devices_probe();
    /* First CUDA GPU, else first OpenCL GPU, else the first CPU device (PoCL). */
    for (size_t i = 0; i < registry.count; i++)
        if (registry.infos[i].backend == GC_BACKEND_CUDA && registry.infos[i].is_gpu) return *out_index = i, GC_OK;
    for (size_t i = 0; i < registry.count; i++)
        if (registry.infos[i].backend == GC_BACKEND_OPENCL && registry.infos[i].is_gpu) return *out_index = i, GC_OK;
    for (size_t i = 0; i < registry.count; i++)
        if (registry.infos[i].is_cpu) return *out_index = i, GC_OK;
    if (registry.count > 0) return *out_index = 0, GC_OK;
    gc_set_last_error("no compute device found (CUDA: %s; OpenCL: %s)", registry.unavailable[GC_BACKEND_CUDA],
                      registry.unavailable[GC_BACKEND_OPENCL]);
    return GC_ERR_NO_DEVICE;
}

gc_status gc_device_find(const char *id_or_name, size_t *out_index) {
    REQUIRE(id_or_name);
    REQUIRE(out_index);
    gc_devices_probe();
    return gc_device_match(registry.infos, registry.count, id_or_name, out_index);
}

gc_status gc_device_find_list(const char *list, size_t *out, size_t max, size_t *n_out) {
    gc_devices_probe();
    return gc_device_match_list(registry.infos, registry.count, list, out, max, n_out);
}

gc_status gc_device_open(size_t index, gc_device **out) {
    REQUIRE(out);
    *out = NULL;
    gc_devices_probe();
    if (index >= registry.count) {
        gc_set_last_error("device index %zu out of range (%zu devices)", index, registry.count);
        return GC_ERR_NO_DEVICE;
    }
    gc_device *d = calloc(1, sizeof *d);
    if (!d) return no_memory(__func__, "a device");
    d->info = registry.infos[index];
    d->ops = backends[d->info.backend];
    gc_status st = d->ops->device_open(registry.ordinal[index], &d->info, &d->bdev);
    if (st != GC_OK) {
        free(d);
        return st;
    }
    d->ops->build_hash_input(d->bdev, d->build_id, sizeof d->build_id);
    *out = d;
    return GC_OK;
}

void gc_device_close(gc_device *dev) {
    if (!dev) return;
    dev->ops->device_close(dev->bdev);
    free(dev);
}

const gc_device_info *gc_device_get_info(const gc_device *dev) {
    if (dev) return &dev->info;
    null_argument(__func__, "dev");
    return NULL;
}

/* ---- memory ---------------------------------------------------------------------- */

gc_status gc_buffer_alloc(gc_device *dev, size_t bytes, gc_mem_kind kind, gc_buffer **out) {
    if (out) *out = NULL;
    REQUIRE(dev);
    REQUIRE(out);
    if (kind != GC_MEM_DEVICE && kind != GC_MEM_HOST_MAPPED) {
        gc_set_last_error("gc_buffer_alloc: unknown memory kind %d", (int)kind);
        return GC_ERR_ARGUMENT;
    }
    if (bytes == 0) {
        gc_set_last_error("zero-byte buffer");
        return GC_ERR_ARGUMENT;
    }
    if (kind == GC_MEM_HOST_MAPPED && !dev->info.caps.host_mapped_memory) {
        gc_set_last_error("%s has no host-mapped memory", dev->info.id);
        return GC_ERR_UNSUPPORTED;
    }
    gc_buffer *b = calloc(1, sizeof *b);
    if (!b) return no_memory(__func__, "a buffer");
    gc_status st = dev->ops->mem_alloc(dev->bdev, bytes, kind, &b->mem, &b->host_ptr);
    if (st != GC_OK) {
        free(b);
        return st;
    }
    b->dev = dev;
    b->size = bytes;
    *out = b;
    return GC_OK;
}

void gc_buffer_free(gc_buffer *buf) {
    if (!buf) return;
    buf->dev->ops->mem_free(buf->mem);
    free(buf);
}

size_t gc_buffer_size(const gc_buffer *buf) {
    if (buf) return buf->size;
    null_argument(__func__, "buf");
    return 0;
}

void *gc_buffer_host_ptr(gc_buffer *buf) {
    if (buf) return buf->host_ptr;
    null_argument(__func__, "buf");
    return NULL;
}

static gc_status check_range(const gc_buffer *buf, size_t offset, size_t bytes) {
    if (offset > buf->size || bytes > buf->size - offset) {
        gc_set_last_error("transfer of %zu bytes at offset %zu outside a %zu-byte buffer", bytes, offset,
                          buf->size);
        return GC_ERR_ARGUMENT;
    }
    return GC_OK;
}

gc_status gc_buffer_write(gc_buffer *buf, size_t offset, const void *src, size_t bytes) {
    REQUIRE(buf);
    if (bytes) REQUIRE(src);
    gc_status st = check_range(buf, offset, bytes);
    return st != GC_OK || bytes == 0 ? st : buf->dev->ops->mem_write(buf->mem, offset, src, bytes);
}

gc_status gc_buffer_write_async(gc_buffer *buf, size_t offset, const void *src, size_t bytes) {
    REQUIRE(buf);
    if (bytes) REQUIRE(src);
    gc_status st = check_range(buf, offset, bytes);
    if (st != GC_OK || bytes == 0) return st;
    return buf->dev->ops->mem_write_async(buf->mem, offset, src, bytes);
}

gc_status gc_buffer_read(gc_buffer *buf, size_t offset, void *dst, size_t bytes) {
    REQUIRE(buf);
    if (bytes) REQUIRE(dst);
    gc_status st = check_range(buf, offset, bytes);
    return st != GC_OK || bytes == 0 ? st : buf->dev->ops->mem_read(buf->mem, offset, dst, bytes);
}

gc_status gc_buffer_fill_byte(gc_buffer *buf, uint8_t byte) {
    REQUIRE(buf);
    return buf->dev->ops->mem_fill(buf->mem, byte, buf->size);
}

/* ---- modules --------------------------------------------------------------------- */

/* The module compiled ahead of time for this device (aot.h), loaded, and stored in the compile
 * cache under the device's own key so that the next run finds it there. */
static gc_status load_ahead_of_time(gc_device *dev, const gc_cache_key *key, const char *source,
                                    const char *const *defs, size_t nd, gc_bmod **bm) {
    char target[32];
    if (!dev->ops->aot_target || !dev->ops->aot_target(dev->bdev, target, sizeof target)) return GC_ERR_NOT_FOUND;
    gc_cache_key aot;
    gc_aot_key(&aot, source, defs, nd, target);
    void *blob = NULL;
    size_t len = 0;
    if (gc_aot_get(&aot, &blob, &len) != GC_OK) return GC_ERR_NOT_FOUND;
    gc_status st = dev->ops->load(dev->bdev, blob, len, bm);
    if (st == GC_OK) (void)gc_cache_put(key, blob, len);
    free(blob);
    return st;
}

static gc_status build_expanded(gc_device *dev, const char *label, const char *source, const gc_build_options *opt,
                                gc_module **out, char **log) {
    const char *defs[64] = {0};
    size_t nd = 0;
    size_t user = opt ? opt->n_defines : 0;
    if (user > 64) {
        gc_set_last_error("too many defines (%zu, at most 64)", user);
        return GC_ERR_ARGUMENT;
    }
    if (user && !opt->defines) return null_argument("gc_module_build", "opt->defines (with n_defines > 0)");
    for (size_t i = 0; i < user; i++) {
        if (!opt->defines[i]) {
            gc_set_last_error("gc_module_build: opt->defines[%zu] is NULL", i);
            return GC_ERR_ARGUMENT;
        }
        defs[nd++] = opt->defines[i];
    }

    gc_cache_key key;
    gc_cache_key_compute(&key, source, defs, nd, dev->build_id);
    int use_cache = !(opt && opt->no_cache) && gc_cache_enabled();
    void *blob = NULL;
    size_t blob_len = 0;
    gc_bmod *bm = NULL;
    gc_status st;
    if (use_cache && gc_cache_get(&key, &blob, &blob_len) == GC_OK) {
        gc_cache_notify_load(&key, 1);
        st = dev->ops->load(dev->bdev, blob, blob_len, &bm);
        gc_cache_notify_load(&key, 0);
        free(blob);
        blob = NULL;
        if (st == GC_OK) goto done;
        /* A stale entry the driver rejects is rebuilt, never trusted. */
    }
    if (use_cache && load_ahead_of_time(dev, &key, source, defs, nd, &bm) == GC_OK) goto done;
    st = dev->ops->compile(dev->bdev, label, source, defs, nd, &blob, &blob_len, log);
    if (st != GC_OK) return st;
    st = dev->ops->load(dev->bdev, blob, blob_len, &bm);
    if (st == GC_OK && use_cache) (void)gc_cache_put(&key, blob, blob_len);
    free(blob);
    if (st != GC_OK) return st;
done:;
    gc_module *m = calloc(1, sizeof *m);
    if (!m) {
        dev->ops->unload(bm);
        return no_memory("gc_module_build", "a module");
    }
    m->dev = dev;
    m->bmod = bm;
    *out = m;
    return GC_OK;
}

gc_status gc_device_build_source(gc_device *dev, const char *label, const char *source, const gc_build_options *opt,
                                 gc_module **out, char **log) {
    return build_expanded(dev, label, source, opt, out, log);
}

gc_status gc_device_load_binary(gc_device *dev, gc_binary_format format, const void *bytes, size_t len,
                                const char *options, gc_module **out, char **log) {
    gc_bmod *bm = NULL;
    if (!dev->ops->load_binary) {
        gc_set_last_error("the %s backend loads no prebuilt binaries", gc_backend_name(dev->info.backend));
        return GC_ERR_UNSUPPORTED;
    }
    gc_status st = dev->ops->load_binary(dev->bdev, format, bytes, len, options, &bm, log);
    if (st != GC_OK) return st;
    gc_module *m = calloc(1, sizeof *m);
    if (!m) {
        dev->ops->unload(bm);
        return no_memory("gc_module_load_binary", "a module");
    }
    m->dev = dev;
    m->bmod = bm;
    *out = m;
    return GC_OK;
}

gc_status gc_module_build_text(gc_device *dev, const char *label, const char *text, const gc_build_options *opt,
                               gc_module **out, char **log) {
    if (out) *out = NULL;
    if (log) *log = NULL;
    REQUIRE(dev);
    REQUIRE(text);
    REQUIRE(out);
    if (!label) label = "(source)";
    char *expanded = NULL;
    gc_status st = gc_source_expand_text(label, text, &expanded);
    if (st != GC_OK) return st;
    char *local_log = NULL;
    st = build_expanded(dev, label, expanded, opt, out, &local_log);
    free(expanded);
    if (log) *log = local_log;
    else free(local_log);
    return st;
}

gc_status gc_module_build(gc_device *dev, const char *source_name, const gc_build_options *opt, gc_module **out,
                          char **log) {
    if (out) *out = NULL;
    if (log) *log = NULL;
    REQUIRE(dev);
    REQUIRE(source_name);
    REQUIRE(out);
    const char *text = gc_kernel_source(source_name);
    if (!text) {
        gc_set_last_error("\"%s\" is not an embedded kernel source", source_name);
        return GC_ERR_NOT_FOUND;
    }
    return gc_module_build_text(dev, source_name, text, opt, out, log);
}

void gc_module_free(gc_module *mod) {
    if (!mod) return;
    mod->dev->ops->unload(mod->bmod);
    free(mod);
}

const char *gc_module_assembly(const gc_module *mod) {
    if (mod) return mod->dev->ops->assembly(mod->bmod);
    null_argument(__func__, "mod");
    return NULL;
}

gc_status gc_kernel_get(gc_module *mod, const char *name, gc_kernel **out) {
    if (out) *out = NULL;
    REQUIRE(mod);
    REQUIRE(name);
    REQUIRE(out);
    gc_kernel *k = calloc(1, sizeof *k);
    if (!k) return no_memory(__func__, "a kernel");
    gc_status st = mod->dev->ops->kernel_get(mod->bmod, name, &k->bk);
    if (st != GC_OK) {
        free(k);
        return st;
    }
    k->mod = mod;
    snprintf(k->name, sizeof k->name, "%s", name);
    /* A device that cannot answer leaves the device's limit, which launches still check. */
    size_t limit = 0;
    const gc_device_info *info = &mod->dev->info;
    if (mod->dev->ops->kernel_max_group(k->bk, &limit) != GC_OK || limit == 0 || limit > info->max_work_group_size)
        limit = info->max_work_group_size;
    k->max_group = limit;
    *out = k;
    return GC_OK;
}

size_t gc_kernel_max_work_group_size(const gc_kernel *k) {
    if (k) return k->max_group;
    null_argument(__func__, "k");
    return 0;
}

void gc_kernel_free(gc_kernel *k) {
    if (!k) return;
    k->mod->dev->ops->kernel_free(k->bk);
    free(k);
}

/* ---- launches -------------------------------------------------------------------- */

static gc_status launch(const char *fn, gc_kernel *k, const gc_range *r, const gc_arg *args, size_t nargs, int wait,
                        double *ms) {
    if (!k) return null_argument(fn, "k");
    if (nargs && !args) return null_argument(fn, "args (with nargs > 0)");
    gc_device *dev = k->mod->dev;
    if (!r || r->dims < 1 || r->dims > 3) {
        gc_set_last_error("launch range must have 1 to 3 dimensions");
        return GC_ERR_ARGUMENT;
    }
    int uniform = 1;
    size_t wg = 1;
    for (unsigned d = 0; d < r->dims; d++) {
        if (r->global[d] == 0 || r->local[d] == 0) {
            gc_set_last_error("launch dimension %u has a zero size (global %zu, local %zu)", d, r->global[d],
                              r->local[d]);
            return GC_ERR_ARGUMENT;
        }
        if (r->local[d] > dev->info.max_work_item_sizes[d]) {
            gc_set_last_error("local size %zu in dimension %u exceeds the device's %zu", r->local[d], d,
                              dev->info.max_work_item_sizes[d]);
            return GC_ERR_ARGUMENT;
        }
        size_t groups = r->global[d] / r->local[d] + (r->global[d] % r->local[d] != 0);
        if (dev->info.max_groups[d] && groups > dev->info.max_groups[d]) {
            gc_set_last_error("%zu work-groups in dimension %u exceed the device's %llu", groups, d,
                              (unsigned long long)dev->info.max_groups[d]);
            return GC_ERR_ARGUMENT;
        }
        if (r->global[d] % r->local[d]) uniform = 0;
        wg *= r->local[d];
    }
    if (wg > dev->info.max_work_group_size) {
        gc_set_last_error("work-group of %zu work-items exceeds the device's %zu", wg, dev->info.max_work_group_size);
        return GC_ERR_ARGUMENT;
    }
    if (wg > k->max_group) {
        gc_set_last_error("work-group of %zu work-items exceeds the %zu that kernel %s can run with on %s "
                          "(its registers or local memory)",
                          wg, k->max_group, k->name, dev->info.id);
        return GC_ERR_ARGUMENT;
    }
    if (!uniform && !dev->info.caps.non_uniform_work_groups) {
        gc_set_last_error("%s does not support non-uniform work-groups", dev->info.id);
        return GC_ERR_UNSUPPORTED;
    }
    uint64_t local_limit = dev->info.local_mem_optin_bytes ? dev->info.local_mem_optin_bytes : dev->info.local_mem_bytes;
    if (r->dynamic_local_bytes > local_limit) {
        gc_set_last_error("%zu bytes of dynamic local memory exceed the device's %llu", r->dynamic_local_bytes,
                          (unsigned long long)local_limit);
        return GC_ERR_ARGUMENT;
    }
    gc_bmem *mems[64];
    if (nargs > 64) {
        gc_set_last_error("too many kernel arguments (%zu, at most 64)", nargs);
        return GC_ERR_ARGUMENT;
    }
    for (size_t i = 0; i < nargs; i++) {
        mems[i] = NULL;
        if (args[i].kind == GC_ARG_BUFFER) {
            if (!args[i].buffer) {
                gc_set_last_error("kernel argument %zu is a NULL buffer", i);
                return GC_ERR_ARGUMENT;
            }
            /* A driver handed another context's memory object may fail or crash. */
            if (args[i].buffer->dev != dev) {
                gc_set_last_error("kernel argument %zu is a buffer of another opened device (%s) than kernel %s's",
                                  i, args[i].buffer->dev->info.id, k->name);
                return GC_ERR_ARGUMENT;
            }
            mems[i] = args[i].buffer->mem;
        } else if (args[i].kind != GC_ARG_VALUE) {
            gc_set_last_error("kernel argument %zu has an unknown kind %d", i, (int)args[i].kind);
            return GC_ERR_ARGUMENT;
        } else if (!args[i].value || args[i].size == 0) {
            gc_set_last_error("kernel argument %zu has no value", i);
            return GC_ERR_ARGUMENT;
        }
    }
    return dev->ops->launch(k->bk, r, args, nargs, mems, wait, ms);
}

gc_status gc_kernel_launch(gc_kernel *k, const gc_range *range, const gc_arg *args, size_t nargs,
                           double *elapsed_ms) {
    return launch(__func__, k, range, args, nargs, 1, elapsed_ms);
}

gc_status gc_kernel_enqueue(gc_kernel *k, const gc_range *range, const gc_arg *args, size_t nargs) {
    return launch(__func__, k, range, args, nargs, 0, NULL);
}

gc_status gc_device_finish(gc_device *dev) {
    REQUIRE(dev);
    return dev->ops->finish(dev->bdev);
}

gc_status gc_device_select_queue(gc_device *dev, unsigned queue) {
    REQUIRE(dev);
    if (queue >= GC_DEVICE_QUEUES) {
        gc_set_last_error("%s: queue %u: a device has queues 0 to %u", __func__, queue, GC_DEVICE_QUEUES - 1);
        return GC_ERR_ARGUMENT;
    }
    return dev->ops->select_queue(dev->bdev, queue);
}

gc_status gc_device_queue_wait(gc_device *dev, unsigned waiter, unsigned waited) {
    REQUIRE(dev);
    if (waiter >= GC_DEVICE_QUEUES || waited >= GC_DEVICE_QUEUES || waiter == waited) {
        gc_set_last_error("%s: queue %u waiting for queue %u: two different queues of 0 to %u", __func__, waiter,
                          waited, GC_DEVICE_QUEUES - 1);
        return GC_ERR_ARGUMENT;
    }
    return dev->ops->queue_wait(dev->bdev, waiter, waited);
}

gc_status gc_kernel_sub_group_info(gc_kernel *k, const gc_range *range, gc_sub_group_info *out) {
    if (out) memset(out, 0, sizeof *out);
    REQUIRE(k);
    REQUIRE(out);
    if (!range || range->dims < 1 || range->dims > 3) {
        gc_set_last_error("sub-group query needs a range of 1 to 3 dimensions");
        return GC_ERR_ARGUMENT;
    }
    const gc_backend_ops *ops = k->mod->dev->ops;
    if (!ops->kernel_sub_group_info) {
        gc_set_last_error("the %s backend has no kernel sub-group query", gc_backend_name(ops->kind));
        return GC_ERR_UNSUPPORTED;
    }
    return ops->kernel_sub_group_info(k->bk, range, &out->max_sub_group_size, &out->sub_group_count);
}

gc_status gc_timer_start(gc_device *dev, gc_timer **out) {
    if (out) *out = NULL;
    REQUIRE(dev);
    REQUIRE(out);
    gc_timer *t = calloc(1, sizeof *t);
    if (!t) return no_memory(__func__, "a timer");
    gc_status st = dev->ops->timer_start(dev->bdev, &t->bt);
    if (st != GC_OK) {
        free(t);
        return st;
    }
    t->dev = dev;
    *out = t;
    return GC_OK;
}

gc_status gc_timer_stop(gc_timer *t, double *elapsed_ms) {
    REQUIRE(t);
    /* The backends time queue 0: the other queues' work joins it first. */
    gc_status joined = GC_OK;
    for (unsigned q = 1; q < GC_DEVICE_QUEUES && joined == GC_OK; q++) joined = t->dev->ops->queue_wait(t->dev->bdev, 0, q);
    gc_status st = t->dev->ops->timer_stop(t->bt, elapsed_ms);
    if (st == GC_OK) st = joined;
    free(t);
    return st;
}
