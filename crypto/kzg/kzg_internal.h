/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_internal.h — the KZG context's insides, shared by the stages' host launchers
 * (the folders under crypto/kzg) and the fk20 suite, which tests and times each stage
 * on its own. Not installed. */
#ifndef GC_KZG_INTERNAL_H
#define GC_KZG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_kzg.h"

#include "crypto/bls12_381/host.h"

#include "crypto/kzg/kzg_shared.h"
#include "crypto/kzg/verify/verifier.h"

#define KZG_SOURCE "crypto/kzg/kzg_kernels.gc"
/* Slices of at least this many rows take the G1 convolution with two taps a work-item
 * (kzg_ctx_set_conv_group): there the launch fills the GPU, so 0.7 of the operations is
 * about 0.7 of the time; one blob's launch waits on its chains, 64 operations deep
 * instead of 46 (docs/results/fk20.md). */
#define KZG_CONV_GROUP_MIN_ROWS 8u
/* Passes of at most this many blobs take U_2 = [2^64] u from an MSM beside u's (then
 * U_1, U_3 by 32 doublings on each queue); larger ones make U_1, U_2, U_3 from u, 32
 * doublings at a time (kzg_stage_g1_conv): one blob's MSMs leave most of the GPU idle,
 * from a few blobs on two more launches of doublings cost less than a second MSM
 * (docs/results/fk20.md). */
#define KZG_CONV_PIECES_MSM_MAX_BATCH 1u
/* The largest transforms (rows x 2r points) whose pairs take teams (of two, through CUDA)
 * by default. */
#define KZG_TEAM_MAX_POINTS 16384u
/* The default (on a GPU) of the passes the G1 convolution serves, in blobs: about where
 * the G1 FFTs catch up with it (docs/results/fk20.md). */
#define KZG_CONV_MAX_BATCH 16u
/* The NAF width of the G1 convolution's pieces' digits (upload_conv_taps in g1map/conv.c), which its
 * products take with 2^(width - 2) odd multiples (gc_g1p_mul_glv_wnaf4 in glv.gc): width 4
 * beat 5 (docs/results/fk20.md). */
#define KZG_CONV_WNAF_WIDTH 4u
/* The small sums' trees through CUDA by teams of two up to this many outputs, of four up
 * to KZG_SUM_TEAM4_MAX_OUT (msm/sums.c's sum_tree_lanes). */
#define KZG_SUM_TEAM_MAX_OUT 256u
#define KZG_SUM_TEAM4_MAX_OUT 128u

/* Where the comb MSMs run by batched affine additions (msm_comb_affine, one part of at most
 * KZG_AFF_TERMS terms a work-item): never; always (the FK20 MSM then takes 16 terms a
 * work-item, and the commitment's where its chunk is that small); or by size, the default:
 * the FK20 MSM at L = 64 in passes of 64 to 255 blobs (its work-items hold 8 or 16 terms
 * there anyway). */
typedef enum { KZG_MSM_AFFINE_NEVER, KZG_MSM_AFFINE_ALWAYS, KZG_MSM_AFFINE_BY_SIZE } kzg_msm_affine_mode;

/* The most column parts of an MSM of one term a work-item (kzg_ctx_set_msm_parts). */
#define KZG_MSM_PARTS_MAX 4u

