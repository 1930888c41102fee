/* SPDX-License-Identifier: Apache-2.0 */
/* test_sub_group_checker.c — the sub-group checker on the host, no device involved.
 *
 * Records are synthesized from an independent model of sub-group mappings (CUDA's warps
 * over the linearized local id, and a strided mapping that is legal on OpenCL), the
 * checker must accept them, and every corruption — hand-made here and each of the
 * checker's own negative-control variants — must be caught. The shape-reduction rule
 * is tested too. Output is TAP; the exit status is the number of failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/sub_group/sg_check.h"
#include "suites/sub_group/sg_shape.h"

static int g_failures, g_tests;

#define EXPECT(cond, ...)                                                                       \
    do {                                                                                        \
        if (!(cond)) {                                                                          \
            printf("#   %s:%d: expected %s: ", __FILE__, __LINE__, #cond);                      \
            printf(__VA_ARGS__);                                                                \
            printf("\n");                                                                       \
            ok = 0;                                                                             \
        }                                                                                       \
    } while (0)

static void report(const char *name, int ok) {
    g_tests++;
    if (!ok) g_failures++;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", g_tests, name);
}

/* ---- the model ----------------------------------------------------------------------- */

typedef enum { MAP_WARPS, MAP_STRIDED } mapping;

static const uint8_t CANARY = 0xA5;

/* Records of a conforming device with sub-groups of at most m work-items. WARPS: the
 * k-th sub-group is local linear ids [k*m, k*m+m). STRIDED: ceil(S/m) sub-groups,
 * local linear id p in sub-group p % R at local id p / R. */
static uint32_t *model(const gc_sg_shape *s, unsigned m, mapping map, size_t *n_out) {
    size_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, ng[3];
    for (unsigned d = 0; d < s->dims; d++) {
        g[d] = s->global[d];
        l[d] = s->local[d];
    }
    for (unsigned d = 0; d < 3; d++) ng[d] = (g[d] + l[d] - 1) / l[d];
    size_t n = g[0] * g[1] * g[2];
    uint32_t *rec = malloc(n * SG_NFIELDS * sizeof *rec);
    if (!rec) abort();
    for (size_t z = 0; z < g[2]; z++)
        for (size_t y = 0; y < g[1]; y++)
            for (size_t x = 0; x < g[0]; x++) {
                size_t gx = x / l[0], gy = y / l[1], gz = z / l[2];
                size_t sx = g[0] - gx * l[0] < l[0] ? g[0] - gx * l[0] : l[0];
                size_t sy = g[1] - gy * l[1] < l[1] ? g[1] - gy * l[1] : l[1];
                size_t sz = g[2] - gz * l[2] < l[2] ? g[2] - gz * l[2] : l[2];
                size_t size = sx * sy * sz;
                size_t p = (x - gx * l[0]) + sx * ((y - gy * l[1]) + sy * (z - gz * l[2]));
                size_t groups = (size + m - 1) / m;
                size_t sg, lid, count;
                if (map == MAP_WARPS) {
                    sg = p / m;
                    lid = p % m;
                    count = size - sg * m < m ? size - sg * m : m;
                } else {
                    sg = p % groups;
                    lid = p / groups;
                    count = (size - sg + groups - 1) / groups;
                }
                uint32_t *r = rec + (x + g[0] * (y + g[1] * z)) * SG_NFIELDS;
                r[SG_F_GROUP_ID] = r[SG_F_GROUP_LINEAR_ID] = (uint32_t)sg;
                r[SG_F_LOCAL_ID] = r[SG_F_LOCAL_LINEAR_ID] = (uint32_t)lid;
                r[SG_F_LOCAL_RANGE] = r[SG_F_LOCAL_LINEAR_RANGE] = (uint32_t)count;
                r[SG_F_GROUP_RANGE] = r[SG_F_GROUP_LINEAR_RANGE] = (uint32_t)groups;
                r[SG_F_MAX_LOCAL_RANGE] = m;
                r[SG_F_LEADER] = lid == 0;
                r[SG_F_WG_LINEAR_ID] = (uint32_t)(gx + ng[0] * (gy + ng[1] * gz));
            }
    *n_out = n;
    return rec;
}

