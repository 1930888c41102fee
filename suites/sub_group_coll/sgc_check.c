/* SPDX-License-Identifier: Apache-2.0 */
/* sgc_check.c — the comparison of the collectives suite: for every launch, the layout the
 * kernel reported, the answer of every (work-item, slot) the specifications define, and
 * one gc_check per slot over all launches (each with the harness's negative control).
 *
 * Exact answers go through gc_check_u32/u64, which also report a word still holding the
 * canary as unwritten. Floating + and * are compared within their order-independence
 * bound by gc_check_property, whose negative controls move one result just outside the
 * bound, leave one unwritten, and shift every result by twice its bound. Answers the
 * specifications leave undefined (a shuffle source outside the sub-group) are counted
 * and not compared. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/sub_group_coll/sgc_params.h"

typedef struct {
    size_t n, cap;
    unsigned char *want, *got; /* exact: elements of `bytes` */
    uint64_t *where;           /* launch << 32 | work-item, for the first mismatch */
} sgc_list;

typedef struct {
    double got, want, tol;
    uint64_t raw;  /* the word read, to tell an unwritten one */
    uint64_t where;
} sgc_fentry;

typedef struct {
    size_t n, cap;
    sgc_fentry *e;
    uint64_t canary_word;
} sgc_flist;

static int sgc_list_push(sgc_list *l, unsigned bytes, uint64_t want, const unsigned char *got, uint64_t where) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        unsigned char *w = realloc(l->want, cap * bytes), *g;
        if (!w) return 0;
        l->want = w;
        if (!(g = realloc(l->got, cap * bytes))) return 0;
        l->got = g;
        uint64_t *wh = realloc(l->where, cap * sizeof *wh);
        if (!wh) return 0;
        l->where = wh;
        l->cap = cap;
    }
    memcpy(l->want + l->n * bytes, &want, bytes); /* little-endian: the low bytes */
    memcpy(l->got + l->n * bytes, got, bytes);
    l->where[l->n++] = where;
    return 1;
}

static int sgc_flist_push(sgc_flist *l, sgc_fentry e) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        sgc_fentry *p = realloc(l->e, cap * sizeof *p);
        if (!p) return 0;
        l->e = p;
        l->cap = cap;
    }
    l->e[l->n++] = e;
    return 1;
}

/* ---- floating results: a property with a tolerance ------------------------------------ */

static size_t sgc_fvalidate(const void *data, size_t n, const void *param, char *msg, size_t len) {
    const sgc_fentry *e = data;
    const sgc_flist *l = param;
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        const int unwritten = e[i].raw == l->canary_word;
        if (!unwritten && fabs(e[i].got - e[i].want) <= e[i].tol) continue;
        if (bad++ == 0 && msg && len)
            snprintf(msg, len, "launch %u, work-item %u: got %.17g, want %.17g within %.3g%s",
                     (unsigned)(e[i].where >> 32), (unsigned)e[i].where, e[i].got, e[i].want, e[i].tol,
                     unwritten ? " (unwritten: still the canary)" : "");
    }
    return bad;
}

static void sgc_fmangle(void *data, size_t n, const void *param, unsigned variant) {
    sgc_fentry *e = data;
    const sgc_flist *l = param;
    if (variant == 0) e[n / 2].got = e[n / 2].want + 1.5 * e[n / 2].tol + fabs(e[n / 2].want) * 1e-15;
    if (variant == 1) e[n - 1].raw = l->canary_word;
    if (variant == 2)
        for (size_t i = 0; i < n; i++) e[i].got = e[i].want - 2.0 * e[i].tol - fabs(e[i].want) * 1e-15;
}

/* ---- answers per launch ---------------------------------------------------------------- */

typedef struct {
    const sgc_param *p;
    const sgc_state *s;
    sgc_list *exact;    /* per slot */
    sgc_list *idle;     /* per slot: inactive lanes, whose words must keep the canary */
    sgc_flist *fl;      /* per slot */
    size_t undefined;   /* answers the specifications leave undefined */
    size_t sub_groups, incomplete;
    uint32_t max_size;
    uint8_t canary;
    size_t bad_layouts;
} sgc_acc;

static double sgc_as_double(sgc_type t, const unsigned char *w) {
    if (t == SGC_T_F32) {
        float f;
        memcpy(&f, w, 4);
        return f;
    }
    double d;
    memcpy(&d, w, 8);
    return d;
}

