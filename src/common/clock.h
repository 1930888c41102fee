/* SPDX-License-Identifier: Apache-2.0 */
/* clock.h — the one monotonic clock of host-side timings (wall times of library calls,
 * budgets, progress), so that every figure and deadline reads the same clock. */
#ifndef GC_COMMON_CLOCK_H
#define GC_COMMON_CLOCK_H

/** Milliseconds of CLOCK_MONOTONIC: only differences mean anything. */
double gc_clock_ms(void);

#endif