typedef enum {
    K_BLOB_TO_FR, K_POLY_EXTEND_BRP, K_FR_TO_BYTES_BRP, K_FR_FFT_ROWS, K_FR_FFT_ROW_BLOCKS, K_CELLS_FFT_IN, K_CELLS_FFT_OUT, K_FK20_CIRCULANT, K_FK20_CIRCULANT_FFT, K_FR_TO_INT,
    K_BLOB_FFT_IN, K_FK20_CIRCULANT_FFT_INTS,
    K_MSM_COMB, K_MSM_COMB_AFFINE, K_MSM_VAR, K_MSM_COMB_POWERS, K_MSM_COMB_TABLE_BUILD, K_G1_SUM_CHUNKS, K_G1_SUM_TREE, K_G1_BITREV_ROWS, K_G1_FFT_STAGE,
    K_G1_FFT_PAIR_PRODUCTS, K_G1_FFT_PAIR_PRODUCTS_TEAM, K_G1_FFT_PAIR_PRODUCTS_TEAM_FULL, K_G1_FFT_PAIR_COMBINE, K_G1_CLEAR_UPPER_HALF, K_G1_CONV_MUL_POW32, K_G1_CONV_MUL_POW32_TEAM, K_G1_CONV_FOLD, K_G1_CONV_FOLD_TEAM, K_G1_CONV_TAPS, K_G1_CONV_TAPS_TEAM, K_G1_CONV_TAPS_TEAM_FULL, K_G1_SUM_TREE_TEAM,
    K_G1_MSM_PARTS_COMBINE, K_G1_MSM_PARTS_COMBINE_TEAM, K_G1_CONV_STRAUS2, K_G1_CONV_STRAUS3, K_G1_CONV_STRAUS4,
    K_G1_CONV_STRAUS8,
    K_G1_COMPRESS_ROWS, K_COUNT
} kzg_kernel_id;

/* The worker threads of a context's host copies (host_copy.c): started on first need (at
 * most 7: with the calling thread 8), kept until destroy. NULL from create (no memory) or
 * passed to the calls below: everything on the calling thread. */
typedef struct kzg_copy_team kzg_copy_team;
kzg_copy_team *kzg_copy_team_create(void);
void kzg_copy_team_destroy(kzg_copy_team *t);
size_t kzg_copy_team_workers(const kzg_copy_team *t); /* started so far */
/* For tests: count with `cores` cores instead of the machine's (0: the machine's). */
void kzg_copy_team_set_cores(kzg_copy_team *t, long cores);
/* fn(arg, lo, hi) over [0, n) in contiguous ranges on up to 8 threads, about one per MB
 * of `bytes` (the data the ranges copy), the calling thread taking the first and the
 * team's workers the others; returns when all are done. */
typedef void (*kzg_range_fn)(void *arg, size_t lo, size_t hi);
void kzg_parallel_ranges(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, void *arg);
/* fn(arg, lo, hi) over [0, n) in contiguous chunks on the threads kzg_parallel_ranges would
 * use (the calling thread among them), chunk k by thread k mod threads, and then, on the
 * calling thread, then(arg, lo, hi) for each chunk in order as soon as it is done: the
 * blobs' upload, whose transfer of one chunk overlaps the copies of the next. Returns
 * the first nonzero result of then, after which no later chunk is handed to it (every
 * chunk is still copied). */
typedef int (*kzg_chunk_fn)(void *arg, size_t lo, size_t hi);
int kzg_pipelined_ranges(kzg_copy_team *team, size_t n, size_t bytes, kzg_range_fn fn, kzg_chunk_fn then,
                         void *arg);

/* Device buffers of one batch pass (max_batch blobs). */
typedef struct {
    gc_buffer *blobs;      /* max_batch * 131072 bytes */
    gc_buffer *bad;        /* max_batch u32: 1 = an element >= r */
    gc_buffer *poly;       /* max_batch * 4096 Fr: evaluations, then coefficients in place */
    gc_buffer *ext;        /* max_batch * 8192 Fr: cells' evaluations */
    gc_buffer *circ;       /* max_batch * 8192 Fr: circulant rows and their FFTs, [b][i][2r] */
    gc_buffer *ints;       /* max_batch * 8192 Fr as raw integers (FK20 MSM scalars) */
    gc_buffer *partials;   /* FK20 MSM partial sums (G1 projective) */
    gc_buffer *partials2;  /* the next level of their sum tree (an eighth) */
    /* the commitment's own: it runs on queue 1 beside the FK20 MSM */
    gc_buffer *commit_ints, *commit_partials, *commit_partials2;
    gc_buffer *u;          /* max_batch * 2r G1: u, then the proofs in natural order */
    gc_buffer *commit;     /* max_batch G1 */
    gc_buffer *out_bytes;  /* max_batch * 8192 * 32 bytes: cells (on queue 1 for small passes) */
    gc_buffer *proof_bytes; /* max_batch * 8192 / L * 48 bytes: compressed proofs */
    gc_buffer *commit_bytes; /* max_batch * 48 bytes: commitments (their own: written on queue 1) */
} kzg_batch_buffers;

