/* SPDX-License-Identifier: Apache-2.0 */
/* rerun.h — --rerun-failed: the tests that did not pass in an earlier JSON report. */
#ifndef GC_RERUN_H
#define GC_RERUN_H

#include <stddef.h>

/** The names of the results whose outcome counts as failed (FAIL, BROKEN, INCONCLUSIVE,
 *  TIMEOUT, CRASH, ERROR, INTERRUPTED; not PASS, SKIP, MEASURED, UNVALIDATED) in a JSON report of
 *  gpucheck (text of len bytes), each name once, in report order. The whole text must be
 *  JSON as the strict reader takes it (common/json_parse.h: RFC 8259, UTF-8, no key twice,
 *  nesting at most 64 deep) with `schema_version` and a `results` array of objects, each
 *  with a string `name` and a known `outcome`. Returns 0 with *names (free with
 *  gc_rerun_free; NULL when none failed), or -1 with a message in err (what is wrong, and
 *  at which byte). */
int gc_rerun_parse(const char *text, size_t len, char ***names, size_t *n_names, char *err, size_t err_len);
/** The same for a file (a regular file: a FIFO or a directory is refused at once). */
int gc_rerun_load(const char *path, char ***names, size_t *n_names, char *err, size_t err_len);
void gc_rerun_free(char **names, size_t n_names);

#endif
