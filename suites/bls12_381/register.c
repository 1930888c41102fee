/* SPDX-License-Identifier: Apache-2.0 */
/* register.c — the bls12_381 suite: BLS12-381 Fp, Fr, G1, FFTs and the pairing on the
 * device (crypto/bls12_381), tested against the host build of the same code, GMP, py_ecc's
 * and arkworks' known answers, and benchmarked. */
#include "suites/bls12_381/bls_suite.h"

void gc_suite_bls12_381_register(void) {
    bls_register_field_tests();
    bls_register_g1_tests();
    bls_register_fft_tests();
    bls_register_pairing_tests();
    bls_register_benchmarks();
}
