/* SPDX-License-Identifier: Apache-2.0 */
/* ret.c — names and messages of gc_kzg_ret (GC_KZG_RET_LIST in gpucheck/gc_kzg.h). */
#include "gpucheck/gc_kzg.h"

const char *gc_kzg_ret_name(gc_kzg_ret r) {
    switch (r) {
#define GC_KZG_RET_NAME_(e, s) \
    case e:                    \
        return #e;
        GC_KZG_RET_LIST(GC_KZG_RET_NAME_)
#undef GC_KZG_RET_NAME_
    default:
        return "GC_KZG_UNKNOWN";
    }
}

const char *gc_kzg_ret_message(gc_kzg_ret r) {
    switch (r) {
#define GC_KZG_RET_MESSAGE_(e, s) \
    case e:                       \
        return s;
        GC_KZG_RET_LIST(GC_KZG_RET_MESSAGE_)
#undef GC_KZG_RET_MESSAGE_
    default:
        return "unknown result code";
    }
}