static int sgc_collect_launch(sgc_acc *a, uint32_t L, const sgc_layout *lay, const unsigned char *out,
                              uint64_t *v) {
    const sgc_state *s = a->s;
    const sgc_query q = {a->p->family, a->p->type, L, s->cuda_edges, lay->max_size};
    for (size_t k = 0; k < lay->n_groups; k++) {
        const size_t *mem = lay->order + lay->start[k];
        for (uint32_t j = 0; j < lay->size[k]; j++) v[j] = s->host_in[mem[j]];
        for (uint32_t j = 0; j < lay->size[k]; j++) {
            const unsigned char *o = out + (size_t)mem[j] * s->slots * s->bytes;
            const uint64_t where = (uint64_t)L << 32 | mem[j];
            for (unsigned slot = 0; slot < s->slots; slot++) {
                const sgc_answer ans = sgc_answer_of(&q, v, lay->size[k], j, lay->sgid[k], slot);
                const unsigned char *g = o + slot * s->bytes;
                if (!ans.defined) {
                    a->undefined++;
                } else if (ans.unwritten) {
                    const uint64_t cw = 0x0101010101010101ull * a->canary;
                    if (!sgc_list_push(&a->idle[slot], s->bytes, cw, g, where)) return 0;
                } else if (ans.tol > 0) {
                    sgc_fentry e = {sgc_as_double(a->p->type, g), ans.fwant, ans.tol, 0, where};
                    memcpy(&e.raw, g, s->bytes);
                    if (!sgc_flist_push(&a->fl[slot], e)) return 0;
                } else if (!sgc_list_push(&a->exact[slot], s->bytes, ans.want, g, where)) {
                    return 0;
                }
            }
        }
    }
    a->sub_groups += lay->n_groups;
    a->incomplete += lay->incomplete;
    if (lay->max_size > a->max_size) a->max_size = lay->max_size;
    return 1;
}

/* The first mismatch of an exact list, located (gc_check reports list indices). */
static void sgc_locate(gc_test_ctx *ctx, const char *label, const sgc_list *l, unsigned bytes) {
    for (size_t i = 0; i < l->n; i++)
        if (memcmp(l->want + i * bytes, l->got + i * bytes, bytes)) {
            uint64_t w = 0, g = 0;
            memcpy(&w, l->want + i * bytes, bytes);
            memcpy(&g, l->got + i * bytes, bytes);
            gc_ctx_note(ctx, "%s: first mismatch at launch L=%u, work-item %u: want 0x%llx, got 0x%llx", label,
                        (unsigned)(l->where[i] >> 32), (unsigned)l->where[i], (unsigned long long)w,
                        (unsigned long long)g);
            return;
        }
}

static void sgc_compare(gc_test_ctx *ctx, const sgc_acc *a, uint8_t canary) {
    const sgc_state *s = a->s;
    for (unsigned slot = 0; slot < s->slots; slot++) {
        char label[96];
        snprintf(label, sizeof label, "%s %s", sgc_slot_name(a->p->family, a->p->type, slot),
                 sgc_type_name(a->p->type));
        sgc_list *l = &a->exact[slot];
        if (l->n) {
            sgc_locate(ctx, label, l, s->bytes);
            if (s->bytes == 4) gc_check_u32(ctx, label, (uint32_t *)(void *)l->want, (const uint32_t *)(void *)l->got, l->n);
            else gc_check_u64(ctx, label, (uint64_t *)(void *)l->want, (const uint64_t *)(void *)l->got, l->n);
        }
        sgc_list *u = &a->idle[slot];
        if (u->n) {
            char ulabel[128];
            snprintf(ulabel, sizeof ulabel, "%s (inactive lanes: unwritten)", label);
            sgc_locate(ctx, ulabel, u, s->bytes);
            if (s->bytes == 4) gc_check_u32(ctx, ulabel, (uint32_t *)(void *)u->want, (const uint32_t *)(void *)u->got, u->n);
            else gc_check_u64(ctx, ulabel, (uint64_t *)(void *)u->want, (const uint64_t *)(void *)u->got, u->n);
        }
        sgc_flist *f = &a->fl[slot];
        if (f->n) {
            f->canary_word = s->bytes == 4 ? 0x01010101u * canary : 0x0101010101010101ull * canary;
            gc_check_property(ctx, label, f->e, f->n, sizeof *f->e, f, sgc_fvalidate, sgc_fmangle, 3);
            gc_ctx_count_checks(ctx, f->n);
        }
    }
}

/* Mutation score: the wrong answers (and inconsistent launches) without recording
 * anything, since a mutant's wrong answers are what the score counts. */
