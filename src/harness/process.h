/* SPDX-License-Identifier: Apache-2.0 */
/* process.h — the process mechanism under the runner (POSIX): a child in a process group
 * of its own, its result pipe on fd 3, its stdout and stderr in an unlinked temporary file,
 * waited for under a deadline, and its whole group killed afterwards. The runner
 * (runner.c) decides what a test's outcome is; this file only runs processes. */
#ifndef GC_PROCESS_H
#define GC_PROCESS_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;           /* also the process group id */
    int result_fd;       /* the parent's read end of the child's fd 3 */
    int output_fd;       /* the child's stdout and stderr (O_APPEND, unlinked) */
    char *result;        /* everything read from result_fd (NUL-terminated) */
    size_t result_len;
    int result_overflow; /* the child wrote more than the runner keeps */
    int status;          /* wait status, once reaped */
    int timed_out;       /* killed at the deadline */
    int interrupted;     /* killed because *stop was set */
    int slot;            /* its entry among the groups gc_process_kill_current kills (-1 none) */
} gc_process;

/** Start exe with argv (NULL-terminated) and the environment plus `env_add` ("NAME=VALUE",
 *  NULL-terminated; a name given replaces the inherited one). stdin is /dev/null. Returns
 *  0, or -1 with a message in err. Everything the child needs is built before fork, so
 *  the parent may have threads (driver libraries start some, and the runner one per
 *  device); several threads may each spawn and wait for a child of their own at once. */
int gc_process_spawn(gc_process *p, const char *exe, const char *const *argv, const char *const *env_add,
                     char *err, size_t err_len);
/* Called while the child runs, every `period_s` seconds (not before the first period has
 * passed), with what the pipe held read into p->result: how the runner shows a running
 * test's progress. This file prints nothing itself. */
typedef struct {
    double period_s;
    void (*fn)(void *user, const gc_process *p);
    void *user;
} gc_process_tick;
/** Read the result pipe until the child exits, the monotonic time `deadline` (seconds,
 *  as gc_now) passes, or *stop becomes non-zero, calling `tick` (may be NULL) meanwhile;
 *  then kill the child's process group (what the test left running goes too), reap the
 *  child and drain the pipe for at most `drain_s` seconds (a process that escaped the
 *  group may hold it open). */
void gc_process_wait(gc_process *p, double deadline, const volatile sig_atomic_t *stop, double drain_s,
                     const gc_process_tick *tick);
/** The last `max` bytes of the child's output (malloc'd, NUL-terminated; NULL when it
 *  wrote nothing); *total gets the size of all of it. */
char *gc_process_output_tail(const gc_process *p, size_t max, size_t *total);
/** Close the descriptors and free the buffer (after gc_process_wait). */
void gc_process_release(gc_process *p);
/** The directory for temporary files: $TMPDIR when it is set and absolute, else /tmp. */
const char *gc_temp_dir(void);
/** Kill the process group of every child started by gc_process_spawn and not yet past
 *  gc_process_wait, whichever thread waits for it (async-signal-safe; for a second
 *  Ctrl-C that exits at once). */
void gc_process_kill_current(void);

#endif
