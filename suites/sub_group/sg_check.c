/* SPDX-License-Identifier: Apache-2.0 */
/* sg_check.c — the sub-group record checker and its negative controls (see sg_check.h).
 *
 * The work-group and the position inside it of every record are derived from the
 * record's index and the launch shape, never from what the record says: a corrupted
 * record then cannot hide by claiming to belong elsewhere. */
#include "suites/sub_group/sg_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SG_UNSET UINT32_MAX

/* ---- violations: counted, the first one described ---------------------------------- */

typedef struct {
    size_t count;
    char *msg;
    size_t len;
} sg_log;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void sg_violation(sg_log *log, const char *fmt, ...) {
    if (log->count == 0 && log->msg && log->len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(log->msg, log->len, fmt, ap);
        va_end(ap);
    }
    log->count++;
}

/* ---- geometry of the launch ---------------------------------------------------------- */

typedef struct {
    size_t g[3], l[3]; /* global and enqueued local sizes, unused dimensions as 1 */
    size_t ng[3];      /* work-groups per dimension (the last one may be partial) */
    size_t n_items, n_wg, full_wg_size;
} sg_geom;

typedef struct {
    size_t wg;      /* work-group linear id, x fastest */
    size_t pos;     /* local linear id inside the work-group (over its actual sizes) */
    size_t wg_size; /* actual work-items in this work-group */
    int full;       /* the work-group has the enqueued size in every dimension */
} sg_place;

static int sg_geom_init(const gc_sg_shape *s, sg_geom *geo) {
    if (s->dims < 1 || s->dims > 3) return 0;
    geo->n_items = 1;
    geo->n_wg = 1;
    geo->full_wg_size = 1;
    for (unsigned d = 0; d < 3; d++) {
        geo->g[d] = d < s->dims ? s->global[d] : 1;
        geo->l[d] = d < s->dims ? s->local[d] : 1;
        if (geo->g[d] == 0 || geo->l[d] == 0) return 0;
        geo->ng[d] = (geo->g[d] + geo->l[d] - 1) / geo->l[d];
        geo->n_items *= geo->g[d];
        geo->n_wg *= geo->ng[d];
        geo->full_wg_size *= geo->l[d];
    }
    return 1;
}

static void sg_place_of(const sg_geom *geo, size_t i, sg_place *p) {
    size_t gid[3] = {i % geo->g[0], (i / geo->g[0]) % geo->g[1], i / (geo->g[0] * geo->g[1])};
    size_t grp[3], lid[3], act[3];
    p->full = 1;
    for (unsigned d = 0; d < 3; d++) {
        grp[d] = gid[d] / geo->l[d];
        lid[d] = gid[d] % geo->l[d];
        size_t left = geo->g[d] - grp[d] * geo->l[d];
        act[d] = left < geo->l[d] ? left : geo->l[d];
        if (act[d] != geo->l[d]) p->full = 0;
    }
    p->wg = grp[0] + geo->ng[0] * (grp[1] + geo->ng[1] * grp[2]);
    p->pos = lid[0] + act[0] * (lid[1] + act[1] * lid[2]);
    p->wg_size = act[0] * act[1] * act[2];
}

static int sg_unwritten(const uint32_t *r, uint8_t canary) {
    const uint8_t *b = (const uint8_t *)r;
    for (size_t k = 0; k < SG_NFIELDS * sizeof(uint32_t); k++)
        if (b[k] != canary) return 0;
    return 1;
}

/* ---- per work-item ------------------------------------------------------------------- */

static const char *const sg_field_names[SG_NFIELDS] = {
    "sub-group id",      "sub-group linear id", "local id",          "local linear id",
    "local range",       "local linear range",  "group range",       "group linear range",
    "max local range",   "leader",              "work-group linear id",
};

/* The canary word, where no field can hold it legitimately; 0 where one can (canary 0).
 * Every field counts work-items, sub-groups or work-groups of the range, or is a sub-group
 * size, a flag: none exceeds max(work-group size, work-groups, 4096). */
