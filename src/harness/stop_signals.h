/* SPDX-License-Identifier: Apache-2.0 */
/* stop_signals.h — the run's handlers of SIGINT, SIGTERM and SIGHUP (stop_signals.c). */
#ifndef GC_STOP_SIGNALS_H
#define GC_STOP_SIGNALS_H

#include <signal.h>

/** on: clear the stop request and install the handlers; 0: put the old ones back. */
void gc_catch_stop_signals(int on);
/** The flag a signal sets (its number), for the waits that must end when it is set. */
const volatile sig_atomic_t *gc_stop_flag(void);

#endif
