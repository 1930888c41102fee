/* SPDX-License-Identifier: Apache-2.0 */
/* test_report_files.c — a report file is written whole or not at all, also when a signal
 * that stops gpucheck arrives while it is written: the signal waits until the file is in
 * place, and no temporary file is left (src/report/formats.c). */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report/report.h"
#include "unit.h"

/* Half a report, then SIGTERM to itself (default action: death), then the other half. */
static void write_with_signal(FILE *f, const void *ctx) {
    (void)ctx;
    fputs("first half\n", f);
    fflush(f);
    raise(SIGTERM);
    fputs("second half\n", f);
}

static void write_plain(FILE *f, const void *ctx) {
    (void)ctx;
    fputs("plain\n", f);
}

static size_t temp_files(const char *dir) {
    size_t n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) n += strstr(e->d_name, ".tmp-") != NULL;
    if (d) closedir(d);
    return n;
}

int main(void) {
    char dir[] = "/tmp/gpucheck-report-files-XXXXXX", path[256];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/r.txt", dir);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGTERM, SIG_DFL);
        gc_write_file_whole(path, write_with_signal, NULL);
        _exit(0); /* not reached: the pending SIGTERM acts once the file is in place */
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
    FILE *f = fopen(path, "r");
    char text[64] = "";
    CHECK(f && fread(text, 1, sizeof text - 1, f) > 0);
    if (f) fclose(f);
    CHECK(strcmp(text, "first half\nsecond half\n") == 0);
    CHECK(temp_files(dir) == 0);
    /* The signal mask is as it was after a write (nothing stays blocked). */
    sigset_t now;
    CHECK(gc_write_file_whole(path, write_plain, NULL) == 1);
    sigprocmask(SIG_SETMASK, NULL, &now);
    CHECK(!sigismember(&now, SIGTERM) && !sigismember(&now, SIGINT));
    unlink(path);
    rmdir(dir);
    return UNIT_DONE();
}
