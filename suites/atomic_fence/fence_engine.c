/* SPDX-License-Identifier: Apache-2.0 */
/* fence_engine.c — builds, launches and reads back one case of the atomic_fence suite.
 *
 * Local and global cases run entirely on the device: each step launches every layout's
 * kernel once with fresh parameters (new epoch values, new permutations, new slots),
 * and the readers' counters accumulate on the device. Host cases run a host thread
 * (fence_host.c) beside each launch. The host keeps, per reader slot, how many outcomes
 * the slot must have recorded, which fence_engine_validate() holds the counters to. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/atomic_fence/fence_host.h"
#include "suites/atomic_fence/fence_perm.h"
#include "suites/atomic_fence/fence_ptx.h"
#include "suites/atomic_fence/fence_suite.h"
#include "suites/atomic_fence/litmus_outcome.gc" /* LT_REGS */

#define ONE_WRITER_SLOTS 1024u /* slot pairs the one-writer layout picks from */

struct fence_engine {
    gc_test_ctx *ctx;
    const fence_case *c;
    fence_config cfg;
    gc_module *mod;
    unsigned n_layouts;
    gc_kernel *k[FENCE_MAX_LAYOUTS];
    gc_buffer *counts[FENCE_MAX_LAYOUTS], *wit[FENCE_MAX_LAYOUTS], *mem[FENCE_MAX_LAYOUTS];
    uint32_t *expected[FENCE_MAX_LAYOUTS]; /* outcomes each slot must have recorded */
    uint32_t *host_counts[FENCE_MAX_LAYOUTS];
    size_t slots[FENCE_MAX_LAYOUTS];
    gc_buffer *prm, *shuffle, *scratch;
    uint32_t *shuffle_host;
    unsigned wg, groups, test_groups, instances, rounds;
    unsigned stressers;  /* local cases: stress work-items per group, beside the wg testers */
    uint32_t epoch;      /* next value to send */
    uint32_t sync_target;
    uint64_t launches;
    double seconds;
    /* litmus shapes: registers (poisoned before every launch), meeting counters */
    gc_kernel *classify;
    gc_buffer *res, *sync;
    unsigned roles;
    /* last_block: the rounds' ticket counters */
    gc_buffer *counters;
    /* host cases */
    gc_buffer *ctl;
    fence_host_side hs;
};

static uint32_t ctx_rand(void *ctx) { return gc_ctx_rand_u32(ctx); }

/* The compiled code must contain the fences the case is about, and no others, and poll
 * inside its loop: otherwise its outcome says nothing (ERROR). CUDA only (PTX). */
static gc_status check_ptx(fence_engine *e) {
    const char *ptx = gc_module_assembly(e->mod);
    if (gc_ctx_info(e->ctx)->backend != GC_BACKEND_CUDA) return GC_OK;
    if (!ptx) {
        gc_ctx_error(e->ctx, "the CUDA module has no PTX to check the fences in");
        return GC_ERR_COMPILE;
    }
    char fences[2][32], poll[32], msg[512];
    fence_ptx_expect x;
    for (unsigned l = 0; l < e->n_layouts; l++) {
        fence_case_ptx_expect(e->c, l, &x, fences, poll);
        if (!fence_ptx_check(ptx, &x, msg, sizeof msg)) {
            gc_ctx_error(e->ctx, "PTX check: %s", msg);
            return GC_ERR_COMPILE;
        }
        gc_ctx_note(e->ctx, "PTX check of %s passed: fences {%s%s%s} and no other, poll %s%s", x.entry,
                    x.fences[0] ? x.fences[0] : "", x.fences[1] ? " " : "", x.fences[1] ? x.fences[1] : "",
                    x.poll ? x.poll : "(none)", x.poll ? (x.poll_loop_pure ? " in a fence- and store-free loop" : " in a loop") : "");
    }
    return GC_OK;
}
static gc_status step_local(fence_engine *e);
static gc_status step_global(fence_engine *e);
static gc_status step_litmus(fence_engine *e);
static gc_status step_barrier(fence_engine *e);
static gc_status step_last_block(fence_engine *e);

static gc_status zeroed(gc_test_ctx *ctx, size_t bytes, gc_buffer **out) {
    gc_status st = gc_ctx_alloc(ctx, bytes, GC_MEM_DEVICE, out);
    return st ? st : gc_buffer_fill_byte(*out, 0);
}

/* Local memory of one mp_local group (fence_params.gc's FL_*). */
static size_t local_bytes(unsigned testers, unsigned rounds, unsigned stressers) {
    return (FL_TEST_WORDS((size_t)testers, rounds) + (stressers ? FL_STRESS_WORDS : 0u)) * 4u;
}