/* The launches that can run by teams of work-items (kzg_ctx_set_team): the fused G1 stage
 * pairs' twiddle products (g1_fft_pair_products_team), the G1 convolution's products
 * (g1_conv_taps_team), the additions of the small sums' trees (g1_sum_tree_team). */
typedef enum { KZG_TEAM_G1_PAIRS, KZG_TEAM_CONV, KZG_TEAM_SUMS, KZG_TEAM_SITES } kzg_team_site;

/* The polynomial stage's (poly/): the Fr FFTs' twiddles and scale, the blob flags' mark. */
typedef struct {
    gc_buffer *itw_4096, *tw_8192; /* twiddles of the blob's inverse FFT and the cells' FFT */
    gc_buffer *inv_4096;           /* 1/4096, the inverse's scale */
    int rows_only;                 /* 1: the Fr FFTs one work-group a row, unfused (kzg_ctx_set_fr_fft_blocks) */
    uint32_t flag_mark; /* what bb.bad holds for the current pass's bad blobs (kzg_stage_blob_to_fr) */
} kzg_poly_state;

/* FK20's (fk20/): the setup's FFT and the circulant rows' twiddles and scale. */
typedef struct {
    gc_buffer *x_ext_fft;  /* L * 2r G1 projective, [i][j] */
    gc_buffer *tw_2r;      /* twiddles of the circulant rows' FFTs */
    gc_buffer *inv_2r_raw; /* 1/2r, the MSM scalars' scale (folds in the inverse G1 FFT's) */
} kzg_fk20_state;

/* The MSMs' (msm/): bases, comb tables and the tuning of their launches and sums. */
typedef struct {
    gc_buffer *monomial;                  /* 4096 G1 projective: [s^i] (the commitment's bases) */
    gc_buffer *table_fk20, *table_commit; /* comb tables (info.comb_teeth, info.commit_teeth > 0) */
    unsigned fk20_spacing, commit_spacing; /* of the comb tables (teeth > 0): bits per tooth */
    gc_buffer *one_raw;                   /* 1, the scale of scalars taken as they are */
    /* the comb's columns of an MSM of one term a work-item (chunk 1: small passes, where its
     * chains are the latency) cut in this many parts (msm_comb), 1 .. KZG_MSM_PARTS_MAX; 0:
     * the default (msm/msm.c) */
    unsigned parts;
    /* where the comb MSMs run by batched affine additions (msm_comb_affine):
     * KZG_MSM_AFFINE_BY_SIZE by default (msm_is_affine in msm/msm.c) */
    kzg_msm_affine_mode affine;
    /* work-items (teams) per output of the small sums' trees (g1_sum_tree): 32 or
     * KZG_SUM_TREE_WG; 0: by the chunks (msm/sums.c) */
    unsigned sum_tree_width;
    /* 1: many outputs of a few chunks keep g1_sum_chunks' fan-in launches instead of
     * g1_sum_tree with several outputs a work-group (msm/sums.c) */
    int sum_tree_groups_off;
    /* 1 while a pass runs the commitment's MSM beside the FK20 MSM (batch/kzg_batch.c): then
     * the default is one part where the parts' weights cannot be deferred (msm/msm.c) */
    int beside;
} kzg_msm_state;

/* The team kernels' settings (crypto/bls12_381/g1_team.gc; kzg_launch.c). */
typedef struct {
    /* work-items per operation of the three launches that can run by teams, kzg_team_site:
     * 2 or 4 (teams), 1 (one work-item), 0 by backend and size (kzg_team_lanes) */
    unsigned lanes[KZG_TEAM_SITES];
    /* the register budget of the pairs' and the convolution's team launches, in warps an
     * SM: KZG_TEAM_SM_WARPS_FULL or _CAPPED; 0 by the launch's size (kzg_team_kernel) */
    unsigned sm_warps;
} kzg_team_state;

