/* SPDX-License-Identifier: Apache-2.0 */
/* test_kernel_enqueue.c — the public asynchronous API: gc_kernel_enqueue queues launches
 * without waiting, gc_timer_start/gc_timer_stop time a sequence of them on the device
 * (the stop waits for all of it), and gc_device_finish drains the queues; the second
 * queue: work on it is ordered by gc_device_queue_wait, joined by the timer's stop and
 * by gc_device_finish. The ordering checks discriminate where the runtime runs the two
 * queues concurrently (a GPU; PoCL may run them one after the other, where they pass
 * whatever the wait does). Runs on the default device (PoCL in CI); exits 77 (skipped,
 * with the reason) where there is none. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_device.h"
#include "unit.h"

#define N 4096u

static const char *const kernel_text = "#include \"kernels/gc_dialect.h\"\n"
                                       "GC_KERNEL add_one(GC_GLOBAL gc_u32 *v, gc_u32 n) {\n"
                                       "    gc_u32 i = gc_global_id(0);\n"
                                       "    if (i < n) v[i] += 1u;\n"
                                       "}\n"
                                       "GC_KERNEL slow_hash(GC_GLOBAL gc_u32 *v, gc_u32 n, gc_u32 rounds) {\n"
                                       "    gc_u32 i = gc_global_id(0), x = i;\n"
                                       "    for (gc_u32 s = 0; s < rounds; s++) x = x * 1664525u + 1013904223u;\n"
                                       "    if (i < n) v[i] = x;\n"
                                       "}\n"
                                       "GC_KERNEL copy(GC_GLOBAL gc_u32 *dst, GC_GLOBAL const gc_u32 *src, gc_u32 n) {\n"
                                       "    gc_u32 i = gc_global_id(0);\n"
                                       "    if (i < n) dst[i] = src[i];\n"
                                       "}\n";

/* slow_hash's rounds: 2M on a GPU (milliseconds: long enough for an unordered copy to
 * overtake it), 2000 on a CPU (where the check is of the API, not of the order); set in main. */
static uint32_t g_rounds;

/* Every element i equals slow_hash's value for i. */
static int all_hashed(gc_buffer *b) {
    static uint32_t host[N];
    if (gc_buffer_read(b, 0, host, sizeof host) != GC_OK) return 0;
    uint32_t want[8];
    for (uint32_t i = 0; i < 8; i++) { /* the affine map applied g_rounds times, applied to 8 samples */
        uint32_t x = i * (N / 8);
        for (uint32_t s = 0; s < g_rounds; s++) x = x * 1664525u + 1013904223u;
        want[i] = x;
    }
    for (uint32_t i = 0; i < 8; i++)
        if (host[i * (N / 8)] != want[i]) return 0;
    return 1;
}

/* Every element equals want. */
static int all_equal(gc_buffer *b, uint32_t want) {
    static uint32_t host[N];
    if (gc_buffer_read(b, 0, host, sizeof host) != GC_OK) return 0;
    for (uint32_t i = 0; i < N; i++)
        if (host[i] != want) return 0;
    return 1;
}

