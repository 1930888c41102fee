/* SPDX-License-Identifier: Apache-2.0 */
/* saxpy_test.c — gpucheck's test and benchmark of an OpenCL C kernel that already exists
 * as a file, saxpy.cl (and the header it includes), which is built as it is: no port to
 * gpucheck's dialect, no copy into a string (see docs/writing-tests.md).
 *
 *   ./saxpy_cl run                 the known answer on the default OpenCL device
 *   ./saxpy_cl bench --samples 50  the benchmark
 *   SAXPY_CL=path/to/other.cl ./saxpy_cl run   test another file with the same kernel
 *
 * The kernel file is found at $SAXPY_CL, else at SAXPY_CL_DEFAULT (the path CMake gives,
 * this folder's saxpy.cl). On a CUDA device the tests SKIP: OpenCL C builds for OpenCL
 * devices only. */
#include <gpucheck/gc_harness.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SAXPY_CL_DEFAULT
#define SAXPY_CL_DEFAULT "saxpy.cl"
#endif

typedef struct {
    size_t elements; /* at --scale 1 */
} saxpy_param;

typedef struct {
    size_t n;
    float a;
    float *x, *y; /* host copies of the inputs, for the expected answers */
    gc_buffer *dx, *dy, *dout;
    gc_kernel *kernel;
    gc_range range;
} saxpy_state;

static const char *kernel_path(void) {
    const char *p = getenv("SAXPY_CL");
    return p && *p ? p : SAXPY_CL_DEFAULT;
}

/* Integers below 2^11 times an integer below 2^6, plus one below 2^11: every product and
 * sum is exact in a float, with or without a fused multiply-add, so the answer is known
 * to the bit. */
static float small_int(gc_test_ctx *ctx, uint32_t bound) {
    return (float)(int32_t)(gc_ctx_rand_u32(ctx) % (2 * bound + 1)) - (float)bound;
}

static gc_status setup(gc_test_ctx *ctx) {
    const saxpy_param *p = gc_ctx_test(ctx)->param;
    const gc_device_info *info = gc_ctx_info(ctx);
    saxpy_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    double scaled = (double)p->elements * gc_ctx_scale(ctx);
    s->n = scaled < 1 ? 1 : scaled > 0x7fffffff ? 0x7fffffff : (size_t)scaled;
    s->a = (float)(gc_ctx_rand_u32(ctx) % 63 + 1);
    s->x = gc_ctx_malloc(ctx, s->n * sizeof(float));
    s->y = gc_ctx_malloc(ctx, s->n * sizeof(float));
    if (!s->x || !s->y) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < s->n; i++) {
        s->x[i] = small_int(ctx, 2047);
        s->y[i] = small_int(ctx, 2047);
    }
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, s->n * sizeof(float), s->x, &s->dx)) != GC_OK) return st;
    if ((st = gc_ctx_alloc_input(ctx, s->n * sizeof(float), s->y, &s->dy)) != GC_OK) return st;
    /* The output is filled with the canary before each run: an element the kernel never
     * writes is reported as unwritten. */
    if ((st = gc_ctx_alloc_output(ctx, s->n * sizeof(float), &s->dout)) != GC_OK) return st;

    /* The file as it is: OpenCL C by its extension, its #include "axpy.h" found beside it. */
    st = gc_ctx_kernel_file(ctx, kernel_path(), NULL, "saxpy", &s->kernel);
    if (st != GC_OK) return st;

    size_t local = 256;
    if (local > gc_kernel_max_work_group_size(s->kernel)) local = gc_kernel_max_work_group_size(s->kernel);
    if (local > info->max_work_item_sizes[0]) local = info->max_work_item_sizes[0];
    s->range = (gc_range){1, {(s->n + local - 1) / local * local, 1, 1}, {local, 1, 1}, 0};
    return GC_OK;
}

static gc_status launch(saxpy_state *s, double *ms) {
    uint32_t n = (uint32_t)s->n;
    float a = s->a;
    gc_arg args[] = {GC_ARG_VAL(n), GC_ARG_VAL(a), GC_ARG_BUF(s->dx), GC_ARG_BUF(s->dy), GC_ARG_BUF(s->dout)};
    return gc_kernel_launch(s->kernel, &s->range, args, 5, ms);
}

static gc_status run(gc_test_ctx *ctx) { return launch(gc_ctx_state(ctx), NULL); }

/* The known answer, from the host, compared bit for bit (with gc_check_u32's negative
 * control: every expected element altered must make the comparison fail). */
static gc_status check(gc_test_ctx *ctx) {
    saxpy_state *s = gc_ctx_state(ctx);
    uint32_t *want = gc_ctx_malloc(ctx, s->n * 4), *got = gc_ctx_malloc(ctx, s->n * 4);
    if (!want || !got) return GC_ERR_NO_MEMORY;
    gc_status st = gc_buffer_read(s->dout, 0, got, s->n * 4);
    if (st != GC_OK) return st;
    for (size_t i = 0; i < s->n; i++) {
        float v = s->a * s->x[i] + s->y[i];
        memcpy(&want[i], &v, 4);
    }
    gc_check_u32(ctx, "out", want, got, s->n);
    gc_ctx_figure(ctx, "elements", (double)s->n, "");
    return GC_OK;
}

static gc_status sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    (void)iteration;
    saxpy_state *s = gc_ctx_state(ctx);
    *work = (double)s->n;
    return launch(s, device_ms);
}

static const saxpy_param test_param = {1000003}; /* not a multiple of any work-group size */
static const saxpy_param bench_param = {1u << 24};

static const gc_test known_answer = {
    .suite = "saxpy_cl",
    .name = "known_answer",
    .tags = "example",
    .description = "saxpy.cl as it is: out = a*x + y against the host, to the bit",
    .budget_s = 60,
    .min_checks = 1000,
    .param = &test_param,
    .setup = setup,
    .run = run,
    .check = check,
};

static const gc_test throughput = {
    .suite = "saxpy_cl",
    .name = "throughput",
    .tags = "example,bench",
    .description = "saxpy.cl, device-timed",
    .budget_s = 120,
    .param = &bench_param,
    .setup = setup,
    .run = run,
    .check = check, /* validated before it is timed */
    .sample = sample,
    .unit = "elements/s",
};

int main(int argc, char **argv) {
    gc_test_register(&known_answer);
    gc_test_register(&throughput);
    gc_use_builtin_suites(0);
    return gc_main(argc, argv);
}
