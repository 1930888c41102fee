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
 *  so that the console can show each test as it finishes; and about once a second while
 *  an isolated test runs (not with --no-fork), for a live progress line. Each may be NULL. */
typedef struct {
    void (*started)(void *user, const gc_run_report *rep, size_t i);
    void (*finished)(void *user, const gc_run_report *rep, size_t i);
    void (*progress)(void *user, const gc_run_report *rep, size_t i, const gc_run_progress *now);
    void *user;
} gc_run_hooks;
/** Run every selected test (harness/select.h) on each device of the run in turn, each
 *  --repeat times; -x stops the run after the first result that is neither PASS nor SKIP
 *  (rep->stopped_by_fail_fast). rep->results is malloc'd (free with gc_run_report_free).
 *  SIGINT, SIGTERM and SIGHUP stop the run (rep->interrupted_by): the running test is
 *  INTERRUPTED, the others are not run; a second signal exits at once. hooks may be NULL. */
gc_status gc_run_selected(const gc_run_options *opt, gc_run_report *rep, const gc_run_hooks *hooks);
/** The signal that stopped the current run, 0 if none. */
int gc_run_interrupted(void);
void gc_run_report_free(gc_run_report *rep);
/** The hidden child command: run the named test and write its result to fd 3. */
int gc_child_main(const gc_run_options *opt, const char *full_name);

#endif
