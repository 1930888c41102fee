/* SPDX-License-Identifier: Apache-2.0 */
/* fence_config.c — the suite's run parameters: defaults chosen per device (a GPU gets the
 * litmus layout at full occupancy with stress; a CPU device, PoCL here, small sizes so the
 * suite stays within its minute), then overrides from the command line.
 *
 * Overrides are `--param atomic_fence.<name>=VALUE` (declared here, so that the command
 * line checks them before any test runs); each effective value is recorded in the test's
 * report. The environment variables GPUCHECK_FENCE_<NAME> that set them before are no
 * longer read: one that is set makes the test an ERROR naming the --param to use. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/atomic_fence/fence_suite.h"

typedef enum { P_UINT, P_U64, P_SECONDS } param_type;
typedef struct {
    const char *name; /* --param atomic_fence.<name> (was GPUCHECK_FENCE_<upper-case name>) */
    param_type type;
    size_t offset;
    uint64_t min, max;
    const char *help;
} param_def;

#define U(field, lo, hi, help) {#field, P_UINT, offsetof(fence_config, field), lo, hi, help}
static const param_def params[] = {
    U(wg_size, 2, 1024, "work-group size, global tests"),
    U(groups, 2, 1u << 20, "work-groups, global tests (stress groups included)"),
    U(local_wg_size, 2, 1024, "work-group size, local tests"),
    U(local_groups, 1, 1u << 20, "work-groups, local tests"),
    U(rounds, 1, 32, "message-passing rounds per launch"),
    U(retries, 1, 1u << 24, "flag polls per round, global tests"),
    U(local_retries, 1, 1u << 24, "flag polls per round, local tests"),
    U(stride, 64, 4096, "words between instance slots"),
    U(stress_pct, 0, 90, "percent of parallel-layout work-groups that only stress memory"),
    U(stress_iters, 0, 1u << 20, "iterations of a stress work-group"),
    U(stress_pattern, 0, 3, "0 store-store, 1 store-load, 2 load-store, 3 load-load"),
    U(stress_lines, 1, 1u << 16, "scratch lines the stress targets"),
    U(stress_line_words, 1, 1024, "words per stressed line"),
    U(pre_stress_iters, 0, 1u << 20, "stress iterations of each testing work-item first"),
    U(local_stress_items, 0, 1023, "local tests: work-items per group that only stress local memory"),
    U(local_stress_iters, 0, 1u << 24, "local tests: iteration cap of a stressing work-item"),
    U(shuffle, 0, 1, "shuffle the work-group roles every launch"),
    U(start_barrier, 0, 1, "start barrier among the testing work-groups"),
    U(host_instances, 256, 1u << 20, "instances of the host/device tests"),
    U(host_rounds, 1, 1u << 20, "values each device writer sends per launch"),
    {"host_write_seconds", P_SECONDS, offsetof(fence_config, host_write_seconds), 0, 60, "host writer's time per launch"},
    {"target_checks", P_U64, offsetof(fence_config, target_checks), 1, 1ull << 40, "fenced tests: checks per layout"},
    {"seconds", P_SECONDS, offsetof(fence_config, seconds), 0, 600, "fenced tests: time cap"},
    {"twin_seconds", P_SECONDS, offsetof(fence_config, twin_seconds), 0, 600, "twins: measuring time"},
    {"score_seconds", P_SECONDS, offsetof(fence_config, score_seconds), 0, 600, "mutation score: time per twin"},
};
#undef U

