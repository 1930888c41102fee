/* SPDX-License-Identifier: Apache-2.0 */
/* recover.h — the recovery stage's part of a KZG context (crypto/kzg/recover/recover.c):
 * made on the context's first recovery call, freed with the context. Not installed. */
#ifndef GC_KZG_RECOVER_H
#define GC_KZG_RECOVER_H

struct gc_kzg_ctx;
typedef struct kzg_recover kzg_recover;

/** NULL: nothing. */
void kzg_recover_free(kzg_recover *r);

#endif