static uint32_t sg_canary_word(const gc_sg_shape *s, const sg_geom *geo) {
    const uint32_t w = 0x01010101u * s->canary;
    size_t bound = geo->full_wg_size > geo->n_wg ? geo->full_wg_size : geo->n_wg;
    if (bound < 4096) bound = 4096;
    return (size_t)w > bound ? w : 0u;
}

/* A written record may still leave one field unwritten (a kernel that forgets one query):
 * where nothing else constrains that field (max local range on a device that lists no
 * sizes), only the canary shows it. */
static void sg_check_fields_written(const uint32_t *r, size_t i, uint32_t canary_word, sg_log *log,
                                    uint64_t *checks) {
    if (!canary_word) return;
    for (unsigned f = 0; f < SG_NFIELDS; f++)
        if (r[f] == canary_word)
            sg_violation(log, "work-item %zu: %s never written (still the canary 0x%08X)", i, sg_field_names[f],
                         canary_word);
    *checks += SG_NFIELDS;
}

static void sg_check_item(const uint32_t *r, size_t i, const sg_place *p, sg_log *log,
                          uint64_t *checks) {
    const uint32_t gid = r[SG_F_GROUP_ID], lid = r[SG_F_LOCAL_ID];
    const uint32_t lrange = r[SG_F_LOCAL_RANGE], grange = r[SG_F_GROUP_RANGE];
#define SG_ITEM_FAIL(fmt, ...)                                                                  \
    sg_violation(log, "work-item %zu (work-group %zu, local linear id %zu): " fmt, i, p->wg,   \
                 p->pos, __VA_ARGS__)
    if (gid != r[SG_F_GROUP_LINEAR_ID])
        SG_ITEM_FAIL("sub-group id %u != sub-group linear id %u", gid, r[SG_F_GROUP_LINEAR_ID]);
    if (gid >= grange) SG_ITEM_FAIL("sub-group id %u not below group range %u", gid, grange);
    if (lid != r[SG_F_LOCAL_LINEAR_ID])
        SG_ITEM_FAIL("sub-group local id %u != local linear id %u", lid, r[SG_F_LOCAL_LINEAR_ID]);
    if (lid >= lrange) SG_ITEM_FAIL("sub-group local id %u not below local range %u", lid, lrange);
    if (lrange != r[SG_F_LOCAL_LINEAR_RANGE])
        SG_ITEM_FAIL("local range %u != local linear range %u", lrange,
                     r[SG_F_LOCAL_LINEAR_RANGE]);
    if (lrange > r[SG_F_MAX_LOCAL_RANGE])
        SG_ITEM_FAIL("local range %u above max local range %u", lrange, r[SG_F_MAX_LOCAL_RANGE]);
    if (grange != r[SG_F_GROUP_LINEAR_RANGE])
        SG_ITEM_FAIL("group range %u != group linear range %u", grange,
                     r[SG_F_GROUP_LINEAR_RANGE]);
    if (r[SG_F_LEADER] > 1) SG_ITEM_FAIL("leader flag %u is not 0 or 1", r[SG_F_LEADER]);
    if ((r[SG_F_LEADER] == 1) != (lid == 0))
        SG_ITEM_FAIL("leader flag %u with sub-group local id %u", r[SG_F_LEADER], lid);
    if (r[SG_F_WG_LINEAR_ID] != p->wg)
        SG_ITEM_FAIL("reports work-group %u", r[SG_F_WG_LINEAR_ID]);
#undef SG_ITEM_FAIL
    *checks += 10; /* the ten comparisons above */
}

/* ---- per work-group ------------------------------------------------------------------ */

typedef struct {
    uint32_t sg, lid; /* sort key: sub-group id, then local id */
    size_t idx;       /* record index */
} sg_key;

