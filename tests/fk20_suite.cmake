# SPDX-License-Identifier: Apache-2.0
# The fk20 suite on the default device (PoCL in CI), through the CLI: every FK20 stage at
# every cell size against the independent py_ecc reference, at one row and at two rows
# (--scale 1/32; the GPU runs use 64), and every stage mutant caught. The stage tests are
# tagged manual (they are not in a plain `gpucheck run`); CI names them. About 4 minutes
# together on a 2-core machine under ASan + UBSan.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(GC_FK20_EXPECT ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_outcome.py $<TARGET_FILE:gpucheck-cli>)

# Stages and the cell sizes they are tested at (cells and commitment do not depend on L;
# the G1 convolution exists at L = 64 only; the precomputation x_ext_fft has no rows).
set(GC_FK20_STAGES poly circulant_fft msm g1_ifft_truncate g1_fft compress)
# Many rows at L = 64 and 16 (L = 32 runs the same code at 1 row; CI's time is dear).
foreach(rows row1 rows)
  set(want "")
  set(ls 64 32 16)
  if(rows STREQUAL "rows")
    set(ls 64 16)
  endif()
  foreach(l IN LISTS ls)
    foreach(s IN LISTS GC_FK20_STAGES)
      list(APPEND want "fk20.L${l}.${s}.${rows}=PASS")
    endforeach()
    if(rows STREQUAL "row1")
      list(APPEND want "fk20.L${l}.x_ext_fft.row1=PASS")
    endif()
  endforeach()
  list(APPEND want "fk20.L64.cells.${rows}=PASS" "fk20.L64.commitment.${rows}=PASS" "fk20.L64.g1_conv.${rows}=PASS"
       "fk20.L64.g1_straus.${rows}=PASS")
  add_test(NAME fk20_stages_${rows}
           COMMAND ${GC_FK20_EXPECT} 0 ${want} -- run --filter "fk20.L*.${rows},-fk20.L32.*.rows" --scale 0.03125)
endforeach()

