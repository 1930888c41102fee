/* SPDX-License-Identifier: Apache-2.0 */
/* result_facts.c — what several reports say of a result, worked out in one place: the
 * device it ran on, its throughput, whether its sampling stopped early, the signal that
 * stopped the run. */
#include <signal.h>

#include "report/report.h"

const char *gc_signal_name(int sig) {
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
}

double gc_result_throughput(const gc_result *r) {
    return r->work > 0 && r->stats.median > 0 ? r->work / (r->stats.median / 1000.0) : 0;
}

const gc_device_info *gc_result_device(const gc_run_report *rep, const gc_result *r) {
    return r->device ? r->device : rep->device;
}

int gc_result_stopped_early(const gc_result *r) {
    return r->stopped_by == GC_STOP_TIME_BUDGET || r->stopped_by == GC_STOP_SAMPLE_CAP;
}
