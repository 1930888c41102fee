/* SPDX-License-Identifier: Apache-2.0 */
/* mann_whitney.c — the Mann-Whitney U test (Wilcoxon rank-sum), two-sided, by the normal
 * approximation with the tie correction of the variance and a continuity correction of
 * 1/2 (as scipy.stats.mannwhitneyu's method="asymptotic" with use_continuity=True). */
#include <math.h>
#include <stdlib.h>

#include "compare/compare.h"

typedef struct {
    double v;
    int first; /* from the first sample */
} tagged;

static int cmp_tagged(const void *x, const void *y) {
    double a = ((const tagged *)x)->v, b = ((const tagged *)y)->v;
    return (a > b) - (a < b);
}

int gc_mann_whitney_u(const double *a, size_t na, const double *b, size_t nb, gc_mann_whitney *out) {
    if (!a || !b || na == 0 || nb == 0) return 0;
    size_t n = na + nb;
    tagged *all = malloc(n * sizeof *all);
    if (!all) return 0;
    for (size_t i = 0; i < na; i++) all[i] = (tagged){a[i], 1};
    for (size_t i = 0; i < nb; i++) all[na + i] = (tagged){b[i], 0};
    qsort(all, n, sizeof *all, cmp_tagged);
    /* Ranks 1..n, the mean rank for each run of ties; ties also shrink the variance by
     * sum(t^3 - t) / (n (n - 1)). */
    double rank_sum_a = 0, tie_term = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && all[j + 1].v == all[i].v) j++;
        double t = (double)(j - i + 1), mean_rank = ((double)i + (double)j) / 2 + 1;
        for (size_t k = i; k <= j; k++)
            if (all[k].first) rank_sum_a += mean_rank;
        tie_term += t * t * t - t;
        i = j + 1;
    }
    free(all);
    double dna = (double)na, dnb = (double)nb, dn = (double)n;
    out->u = rank_sum_a - dna * (dna + 1) / 2;
    double mu = dna * dnb / 2;
    double var = dna * dnb / 12 * ((dn + 1) - (n > 1 ? tie_term / (dn * (dn - 1)) : 0));
    if (!(var > 0)) {
        out->z = 0;
        out->p = 1;
        return 1;
    }
    double d = fabs(out->u - mu) - 0.5;
    if (d < 0) d = 0;
    out->z = (out->u >= mu ? d : -d) / sqrt(var);
    out->p = erfc(fabs(out->z) / sqrt(2.0));
    if (out->p > 1) out->p = 1;
    return 1;
}