static gc_status open_device_layouts(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    const gc_device_info *info = gc_ctx_info(ctx);
    const fence_config *cfg = &e->cfg;
    gc_status st;
    e->rounds = cfg->rounds;
    if (e->c->space == FENCE_LOCAL) {
        /* A group is local_wg_size testers plus local_stress_items stressers, as many of
         * those as the kernel's work-group limit leaves room for. */
        const size_t limit = gc_kernel_max_work_group_size(e->k[0]);
        const unsigned maxwg = limit > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)limit;
        e->wg = cfg->local_wg_size;
        if (e->wg > maxwg) {
            gc_ctx_skip(ctx, "local_wg_size %u exceeds the work-group limit of kernel mp_local here (%u)", e->wg, maxwg);
            return GC_ERR_UNSUPPORTED;
        }
        e->stressers = cfg->local_stress_items < maxwg - e->wg ? cfg->local_stress_items : maxwg - e->wg;
        if (e->stressers != cfg->local_stress_items)
            gc_ctx_note(ctx, "local stress work-items cut from %u to %u (work-group limit %u)", cfg->local_stress_items,
                        e->stressers, maxwg);
        e->groups = cfg->local_groups;
        /* Fewer rounds if the local memory is too small for them. */
        while (e->rounds > 1 && local_bytes(e->wg, e->rounds, e->stressers) > info->local_mem_bytes) e->rounds--;
        if (local_bytes(e->wg, e->rounds, e->stressers) > info->local_mem_bytes) {
            gc_ctx_skip(ctx, "local memory (%llu bytes) too small for %u work-items",
                        (unsigned long long)info->local_mem_bytes, e->wg);
            return GC_ERR_UNSUPPORTED;
        }
        size_t items = (size_t)e->wg * e->groups;
        e->slots[0] = e->slots[1] = items;
        if ((st = zeroed(ctx, 2 * items * FO_COUNT * 4, &e->counts[0]))) return st;
        e->counts[1] = e->counts[0];
    } else {
        e->wg = cfg->wg_size;
        e->groups = cfg->groups;
        e->test_groups = e->groups - e->groups * cfg->stress_pct / 100u;
        if (e->test_groups < 2) e->test_groups = 2;
        if (e->test_groups > e->groups) e->groups = e->test_groups;
        e->instances = e->test_groups * e->wg;
        size_t items = (size_t)e->wg * e->groups;
        e->slots[0] = e->slots[1] = items;
        for (unsigned l = 0; l < 2; l++)
            if ((st = zeroed(ctx, items * FO_COUNT * 4, &e->counts[l]))) return st;
        if ((st = zeroed(ctx, (size_t)ONE_WRITER_SLOTS * cfg->stride * 4, &e->mem[0])) ||
            (st = zeroed(ctx, (size_t)2 * e->instances * cfg->stride * 4, &e->mem[1])) ||
            (st = gc_ctx_alloc(ctx, (size_t)e->groups * 4, GC_MEM_DEVICE, &e->shuffle)) ||
            (st = zeroed(ctx, (64u + (size_t)cfg->stress_lines * cfg->stress_line_words) * 4, &e->scratch)))
            return st;
        e->shuffle_host = gc_ctx_malloc(ctx, (size_t)e->groups * 4);
        if (!e->shuffle_host) return GC_ERR_NO_MEMORY;
    }
    for (unsigned l = 0; l < 2; l++) {
        if ((st = zeroed(ctx, FW_TOTAL_WORDS * 4, &e->wit[l]))) return st;
        e->expected[l] = gc_ctx_malloc(ctx, e->slots[l] * 4);
        e->host_counts[l] = gc_ctx_malloc(ctx, e->slots[l] * FO_COUNT * 4);
        if (!e->expected[l] || !e->host_counts[l]) return GC_ERR_NO_MEMORY;
    }
    return GC_OK;
}

static gc_status open_host_layout(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    gc_status st;
    const uint32_t n = e->cfg.host_instances, stride = e->cfg.stride;
    e->slots[0] = n;
    if ((st = gc_ctx_alloc(ctx, (size_t)2 * n * stride * 4, GC_MEM_HOST_MAPPED, &e->mem[0])) ||
        (st = gc_ctx_alloc(ctx, FC_WORDS * 4, GC_MEM_HOST_MAPPED, &e->ctl)) ||
        (st = zeroed(ctx, FW_TOTAL_WORDS * 4, &e->wit[0])) || (st = zeroed(ctx, (size_t)n * FO_COUNT * 4, &e->counts[0])))
        return st;
    fence_host_side *h = &e->hs;
    h->mem = gc_buffer_host_ptr(e->mem[0]);
    h->ctl = gc_buffer_host_ptr(e->ctl);
    if (!h->mem || !h->ctl) {
        gc_ctx_error(ctx, "host-mapped buffers have no host pointer");
        return GC_ERR_DEVICE_MEMORY;
    }
    memset(h->mem, 0, (size_t)2 * n * stride * 4);
    memset(h->ctl, 0, FC_WORDS * 4);
    h->n = n;
    h->stride = stride;
    h->order = e->c->space == FENCE_DEVICE_TO_HOST ? e->c->order2 : e->c->order1;
    h->last = gc_ctx_malloc(ctx, (size_t)n * 4);
    h->counts = gc_ctx_malloc(ctx, (size_t)n * FO_COUNT * 4);
    e->host_counts[0] = h->counts;
    h->write_seconds = e->cfg.host_write_seconds;
    h->next_value = 1;
    h->start_timeout_s = 10.0;
    e->expected[0] = NULL;
    if (!h->last || !h->counts) return GC_ERR_NO_MEMORY;
    return GC_OK;
}

/* The litmus shapes: `roles` sets of test groups (the global tests' work-groups shared
 * out among the roles), one instance per work-item of role 0. */
