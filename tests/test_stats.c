/* SPDX-License-Identifier: Apache-2.0 */
/* test_stats.c — median, quartiles, noise, mean, standard deviation and coefficient of
 * variation of benchmark samples, and the running form used by the stopping rule. */
#include <math.h>

#include "gpucheck/gc_harness.h"
#include "unit.h"

static int near(double a, double b) { return fabs(a - b) < 1e-12; }

int main(void) {
    gc_stats s;
    const double odd[] = {5, 1, 3}; /* unsorted on purpose */
    gc_stats_compute(odd, 3, &s);
    CHECK(s.n == 3 && near(s.median, 3) && near(s.min, 1) && near(s.max, 5));
    CHECK(near(s.q1, 2) && near(s.q3, 4) && near(s.iqr, 2) && near(s.rel_noise, 2.0 / 3));

    const double even[] = {4, 1, 2, 3};
    gc_stats_compute(even, 4, &s);
    CHECK(near(s.median, 2.5));
    CHECK(near(s.q1, 1.75) && near(s.q3, 3.25)); /* linear interpolation between ranks */

    const double one[] = {7};
    gc_stats_compute(one, 1, &s);
    CHECK(near(s.median, 7) && near(s.iqr, 0) && near(s.rel_noise, 0));

    gc_stats_compute(NULL, 0, &s);
    CHECK(s.n == 0 && near(s.median, 0));

    /* An outlier moves the mean, not the median. */
    const double outlier[] = {1, 1, 1, 1, 1000};
    gc_stats_compute(outlier, 5, &s);
    CHECK(near(s.median, 1) && near(s.max, 1000));
    CHECK(near(s.mean, 200.8));

    /* Mean, sample standard deviation (n - 1) and CV: {2,4,4,4,5,5,7,9} has mean 5, sum of
     * squared deviations 32, so stddev sqrt(32/7) (the population one, 2, would be wrong). */
    const double eight[] = {9, 2, 4, 4, 4, 5, 5, 7};
    gc_stats_compute(eight, 8, &s);
    CHECK(near(s.mean, 5) && near(s.stddev, sqrt(32.0 / 7)) && near(s.cv, sqrt(32.0 / 7) / 5));
    CHECK(near(s.median, 4.5));
    gc_stats_compute(one, 1, &s);
    CHECK(near(s.mean, 7) && near(s.stddev, 0) && near(s.cv, 0));
    const double equal[] = {3, 3, 3};
    gc_stats_compute(equal, 3, &s);
    CHECK(near(s.stddev, 0) && near(s.cv, 0));
    /* Large values close together: the naive sum-of-squares formula loses them. */
    const double close[] = {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16};
    gc_stats_compute(close, 4, &s);
    CHECK(fabs(s.stddev - sqrt(90.0 / 3)) < 1e-6);

    /* The running form agrees with the batch one. */
    gc_running_stats rs = {0, 0, 0};
    CHECK(gc_running_stats_cv(&rs) == 0);
    for (int i = 0; i < 8; i++) gc_running_stats_add(&rs, eight[i]);
    CHECK(rs.n == 8 && near(rs.mean, 5) && near(gc_running_stats_cv(&rs), sqrt(32.0 / 7) / 5));
    return UNIT_DONE();
}
