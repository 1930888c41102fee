/* SPDX-License-Identifier: Apache-2.0 */
/* pippenger_host.c — the variable-base MSM on the host (pippenger.h): the device's method
 * (pippenger.gc: signed digits, XYZZ buckets, running sums) with a job a (MSM, window),
 * for the verifier's small calls, where one launch's chain of point operations costs more
 * than a few host cores take for the whole sum. */
#include "crypto/kzg/msm/pippenger.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "crypto/kzg/kzg_threads.h"
#include "crypto/kzg/msm/pippenger.gc"
#define HOST_MAX_C 8u /* 128 buckets a job, on the job's stack */

typedef struct {
    const gc_g1a *pts;
    const uint32_t *sc;
    const uint64_t *offsets;
    uint32_t n_msms;
    unsigned c, n_windows;
    int mutant;
    gc_g1p *partials; /* [m * n_windows + w] */
    gc_g1p *out;
    atomic_size_t next_window, next_msm;
} host_msm;

/* partials[m, w] = sum_j j B_j over window w's buckets of MSM m's terms (the kernel's
 * pippenger_buckets for one task of every term). */
static void window_sum(const host_msm *j, uint32_t m, unsigned w) {
    gc_g1xyzz b[1u << (HOST_MAX_C - 1u)];
    unsigned h = 1u << (j->c - 1u);
    for (unsigned k = 0; k < h; k++) gc_g1xyzz_inf(&b[k]);
    for (uint64_t i = j->offsets[m]; i < j->offsets[m + 1]; i++) {
        int d = pippenger_digit(j->sc + 8 * i, w, j->c);
        if (d == 0) continue;
        gc_g1a a = j->pts[i];
        if (d < 0 && j->mutant != 20) gc_fp_neg(&a.y, &a.y);
        gc_g1xyzz_add_affine(&b[(d < 0 ? -d : d) - 1], &b[(d < 0 ? -d : d) - 1], &a);
    }
    gc_g1p running, total, bp;
    gc_g1p_inf(&running);
    gc_g1p_inf(&total);
    for (unsigned k = j->mutant == 21 ? h - 1u : h; k-- > 0;) {
        gc_g1xyzz_to_projective(&bp, &b[k]);
        gc_g1p_add(&running, &running, &bp);
        gc_g1p_add(&total, &total, &running);
    }
    j->partials[(size_t)m * j->n_windows + w] = total;
}

/* out[m] = sum_w 2^(c w) partials[m, w] (the kernel's pippenger_finish) */
static void finish(const host_msm *j, uint32_t m) {
    const gc_g1p *root = j->partials + (size_t)m * j->n_windows;
    gc_g1p acc = root[j->n_windows - 1u];
    for (unsigned w = j->n_windows - 1u; w-- > 0;) {
        for (unsigned i = 0; i < j->c; i++) gc_g1p_dbl(&acc, &acc);
        gc_g1p_add(&acc, &acc, &root[w]);
    }
    j->out[m] = acc;
}

static void *windows_worker(void *arg) {
    host_msm *j = arg;
    size_t total = (size_t)j->n_msms * j->n_windows;
    for (size_t k; (k = atomic_fetch_add(&j->next_window, 1)) < total;)
        window_sum(j, (uint32_t)(k / j->n_windows), (unsigned)(k % j->n_windows));
    return NULL;
}

static void *finish_worker(void *arg) {
    host_msm *j = arg;
    for (size_t m; (m = atomic_fetch_add(&j->next_msm, 1)) < j->n_msms;) finish(j, (uint32_t)m);
    return NULL;
}

/* The window for the longest MSM's n terms: about log2(n) - 2 bits (a window's bucket sums
 * cost 2^c additions against its n), within 3 .. HOST_MAX_C. */
static unsigned host_window(uint64_t n) {
    unsigned lg = 0;
    while (lg < 40 && ((uint64_t)1 << (lg + 1)) <= n) lg++;
    unsigned c = lg > 5 ? lg - 2 : 3;
    return c > HOST_MAX_C ? HOST_MAX_C : c;
}

int kzg_pippenger_host(const void *points, const uint32_t *scalars, const uint64_t *offsets, uint32_t n_msms,
                       unsigned c, size_t threads, int mutant, void *out) {
    if (n_msms == 0) return 0;
    uint64_t longest = 0;
    for (uint32_t m = 0; m < n_msms; m++)
        if (offsets[m + 1] - offsets[m] > longest) longest = offsets[m + 1] - offsets[m];
    if (!c || c > HOST_MAX_C) c = host_window(longest);
    host_msm j = {points, scalars, offsets, n_msms, c, (256u + c - 1u) / c, mutant, NULL, out, 0, 0};
    j.partials = malloc((size_t)n_msms * j.n_windows * sizeof *j.partials);
    if (!j.partials) return -1;
    size_t windows = (size_t)n_msms * j.n_windows;
    kzg_run_threads(windows_worker, &j, threads < windows ? threads : windows);
    kzg_run_threads(finish_worker, &j, threads < n_msms ? threads : n_msms);
    free(j.partials);
    return 0;
}