/* The G1 FFTs' (g1map/g1_fft.c). */
typedef struct {
    gc_buffer *tw_2r, *itw_2r;           /* twiddles, as wNAF digits (glv.gc) */
    gc_buffer *pair_tw_2r, *pair_itw_2r; /* of their fused stage pairs (g1_fft_pair_*) */
    /* The G1 FFTs of up to pair_max_points points (rows x 2r) run their stages fused in
     * pairs (latency-bound there); pair_scratch holds 5/4 of that many products. */
    size_t pair_max_points;
    gc_buffer *pair_scratch;
} kzg_g1_fft_state;

/* The G1 convolution's (g1map/conv.c; L = 64 and info.g1_conv_max_batch > 0, else NULL,
 * blobs 0). */
typedef struct {
    gc_buffer *digits;    /* 2 x KZG_CONV_SLOTS pieces' wNAF digits (kzg_conv_taps_split; zero past 2r) */
    gc_buffer *digits2;   /* the same for two taps a work-item, 2 x KZG_CONV_SLOTS2 slots of two taps */
    unsigned group;       /* taps a work-item of the convolution's products: 1 or 2; 0 by size */
    gc_buffer *hi;        /* 3 blobs * 2r G1: [2^(32 p)] u, p = 1 .. 3, [p - 1][row][k] */
    gc_buffer *ints, *partials, *partials2; /* the MSM of U_2 (kzg_stage_fk20_msm; one blob) */
    gc_buffer *scale;     /* its scale, 2^64 / 2r */
    /* 1 (a GPU): that MSM runs on its own queue beside u's; 0: after it on queue 0. On
     * PoCL's CPU device the same kernels on two queues at once aborted PoCL now and then
     * (pocl_release_dlhandle_cache's assertion), and queues that share the same cores
     * gain nothing. */
    int msm_beside;
    gc_buffer *products;  /* blobs * 2r * KZG_CONV_SLOTS G1: [row][k][slot] */
    gc_buffer *products2; /* an eighth of that: the sum tree's next level */
    size_t blobs;         /* rows the products hold: min(g1_conv_max_batch, max_batch) */
} kzg_conv_state;

/* The batches' convolution by Straus over groups of taps (g1map/straus.c; L = 64, else
 * NULL): passes of at least min_batch blobs (and more than g1_conv_max_batch) take it
 * instead of the G1 FFTs; 0: none. */
typedef struct {
    gc_buffer *digits;    /* per level, segment and tap pair, the GLV halves' width-4 digits */
    gc_buffer *products;  /* max_batch * 2r * KZG_STRAUS_MAX_SLOTS G1: [row][k][slot] */
    gc_buffer *products2; /* an eighth of that (the sums' scratch) */
    size_t min_batch;
    unsigned taps;        /* taps a work-item, 2, 3, 4 or 8; 0: by the pass's size */
    unsigned pairing;     /* three taps' block pairing (kzg_straus3_block): 1 (the default)
                           * a stride of the SM count, N >= 2 a stride of N, 0 off */
    unsigned levels;      /* the row split mod X^r -+ 1 once, or its cyclic half again (2) */
} kzg_straus_state;

