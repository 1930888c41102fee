/* SPDX-License-Identifier: Apache-2.0 */
/* cells_sink.h — where the records of `gpucheck kzg cells` go, losing nothing.
 *
 * A regular --out file is written as a temporary file beside it and renamed into place when
 * the run ends: completed, failed after its first record, or stopped by SIGINT/SIGTERM (whole
 * records only). A run that fails or is stopped before its first record leaves an existing
 * file as it was. stdout, devices and pipes are written directly. One sink per process: the
 * signal handler reaches it. */
#ifndef GC_CELLS_SINK_H
#define GC_CELLS_SINK_H

#include <stddef.h>

/** Opens the sink on path ("-": stdout; shown as name in messages). Returns 1, or 0 with the
 *  reason on stderr (prefixed by prog). */
int gc_sink_open(const char *prog, const char *path);
/** SIGINT and SIGTERM finish (or, on a second signal, drop) the record being written, put the
 *  whole records in place and exit 128 + the signal: 130, 143. Called from the thread that
 *  writes the records; other threads should block both signals (gc_sink_block_signals). */
void gc_sink_catch_signals(void);
/** Blocks SIGINT and SIGTERM in the calling thread (and the threads it starts). */
void gc_sink_block_signals(void);
/** Writes n bytes of whole records. Returns 1, or 0 with the reason on stderr. */
int gc_sink_write(const void *p, size_t n, size_t records);
/** Ends the run: ok, or failed. The records written so far are put in place when ok or when
 *  there is at least one; else the temporary file is removed. Returns 1, or 0 when putting
 *  them in place failed (said on stderr). */
int gc_sink_close(int ok);
/** Records written so far. */
size_t gc_sink_records(void);

#endif
