/* SPDX-License-Identifier: Apache-2.0 */
/* fk20_common.c — the fk20 suite's known-answer files, contexts and comparisons. */
#include "suites/fk20/fk20_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hex.h"
#include "crypto/kzg/setup/setup.h"
#include "device/sha256.h"

#ifndef GC_KZG_VECTORS_DIR
#define GC_KZG_VECTORS_DIR "crypto/kzg/vectors"
#endif

const char *fk20_vectors_dir(void) {
    const char *env = getenv("GPUCHECK_KZG_VECTORS");
    return env && *env ? env : GC_KZG_VECTORS_DIR;
}

static FILE *open_vectors(gc_test_ctx *ctx, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", fk20_vectors_dir(), name);
    FILE *f = fopen(path, "r");
    if (!f) gc_ctx_skip(ctx, "known answers %s not found (set GPUCHECK_KZG_VECTORS)", path);
    return f;
}

/* A line of "key [index [index]] hex": hex decoded into out (n bytes); 0 on a bad line. */
static int hex_field(const char *hex, uint8_t *out, size_t n) {
    if (hex[0] == '0' && hex[1] == 'x') hex += 2;
    size_t len = strcspn(hex, " \r\n");
    return len == 2 * n && gc_hex_decode(out, hex, n) == 2 * n;
}

static int fr_field(const char *hex, gc_fr *out) {
    uint8_t be[32];
    return hex_field(hex, be, 32) && gc_fr_from_bytes(out, be);
}

static int g1_field(const char *hex, gc_g1p *out) {
    uint8_t c[48];
    gc_g1a a;
    if (!hex_field(hex, c, 48) || gc_g1a_decompress(&a, c, 0) != GC_G1_OK) return 0;
    gc_g1p_from_affine(out, &a);
    return 1;
}

/* The next line of f into a growing buffer; NULL at the end. */
static char *next_line(FILE *f, char **buf, size_t *cap) {
    ssize_t n = getline(buf, cap, f);
    return n < 0 ? NULL : *buf;
}

gc_status fk20_load_ckzg_cases(gc_test_ctx *ctx, fk20_ckzg_case **out, size_t *n) {
    static const char *const files[] = {"ckzg_cells.txt", "ckzg_invalid.txt"};
    size_t cap_cases = 16;
    fk20_ckzg_case *cases = gc_ctx_malloc(ctx, cap_cases * sizeof *cases);
    if (!cases) return GC_ERR_NO_MEMORY;
    *n = 0;
    char *line = NULL;
    size_t cap = 0;
    gc_status st = GC_OK;
    for (int f = 0; f < 2 && !st; f++) {
        FILE *fp = open_vectors(ctx, files[f]);
        if (!fp) {
            st = GC_ERR_NOT_FOUND;
            break;
        }
        fk20_ckzg_case *c = NULL;
        unsigned idx;
        while (next_line(fp, &line, &cap)) {
            if (!strncmp(line, "case ", 5)) {
                if (*n == cap_cases) { st = GC_ERR_PARSE; break; }
                c = &cases[(*n)++];
                snprintf(c->name, sizeof c->name, "%.*s", (int)strcspn(line + 5, "\r\n"), line + 5);
                c->invalid = f == 1;
                if (!(c->blob = gc_ctx_malloc(ctx, GC_KZG_BYTES_PER_BLOB))) { st = GC_ERR_NO_MEMORY; break; }
            } else if (!c || line[0] == '#' || !strncmp(line, "end", 3) || !strncmp(line, "error", 5)) {
                continue;
            } else if (!strncmp(line, "blob ", 5)) {
                if (!hex_field(line + 5, c->blob, GC_KZG_BYTES_PER_BLOB)) st = GC_ERR_PARSE;
            } else if (!strncmp(line, "commitment ", 11)) {
                if (!hex_field(line + 11, c->commitment, 48)) st = GC_ERR_PARSE;
            } else if (sscanf(line, "proof %u", &idx) == 1 && idx < 128) {
                if (!hex_field(strchr(line + 6, ' ') + 1, c->proofs[idx], 48)) st = GC_ERR_PARSE;
            } else if (sscanf(line, "cell_sha256 %u", &idx) == 1 && idx < 128) {
                if (!hex_field(strchr(line + 12, ' ') + 1, c->cell_sha256[idx], 32)) st = GC_ERR_PARSE;
            }
            if (st) break;
        }
        fclose(fp);
    }
    free(line);
    if (st == GC_ERR_PARSE) gc_ctx_error(ctx, "malformed known-answer file in %s", fk20_vectors_dir());
    *out = cases;
    return st;
}

