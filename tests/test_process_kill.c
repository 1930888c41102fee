/* SPDX-License-Identifier: Apache-2.0 */
/* test_process_kill.c — gc_process_kill_current (what a second Ctrl-C calls before it exits)
 * kills the process group of every child being waited for, not only the last one started:
 * with devices in parallel, one child per device runs at once. Each child here is a
 * `sleep 30` that would outlive a 10 s deadline; killed, it ends at once by SIGKILL. */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "harness/context.h"
#include "harness/process.h"
#include "unit.h"

#define N_CHILDREN 3

static void test_process_kill_current__kills_every_waited_child(void) {
    gc_process p[N_CHILDREN];
    const char *const argv[] = {"sleep", "30", NULL};
    char err[256];
    for (int i = 0; i < N_CHILDREN; i++)
        CHECKF(gc_process_spawn(&p[i], "/bin/sleep", argv, NULL, err, sizeof err) == 0, "spawn %d: %s", i, err);
    double t0 = gc_now();
    gc_process_kill_current();
    for (int i = 0; i < N_CHILDREN; i++) {
        gc_process_wait(&p[i], t0 + 10, NULL, 0.1, NULL);
        CHECKF(!p[i].timed_out && WIFSIGNALED(p[i].status) && WTERMSIG(p[i].status) == SIGKILL,
               "child %d (of %d started) was not killed: timed out %d, status %#x", i + 1, N_CHILDREN,
               p[i].timed_out, p[i].status);
        gc_process_release(&p[i]);
    }
    CHECKF(gc_now() - t0 < 5, "waiting for the killed children took %.1f s", gc_now() - t0);
}

int main(void) {
    test_process_kill_current__kills_every_waited_child();
    return UNIT_DONE();
}
