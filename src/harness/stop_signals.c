/* SPDX-License-Identifier: Apache-2.0 */
/* stop_signals.c — how a run is interrupted. The first SIGINT, SIGTERM or SIGHUP asks the
 * run to stop: the running child and its process group are killed, reaped, and the test is
 * INTERRUPTED; no new test starts, and the caller writes every report with what finished.
 * A second one exits at once (status 128 + signal), killing the child's group first,
 * writing nothing more. */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "harness/process.h"
#include "harness/runner.h"
#include "harness/stop_signals.h"

/* Set by the run's signal handlers. */
static volatile sig_atomic_t stop_requested;

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction saved_actions[3];

static void on_stop_signal(int sig) {
    if (stop_requested) {
        gc_process_kill_current();
        _exit(128 + sig);
    }
    stop_requested = sig;
    static const char msg[] = "\ngpucheck: interrupted: stopping the run and writing the reports "
                              "(again to exit at once)\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
}

void gc_catch_stop_signals(int on) {
    if (on) stop_requested = 0;
    for (int i = 0; i < 3; i++) {
        if (on) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_stop_signal;
            sigemptyset(&sa.sa_mask);
            sigaction(stop_signals[i], &sa, &saved_actions[i]);
        } else {
            sigaction(stop_signals[i], &saved_actions[i], NULL);
        }
    }
}

int gc_run_interrupted(void) { return (int)stop_requested; }

const volatile sig_atomic_t *gc_stop_flag(void) { return &stop_requested; }