static gc_status open_litmus_layout(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    const fence_config *cfg = &e->cfg;
    gc_status st;
    e->rounds = cfg->rounds;
    e->roles = e->c->space == FENCE_IRIW ? 4u : 2u;
    e->wg = cfg->wg_size;
    e->test_groups = cfg->groups / e->roles > 0 ? cfg->groups / e->roles : 1u;
    e->groups = e->test_groups * e->roles;
    e->instances = e->test_groups * e->wg;
    e->slots[0] = e->instances;
    if ((st = gc_kernel_get(e->mod, "litmus_classify", &e->classify))) {
        gc_ctx_error(ctx, "kernel litmus_classify missing: %s", gc_last_error());
        return st;
    }
    if ((st = zeroed(ctx, (size_t)e->instances * FO_COUNT * 4, &e->counts[0])) ||
        (st = zeroed(ctx, (size_t)2 * e->instances * cfg->stride * 4, &e->mem[0])) ||
        (st = zeroed(ctx, (size_t)e->instances * 4, &e->sync)) ||
        (st = gc_ctx_alloc_output(ctx, (size_t)e->instances * e->rounds * LT_REGS * 4, &e->res)) ||
        (st = gc_ctx_alloc(ctx, (size_t)e->groups * 4, GC_MEM_DEVICE, &e->shuffle)) ||
        (st = zeroed(ctx, FW_TOTAL_WORDS * 4, &e->wit[0])))
        return st;
    e->shuffle_host = gc_ctx_malloc(ctx, (size_t)e->groups * 4);
    e->expected[0] = gc_ctx_malloc(ctx, e->slots[0] * 4);
    e->host_counts[0] = gc_ctx_malloc(ctx, e->slots[0] * FO_COUNT * 4);
    if (!e->shuffle_host || !e->expected[0] || !e->host_counts[0]) return GC_ERR_NO_MEMORY;
    return GC_OK;
}

/* The barrier shapes: the local tests' work-groups (local_wg_size, local_groups), every
 * work-item a writer and a reader; R words per work-item (local or global memory). */
static gc_status open_barrier_layout(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    const gc_device_info *info = gc_ctx_info(ctx);
    const fence_config *cfg = &e->cfg;
    gc_status st;
    const size_t limit = gc_kernel_max_work_group_size(e->k[0]);
    e->rounds = cfg->rounds;
    e->wg = cfg->local_wg_size;
    e->groups = cfg->local_groups;
    if (e->wg > limit) {
        gc_ctx_skip(ctx, "local_wg_size %u exceeds the work-group limit of kernel %s here (%zu)", e->wg,
                    fence_case_kernel(e->c, 0), limit);
        return GC_ERR_UNSUPPORTED;
    }
    if (e->c->space == FENCE_BARRIER_LOCAL) {
        while (e->rounds > 1 && (size_t)e->wg * e->rounds * 4u > info->local_mem_bytes) e->rounds--;
        if ((size_t)e->wg * e->rounds * 4u > info->local_mem_bytes) {
            gc_ctx_skip(ctx, "local memory (%llu bytes) too small for %u work-items",
                        (unsigned long long)info->local_mem_bytes, e->wg);
            return GC_ERR_UNSUPPORTED;
        }
    }
    e->slots[0] = (size_t)e->wg * e->groups;
    if ((st = zeroed(ctx, e->slots[0] * FO_COUNT * 4, &e->counts[0])) ||
        (st = zeroed(ctx, FW_TOTAL_WORDS * 4, &e->wit[0])))
        return st;
    if (e->c->space == FENCE_BARRIER_GLOBAL && (st = zeroed(ctx, e->slots[0] * e->rounds * 4, &e->mem[0]))) return st;
    e->expected[0] = gc_ctx_malloc(ctx, e->slots[0] * 4);
    e->host_counts[0] = gc_ctx_malloc(ctx, e->slots[0] * FO_COUNT * 4);
    if (!e->expected[0] || !e->host_counts[0]) return GC_ERR_NO_MEMORY;
    memset(e->expected[0], 0, e->slots[0] * 4);
    return GC_OK;
}

/* The last-block idiom: the global tests' work-group size, and as many work-groups as the
 * largest power of two within their count (the fetch-add ticket needs a bound 2^n - 1). */
static gc_status open_last_block_layout(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    const fence_config *cfg = &e->cfg;
    gc_status st;
    const size_t limit = gc_kernel_max_work_group_size(e->k[0]);
    e->rounds = cfg->rounds;
    e->wg = cfg->wg_size;
    if (limit && e->wg > limit) { /* fewer lanes read the partials: the idiom is the same */
        e->wg = (unsigned)limit;
        gc_ctx_note(ctx, "work-group size cut from %u to %u (the work-group limit of kernel last_block here)",
                    cfg->wg_size, e->wg);
    }
    e->groups = 2;
    while (e->groups * 2u <= cfg->groups && e->groups < (1u << 30)) e->groups *= 2u;
    e->slots[0] = e->wg;
    if ((st = zeroed(ctx, e->slots[0] * FO_COUNT * 4, &e->counts[0])) ||
        (st = zeroed(ctx, FW_TOTAL_WORDS * 4, &e->wit[0])) ||
        (st = zeroed(ctx, (size_t)e->groups * e->wg * e->rounds * 4, &e->mem[0])) ||
        (st = zeroed(ctx, (size_t)e->rounds * FT_COUNTER_STRIDE * 4, &e->counters)))
        return st;
    e->expected[0] = gc_ctx_malloc(ctx, e->slots[0] * 4);
    e->host_counts[0] = gc_ctx_malloc(ctx, e->slots[0] * FO_COUNT * 4);
    if (!e->expected[0] || !e->host_counts[0]) return GC_ERR_NO_MEMORY;
    memset(e->expected[0], 0, e->slots[0] * 4);
    return GC_OK;
}