int main(void) {
    gc_devices_probe();
    size_t idx;
    if (gc_device_default(&idx) != GC_OK) {
        printf("SKIP: no compute device (CUDA: %s; OpenCL: %s)\n", gc_backend_unavailable_reason(GC_BACKEND_CUDA),
               gc_backend_unavailable_reason(GC_BACKEND_OPENCL));
        return 77;
    }
    gc_device *dev = NULL;
    gc_module *mod = NULL;
    gc_kernel *k = NULL;
    gc_buffer *buf = NULL;
    char *log = NULL;
    CHECK(gc_device_open(idx, &dev) == GC_OK);
    if (!dev) return UNIT_DONE();
    printf("# %s\n", gc_device_get_info(dev)->id);
    g_rounds = gc_device_get_info(dev)->is_gpu ? 2000000u : 2000u;
    CHECK(gc_module_build_text(dev, "add_one.gc", kernel_text, NULL, &mod, &log) == GC_OK);
    if (log && *log) printf("%s\n", log);
    free(log);
    CHECK(mod && gc_kernel_get(mod, "add_one", &k) == GC_OK);
    CHECK(gc_buffer_alloc(dev, N * 4, GC_MEM_DEVICE, &buf) == GC_OK);
    if (!k || !buf) goto out;
    CHECK(gc_buffer_fill_byte(buf, 0) == GC_OK);

    uint32_t n = N;
    gc_arg args[] = {GC_ARG_BUF(buf), GC_ARG_VAL(n)};
    gc_range r = {1, {N, 1, 1}, {64, 1, 1}, 0};

    /* A timed sequence: five queued launches, all done when the timer stops. */
    gc_timer *t = NULL;
    double ms = -1;
    CHECK(gc_timer_start(dev, &t) == GC_OK && t);
    for (int i = 0; i < 5; i++) CHECK(gc_kernel_enqueue(k, &r, args, 2) == GC_OK);
    if (t) CHECK(gc_timer_stop(t, &ms) == GC_OK);
    CHECK(isfinite(ms) && ms >= 0);
    CHECK(all_equal(buf, 5));
    printf("# 5 enqueued launches of %u work-items: %.3f ms on the device\n", N, ms);

    /* Queued launches are drained by gc_device_finish. */
    for (int i = 0; i < 3; i++) CHECK(gc_kernel_enqueue(k, &r, args, 2) == GC_OK);
    CHECK(gc_device_finish(dev) == GC_OK);
    CHECK(all_equal(buf, 8));

    /* A launch the device layer refuses is not queued, and says why. */
    gc_range bad = {0, {N, 1, 1}, {64, 1, 1}, 0};
    CHECK(gc_kernel_enqueue(k, &bad, args, 2) == GC_ERR_ARGUMENT && strstr(gc_last_error(), "dimensions"));
    gc_range zero = {1, {0, 1, 1}, {64, 1, 1}, 0};
    CHECK(gc_kernel_enqueue(k, &zero, args, 2) == GC_ERR_ARGUMENT && strstr(gc_last_error(), "zero"));
    CHECK(gc_device_finish(dev) == GC_OK);
    CHECK(all_equal(buf, 8));

    /* The second queue. */
    CHECK(gc_device_select_queue(dev, GC_DEVICE_QUEUES) == GC_ERR_ARGUMENT && strstr(gc_last_error(), "queue"));
    CHECK(gc_device_queue_wait(dev, 0, 0) == GC_ERR_ARGUMENT);
    CHECK(gc_device_queue_wait(dev, 1, GC_DEVICE_QUEUES) == GC_ERR_ARGUMENT);
    CHECK(gc_device_select_queue(NULL, 0) == GC_ERR_ARGUMENT && gc_device_queue_wait(NULL, 0, 1) == GC_ERR_ARGUMENT);
    {
        gc_kernel *slow = NULL, *cp = NULL;
        gc_buffer *src = NULL, *dst = NULL;
        CHECK(gc_kernel_get(mod, "slow_hash", &slow) == GC_OK && gc_kernel_get(mod, "copy", &cp) == GC_OK);
        CHECK(gc_buffer_alloc(dev, N * 4, GC_MEM_DEVICE, &src) == GC_OK &&
              gc_buffer_alloc(dev, N * 4, GC_MEM_DEVICE, &dst) == GC_OK);
        gc_arg h[] = {GC_ARG_BUF(src), GC_ARG_VAL(n), GC_ARG_VAL(g_rounds)};
        gc_arg c[] = {GC_ARG_BUF(dst), GC_ARG_BUF(src), GC_ARG_VAL(n)};
        if (slow && cp && src && dst) {
            /* queue 1 hashes, queue 0 copies after it: the copy sees the hashes */
            CHECK(gc_buffer_fill_byte(src, 0xa5) == GC_OK && gc_buffer_fill_byte(dst, 0x5a) == GC_OK);
            CHECK(gc_device_select_queue(dev, 1) == GC_OK);
            CHECK(gc_kernel_enqueue(slow, &r, h, 3) == GC_OK);
            CHECK(gc_device_select_queue(dev, 0) == GC_OK);
            CHECK(gc_device_queue_wait(dev, 0, 1) == GC_OK);
            CHECK(gc_kernel_enqueue(cp, &r, c, 3) == GC_OK);
            CHECK(all_hashed(dst)); /* a blocking read on queue 0 */
            /* a timer's stop joins queue 1: after it, queue 0 reads the finished hashes */
            CHECK(gc_buffer_fill_byte(src, 0xa5) == GC_OK);
            t = NULL;
            CHECK(gc_timer_start(dev, &t) == GC_OK && t);
            CHECK(gc_device_select_queue(dev, 1) == GC_OK);
            CHECK(gc_kernel_enqueue(slow, &r, h, 3) == GC_OK);
            CHECK(gc_device_select_queue(dev, 0) == GC_OK);
            if (t) CHECK(gc_timer_stop(t, &ms) == GC_OK);
            CHECK(all_hashed(src));
            /* gc_device_finish waits for queue 1 too */
            CHECK(gc_buffer_fill_byte(src, 0xa5) == GC_OK);
            CHECK(gc_device_select_queue(dev, 1) == GC_OK);
            CHECK(gc_kernel_enqueue(slow, &r, h, 3) == GC_OK);
            CHECK(gc_device_finish(dev) == GC_OK);
            CHECK(gc_device_select_queue(dev, 0) == GC_OK);
            CHECK(all_hashed(src));
        }
        gc_buffer_free(src);
        gc_buffer_free(dst);
        gc_kernel_free(slow);
        gc_kernel_free(cp);
    }

    /* An empty timed sequence is a valid, non-negative time. */
    ms = -1;
    t = NULL;
    CHECK(gc_timer_start(dev, &t) == GC_OK && t);
    if (t) CHECK(gc_timer_stop(t, &ms) == GC_OK);
    CHECK(isfinite(ms) && ms >= 0);
out:
    gc_buffer_free(buf);
    gc_kernel_free(k);
    gc_module_free(mod);
    gc_device_close(dev);
    return UNIT_DONE();
}