# The signed comb tables (crypto/kzg/msm/comb.gc, msm_comb*), which a CPU device does not
# use by default: the MSM at two cell sizes and the commitment against py_ecc, FK20's table
# at 6 teeth and the commitment's at 8 and the other way round (spacings 43 and 32;
# 2^5 and 2^7 points per base: 75 MB and 113 MB of tables, built in seconds on PoCL).
foreach(pair "6;8" "8;6")
  list(GET pair 0 teeth)
  list(GET pair 1 commit_teeth)
  add_test(NAME fk20_comb_tables_${teeth}_${commit_teeth}
           COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.msm.row1=PASS fk20.L16.msm.rows=PASS fk20.L64.commitment.row1=PASS
                   -- run --filter "fk20.L64.msm.row1,fk20.L16.msm.rows,fk20.L64.commitment.row1"
                   --param fk20.comb_teeth=${teeth} --param fk20.commit_teeth=${commit_teeth} --scale 0.03125)
  set_tests_properties(fk20_comb_tables_${teeth}_${commit_teeth} PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
endforeach()

# The comb's columns in parts (msm_comb; the tests above, at one row, take the default two
# parts of an MSM that runs alone, as a GPU does for small passes): one part (what a pass
# with the commitment beside takes), and three uneven parts of 43 columns (15, 15, 13) at 6
# teeth with the MSM's two mutants caught through the MSM alone.
add_test(NAME fk20_msm_parts1
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.msm.row1=PASS fk20.L64.commitment.row1=PASS
                 -- run --filter "fk20.L64.msm.row1,fk20.L64.commitment.row1"
                 --param fk20.comb_teeth=6 --param fk20.commit_teeth=8 --param fk20.msm_parts=1 --scale 0.03125)
add_test(NAME fk20_msm_parts3
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.msm.row1=PASS fk20.L64.commitment.row1=PASS
                 mutant_fk20.dropped_msm_term=CAUGHT mutant_fk20.lost_comb_sign=CAUGHT
                 mutant_fk20.wrong_msm_part_weight=CAUGHT
                 -- run --filter "fk20.L64.msm.row1,fk20.L64.commitment.row1,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign,mutant_fk20.wrong_msm_part_weight"
                 --param fk20.comb_teeth=6 --param fk20.commit_teeth=8 --param fk20.msm_parts=3
                 --param mutant_fk20.comb_teeth=6 --param mutant_fk20.commit_teeth=8
                 --param mutant_fk20.msm_parts=3 --scale 0.03125)
set_tests_properties(fk20_msm_parts1 fk20_msm_parts3 PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
# The comb by batched affine additions (msm_comb_affine, --param fk20.msm_affine=1; by
# default only passes of 64 to 255 blobs on a GPU take it, too many for PoCL here, where
# the benchmarks check every blob against ckzg's answers before timing): 16 terms a
# work-item, at 6 teeth three groups of columns (20, 20, 3), at one row and two, and the
# dropped-term mutant caught through it.
add_test(NAME fk20_msm_affine
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.msm.row1=PASS fk20.L64.msm.rows=PASS mutant_fk20.dropped_msm_term=CAUGHT
                 -- run --filter "fk20.L64.msm.*,mutant_fk20.dropped_msm_term"
                 --param fk20.comb_teeth=6 --param fk20.msm_affine=1
                 --param mutant_fk20.comb_teeth=6 --param mutant_fk20.msm_affine=1 --scale 0.03125)
set_tests_properties(fk20_msm_affine PROPERTIES TIMEOUT 1200 LABELS "fk20;device")

# The G1 FFTs one stage per launch (what a GPU runs for big batches; the tests above, at
# one or two rows, take the fused stage pairs of crypto/kzg/g1map/g1_fft.c).
add_test(NAME fk20_g1_single_stages
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_ifft_truncate.row1=PASS fk20.L64.g1_fft.row1=PASS
                 fk20.L32.g1_fft.row1=PASS fk20.L16.g1_fft.rows=PASS fk20.L64.x_ext_fft.row1=PASS
                 -- run --filter "fk20.L64.g1_ifft_truncate.row1,fk20.L64.g1_fft.row1,fk20.L32.g1_fft.row1,fk20.L16.g1_fft.rows,fk20.L64.x_ext_fft.row1"
                 --param fk20.g1_pair_max_points=0 --scale 0.03125)
set_tests_properties(fk20_g1_single_stages PROPERTIES TIMEOUT 1200 LABELS "fk20;device")

# The fused stage pairs' products by teams of two and of four work-items
# (g1_fft_pair_products_team, which CUDA takes, by teams of two, for transforms of at most
# 16,384 points; OpenCL, as in the tests above, one work-item each): 1 row (padded to
# a warp of teams) and 2 rows, and the mutant of the teams' exchange; teams of two also at
# L = 16 (four pair launches) and the mutant of the pairs' scalars.
foreach(lanes 2 4)
  set(want fk20.L64.g1_ifft_truncate.row1=PASS fk20.L64.g1_fft.rows=PASS mutant_fk20.wrong_team_lane=CAUGHT)
  set(filter "fk20.L64.g1_ifft_truncate.row1,fk20.L64.g1_fft.rows,mutant_fk20.wrong_team_lane")
  if(lanes EQUAL 2)
    list(APPEND want fk20.L16.g1_fft.row1=PASS mutant_fk20.wrong_g1_pair_product=CAUGHT)
    string(APPEND filter ",fk20.L16.g1_fft.row1,mutant_fk20.wrong_g1_pair_product")
  endif()
  add_test(NAME fk20_g1_pairs_lanes${lanes}
           COMMAND ${GC_FK20_EXPECT} 0 ${want} -- run --filter "${filter}"
                   --param fk20.g1_team=${lanes} --param mutant_fk20.g1_team=${lanes} --scale 0.03125)
  set_tests_properties(fk20_g1_pairs_lanes${lanes} PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
endforeach()

# Every stage mutant caught, one CTest each: each is a kernel build of its own. Together in
# one CTest they came to 1,197 s of its 1,200 on a 2-core machine under ASan (when PoCL
# still generated every kernel's code for a program binary, ~1 min a build); apart, `ctest
# -j` spreads them, and a mutant that escapes is named by its test. fk20_mutants_listed fails when a mutant is
# registered without a test here (or a test names one that is gone).
set(GC_FK20_MUTANTS wrong_fr_twiddle dropped_msm_term wrong_g1_twiddle wrong_circulant_index
    wrong_g1_pair_product wrong_conv_tap wrong_g1_half_rows lost_comb_sign wrong_conv_piece
    lost_conv_wrap_sign wrong_conv_rest wrong_msm_part_weight wrong_team_lane wrong_conv_team_lane
    wrong_sum_tree_stride wrong_straus_phi_sign wrong_straus_segment wrong_sum_group_output stale_blob_flag)
set(all_mutants "")
foreach(m IN LISTS GC_FK20_MUTANTS)
  add_test(NAME fk20_mutant_caught.${m}
           COMMAND ${GC_FK20_EXPECT} 0 mutant_fk20.${m}=CAUGHT -- run --filter "mutant_fk20.${m}")
  set_tests_properties(fk20_mutant_caught.${m} PROPERTIES TIMEOUT 900 LABELS "fk20;device")
  list(APPEND all_mutants mutant_fk20.${m})
endforeach()
add_test(NAME fk20_mutants_listed
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/expect_listed.py $<TARGET_FILE:gpucheck-cli>
                 "mutant_fk20.*" ${all_mutants})
set_tests_properties(fk20_mutants_listed PROPERTIES LABELS "fk20")
set_tests_properties(fk20_stages_row1 fk20_stages_rows PROPERTIES TIMEOUT 1200 LABELS "fk20;device")

# The G1 convolution (kzg_stage_g1_conv), which a CPU device's pipeline does not take by
# default: in slices of one blob (two rows, so the second slice writes at its offset), and
# the consensus vectors end to end with every pass of up to 16 blobs through it (about a
# minute under ASan; the plain fk20.eip7594.consensus_vectors takes the G1 FFTs on PoCL).
add_test(NAME fk20_g1_conv_slices
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_conv.rows=PASS -- run --filter "fk20.L64.g1_conv.rows"
                 --param fk20.g1_conv_max_batch=1 --scale 0.03125)
add_test(NAME fk20_g1_conv_pipeline
         COMMAND ${GC_FK20_EXPECT} 0 fk20.eip7594.consensus_vectors=PASS -- run
                 --filter "fk20.eip7594.consensus_vectors" --param fk20.g1_conv_max_batch=16)
# The batches' convolution (kzg_stage_g1_straus), which a GPU takes for every pass above
# g1_conv_max_batch and a CPU device's pipeline not by default: the consensus vectors end to
# end with every pass of two blobs or more through it.
add_test(NAME fk20_g1_straus_pipeline
         COMMAND ${GC_FK20_EXPECT} 0 fk20.eip7594.consensus_vectors=PASS -- run
                 --filter "fk20.eip7594.consensus_vectors" --param fk20.g1_straus_min_batch=2)
# Its kernels of two, three (groups of 2 to 4) and four taps a work-item (a CPU device's
# few compute units take eight, as the stage tests above do), with its mutants (the
# segment mutant only exists in the row split twice, the default), and the row split once
# (--param fk20.g1_straus_levels=1, kept for measurement), where the segment mutant
# changes nothing and must pass.
foreach(taps 2 3 4)
  add_test(NAME fk20_g1_straus_taps${taps}
           COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_straus.rows=PASS mutant_fk20.wrong_straus_phi_sign=CAUGHT
                   mutant_fk20.wrong_straus_segment=CAUGHT
                   -- run --filter "fk20.L64.g1_straus.rows,mutant_fk20.wrong_straus_*"
                   --param fk20.g1_straus_taps=${taps} --param mutant_fk20.g1_straus_taps=${taps}
                   --param fk20.g1_straus_pairing=0 --scale 0.03125)
  set_tests_properties(fk20_g1_straus_taps${taps} PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
endforeach()
# Three taps with each row's 2- and 4-tap blocks moved (kzg_straus3_block) at a stride of 2
# blocks, whatever the machine's cores: at one row and two, every block still computed
# once (shown to fail, 256 of 256, with the 2-tap blocks' positions off by one).
add_test(NAME fk20_g1_straus_taps3_paired
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_straus.row1=PASS fk20.L64.g1_straus.rows=PASS
                 -- run --filter "fk20.L64.g1_straus.row1,fk20.L64.g1_straus.rows"
                 --param fk20.g1_straus_taps=3 --param fk20.g1_straus_pairing=2 --scale 0.03125)
set_tests_properties(fk20_g1_straus_taps3_paired PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
add_test(NAME fk20_g1_straus_levels1
         COMMAND ${GC_FK20_EXPECT} 1 fk20.L64.g1_straus.row1=PASS fk20.L64.g1_straus.rows=PASS
                 mutant_fk20.wrong_straus_phi_sign=CAUGHT mutant_fk20.wrong_straus_segment=FAIL
                 -- run --filter "fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*"
                 --param fk20.g1_straus_levels=1 --param mutant_fk20.g1_straus_levels=1 --scale 0.03125)
set_tests_properties(fk20_g1_straus_levels1 PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
# The Fr FFTs' fallback path (--param fk20.fr_fft_blocks=0: one work-group a row, and the
# cells' and circulant rows' element-wise launches beside it), which a device takes whose
# work-groups cannot hold a block in local memory, and every device here does not: the
# stages it serves at one row and at two (L = 64 and L = 16's circulant rows), the twiddle
# mutant through it, and the consensus vectors end to end.
add_test(NAME fk20_fr_fft_rows_fallback
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.poly.row1=PASS fk20.L64.poly.rows=PASS fk20.L64.cells.row1=PASS
                 fk20.L64.cells.rows=PASS fk20.L64.circulant_fft.row1=PASS fk20.L64.circulant_fft.rows=PASS
                 fk20.L16.circulant_fft.rows=PASS mutant_fk20.wrong_fr_twiddle=CAUGHT
                 fk20.eip7594.consensus_vectors=PASS
                 -- run --filter "fk20.L64.poly.*,fk20.L64.cells.*,fk20.L64.circulant_fft.*,fk20.L16.circulant_fft.rows,mutant_fk20.wrong_fr_twiddle,fk20.eip7594.consensus_vectors"
                 --param fk20.fr_fft_blocks=0 --param mutant_fk20.fr_fft_blocks=0 --scale 0.03125)
set_tests_properties(fk20_fr_fft_rows_fallback PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
# The convolution's products by teams of two (g1_conv_taps_team, which CUDA takes for a
# pass of one blob), with its mutants: the stage at one row and at two.
add_test(NAME fk20_g1_conv_teams
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_conv.row1=PASS fk20.L64.g1_conv.rows=PASS
                 mutant_fk20.wrong_conv_tap=CAUGHT mutant_fk20.lost_conv_wrap_sign=CAUGHT
                 -- run --filter "fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_conv_tap,mutant_fk20.lost_conv_wrap_sign"
                 --param fk20.conv_team=2 --param mutant_fk20.conv_team=2 --scale 0.03125)
# The convolution's products two taps a work-item (Straus, gc_g1p_mul2_glv_wnaf4; a GPU
# takes it in slices of at least 8 blobs), with its mutants: the stage at one row and at two.
add_test(NAME fk20_g1_conv_group2
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_conv.row1=PASS fk20.L64.g1_conv.rows=PASS
                 mutant_fk20.wrong_conv_tap=CAUGHT mutant_fk20.lost_conv_wrap_sign=CAUGHT
                 mutant_fk20.wrong_conv_piece=CAUGHT mutant_fk20.wrong_conv_rest=CAUGHT
                 -- run --filter "fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_conv_tap,mutant_fk20.lost_conv_wrap_sign,mutant_fk20.wrong_conv_piece,mutant_fk20.wrong_conv_rest"
                 --param fk20.conv_group=2 --param mutant_fk20.conv_group=2 --scale 0.03125)
set_tests_properties(fk20_g1_conv_group2 PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
# The team kernels' two register budgets (g1_fft_pair_products_team and g1_conv_taps_team
# at 168 registers, their _full twins at 255; by default the launch's size chooses): each
# forced, the pairs over several rows and the convolution at one, by teams of two.
foreach(warps 8 12)
  add_test(NAME fk20_team_sm_warps${warps}
           COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_fft.rows=PASS fk20.L64.g1_conv.row1=PASS
                   -- run --filter "fk20.L64.g1_fft.rows,fk20.L64.g1_conv.row1" --param fk20.team_sm_warps=${warps}
                   --param fk20.g1_team=2 --param fk20.conv_team=2 --scale 0.03125)
  set_tests_properties(fk20_team_sm_warps${warps} PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
endforeach()
# The small sums' trees by teams of two (g1_sum_tree_team, which CUDA takes up to 128
# outputs): the convolution's and the commitment's sums on PoCL, and the teams' mutant with
# the convolution's products one work-item each, so that only the trees hold the fault.
add_test(NAME fk20_sum_tree_teams
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_conv.row1=PASS fk20.L64.commitment.row1=PASS
                 mutant_fk20.wrong_conv_team_lane=CAUGHT
                 -- run --filter "fk20.L64.g1_conv.row1,fk20.L64.commitment.row1,mutant_fk20.wrong_conv_team_lane"
                 --param fk20.sum_team=2 --param mutant_fk20.sum_team=2 --param mutant_fk20.conv_team=1 --scale 0.03125)
# The convolutions' folds by teams of four (g1_conv_fold_team, which CUDA takes wherever
# the sums' trees take teams): the batches' convolution, split twice (two folds and two
# unfolds by teams), over two rows. One blob's folds by teams run in fk20_sum_tree_teams.
add_test(NAME fk20_conv_fold_teams
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_straus.rows=PASS
                 -- run --filter "fk20.L64.g1_straus.rows" --param fk20.sum_team=2 --scale 0.03125)
# The deferred comb parts' combination by teams of four (g1_msm_parts_combine_team, which
# CUDA takes): one row (128 outputs) and two (256), and its mutant, at 6 teeth.
add_test(NAME fk20_msm_parts_combine_teams
         COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.msm.row1=PASS fk20.L64.msm.rows=PASS
                 mutant_fk20.wrong_msm_part_weight=CAUGHT
                 -- run --filter "fk20.L64.msm.row1,fk20.L64.msm.rows,mutant_fk20.wrong_msm_part_weight"
                 --param fk20.comb_teeth=6 --param fk20.sum_team=2 --param mutant_fk20.comb_teeth=6
                 --param mutant_fk20.sum_team=2 --scale 0.03125)
# The small sums' trees at 64 work-items (or teams) an output, the form that sums of more
# than 96 points take (the defaults above take 32 for the MSM's 64 chunks, the
# convolution's 72 and the commitment's runs of 64): plain and by teams of two, the
# convolution's and the commitment's sums and the MSM's deferred parts' (6 teeth).
foreach(team 1 2)
  add_test(NAME fk20_sum_tree_width64_team${team}
           COMMAND ${GC_FK20_EXPECT} 0 fk20.L64.g1_conv.row1=PASS fk20.L64.commitment.row1=PASS fk20.L64.msm.row1=PASS
                   -- run --filter "fk20.L64.g1_conv.row1,fk20.L64.commitment.row1,fk20.L64.msm.row1"
                   --param fk20.sum_tree_width=64 --param fk20.sum_team=${team} --param fk20.comb_teeth=6
                   --scale 0.03125)
endforeach()
set_tests_properties(fk20_g1_conv_slices fk20_g1_conv_pipeline fk20_g1_straus_pipeline fk20_g1_conv_teams fk20_sum_tree_teams
                     fk20_conv_fold_teams fk20_msm_parts_combine_teams fk20_sum_tree_width64_team1 fk20_sum_tree_width64_team2 PROPERTIES TIMEOUT 1200 LABELS "fk20;device")

# A pass of one blob as a GPU takes it, which a CPU device's pipeline does not by default:
# the convolution with U_2 by its own MSM, both MSMs' integers made in the circulant FFTs'
# launch (fk20_circulant_fft_ints), the sums' trees and combinations one work-item an
# addition and by teams of two and four (through CUDA the MSM's trees take two, the
# convolution's four). The one-blob benchmark checks its proofs and cells against the known
# answers first.
foreach(team 1 2 4)
  add_test(NAME fk20_one_blob_pass_team${team}
           COMMAND ${GC_FK20_EXPECT} 0 fk20.bench.L64.b1.cells_proofs=PASS -- bench
                   --filter "fk20.bench.L64.b1.cells_proofs" --param fk20.g1_conv_max_batch=16
                   --param fk20.sum_team=${team} --samples 1 --warmup 0)
  set_tests_properties(fk20_one_blob_pass_team${team} PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
endforeach()

# Blob flags across calls: each pass marks its bad blobs with a mark of its own and the
# flags are never cleared (kzg_stage_blob_to_fr); three cells calls on one context, each
# rejecting only its own bad blob (its mutant is fk20_mutant_caught.stale_blob_flag).
add_test(NAME fk20_flags_across_calls COMMAND ${GC_FK20_EXPECT} 0 fk20.eip7594.flags_across_calls=PASS
         -- run --filter "fk20.eip7594.flags_across_calls")
set_tests_properties(fk20_flags_across_calls PROPERTIES TIMEOUT 600 LABELS "fk20;device")

# The KZG pool (crypto/kzg/batch/kzg_pool.c): over one device byte for byte the single context;
# over the device opened twice, slices back in input order, bad blobs at their index in
# either slice, a device that fails, refused arguments. About 30 s and 45 s under ASan.
add_test(NAME fk20_pool COMMAND ${GC_FK20_EXPECT} 0 fk20.pool.one_device=PASS fk20.pool.two_contexts=PASS
         -- run --filter "fk20.pool.*")
# The multi-device benchmarks SKIP, saying why, where the device has no twin (PoCL's one
# CPU device), and run where it has: PoCL playing two devices, 2 blobs a call (one random
# blob per device), one sample, known answers checked first. 1 to 3 minutes under ASan.
add_test(NAME fk20_multi_bench_skips COMMAND ${GC_FK20_EXPECT} 0 fk20.bench.L64.multi.one_device=SKIP
         fk20.bench.L64.multi.all_devices=SKIP -- bench --filter "fk20.bench.L64.multi.*")
set_tests_properties(fk20_multi_bench_skips PROPERTIES ENVIRONMENT "POCL_DEVICES=pthread")
add_test(NAME fk20_multi_bench_two_devices COMMAND ${GC_FK20_EXPECT} 0 fk20.bench.L64.multi.one_device=PASS
         fk20.bench.L64.multi.all_devices=PASS -- bench --filter "fk20.bench.L64.multi.*"
         --param fk20.multi_blobs=2 --samples 1 --warmup 0)
set_tests_properties(fk20_multi_bench_two_devices PROPERTIES ENVIRONMENT "POCL_DEVICES=pthread pthread")
set_tests_properties(fk20_pool fk20_multi_bench_skips fk20_multi_bench_two_devices
                     PROPERTIES TIMEOUT 1200 LABELS "fk20;device")
