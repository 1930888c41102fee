/* test_kernel_enqueue.c — the public asynchronous API: gc_kernel_enqueue queues launches
 * without waiting, gc_timer_start/gc_timer_stop time a sequence of them on the device
 * (the stop waits for all of it), and gc_device_finish drains the queue. Runs on the
 * default device (PoCL in CI); exits 77 (skipped, with the reason) where there is none. */
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
                                       "}\n";

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