static void defaults(const gc_device_info *info, double scale, fence_config *c) {
    memset(c, 0, sizeof *c);
    const unsigned cu = info->compute_units ? info->compute_units : 1;
    const unsigned maxwg = info->max_work_group_size ? (unsigned)info->max_work_group_size : 64;
    c->rounds = 8;
    c->stride = 64;
    c->stress_pattern = 0;
    c->stress_lines = 64;
    c->stress_line_words = 32;
    c->shuffle = 1;
    if (info->is_gpu) {
        /* One wave of the largest work-groups (2048 resident work-items per compute unit
         * on the NVIDIA GPUs measured), a quarter of them stressing memory. */
        c->wg_size = maxwg < 1024 ? maxwg : 1024;
        c->groups = cu * (2048u / c->wg_size > 0 ? 2048u / c->wg_size : 1u);
        c->local_wg_size = maxwg < 256 ? maxwg : 256;
        c->local_groups = 8 * cu;
        c->retries = 4096;
        c->local_retries = 1024;
        c->stress_pct = 25;
        c->stress_iters = 2048;
        /* As many local stressers as testers: on sm_90 they make a writer's reordered
         * stores show about 180 times more often (docs/results/atomic_fence.md). */
        c->local_stress_items = c->local_wg_size;
        c->local_stress_iters = 1u << 16;
        c->host_instances = 8192;
        c->host_rounds = 512;
        c->host_write_seconds = 0.2;
        c->target_checks = 10000000;
        c->seconds = 2.0;
        c->twin_seconds = 1.0;
        c->score_seconds = 0.5;
    } else {
        /* A CPU device runs the work-items of a group one after another: small groups,
         * few polls (a partner that has not run yet will not run during the poll), and no
         * stress work-groups, which would only take turns with the test. */
        c->wg_size = maxwg < 64 ? maxwg : 64;
        c->groups = 8 * cu < 16 ? 16 : 8 * cu;
        c->local_wg_size = c->wg_size;
        c->local_groups = c->groups;
        c->retries = 256;
        c->local_retries = 256;
        c->stress_pct = 0;
        c->stress_iters = 256;
        c->local_stress_items = 0;
        c->local_stress_iters = 256;
        c->host_instances = 1024;
        c->host_rounds = 64;
        c->host_write_seconds = 0.05;
        c->target_checks = 200000;
        c->seconds = 2.0;
        c->twin_seconds = 0.25;
        c->score_seconds = 0.15;
    }
    c->target_checks = (uint64_t)((double)c->target_checks * scale) + 1;
    c->seconds *= scale;
    c->twin_seconds *= scale;
    c->score_seconds *= scale;
    c->host_write_seconds *= scale;
}

static void env_name(const char *name, char *buf, size_t len) {
    size_t n = (size_t)snprintf(buf, len, "GPUCHECK_FENCE_");
    for (const char *p = name; *p && n + 1 < len; p++) buf[n++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
    buf[n] = 0;
}

void fence_config_declare(const char *suite) {
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        const param_def *p = &params[i];
        gc_param_def d = {suite, p->name, p->type == P_SECONDS ? GC_PARAM_REAL : GC_PARAM_UINT,
                          (double)p->min, (double)p->max, p->help};
        gc_param_register(&d);
    }
}

gc_status fence_config_load(gc_test_ctx *ctx, fence_config *cfg) {
    defaults(gc_ctx_info(ctx), gc_ctx_scale(ctx), cfg);
    char line[1536] = "parameters:";
    size_t used = strlen(line);
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        const param_def *p = &params[i];
        char var[64];
        env_name(p->name, var, sizeof var);
        if (getenv(var)) {
            gc_ctx_error(ctx, "%s is no longer read: write --param atomic_fence.%s=%s instead", var, p->name, getenv(var));
            return GC_ERR_ARGUMENT;
        }
        char *field = (char *)cfg + p->offset;
        int s = 0; /* given on the command line */
        if (p->type == P_SECONDS) {
            double v;
            if ((s = gc_ctx_param_real(ctx, p->name, &v))) memcpy(field, &v, sizeof v);
        } else {
            uint64_t v;
            if ((s = gc_ctx_param_uint(ctx, p->name, &v))) {
                if (p->type == P_U64) {
                    memcpy(field, &v, sizeof v);
                } else {
                    unsigned u = (unsigned)v; /* declared range fits */
                    memcpy(field, &u, sizeof u);
                }
            }
        }
        char val[48];
        if (p->type == P_SECONDS) {
            double v;
            memcpy(&v, field, sizeof v);
            snprintf(val, sizeof val, " %s=%g%s", p->name, v, s ? "*" : "");
        } else if (p->type == P_U64) {
            uint64_t v;
            memcpy(&v, field, sizeof v);
            snprintf(val, sizeof val, " %s=%llu%s", p->name, (unsigned long long)v, s ? "*" : "");
        } else {
            unsigned v;
            memcpy(&v, field, sizeof v);
            snprintf(val, sizeof val, " %s=%u%s", p->name, v, s ? "*" : "");
        }
        if (used + strlen(val) < sizeof line) {
            memcpy(line + used, val, strlen(val) + 1);
            used += strlen(val);
        }
    }
    gc_ctx_note(ctx, "%s (* = from --param)", line);
    return GC_OK;
}
