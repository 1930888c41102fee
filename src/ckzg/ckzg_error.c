/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_error.c — result mapping and the per-thread message behind each failed call. */
#include <stdarg.h>
#include <stdio.h>

#include "ckzg/ckzg_internal.h"

static _Thread_local char last_error[1024];

const char *gpucheck_ckzg_last_error(void) { return last_error; }

C_KZG_RET ckzg_fail(C_KZG_RET ret, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return ret;
}

C_KZG_RET ckzg_ret(gc_kzg_ret r) {
    switch (r) {
    case GC_KZG_OK: return C_KZG_OK;
    case GC_KZG_BADARGS:
    case GC_KZG_SETUP:
    case GC_KZG_IO: return C_KZG_BADARGS; /* c-kzg: a setup it cannot read or check is BADARGS */
    case GC_KZG_MALLOC:
    case GC_KZG_DEVICE_MEMORY: return C_KZG_MALLOC;
    default: return C_KZG_ERROR;
    }
}

C_KZG_RET ckzg_pool_failed(struct gpucheck_ckzg_state *st, const char *func, gc_kzg_ret r) {
    const char *msg = NULL;
    gc_kzg_pool_last_error(st->pool, NULL, &msg);
    return ckzg_fail(ckzg_ret(r), "%s: %s: %s", func, gc_kzg_ret_name(r), msg && *msg ? msg : gc_kzg_ret_message(r));
}

struct gpucheck_ckzg_state *ckzg_state(const KZGSettings *s, const char *func) {
    if (!s || !s->gpucheck) {
        ckzg_fail(C_KZG_BADARGS, "%s: %s", func, s ? "the KZGSettings is not loaded" : "KZGSettings is NULL");
        return NULL;
    }
    return s->gpucheck;
}

C_KZG_RET ckzg_ctx_failed(const char *func, gc_kzg_ret r) {
    return ckzg_fail(ckzg_ret(r), "%s: %s: %s", func, gc_kzg_ret_name(r), gc_kzg_ret_message(r));
}