gc_status fk20_load_stage_vectors(gc_test_ctx *ctx, unsigned l, int with_x_ext_fft, fk20_stage_vectors *v) {
    char name[64];
    snprintf(name, sizeof name, "fk20_stages_L%u.txt", l);
    memset(v, 0, sizeof *v);
    v->l = l;
    v->two_r = 2 * 4096 / l;
    size_t lr = (size_t)l * v->two_r;
    v->poly = gc_ctx_malloc(ctx, 4096 * sizeof(gc_fr));
    v->circulant_fft = gc_ctx_malloc(ctx, lr * sizeof(gc_fr));
    v->x_ext_fft = gc_ctx_malloc(ctx, lr * sizeof(gc_g1p));
    v->u = gc_ctx_malloc(ctx, v->two_r * sizeof(gc_g1p));
    v->v = gc_ctx_malloc(ctx, v->two_r / 2 * sizeof(gc_g1p));
    v->proof_fft = gc_ctx_malloc(ctx, v->two_r * sizeof(gc_g1p));
    v->proofs = gc_ctx_malloc(ctx, v->two_r * 48);
    if (!v->poly || !v->circulant_fft || !v->x_ext_fft || !v->u || !v->v || !v->proof_fft || !v->proofs)
        return GC_ERR_NO_MEMORY;
    /* the blob (and for L = 64 the cell digests) of case random_0 */
    fk20_ckzg_case *cases;
    size_t n_cases;
    gc_status st = fk20_load_ckzg_cases(ctx, &cases, &n_cases);
    if (st) return st;
    for (size_t i = 0; i < n_cases; i++)
        if (!strcmp(cases[i].name, "random_0")) {
            v->blob = cases[i].blob;
            memcpy(v->cell_sha256, cases[i].cell_sha256, sizeof v->cell_sha256);
        }
    FILE *f = open_vectors(ctx, name);
    if (!f) return GC_ERR_NOT_FOUND;
    if (!v->blob) {
        fclose(f);
        gc_ctx_error(ctx, "case random_0 missing from ckzg_cells.txt");
        return GC_ERR_PARSE;
    }
    char *line = NULL;
    size_t cap = 0, counts[8] = {0};
    unsigned a, b;
    int off, ok = 1;
    while (ok && next_line(f, &line, &cap)) {
        if (sscanf(line, "poly %u %n", &a, &off) == 1 && a < 4096) ok = fr_field(line + off, &v->poly[a]), counts[0]++;
        else if (sscanf(line, "circulant_fft %u %u %n", &a, &b, &off) == 2 && a < l && b < v->two_r)
            ok = fr_field(line + off, &v->circulant_fft[(size_t)a * v->two_r + b]), counts[1]++;
        else if (sscanf(line, "x_ext_fft %u %u %n", &a, &b, &off) == 2 && a < v->two_r && b < l)
            ok = !with_x_ext_fft || g1_field(line + off, &v->x_ext_fft[(size_t)b * v->two_r + a]), counts[2]++;
        else if (sscanf(line, "u %u %n", &a, &off) == 1 && a < v->two_r) ok = g1_field(line + off, &v->u[a]), counts[3]++;
        else if (sscanf(line, "v %u %n", &a, &off) == 1 && a < v->two_r / 2) ok = g1_field(line + off, &v->v[a]), counts[4]++;
        else if (sscanf(line, "proof_fft %u %n", &a, &off) == 1 && a < v->two_r)
            ok = g1_field(line + off, &v->proof_fft[a]), counts[5]++;
        else if (sscanf(line, "proof %u %n", &a, &off) == 1 && a < v->two_r)
            ok = hex_field(line + off, v->proofs + (size_t)a * 48, 48), counts[6]++;
        else if (!strncmp(line, "commitment ", 11)) ok = hex_field(line + 11, v->commitment, 48), counts[7]++;
    }
    free(line);
    fclose(f);
    size_t want[8] = {4096, lr, lr, v->two_r, v->two_r / 2, v->two_r, v->two_r, 1};
    if (!ok || memcmp(counts, want, sizeof want)) {
        gc_ctx_error(ctx, "%s: malformed or incomplete", name);
        return GC_ERR_PARSE;
    }
    return GC_OK;
}

int fk20_yaml_hex(const char **p, uint8_t *out, size_t n) {
    const char *q = strstr(*p, "'0x");
    if (!q) return 0;
    q += 3;
    size_t avail = strnlen(q, 2 * n + 1);
    *p = q + avail;
    if (avail < 2 * n + 1 || q[2 * n] != '\'') return 0; /* too short, or too long */
    *p = q + 2 * n;
    return gc_hex_decode(out, q, n) == 2 * n;
}

