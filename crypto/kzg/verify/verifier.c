/* SPDX-License-Identifier: Apache-2.0 */
/* verifier.c — the verification stage's module, decoding, MSMs and pairing checks, and
 * verify_cell_kzg_proof_batch on a device (verifier.h). */
#include "crypto/kzg/verify/verifier.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "common/clock.h"

#include "crypto/bls12_381/pairing.gc"
#include "crypto/kzg/kzg_threads.h"
#include "crypto/kzg/verify/cell_batch.h"
#include "crypto/kzg/verify/g1_decode.gc"
#include "crypto/kzg/verify/challenge.h"

#define G1_BYTES 48u
/* The most cells of one call, all batches together: the MSMs' offsets stay below 2^32. */
#define KZG_VERIFY_MAX_CELLS (1u << 24)

/* t[0][j] = -(2 j + 1) G and t[1][j] = -phi(t[0][j]): the host openings' GLV table for
 * -[y] G (mutant 23, as the device's: +G). */
static void neg_g_table(gc_g1p t[2][GC_GLV_ODD], int mutant) {
    gc_g1p g;
    gc_g1p_generator(&g);
    if (mutant != 23) gc_g1p_neg(&g, &g);
    gc_g1p_glv_odd_table(t, &g);
}

gc_kzg_ret kzg_verifier_create_from_points(kzg_verifier *v, gc_device *dev, const kzg_verifier_points *pts,
                                           int mutant) {
    memset(v, 0, sizeof *v);
    if (!dev || !pts || !pts->g1 || !pts->g2_s || !pts->g2_s64) return GC_KZG_BADARGS;
    v->dev = dev;
    memcpy(v->g1_monomial, pts->g1, sizeof v->g1_monomial);
    gc_g2p g;
    gc_g2p_generator(&g);
    gc_g2p_to_affine(&v->g2_gen, &g);
    v->g2_s = *pts->g2_s;
    v->g2_s64 = *pts->g2_s64;
    gc_bls_g2_lines_make(&v->lines_gen, &v->g2_gen);
    gc_bls_g2_lines_make(&v->lines_s, &v->g2_s);
    gc_bls_g2_lines_make(&v->lines_s64, &v->g2_s64);
    neg_g_table(v->neg_g_odd, mutant);
    v->device_checks_min = KZG_VERIFY_DEVICE_CHECKS_MIN;
    v->mutant = mutant;
    char def[32];
    const char *defs[] = {def};
    gc_build_options opt = {0};
    snprintf(def, sizeof def, "KZG_MUTANT=%d", mutant);
    opt.defines = defs, opt.n_defines = 1;
    if (gc_module_build(dev, "crypto/kzg/verify/verify.gc", mutant > 0 ? &opt : NULL, &v->mod, NULL) ||
        gc_kernel_get(v->mod, "kzg_g1_decode", &v->decode) ||
        gc_kernel_get(v->mod, "kzg_opening_pairs", &v->opening_pairs) ||
        gc_kernel_get(v->mod, "kzg_pairing_checks", &v->pairing_checks) || kzg_pippenger_kernels_get(&v->msm, v->mod) ||
        kzg_cell_columns_init(&v->cells, dev, v->mod)) {
        kzg_verifier_free(v);
        return GC_KZG_DEVICE;
    }
    return GC_KZG_OK;
}

gc_kzg_ret kzg_verifier_create(kzg_verifier *v, gc_device *dev, const gc_kzg_setup *setup) {
    if (!setup) {
        memset(v, 0, sizeof *v);
        return GC_KZG_BADARGS;
    }
    kzg_verifier_points pts = {setup->g1_monomial, &setup->g2_monomial[1],
                               &setup->g2_monomial[KZG_FIELD_ELEMENTS_PER_CELL]};
    return kzg_verifier_create_from_points(v, dev, &pts, 0);
}

