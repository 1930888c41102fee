/* SPDX-License-Identifier: Apache-2.0 */
/* device_workers.c — a worker per device of the run: each runs its device's tests one
 * after another (requires(), then in this process or isolated, then the verdicts), the
 * devices' workers at the same time where the run allows it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>

#include "harness/context.h"
#include "harness/device_workers.h"
#include "harness/isolation.h"
#include "harness/options.h"
#include "harness/params.h"
#include "harness/stop_signals.h"
#include "harness/verdicts.h"

typedef struct {
    gc_run_state *s;
    size_t d;
} device_worker;

/* The test's own run, after requires() let it: the run's time budget, then in this process
 * (--no-fork) or isolated. */
static void run_one(const gc_test *t, const gc_run_options *opt, const gc_device_info *device, gc_device **dev,
                    double t0, gc_progress_relay *relay, gc_result *r) {
    if (opt->time_budget_s > 0 && gc_now() - t0 > opt->time_budget_s) {
        r->outcome = GC_SKIP;
        gc_result_set_reason(r, "not run: the run's time budget of %.0f s was spent", opt->time_budget_s);
        return;
    }
    double budget = gc_test_budget(t, opt);
    if (opt->no_fork) {
        if (!*dev) {
            gc_status st = gc_device_open(opt->device_index, dev);
            if (st != GC_OK) {
                r->outcome = GC_ERROR;
                gc_result_set_reason(r, "opening %s: %s: %s", opt->device_id, gc_status_name(st), gc_last_error());
                return;
            }
        }
        gc_run_one_inprocess(t, *dev, opt, r);
    } else {
        gc_run_isolated(opt, device, budget, gc_stop_flag(), relay, r);
    }
    gc_judge_expectation(r);
    gc_add_repro(r, opt);
}

int gc_run_stopping(gc_run_state *s) { return gc_run_interrupted() || atomic_load(&s->stop_all); }

/* Under the lock: results that are final, with every result before them in the report's
 * order final too, go to the `ordered` hook (TAP numbers them so). */
void gc_release_in_order(gc_run_state *s) {
    const gc_run_hooks *h = s->hooks;
    while (s->next_device < s->rep->n_devices) {
        size_t d = s->next_device;
        if (s->next_k < s->done[d]) {
            size_t slot = d * s->per_device + s->next_k++;
            s->next_number++;
            if (h && h->ordered) h->ordered(h->user, s->rep, slot, s->next_number);
        } else if (s->over[d]) {
            s->next_device++;
            s->next_k = 0;
        } else {
            break;
        }
    }
}

/* One run of test t on device d: its result is the next of the device's block. */
static void run_slot(gc_run_state *s, size_t d, const gc_test *t, const gc_run_options *oc, unsigned k,
                     const char *case_label, gc_device **dev) {
    gc_run_report *rep = s->rep;
    const gc_run_hooks *h = s->hooks;
    gc_result *block = rep->results + d * s->per_device;
    size_t used = s->done[d];
    size_t slot = d * s->per_device + used;
    gc_result *r = &block[used];
    snprintf(r->case_label, sizeof r->case_label, "%s", case_label);
    gc_test_full_name(t, r->full_name, sizeof r->full_name);
    r->test = t;
    r->is_bench = t->sample != NULL;
    r->device = rep->devices[d];
    r->repetition = k;
    pthread_mutex_lock(&s->lock);
    r->started_s = gc_now() - s->t0;
    /* requires() may answer from a static buffer: read and copied under the lock */
    const char *why = t->requires ? t->requires(t, rep->devices[d]) : NULL;
    if (why) {
        r->outcome = GC_SKIP;
        gc_result_set_reason(r, "%s", why);
    }
    if (h && h->started) h->started(h->user, rep, slot);
    pthread_mutex_unlock(&s->lock);
    /* A test that finished keeps its result; in this process (--no-fork) a test is
     * never cut short, the signal stops the run after it. */
    gc_progress_relay relay = {h, rep, slot, 0, 0, {{GC_PROGRESS_NONE, 0, 0, 0, -1}, 0, 0}, &s->lock};
    if (!why) run_one(t, oc, rep->devices[d], dev, s->t0, h && h->progress ? &relay : NULL, r);
    pthread_mutex_lock(&s->lock);
    r->finished_s = gc_now() - s->t0;
    s->done[d] = ++used;
    gc_baseline_ratios(block, used);
    if (gc_stops_fail_fast(s->opt, r)) {
        rep->stopped_by_fail_fast = 1;
        atomic_store(&s->stop_all, 1);
    }
    rep->n++;
    rep->seconds = gc_now() - s->t0;
    if (h && h->finished) h->finished(h->user, rep, slot);
    gc_release_in_order(s);
    pthread_mutex_unlock(&s->lock);
}

/* One device: every selected test, each case of its --param sweep (one case without a
 * sweep), each --repeat times in a row, one after another. */
void gc_run_device(gc_run_state *s, size_t d) {
    const gc_run_options *opt = s->opt;
    gc_run_options on = *opt; /* the options as a test on this device sees them */
    on.device_index = opt->n_devices ? opt->devices[d] : opt->device_index;
    on.device_id = s->rep->devices[d]->id;
    gc_device *dev = NULL;
    gc_case_params *case_buf = malloc(sizeof *case_buf);
    gc_run_options *oc = malloc(sizeof *oc); /* the options of one case of a sweep */
    char label[GC_CASE_LABEL_MAX];
    for (size_t i = 0; i < s->n_tests && case_buf && oc && !gc_run_stopping(s); i++) {
        const gc_test *t = s->tests[i];
        size_t cases = gc_param_cases(opt, t->suite);
        for (size_t c = 0; c < cases && !gc_run_stopping(s); c++) {
            gc_param_case(&on, t->suite, c, oc, case_buf, label, sizeof label);
            for (unsigned k = 1; k <= s->repeat && !gc_run_stopping(s); k++) run_slot(s, d, t, oc, k, label, &dev);
        }
    }
    free(case_buf);
    free(oc);
    gc_device_close(dev);
    pthread_mutex_lock(&s->lock);
    s->over[d] = 1;
    gc_release_in_order(s);
    pthread_mutex_unlock(&s->lock);
}

static void *device_worker_main(void *arg) {
    device_worker *w = arg;
    gc_run_device(w->s, w->d);
    return NULL;
}

/* In parallel, a worker thread per device; one that cannot be started runs its device here,
 * after the others have started (so the run still happens, only less at once). */
void gc_run_devices_parallel(gc_run_state *s) {
    size_t n = s->rep->n_devices;
    pthread_t threads[GC_MAX_RUN_DEVICES];
    device_worker workers[GC_MAX_RUN_DEVICES];
    int started[GC_MAX_RUN_DEVICES] = {0};
    for (size_t d = 0; d < n; d++) {
        workers[d] = (device_worker){s, d};
        started[d] = pthread_create(&threads[d], NULL, device_worker_main, &workers[d]) == 0;
    }
    for (size_t d = 0; d < n; d++)
        if (!started[d]) gc_run_device(s, d);
    for (size_t d = 0; d < n; d++)
        if (started[d]) pthread_join(threads[d], NULL);
}