gc_status fk20_load_consensus_case(gc_test_ctx *ctx, const char *name, fk20_consensus_case *c) {
    char path[1400];
    snprintf(path, sizeof path, "%s/eip7594/compute_cells_and_kzg_proofs/%s.yaml", fk20_vectors_dir(), name);
    memset(c, 0, sizeof *c);
    FILE *f = fopen(path, "r");
    if (!f) {
        gc_ctx_skip(ctx, "consensus vector %s not found (set GPUCHECK_KZG_VECTORS)", path);
        return GC_ERR_NOT_FOUND;
    }
    char *text = NULL;
    size_t cap = 0;
    ssize_t len = getdelim(&text, &cap, '\0', f);
    fclose(f);
    c->blob = gc_ctx_malloc(ctx, GC_KZG_BYTES_PER_BLOB);
    c->cells = gc_ctx_malloc(ctx, 128 * sizeof *c->cells);
    c->proofs = gc_ctx_malloc(ctx, 128 * sizeof *c->proofs);
    if (!c->blob || !c->cells || !c->proofs) {
        free(text);
        return GC_ERR_NO_MEMORY;
    }
    const char *p = text, *out = len > 0 ? strstr(text, "output:") : NULL;
    int ok = out && fk20_yaml_hex(&p, c->blob, GC_KZG_BYTES_PER_BLOB) && p <= out;
    c->valid = ok && !strstr(out, "output: null");
    p = out;
    for (int i = 0; ok && c->valid && i < 128; i++) ok = fk20_yaml_hex(&p, c->cells[i], 2048);
    for (int i = 0; ok && c->valid && i < 128; i++) ok = fk20_yaml_hex(&p, c->proofs[i], 48);
    free(text);
    if (!ok) {
        gc_ctx_error(ctx, "%s: malformed, or not a blob of 131072 bytes", path);
        return GC_ERR_PARSE;
    }
    return GC_OK;
}

void fk20_teardown(gc_test_ctx *ctx) {
    fk20_owned *o = gc_ctx_state(ctx);
    if (!o) return;
    gc_kzg_ctx_free(o->kc);
    gc_kzg_setup_free(o->setup);
    o->kc = NULL;
    o->setup = NULL;
}

/* --param fk20.*: the G1 map's knobs (fused FFT stages, queues, teams, Straus). */
static gc_status tune_g1_map(gc_test_ctx *ctx, gc_kzg_ctx *kc) {
    gc_kzg_ret r;
    uint64_t pair_points = UINT64_MAX; /* --param fk20.g1_pair_max_points; untouched when not given */
    gc_ctx_param_uint(ctx, "g1_pair_max_points", &pair_points);
    if (pair_points != UINT64_MAX && (r = kzg_ctx_set_g1_pair_max_points(kc, (size_t)pair_points))) {
        gc_ctx_error(ctx, "fused G1 stages up to %llu points: %s", (unsigned long long)pair_points, gc_kzg_ret_name(r));
        return GC_ERR_DEVICE_MEMORY;
    }
    uint64_t queues = 2; /* --param fk20.queues: 1 runs the cells and commitments on queue 0 too */
    gc_ctx_param_uint(ctx, "queues", &queues);
    kzg_ctx_set_two_queues(kc, queues == 2);
    /* --param fk20.g1_team, .conv_team, .sum_team: work-items per operation of the launches
     * that can run by teams, 1, 2 or 4; 0 by size */
    for (unsigned site = 0; site < KZG_TEAM_SITES; site++) {
        uint64_t lanes = 0;
        gc_ctx_param_uint(ctx, fk20_team_params[site], &lanes);
        if (lanes == 3) {
            gc_ctx_error(ctx, "fk20.%s: 1, 2 or 4 work-items per operation (0: by size), not 3", fk20_team_params[site]);
            return GC_ERR_PARSE;
        }
        kzg_ctx_set_team(kc, (kzg_team_site)site, (unsigned)lanes);
    }
    uint64_t straus = 0; /* --param fk20.g1_straus_min_batch: passes of at least this many blobs take
                          * the batches' convolution instead of the G1 FFTs (0: the default) */
    if (gc_ctx_param_uint(ctx, "g1_straus_min_batch", &straus)) kzg_ctx_set_straus_min_batch(kc, (size_t)straus);
    uint64_t taps = 0; /* --param fk20.g1_straus_taps: its taps a work-item */
    gc_ctx_param_uint(ctx, "g1_straus_taps", &taps);
    if (taps && (taps < 2 || taps > 4) && taps != 8) {
        gc_ctx_error(ctx, "fk20.g1_straus_taps: 2, 3, 4 or 8 taps a work-item (0: by the pass's size), not %llu",
                     (unsigned long long)taps);
        return GC_ERR_PARSE;
    }
    kzg_ctx_set_straus_taps(kc, (unsigned)taps);
    uint64_t levels = 2; /* --param fk20.g1_straus_levels: its row split once, or its cyclic half again */
    gc_ctx_param_uint(ctx, "g1_straus_levels", &levels);
    kzg_ctx_set_straus_levels(kc, (unsigned)levels);
    uint64_t pairing = 1; /* --param fk20.g1_straus_pairing: three taps' block pairing, 0 off, N >= 2 a stride */
    gc_ctx_param_uint(ctx, "g1_straus_pairing", &pairing);
    kzg_ctx_set_straus_pairing(kc, (unsigned)pairing);
    return GC_OK;
}

