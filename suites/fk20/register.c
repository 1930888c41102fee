/* register.c — the fk20 suite: FK20 KZG multi-proofs (crypto/kzg) on the device, each
 * stage against an independent py_ecc reference, end to end against ckzg and the
 * consensus vectors, split across devices by the KZG pool, and benchmarked. */
#include "suites/fk20/fk20_suite.h"

void gc_suite_fk20_register(void) {
    fk20_register_stage_tests();
    fk20_register_e2e_tests();
    fk20_register_benchmarks();
    fk20_register_pool_tests();
    fk20_register_pool_benchmarks();
}
