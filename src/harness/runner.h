/* SPDX-License-Identifier: Apache-2.0 */
/* runner.h — running selected tests: isolated in child processes with timeouts, or in
 * this process (--no-fork). */
#ifndef GC_RUNNER_H
#define GC_RUNNER_H

#include "result/result.h"

/** Run one test in this process on an open device. */
void gc_run_one_inprocess(const gc_test *t, gc_device *dev, const gc_run_options *opt, gc_result *r);
/** How far the running test is: its time so far and its budget, and for a benchmark what
 *  its process last said of its sampling. */
typedef struct {
    double elapsed_s, budget_s;
    gc_result_progress bench;
} gc_run_progress;
/** Told as the run goes: before a test starts and once its result is final (results[i]),
 *  so that the console can show each test as it finishes; about once a second while an
 *  isolated test runs (not with --no-fork), for a live progress line; and `ordered` with
 *  each final result in the report's order (device by device, tests in registration
 *  order), as soon as it and every result before it are final, with its place `number`
 *  (from 1) in the report: what TAP numbers. Each may be NULL.
 *  While the run goes, i indexes a slot of the device's block (results[d * per-device
 *  count + k]): devices that run in parallel finish in any order. The hooks are called
 *  from the devices' workers, never two at the same time; results[i] is final from its
 *  `finished` call on, and the slot's name, test and device are set from `started` on. */
typedef struct {
    void (*started)(void *user, const gc_run_report *rep, size_t i);
    void (*finished)(void *user, const gc_run_report *rep, size_t i);
    void (*progress)(void *user, const gc_run_report *rep, size_t i, const gc_run_progress *now);
    void (*ordered)(void *user, const gc_run_report *rep, size_t i, size_t number);
    void *user;
} gc_run_hooks;
/** Run every selected test (harness/select.h) on each device of the run, each --repeat
 *  times: the devices at the same time, a worker thread each running that device's tests
 *  one after another, where gc_devices_parallel allows (rep->devices_parallel), else one
 *  device after another (rep->devices_serial_reason says why). -x stops the run after the
 *  first result that is neither PASS nor SKIP (rep->stopped_by_fail_fast): no device starts
 *  another test; tests already running on other devices finish. rep->results is malloc'd
 *  (free with gc_run_report_free), device by device in the run's order when this returns.
 *  SIGINT, SIGTERM and SIGHUP stop the run (rep->interrupted_by): every running test is
 *  INTERRUPTED, the others are not run; a second signal exits at once, killing the
 *  process group of every running test first. hooks may be NULL. */
gc_status gc_run_selected(const gc_run_options *opt, gc_run_report *rep, const gc_run_hooks *hooks);
/** The signal that stopped the current run, 0 if none. */
int gc_run_interrupted(void);
void gc_run_report_free(gc_run_report *rep);
/** The hidden child command: run the named test and write its result to fd 3. */
int gc_child_main(const gc_run_options *opt, const char *full_name);

#endif
