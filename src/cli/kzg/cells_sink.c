/* SPDX-License-Identifier: Apache-2.0 */
/* cells_sink.c — the output of `gpucheck kzg cells`: a temporary file renamed into place, and
 * the signals that stop a run between records (cells_sink.h).
 *
 * The signal handler may only call async-signal-safe functions (write, ftruncate, rename,
 * unlink, _exit) and lock-free atomics. It may run on any thread while another writes, so
 * the sink's state is one atomic word: IDLE between records, WRITING during one, STOPPING
 * once a thread has claimed the stop; whoever moves it from IDLE to STOPPING ends the run,
 * and a write never starts after that. A second signal during a write on another thread
 * first parks the writer between two of its write calls (at most WRITE_CHUNK bytes each):
 * a truncation racing a write in flight could leave a hole and part of a record. */
#include "cli/kzg/cells_sink.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

static struct {
    const char *prog, *name; /* name: the path as given, or "stdout" */
    int fd, direct, to_stdout;
    char final_path[PATH_MAX], tmp_path[PATH_MAX + 32];
    volatile off_t committed;           /* bytes of whole records in the file */
    volatile size_t records;            /* whole records written */
    volatile sig_atomic_t pending;      /* a signal arrived while writing: stop after it */
    volatile sig_atomic_t closed;       /* gc_sink_close has begun: nothing left to save */
    volatile sig_atomic_t drop, parked; /* a second signal: the writer stops between writes */
    pthread_t writer;                   /* the thread in gc_sink_write while WRITING */
} s = {.fd = -1};

enum { WRITE_CHUNK = 1 << 20 };
static atomic_int stopper; /* one thread alone truncates, renames and exits */

enum { IDLE, WRITING, STOPPING };
static atomic_int state = IDLE;

static int claim(int from, int to) { return atomic_compare_exchange_strong(&state, &from, to); }

/* Another thread is ending the run: wait for its _exit. */
static void wait_for_exit(void) {
    for (;;) pause();
}

static void say(const char *text) {
    size_t n = strlen(text);
    while (n) {
        ssize_t w = write(STDERR_FILENO, text, n);
        if (w <= 0) return;
        text += w;
        n -= (size_t)w;
    }
}

static void say_number(size_t v) {
    char buf[24], *p = buf + sizeof buf;
    *--p = '\0';
    do *--p = (char)('0' + v % 10); while ((v /= 10) && p > buf);
    say(p);
}

/* Puts the whole records in place (dropping a record cut short) and exits 128 + sig. */
static void stop_now(int sig) {
    if (atomic_exchange(&stopper, 1)) wait_for_exit();
    if (!s.closed && s.fd >= 0 && !s.direct) {
        if (s.records) {
            if (ftruncate(s.fd, s.committed) == 0) (void)rename(s.tmp_path, s.final_path);
        } else {
            (void)unlink(s.tmp_path);
        }
    }
    say(s.prog);
    say(sig == SIGINT ? ": stopped by SIGINT: " : ": stopped by SIGTERM: ");
    say_number(s.records);
    say(" whole records written to ");
    say(s.name);
    say(s.records || s.direct ? "\n" : " (an existing file is left as it was)\n");
    _exit(128 + sig);
}

/* A second signal drops the record being written: a writer on another thread is parked
 * between write calls first, so that the truncation to the whole records is final. */
static void drop_record(void) {
    const struct timespec tick = {0, 1000000};
    if (atomic_load(&state) == WRITING && !pthread_equal(pthread_self(), s.writer)) {
        s.drop = 1;
        while (!s.parked && atomic_load(&state) == WRITING) nanosleep(&tick, NULL);
    }
    stop_now((int)s.pending);
}

static void on_signal(int sig) {
    if (claim(IDLE, STOPPING)) stop_now(sig); /* between records */
    if (s.pending) drop_record();             /* a second signal */
    s.pending = sig;                          /* the writer stops after this record */
    if (claim(IDLE, STOPPING)) stop_now(sig); /* unless it has just finished it */
}