static int sg_key_cmp(const void *a, const void *b) {
    const sg_key *x = a, *y = b;
    if (x->sg != y->sg) return x->sg < y->sg ? -1 : 1;
    if (x->lid != y->lid) return x->lid < y->lid ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

typedef struct {
    const uint32_t *rec;
    const gc_sg_shape *shape;
    const sg_geom *geo;
    uint32_t max_size;    /* the max local range every item should report (0: none) */
    uint32_t *ref_sg;     /* the first full work-group's mapping, by position */
    uint32_t *ref_lid;
    size_t ref_wg;        /* SIZE_MAX until a full work-group was seen */
    sg_log *log;
    gc_sg_summary *sum;
} sg_wg_ctx;

/* Sub-group ids 0..R-1 each present, one size per sub-group, local ids 0..size-1 each
 * exactly once. keys are sorted by (sub-group, local id). */
static void sg_check_sub_groups(sg_wg_ctx *c, size_t wg, const sg_key *keys, size_t m,
                                uint32_t grange) {
    uint32_t next_sg = 0;
    size_t k = 0;
    while (k < m && keys[k].sg < grange) {
        const uint32_t sg = keys[k].sg;
        for (; next_sg < sg; next_sg++)
            sg_violation(c->log, "work-group %zu: no work-item in sub-group %u of %u", wg,
                         next_sg, grange);
        next_sg = sg + 1;
        const uint32_t lrange = c->rec[keys[k].idx * SG_NFIELDS + SG_F_LOCAL_RANGE];
        const size_t first = keys[k].idx;
        uint32_t next_lid = 0;
        int have_prev = 0;
        uint32_t prev = 0;
        for (; k < m && keys[k].sg == sg; k++) {
            const uint32_t *r = c->rec + keys[k].idx * SG_NFIELDS;
            if (r[SG_F_LOCAL_RANGE] != lrange)
                sg_violation(c->log,
                             "work-group %zu, sub-group %u: work-item %zu reports local range "
                             "%u, work-item %zu reports %u",
                             wg, sg, first, lrange, keys[k].idx, r[SG_F_LOCAL_RANGE]);
            const uint32_t lid = keys[k].lid;
            if (have_prev && lid == prev) {
                sg_violation(c->log, "work-group %zu, sub-group %u: local id %u appears twice",
                             wg, sg, lid);
            } else {
                uint32_t gap_end = lid < lrange ? lid : lrange;
                if (next_lid < gap_end)
                    sg_violation(c->log,
                                 "work-group %zu, sub-group %u: local ids %u..%u missing "
                                 "(local range %u)",
                                 wg, sg, next_lid, gap_end - 1, lrange);
                next_lid = lid + 1;
            }
            have_prev = 1;
            prev = lid;
            c->sum->checks += 2;
        }
        if (next_lid < lrange)
            sg_violation(c->log,
                         "work-group %zu, sub-group %u: local ids %u..%u missing (local range %u)",
                         wg, sg, next_lid, lrange - 1, lrange);
        if (lrange < c->sum->min_size) c->sum->min_size = lrange;
        if (lrange < c->max_size) c->sum->incomplete++;
        c->sum->sub_groups++;
    }
    for (; next_sg < grange; next_sg++)
        sg_violation(c->log, "work-group %zu: no work-item in sub-group %u of %u", wg, next_sg,
                     grange);
    c->sum->checks += grange;
}

/* Full work-groups all map positions to (sub-group, local id) like the first one; with
 * the linear model, position p is in sub-group p / max at local id p % max. */
static void sg_check_mapping(sg_wg_ctx *c, size_t wg, const sg_key *keys, size_t m,
                             const sg_place *places) {
    for (size_t k = 0; k < m; k++) {
        const size_t pos = places[k].pos;
        if (c->shape->linear_model && c->max_size) {
            uint32_t esg = (uint32_t)(pos / c->max_size), elid = (uint32_t)(pos % c->max_size);
            if (keys[k].sg != esg || keys[k].lid != elid)
                sg_violation(c->log,
                             "work-group %zu: local linear id %zu in sub-group %u at local id "
                             "%u, the linear model says %u at %u",
                             wg, pos, keys[k].sg, keys[k].lid, esg, elid);
            c->sum->checks++;
        }
        if (!places[k].full) continue;
        if (c->ref_wg == wg) {
            c->ref_sg[pos] = keys[k].sg;
            c->ref_lid[pos] = keys[k].lid;
        } else if (c->ref_sg[pos] != SG_UNSET &&
                   (c->ref_sg[pos] != keys[k].sg || c->ref_lid[pos] != keys[k].lid)) {
            sg_violation(c->log,
                         "work-group %zu maps local linear id %zu to sub-group %u local id %u, "
                         "work-group %zu to sub-group %u local id %u",
                         wg, pos, keys[k].sg, keys[k].lid, c->ref_wg, c->ref_sg[pos],
                         c->ref_lid[pos]);
        }
        c->sum->checks++;
    }
}

static void sg_check_work_group(sg_wg_ctx *c, size_t wg, sg_key *keys, sg_place *places,
                                size_t m) {
    if (m == 0) return; /* every record of it unwritten: already counted */
    const uint32_t *r0 = c->rec + keys[0].idx * SG_NFIELDS;
    const uint32_t grange = r0[SG_F_GROUP_RANGE];
    for (size_t k = 1; k < m; k++) {
        uint32_t g = c->rec[keys[k].idx * SG_NFIELDS + SG_F_GROUP_RANGE];
        if (g != grange)
            sg_violation(c->log,
                         "work-group %zu: work-item %zu reports %u sub-groups, work-item %zu "
                         "reports %u",
                         wg, keys[0].idx, grange, keys[k].idx, g);
    }
    c->sum->checks += m;
    if (places[0].full && c->shape->host_full_count && grange != c->shape->host_full_count)
        sg_violation(c->log, "work-group %zu: %u sub-groups, the runtime says %u", wg, grange,
                     c->shape->host_full_count);
    if (places[0].full && c->ref_wg == SIZE_MAX) c->ref_wg = wg;

    /* Sort by (sub-group, local id) keeping each record's place alongside. */
    sg_key *sorted = malloc(m * sizeof *sorted);
    sg_place *sorted_places = malloc(m * sizeof *sorted_places);
    size_t *perm = malloc(m * sizeof *perm);
    if (!sorted || !sorted_places || !perm) {
        sg_violation(c->log, "out of host memory checking work-group %zu", wg);
        goto out;
    }
    for (size_t k = 0; k < m; k++) {
        sorted[k] = keys[k];
        sorted[k].idx = k; /* temporarily the slot, to carry places along */
    }
    qsort(sorted, m, sizeof *sorted, sg_key_cmp);
    for (size_t k = 0; k < m; k++) {
        perm[k] = sorted[k].idx;
        sorted[k].idx = keys[perm[k]].idx;
        sorted_places[k] = places[perm[k]];
    }
    if (grange == 0 || grange > places[0].wg_size)
        sg_violation(c->log, "work-group %zu: %u sub-groups for %zu work-items", wg, grange,
                     places[0].wg_size);
    else
        sg_check_sub_groups(c, wg, sorted, m, grange);
    sg_check_mapping(c, wg, sorted, m, sorted_places);
out:
    free(sorted);
    free(sorted_places);
    free(perm);
}

/* ---- the whole list ------------------------------------------------------------------ */

/* Each work-item's record on its own (canary, fields, ids); wg_start[w + 1] counts the
 * written records of work-group w. The first written record, NULL if none. */
static const uint32_t *sg_check_records(const uint32_t *records, size_t n, const gc_sg_shape *shape,
                                        const sg_geom *geo, size_t *wg_start, sg_log *log, gc_sg_summary *sum) {
    const uint32_t *first_written = NULL;
    const uint32_t canary_word = sg_canary_word(shape, geo);
    for (size_t i = 0; i < n; i++) {
        const uint32_t *r = records + i * SG_NFIELDS;
        sg_place p;
        sg_place_of(geo, i, &p);
        if (p.full && p.pos == 0) sum->full_work_groups++;
        sum->checks++;
        if (sg_unwritten(r, shape->canary)) {
            sg_violation(log, "work-item %zu (work-group %zu, local linear id %zu): record "
                               "never written (still canary)",
                         i, p.wg, p.pos);
            sum->unwritten++;
            continue;
        }
        wg_start[p.wg + 1]++;
        sg_check_fields_written(r, i, canary_word, log, &sum->checks);
        sg_check_item(r, i, &p, log, &sum->checks);
        if (!first_written) {
            first_written = r;
            continue;
        }
        if (r[SG_F_MAX_LOCAL_RANGE] != first_written[SG_F_MAX_LOCAL_RANGE])
            sg_violation(log, "work-item %zu: max local range %u, work-item %zu: %u", i,
                         r[SG_F_MAX_LOCAL_RANGE], (size_t)(first_written - records) / SG_NFIELDS,
                         first_written[SG_F_MAX_LOCAL_RANGE]);
        sum->checks++;
    }
    return first_written;
}

/* The max local range must be one value, the device's: a size it lists, what the
 * runtime says. */
static void sg_check_max_local_range(const gc_sg_shape *shape, const uint32_t *first_written, sg_log *log,
                                     gc_sg_summary *sum) {
    if (!first_written) return;
    const uint32_t max = first_written[SG_F_MAX_LOCAL_RANGE];
    sum->max_size = max;
    if (shape->n_device_sizes) {
        int listed = 0;
        for (unsigned k = 0; k < shape->n_device_sizes && k < GC_SG_MAX_SIZES; k++)
            if (shape->device_sizes[k] == max) listed = 1;
        if (!listed) sg_violation(log, "max local range %u is not a sub-group size of the device", max);
        sum->checks++;
    }
    if (shape->host_max_size && max != shape->host_max_size)
        sg_violation(log, "max local range %u, the runtime says %u", max, shape->host_max_size);
}

/* The written records grouped by work-group (a counting sort on the derived id): those of
 * work-group w at order/places[wg_start[w] .. wg_start[w + 1]). */
static void sg_group_by_work_group(const uint32_t *records, size_t n, const gc_sg_shape *shape, const sg_geom *geo,
                                   size_t *wg_start, size_t *order, sg_place *places) {
    for (size_t w = 0; w < geo->n_wg; w++) wg_start[w + 1] += wg_start[w];
    for (size_t i = 0; i < n; i++) {
        const uint32_t *r = records + i * SG_NFIELDS;
        if (sg_unwritten(r, shape->canary)) continue;
        sg_place p;
        sg_place_of(geo, i, &p);
        size_t slot = wg_start[p.wg]++;
        order[slot] = i;
        places[slot] = p;
    }
    for (size_t w = geo->n_wg; w > 0; w--) wg_start[w] = wg_start[w - 1];
    wg_start[0] = 0;
}

size_t gc_sg_check(const uint32_t *records, size_t n, const gc_sg_shape *shape,
                   gc_sg_summary *summary, char *msg, size_t len) {
    sg_log log = {0, msg, len};
    gc_sg_summary sum;
    memset(&sum, 0, sizeof sum);
    sum.min_size = UINT32_MAX;
    if (msg && len) msg[0] = '\0';
    size_t *wg_start = NULL, *order = NULL;
    sg_key *keys = NULL;
    sg_place *places = NULL;
    uint32_t *ref = NULL;
    sg_geom geo;
    if (!records || !shape || !sg_geom_init(shape, &geo)) {
        sg_violation(&log, "invalid launch shape");
        goto out;
    }
    if (n != geo.n_items) {
        sg_violation(&log, "%zu records for a range of %zu work-items", n, geo.n_items);
        goto out;
    }
    sum.work_items = n;
    sum.work_groups = geo.n_wg;

    wg_start = calloc(geo.n_wg + 1, sizeof *wg_start);
    order = malloc((n ? n : 1) * sizeof *order);
    keys = malloc((n ? n : 1) * sizeof *keys);
    places = malloc((n ? n : 1) * sizeof *places);
    ref = malloc(2 * geo.full_wg_size * sizeof *ref);
    if (!wg_start || !order || !keys || !places || !ref) {
        sg_violation(&log, "out of host memory for %zu records", n);
        goto out;
    }
    const uint32_t *first_written = sg_check_records(records, n, shape, &geo, wg_start, &log, &sum);
    sg_check_max_local_range(shape, first_written, &log, &sum);
    sg_group_by_work_group(records, n, shape, &geo, wg_start, order, places);
    for (size_t k = 0; k < 2 * geo.full_wg_size; k++) ref[k] = SG_UNSET;
    sg_wg_ctx c = {records, shape, &geo, first_written ? first_written[SG_F_MAX_LOCAL_RANGE] : 0,
                   ref, ref + geo.full_wg_size, SIZE_MAX, &log, &sum};
    for (size_t w = 0; w < geo.n_wg; w++) {
        size_t b = wg_start[w], m = wg_start[w + 1] - b;
        for (size_t k = 0; k < m; k++) {
            const uint32_t *r = records + order[b + k] * SG_NFIELDS;
            keys[b + k] = (sg_key){r[SG_F_GROUP_ID], r[SG_F_LOCAL_ID], order[b + k]};
        }
        sg_check_work_group(&c, w, keys + b, places + b, m);
    }
out:
    if (sum.min_size == UINT32_MAX) sum.min_size = 0;
    if (summary) *summary = sum;
    free(wg_start);
    free(order);
    free(keys);
    free(places);
    free(ref);
    return log.count;
}

size_t gc_sg_validate(const void *data, size_t n, const void *param, char *msg, size_t len) {
    return gc_sg_check(data, n, param, NULL, msg, len);
}

/* ---- negative controls --------------------------------------------------------------- */

static const char *const sg_mangle_names[GC_SG_MANGLE_COUNT] = {
    "duplicated local id",     "missing sub-group",          "leader flag on local id 1",
    "max local range not uniform", "unwritten record",       "local range not uniform",
    "local linear id differs", "full work-groups map differently", "wrong work-group id",
    "a field left unwritten in every record",
};

const char *gc_sg_mangle_name(unsigned variant) {
    return variant < GC_SG_MANGLE_COUNT ? sg_mangle_names[variant] : "unknown";
}

/* First record with local id `lid` and local range at least `min_range`; n if none. */
static size_t sg_find_local_id(const uint32_t *rec, size_t n, uint32_t lid, uint32_t min_range) {
    for (size_t i = 0; i < n; i++) {
        const uint32_t *r = rec + i * SG_NFIELDS;
        if (r[SG_F_LOCAL_ID] == lid && r[SG_F_LOCAL_RANGE] >= min_range) return i;
    }
    return n;
}

/* The always-possible corruption: a local id equal to its local range. */
static void sg_mangle_fallback(uint32_t *rec) {
    rec[SG_F_LOCAL_ID] = rec[SG_F_LOCAL_LINEAR_ID] = rec[SG_F_LOCAL_RANGE];
}

/* Local id 1 becomes a second local id 0 (leader too, so that it stays consistent on its
 * own): only the exactly-once check can see it. */
static void mangle_duplicate_local_id(uint32_t *rec, size_t n) {
    size_t i = sg_find_local_id(rec, n, 1, 2);
    if (i == n) {
        sg_mangle_fallback(rec);
        return;
    }
    uint32_t *r = rec + i * SG_NFIELDS;
    r[SG_F_LOCAL_ID] = r[SG_F_LOCAL_LINEAR_ID] = 0;
    r[SG_F_LEADER] = 1;
}

/* Every item of record 0's work-group claims one sub-group more than there is. */
static void mangle_missing_sub_group(uint32_t *rec, size_t n, const sg_geom *geo) {
    sg_place p0, p;
    sg_place_of(geo, 0, &p0);
    for (size_t i = 0; i < n; i++) {
        sg_place_of(geo, i, &p);
        if (p.wg != p0.wg) continue;
        rec[i * SG_NFIELDS + SG_F_GROUP_RANGE]++;
        rec[i * SG_NFIELDS + SG_F_GROUP_LINEAR_RANGE]++;
    }
}

/* The leader flag moves from local id 0 to local id 1 of one sub-group. */
static void mangle_leader_moved(uint32_t *rec, size_t n, const sg_geom *geo) {
    size_t i = sg_find_local_id(rec, n, 1, 2);
    if (i == n) {
        rec[SG_F_LEADER] ^= 1u;
        return;
    }
    uint32_t *r = rec + i * SG_NFIELDS;
    r[SG_F_LEADER] = 1;
    sg_place pi, p;
    sg_place_of(geo, i, &pi);
    for (size_t j = 0; j < n; j++) {
        uint32_t *q = rec + j * SG_NFIELDS;
        if (q[SG_F_LOCAL_ID] != 0 || q[SG_F_GROUP_ID] != r[SG_F_GROUP_ID]) continue;
        sg_place_of(geo, j, &p);
        if (p.wg == pi.wg) q[SG_F_LEADER] = 0;
    }
}

/* One item below the last of its sub-group claims the sub-group is one smaller. */
static void mangle_size_not_uniform(uint32_t *rec, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint32_t *r = rec + i * SG_NFIELDS;
        if (r[SG_F_LOCAL_RANGE] >= 2 && r[SG_F_LOCAL_ID] + 2 <= r[SG_F_LOCAL_RANGE]) {
            r[SG_F_LOCAL_RANGE]--;
            r[SG_F_LOCAL_LINEAR_RANGE]--;
            return;
        }
    }
    sg_mangle_fallback(rec);
}

