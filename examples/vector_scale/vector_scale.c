/* SPDX-License-Identifier: Apache-2.0 */
/* vector_scale.c — your own test and benchmark on gpucheck, built against the installed
 * library (see docs/writing-tests.md, which walks through this file).
 *
 * The kernel multiplies every element of a vector by a factor, modulo 2^32; the host
 * computes the same products, so every element has a known answer. The program gets the
 * whole gpucheck command line from gc_main():
 *   ./vector_scale run                  the test, on the default device
 *   ./vector_scale bench --samples 50   the benchmark
 *   ./vector_scale run --param vector_scale.rounds=8   8 launches, the last checked
 *   ./vector_scale list | devices | info, and --help for each
 *
 * VECTOR_SCALE_MUTANT=skip_last, =wrong_middle or =compile_error in the environment builds
 * a broken kernel, to watch the harness catch it (the run then exits 1). */
#include <gpucheck/gc_harness.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kernel, written once in the gpucheck dialect. It is text in this program because
 * the installed library embeds only its own kernel sources; the #include of the dialect
 * is resolved from those. Keeping one line per string keeps compiler log line numbers
 * meaningful ("vector_scale.gc:15:14: error: ..."). */
static const char kernel_source[] =
    "#include \"kernels/gc_dialect.h\"\n"
    "\n"
    "GC_KERNEL vector_scale(GC_GLOBAL gc_u32 *out, GC_GLOBAL const gc_u32 *in, gc_u32 factor, gc_u32 n) {\n"
    "    gc_u32 i = gc_global_id(0);\n"
    "    if (i >= n) return; /* the global size is rounded up to whole work-groups */\n"
    "#if defined(MUTANT_SKIP_LAST)\n"
    "    if (i == n - 1) return;\n"
    "#endif\n"
    "    gc_u32 v = in[i] * factor;\n"
    "#if defined(MUTANT_WRONG_MIDDLE)\n"
    "    if (i == n / 2) v += 1;\n"
    "#endif\n"
    "    out[i] = v;\n"
    "#if defined(MUTANT_COMPILE_ERROR)\n"
    "    out[i] = undeclared_variable;\n"
    "#endif\n"
    "}\n";

#define MAX_SETS 8

/* What distinguishes the test from the benchmark. */
typedef struct {
    size_t elements; /* at --scale 1 */
    unsigned sets;   /* input sets; more than one for a benchmark that must not run from cache */
} vs_param;

/* Per-run state (harness-owned memory: freed after teardown, so no teardown here). */
typedef struct {
    size_t n;
    unsigned sets;
    uint32_t factor;
    uint32_t *host_in; /* sets * n inputs, kept to compute the expected answers */
    gc_buffer *in[MAX_SETS], *out[MAX_SETS];
    gc_kernel *kernel;
    gc_range range;
    double kernel_ms;
    unsigned rounds; /* launches of each set in `run` (--param vector_scale.rounds) */
} vs_state;

/* The benchmark rotates among enough input sets that together they overflow the device's
 * last-level cache twice, so no sample finds its data already cached. */
static unsigned sets_for(const vs_param *p, size_t n, const gc_device_info *info) {
    if (p->sets <= 1) return 1;
    uint64_t per_set = 2ull * n * sizeof(uint32_t); /* input and output */
    uint64_t want = info->l2_cache_bytes ? (2 * info->l2_cache_bytes + per_set - 1) / per_set : p->sets;
    if (want < p->sets) want = p->sets;
    return want > MAX_SETS ? MAX_SETS : (unsigned)want;
}

static gc_status setup(gc_test_ctx *ctx) {
    const vs_param *p = gc_ctx_test(ctx)->param;
    const gc_device_info *info = gc_ctx_info(ctx);
    vs_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);

    double scaled = (double)p->elements * gc_ctx_scale(ctx);
    s->n = scaled < 1 ? 1 : scaled > 0x7fffffff ? 0x7fffffff : (size_t)scaled;
    s->sets = sets_for(p, s->n, info);
    /* An odd factor is invertible modulo 2^32: different inputs give different outputs,
     * so a kernel that reads the wrong element cannot produce the right answer. */
    s->factor = gc_ctx_rand_u32(ctx) | 1u;
    s->host_in = gc_ctx_malloc(ctx, s->sets * s->n * sizeof(uint32_t));
    if (!s->host_in) return GC_ERR_NO_MEMORY;
    gc_ctx_rand_bytes(ctx, s->host_in, s->sets * s->n * sizeof(uint32_t));

    gc_status st;
    for (unsigned k = 0; k < s->sets; k++) {
        if ((st = gc_ctx_alloc_input(ctx, s->n * 4, s->host_in + k * s->n, &s->in[k])) != GC_OK) return st;
        /* Outputs are filled with the canary before `run`: an element the kernel never
         * writes is reported as unwritten even if the canary happens to look right. */
        if ((st = gc_ctx_alloc_output(ctx, s->n * 4, &s->out[k])) != GC_OK) return st;
    }

    const char *defines[1];
    size_t n_defines = 0;
    const char *mutant = getenv("VECTOR_SCALE_MUTANT");
    if (mutant && *mutant) {
        if (strcmp(mutant, "skip_last") == 0) defines[n_defines++] = "MUTANT_SKIP_LAST";
        else if (strcmp(mutant, "wrong_middle") == 0) defines[n_defines++] = "MUTANT_WRONG_MIDDLE";
        else if (strcmp(mutant, "compile_error") == 0) defines[n_defines++] = "MUTANT_COMPILE_ERROR";
        else {
            gc_set_last_error("VECTOR_SCALE_MUTANT=%s: expected skip_last, wrong_middle or compile_error", mutant);
            return GC_ERR_ARGUMENT;
        }
        gc_ctx_note(ctx, "built with the mutant %s", defines[0]);
    }
    st = gc_ctx_kernel_text(ctx, "vector_scale.gc", kernel_source, defines, n_defines, "vector_scale", &s->kernel);
    if (st != GC_OK) return st;

    size_t local = 256;
    if (local > info->max_work_group_size) local = info->max_work_group_size;
    if (local > info->max_work_item_sizes[0]) local = info->max_work_item_sizes[0];
    s->range = (gc_range){1, {(s->n + local - 1) / local * local, 1, 1}, {local, 1, 1}, 0};
    return GC_OK;
}

