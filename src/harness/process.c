/* SPDX-License-Identifier: Apache-2.0 */
/* process.c — see process.h. POSIX (Linux: pipe2, mkostemp, waitid). */
#define _GNU_SOURCE
#include "harness/process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/env_snapshot.h"
#include "harness/context.h"

extern char **environ;

/* What one child may write on its result pipe; a benchmark of a million samples is ~25 MB. */
#define GC_RESULT_MAX (64u << 20)

/* The groups of the children being waited for, one slot each (a run over several devices
 * waits for one child per device at once), for gc_process_kill_current from a signal
 * handler: lock-free atomics, which a handler may read. 0: a free slot. */
#define GC_PROCESS_SLOTS 256
static atomic_int live_groups[GC_PROCESS_SLOTS];

const char *gc_temp_dir(void) {
    const char *t = getenv("TMPDIR");
    return t && t[0] == '/' ? t : "/tmp";
}

void gc_process_kill_current(void) {
    for (int i = 0; i < GC_PROCESS_SLOTS; i++) {
        int g = atomic_load(&live_groups[i]);
        if (g > 0) kill(-(pid_t)g, SIGKILL);
    }
}

/* -1 when every slot is taken (more children at once than any run has devices): the
 * child is then still killed after its wait, only a second Ctrl-C would miss it. */
static int claim_slot(pid_t pid) {
    for (int i = 0; i < GC_PROCESS_SLOTS; i++) {
        int free_slot = 0;
        if (atomic_compare_exchange_strong(&live_groups[i], &free_slot, (int)pid)) return i;
    }
    return -1;
}

/* The child's environment: the runner's from before the drivers loaded (env_snapshot.h),
 * with `add` replacing or adding entries. */
static char **build_env(const char *const *add) {
    char *const *base = gc_env_snapshot();
    if (!base) base = environ;
    size_t n = 0, k = 0;
    while (base && base[n]) n++;
    while (add && add[k]) k++;
    char **env = calloc(n + k + 1, sizeof *env);
    if (!env) return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        int replaced = 0;
        for (size_t j = 0; j < k && !replaced; j++) {
            size_t nl = strcspn(add[j], "=");
            replaced = strncmp(base[i], add[j], nl) == 0 && base[i][nl] == '=';
        }
        if (!replaced) env[o++] = base[i];
    }
    for (size_t j = 0; j < k; j++) env[o++] = (char *)add[j];
    env[o] = NULL;
    return env;
}

int gc_process_spawn(gc_process *p, const char *exe, const char *const *argv, const char *const *env_add,
                     char *err, size_t err_len) {
    memset(p, 0, sizeof *p);
    p->result_fd = p->output_fd = p->slot = -1;
    int pfd[2] = {-1, -1}, devnull = -1;
    char outpath[4096];
    snprintf(outpath, sizeof outpath, "%s/gpucheck-output-XXXXXX", gc_temp_dir());
    /* O_APPEND: the test and whatever it starts all add to the end. */
    int outfd = mkostemp(outpath, O_CLOEXEC | O_APPEND);
    if (outfd < 0) {
        snprintf(err, err_len, "cannot create the output file %s: %s", outpath, strerror(errno));
        return -1;
    }
    unlink(outpath); /* nothing to clean up, whatever happens to either process */
    char **env = build_env(env_add);
    devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (!env || devnull < 0 || pipe2(pfd, O_CLOEXEC) != 0) {
        snprintf(err, err_len, "cannot set up the child's pipe: %s", env ? strerror(errno) : "out of memory");
        goto fail;
    }
    /* The stop signals wait while the child exists but has no slot yet, so that a second
     * Ctrl-C cannot exit and leave it behind (another thread of the runner may take them
     * meanwhile; the child unblocks them before exec). */
    sigset_t stops, before;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stops, &before);
    pid_t pid = fork();
    if (pid == 0) {
        /* Async-signal-safe calls only from here to exec. The descriptors are first moved
         * above 10 so that placing them on 0..3 cannot close one another (the output file
         * or the pipe may itself be fd 3); dup2 clears FD_CLOEXEC on the targets only. */
        setpgid(0, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &dfl, NULL); /* the runner ignores it; exec would keep that */
        int res = fcntl(pfd[1], F_DUPFD_CLOEXEC, 10);
        int out = fcntl(outfd, F_DUPFD_CLOEXEC, 10);
        int in = fcntl(devnull, F_DUPFD_CLOEXEC, 10);
        if (res < 0 || out < 0 || in < 0 || dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 ||
            dup2(out, STDERR_FILENO) < 0 || dup2(res, 3) < 0)
            _exit(126);
        execve(exe, (char *const *)argv, env);
        _exit(127);
    }
    int fork_errno = errno;
    if (pid > 0) {
        setpgid(pid, pid); /* also here, so that a kill of the group cannot miss it */
        p->slot = claim_slot(pid);
    }
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    close(pfd[1]);
    pfd[1] = -1;
    close(devnull);
    devnull = -1;
    free(env);
    env = NULL;
    if (pid < 0) {
        snprintf(err, err_len, "fork failed: %s", strerror(fork_errno));
        goto fail;
    }
    fcntl(pfd[0], F_SETFL, fcntl(pfd[0], F_GETFL) | O_NONBLOCK);
    p->pid = pid;
    p->result_fd = pfd[0];
    p->output_fd = outfd;
    return 0;
