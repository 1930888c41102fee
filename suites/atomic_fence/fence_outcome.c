/* SPDX-License-Identifier: Apache-2.0 */
/* fence_outcome.c — tallies, the reader-outcome validator and its negative controls. */
#include "suites/atomic_fence/fence_outcome.h"

#include <stdio.h>

fence_tally fence_tally_slots(const uint32_t *counts, size_t first, size_t n) {
    fence_tally t = {0, 0, 0};
    for (size_t s = first; s < first + n; s++) {
        t.never += counts[FO_COUNT * s + FO_NEVER];
        t.ok += counts[FO_COUNT * s + FO_OK];
        t.stale += counts[FO_COUNT * s + FO_STALE];
    }
    return t;
}

uint64_t fence_tally_checks(const fence_tally *t) { return t->ok + t->stale; }

unsigned fence_layouts_short(const fence_tally *layouts, const char *const *names, unsigned n, uint64_t min,
                             char *msg, size_t len) {
    unsigned short_layouts = 0;
    for (unsigned l = 0; l < n; l++) {
        const uint64_t checks = fence_tally_checks(&layouts[l]);
        if (checks >= min) continue;
        if (!short_layouts && msg && len)
            snprintf(msg, len, "layout %s exercised its check %llu times, fewer than %llu", names[l],
                     (unsigned long long)checks, (unsigned long long)min);
        short_layouts++;
    }
    return short_layouts;
}

size_t fence_validate(const void *data, size_t n_slots, const void *param, char *msg, size_t len) {
    const uint32_t *c = data;
    const fence_expect *e = param;
    const char *what = e->slot_name ? e->slot_name : "slot";
    size_t bad = 0;
    for (size_t s = 0; s < n_slots; s++) {
        const uint32_t never = c[FO_COUNT * s + FO_NEVER], ok = c[FO_COUNT * s + FO_OK],
                       stale = c[FO_COUNT * s + FO_STALE];
        const uint64_t total = (uint64_t)never + ok + stale;
        int wrong = 0;
        if (e->never_forbidden && never) {
            if (!bad)
                snprintf(msg, len, "%s %zu recorded %u invalid register value(s) (never written, or not a value of "
                         "its round)", what, s, never);
            wrong = 1;
        } else if (e->stale_forbidden && stale) {
            /* Message passing has a flag; the shapes with invalid values (never_forbidden) do not. */
            if (!bad && e->never_forbidden)
                snprintf(msg, len, "%s %zu recorded the forbidden outcome %u time(s) (stale data)", what, s, stale);
            else if (!bad)
                snprintf(msg, len, "%s %zu saw the flag but stale data %u time(s) (forbidden outcome)", what, s,
                         stale);
            wrong = 1;
        } else if (e->expected && total != e->expected[s]) {
            if (!bad)
                snprintf(msg, len, "%s %zu recorded %llu outcomes, expected %u (a reader ran too often or not at all)",
                         what, s, (unsigned long long)total, e->expected[s]);
            wrong = 1;
        } else if (!e->expected && (never || ok + (uint64_t)stale == 0)) {
            if (!bad) snprintf(msg, len, "%s %zu never saw its flag change", what, s);
            wrong = 1;
        }
        bad += (size_t)wrong;
    }
    return bad;
}

unsigned fence_mangle_variants(const fence_expect *e) {
    return 1u + (e->stale_forbidden ? 1u : 0u) + (e->never_forbidden ? 1u : 0u);
}

/* The slot the controls corrupt: the first one that took part (expected outcomes or,
 * without expectations, slot 0). */
static size_t victim(const uint32_t *c, size_t n_slots, const fence_expect *e) {
    (void)c;
    if (e->expected)
        for (size_t s = 0; s < n_slots; s++)
            if (e->expected[s]) return s;
    return 0;
}

void fence_mangle(void *data, size_t n_slots, const void *param, unsigned variant) {
    uint32_t *c = data;
    const fence_expect *e = param;
    if (n_slots == 0) return;
    uint32_t *v = c + FO_COUNT * victim(c, n_slots, e);
    /* With stale outcomes forbidden, variant 0 turns one observation stale (the count
     * stays the same); the last variant breaks the slot's bookkeeping. */
    if (e->stale_forbidden && variant == 0) {
        if (v[FO_OK]) v[FO_OK]--;
        else if (v[FO_NEVER]) v[FO_NEVER]--;
        v[FO_STALE]++;
        return;
    }
    /* Where invalid registers are forbidden, the next variant turns one outcome invalid
     * (the count stays the same). */
    if (e->never_forbidden && variant == (e->stale_forbidden ? 1u : 0u)) {
        if (v[FO_OK]) v[FO_OK]--;
        else if (v[FO_STALE]) v[FO_STALE]--;
        v[FO_NEVER]++;
        return;
    }
    if (e->expected) {
        /* One outcome fewer (or one more where there were none to take away). */
        if (v[FO_OK]) v[FO_OK]--;
        else if (v[FO_NEVER]) v[FO_NEVER]--;
        else if (v[FO_STALE]) v[FO_STALE]--;
        else v[FO_NEVER]++;
    } else {
        v[FO_NEVER] = 1; /* the flag never seen */
        v[FO_OK] = v[FO_STALE] = 0;
    }
}