/* The batch layer's (batch/): the pass buffers, the host staging, the queues. */
typedef struct {
    kzg_batch_buffers bb;
    /* 1: a pass runs its cells and commitment on the device's queue 1, beside the proofs
     * (kzg_batch.c); 0: everything on queue 0. */
    int two_queues;
    /* host staging of the batched calls, kept and grown: a fresh 33 MB of cells per call of
     * 128 blobs cost its page faults every time */
    uint8_t *staging;
    size_t staging_bytes;
    kzg_copy_team *copiers; /* the host copies' threads (NULL: the calling thread alone) */
    gc_buffer *staging_buf; /* the page-locked buffer staging points into, or NULL (malloc'd) */
    /* what the caller's cells held before a one-pass call wrote them ahead of its proofs,
     * put back if the call then fails; kept and grown as staging */
    uint8_t *cells_backup;
    size_t cells_backup_bytes;
    double in_ms, cells_ms; /* GC_KZG_TRACE: a call's blobs in, its cells early to the caller */
    /* fault injection for the suite (fk20.pool.two_contexts): nonzero makes each pass fail
     * where it would read its proofs back, as a device failure there does (GC_KZG_DEVICE),
     * after its cells went to the caller; fail_blobs_in where it would take its blobs in,
     * before it computes anything, whether it copies them or reads them mapped */
    int fail_proofs_read, fail_blobs_in;
} kzg_batch_state;

/* Verification's (verify/): the setup's points it needs, kept by gc_kzg_ctx_create (6.3 KB),
 * and the verifier, whose module the first verification call builds (a compilation every
 * context would otherwise pay, verifying or not). */
typedef struct {
    int have_points; /* 0: a context made from the monomial points alone (the fk20 suite) */
    gc_g1a g1_monomial[KZG_VERIFY_SETUP_G1];
    gc_g2a g2_s, g2_s64; /* [s] G2, [s^64] G2 */
    int built, mutant;   /* mutant: the suite's fault site in the verifier's module (0 none) */
    kzg_verifier verifier;
} kzg_verify_state;

/* The context's verifier (built on the first call), or an error with the context's last
 * message set; kzg_verify_refuse sets it for r and returns r. */
gc_kzg_ret kzg_ctx_verifier(gc_kzg_ctx *c, const kzg_verifier **out);
gc_kzg_ret kzg_verify_refuse(gc_kzg_ctx *c, gc_kzg_ret r, const char *why);
/* What verification needs of the setup, into the context (gc_kzg_ctx_create; a test's
 * context made from the monomial points alone). */
void kzg_verify_keep_points(gc_kzg_ctx *c, const gc_kzg_setup *setup);
/* For the suite's mutants: the verifier rebuilt with KZG_MUTANT=mutant (0: the real one). */
void kzg_verify_set_mutant(gc_kzg_ctx *c, int mutant);

/* The context: the device and the kernels, then one part per stage. */
struct gc_kzg_ctx {
    gc_device *dev;
    gc_module *mod;
    gc_kernel *k[K_COUNT];
    gc_kzg_ctx_info info;
    unsigned log_l, log_2r;
    kzg_poly_state poly;
    kzg_fk20_state fk20;
    kzg_msm_state msm;
    kzg_team_state teams;
    kzg_g1_fft_state g1fft;
    kzg_conv_state conv;
    kzg_straus_state straus;
    kzg_batch_state batch;
    kzg_verify_state verify;
    gc_status last_status;
    char last_message[512];
    struct kzg_recover *recover; /* the recovery stage's (crypto/kzg/recover/recover.h), made on first use */
    struct kzg_eip4844 *eip4844; /* the EIP-4844 proofs' (crypto/kzg/eip4844/eip4844.h), made on first use */
};

/* What the fk20 suite changes in a context it tests a stage of. */
typedef enum {
    KZG_X_EXT_FFT_COMPUTE, /* the library's precomputation (as gc_kzg_ctx_create) */
    KZG_X_EXT_FFT_GIVEN,   /* upload `x_ext_fft` instead: a stage's input is the known answer
                            * of the stage before, not our own output */
    KZG_X_EXT_FFT_NONE     /* none, nor MSM tables over it: for the stages that do not use it
                            * (seconds instead of ~20 s per test process on a CPU device) */
} kzg_x_ext_fft_source;

typedef struct {
    const char *const *defines; /* kernel build defines (the mutants: KZG_MUTANT=n) */
    size_t n_defines;
    kzg_x_ext_fft_source x_ext_fft_source;
    const gc_g1p *x_ext_fft;    /* KZG_X_EXT_FFT_GIVEN: L * 2r points, [offset][j] */
    unsigned comb_teeth;        /* nonzero: both MSM tables at this many teeth, whatever the options */
} kzg_ctx_overrides;

