/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_device.h — what every KZG kernel source starts from: the curve library, the
 * constants shared with the host, and the mutants' fault sites. */
#include "crypto/bls12_381/fft.gc"
#include "crypto/bls12_381/g1_team.gc"
#include "crypto/kzg/kzg_shared.h"

/* Fault sites for the fk20 suite's mutants: the faulty expression exists only in a build
 * that defines KZG_MUTANT=n (the suite's mutant tests list what each n breaks); every
 * other build compiles `normal`. */
#ifdef KZG_MUTANT
#define KZG_FAULT_SITE(n, normal, faulty) (KZG_MUTANT == (n) ? (faulty) : (normal))
#else
#define KZG_FAULT_SITE(n, normal, faulty) (normal)
#endif
