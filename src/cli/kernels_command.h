/* SPDX-License-Identifier: Apache-2.0 */
/* kernels_command.h — `gpucheck kernels`: modules compiled ahead of time (kernels_command.c). */
#ifndef GC_CLI_KERNELS_COMMAND_H
#define GC_CLI_KERNELS_COMMAND_H

/** argv[0] is "kernels". Exit 0 done, 1 a module failed or has no valid entry, 2 usage. */
int gc_kernels_command(int argc, char **argv);

#endif
