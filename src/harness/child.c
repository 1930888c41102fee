/* SPDX-License-Identifier: Apache-2.0 */
/* child.c — the hidden `__child` command, the process of one isolated test: find the test,
 * open the device, run its steps, write its result to the result pipe (fd 3) with the
 * token that proves where it came from. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/cache.h"
#include "harness/runner.h"
#include "harness/sampling.h"

/* The result pipe (-1 until gc_child_main has it). */
static int result_fd = -1;

static void cache_load_hook(const char *entry_path, int loading) {
    if (result_fd >= 0) gc_result_write_cache_load(result_fd, loading ? entry_path : NULL);
}

int gc_child_main(const gc_run_options *opt, const char *full_name) {
    /* The token proves that a record comes from here, not from text a test wrote; the
     * test cannot read it from the environment, and processes it starts do not inherit
     * the result pipe. */
    char token[64] = "";
    const char *tok = getenv(GC_RESULT_TOKEN_ENV);
    if (tok) snprintf(token, sizeof token, "%s", tok);
    unsetenv(GC_RESULT_TOKEN_ENV);
    if (fcntl(GC_RESULT_FD, F_SETFD, FD_CLOEXEC) == 0) result_fd = GC_RESULT_FD;
    gc_sampling_report_to(result_fd);
    gc_cache_set_load_hook(cache_load_hook);
    const gc_test *t = NULL;
    char name[GC_TEST_NAME_MAX + 1];
    for (size_t i = 0; i < gc_test_count() && !t; i++) {
        gc_test_full_name(gc_test_at(i), name, sizeof name);
        if (strcmp(name, full_name) == 0) t = gc_test_at(i);
    }
    gc_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.full_name, sizeof r.full_name, "%s", full_name);
    gc_device *dev = NULL;
    if (!t) {
        r.outcome = GC_ERROR;
        gc_result_set_reason(&r, "no test named %s", full_name);
    } else {
        gc_status st = gc_device_open(opt->device_index, &dev);
        if (st != GC_OK) {
            r.outcome = GC_ERROR;
            gc_result_set_reason(&r, "opening %s: %s: %s", opt->device_id, gc_status_name(st), gc_last_error());
        } else {
            gc_run_one_inprocess(t, dev, opt, &r);
        }
    }
    fflush(NULL); /* the test's own output goes out before its result */
    int ok = result_fd >= 0 && gc_result_write(result_fd, token, &r);
    gc_result_free(&r);
    gc_device_close(dev);
    return ok ? 0 : 3;
}
