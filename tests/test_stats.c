/* test_stats.c — median, quartiles and noise of benchmark samples. */
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
    return UNIT_DONE();
}