/** Create from the 4096 monomial points (the setup's [s^i] G1, affine): the work of
 *  gc_kzg_ctx_create after the setup is chosen. `over`: what a stage test changes (NULL:
 *  nothing, as every caller outside the fk20 suite passes). */
gc_kzg_ret kzg_ctx_create_from_points(gc_kzg_ctx **out, gc_device *dev, const gc_g1a *monomial,
                                      const gc_kzg_options *opt, const kzg_ctx_overrides *over, char *err,
                                      size_t err_len);

/** The batch buffers of a fresh context (info.max_batch blobs), the G1 maps' among them
 *  (batch/batch_buffers.c). */
gc_kzg_ret kzg_batch_alloc(gc_kzg_ctx *c);

/* ---- the stages, each over the first n blobs of the batch buffers ---- */
gc_kzg_ret kzg_stage_blob_to_fr(gc_kzg_ctx *c, size_t n);    /* bb.blobs -> bb.poly (evals), bb.bad */
/* bb.bad as read back from the device -> 1 for the last pass's bad blobs, else 0 */
void kzg_flags_of_pass(const gc_kzg_ctx *c, uint32_t *bad, size_t n);
gc_kzg_ret kzg_stage_poly_ifft(gc_kzg_ctx *c, size_t n);     /* bb.poly evals -> coefficients */
/* bb.blobs -> coefficients in bb.poly, bb.bad: the two stages above, the transform's first
 * launch reading the bytes itself where its blocks fit (kzg_blob_fft_in) */
gc_kzg_ret kzg_stage_blob_to_poly(gc_kzg_ctx *c, size_t n);
/* Non-zero (the first launch's last stage): kzg_stage_blob_to_poly takes the fused launch,
 * which kzg_stage_blob_to_poly_from needs: the same from the blobs at byte `offset` (a
 * multiple of 4) of src, a device buffer or mapped host memory (GC_MEM_HOST_MAPPED);
 * GC_KZG_ERROR where the launch does not fit. */
uint32_t kzg_blob_fft_in_split(const gc_kzg_ctx *c);
gc_kzg_ret kzg_stage_blob_to_poly_from(gc_kzg_ctx *c, size_t n, gc_buffer *src, size_t offset);
gc_kzg_ret kzg_stage_cells(gc_kzg_ctx *c, size_t n);         /* bb.poly -> bb.ext -> bb.out_bytes */
gc_kzg_ret kzg_stage_circulant_fft(gc_kzg_ctx *c, size_t n); /* bb.poly -> bb.circ (FFTs, unscaled) */
/** bb.circ -> bb.ints (scaled by 1/2r when scaled; KZG_MSM_SCALED_INTS_READY: scaled, the
 *  integers made already, below) -> MSM -> bb.u; scaled, for a pass that
 *  takes the G1 convolution and has at most KZG_CONV_PIECES_MSM_MAX_BATCH blobs, also
 *  conv_hi = [2^(32 p)] u (p = 1 .. 3): U_2 by a second MSM beside it (on queue
 *  KZG_QUEUE_G1_HALF, queue 0 waiting for it; on queue 0 where conv_msm_beside is 0) and
 *  then U_3 = [2^32] U_2 there, U_1 = [2^32] u on queue 0, which kzg_stage_g1_conv reads. */
gc_kzg_ret kzg_stage_fk20_msm(gc_kzg_ctx *c, size_t n, int scaled);
/* kzg_stage_fk20_msm's `scaled` for a pass whose integers kzg_stage_fk20_scalars made */
#define KZG_MSM_SCALED_INTS_READY 2
/** bb.poly -> the integers of the pipeline's FK20 MSM (scaled by 1/2r, bb.ints) and, where
 *  kzg_stage_fk20_msm makes U_2 by an MSM, of that one (conv_ints): the circulant FFTs
 *  and their integers in one launch where its blocks fit (fk20_circulant_fft_ints), else
 *  kzg_stage_circulant_fft and fr_to_int. Then kzg_stage_fk20_msm(c, n,
 *  KZG_MSM_SCALED_INTS_READY). */