static gc_sg_shape shape3(unsigned dims, size_t g0, size_t g1, size_t g2, size_t l0, size_t l1,
                          size_t l2, unsigned m) {
    gc_sg_shape s;
    memset(&s, 0, sizeof s);
    s.dims = dims;
    s.global[0] = g0, s.global[1] = g1, s.global[2] = g2;
    s.local[0] = l0, s.local[1] = l1, s.local[2] = l2;
    s.device_sizes[0] = m;
    s.n_device_sizes = 1;
    s.canary = CANARY;
    return s;
}

/* Shapes: the plan's 3-D on a 1024-work-item device, 2-D, 1-D, primes, sub-groups
 * larger than the work-group, and non-uniform ranges in 1-D and 3-D. */
typedef struct {
    const char *name;
    gc_sg_shape shape;
    unsigned m;
} model_case;

static size_t model_cases(model_case *out) {
    size_t k = 0;
    out[k++] = (model_case){"3d_10x10x10", shape3(3, 20, 20, 20, 10, 10, 10, 32), 32};
    out[k++] = (model_case){"2d_31x31", shape3(2, 62, 62, 1, 31, 31, 1, 32), 32};
    out[k++] = (model_case){"1d_1023", shape3(1, 2046, 1, 1, 1023, 1, 1, 32), 32};
    out[k++] = (model_case){"3d_primes_13x11x7", shape3(3, 26, 22, 14, 13, 11, 7, 32), 32};
    out[k++] = (model_case){"1d_prime_1021_sg16", shape3(1, 3063, 1, 1, 1021, 1, 1, 16), 16};
    out[k++] = (model_case){"1d_3_of_32", shape3(1, 111, 1, 1, 3, 1, 1, 32), 32};
    out[k++] = (model_case){"1d_nonuniform", shape3(1, 2557, 1, 1, 1023, 1, 1, 32), 32};
    out[k++] = (model_case){"3d_nonuniform", shape3(3, 25, 25, 25, 10, 10, 10, 32), 32};
    out[k++] = (model_case){"3d_sg8_7x5x3", shape3(3, 14, 10, 6, 7, 5, 3, 8), 8};
    return k;
}

/* ---- acceptance ---------------------------------------------------------------------- */

static void test_gc_sg_check__accepts_model_records(void) {
    model_case cases[16];
    size_t nc = model_cases(cases);
    for (size_t c = 0; c < nc; c++) {
        for (int map = MAP_WARPS; map <= MAP_STRIDED; map++) {
            int ok = 1;
            gc_sg_shape s = cases[c].shape;
            s.linear_model = map == MAP_WARPS;
            size_t n;
            uint32_t *rec = model(&s, cases[c].m, (mapping)map, &n);
            char msg[256];
            gc_sg_summary sum;
            size_t v = gc_sg_check(rec, n, &s, &sum, msg, sizeof msg);
            EXPECT(v == 0, "%zu violations, first: %s", v, msg);
            EXPECT(sum.work_items == n, "%zu of %zu", sum.work_items, n);
            EXPECT(sum.unwritten == 0, "%zu", sum.unwritten);
            EXPECT(sum.max_size == cases[c].m, "%u", sum.max_size);
            EXPECT(sum.checks >= 11 * n, "%llu checks", (unsigned long long)sum.checks);
            char name[128];
            snprintf(name, sizeof name, "test_gc_sg_check__accepts_model_records %s %s",
                     cases[c].name, map == MAP_WARPS ? "warps" : "strided");
            report(name, ok);
            free(rec);
        }
    }
}

/* With a canary of 0 a field may legitimately hold it (sub-group id 0, leader 0): the
 * per-field check must not fire there; with any other byte it must not fire on a model. */
