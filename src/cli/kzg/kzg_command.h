/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_command.h — `gpucheck kzg ...`: the KZG/FK20 library (gpucheck/gc_kzg.h) on the
 * command line. gc_main() hands it argv from the word "kzg" on. */
#ifndef GC_KZG_COMMAND_H
#define GC_KZG_COMMAND_H

/** argv[0] is "kzg". Returns the exit status: 0 every blob computed, 1 some blob
 *  rejected, 2 usage, setup, device or output error, 130/143 stopped by SIGINT/SIGTERM. */
int gc_kzg_command(int argc, char **argv);

#endif