gc_status fence_engine_open(gc_test_ctx *ctx, const fence_case *c, const fence_config *cfg, fence_engine **out) {
    fence_engine *e = gc_ctx_malloc(ctx, sizeof *e);
    if (!e) return GC_ERR_NO_MEMORY;
    *out = e;
    e->ctx = ctx;
    e->c = c;
    e->cfg = *cfg;
    e->epoch = 1;
    e->n_layouts = fence_layout_count(c->space);
    char d[FENCE_MAX_DEFINES][48];
    const char *defs[FENCE_MAX_DEFINES];
    const size_t n_defs = fence_case_defines(c, cfg->start_barrier, d, defs);
    gc_status st = gc_ctx_build(ctx, fence_case_source(c), defs, n_defs, &e->mod);
    if (st) return st;
    for (unsigned l = 0; l < e->n_layouts; l++) {
        st = gc_kernel_get(e->mod, fence_case_kernel(c, l), &e->k[l]);
        if (st) {
            gc_ctx_error(ctx, "kernel %s missing: %s", fence_case_kernel(c, l), gc_last_error());
            return st;
        }
    }
    if ((st = check_ptx(e))) return st;
    if ((st = gc_ctx_alloc(ctx, FP_COUNT * 4, GC_MEM_DEVICE, &e->prm))) return st;
    const int litmus = fence_space_is_litmus(c->space), barrier = fence_space_is_barrier(c->space);
    const int last_block = c->space == FENCE_LAST_BLOCK;
    if (c->space != FENCE_LOCAL && c->space != FENCE_GLOBAL && !litmus && !barrier && !last_block)
        return open_host_layout(e);
    if ((st = litmus       ? open_litmus_layout(e)
              : barrier    ? open_barrier_layout(e)
              : last_block ? open_last_block_layout(e)
                           : open_device_layouts(e)))
        return st;
    /* A warm-up step with no rounds: a compiler that builds kernels lazily at their first
     * launch (PoCL) does so here, not inside a measured step. It records no outcome. */
    const unsigned rounds = e->rounds;
    e->rounds = 0;
    st = c->space == FENCE_LOCAL ? step_local(e)
         : litmus                ? step_litmus(e)
         : barrier               ? step_barrier(e)
         : last_block            ? step_last_block(e)
                                 : step_global(e);
    e->rounds = rounds;
    return st;
}

void fence_engine_close(fence_engine *e) {
    if (!e) return;
    for (unsigned l = 0; l < FENCE_MAX_LAYOUTS; l++)
        if (e->k[l]) gc_kernel_free(e->k[l]);
    memset(e->k, 0, sizeof e->k);
    if (e->classify) gc_kernel_free(e->classify);
    e->classify = NULL;
}

static gc_status launch(fence_engine *e, unsigned layout, const uint32_t *prm, const gc_arg *args, size_t nargs,
                        size_t items, size_t local, size_t dyn_local) {
    gc_status st = gc_buffer_write(e->prm, 0, prm, FP_COUNT * 4);
    if (st) return st;
    gc_range r = {1, {items, 1, 1}, {local, 1, 1}, dyn_local};
    return gc_kernel_launch(e->k[layout], &r, args, nargs, NULL);
}

/* The pairs layout's partner offset (partner = (lid + offset) mod testers), random per
 * launch. Where the group has four or more 32-wide sub-groups, a lane's partner is
 * k sub-groups and j lanes away with 1 <= k <= n - 2 and 0 <= j < 32, so both sub-groups
 * a sub-group reads from differ from its own; offsets of every residue, not only whole
 * sub-groups, because on the GPU measured a writer and reader four sub-groups apart
 * (the same SM sub-partition) showed far fewer reorderings (docs/atomic_fence.md). */
static uint32_t local_partner_offset(gc_test_ctx *ctx, unsigned testers) {
    if (testers >= 128) {
        const uint32_t k = 1u + gc_ctx_rand_u32(ctx) % (testers / 32u - 2u);
        return 32u * k + gc_ctx_rand_u32(ctx) % 32u;
    }
    if (testers >= 64) return 32u * (1u + gc_ctx_rand_u32(ctx) % (testers / 32u - 1u));
    return 1u + gc_ctx_rand_u32(ctx) % (testers - 1u);
}

/* The parameters the parallel placements share: rounds, epoch, retries, and the affine
 * maps that place test groups, lanes and data instances. */
