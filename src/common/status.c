/* SPDX-License-Identifier: Apache-2.0 */
/* status.c — names and messages of gc_status and the last-error slot: the base that every
 * layer (backends included) reports through. */
#include <stdarg.h>
#include <stdio.h>

#include "gpucheck/gc_status.h"

static const char *const status_names[] = {
#define GC_STATUS_NAME_(name, msg) #name,
    GC_STATUS_LIST(GC_STATUS_NAME_)
#undef GC_STATUS_NAME_
};
static const char *const status_messages[] = {
#define GC_STATUS_MSG_(name, msg) msg,
    GC_STATUS_LIST(GC_STATUS_MSG_)
#undef GC_STATUS_MSG_
};

const char *gc_status_name(gc_status s) {
    return (unsigned)s < GC_STATUS_COUNT_ ? status_names[s] : "GC_STATUS_UNKNOWN";
}

const char *gc_status_message(gc_status s) {
    return (unsigned)s < GC_STATUS_COUNT_ ? status_messages[s] : "unknown status";
}

/* One slot per thread: the harness and backends are single-threaded per device, but the
 * fence suite's host-thread readers must not race on it. */
static _Thread_local char last_error[1024];

void gc_set_last_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
}

const char *gc_last_error(void) { return last_error; }