/* --param fk20.*: the Fr FFTs' and the MSMs' knobs. */
static gc_status tune_msm(gc_test_ctx *ctx, gc_kzg_ctx *kc) {
    uint64_t fft_blocks = 1; /* --param fk20.fr_fft_blocks: 0 takes the Fr FFTs' fallback path */
    gc_ctx_param_uint(ctx, "fr_fft_blocks", &fft_blocks);
    kzg_ctx_set_fr_fft_blocks(kc, fft_blocks != 0);
    uint64_t parts = 0; /* --param fk20.msm_parts: the comb's column parts of one-term work-items */
    gc_ctx_param_uint(ctx, "msm_parts", &parts);
    kzg_ctx_set_msm_parts(kc, (unsigned)parts);
    uint64_t group = 0; /* --param fk20.conv_group: taps a work-item of the G1 convolution's products (0: by size) */
    gc_ctx_param_uint(ctx, "conv_group", &group);
    kzg_ctx_set_conv_group(kc, (unsigned)group);
    uint64_t affine = 0; /* --param fk20.msm_affine: the comb MSMs by batched affine additions (unset: by size) */
    if (gc_ctx_param_uint(ctx, "msm_affine", &affine))
        kzg_ctx_set_msm_affine(kc, affine ? KZG_MSM_AFFINE_ALWAYS : KZG_MSM_AFFINE_NEVER);
    uint64_t width = 0; /* --param fk20.sum_tree_width: 32 or 64 work-items an output of the small sums' trees */
    gc_ctx_param_uint(ctx, "sum_tree_width", &width);
    if (width && width != KZG_SUM_TREE_WG / 2 && width != KZG_SUM_TREE_WG) {
        gc_ctx_error(ctx, "fk20.sum_tree_width: %u or %u work-items per output (0: by size), not %llu",
                     KZG_SUM_TREE_WG / 2, KZG_SUM_TREE_WG, (unsigned long long)width);
        return GC_ERR_PARSE;
    }
    kzg_ctx_set_sum_tree_width(kc, (unsigned)width);
    uint64_t groups = 1; /* --param fk20.sum_tree_groups=0: many outputs' sums by g1_sum_chunks' fan-in launches */
    gc_ctx_param_uint(ctx, "sum_tree_groups", &groups);
    kzg_ctx_set_sum_tree_groups(kc, groups != 0);
    uint64_t sm_warps = 0; /* --param fk20.team_sm_warps: the team kernels' register budget */
    gc_ctx_param_uint(ctx, "team_sm_warps", &sm_warps);
    if (sm_warps && sm_warps != KZG_TEAM_SM_WARPS_FULL && sm_warps != KZG_TEAM_SM_WARPS_CAPPED) {
        gc_ctx_error(ctx, "fk20.team_sm_warps: %u or %u warps an SM (0: by the launch's size), not %llu",
                     KZG_TEAM_SM_WARPS_FULL, KZG_TEAM_SM_WARPS_CAPPED, (unsigned long long)sm_warps);
        return GC_ERR_PARSE;
    }
    kzg_ctx_set_team_sm_warps(kc, (unsigned)sm_warps);
    return GC_OK;
}