static gc_status launch_set(vs_state *s, unsigned k, double *ms) {
    uint32_t factor = s->factor, n = (uint32_t)s->n;
    gc_arg args[] = {GC_ARG_BUF(s->out[k]), GC_ARG_BUF(s->in[k]), GC_ARG_VAL(factor), GC_ARG_VAL(n)};
    return gc_kernel_launch(s->kernel, &s->range, args, 4, ms);
}

/* A setting of this program's own (docs/writing-tests.md, "Settings of your own"): how
 * many times `run` launches the kernel. Each launch starts from outputs poisoned again, so
 * the launch that `check` reads wrote every element itself. */
static const gc_param_def rounds_param = {"vector_scale", "rounds", GC_PARAM_UINT, 1, 64,
                                          "launches per check (each from fresh canary outputs)"};

static gc_status run(gc_test_ctx *ctx) {
    vs_state *s = gc_ctx_state(ctx);
    uint64_t rounds = 1;
    gc_ctx_param_uint(ctx, "rounds", &rounds); /* ... unless --param vector_scale.rounds=N */
    s->rounds = (unsigned)rounds;
    for (unsigned r = 0; r < s->rounds; r++) {
        gc_status st = r > 0 ? gc_ctx_poison_outputs(ctx) : GC_OK;
        if (st != GC_OK) return st;
        for (unsigned k = 0; k < s->sets; k++) {
            if ((st = launch_set(s, k, &s->kernel_ms)) != GC_OK) return st;
        }
    }
    return GC_OK;
}

/* Known answers, computed on the host. gc_check_u32 also runs the negative control:
 * it flips a bit of every expected element and requires the comparison to fail. */
static gc_status check(gc_test_ctx *ctx) {
    vs_state *s = gc_ctx_state(ctx);
    uint32_t *want = gc_ctx_malloc(ctx, s->n * 4), *got = gc_ctx_malloc(ctx, s->n * 4);
    if (!want || !got) return GC_ERR_NO_MEMORY;
    for (unsigned k = 0; k < s->sets; k++) {
        gc_status st = gc_buffer_read(s->out[k], 0, got, s->n * 4);
        if (st != GC_OK) return st;
        const uint32_t *in = s->host_in + k * s->n;
        for (size_t i = 0; i < s->n; i++) want[i] = in[i] * s->factor;
        char label[32];
        snprintf(label, sizeof label, "out[set %u]", k);
        gc_check_u32(ctx, label, want, got, s->n);
    }
    gc_ctx_figure(ctx, "elements", (double)s->n, "");
    gc_ctx_figure(ctx, "kernel_ms", s->kernel_ms, "ms");
    if (s->sets > 1) gc_ctx_figure(ctx, "input_sets", s->sets, "");
    if (s->rounds > 1) gc_ctx_figure(ctx, "rounds", s->rounds, "");
    return GC_OK;
}

/* One device-timed sample; iteration i uses input set i mod sets. */
static gc_status sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    vs_state *s = gc_ctx_state(ctx);
    *work = (double)s->n;
    return launch_set(s, iteration % s->sets, device_ms);
}

static const vs_param test_param = {1000003, 1};       /* not a multiple of any work-group size */
static const vs_param bench_param = {1u << 22, 2};     /* 16 MiB per buffer */

static const gc_test known_answer = {
    .suite = "vector_scale",
    .name = "known_answer",
    .tags = "example",
    .description = "out[i] = in[i] * factor (mod 2^32) against the host",
    .budget_s = 30,
    .min_checks = 1000, /* fewer compared elements (e.g. --scale 0.0001) is INCONCLUSIVE */
    .param = &test_param,
    .setup = setup,
    .run = run,
    .check = check,
};

static const gc_test throughput = {
    .suite = "vector_scale",
    .name = "throughput",
    .tags = "example,bench",
    .description = "vector_scale kernel, device-timed, inputs rotated past the cache",
    .budget_s = 60,
    .param = &bench_param,
    .setup = setup,
    .run = run,
    .check = check, /* validation before timing */
    .sample = sample,
    .unit = "elements/s",
};

int main(int argc, char **argv) {
    gc_test_register(&known_answer);
    gc_test_register(&throughput);
    gc_param_register(&rounds_param);
    gc_use_builtin_suites(0); /* only this program's tests; drop this line to add gpucheck's own */
    return gc_main(argc, argv);
}
