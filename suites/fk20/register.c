/* SPDX-License-Identifier: Apache-2.0 */
/* register.c — the fk20 suite: FK20 KZG multi-proofs (crypto/kzg) on the device, each
 * stage against an independent py_ecc reference, end to end against ckzg and the
 * consensus vectors, split across devices by the KZG pool, and benchmarked. */
#include "suites/fk20/fk20_suite.h"

/* The context's tuning knobs as parameters of both suites (the mutants build their
 * contexts through fk20_ctx too). */
static const gc_param_def params[] = {
        {"fk20", "comb_teeth", GC_PARAM_UINT, 0, GC_KZG_COMB_TEETH_MAX,
         "MSM comb teeth of every fk20 context, both tables, 6..17 (0: the library's default)"},
        {"mutant_fk20", "comb_teeth", GC_PARAM_UINT, 0, GC_KZG_COMB_TEETH_MAX, "the same for the fk20 mutants"},
        {"fk20", "commit_teeth", GC_PARAM_UINT, 0, GC_KZG_COMB_TEETH_MAX,
         "the commitment's MSM comb table alone, 6..17 (0: as comb_teeth)"},
        {"mutant_fk20", "commit_teeth", GC_PARAM_UINT, 0, GC_KZG_COMB_TEETH_MAX, "the same for the fk20 mutants"},
        {"fk20", "g1_pair_max_points", GC_PARAM_UINT, 0, 1u << 24,
         "G1 FFTs of up to this many points (rows x 2r) fuse their stages in pairs (0: never; default 16384)"},
        {"mutant_fk20", "g1_pair_max_points", GC_PARAM_UINT, 0, 1u << 24, "the same for the fk20 mutants"},
        {"fk20", "queues", GC_PARAM_UINT, 1, 2,
         "device queues of a KZG pass: 2 (default) runs the cells and the commitments on a second queue beside "
         "the proofs, 1 runs everything in one queue"},
        {"mutant_fk20", "queues", GC_PARAM_UINT, 1, 2, "the same for the fk20 mutants"},
        {"fk20", "g1_team", GC_PARAM_UINT, 0, 4,
         "work-items per twiddle product of the fused G1 stage pairs: 1, or teams of 2 or 4 (0, the default: "
         "through CUDA teams of 2 up to 16384 points, else 1)"},
        {"mutant_fk20", "g1_team", GC_PARAM_UINT, 0, 4, "the same for the fk20 mutants"},
        {"fk20", "conv_team", GC_PARAM_UINT, 0, 4,
         "work-items per product of the G1 convolution: 1, or teams of 2 or 4 (0, the default: through CUDA "
         "teams of 2 for a pass of one blob, else 1)"},
        {"mutant_fk20", "conv_team", GC_PARAM_UINT, 0, 4, "the same for the fk20 mutants"},
        {"fk20", "sum_team", GC_PARAM_UINT, 0, 4,
         "work-items per addition of the small sums' trees (g1_sum_tree): 1, or teams of 2 or 4 (0, the default: "
         "through CUDA teams of 2 up to 128 outputs, else 1)"},
        {"mutant_fk20", "sum_team", GC_PARAM_UINT, 0, 4, "the same for the fk20 mutants"},
        {"fk20", "sum_tree_width", GC_PARAM_UINT, 0, 64,
         "work-items (or teams) per output of the small sums' trees (g1_sum_tree): 32 or 64 (0, the default: 32 "
         "for sums of up to 96 points, else 64)"},
        {"mutant_fk20", "sum_tree_width", GC_PARAM_UINT, 0, 64, "the same for the fk20 mutants"},
        {"fk20", "sum_tree_groups", GC_PARAM_UINT, 0, 1,
         "0: sums of many outputs of 4 .. 64 chunks by g1_sum_chunks' fan-in launches (one work-item an output) "
         "instead of g1_sum_tree with several outputs a work-group (1, the default)"},
        {"mutant_fk20", "sum_tree_groups", GC_PARAM_UINT, 0, 1, "the same for the fk20 mutants"},
        {"fk20", "team_sm_warps", GC_PARAM_UINT, 0, KZG_TEAM_SM_WARPS_CAPPED,
         "register budget of the G1 pairs' and convolution's team kernels, in warps an SM (CUDA): 8 (255 "
         "registers) or 12 (168) (0, the default: 8 where the launch fits in one wave, else 12)"},
        {"mutant_fk20", "team_sm_warps", GC_PARAM_UINT, 0, KZG_TEAM_SM_WARPS_CAPPED, "the same for the fk20 mutants"},
        {"fk20", "msm_parts", GC_PARAM_UINT, 0, KZG_MSM_PARTS_MAX,
         "the comb's columns of an MSM work-item that holds one term (small passes) cut in 1 .. 4 parts, each "
         "its own work-item (0: the library's default, 2 where an MSM runs alone, 1 beside another)"},
        {"mutant_fk20", "msm_parts", GC_PARAM_UINT, 0, KZG_MSM_PARTS_MAX, "the same for the fk20 mutants"},
        {"fk20", "msm_affine", GC_PARAM_UINT, 0, 1,
         "1: the comb MSMs by batched affine additions (msm_comb_affine) wherever they can: the FK20 MSM at 16 "
         "terms a work-item, the commitment's where it has at most 16 in one part; 0: never (msm_comb); unset: by "
         "size, the FK20 MSM at L = 64 in passes of 64 to 255 blobs (8 or 16 terms a work-item there anyway)"},
        {"mutant_fk20", "msm_affine", GC_PARAM_UINT, 0, 1, "the same for the fk20 mutants"},
        {"fk20", "conv_group", GC_PARAM_UINT, 0, 2,
         "taps a work-item of the G1 convolution's products where a product is one work-item (teams take one): "
         "1, or 2 sharing one chain of doublings (Straus) (0, the default: 2 in slices of at least 8 blobs, else 1)"},
        {"mutant_fk20", "conv_group", GC_PARAM_UINT, 0, 2, "the same for the fk20 mutants"},
        {"fk20", "g1_conv_max_batch", GC_PARAM_UINT, 0, GC_KZG_G1_CONV_MAX_BATCH_MAX,
         "L = 64: passes of at most this many blobs take the G1 convolution instead of the G1 FFTs "
         "(0: never; unset: the library's default, 16 on a GPU, never on a CPU device)"},
        {"mutant_fk20", "g1_conv_max_batch", GC_PARAM_UINT, 0, GC_KZG_G1_CONV_MAX_BATCH_MAX,
         "the same for the fk20 mutants"},
        {"fk20", "g1_straus_min_batch", GC_PARAM_UINT, 0, 65536,
         "L = 64: passes of at least this many blobs (more than g1_conv_max_batch) take the batches' G1 "
         "convolution (Straus over groups of taps) instead of the G1 FFTs (0: never; unset: the library's default, "
         "every such pass on a GPU, none on a CPU device)"},
        {"mutant_fk20", "g1_straus_min_batch", GC_PARAM_UINT, 0, 65536, "the same for the fk20 mutants"},
        {"fk20", "g1_straus_taps", GC_PARAM_UINT, 0, 8,
         "taps a work-item of the batches' G1 convolution: 2, 3 (groups of three, the remainder spread), 4 or 8 "
         "(0, the default: by the pass's size)"},
        {"mutant_fk20", "g1_straus_taps", GC_PARAM_UINT, 0, 8, "the same for the fk20 mutants"},
        {"fk20", "g1_straus_pairing", GC_PARAM_UINT, 0, 4096,
         "the batches' G1 convolution at three taps: each row's 2-tap and 4-tap blocks placed two rounds of "
         "blocks apart, a round the SM count (1, the default), N >= 2 blocks (tests), or 0: the plain order"},
        {"mutant_fk20", "g1_straus_pairing", GC_PARAM_UINT, 0, 4096, "the same for the fk20 mutants"},
        {"fk20", "g1_straus_levels", GC_PARAM_UINT, 1, 2,
         "the batches' G1 convolution: 1, its row split mod X^r -+ 1 into a cyclic and a negacyclic half; 2 (the "
         "default), the cyclic half split again mod X^(r/2) -+ 1 (a quarter fewer products)"},
        {"mutant_fk20", "g1_straus_levels", GC_PARAM_UINT, 1, 2, "the same for the fk20 mutants"},
        {"fk20", "fr_fft_blocks", GC_PARAM_UINT, 0, 1,
         "1 (the default): the Fr FFTs in blocks in local memory, fused with the cells' and circulant rows' "
         "element-wise steps; 0: one work-group a row through global memory, unfused (what a device runs whose "
         "work-groups cannot hold a block)"},
        {"mutant_fk20", "fr_fft_blocks", GC_PARAM_UINT, 0, 1, "the same for the fk20 mutants"}};

void gc_suite_fk20_register(void) {
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) gc_param_register(&params[i]);
    fk20_register_stage_tests();
    fk20_register_e2e_tests();
    fk20_register_benchmarks();
    fk20_register_pool_tests();
    fk20_register_pool_benchmarks();
}
