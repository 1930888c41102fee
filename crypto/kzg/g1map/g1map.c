/* SPDX-License-Identifier: Apache-2.0 */
/* g1map.c — which G1 map a pass takes (convolution, Straus, or the G1 FFTs) and the
 * proofs' compression (compress.gc). */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/g1map/g1map.h"

static int kzg_g1_map_is_straus(const gc_kzg_ctx *c, size_t n) {
    return c->straus.products && c->straus.min_batch && n >= c->straus.min_batch && !kzg_g1_map_is_conv(c, n);
}

int kzg_g1_map_in_pairs(const gc_kzg_ctx *c, size_t n) {
    return !kzg_g1_map_is_conv(c, n) && !kzg_g1_map_is_straus(c, n) && (n << c->log_2r) <= c->g1fft.pair_max_points;
}

int kzg_g1_pairs_by_teams(const gc_kzg_ctx *c, size_t n) {
    return kzg_g1_map_in_pairs(c, n) && kzg_team_lanes(c, KZG_TEAM_G1_PAIRS, (uint32_t)(n << c->log_2r)) > 1;
}

gc_kzg_ret kzg_stages_u_to_proofs(gc_kzg_ctx *c, size_t n) {
    if (kzg_g1_map_is_conv(c, n)) return kzg_stage_g1_conv(c, n, kzg_conv_pieces_by_msm(c, n));
    if (kzg_g1_map_is_straus(c, n)) return kzg_stage_g1_straus(c, n);
    gc_kzg_ret ret = kzg_stage_g1_ifft_truncate(c, n);
    return ret ? ret : kzg_stage_g1_fft(c, n);
}

gc_kzg_ret kzg_stage_compress_proofs(gc_kzg_ctx *c, size_t n) {
    uint32_t log_2r = c->log_2r, brp = 1, count = (uint32_t)(n << c->log_2r);
    gc_arg a[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_BUF(c->batch.bb.proof_bytes), GC_ARG_VAL(log_2r), GC_ARG_VAL(brp),
                  GC_ARG_VAL(count)};
    return kzg_launch_elements(c, K_G1_COMPRESS_ROWS, count, a, 5);
}
