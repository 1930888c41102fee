/* SPDX-License-Identifier: Apache-2.0 */
/* formats.c — the table of report formats that go to a file, and how a report reaches its
 * file. A new format is a writer in a file of its own and one line in the table. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report.h"

const gc_report_format gc_report_formats[GC_REPORT_FORMAT_COUNT] = {
    {"JSON", "--json", 0, gc_report_json},
    {"JUnit", "--junit", 0, gc_report_junit},
    {"CSV", "--csv", 1, gc_report_csv},
    {"Markdown", "--markdown", 0, gc_report_markdown},
};

/* A report file is written whole or not at all: into a temporary file beside it, renamed
 * over it once complete, so that a crash or a full disk never leaves half a JSON. A path
 * that exists and is not a regular file (a FIFO, /dev/stdout, a terminal) is written
 * directly; a FIFO with no reader is an error (ENXIO), not a hang. */
typedef struct {
    FILE *f;
    const char *path;
    char tmp[4096];
} out_file;

static FILE *open_out(out_file *o, const char *path) {
    memset(o, 0, sizeof *o);
    o->path = path;
    if (strcmp(path, "-") == 0) return o->f = stdout;
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) return NULL;
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        o->f = fdopen(fd, "w");
        if (!o->f) close(fd);
        return o->f;
    }
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    int n = snprintf(o->tmp, sizeof o->tmp, "%.*s.%s.tmp-XXXXXX", dir_len, path, slash ? slash + 1 : path);
    if (n < 0 || (size_t)n >= sizeof o->tmp) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    int fd = mkostemp(o->tmp, O_CLOEXEC);
    if (fd < 0) return NULL;
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask); /* as fopen would have created it */
    o->f = fdopen(fd, "w");
    if (!o->f) {
        close(fd);
        unlink(o->tmp);
    }
    return o->f;
}

/* Returns 1 when everything reached the file (and the file its place). */
static int close_out(out_file *o) {
    int ok = !ferror(o->f);
    if (o->f == stdout) return fflush(stdout) == 0 && ok;
    ok = fclose(o->f) == 0 && ok;
    if (!o->tmp[0]) return ok;
    int saved = errno;
    if (ok && rename(o->tmp, o->path) == 0) return 1;
    saved = ok ? errno : saved;
    unlink(o->tmp);
    errno = saved;
    return 0;
}

/* While a temporary file exists, the signals that stop a run (and that a user sends to a
 * gpucheck that seems slow to end) wait: the report is finished and renamed, or removed,
 * and only then does a pending signal act, so no temporary file is left behind. Writing to
 * a FIFO or device is not held up this way (no temporary file; it may block). */
int gc_write_file_whole(const char *path, void (*write)(FILE *f, const void *ctx), const void *ctx) {
    sigset_t stops, saved;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    sigaddset(&stops, SIGQUIT);
    sigprocmask(SIG_BLOCK, &stops, &saved);
    out_file out;
    int ok = open_out(&out, path) != NULL;
    if (ok && !out.tmp[0]) sigprocmask(SIG_SETMASK, &saved, NULL); /* written directly */
    if (ok) {
        write(out.f, ctx);
        ok = close_out(&out);
    }
    int saved_errno = errno;
    sigprocmask(SIG_SETMASK, &saved, NULL);
    errno = saved_errno;
    return ok;
}

static void write_report(FILE *f, const void *ctx) {
    const struct {
        const gc_report_format *fmt;
        const gc_run_report *rep;
    } *job = ctx;
    job->fmt->write(f, job->rep);
}

int gc_report_write_file(const gc_report_format *fmt, const char *path, const gc_run_report *rep) {
    struct {
        const gc_report_format *fmt;
        const gc_run_report *rep;
    } job = {fmt, rep};
    return gc_write_file_whole(path, write_report, &job);
}