static void test_gc_sg_check__field_canary_only_where_it_cannot_be_a_value(void) {
    int ok = 1;
    for (unsigned canary = 0; canary < 256; canary += 0x55) {
        gc_sg_shape s = shape3(3, 20, 20, 20, 10, 10, 10, 32);
        s.canary = (uint8_t)canary;
        size_t n;
        uint32_t *rec = model(&s, 32, MAP_WARPS, &n);
        char msg[256];
        EXPECT(gc_sg_check(rec, n, &s, NULL, msg, sizeof msg) == 0, "canary 0x%02X: %s", canary, msg);
        free(rec);
    }
    report("test_gc_sg_check__field_canary_only_where_it_cannot_be_a_value", ok);
}

static void test_gc_sg_check__summary_counts_incomplete_sub_groups(void) {
    int ok = 1;
    /* 8 work-groups of 1000: 31 warps of 32 and one of 8 each. */
    gc_sg_shape s = shape3(3, 20, 20, 20, 10, 10, 10, 32);
    s.linear_model = 1;
    s.host_max_size = 32;
    s.host_full_count = 32;
    size_t n;
    uint32_t *rec = model(&s, 32, MAP_WARPS, &n);
    gc_sg_summary sum;
    char msg[256];
    size_t v = gc_sg_check(rec, n, &s, &sum, msg, sizeof msg);
    EXPECT(v == 0, "%s", msg);
    EXPECT(sum.work_groups == 8 && sum.full_work_groups == 8, "%zu/%zu", sum.work_groups,
           sum.full_work_groups);
    EXPECT(sum.sub_groups == 256, "%zu", sum.sub_groups);
    EXPECT(sum.incomplete == 8, "%zu", sum.incomplete);
    EXPECT(sum.min_size == 8, "%u", sum.min_size);
    free(rec);

    /* Non-uniform 1-D: 1023, 1023, 511 -> 32 + 32 + 16 sub-groups, 3 incomplete. */
    s = shape3(1, 2557, 1, 1, 1023, 1, 1, 32);
    rec = model(&s, 32, MAP_WARPS, &n);
    v = gc_sg_check(rec, n, &s, &sum, msg, sizeof msg);
    EXPECT(v == 0, "%s", msg);
    EXPECT(sum.work_groups == 3 && sum.full_work_groups == 2, "%zu/%zu", sum.work_groups,
           sum.full_work_groups);
    EXPECT(sum.sub_groups == 80, "%zu", sum.sub_groups);
    EXPECT(sum.incomplete == 3, "%zu", sum.incomplete);
    free(rec);
    report("test_gc_sg_check__summary_counts_incomplete_sub_groups", ok);
}

/* ---- hand-made corruptions ------------------------------------------------------------ */

static uint32_t *field(uint32_t *rec, size_t i, unsigned f) { return rec + i * SG_NFIELDS + f; }

/* Index of the record of work-group-local position (x, y, z) in the 3-D 20^3 / 10^3 case. */
static size_t idx3(size_t wx, size_t wy, size_t wz, size_t x, size_t y, size_t z) {
    return (wx * 10 + x) + 20 * ((wy * 10 + y) + 20 * (wz * 10 + z));
}

typedef void (*corrupt_fn)(uint32_t *rec, size_t n, gc_sg_shape *s);

