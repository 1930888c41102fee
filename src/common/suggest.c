/* SPDX-License-Identifier: Apache-2.0 */
/* suggest.c — the nearest candidate to a mistyped word (see suggest.h). */
#include "common/suggest.h"

#include <string.h>

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

static size_t min3(size_t a, size_t b, size_t c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }

size_t gc_edit_distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > GC_SUGGEST_MAX_LEN || lb > GC_SUGGEST_MAX_LEN) return (size_t)-1;
    /* Three rows of the dynamic programme: two back (for a swap), one back, this one. */
    size_t rows[3][GC_SUGGEST_MAX_LEN + 1];
    size_t *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= lb; j++) prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = lower(a[i - 1]) != lower(b[j - 1]);
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]) &&
                prev2[j - 2] + 1 < cur[j])
                cur[j] = prev2[j - 2] + 1;
        }
        size_t *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    return prev[lb];
}

const char *gc_suggest(const char *word, const char *const *cands, size_t n) {
    size_t limit = strlen(word) / 3;
    if (limit < 1) limit = 1;
    if (limit > 3) limit = 3;
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    int tie = 0;
    for (size_t k = 0; k < n; k++) {
        if (!cands[k]) continue;
        size_t d = gc_edit_distance(word, cands[k]);
        if (d < best_d) best = cands[k], best_d = d, tie = 0;
        else if (d == best_d && best && strcmp(best, cands[k]) != 0) tie = 1;
    }
    return best && best_d <= limit && strcmp(best, word) != 0 && !tie ? best : NULL;
}