gc_status fk20_ctx(gc_test_ctx *ctx, fk20_owned *o, unsigned l, size_t batch, unsigned g1_conv_default,
                   const kzg_ctx_overrides *hooks) {
    char err[512];
    gc_kzg_ret r = gc_kzg_setup_load_default(&o->setup, err, sizeof err);
    if (r) {
        gc_ctx_error(ctx, "default setup: %s: %s", gc_kzg_ret_name(r), err);
        return GC_ERR_PARSE;
    }
    uint64_t teeth = 0, commit_teeth = 0, conv = 0; /* --param fk20.comb_teeth, .commit_teeth, .g1_conv_max_batch (0: never) */
    gc_ctx_param_uint(ctx, "comb_teeth", &teeth);
    gc_ctx_param_uint(ctx, "commit_teeth", &commit_teeth);
    int conv_given = gc_ctx_param_uint(ctx, "g1_conv_max_batch", &conv);
    gc_kzg_options opt = {l, (unsigned)teeth, batch, !conv_given ? g1_conv_default : conv ? (unsigned)conv : GC_KZG_NO_G1_CONV,
                          (unsigned)commit_teeth};
    r = kzg_ctx_create_from_points(&o->kc, gc_ctx_device(ctx), o->setup->g1_monomial, &opt, hooks, err, sizeof err);
    if (r) {
        gc_ctx_error(ctx, "context for L = %u: %s: %s", l, gc_kzg_ret_name(r), err);
        return GC_ERR_DEVICE_MEMORY;
    }
    gc_status st = tune_g1_map(ctx, o->kc);
    if (st || (st = tune_msm(ctx, o->kc))) return st;
    const gc_kzg_ctx_info *in = gc_kzg_ctx_get_info(o->kc);
    gc_ctx_figure(ctx, "precompute_ms", in->precompute_ms, "ms");
    gc_ctx_figure(ctx, "precompute_MB", in->precompute_bytes / 1048576.0, "MB");
    gc_ctx_figure(ctx, "g1_conv_max_batch", in->g1_conv_max_batch, "blobs"); /* 0: the G1 FFTs always */
    return GC_OK;
}

const char *const fk20_team_params[KZG_TEAM_SITES] = {"g1_team", "conv_team", "sum_team"};

void fk20_cell_digests(uint8_t (*out)[32], const uint8_t *cells, size_t n_cells, size_t cell_bytes) {
    for (size_t i = 0; i < n_cells; i++) gc_sha256_digest(cells + i * cell_bytes, cell_bytes, out[i]);
}

gc_status fk20_check_cell_digests(gc_test_ctx *ctx, const char *label, const uint8_t *cells, size_t n_blobs,
                                  const uint8_t (*want)[32]) {
    uint8_t(*got)[32] = gc_ctx_malloc(ctx, n_blobs * 128 * 32), (*all)[32] = gc_ctx_malloc(ctx, n_blobs * 128 * 32);
    if (!got || !all) return GC_ERR_NO_MEMORY;
    for (size_t b = 0; b < n_blobs; b++) {
        fk20_cell_digests(got + b * 128, cells + b * 128 * 2048, 128, 2048);
        memcpy(all + b * 128, want, 128 * 32);
    }
    gc_check_bytes(ctx, label, all, got, n_blobs * 128 * 32);
    return GC_OK;
}

int fk20_eq_fr(const void *expected, const void *got, size_t size) {
    (void)size;
    return gc_fr_is_canonical(got) && gc_fr_eq(expected, got);
}

int fk20_eq_g1p(const void *expected, const void *got, size_t size) {
    (void)size;
    const gc_g1p *e = expected, *g = got;
    if (!gc_fp_is_canonical(&g->x) || !gc_fp_is_canonical(&g->y) || !gc_fp_is_canonical(&g->z)) return 0;
    if (gc_g1p_is_inf(e)) {
        /* the expected infinity must be the canonical (0 : 1 : 0), so that a mangled one
         * (the negative control) is no longer accepted; any (0 : Y : 0) may come back */
        gc_fp one;
        gc_fp_one(&one);
        return gc_fp_is_zero(&e->x) && gc_fp_eq(&e->y, &one) && gc_g1p_is_inf(g) && gc_g1p_is_on_curve(g);
    }
    if (gc_g1p_is_inf(g)) return 0;
    return gc_g1p_eq(e, g);
}

gc_status fk20_kzg_error(gc_test_ctx *ctx, gc_kzg_ctx *kc, gc_kzg_ret r, const char *what) {
    const char *msg;
    gc_status st = gc_kzg_ctx_last_device_status(kc, &msg);
    gc_ctx_error(ctx, "%s: %s: %s", what, gc_kzg_ret_name(r), msg);
    return st ? st : GC_ERR_DRIVER;
}
