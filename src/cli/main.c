/* SPDX-License-Identifier: Apache-2.0 */
/* main.c — the gpucheck executable: the library's command line over the built-in suites. */
#include "gpucheck/gc_harness.h"

int main(int argc, char **argv) { return gc_main(argc, argv); }