static void set_placement(uint32_t *P, const fence_engine *e, fence_affine groups, fence_affine lanes,
                          fence_affine data) {
    P[FP_ROUNDS] = e->rounds;
    P[FP_EPOCH] = e->epoch;
    P[FP_RETRIES] = e->cfg.retries;
    P[FP_TEST_GROUPS] = e->test_groups;
    P[FP_GROUP_MUL] = groups.mul;
    P[FP_GROUP_ADD] = groups.add;
    P[FP_LANE_MUL] = lanes.mul;
    P[FP_LANE_ADD] = lanes.add;
    P[FP_DATA_MUL] = data.mul;
    P[FP_DATA_ADD] = data.add;
    P[FP_STRIDE] = e->cfg.stride;
    P[FP_INSTANCES] = e->instances;
}

static gc_status step_local(fence_engine *e) {
    const unsigned wg = e->wg, R = e->rounds;
    uint32_t P[FP_COUNT] = {0};
    P[FP_ROUNDS] = R;
    P[FP_EPOCH] = e->epoch;
    P[FP_RETRIES] = e->cfg.local_retries;
    P[FP_LOCAL_TESTERS] = wg;
    P[FP_STRESS_ITERS] = e->cfg.local_stress_iters;
    P[FP_LANE_MUL] = 1;
    P[FP_LANE_ADD] = local_partner_offset(e->ctx, wg);
    e->epoch += R;
    gc_arg args[] = {GC_ARG_BUF(e->counts[0]), GC_ARG_BUF(e->wit[0]), GC_ARG_BUF(e->prm)};
    const size_t group = (size_t)wg + e->stressers;
    gc_status st = launch(e, 0, P, args, 3, group * e->groups, group, local_bytes(wg, R, e->stressers));
    if (st) return st;
    for (size_t i = 0; i < e->slots[0]; i++) {
        if (i % wg) e->expected[0][i] += R; /* local id 0 leads, it does not read */
        e->expected[1][i] += R;
    }
    return GC_OK;
}

static gc_status step_global(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    const unsigned wg = e->wg, R = e->rounds;
    const fence_config *cfg = &e->cfg;
    gc_status st;
    /* One writer: global work-item 0 writes, every other reads; a fresh slot pair. */
    uint32_t P[FP_COUNT] = {0};
    P[FP_ROUNDS] = R;
    P[FP_EPOCH] = e->epoch;
    P[FP_RETRIES] = cfg->retries;
    P[FP_STRIDE] = cfg->stride;
    P[FP_DATA_ADD] = gc_ctx_rand_u32(ctx) % ONE_WRITER_SLOTS;
    P[FP_FLAG_ADD] = (P[FP_DATA_ADD] + 1u + gc_ctx_rand_u32(ctx) % (ONE_WRITER_SLOTS - 1u)) % ONE_WRITER_SLOTS;
    e->epoch += R;
    gc_arg a0[] = {GC_ARG_BUF(e->mem[0]), GC_ARG_BUF(e->counts[0]), GC_ARG_BUF(e->wit[0]), GC_ARG_BUF(e->prm)};
    if ((st = launch(e, 0, P, a0, 4, e->slots[0], wg, 0))) return st;
    for (size_t i = 1; i < e->slots[0]; i++) e->expected[0][i] += R;

    /* Parallel: every testing work-item writes one instance and reads another. */
    memset(P, 0, sizeof P);
    fence_affine groups = fence_affine_derangement(e->test_groups, ctx_rand, ctx);
    fence_affine lanes = fence_affine_bijection(wg, ctx_rand, ctx);
    fence_affine data = fence_affine_bijection(e->instances, ctx_rand, ctx);
    fence_affine flag = fence_affine_bijection(e->instances, ctx_rand, ctx);
    set_placement(P, e, groups, lanes, data);
    P[FP_FLAG_MUL] = flag.mul;
    P[FP_FLAG_ADD] = flag.add;
    P[FP_STRESS_ITERS] = cfg->stress_iters;
    P[FP_STRESS_PATTERN] = cfg->stress_pattern;
    P[FP_STRESS_LINES] = cfg->stress_lines;
    P[FP_STRESS_LINE_WORDS] = cfg->stress_line_words;
    P[FP_PRE_STRESS_ITERS] = cfg->pre_stress_iters;
    P[FP_SCRATCH_WORDS] = 64u + cfg->stress_lines * cfg->stress_line_words;
    e->sync_target += e->test_groups;
    P[FP_SYNC_TARGET] = cfg->start_barrier ? e->sync_target : 0u;
    P[FP_SYNC_SPINS] = 1u << 16;
    e->epoch += R;
    if (cfg->shuffle) fence_shuffle(e->shuffle_host, e->groups, ctx_rand, ctx);
    else
        for (uint32_t g = 0; g < e->groups; g++) e->shuffle_host[g] = g;
    if ((st = gc_buffer_write(e->shuffle, 0, e->shuffle_host, (size_t)e->groups * 4))) return st;
    gc_arg a1[] = {GC_ARG_BUF(e->mem[1]),    GC_ARG_BUF(e->counts[1]), GC_ARG_BUF(e->wit[1]),
                   GC_ARG_BUF(e->prm),       GC_ARG_BUF(e->shuffle),   GC_ARG_BUF(e->scratch)};
    if ((st = launch(e, 1, P, a1, 6, e->slots[1], wg, 0))) return st;
    for (uint32_t g = 0; g < e->groups; g++)
        if (e->shuffle_host[g] < e->test_groups)
            for (uint32_t l = 0; l < wg; l++) e->expected[1][(size_t)g * wg + l] += R;
    return GC_OK;
}