/* Swap what the items at positions 0 and 1 of the second full work-group say; each
 * sub-group stays complete, only the mapping differs from the first. */
static void mangle_mapping_differs(uint32_t *rec, size_t n, const sg_geom *geo) {
    size_t full_seen = 0, target = SIZE_MAX, a = n, b = n;
    sg_place p;
    for (size_t i = 0; i < n && (a == n || b == n); i++) {
        sg_place_of(geo, i, &p);
        if (!p.full || p.wg_size < 2) continue;
        if (p.pos == 0 && target == SIZE_MAX && ++full_seen == 2) target = p.wg;
        if (p.wg != target) continue;
        if (p.pos == 0) a = i;
        if (p.pos == 1) b = i;
    }
    if (a == n || b == n) {
        sg_mangle_fallback(rec);
        return;
    }
    for (unsigned f = 0; f < SG_F_WG_LINEAR_ID; f++) {
        uint32_t t = rec[a * SG_NFIELDS + f];
        rec[a * SG_NFIELDS + f] = rec[b * SG_NFIELDS + f];
        rec[b * SG_NFIELDS + f] = t;
    }
}

void gc_sg_mangle(void *data, size_t n, const void *param, unsigned variant) {
    uint32_t *rec = data;
    const gc_sg_shape *shape = param;
    sg_geom geo;
    if (n == 0 || !sg_geom_init(shape, &geo)) return;
    switch ((gc_sg_mangle_variant)variant) {
    case GC_SG_MANGLE_DUPLICATE_LOCAL_ID: mangle_duplicate_local_id(rec, n); break;
    case GC_SG_MANGLE_MISSING_SUB_GROUP: mangle_missing_sub_group(rec, n, &geo); break;
    case GC_SG_MANGLE_LEADER_MOVED: mangle_leader_moved(rec, n, &geo); break;
    case GC_SG_MANGLE_MAX_NOT_UNIFORM: {
        /* Doubling keeps it above the local range: only uniformity can catch it. */
        uint32_t *r = rec + (n - 1) * SG_NFIELDS;
        r[SG_F_MAX_LOCAL_RANGE] = n > 1 ? (r[SG_F_MAX_LOCAL_RANGE] ? 2 * r[SG_F_MAX_LOCAL_RANGE] : 1)
                                        : 0;
        break;
    }
    case GC_SG_MANGLE_UNWRITTEN:
        memset(rec + (n / 2) * SG_NFIELDS, shape->canary, SG_NFIELDS * sizeof(uint32_t));
        break;
    case GC_SG_MANGLE_SIZE_NOT_UNIFORM: mangle_size_not_uniform(rec, n); break;
    case GC_SG_MANGLE_LINEAR_TWIN:
        rec[SG_F_LOCAL_LINEAR_ID] ^= 1u;
        break;
    case GC_SG_MANGLE_MAPPING_DIFFERS: mangle_mapping_differs(rec, n, &geo); break;
    case GC_SG_MANGLE_WORK_GROUP_ID:
        rec[SG_F_WG_LINEAR_ID]++;
        break;
    case GC_SG_MANGLE_FIELD_UNWRITTEN:
        /* Uniform and above every local range: without the device's sizes or the
         * runtime's answer, only the canary catches it. */
        for (size_t i = 0; i < n; i++) rec[i * SG_NFIELDS + SG_F_MAX_LOCAL_RANGE] = 0x01010101u * shape->canary;
        break;
    case GC_SG_MANGLE_COUNT:
        break;
    }
}
