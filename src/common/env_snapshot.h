/* SPDX-License-Identifier: Apache-2.0 */
/* env_snapshot.h — the process's environment as it was before any compute driver loaded.
 * Drivers may edit the environment of the process that loads them (on a machine whose
 * OpenCL platforms are named by OCL_ICD_FILENAMES, the runner's children once lost
 * NVIDIA's platform that way), so a child process is given the environment of before. */
#ifndef GC_ENV_SNAPSHOT_H
#define GC_ENV_SNAPSHOT_H

/** Copies the current environment, once (later calls do nothing); the device layer calls it
 *  before it loads the first driver. Thread-safe. */
void gc_env_snapshot_take(void);

/** The copy (NULL-terminated "NAME=value" strings), or NULL when none was taken or the copy
 *  ran out of memory: then the current environment is the one to use. */
char *const *gc_env_snapshot(void);

#endif