gc_kzg_ret kzg_stage_fk20_scalars(gc_kzg_ctx *c, size_t n);
gc_kzg_ret kzg_stage_g1_ifft_truncate(gc_kzg_ctx *c, size_t n); /* bb.u -> v (upper half cleared) */
gc_kzg_ret kzg_stage_g1_fft(gc_kzg_ctx *c, size_t n);           /* v -> proofs, natural order */
/** bb.u -> proofs in natural order in bb.u, as the two stages above, by one cyclic
 *  convolution of r + 1 taps (conv_taps.c); in slices of conv_blobs rows. hi_ready:
 *  conv_hi holds [2^(32 p)] u (kzg_stage_fk20_msm made it: a pass of at most
 *  KZG_CONV_PIECES_MSM_MAX_BATCH blobs), else it is made here from u. GC_KZG_ERROR (the
 *  message says why) on a context without it (L != 64, or g1_conv_max_batch 0). */
gc_kzg_ret kzg_stage_g1_conv(gc_kzg_ctx *c, size_t n, int hi_ready);
/** bb.u -> proofs in natural order in bb.u, the same convolution for batches: one launch
 *  of 1 + 16 / taps work-items an output (g1_conv_straus<taps>: the rest, then the 16 tap
 *  pairs of L = 64 in groups of 2, 4 or 8, by the pass's size; with the cyclic half split
 *  again, the default, its outputs have 8 pairs and their last slots are empty), then
 *  their sums. GC_KZG_ERROR on a context without it (L != 64). */
#define KZG_STRAUS_MAX_SLOTS 9u /* 1 + 16 / 2 */
gc_kzg_ret kzg_stage_g1_straus(gc_kzg_ctx *c, size_t n);
/* Passes of at least n blobs (and more than g1_conv_max_batch) take kzg_stage_g1_straus
 * instead of the G1 FFTs; 0: none; for the suite's tests and measurements. */
void kzg_ctx_set_straus_min_batch(gc_kzg_ctx *c, size_t n);
/* Its taps a work-item, 2, 4 or 8 (0 or another value: by the pass's size). */
void kzg_ctx_set_straus_taps(gc_kzg_ctx *c, unsigned taps);
/* Its row split mod X^r -+ 1 once (levels 1) or, the default, its cyclic half again (2). */
void kzg_ctx_set_straus_levels(gc_kzg_ctx *c, unsigned levels);
/* Three taps' 2- and 4-tap blocks paired on the SMs two rounds of `stride` blocks apart:
 * 0 off, 1 the device's compute units (the default), N >= 2 a stride of N (tests). */
void kzg_ctx_set_straus_pairing(gc_kzg_ctx *c, unsigned stride);
/* blocks 0: every Fr FFT one work-group a row (fr_fft_rows) with the cells' and circulant
 * rows' element-wise launches beside it, as a device whose work-groups cannot hold a
 * block runs them: for tests of that path; 1 (the default): blocks in local memory. */
void kzg_ctx_set_fr_fft_blocks(gc_kzg_ctx *c, int blocks);
/** bb.u -> proofs the way the pipeline takes, after kzg_stage_fk20_msm(c, n, 1):
 *  kzg_stage_g1_conv where the context has it and n <= info.g1_conv_max_batch, else
 *  kzg_stage_g1_straus where n >= straus_min_batch (a GPU's default: every such pass),
 *  else kzg_stage_g1_ifft_truncate + kzg_stage_g1_fft. */
gc_kzg_ret kzg_stages_u_to_proofs(gc_kzg_ctx *c, size_t n);
/* 1: a pass of n blobs takes u to the proofs by G1 transforms with fused stage pairs (the
 * latency-bound form), not by the convolution nor by single stages. */
