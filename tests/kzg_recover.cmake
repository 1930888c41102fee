# SPDX-License-Identifier: Apache-2.0
# The recovery's mutant (crypto/kzg/recover/recover.gc, KZG_MUTANT=30: one missing coset
# left out of the vanishing polynomial) caught by tests/test_kzg_recover.c's known answers.
add_test(NAME test_kzg_recover_mutant COMMAND test_kzg_recover --mutant)
set_tests_properties(test_kzg_recover_mutant PROPERTIES SKIP_RETURN_CODE 77 LABELS "unit;device")