static void c_duplicate_local_id(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    /* Warp 0 of work-group (1,0,0): lane 2 also says lane 1. */
    size_t i = idx3(1, 0, 0, 2, 0, 0);
    *field(rec, i, SG_F_LOCAL_ID) = *field(rec, i, SG_F_LOCAL_LINEAR_ID) = 1;
}
static void c_missing_sub_group(uint32_t *rec, size_t n, gc_sg_shape *s) {
    /* Every item of work-group 5 counts 33 sub-groups: sub-group 32 has nobody. Without
     * the runtime's count, only the every-sub-group-present check can see it. */
    s->host_full_count = 0;
    for (size_t i = 0; i < n; i++)
        if (*field(rec, i, SG_F_WG_LINEAR_ID) == 5) {
            *field(rec, i, SG_F_GROUP_RANGE) = 33;
            *field(rec, i, SG_F_GROUP_LINEAR_RANGE) = 33;
        }
}
static void c_merged_sub_groups(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    /* Work-group 0's warp 1 claims to be warp 0: warp 0 has every local id twice. */
    for (size_t p = 32; p < 64; p++) {
        size_t i = idx3(0, 0, 0, p % 10, (p / 10) % 10, p / 100);
        *field(rec, i, SG_F_GROUP_ID) = *field(rec, i, SG_F_GROUP_LINEAR_ID) = 0;
    }
}
static void c_leader_wrong_item(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    *field(rec, idx3(0, 1, 1, 5, 0, 0), SG_F_LEADER) = 1;
}
static void c_leader_missing(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    *field(rec, idx3(1, 1, 1, 0, 0, 0), SG_F_LEADER) = 0;
}
static void c_max_not_uniform(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)s;
    *field(rec, n - 7, SG_F_MAX_LOCAL_RANGE) = 64;
}
static void c_max_not_a_device_size(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)rec, (void)n;
    s->device_sizes[0] = 16;
    s->device_sizes[1] = 64;
    s->n_device_sizes = 2;
}
static void c_host_max_differs(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)rec, (void)n;
    s->host_max_size = 64;
}
static void c_host_count_differs(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)rec, (void)n;
    s->host_full_count = 31;
}
static void c_unwritten(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n;
    memset(field(rec, idx3(1, 0, 1, 9, 9, 9), 0), s->canary, SG_NFIELDS * sizeof(uint32_t));
}
static void c_field_unwritten(uint32_t *rec, size_t n, gc_sg_shape *s) {
    /* The kernel never wrote the max local range, on a device that lists no sizes and
     * with no runtime answer: uniform, above every local range, and only the canary in
     * that one field shows it (the record as a whole was written). */
    for (size_t i = 0; i < n; i++) *field(rec, i, SG_F_MAX_LOCAL_RANGE) = 0x01010101u * s->canary;
    s->n_device_sizes = 0;
    s->host_max_size = 0;
    s->linear_model = 0; /* OpenCL: the mapping is the implementation's */
}
static void c_leader_unwritten(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n;
    *field(rec, 17, SG_F_LEADER) = 0x01010101u * s->canary;
}
static void c_max_not_in_sixteen_sizes(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)rec, (void)n;
    for (unsigned k = 0; k < 16; k++) s->device_sizes[k] = 100 + k; /* 16 sizes, 32 not among them */
    s->n_device_sizes = 16;
}
static void c_size_not_uniform(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    size_t i = idx3(0, 0, 0, 3, 0, 0);
    *field(rec, i, SG_F_LOCAL_RANGE) = *field(rec, i, SG_F_LOCAL_LINEAR_RANGE) = 31;
}
static void c_group_range_not_uniform(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    size_t i = idx3(0, 0, 1, 4, 4, 4);
    *field(rec, i, SG_F_GROUP_RANGE) = *field(rec, i, SG_F_GROUP_LINEAR_RANGE) = 31;
}
static void c_group_id_twin(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    *field(rec, idx3(0, 1, 0, 0, 5, 5), SG_F_GROUP_LINEAR_ID) += 1;
}
static void c_local_range_twin(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    *field(rec, idx3(0, 1, 0, 0, 5, 5), SG_F_LOCAL_LINEAR_RANGE) -= 1;
}
static void c_group_range_twin(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    *field(rec, idx3(0, 1, 0, 0, 5, 5), SG_F_GROUP_LINEAR_RANGE) += 1;
}
static void c_local_range_above_max(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)s;
    /* Every work-item says max 4: uniform, but below the sizes it reports. */
    for (size_t i = 0; i < n; i++) *field(rec, i, SG_F_MAX_LOCAL_RANGE) = 4;
    s->n_device_sizes = 0;
}
static void c_sub_group_id_out_of_range(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    size_t i = idx3(1, 1, 0, 9, 9, 9); /* the last work-item: warp 31 of 32 */
    *field(rec, i, SG_F_GROUP_ID) = *field(rec, i, SG_F_GROUP_LINEAR_ID) = 32;
}
static void c_wrong_work_group(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n, (void)s;
    *field(rec, idx3(1, 1, 1, 2, 3, 4), SG_F_WG_LINEAR_ID) = 6;
}
static void c_warps_swapped(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)n;
    /* Work-group 3 numbers warps 0 and 1 the other way round: each work-group is
     * consistent on its own, but it does not map work-items like work-group 0. */
    s->linear_model = 0;
    for (size_t p = 0; p < 64; p++) {
        size_t i = idx3(1, 1, 0, p % 10, (p / 10) % 10, p / 100);
        uint32_t sg = *field(rec, i, SG_F_GROUP_ID) ^ 1u;
        *field(rec, i, SG_F_GROUP_ID) = *field(rec, i, SG_F_GROUP_LINEAR_ID) = sg;
    }
}
static void c_not_warps(uint32_t *rec, size_t n, gc_sg_shape *s) {
    /* Strided but conforming records, checked against the linear (CUDA) model. */
    size_t m;
    uint32_t *strided = model(s, 32, MAP_STRIDED, &m);
    memcpy(rec, strided, (m < n ? m : n) * SG_NFIELDS * sizeof *rec);
    free(strided);
    s->linear_model = 1;
}
static void c_wrong_count(uint32_t *rec, size_t n, gc_sg_shape *s) {
    (void)rec, (void)n;
    s->global[2] = 19;
}

