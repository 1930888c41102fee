/* SPDX-License-Identifier: Apache-2.0 */
/* file_read.h — a whole input file into memory, for the readers of reports (`compare`,
 * `--rerun-failed`): only a regular file is read, so that a FIFO, a device or a directory
 * given by mistake is refused at once instead of waited on or read without end. */
#ifndef GC_FILE_READ_H
#define GC_FILE_READ_H

#include <stddef.h>

/** Reads the regular file at path, at most max_bytes of it. Returns 0 with *bytes (free it;
 *  not NUL-terminated) and *len, or -1 with the reason alone in err (the caller names the
 *  path): strerror's text, "not a regular file", "larger than N MiB", "reading it failed"
 *  or "out of memory". */
int gc_file_read_regular(const char *path, size_t max_bytes, char **bytes, size_t *len, char *err, size_t err_len);

#endif