fail:
    free(env);
    if (devnull >= 0) close(devnull);
    if (pfd[0] >= 0) close(pfd[0]);
    if (pfd[1] >= 0) close(pfd[1]);
    close(outfd);
    return -1;
}

/* Read what is there; returns 0 at end of file, 1 otherwise. */
static int read_some(gc_process *p) {
    for (;;) {
        char buf[65536];
        ssize_t n = read(p->result_fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return 1; /* EAGAIN: nothing more now */
        if (n == 0) return 0;
        if (p->result_len + (size_t)n > GC_RESULT_MAX) {
            p->result_overflow = 1;
            continue; /* keep draining so that the child is not blocked */
        }
        char *q = realloc(p->result, p->result_len + (size_t)n + 1);
        if (!q) {
            p->result_overflow = 1;
            continue;
        }
        p->result = q;
        memcpy(p->result + p->result_len, buf, (size_t)n);
        p->result_len += (size_t)n;
        p->result[p->result_len] = '\0';
    }
}

void gc_process_wait(gc_process *p, double deadline, const volatile sig_atomic_t *stop, double drain_s,
                     const gc_process_tick *tick) {
    int open_pipe = 1;
    double next_tick = tick && tick->fn && tick->period_s > 0 ? gc_now() + tick->period_s : -1;
    for (;;) {
        /* Has it exited? WNOWAIT keeps the zombie, so its pid (the group id) cannot be
         * reused before the group is killed below. */
        siginfo_t si;
        memset(&si, 0, sizeof si);
        if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == p->pid) break;
        if (stop && *stop) {
            p->interrupted = 1;
            break;
        }
        double left = deadline - gc_now();
        if (left <= 0) {
            p->timed_out = 1;
            break;
        }
        int ms = left < 0.05 ? (int)(left * 1000) + 1 : 50;
        if (open_pipe) {
            struct pollfd pf = {p->result_fd, POLLIN, 0};
            if (poll(&pf, 1, ms) > 0) open_pipe = read_some(p);
        } else {
            usleep((useconds_t)ms * 1000);
        }
        double now = gc_now();
        if (next_tick >= 0 && now >= next_tick) {
            tick->fn(tick->user, p);
            next_tick += tick->period_s;
            if (next_tick <= now) next_tick = now + tick->period_s; /* a late tick does not come twice */
        }
    }
    kill(-p->pid, SIGKILL); /* the child if still running, and anything it left behind */
    /* Freed before the child is reaped: until then its pid (the group id) cannot be reused,
     * so a handler's kill can never reach another group. */
    if (p->slot >= 0) atomic_store(&live_groups[p->slot], 0);
    p->slot = -1;
    while (waitpid(p->pid, &p->status, 0) < 0 && errno == EINTR) {
    }
    double until = gc_now() + drain_s;
    while (open_pipe) {
        double left = until - gc_now();
        if (left <= 0) break;
        struct pollfd pf = {p->result_fd, POLLIN, 0};
        int pr = poll(&pf, 1, (int)(left * 1000) + 1);
        if (pr < 0 && errno == EINTR) continue;
        if (pr <= 0) break;
        open_pipe = read_some(p);
    }
}

char *gc_process_output_tail(const gc_process *p, size_t max, size_t *total) {
    struct stat sb;
    *total = 0;
    if (p->output_fd < 0 || fstat(p->output_fd, &sb) != 0 || sb.st_size <= 0) return NULL;
    size_t size = (size_t)sb.st_size, start = size > max ? size - max : 0;
    char *buf = malloc(size - start + 1);
    if (!buf) return NULL;
    ssize_t n = pread(p->output_fd, buf, size - start, (off_t)start);
    if (n <= 0) {
        free(buf);
        return NULL;
    }
    for (ssize_t i = 0; i < n; i++)
        if (buf[i] == '\0') buf[i] = '?'; /* binary output stays readable as text */
    buf[n] = '\0';
    *total = size;
    return buf;
}

void gc_process_release(gc_process *p) {
    if (p->result_fd >= 0) close(p->result_fd);
    if (p->output_fd >= 0) close(p->output_fd);
    free(p->result);
    p->result = NULL;
    p->result_fd = p->output_fd = -1;
}