static void test_gc_sg_check__rejects_corruptions(void) {
    static const struct {
        const char *name;
        corrupt_fn fn;
        const char *expect; /* in the first violation's text */
    } cases[] = {
        {"duplicated local id", c_duplicate_local_id, "appears twice"},
        {"missing sub-group", c_missing_sub_group, "no work-item in sub-group 32"},
        {"two sub-groups merged", c_merged_sub_groups, "appears twice"},
        {"leader flag on the wrong item", c_leader_wrong_item, "leader flag 1 with"},
        {"leader flag missing", c_leader_missing, "leader flag 0 with"},
        {"max local range not uniform", c_max_not_uniform, "max local range 64"},
        {"max local range not a device size", c_max_not_a_device_size, "not a sub-group size"},
        {"runtime max size differs", c_host_max_differs, "the runtime says 64"},
        {"runtime sub-group count differs", c_host_count_differs, "the runtime says 31"},
        {"unwritten record", c_unwritten, "never written"},
        {"local range not uniform in a sub-group", c_size_not_uniform, "reports local range"},
        {"group range not uniform in a work-group", c_group_range_not_uniform, "sub-groups, work-item"},
        {"group id twin differs", c_group_id_twin, "sub-group linear id"},
        {"local range twin differs", c_local_range_twin, "local linear range"},
        {"group range twin differs", c_group_range_twin, "group linear range"},
        {"local range above max", c_local_range_above_max, "above max local range"},
        {"sub-group id out of range", c_sub_group_id_out_of_range, "not below group range"},
        {"wrong work-group id", c_wrong_work_group, "reports work-group 6"},
        {"full work-groups map differently", c_warps_swapped, "maps local linear id"},
        {"not warps under the CUDA model", c_not_warps, "linear model"},
        {"record count does not match", c_wrong_count, "records for a range"},
        {"one field unwritten everywhere, no sizes listed", c_field_unwritten, "max local range never written"},
        {"leader field unwritten", c_leader_unwritten, "leader never written"},
        {"max local range not among 16 listed sizes", c_max_not_in_sixteen_sizes, "not a sub-group size"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int ok = 1;
        gc_sg_shape s = shape3(3, 20, 20, 20, 10, 10, 10, 32);
        s.linear_model = 1;
        s.host_max_size = 32;
        s.host_full_count = 32;
        size_t n;
        uint32_t *rec = model(&s, 32, MAP_WARPS, &n);
        char msg[256];
        size_t v0 = gc_sg_check(rec, n, &s, NULL, msg, sizeof msg);
        EXPECT(v0 == 0, "uncorrupted: %s", msg);
        cases[c].fn(rec, n, &s);
        size_t v = gc_sg_check(rec, n, &s, NULL, msg, sizeof msg);
        EXPECT(v > 0, "corruption not caught");
        EXPECT(strstr(msg, cases[c].expect) != NULL, "first violation \"%s\" lacks \"%s\"", msg,
               cases[c].expect);
        char name[400];
        snprintf(name, sizeof name, "test_gc_sg_check__rejects %s (%zu violations: %s)",
                 cases[c].name, v, msg);
        report(name, ok);
        free(rec);
    }
}

/* ---- the checker's own negative controls --------------------------------------------- */

static void test_gc_sg_mangle__every_variant_caught_on_every_shape(void) {
    model_case cases[16];
    size_t nc = model_cases(cases);
    for (size_t c = 0; c < nc; c++) {
        for (int map = MAP_WARPS; map <= MAP_STRIDED; map++) {
            int ok = 1;
            gc_sg_shape s = cases[c].shape;
            s.linear_model = 0; /* the weakest checker: mangles must not rely on the model */
            size_t n;
            uint32_t *rec = model(&s, cases[c].m, (mapping)map, &n);
            uint32_t *copy = malloc(n * SG_NFIELDS * sizeof *copy);
            if (!copy) abort();
            for (unsigned v = 0; v < GC_SG_MANGLE_COUNT; v++) {
                memcpy(copy, rec, n * SG_NFIELDS * sizeof *copy);
                gc_sg_mangle(copy, n, &s, v);
                char msg[256];
                size_t found = gc_sg_validate(copy, n, &s, msg, sizeof msg);
                EXPECT(found > 0, "variant \"%s\" not caught", gc_sg_mangle_name(v));
                EXPECT(memcmp(copy, rec, n * SG_NFIELDS * sizeof *copy) != 0,
                       "variant \"%s\" changed nothing", gc_sg_mangle_name(v));
            }
            char name[128];
            snprintf(name, sizeof name, "test_gc_sg_mangle__every_variant_caught %s %s",
                     cases[c].name, map == MAP_WARPS ? "warps" : "strided");
            report(name, ok);
            free(copy);
            free(rec);
        }
    }
}

static void test_gc_sg_mangle__tiny_ranges_still_caught(void) {
    /* One work-item, one sub-group of one: every variant needs its fallback. */
    int ok = 1;
    gc_sg_shape s = shape3(1, 1, 1, 1, 1, 1, 1, 32);
    size_t n;
    uint32_t *rec = model(&s, 32, MAP_WARPS, &n);
    uint32_t copy[SG_NFIELDS];
    for (unsigned v = 0; v < GC_SG_MANGLE_COUNT; v++) {
        memcpy(copy, rec, sizeof copy);
        gc_sg_mangle(copy, n, &s, v);
        char msg[256];
        EXPECT(gc_sg_validate(copy, n, &s, msg, sizeof msg) > 0, "variant \"%s\" not caught",
               gc_sg_mangle_name(v));
    }
    free(rec);
    report("test_gc_sg_mangle__tiny_ranges_still_caught", ok);
}

/* ---- shapes -------------------------------------------------------------------------- */

static void test_gc_sg_reduce_local__plan_shapes(void) {
    int ok = 1;
    const size_t start[3] = {1023, 1023, 1023};
    size_t out[3];
    gc_sg_limits cuda = {1024, {1024, 1024, 64}, 32};
    EXPECT(gc_sg_reduce_local(3, start, &cuda, out) && out[0] == 10 && out[1] == 10 &&
               out[2] == 10,
           "%zu %zu %zu", out[0], out[1], out[2]);
    /* 32x32 is a whole number of warps: one more step each way to 31x31. */
    EXPECT(gc_sg_reduce_local(2, start, &cuda, out) && out[0] == 31 && out[1] == 31 && out[2] == 1,
           "%zu %zu %zu", out[0], out[1], out[2]);
    EXPECT(gc_sg_reduce_local(1, start, &cuda, out) && out[0] == 1023 && out[1] == 1, "%zu",
           out[0]);
    /* A CPU device with 4096 work-items and sub-groups of 8. */
    gc_sg_limits cpu = {4096, {4096, 4096, 4096}, 8};
    EXPECT(gc_sg_reduce_local(3, start, &cpu, out) && out[0] * out[1] * out[2] <= 4096 &&
               (out[0] * out[1] * out[2]) % 8 != 0,
           "%zu %zu %zu", out[0], out[1], out[2]);
    /* Tight per-dimension limits are respected before the product. */
    gc_sg_limits narrow = {256, {1023, 4, 2}, 32};
    EXPECT(gc_sg_reduce_local(3, start, &narrow, out) && out[1] <= 4 && out[2] <= 2 &&
               out[0] * out[1] * out[2] <= 256 && (out[0] * out[1] * out[2]) % 32 != 0,
           "%zu %zu %zu", out[0], out[1], out[2]);
    gc_sg_limits none = {0, {0, 0, 0}, 32};
    EXPECT(!gc_sg_reduce_local(3, start, &none, out), "accepted a zero limit");
    report("test_gc_sg_reduce_local__plan_shapes", ok);
}

static void test_gc_sg_case_range__primes_and_non_uniform(void) {
    int ok = 1;
    gc_sg_limits cuda = {1024, {1024, 1024, 64}, 32};
    size_t local[3], global[3];
    EXPECT(gc_sg_prime_at_most(1024) == 1021 && gc_sg_prime_at_most(2) == 2 &&
               gc_sg_prime_at_most(1) == 0 && gc_sg_prime_at_most(12) == 11,
           "primes");
    gc_sg_case p1 = {GC_SG_SHAPE_PRIME, 1, {0, 0, 0}, {3, 1, 1}, 0};
    EXPECT(gc_sg_case_range(&p1, &cuda, local, global) && local[0] == 1021 && global[0] == 3063,
           "%zu %zu", local[0], global[0]);
    gc_sg_case p3 = {GC_SG_SHAPE_PRIME, 3, {0, 0, 0}, {2, 2, 2}, 0};
    EXPECT(gc_sg_case_range(&p3, &cuda, local, global) && local[0] == 13 && local[1] == 11 &&
               local[2] == 7 && global[2] == 14,
           "%zu %zu %zu", local[0], local[1], local[2]);
    gc_sg_limits small = {128, {128, 128, 128}, 32};
    EXPECT(gc_sg_case_range(&p3, &small, local, global) && local[0] * local[1] * local[2] <= 128,
           "%zu %zu %zu", local[0], local[1], local[2]);
    gc_sg_case nu = {GC_SG_SHAPE_REDUCED, 1, {0, 0, 0}, {2, 1, 1}, 1};
    EXPECT(gc_sg_case_range(&nu, &cuda, local, global) && local[0] == 1023 &&
               global[0] == 2046 + 511 && global[1] == 1,
           "%zu %zu", local[0], global[0]);
    gc_sg_case nu3 = {GC_SG_SHAPE_REDUCED, 3, {0, 0, 0}, {2, 2, 2}, 1};
    EXPECT(gc_sg_case_range(&nu3, &cuda, local, global) && global[0] == 25 && global[2] == 25,
           "%zu %zu", global[0], global[2]);
    gc_sg_case fixed = {GC_SG_SHAPE_FIXED, 1, {3, 0, 0}, {37, 1, 1}, 0};
    EXPECT(gc_sg_case_range(&fixed, &cuda, local, global) && local[0] == 3 && global[0] == 111,
           "%zu %zu", local[0], global[0]);
    gc_sg_case too_big = {GC_SG_SHAPE_FIXED, 1, {2048, 0, 0}, {1, 1, 1}, 0};
    EXPECT(!gc_sg_case_range(&too_big, &cuda, local, global), "accepted 2048 > 1024");
    report("test_gc_sg_case_range__primes_and_non_uniform", ok);
}

int main(void) {
    printf("TAP version 14\n");
    test_gc_sg_check__accepts_model_records();
    test_gc_sg_check__field_canary_only_where_it_cannot_be_a_value();
    test_gc_sg_check__summary_counts_incomplete_sub_groups();
    test_gc_sg_check__rejects_corruptions();
    test_gc_sg_mangle__every_variant_caught_on_every_shape();
    test_gc_sg_mangle__tiny_ranges_still_caught();
    test_gc_sg_reduce_local__plan_shapes();
    test_gc_sg_case_range__primes_and_non_uniform();
    printf("1..%d\n", g_tests);
    return g_failures;
}
