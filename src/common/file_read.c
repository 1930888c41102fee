/* SPDX-License-Identifier: Apache-2.0 */
/* file_read.c — see file_read.h. */
#include "common/file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int gc_file_read_regular(const char *path, size_t max_bytes, char **bytes, size_t *len, char *err, size_t err_len) {
    *bytes = NULL;
    *len = 0;
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, err_len, "%s", strerror(errno));
        return -1;
    }
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        snprintf(err, err_len, "not a regular file");
        return -1;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(err, err_len, "%s", strerror(errno));
        close(fd);
        return -1;
    }
    if ((unsigned long long)sb.st_size > max_bytes) {
        fclose(f);
        snprintf(err, err_len, "larger than %zu MiB", max_bytes >> 20);
        return -1;
    }
    size_t size = (size_t)sb.st_size;
    char *buf = malloc(size ? size : 1);
    size_t got = buf ? fread(buf, 1, size, f) : 0;
    int read_err = ferror(f);
    fclose(f);
    /* A file cut short while it was read is refused too: it is not whole. */
    if (!buf || got != size || read_err) {
        snprintf(err, err_len, "%s", buf ? "reading it failed" : "out of memory");
        free(buf);
        return -1;
    }
    *bytes = buf;
    *len = size;
    return 0;
}