static void signal_set(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
}

void gc_sink_block_signals(void) {
    sigset_t set;
    signal_set(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}

void gc_sink_catch_signals(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    signal_set(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigset_t set;
    signal_set(&set);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static int fail(const char *what, const char *path) {
    fprintf(stderr, "%s: %s %s: %s\n", s.prog, what, path, strerror(errno));
    return 0;
}

/* The temporary file beside the final one, with the existing file's permissions (else
 * those a new file gets). */
static int open_temporary(const char *path, const struct stat *old, int exists) {
    char dir[PATH_MAX];
    const char *target = path;
    if (exists && realpath(path, s.final_path)) target = s.final_path; /* beside a link's target */
    else snprintf(s.final_path, sizeof s.final_path, "%s", path);
    const char *slash = strrchr(target, '/');
    if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash - target + 1), target);
    else dir[0] = '\0';
    snprintf(s.tmp_path, sizeof s.tmp_path, "%s.%s.XXXXXX", dir, slash ? slash + 1 : target);
    s.fd = mkstemp(s.tmp_path);
    if (s.fd < 0) return fail("cannot write the output to", path);
    mode_t mode;
    if (exists) {
        mode = old->st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    (void)fchmod(s.fd, mode);
    return 1;
}

int gc_sink_open(const char *prog, const char *path) {
    s.prog = prog;
    s.committed = 0;
    s.records = 0;
    s.pending = s.closed = s.drop = s.parked = 0;
    atomic_store(&stopper, 0);
    atomic_store(&state, IDLE);
    if (!strcmp(path, "-")) {
        s.name = "stdout";
        s.fd = STDOUT_FILENO;
        s.direct = s.to_stdout = 1;
        return 1;
    }
    s.name = path;
    s.to_stdout = 0;
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return fail("cannot write the output to", path);
    }
    s.direct = exists && !S_ISREG(st.st_mode); /* a device or a pipe: no file to replace */
    if (!s.direct) return open_temporary(path, &st, exists);
    s.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (s.fd < 0) return fail("cannot write the output to", path);
    return 1;
}

int gc_sink_write(const void *p, size_t n, size_t records) {
    const char *c = p;
    size_t left = n;
    s.writer = pthread_self();
    if (!claim(IDLE, WRITING)) wait_for_exit();
    while (left) {
        ssize_t w = write(s.fd, c, left < WRITE_CHUNK ? left : WRITE_CHUNK);
        if (s.drop) {
            s.parked = 1;
            wait_for_exit();
        }
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            atomic_store(&state, IDLE);
            if (w == 0) errno = EIO;
            return fail("cannot write the output to", s.name);
        }
        c += w;
        left -= (size_t)w;
    }
    s.committed += (off_t)n;
    s.records += records;
    atomic_store(&state, IDLE);
    if (s.pending) {
        if (claim(IDLE, STOPPING)) stop_now((int)s.pending);
        wait_for_exit();
    }
    return 1;
}

size_t gc_sink_records(void) { return s.records; }

int gc_sink_close(int ok) {
    while (!claim(IDLE, STOPPING)) /* the handler must not race the rename */
        if (atomic_load(&state) == STOPPING) wait_for_exit();
    int done = 1;
    if (s.fd >= 0 && !s.to_stdout) {
        if (close(s.fd) != 0 && ok) done = fail("cannot write the output to", s.name);
        if (!s.direct) {
            if ((ok && done) || s.records) {
                if (rename(s.tmp_path, s.final_path) != 0) done = fail("cannot put the output in place at", s.name);
            }
            if (!((ok && done) || s.records) || !done) (void)unlink(s.tmp_path);
        }
    }
    s.fd = -1;
    s.closed = 1;
    if (s.pending) stop_now((int)s.pending); /* a signal during the close: still its exit status */
    return done;
}
