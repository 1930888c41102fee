/* SPDX-License-Identifier: Apache-2.0 */
/* proof_command.h — `gpucheck kzg recover | compute-proof | blob-proof` (proof_command.c). */
#ifndef GC_PROOF_COMMAND_H
#define GC_PROOF_COMMAND_H

/** argv[0] is the subcommand. -1 when it is none of the three; else the exit status: 0
 *  every line answered, 1 a line refused, 2 usage, setup, device or output error, 130/143
 *  stopped by SIGINT/SIGTERM. */
int gc_kzg_proof_command(int argc, char **argv);

#endif