void kzg_verifier_free(kzg_verifier *v) {
    if (v->msm.buckets || v->msm.task_sums || v->msm.finish) kzg_pippenger_kernels_free(&v->msm);
    kzg_cell_columns_free(&v->cells);
    if (v->decode) gc_kernel_free(v->decode);
    if (v->opening_pairs) gc_kernel_free(v->opening_pairs);
    if (v->pairing_checks) gc_kernel_free(v->pairing_checks);
    if (v->mod) gc_module_free(v->mod);
    memset(v, 0, sizeof *v);
}

/* Points a host thread decodes at most (shared out one at a time) before the device is
 * faster: a point is a square root and a subgroup check, 66-140 us on one core (the build
 * machine, the H200's host), while a launch decodes a point a work-item, ~1.6 ms for any
 * small batch (docs/results/kzg_api.md). */
#define DECODE_HOST_PER_THREAD 8u

typedef struct {
    const uint8_t *enc;
    gc_g1a *out;
    uint32_t *err, n;
    int subgroup;
    atomic_uint next;
} decode_job;

static void *decode_worker(void *arg) {
    decode_job *j = arg;
    for (uint32_t i; (i = atomic_fetch_add(&j->next, 1u)) < j->n;)
        j->err[i] = kzg_g1_decode_one(&j->out[i], j->enc + (size_t)G1_BYTES * i, j->subgroup);
    return NULL;
}

static void decode_on_host(const kzg_verifier *v, const uint8_t *enc, uint32_t n, gc_g1a *out, uint32_t *err,
                           size_t threads) {
    decode_job j = {enc, out, err, n, v->mutant != 22, 0};
    kzg_run_threads(decode_worker, &j, threads);
}

