/* SPDX-License-Identifier: Apache-2.0 */
/* runner.c — the run: the selected tests on each device of the run (device_workers.c),
 * the devices at the same time or one after another, interrupts caught meanwhile
 * (stop_signals.c), and the results closed up into the report's order. One test in a
 * child process is isolation.c; its steps are inprocess.c and sampling.c. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness/context.h"
#include "harness/device_plan.h"
#include "harness/device_workers.h"
#include "harness/params.h"
#include "harness/select.h"
#include "harness/stop_signals.h"
#include "harness/verdicts.h"

/* The blocks closed up: device by device, each in its order. */
static void close_up_blocks(gc_run_state *s) {
    gc_run_report *rep = s->rep;
    size_t o = 0;
    for (size_t d = 0; d < rep->n_devices; d++)
        for (size_t k = 0; k < s->done[d]; k++, o++) {
            size_t from = d * s->per_device + k;
            if (from == o) continue;
            rep->results[o] = rep->results[from];
            memset(&rep->results[from], 0, sizeof rep->results[from]);
        }
    rep->n = o;
}

gc_status gc_run_selected(const gc_run_options *opt, gc_run_report *rep, const gc_run_hooks *hooks) {
    memset(rep, 0, sizeof *rep);
    rep->opt = opt;
    /* The run's devices: the list (--device LIST, all), else the one device. */
    rep->n_devices = opt->n_devices ? opt->n_devices : 1;
    for (size_t d = 0; d < rep->n_devices; d++)
        rep->devices[d] = gc_device_info_at(opt->n_devices ? opt->devices[d] : opt->device_index);
    rep->device = rep->devices[0];
    time_t now = time(NULL);
    strftime(rep->started_at, sizeof rep->started_at, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    if (gethostname(rep->host, sizeof rep->host - 1) != 0) rep->host[0] = '\0';
    gc_run_state *s = calloc(1, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    s->opt = opt;
    s->rep = rep;
    s->hooks = hooks;
    s->bench = opt->command && strcmp(opt->command, "bench") == 0;
    s->repeat = opt->repeat ? opt->repeat : 1;
    s->tests = calloc(gc_test_count() + 1, sizeof *s->tests);
    if (!s->tests) {
        free(s);
        return GC_ERR_NO_MEMORY;
    }
    for (size_t i = 0; i < gc_test_count(); i++)
        if (gc_test_selected(gc_test_at(i), opt, s->bench)) s->tests[s->n_tests++] = gc_test_at(i);
    /* A sweep (--param SUITE.KEY=V1,V2) runs each test of its suite once per case. */
    for (size_t i = 0; i < s->n_tests; i++) s->per_device += gc_param_cases(opt, s->tests[i]->suite) * s->repeat;
    rep->n_selected = s->per_device * rep->n_devices;
    rep->results = calloc(rep->n_selected ? rep->n_selected : 1, sizeof *rep->results);
    if (!rep->results) {
        free(s->tests);
        free(s);
        return GC_ERR_NO_MEMORY;
    }
    rep->devices_parallel = gc_devices_parallel(rep->devices, rep->n_devices, s->bench, opt->serial_devices,
                                                opt->no_fork, rep->devices_serial_reason,
                                                sizeof rep->devices_serial_reason);
    pthread_mutex_init(&s->lock, NULL);
    atomic_init(&s->stop_all, 0);
    s->t0 = gc_now();
    gc_catch_stop_signals(1);
    if (rep->devices_parallel) {
        gc_run_devices_parallel(s);
    } else {
        /* One device after another: all of the first device's tests, then the next's. */
        for (size_t d = 0; d < rep->n_devices && !gc_run_stopping(s); d++) gc_run_device(s, d);
    }
    /* Devices never reached (an interrupt, -x) have nothing to release. */
    for (size_t d = 0; d < rep->n_devices; d++) s->over[d] = 1;
    gc_release_in_order(s);
    rep->interrupted_by = gc_run_interrupted();
    gc_catch_stop_signals(0);
    close_up_blocks(s);
    gc_baseline_ratios(rep->results, rep->n);
    rep->seconds = gc_now() - s->t0;
    pthread_mutex_destroy(&s->lock);
    free(s->tests);
    free(s);
    return GC_OK;
}

void gc_run_report_free(gc_run_report *rep) {
    for (size_t i = 0; i < rep->n; i++) gc_result_free(&rep->results[i]);
    free(rep->results);
    rep->results = NULL;
    rep->n = 0;
}