static size_t sgc_count(sgc_acc *a) {
    size_t wrong = a->bad_layouts;
    char msg[8];
    for (unsigned slot = 0; slot < a->s->slots; slot++) {
        const sgc_list *ls[2] = {&a->exact[slot], &a->idle[slot]};
        for (int k = 0; k < 2; k++)
            for (size_t i = 0; i < ls[k]->n; i++)
                wrong += memcmp(ls[k]->want + i * a->s->bytes, ls[k]->got + i * a->s->bytes, a->s->bytes) != 0;
        if (a->fl[slot].n) {
            a->fl[slot].canary_word = a->s->bytes == 4 ? 0x01010101u * a->canary : 0x0101010101010101ull * a->canary;
            wrong += sgc_fvalidate(a->fl[slot].e, a->fl[slot].n, &a->fl[slot], msg, sizeof msg);
        }
    }
    return wrong;
}

/* Both entry points: wrong == NULL compares and records (the tests); else counts. */
static gc_status sgc_results(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s, size_t *wrong) {
    const size_t records = s->n * s->launches;
    const uint8_t canary = gc_ctx_canary(ctx);
    uint32_t *lay = gc_ctx_malloc(ctx, records * SGC_LAY_WORDS * 4);
    unsigned char *out = gc_ctx_malloc(ctx, records * s->slots * s->bytes);
    uint64_t *v = gc_ctx_malloc(ctx, s->n * sizeof *v);
    sgc_acc a;
    memset(&a, 0, sizeof a);
    a.p = p;
    a.s = s;
    a.exact = calloc(s->slots, sizeof *a.exact);
    a.fl = calloc(s->slots, sizeof *a.fl);
    a.idle = calloc(s->slots, sizeof *a.idle);
    a.canary = canary;
    gc_status st = GC_ERR_NO_MEMORY;
    if (!lay || !out || !v || !a.exact || !a.fl || !a.idle) goto out;
    if ((st = gc_buffer_read(s->lay, 0, lay, records * SGC_LAY_WORDS * 4)) != GC_OK) goto out;
    if ((st = gc_buffer_read(s->out, 0, out, records * s->slots * s->bytes)) != GC_OK) goto out;
    for (uint32_t L = 0; L < s->launches; L++) {
        sgc_layout l;
        char msg[256];
        if (sgc_layout_build(lay + (size_t)L * s->n * SGC_LAY_WORDS, s->n, s->range.dims, s->range.global,
                             s->range.local, canary, &l, msg, sizeof msg)) {
            if (!wrong) gc_ctx_fail(ctx, "launch L=%u: sub-group layout inconsistent: %s", L, msg);
            a.bad_layouts++;
            continue;
        }
        int ok = sgc_collect_launch(&a, L, &l, out + (size_t)L * s->n * s->slots * s->bytes, v);
        sgc_layout_free(&l);
        if (!ok) {
            st = GC_ERR_NO_MEMORY;
            goto out;
        }
    }
    if (wrong) {
        *wrong = sgc_count(&a);
        st = GC_OK;
        goto out;
    }
    sgc_compare(ctx, &a, canary);
    gc_ctx_figure(ctx, "launches", s->launches, "");
    gc_ctx_figure(ctx, "max_sub_group_size", a.max_size, "");
    gc_ctx_figure(ctx, "incomplete_sub_groups", (double)a.incomplete, "");
    gc_ctx_figure(ctx, "undefined_not_checked", (double)a.undefined, "");
    gc_ctx_note(ctx, "%u launches of %zu work-items: %zu sub-groups (%zu incomplete), max size %u; %zu "
                     "answers left undefined by the specifications were not compared",
                s->launches, s->n, a.sub_groups, a.incomplete, a.max_size, a.undefined);
    st = GC_OK;
out:
    for (unsigned k = 0; a.exact && k < s->slots; k++) {
        free(a.exact[k].want);
        free(a.exact[k].got);
        free(a.exact[k].where);
    }
    for (unsigned k = 0; a.idle && k < s->slots; k++) {
        free(a.idle[k].want);
        free(a.idle[k].got);
        free(a.idle[k].where);
    }
    for (unsigned k = 0; a.fl && k < s->slots; k++) free(a.fl[k].e);
    free(a.idle);
    free(a.exact);
    free(a.fl);
    return st;
}

gc_status sgc_check_results(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s) {
    return sgc_results(ctx, p, s, NULL);
}

gc_status sgc_count_wrong(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s, size_t *wrong) {
    return sgc_results(ctx, p, s, wrong);
}
