# SPDX-License-Identifier: Apache-2.0
# `gpucheck kzg cells` through CTest, on the default device (PoCL in CI). Every test that
# computes a blob pays the precomputation (about 30 s on PoCL) and about 11 s per blob of
# real data, so each keeps to the fewest blobs that show its point; the all-zero blob is
# cheap. The comparing tests change one byte of one cell and of one proof of the command's
# own output and must see the comparison fail (negative control).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_KZG_CHECK ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_command_check.py $<TARGET_FILE:gpucheck-cli>)
set(GC_KZG_CONSENSUS ${CMAKE_SOURCE_DIR}/crypto/kzg/vectors/eip7594/compute_cells_and_kzg_proofs)
set(GC_KZG_CKZG ${CMAKE_SOURCE_DIR}/crypto/kzg/vectors/ckzg_cells.txt)

# ---- no device work: usage, help, malformed input, unreadable setup, output errors ----
add_test(NAME kzg_cmd_help COMMAND sh -c "$0 kzg --help | grep -q 'kzg cells' && \
         h=$($0 kzg cells --help) && for o in --device --setup --cell-size --comb-teeth --g1-conv --batch --in --out; do \
         echo \"$h\" | grep -q -- \"$o\" || { echo \"cells --help lacks $o\"; exit 1; }; done && \
         $0 --help | grep -q '^  kzg '" $<TARGET_FILE:gpucheck-cli>)
add_test(NAME kzg_cmd_malformed_lines COMMAND ${GC_KZG_CHECK} malformed)
set(GC_KZG_EXIT2_CASES
  "no_subcommand|gpucheck kzg SUBCOMMAND|kzg"
  "unknown_subcommand|unknown subcommand 'frobnicate'|kzg frobnicate"
  "unknown_option|unknown option '--frobnicate'|kzg cells --frobnicate"
  "cell_size_48|unsupported cell size '48'|kzg cells --cell-size 48"
  "cell_size_word|unsupported cell size 'big'|kzg cells --cell-size big"
  "batch_0|--batch needs an integer in 1..65536|kzg cells --batch 0"
  "value_like_option|option '--out' needs a value, got '--batch', which looks like an option|kzg cells --out --batch 2"
  "empty_value|option '--out' needs a non-empty value|kzg cells --out="
  "comb_teeth_5|--comb-teeth needs an integer in 6..17 or 'none', got '5'|kzg cells --comb-teeth 5"
  "comb_teeth_18|--comb-teeth needs an integer in 6..17 or 'none', got '18'|kzg cells --comb-teeth 18"
  "g1_conv_0|--g1-conv needs an integer in 1..512 or 'none', got '0'|kzg cells --g1-conv 0"
  "g1_conv_513|--g1-conv needs an integer in 1..512 or 'none', got '513'|kzg cells --g1-conv 513"
  "comb_teeth_word|--comb-teeth needs an integer in 6..17 or 'none', got 'all'|kzg cells --comb-teeth all"
  "in_format_word|--in-format takes hex (one blob a line) or raw|kzg cells --in-format binary"
  "out_format_word|--out-format takes jsonl (JSON Lines) or raw|kzg cells --out-format json"
  "missing_input|cannot read the input /nonexistent-dir/blobs.txt: No such file|kzg cells --in /nonexistent-dir/blobs.txt"
  "unknown_device|no device \"no-such-device-xyz\"|kzg cells --device no-such-device-xyz"
  "device_twice|names opencl:0:0 twice|kzg cells --device opencl:0:0,opencl:0:0"
  "device_empty_entry|an empty entry (a stray comma?)|kzg cells --device opencl:0:0,"
  "device_all_in_list|'all' stands alone|kzg cells --device all,opencl:0:0"
  "missing_setup|cannot use the trusted setup /nonexistent-dir/setup.txt: GC_KZG_IO|kzg cells --setup /nonexistent-dir/setup.txt"
  "bad_setup|GC_KZG_SETUP: line 3: bad hex digit|kzg cells --setup ${CMAKE_CURRENT_SOURCE_DIR}/data/kzg_bad_setup.txt"
  "unwritable_output|cannot write the output to /nonexistent-dir/out.jsonl|kzg cells --out /nonexistent-dir/out.jsonl"
  "output_full|cannot write the output to /dev/full: No space left on device|kzg cells --out /dev/full")
foreach(c IN LISTS GC_KZG_EXIT2_CASES)
  string(REPLACE "|" ";" parts "${c}")
  list(GET parts 0 name)
  list(GET parts 1 fragment)
  list(GET parts 2 args)
  separate_arguments(args UNIX_COMMAND "${args}")
  # stdin: one malformed line, so that only the option under test can make it exit 2.
  add_test(NAME kzg_cmd_exit2_${name} COMMAND ${GC_KZG_CHECK} expect 2 "${fragment}" --stdin "0x12\\n" -- ${args})
endforeach()
# ---- nothing lost: inputs, the setup and an existing output survive every run -----------
# (kzg_lossless_check.py: each check in seconds, none computes a blob.)
set(GC_KZG_LOSSLESS ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_lossless_check.py $<TARGET_FILE:gpucheck-cli>)
foreach(c stdin_is_out in_is_stdout setup_is_out failed_run_keeps_out sigint_in_precompute signal_whole_records
          progress_counts setup_too_large)
  add_test(NAME kzg_cmd_lossless_${c} COMMAND ${GC_KZG_LOSSLESS} ${c})
  set_tests_properties(kzg_cmd_lossless_${c} PROPERTIES TIMEOUT 300 LABELS kzg)