int kzg_verifier_decode(const kzg_verifier *v, const uint8_t *enc, uint32_t n, gc_g1a *out, uint32_t *err) {
    size_t threads = kzg_host_threads();
    if (n / 2 < v->device_checks_min) { /* a call whose checks stay on the host: a point a thread */
        decode_on_host(v, enc, n, out, err, n < threads ? n : threads);
        return 0;
    }
    if (v->device_checks_min && n <= DECODE_HOST_PER_THREAD * threads) { /* 0: tests ask for the device */
        decode_on_host(v, enc, n, out, err, (n + DECODE_HOST_PER_THREAD - 1) / DECODE_HOST_PER_THREAD);
        return 0;
    }
    gc_buffer *din = NULL, *dout = NULL, *derr = NULL;
    int ret = -1;
    gc_arg args[] = {GC_ARG_BUF(din), GC_ARG_BUF(dout), GC_ARG_BUF(derr), GC_ARG_VAL(n)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if (!gc_buffer_alloc(v->dev, 48u * n, GC_MEM_DEVICE, &din) &&
        !gc_buffer_alloc(v->dev, n * sizeof *out, GC_MEM_DEVICE, &dout) &&
        !gc_buffer_alloc(v->dev, 4u * n, GC_MEM_DEVICE, &derr) && !gc_buffer_write(din, 0, enc, 48u * n)) {
        args[0].buffer = din, args[1].buffer = dout, args[2].buffer = derr;
        if (!gc_kernel_launch(v->decode, &r, args, 4, NULL) && !gc_buffer_read(derr, 0, err, 4u * n) &&
            !gc_buffer_read(dout, 0, out, n * sizeof *out))
            ret = 0;
    }
    gc_buffer_free(din), gc_buffer_free(dout), gc_buffer_free(derr);
    return ret;
}

/* Terms a host thread sums at most before the device is faster: a small MSM on the device
 * is its launches and the chain of ~300 point operations of its finish (~3.7 ms at 321
 * terms, docs/results/kzg_api.md), while a host core adds ~3 terms a microsecond. */
#define MSM_HOST_TERMS_PER_THREAD 48u

int kzg_verifier_msms(const kzg_verifier *v, const gc_g1a *pts, const uint32_t *scalars, const uint64_t *offsets,
                      size_t n_msms, gc_g1p *out) {
    size_t n = offsets[n_msms], threads = kzg_host_threads();
    if (v->device_checks_min && n <= MSM_HOST_TERMS_PER_THREAD * threads) /* 0: tests ask for the device */
        return kzg_pippenger_host(pts, scalars, offsets, (uint32_t)n_msms, 0, threads, v->mutant, out);
    gc_buffer *dp = NULL, *ds = NULL, *dout = NULL;
    kzg_pippenger_plan plan = {0};
    int ret = -1;
    if (!gc_buffer_alloc(v->dev, n * sizeof *pts + 1, GC_MEM_DEVICE, &dp) &&
        !gc_buffer_alloc(v->dev, n * 32 + 1, GC_MEM_DEVICE, &ds) &&
        !gc_buffer_alloc(v->dev, n_msms * sizeof(gc_g1p), GC_MEM_DEVICE, &dout) &&
        (!n || (!gc_buffer_write(dp, 0, pts, n * sizeof *pts) && !gc_buffer_write(ds, 0, scalars, n * 32))) &&
        !kzg_pippenger_plan_create(&plan, v->dev, offsets, (uint32_t)n_msms, 0, 0) &&
        !kzg_pippenger_enqueue(&v->msm, &plan, dp, ds, dout) && !gc_buffer_read(dout, 0, out, n_msms * sizeof(gc_g1p)))
        ret = 0;
    kzg_pippenger_plan_free(&plan);
    gc_buffer_free(dp), gc_buffer_free(ds), gc_buffer_free(dout);
    return ret;
}

/* e(A, [1]) e(-B, q) == 1 on the host, from the G2 points' lines where q is [s] or [s^64] */
static bool host_check(const kzg_verifier *v, const gc_g1p *a, const gc_g1p *b, const gc_g2a *q) {
    gc_g1a p[2];
    gc_g2a g[2] = {v->g2_gen, *q};
    gc_g1p nb = *b;
    if (v->mutant != 24) gc_g1p_neg(&nb, b); /* the device's mutant 24, here */
    gc_g1p_to_affine(&p[0], a);
    gc_g1p_to_affine(&p[1], &nb);
    const gc_bls_g2_lines *lines[2] = {&v->lines_gen, !memcmp(q, &v->g2_s, sizeof *q)     ? &v->lines_s
                                                      : !memcmp(q, &v->g2_s64, sizeof *q) ? &v->lines_s64
                                                                                          : NULL};
    return (lines[1] ? gc_bls_pairing_check_lines(p, lines, 2) : gc_bls_pairing_check(p, g, 2)) == 1;
}

int kzg_verifier_pairing_checks(const kzg_verifier *v, bool *ok, const gc_g1p *pairs, const gc_g2a *q, size_t m) {
    if (m < v->device_checks_min) {
        for (size_t i = 0; i < m; i++) ok[i] = host_check(v, &pairs[2 * i], &pairs[2 * i + 1], q);
        return 0;
    }
    gc_buffer *dp = NULL, *dq = NULL, *dok = NULL;
    gc_g2a g[2] = {v->g2_gen, *q};
    uint32_t *res = malloc(m * 4), n = (uint32_t)m;
    int ret = -1;
    gc_arg args[] = {GC_ARG_BUF(dok), GC_ARG_BUF(dp), GC_ARG_BUF(dq), GC_ARG_VAL(n)};
    gc_range r = {1, {(m + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if (res && !gc_buffer_alloc(v->dev, 2 * m * sizeof *pairs, GC_MEM_DEVICE, &dp) &&
        !gc_buffer_alloc(v->dev, sizeof g, GC_MEM_DEVICE, &dq) && !gc_buffer_alloc(v->dev, 4 * m, GC_MEM_DEVICE, &dok) &&
        !gc_buffer_write(dp, 0, pairs, 2 * m * sizeof *pairs) && !gc_buffer_write(dq, 0, g, sizeof g)) {
        args[0].buffer = dok, args[1].buffer = dp, args[2].buffer = dq;
        if (!gc_kernel_launch(v->pairing_checks, &r, args, 4, NULL) && !gc_buffer_read(dok, 0, res, 4 * m)) {
            for (size_t i = 0; i < m; i++) ok[i] = res[i] == 1;
            ret = 0;
        }
    }
    gc_buffer_free(dp), gc_buffer_free(dq), gc_buffer_free(dok);
    free(res);
    return ret;
}

/* The call's host memory: encodings, their decodings and errors, the commitments' indices,
 * the MSMs' points, scalars, offsets and results, and each batch's places in them. */
typedef struct {
    uint8_t *enc;
    gc_g1a *dec, *pts;
    uint32_t *err, *sc;
    uint64_t *cidx, *offsets;
    gc_g1p *out;
    size_t *enc_off, *u, *cidx_off, *msm, *slot; /* per batch; msm: its first MSM, SIZE_MAX none;
                                                  * slot: its scalars' first term before compaction */
    uint8_t *rho;  /* per batch, 32 random bytes its scalars are scaled by; NULL: not scaled */
    bool combined; /* one check decided every batch */
} verify_work;

static void work_free(verify_work *w) {
    free(w->enc), free(w->dec), free(w->pts), free(w->err), free(w->sc), free(w->cidx), free(w->offsets);
    free(w->out), free(w->enc_off), free(w->u), free(w->cidx_off), free(w->msm), free(w->slot), free(w->rho);
}

static int work_alloc(verify_work *w, size_t nb, size_t cells) {
    size_t enc = 2 * cells, terms = 3 * cells + nb * KZG_FIELD_ELEMENTS_PER_CELL;
    memset(w, 0, sizeof *w);
    w->enc = malloc(enc * G1_BYTES + 1), w->dec = malloc(enc * sizeof *w->dec + 1);
    w->err = malloc(enc * 4 + 1), w->pts = malloc(terms * sizeof *w->pts + 1), w->sc = malloc(terms * 32 + 1);
    w->cidx = malloc(cells * 8 + 1), w->offsets = malloc((2 * nb + 1) * 8), w->out = malloc(2 * nb * sizeof *w->out);
    w->enc_off = malloc(nb * sizeof(size_t)), w->u = malloc(nb * sizeof(size_t));
    w->cidx_off = malloc(nb * sizeof(size_t)), w->msm = malloc(nb * sizeof(size_t));
    w->slot = malloc(nb * sizeof(size_t));
    return w->enc && w->dec && w->err && w->pts && w->sc && w->cidx && w->offsets && w->out && w->enc_off && w->u &&
           w->cidx_off && w->msm && w->slot;
}

/* The arguments' checks c-kzg makes before any point is read; the cells in total (a
 * batch refused: BADARGS in status[b], an empty one valid). */
static size_t check_batches(bool *ok, gc_kzg_ret *status, const kzg_cell_batch *batches, size_t nb) {
    size_t cells = 0;
    for (size_t b = 0; b < nb; b++) {
        const kzg_cell_batch *x = &batches[b];
        ok[b] = x->num_cells == 0, status[b] = GC_KZG_OK;
        if (x->num_cells == 0) continue;
        if (!x->commitments || !x->cell_indices || !x->cells || !x->proofs || x->num_cells > KZG_VERIFY_MAX_CELLS) {
            status[b] = GC_KZG_BADARGS;
            continue;
        }
        for (size_t k = 0; k < x->num_cells && !status[b]; k++)
            if (x->cell_indices[k] >= KZG_CELLS_PER_EXT_BLOB) status[b] = GC_KZG_BADARGS;
        if (!status[b]) cells += x->num_cells;
    }
    return cells;
}

/* Every live batch's unique commitments and proofs into w->enc, decoded in one launch; a
 * batch with an encoding that is not a point of the subgroup is refused. -1: device error. */
static int decode_batches(const kzg_verifier *v, verify_work *w, gc_kzg_ret *status, const kzg_cell_batch *batches,
                          size_t nb) {
    size_t e = 0, c = 0;
    for (size_t b = 0; b < nb; b++) {
        const kzg_cell_batch *x = &batches[b];
        if (status[b] || !x->num_cells) continue;
        w->enc_off[b] = e, w->cidx_off[b] = c;
        w->u[b] = kzg_dedup_commitments(w->enc + e * G1_BYTES, w->cidx + c, x->commitments, x->num_cells);
        memcpy(w->enc + (e + w->u[b]) * G1_BYTES, x->proofs, x->num_cells * G1_BYTES);
        e += w->u[b] + x->num_cells, c += x->num_cells;
    }
    if (e == 0) return 0;
    if (kzg_verifier_decode(v, w->enc, (uint32_t)e, w->dec, w->err)) return -1;
    for (size_t b = 0; b < nb; b++) {
        if (status[b] || !batches[b].num_cells) continue;
        for (size_t i = 0; i < w->u[b] + batches[b].num_cells; i++)
            if (w->err[w->enc_off[b] + i] != GC_G1_OK) status[b] = GC_KZG_BADARGS;
    }
    return 0;
}

/* The live batches' scalars, each at the place it would have if every batch were valid
 * (w->sc from term slot[b]), computed on several threads: batches are independent, and a
 * call of one batch a blob has as many as a node samples. */
typedef struct {
    const verify_work *w;
    gc_kzg_ret *status;
    const kzg_cell_batch *batches;
    const size_t *slot;
    size_t nb;
    atomic_size_t next;
} scalars_job;

static void *scalars_worker(void *arg) {
    scalars_job *j = arg;
    for (size_t b; (b = atomic_fetch_add(&j->next, 1)) < j->nb;) {
        const kzg_cell_batch *x = &j->batches[b];
        if (j->status[b] || !x->num_cells) continue;
        const verify_work *w = j->w;
        size_t n = x->num_cells, u = w->u[b], t = j->slot[b];
        if (kzg_cell_batch_scalars_but_interpolant(w->sc + 8 * t, w->sc + 8 * (t + n),
                                                   w->enc + w->enc_off[b] * G1_BYTES, u, w->cidx + w->cidx_off[b],
                                                   x->cell_indices, x->cells, x->proofs, n,
                                                   w->rho ? w->rho + 32 * b : NULL))
            j->status[b] = GC_KZG_BADARGS;
    }
    return NULL;
}

static void batch_scalars(const verify_work *w, gc_kzg_ret *status, const kzg_cell_batch *batches, size_t nb,
                          const size_t *slot) {
    scalars_job j = {w, status, batches, slot, nb, 0};
    size_t threads = kzg_host_threads();
    kzg_run_threads(scalars_worker, &j, nb < threads ? nb : threads);
}

int kzg_verifier_random_scales(uint8_t *be, size_t n) {
    for (size_t got = 0; got < 32 * n;) {
        ssize_t r = getrandom(be + got, 32 * n - got, 0);
        if (r <= 0) return -1;
        got += (size_t)r;
    }
    for (size_t i = 0; i < n; i++) be[32 * i] &= 0x3f, be[32 * i + 31] |= 1;
    return 0;
}

/* With two or more live batches, a random scale for each (w->rho): their checks can then be
 * made as one (cell_checks). Without randomness, no scales and one check a batch. */
static void draw_scales(verify_work *w, const gc_kzg_ret *status, const kzg_cell_batch *batches, size_t nb) {
    size_t live = 0;
    for (size_t b = 0; b < nb; b++) live += !status[b] && batches[b].num_cells;
    if (live < 2 || !(w->rho = malloc(32 * nb))) return;
    if (kzg_verifier_random_scales(w->rho, nb)) free(w->rho), w->rho = NULL;
}

/* Each live batch's scalars (the host's, then the interpolants from the device) and points
 * as MSMs 2m (LL) and 2m + 1 (RL); *m_out the MSMs made. A batch refused for its scalars
 * or an element >= r leaves its slot, and the later ones move down. -1: device error. */
static int place_msms(const kzg_verifier *v, verify_work *w, gc_kzg_ret *status, const kzg_cell_batch *batches,
                      size_t nb, size_t *m_out, double *host_ms) {
    size_t m = 0, t = 0;
    for (size_t b = 0; b < nb; b++) {
        w->slot[b] = t;
        if (!status[b] && batches[b].num_cells)
            t += 2 * batches[b].num_cells + w->u[b] + KZG_FIELD_ELEMENTS_PER_CELL;
    }
    double t0 = gc_clock_ms();
    draw_scales(w, status, batches, nb);
    batch_scalars(w, status, batches, nb, w->slot);
    *host_ms = gc_clock_ms() - t0;
    if (kzg_cell_columns_run(&v->cells, v->dev, batches, nb, status, w->slot, w->u, w->sc, t)) return -1;
    t = 0;
    w->offsets[0] = 0;
    for (size_t b = 0; b < nb; b++) {
        const kzg_cell_batch *x = &batches[b];
        w->msm[b] = SIZE_MAX;
        if (status[b] || !x->num_cells) continue;
        size_t n = x->num_cells, u = w->u[b], terms = n + u + KZG_FIELD_ELEMENTS_PER_CELL + n;
        const gc_g1a *dec = w->dec + w->enc_off[b];
        if (w->slot[b] != t) memmove(w->sc + 8 * t, w->sc + 8 * w->slot[b], terms * 32);
        gc_g1a *p = w->pts + t;
        memcpy(p, dec + u, n * sizeof *p);                                             /* LL: the proofs */
        memcpy(p + n, dec, u * sizeof *p);                                             /* RL: the commitments, */
        memcpy(p + n + u, v->g1_monomial, KZG_FIELD_ELEMENTS_PER_CELL * sizeof *p);    /* [s^i], */
        memcpy(p + n + u + KZG_FIELD_ELEMENTS_PER_CELL, dec + u, n * sizeof *p);       /* the proofs */
        w->msm[b] = 2 * m;
        w->offsets[2 * m + 1] = t + n;
        t += terms;
        w->offsets[2 * m + 2] = t;
        m++;
    }
    *m_out = m;
    return 0;
}

/* Each live batch's check e(RL, [1]) e(-LL, [s^64]) = 1 (its MSMs 2m: LL, 2m + 1: RL). With
 * the batches' scalars randomly scaled (draw_scales), first one check of the sums: it holds
 * when every batch's does, and otherwise, but with probability at most 1/r, fails; only then
 * is each batch checked alone, for its own verdict. */
static int cell_checks(const kzg_verifier *v, verify_work *w, bool *ok, size_t nb, size_t m) {
    gc_g1p *pairs = malloc(2 * m * sizeof *pairs);
    bool *res = malloc(m * sizeof *res);
    int ret = -1;
    if (pairs && res && w->rho && m >= 2) {
        gc_g1p_inf(&pairs[0]), gc_g1p_inf(&pairs[1]);
        for (size_t k = 0; k < m; k++) {
            gc_g1p_add(&pairs[0], &pairs[0], &w->out[2 * k + 1]);
            gc_g1p_add(&pairs[1], &pairs[1], &w->out[2 * k]);
        }
        bool all = false;
        if (!kzg_verifier_pairing_checks(v, &all, pairs, &v->g2_s64, 1) && all) {
            for (size_t b = 0; b < nb; b++)
                if (w->msm[b] != SIZE_MAX) ok[b] = true;
            w->combined = true;
            free(pairs), free(res);
            return 0;
        }
    }
    if (pairs && res) {
        for (size_t k = 0; k < m; k++) pairs[2 * k] = w->out[2 * k + 1], pairs[2 * k + 1] = w->out[2 * k];
        ret = kzg_verifier_pairing_checks(v, res, pairs, &v->g2_s64, m);
        for (size_t b = 0; !ret && b < nb; b++)
            if (w->msm[b] != SIZE_MAX) ok[b] = res[w->msm[b] / 2];
    }
    free(pairs), free(res);
    return ret;
}

gc_kzg_ret kzg_verify_cell_proof_batches(const kzg_verifier *v, bool *ok, gc_kzg_ret *status,
                                         const kzg_cell_batch *batches, size_t nb) {
    return kzg_verify_cell_proof_batches_how(v, ok, status, batches, nb, NULL);
}

gc_kzg_ret kzg_verify_cell_proof_batches_how(const kzg_verifier *v, bool *ok, gc_kzg_ret *status,
                                             const kzg_cell_batch *batches, size_t nb, bool *one_check) {
    if (one_check) *one_check = false;
    if (!v || !v->mod || !ok || !status || (!batches && nb)) return GC_KZG_BADARGS;
    if (nb == 0) return GC_KZG_OK;
    if (nb > KZG_VERIFY_MAX_CELLS) return GC_KZG_BADARGS;
    bool *ok_w = malloc(nb * sizeof *ok_w);
    gc_kzg_ret *st_w = malloc(nb * sizeof *st_w);
    verify_work w = {0};
    size_t cells = ok_w && st_w ? check_batches(ok_w, st_w, batches, nb) : 0;
    gc_kzg_ret ret = ok_w && st_w && cells <= KZG_VERIFY_MAX_CELLS ? GC_KZG_OK : ok_w && st_w ? GC_KZG_BADARGS : GC_KZG_MALLOC;
    double t[5];
    t[0] = gc_clock_ms();
    if (!ret && !work_alloc(&w, nb, cells)) ret = GC_KZG_MALLOC;
    if (!ret && decode_batches(v, &w, st_w, batches, nb)) ret = GC_KZG_DEVICE;
    t[1] = gc_clock_ms();
    size_t m = 0;
    double host_ms = 0;
    if (!ret && place_msms(v, &w, st_w, batches, nb, &m, &host_ms)) ret = GC_KZG_DEVICE;
    t[2] = gc_clock_ms();
    if (!ret && m && kzg_verifier_msms(v, w.pts, w.sc, w.offsets, 2 * m, w.out)) ret = GC_KZG_DEVICE;
    t[3] = gc_clock_ms();
    if (!ret && m && cell_checks(v, &w, ok_w, nb, m)) ret = GC_KZG_DEVICE;
    t[4] = gc_clock_ms();
    /* GC_KZG_TRACE: where a call's time went (docs/kzg.md) */
    if (getenv("GC_KZG_TRACE"))
        fprintf(stderr, "gc_kzg verify cells: %zu batches, %zu cells: decode %.2f ms, scalars %.2f ms (host %.2f, "
                        "interpolants on the device %.2f), MSMs %.2f ms, pairing checks %.2f ms (%s)\n", nb, cells,
                t[1] - t[0], t[2] - t[1], host_ms, t[2] - t[1] - host_ms, t[3] - t[2], t[4] - t[3],
                w.combined ? "one combined, host" : m < v->device_checks_min ? "host" : "device");
    if (one_check) *one_check = w.combined;
    if (!ret) {
        memcpy(ok, ok_w, nb * sizeof *ok);
        memcpy(status, st_w, nb * sizeof *status);
    }
    work_free(&w);
    free(ok_w), free(st_w);
    return ret;
}

gc_kzg_ret kzg_verify_cell_proof_batch(const kzg_verifier *v, bool *ok, const uint8_t *commitments,
                                       const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs,
                                       size_t n) {
    if (!ok) return GC_KZG_BADARGS;
    *ok = false;
    kzg_cell_batch b = {commitments, cell_indices, cells, proofs, n};
    gc_kzg_ret status = GC_KZG_OK, ret = kzg_verify_cell_proof_batches(v, ok, &status, &b, 1);
    if (ret) *ok = false;
    return ret ? ret : status;
}