static gc_status step_litmus(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    const unsigned wg = e->wg, R = e->rounds;
    const fence_config *cfg = &e->cfg;
    gc_status st;
    uint32_t P[FP_COUNT] = {0};
    fence_affine groups = fence_affine_bijection(e->test_groups, ctx_rand, ctx);
    fence_affine lanes = fence_affine_bijection(wg, ctx_rand, ctx);
    fence_affine slots = fence_affine_bijection(e->instances, ctx_rand, ctx);
    set_placement(P, e, groups, lanes, slots); /* retries: the meeting spin's polls */
    P[FP_SYNC_TARGET] = e->sync_target; /* the meeting counters before this launch */
    e->sync_target += e->roles * R;
    e->epoch += R;
    if (cfg->shuffle) fence_shuffle(e->shuffle_host, e->groups, ctx_rand, ctx);
    else
        for (uint32_t g = 0; g < e->groups; g++) e->shuffle_host[g] = g;
    if ((st = gc_buffer_write(e->shuffle, 0, e->shuffle_host, (size_t)e->groups * 4)) ||
        (st = gc_buffer_fill_byte(e->res, gc_ctx_canary(ctx))))
        return st;
    gc_arg a[] = {GC_ARG_BUF(e->mem[0]), GC_ARG_BUF(e->res), GC_ARG_BUF(e->sync), GC_ARG_BUF(e->prm),
                  GC_ARG_BUF(e->shuffle)};
    if ((st = launch(e, 0, P, a, 5, (size_t)e->groups * wg, wg, 0))) return st;
    gc_arg c[] = {GC_ARG_BUF(e->res), GC_ARG_BUF(e->counts[0]), GC_ARG_BUF(e->wit[0]), GC_ARG_BUF(e->prm)};
    gc_range r = {1, {e->instances, 1, 1}, {wg, 1, 1}, 0};
    if ((st = gc_kernel_launch(e->classify, &r, c, 4, NULL))) return st;
    for (size_t i = 0; i < e->slots[0]; i++) e->expected[0][i] += R;
    return GC_OK;
}

static gc_status step_barrier(fence_engine *e) {
    const unsigned wg = e->wg, R = e->rounds;
    uint32_t P[FP_COUNT] = {0};
    P[FP_ROUNDS] = R;
    P[FP_EPOCH] = e->epoch;
    P[FP_STRIDE] = e->cfg.rounds; /* words per work-item of barrier_global */
    P[FP_LANE_MUL] = 1;
    P[FP_LANE_ADD] = local_partner_offset(e->ctx, wg);
    e->epoch += R;
    gc_status st;
    if (e->c->space == FENCE_BARRIER_LOCAL) {
        gc_arg args[] = {GC_ARG_BUF(e->counts[0]), GC_ARG_BUF(e->wit[0]), GC_ARG_BUF(e->prm)};
        st = launch(e, 0, P, args, 3, e->slots[0], wg, (size_t)wg * (R ? R : 1u) * 4u);
    } else {
        gc_arg args[] = {GC_ARG_BUF(e->mem[0]), GC_ARG_BUF(e->counts[0]), GC_ARG_BUF(e->wit[0]), GC_ARG_BUF(e->prm)};
        st = launch(e, 0, P, args, 4, e->slots[0], wg, 0);
    }
    if (st) return st;
    for (size_t i = 0; i < e->slots[0]; i++) e->expected[0][i] += R;
    return GC_OK;
}

static gc_status step_last_block(fence_engine *e) {
    uint32_t P[FP_COUNT] = {0};
    P[FP_ROUNDS] = e->rounds;
    P[FP_EPOCH] = e->epoch;
    P[FP_STRIDE] = e->cfg.rounds; /* words per work-item of the partials */
    e->epoch += e->rounds;
    gc_arg args[] = {GC_ARG_BUF(e->mem[0]), GC_ARG_BUF(e->counters), GC_ARG_BUF(e->counts[0]), GC_ARG_BUF(e->wit[0]),
                     GC_ARG_BUF(e->prm)};
    gc_status st = launch(e, 0, P, args, 5, (size_t)e->groups * e->wg, e->wg, 0);
    if (st) return st;
    /* Each lane of the round's last work-group reads one word of every group's partial. */
    for (size_t i = 0; i < e->slots[0]; i++) e->expected[0][i] += e->rounds * e->groups;
    return GC_OK;
}

