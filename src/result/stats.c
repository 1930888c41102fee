/* SPDX-License-Identifier: Apache-2.0 */
/* stats.c — statistics of benchmark samples: order statistics (median, quartiles), mean,
 * standard deviation and coefficient of variation, and a running form of the latter for
 * the noise-based stopping rule. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_harness.h"

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Quantile q of sorted v by linear interpolation between closest ranks (type 7). */
static double quantile(const double *v, size_t n, double q) {
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)pos;
    double frac = pos - (double)lo;
    return lo + 1 < n ? v[lo] + frac * (v[lo + 1] - v[lo]) : v[lo];
}

void gc_running_stats_add(gc_running_stats *s, double x) {
    s->n++;
    double d = x - s->mean;
    s->mean += d / (double)s->n;
    s->m2 += d * (x - s->mean);
}

static double running_stddev(const gc_running_stats *s) {
    return s->n > 1 && s->m2 > 0 ? sqrt(s->m2 / (double)(s->n - 1)) : 0;
}

double gc_running_stats_cv(const gc_running_stats *s) {
    return s->n > 1 && s->mean > 0 ? running_stddev(s) / s->mean : 0;
}

void gc_stats_compute(const double *samples, size_t n, gc_stats *out) {
    memset(out, 0, sizeof *out);
    out->n = n;
    if (n == 0) return;
    double *v = malloc(n * sizeof *v);
    if (!v) return;
    memcpy(v, samples, n * sizeof *v);
    qsort(v, n, sizeof *v, cmp_double);
    out->min = v[0];
    out->max = v[n - 1];
    out->median = quantile(v, n, 0.5);
    out->q1 = quantile(v, n, 0.25);
    out->q3 = quantile(v, n, 0.75);
    out->iqr = out->q3 - out->q1;
    out->rel_noise = out->median > 0 ? out->iqr / out->median : 0;
    /* Welford's update: no loss of precision when the samples are large and close. */
    gc_running_stats rs = {0, 0, 0};
    for (size_t i = 0; i < n; i++) gc_running_stats_add(&rs, v[i]);
    out->mean = rs.mean;
    out->stddev = running_stddev(&rs);
    out->cv = gc_running_stats_cv(&rs);
    free(v);
}