endforeach()
add_test(NAME kzg_cmd_same_in_out COMMAND sh -c "f=$(mktemp) && echo 0x12 > $f && $0 kzg cells --in $f --out $f; \
         rc=$?; test $rc -eq 2 && grep -q 0x12 $f; rc2=$?; rm -f $f; exit $rc2" $<TARGET_FILE:gpucheck-cli>)

# ---- through the device ----------------------------------------------------------------
# The consensus vectors, byte for byte: every one of the 4 invalid (two malformed lines,
# two with an element >= r: the library's per-blob status) and the valid ones cheap enough
# for CI (see docs/fk20.md, "The command"), in one input, so that the valid blobs are
# computed beside the rejected ones; exit 1. Plus ckzg's all-zero case for the commitment.
# Batches of 2 blobs: the input streams through three library calls, and the records
# of the malformed lines held behind each batch must still come out in input order.
add_test(NAME kzg_cmd_consensus_vectors
         COMMAND ${GC_KZG_CHECK} vectors
                 --consensus ${GC_KZG_CONSENSUS}
                 valid_0,invalid_blob_0,invalid_blob_2,valid_1,valid_2,invalid_blob_1,valid_5,invalid_blob_3,valid_6
                 --ckzg ${GC_KZG_CKZG} zeros -- --batch 2)
# Another cell size: L = 16 gives 512 cells of 16 elements and 512 proofs. Asked for with
# no MSM tables (the CPU's default anyway): -v must say so.
add_test(NAME kzg_cmd_cell_size_16
         COMMAND ${GC_KZG_CHECK} vectors --cell-size 16 --ckzg ${GC_KZG_CKZG} zeros@16
                 --stderr-has "comb teeth 0 (commitments 0) (no MSM tables)" -- --comb-teeth none -v)
# The proofs' G1 FFTs as one convolution (--g1-conv; a CPU device does not take it by
# default): two consensus vectors byte for byte, and -v names the limit.
add_test(NAME kzg_cmd_g1_conv
         COMMAND ${GC_KZG_CHECK} vectors --consensus ${GC_KZG_CONSENSUS} valid_0,valid_1
                 --stderr-has "G1 convolution up to 2 blobs" -- --batch 2 --g1-conv 2 -v)
# Passes of one blob with the convolution: there the FK20 MSM makes U_2 = [2^64] u by a
# second MSM and U_1, U_3 by 32 doublings (kzg_stage_fk20_msm), which larger passes do not.
add_test(NAME kzg_cmd_g1_conv_one_blob
         COMMAND ${GC_KZG_CHECK} vectors --consensus ${GC_KZG_CONSENSUS} valid_2,valid_3
                 --stderr-has "G1 convolution up to 1 blobs, batch 1" -- --batch 1 --g1-conv 1 -v)
# Several devices (--device all with PoCL playing two): each batch of 4 blobs (--batch 2
# per device) split across them, the records still in input order, a rejected blob in each
# device's slice, the malformed line held behind them; -v describes both contexts.
add_test(NAME kzg_cmd_device_all
         COMMAND ${GC_KZG_CHECK} vectors
                 --consensus ${GC_KZG_CONSENSUS} valid_1,invalid_blob_1,valid_5,invalid_blob_2,valid_6,valid_0,invalid_blob_0
                 --ckzg ${GC_KZG_CKZG} zeros --stderr-has "2 devices, 4 blobs a batch split across them"
                 --stderr-has "opencl:0:1: cell size 64" -- --device all --batch 2 -v)
set_tests_properties(kzg_cmd_device_all PROPERTIES ENVIRONMENT "POCL_DEVICES=pthread pthread")
set_tests_properties(kzg_cmd_consensus_vectors kzg_cmd_cell_size_16 kzg_cmd_device_all kzg_cmd_g1_conv kzg_cmd_g1_conv_one_blob
                     PROPERTIES TIMEOUT 900 LABELS "kzg;device")

# The binary formats (--in-format raw, --out-format raw): valid_1, a blob >= r, the zero
# blob and a short last blob, byte for byte, and the hex input giving the same bytes.
add_test(NAME kzg_cmd_raw_formats
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kzg_raw_check.py $<TARGET_FILE:gpucheck-cli>
                 ${GC_KZG_CONSENSUS})
set_tests_properties(kzg_cmd_raw_formats PROPERTIES TIMEOUT 900 LABELS "kzg;device")
set_tests_properties(kzg_cmd_raw_formats PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

# ---- against c-kzg-4844 (PyPI ckzg) on a fresh random blob -------------------------------
# `make test` installs ckzg==2.1.8 quietly where pip can (the fixture below never fails);
# where ckzg still does not import, the test skips (77) and says why.
add_test(NAME kzg_ckzg_install
         COMMAND sh -c "$0 -c 'import ckzg' 2>/dev/null || $0 -m pip install -q --disable-pip-version-check \
         ckzg==2.1.8 >/dev/null 2>&1 || echo 'pip could not install ckzg==2.1.8: kzg_differential will skip'; exit 0"
         ${Python3_EXECUTABLE})
set_tests_properties(kzg_ckzg_install PROPERTIES FIXTURES_SETUP kzg_ckzg)
add_test(NAME kzg_differential
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/test_kzg_differential.py
                 $<TARGET_FILE:gpucheck-cli> --blobs 1)
set_tests_properties(kzg_differential PROPERTIES SKIP_RETURN_CODE 77 FIXTURES_REQUIRED kzg_ckzg TIMEOUT 900
                     LABELS "kzg;device")
