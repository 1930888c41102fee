/* SPDX-License-Identifier: Apache-2.0 */
/* register.c — the kzg_verify suite: the stages of KZG verification on the device
 * (variable-base MSM, batched G1 decoding and subgroup checks), their mutants, and the
 * MSM benchmark over sizes. */
#include "suites/kzg_verify/verify_suite.h"

void gc_suite_kzg_verify_register(void) {
    kv_register_msm_tests();
    kv_register_decode_tests();
    kv_register_cell_batch_tests();
    kv_register_blob_batch_tests();
    kv_register_verify_cells_tests();
    kv_register_cell_columns_tests();
    kv_register_msm_benchmarks();
}