static gc_status step_host(fence_engine *e) {
    gc_test_ctx *ctx = e->ctx;
    fence_host_side *h = &e->hs;
    const uint32_t n = h->n;
    uint32_t P[FP_COUNT] = {0};
    P[FP_STRIDE] = h->stride;
    P[FP_INSTANCES] = n;
    gc_status st;
    pthread_t th;
    const size_t wg = n % 256u == 0 ? 256u : 64u;
    __atomic_store_n(&h->ctl[FC_STARTED], 0u, __ATOMIC_RELAXED);
    __atomic_store_n(&h->ctl[FC_DONE], 0u, __ATOMIC_RELAXED);
    if (e->c->space == FENCE_DEVICE_TO_HOST) {
        P[FP_ROUNDS] = e->cfg.host_rounds;
        P[FP_EPOCH] = e->epoch;
        e->epoch += e->cfg.host_rounds;
        __atomic_store_n(&h->kernel_done, 0, __ATOMIC_RELEASE);
        if (pthread_create(&th, NULL, fence_host_reader, h)) {
            gc_ctx_error(ctx, "cannot start the host reader thread");
            return GC_ERR_DRIVER;
        }
        gc_arg args[] = {GC_ARG_BUF(e->mem[0]), GC_ARG_BUF(e->ctl), GC_ARG_BUF(e->prm)};
        st = launch(e, 0, P, args, 3, n, wg, 0);
        fence_host_signal_done(h);
        pthread_join(th, NULL);
        return st;
    }
    /* Host writer, device readers: readers stop when the writer says so. */
    P[FP_RETRIES] = 1u << 22;
    if (pthread_create(&th, NULL, fence_host_writer, h)) {
        gc_ctx_error(ctx, "cannot start the host writer thread");
        return GC_ERR_DRIVER;
    }
    gc_arg args[] = {GC_ARG_BUF(e->mem[0]), GC_ARG_BUF(e->ctl), GC_ARG_BUF(e->counts[0]), GC_ARG_BUF(e->wit[0]),
                     GC_ARG_BUF(e->prm)};
    st = launch(e, 0, P, args, 5, n, wg, 0);
    if (st) __atomic_store_n(&h->ctl[FC_STARTED], 1u, __ATOMIC_RELAXED); /* release the writer */
    pthread_join(th, NULL);
    if (st) return st;
    if (h->start_timed_out) {
        gc_ctx_error(ctx, "the device readers did not start within %.0f s of the launch", h->start_timeout_s);
        return GC_ERR_TIMEOUT;
    }
    /* The kernel wrote this launch's outcomes; accumulate them. */
    uint32_t *got = e->host_counts[1] ? e->host_counts[1] : (e->host_counts[1] = gc_ctx_malloc(ctx, (size_t)n * FO_COUNT * 4));
    if (!got) return GC_ERR_NO_MEMORY;
    if ((st = gc_buffer_read(e->counts[0], 0, got, (size_t)n * FO_COUNT * 4))) return st;
    for (size_t i = 0; i < (size_t)n * FO_COUNT; i++) h->counts[i] += got[i];
    return GC_OK;
}

gc_status fence_engine_step(fence_engine *e) {
    double t0 = gc_ctx_elapsed(e->ctx);
    gc_status st;
    switch (e->c->space) {
    case FENCE_LOCAL: st = step_local(e); break;
    case FENCE_GLOBAL: st = step_global(e); break;
    case FENCE_SB: case FENCE_LB: case FENCE_IRIW: st = step_litmus(e); break;
    case FENCE_BARRIER_LOCAL: case FENCE_BARRIER_GLOBAL: st = step_barrier(e); break;
    case FENCE_LAST_BLOCK: st = step_last_block(e); break;
    default: st = step_host(e); break;
    }
    e->seconds += gc_ctx_elapsed(e->ctx) - t0;
    if (st == GC_OK) e->launches++;
    return st;
}

static gc_status read_counts(fence_engine *e) {
    if (e->c->space == FENCE_DEVICE_TO_HOST || e->c->space == FENCE_HOST_TO_DEVICE) return GC_OK; /* on the host */
    if (e->c->space == FENCE_LOCAL) {
        /* A failed read keeps its own status: a kernel's fault surfaces here as the
         * launch's error, not as a memory one. */
        gc_status st = gc_buffer_read(e->counts[0], 0, e->host_counts[0], e->slots[0] * FO_COUNT * 4);
        if (st) return st;
        return gc_buffer_read(e->counts[0], e->slots[0] * FO_COUNT * 4, e->host_counts[1], e->slots[1] * FO_COUNT * 4);
    }
    for (unsigned l = 0; l < e->n_layouts; l++) {
        gc_status st = gc_buffer_read(e->counts[l], 0, e->host_counts[l], e->slots[l] * FO_COUNT * 4);
        if (st) return st;
    }
    return GC_OK;
}

gc_status fence_engine_progress(fence_engine *e, fence_progress *p) {
    memset(p, 0, sizeof *p);
    gc_status st = read_counts(e);
    if (st) return st;
    for (unsigned l = 0; l < e->n_layouts; l++) {
        p->layout[l] = fence_tally_slots(e->host_counts[l], 0, e->slots[l]);
        p->total.never += p->layout[l].never;
        p->total.ok += p->layout[l].ok;
        p->total.stale += p->layout[l].stale;
    }
    p->launches = e->launches;
    p->seconds = e->seconds;
    return GC_OK;
}

gc_status fence_engine_stale(fence_engine *e, uint64_t *stale) {
    *stale = 0;
    if (e->c->space == FENCE_DEVICE_TO_HOST) {
        *stale = e->hs.stale;
        return GC_OK;
    }
    unsigned buffers = e->c->space == FENCE_GLOBAL ? 2u : 1u;
    for (unsigned l = 0; l < buffers; l++) {
        uint32_t w = 0;
        gc_status st = gc_buffer_read(e->wit[l], 0, &w, 4);
        if (st) return st;
        *stale += w;
    }
    return GC_OK;
}