int kzg_g1_map_in_pairs(const gc_kzg_ctx *c, size_t n);
/* 1: those pairs' products run by teams of work-items (g1_fft_pair_products_team). */
int kzg_g1_pairs_by_teams(const gc_kzg_ctx *c, size_t n);
gc_kzg_ret kzg_stage_compress_proofs(gc_kzg_ctx *c, size_t n);  /* bb.u -> bb.out_bytes, c-kzg order */
gc_kzg_ret kzg_stage_commitment(gc_kzg_ctx *c, size_t n);       /* bb.poly -> bb.commit -> bb.out_bytes */

/** The G1 FFTs of at most `points` points (rows x 2r) fuse their stages in pairs (0: never;
 *  the default is KZG_G1_PAIR_MAX_POINTS); for the suite's tests and measurements. */
#define KZG_G1_PAIR_MAX_POINTS (128u * 128u)
gc_kzg_ret kzg_ctx_set_g1_pair_max_points(gc_kzg_ctx *c, size_t points);
void kzg_ctx_set_team(gc_kzg_ctx *c, kzg_team_site site, unsigned lanes); /* 1, 2, 4; 0: by backend and size */
/* The column parts of the MSMs of one term a work-item: 1 .. KZG_MSM_PARTS_MAX; 0: the default. */
void kzg_ctx_set_msm_parts(gc_kzg_ctx *c, unsigned parts);
void kzg_ctx_set_msm_affine(gc_kzg_ctx *c, kzg_msm_affine_mode mode);
/* Taps a work-item of the G1 convolution's products: 1 or 2 (Straus); other values: by the
 * slice's rows (KZG_CONV_GROUP_MIN_ROWS). */
void kzg_ctx_set_conv_group(gc_kzg_ctx *c, unsigned taps);
/* Work-items per output of the small sums' trees: 32 or KZG_SUM_TREE_WG; 0 (or another
 * value): by the chunks. */
void kzg_ctx_set_sum_tree_width(gc_kzg_ctx *c, unsigned width);
/* 0: many outputs of a few chunks summed by g1_sum_chunks' fan-in launches instead of
 * g1_sum_tree's groups (1, the default). */
void kzg_ctx_set_sum_tree_groups(gc_kzg_ctx *c, int on);
/* The team kernels' register budget: KZG_TEAM_SM_WARPS_FULL or _CAPPED warps an SM; 0 (or
 * another value): by the launch's size. */
void kzg_ctx_set_team_sm_warps(gc_kzg_ctx *c, unsigned warps);
/* two_queues: 1 (the default) or 0 (one queue, for comparisons). */
void kzg_ctx_set_two_queues(gc_kzg_ctx *c, int on);

/* conv_taps.c: the convolution's taps for 2r = 2^log_2r (log_2r >= 1): taps[e] for
 * e = 0 .. r, the coefficient at distance kzg_conv_tap_distance(e) (the others are 0). */
unsigned kzg_conv_tap_distance(unsigned e);
void kzg_conv_taps(gc_fr *taps, unsigned log_2r);
/* the split form's halved taps plus[e], minus[e] for e = 0 .. r/2 from kzg_conv_taps' taps
 * (log_2r >= 2; conv_taps.c) */
void kzg_conv_taps_split(gc_fr *plus, gc_fr *minus, const gc_fr *taps, unsigned log_2r);

/** Record a device failure (status and gc_last_error()) and map it to a gc_kzg_ret. */
gc_kzg_ret kzg_device_error(gc_kzg_ctx *c, gc_status st, const char *what);
/** The queue of the second half of the rows of the single-stage G1 transforms (g1_fft in
 *  g1map/g1_fft.c); queue 0 runs the proofs, queue 1 what runs beside them (kzg_batch.c). */
#define KZG_QUEUE_G1_HALF 2u
/** Make `queue` the device's current queue. */
gc_kzg_ret kzg_use_queue(gc_kzg_ctx *c, unsigned queue);
/** Device-side order between the two queues (no host wait): work enqueued on `waiter` from
 *  now on starts after everything enqueued on `waited` so far. */
gc_kzg_ret kzg_queue_after(gc_kzg_ctx *c, unsigned waiter, unsigned waited);

#endif