/* Note the first recorded stale observations of a layout. */
static void note_witnesses(fence_engine *e, unsigned l) {
    if (e->c->space == FENCE_DEVICE_TO_HOST) {
        if (e->hs.stale)
            gc_ctx_note(e->ctx, "first stale: instance %u, flag %u seen, data %u (expected >= %u)", e->hs.first_stale[0],
                        e->hs.first_stale[1], e->hs.first_stale[2], e->hs.first_stale[1]);
        return;
    }
    uint32_t w[FW_TOTAL_WORDS];
    unsigned buffer = e->c->space == FENCE_GLOBAL ? l : 0u;
    if (gc_buffer_read(e->wit[buffer], 0, w, sizeof w) != GC_OK) return;
    if (fence_space_is_barrier(e->c->space) || e->c->space == FENCE_LAST_BLOCK) {
        for (uint32_t i = 0; i < w[0] && i < FW_MAX; i++) {
            const uint32_t *r = w + 1 + FW_WORDS * i;
            gc_ctx_note(e->ctx, "stale (%s): round %u, the word of work-item %u read as %u, expected %u",
                        fence_layout_name(e->c->space, l), r[FW_ROUND], r[FW_INSTANCE], r[FW_GOT], r[FW_EXPECTED]);
        }
        return;
    }
    if (fence_space_is_litmus(e->c->space)) {
        for (uint32_t i = 0; i < w[0] && i < FW_MAX; i++) {
            const uint32_t *r = w + 1 + FW_WORDS * i;
            gc_ctx_note(e->ctx, "forbidden outcome: instance %u, round %u (value %u): registers that saw their "
                        "store: mask 0x%x", r[FW_INSTANCE], r[FW_ROUND], r[FW_EXPECTED], r[FW_GOT]);
        }
        return;
    }
    for (uint32_t i = 0; i < w[0] && i < FW_MAX; i++) {
        const uint32_t *r = w + 1 + FW_WORDS * i;
        gc_ctx_note(e->ctx, "stale (%s): %s %u, round %u: flag seen, data %u, expected %u",
                    fence_layout_name(e->c->space, l), e->c->space == FENCE_GLOBAL && l == 1 ? "instance" : "reader",
                    r[FW_INSTANCE], r[FW_ROUND], r[FW_GOT], r[FW_EXPECTED]);
    }
}

/* The last ticket of every round wraps its counter back to 0 (bound G - 1), so after any
 * number of launches every counter is 0; the fetch-add form's scaled word too. */
static int validate_counters(fence_engine *e, const char *label) {
    const size_t n = (size_t)e->cfg.rounds * FT_COUNTER_STRIDE;
    uint32_t *got = gc_ctx_malloc(e->ctx, n * 4), *want = gc_ctx_malloc(e->ctx, e->cfg.rounds * 4u);
    uint32_t *first = gc_ctx_malloc(e->ctx, e->cfg.rounds * 4u);
    if (!got || !want || !first) {
        gc_ctx_error(e->ctx, "out of memory reading the ticket counters");
        return 0;
    }
    if (gc_buffer_read(e->counters, 0, got, n * 4) != GC_OK) {
        gc_ctx_error(e->ctx, "reading the ticket counters failed: %s", gc_last_error());
        return 0;
    }
    for (unsigned r = 0; r < e->cfg.rounds; r++) {
        want[r] = 0;
        first[r] = got[(size_t)r * FT_COUNTER_STRIDE];
    }
    char name[160];
    snprintf(name, sizeof name, "%s ticket counters back at 0", label);
    return gc_check_u32(e->ctx, name, want, first, e->cfg.rounds);
}

int fence_engine_validate(fence_engine *e, const char *label) {
    if (read_counts(e) != GC_OK) {
        gc_ctx_error(e->ctx, "reading the outcome counters failed: %s", gc_last_error());
        return 0;
    }
    int ok = 1;
    for (unsigned l = 0; l < e->n_layouts; l++) {
        const int litmus = fence_space_is_litmus(e->c->space), barrier = fence_space_is_barrier(e->c->space);
        const int last_block = e->c->space == FENCE_LAST_BLOCK;
        /* Shapes without a poll record no "never seen": there that counter holds invalid
         * values, which are never allowed. */
        fence_expect x = {e->expected[l], e->c->kind == FENCE_FENCED,
                          (e->c->space == FENCE_GLOBAL && l == 1) || barrier ? "work-item"
                          : litmus                                          ? "litmus instance"
                          : last_block                                      ? "lane of the last work-group"
                          : e->expected[l]                                  ? "reader"
                                                                            : "instance",
                          litmus || barrier || last_block};
        char name[160];
        snprintf(name, sizeof name, "%s %s", label, fence_layout_name(e->c->space, l));
        ok &= gc_check_property(e->ctx, name, e->host_counts[l], e->slots[l], FO_COUNT * 4, &x, fence_validate,
                                fence_mangle, fence_mangle_variants(&x));
        fence_tally t = fence_tally_slots(e->host_counts[l], 0, e->slots[l]);
        if (t.stale) note_witnesses(e, l);
    }
    if (e->c->space == FENCE_LAST_BLOCK) ok &= validate_counters(e, label);
    return ok;
}
