/* SPDX-License-Identifier: Apache-2.0 */
/* setup.c — loading and validating the KZG trusted setup (gc_kzg_setup_* of
 * gpucheck/gc_kzg.h; the struct is in crypto/kzg/setup/setup.h).
 *
 * Two passes. The first, serial and cheap, reads the text: the two count lines, then one
 * hex encoding per line, 96 digits (G1) or 192 (G2), into bytes; it hashes those bytes
 * for the digest. Any error names the first offending line. The second decompresses
 * every point (the square root that also shows it is on its curve) and checks its
 * subgroup, on a pool of threads: about 1,700 Fp products per G1 point (Scott's
 * endomorphism test, crypto/bls12_381/subgroup.gc) and [r]Q = O for the 65 G2 points.
 * Threads claim chunks of points in file order and stop claiming past the earliest
 * failure found, so the error reported is the first bad point in file order, whatever
 * the number of threads. (A text error anywhere is reported before any point error:
 * pass 1 runs to the end first.)
 *
 * The built-in setup is TRUSTED after a digest check, not re-validated at each load:
 * it is a constant of the library (crypto/kzg/trusted_setup.txt, the Ethereum ceremony's
 * output), and its digest is pinned (GC_KZG_DEFAULT_SETUP_DIGEST), so a load checks that
 * the embedded bytes are that setup and then only decompresses (which still proves every
 * point lies on its curve); the subgroup checks, two thirds of the work, are skipped.
 * tests/test_kzg_setup.c validates the same bytes fully (through the buffer and file
 * loaders) and checks that they load to the identical points. Files and buffers from
 * callers are always validated fully. */
#include "crypto/kzg/setup/setup.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/hex.h"
#include "crypto/bls12_381/pairing.gc"
#include "device/sha256.h"

#define N_G1 GC_KZG_SETUP_G1_POINTS
#define N_G2 GC_KZG_SETUP_G2_POINTS
#define N_POINTS (2 * N_G1 + N_G2)
#define FIRST_POINT_LINE 3 /* lines 1 and 2 hold the counts */
#define ENC_BYTES (2 * N_G1 * GC_G1_COMPRESSED_BYTES + N_G2 * GC_G2_COMPRESSED_BYTES)
#define MAX_FILE_BYTES (16u << 20) /* a setup is 807 KB; refuse to read without bound */
#define MAX_THREADS 16
#define G1_CHUNK 16 /* G1 points per claim; G2 points (6x the work each) go one by one */

/* The points in file order: G1 Lagrange, G2, G1 monomial. */
enum { KIND_G1_LAGRANGE, KIND_G2, KIND_G1_MONOMIAL };

static int item_kind(size_t i) {
    return i < N_G1 ? KIND_G1_LAGRANGE : i < N_G1 + N_G2 ? KIND_G2 : KIND_G1_MONOMIAL;
}

/* Offset of item i's bytes in the decoded buffer. */
static size_t item_offset(size_t i) {
    if (i < N_G1) return i * GC_G1_COMPRESSED_BYTES;
    if (i < N_G1 + N_G2) return N_G1 * GC_G1_COMPRESSED_BYTES + (i - N_G1) * GC_G2_COMPRESSED_BYTES;
    return N_G1 * GC_G1_COMPRESSED_BYTES + N_G2 * GC_G2_COMPRESSED_BYTES +
           (i - N_G1 - N_G2) * GC_G1_COMPRESSED_BYTES;
}

static void set_err(char *err, size_t err_len, const char *fmt, ...) {
    if (!err || err_len == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
}

static int is_trailing_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* ---- pass 1: the text ------------------------------------------------------------ */

typedef struct {
    const unsigned char *p, *end;
    size_t line; /* number of the line last returned, 1-based */
} line_reader;

/* The next line without its '\n' and trailing spaces, tabs and CRs; 0 at the end of the
 * text (a final newline ends the last line, it does not start an empty one). */
static int next_line(line_reader *r, const unsigned char **s, size_t *n) {
    if (r->p >= r->end) return 0;
    const unsigned char *start = r->p;
    const unsigned char *nl = memchr(start, '\n', (size_t)(r->end - start));
    const unsigned char *stop = nl ? nl : r->end;
    r->p = nl ? nl + 1 : r->end;
    while (stop > start && is_trailing_space(stop[-1])) stop--;
    r->line++;
    *s = start;
    *n = (size_t)(stop - start);
    return 1;
}

static const char *item_name(int kind) {
    return kind == KIND_G1_LAGRANGE ? "a G1 Lagrange point"
           : kind == KIND_G2        ? "a G2 point"
                                    : "a G1 monomial point";
}

/* Reads counts and hex into enc (ENC_BYTES). GC_KZG_OK or GC_KZG_SETUP with err set. */
static gc_kzg_ret parse_text(unsigned char *enc, const unsigned char *text, size_t len, char *err, size_t err_len) {
    line_reader r = {text, text + len, 0};
    const unsigned char *s;
    size_t n;
    static const char *const counts[2] = {"4096", "65"};
    static const char *const what[2] = {"G1", "G2"};
    for (int c = 0; c < 2; c++) {
        if (!next_line(&r, &s, &n)) {
            set_err(err, err_len, "line %zu: the text ends early: expected the number of %s points, %s",
                    r.line + 1, what[c], counts[c]);
            return GC_KZG_SETUP;
        }
        if (n != strlen(counts[c]) || memcmp(s, counts[c], n) != 0) {
            set_err(err, err_len, "line %zu: expected the number of %s points, %s", r.line, what[c], counts[c]);
            return GC_KZG_SETUP;
        }
    }
    for (size_t i = 0; i < N_POINTS; i++) {
        int kind = item_kind(i);
        size_t bytes = kind == KIND_G2 ? GC_G2_COMPRESSED_BYTES : GC_G1_COMPRESSED_BYTES;
        if (!next_line(&r, &s, &n)) {
            set_err(err, err_len, "line %zu: the text ends early: expected %s (4096 G1, 65 G2 and 4096 G1 "
                    "points follow the counts)", r.line + 1, item_name(kind));
            return GC_KZG_SETUP;
        }
        unsigned char *out = enc + item_offset(i);
        /* The first bad digit among the first 2 * bytes (the length is checked next). */
        size_t digits = n < 2 * bytes ? n : 2 * bytes, bad = gc_hex_decode(out, (const char *)s, digits / 2);
        if (bad == digits - digits % 2) bad = digits % 2 && gc_hex_digit(s[digits - 1]) < 0 ? digits - 1 : digits;
        if (bad < digits) {
            set_err(err, err_len, "line %zu: bad hex digit at column %zu", r.line, bad + 1);
            return GC_KZG_SETUP;
        }
        if (n != 2 * bytes) {
            set_err(err, err_len, "line %zu: expected %zu hex digits (%s, compressed), found %zu", r.line,
                    2 * bytes, item_name(kind), n);
            return GC_KZG_SETUP;
        }
    }
    /* after the last point: whitespace only */
    for (const unsigned char *p = r.p; p < r.end; p++) {
        if (*p == '\n') {
            r.line++;
        } else if (!is_trailing_space(*p)) {
            set_err(err, err_len, "line %zu: unexpected text after the last point", r.line + 1);
            return GC_KZG_SETUP;
        }
    }
    return GC_KZG_OK;
}

/* ---- pass 2: the points, on threads ---------------------------------------------- */

typedef struct {
    gc_kzg_setup *setup;
    const unsigned char *enc;
    int check_subgroups;
    pthread_mutex_t lock;
    size_t next;        /* first unclaimed point */
    size_t first_error; /* earliest failing point (N_POINTS: none) */
    int error_code;     /* its GC_G1_ERR_* / GC_G2_ERR_* */
} point_work;

/* Decompress point i into the setup; 0 or a GC_G1_ERR_* / GC_G2_ERR_* code (same values). */
static int check_point(point_work *w, size_t i) {
    const unsigned char *in = w->enc + item_offset(i);
    int kind = item_kind(i);
    if (kind == KIND_G2) {
        gc_g2a *a = &w->setup->g2_monomial[i - N_G1];
        return gc_g2a_decompress(a, in, w->check_subgroups);
    }
    gc_g1a *a = kind == KIND_G1_LAGRANGE ? &w->setup->g1_lagrange[i] : &w->setup->g1_monomial[i - N_G1 - N_G2];
    int rc = gc_g1a_decompress(a, in, 0);
    if (rc == GC_G1_OK && w->check_subgroups) {
        gc_g1p p;
        gc_g1p_from_affine(&p, a);
        if (!gc_g1p_in_subgroup_endo(&p)) rc = GC_G1_ERR_NOT_IN_SUBGROUP;
    }
    return rc;
}

static void *point_worker(void *arg) {
    point_work *w = arg;
    for (;;) {
        pthread_mutex_lock(&w->lock);
        size_t start = w->next, stop = w->first_error;
        if (start >= stop) {
            pthread_mutex_unlock(&w->lock);
            return NULL;
        }
        size_t end;
        if (item_kind(start) == KIND_G2) end = start + 1;
        else if (start < N_G1) end = start + G1_CHUNK < N_G1 ? start + G1_CHUNK : N_G1;
        else end = start + G1_CHUNK < N_POINTS ? start + G1_CHUNK : N_POINTS;
        w->next = end;
        pthread_mutex_unlock(&w->lock);
        for (size_t i = start; i < end; i++) {
            int rc = check_point(w, i);
            if (rc != 0) {
                pthread_mutex_lock(&w->lock);
                if (i < w->first_error) {
                    w->first_error = i;
                    w->error_code = rc;
                }
                pthread_mutex_unlock(&w->lock);
                break; /* later points of this chunk cannot be the earliest failure */
            }
        }
    }
}

static unsigned default_threads(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1) n = 1;
    if (n > MAX_THREADS) n = MAX_THREADS;
    return (unsigned)n;
}

static const char *point_error_text(int code) {
    switch (code) {
    case GC_G1_ERR_FLAGS: return "has bad flag bits (compression bit clear, or a malformed infinity)";
    case GC_G1_ERR_X_RANGE: return "has a coordinate >= p";
    case GC_G1_ERR_NOT_ON_CURVE: return "not on the curve";
    case GC_G1_ERR_NOT_IN_SUBGROUP: return "not in the subgroup";
    default: return "invalid";
    }
}

static gc_kzg_ret check_points(gc_kzg_setup *s, const unsigned char *enc, int check_subgroups, unsigned threads,
                               char *err, size_t err_len) {
    point_work w;
    memset(&w, 0, sizeof w);
    w.setup = s;
    w.enc = enc;
    w.check_subgroups = check_subgroups;
    w.first_error = N_POINTS;
    if (pthread_mutex_init(&w.lock, NULL) != 0) {
        set_err(err, err_len, "pthread_mutex_init failed");
        return GC_KZG_ERROR;
    }
    if (threads == 0) threads = default_threads();
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    pthread_t tid[MAX_THREADS];
    unsigned started = 0;
    for (unsigned t = 1; t < threads; t++) { /* the calling thread is worker 0 */
        if (pthread_create(&tid[started], NULL, point_worker, &w) != 0) break; /* fewer threads: still correct */
        started++;
    }
    point_worker(&w);
    for (unsigned t = 0; t < started; t++) pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&w.lock);
    if (w.first_error == N_POINTS) return GC_KZG_OK;
    size_t i = w.first_error;
    set_err(err, err_len, "line %zu: %s point %s", FIRST_POINT_LINE + i, item_kind(i) == KIND_G2 ? "G2" : "G1",
            point_error_text(w.error_code));
    return GC_KZG_SETUP;
}

/* c-kzg-4844's is_trusted_setup_in_lagrange_form: a setup whose Lagrange section holds
 * monomial points, e(L[1], [1]) = e(L[0], [s]), is refused (c-kzg refuses it too). c-kzg
 * checks nothing more of how the sections agree (it loads a setup with two points
 * swapped in any section), and neither does this loader. */
static gc_kzg_ret check_lagrange_form(const gc_kzg_setup *s, char *err, size_t err_len) {
    gc_g1a p[2] = {s->g1_lagrange[1], s->g1_lagrange[0]};
    gc_g2a q[2] = {s->g2_monomial[0], s->g2_monomial[1]};
    gc_g1p t;
    gc_g1p_from_affine(&t, &p[1]);
    gc_g1p_neg(&t, &t);
    gc_g1p_to_affine(&p[1], &t);
    if (gc_bls_pairing_check(p, q, 2) != 1) return GC_KZG_OK;
    set_err(err, err_len, "the G1 Lagrange section holds monomial points (e(L[1], [1]) = e(L[0], [s]))");
    return GC_KZG_SETUP;
}

/* ---- loading --------------------------------------------------------------------- */

gc_kzg_ret gc_kzg_setup_load_text(gc_kzg_setup **out, const void *text, size_t len, int check_subgroups,
                                  unsigned threads, const char *expect_digest, char *err, size_t err_len) {
    gc_kzg_ret ret;
    gc_kzg_setup *s = NULL;
    unsigned char *enc = NULL;
    if (err && err_len) err[0] = '\0';
    if (out) *out = NULL;
    if (!out || (!text && len != 0)) {
        set_err(err, err_len, "NULL argument");
        return GC_KZG_BADARGS;
    }
    enc = malloc(ENC_BYTES);
    s = calloc(1, sizeof *s);
    if (!enc || !s) {
        set_err(err, err_len, "out of memory for the setup");
        ret = GC_KZG_MALLOC;
        goto out;
    }
    ret = parse_text(enc, text ? text : "", len, err, err_len);
    if (ret != GC_KZG_OK) goto out;

    /* The points are validated in pass 2 and every valid point has exactly one encoding
     * (the flags are fixed by the point, x < p is enforced), so these bytes are the
     * canonical encodings the digest is defined on. */
    uint8_t md[32];
    gc_sha256_digest(enc, ENC_BYTES, md);
    for (int i = 0; i < 32; i++) snprintf(s->digest + 2 * i, 3, "%02x", md[i]);
    if (expect_digest && strcmp(s->digest, expect_digest) != 0) {
        set_err(err, err_len, "the built-in setup is corrupted: digest %s, expected %s", s->digest, expect_digest);
        ret = GC_KZG_ERROR;
        goto out;
    }

    ret = check_points(s, enc, check_subgroups, threads, err, err_len);
    if (ret == GC_KZG_OK && check_subgroups) ret = check_lagrange_form(s, err, err_len);
out:
    free(enc);
    if (ret == GC_KZG_OK) *out = s;
    else free(s);
    return ret;
}

gc_kzg_ret gc_kzg_setup_load_buffer(gc_kzg_setup **out, const void *text, size_t len, char *err, size_t err_len) {
    if (!text) {
        if (out) *out = NULL;
        set_err(err, err_len, "NULL argument");
        return GC_KZG_BADARGS;
    }
    return gc_kzg_setup_load_text(out, text, len, 1, 0, NULL, err, err_len);
}

gc_kzg_ret gc_kzg_setup_load_default(gc_kzg_setup **out, char *err, size_t err_len) {
    /* Trusted after the digest check: see the comment at the top of this file. */
    return gc_kzg_setup_load_text(out, gc_kzg_default_setup_text, gc_kzg_default_setup_len, 0, 0,
                                  GC_KZG_DEFAULT_SETUP_DIGEST, err, err_len);
}

gc_kzg_ret gc_kzg_setup_load_file(gc_kzg_setup **out, const char *path, char *err, size_t err_len) {
    gc_kzg_ret ret;
    FILE *f = NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    if (err && err_len) err[0] = '\0';
    if (out) *out = NULL;
    if (!out || !path) {
        set_err(err, err_len, "NULL argument");
        return GC_KZG_BADARGS;
    }
    f = fopen(path, "rb");
    if (!f) {
        set_err(err, err_len, "%s: %s", path, strerror(errno));
        return GC_KZG_IO;
    }
    for (;;) {
        if (len == cap) {
            /* The buffer grows to the limit and one byte past it: a file that fills it is
             * larger than the limit, whatever its size. */
            if (cap > MAX_FILE_BYTES) {
                set_err(err, err_len, "%s: larger than %u bytes (16 MiB), not a trusted setup", path,
                        MAX_FILE_BYTES);
                ret = GC_KZG_SETUP;
                goto out;
            }
            size_t ncap = cap ? 2 * cap : (1u << 20);
            if (ncap > MAX_FILE_BYTES) ncap = (size_t)MAX_FILE_BYTES + 1;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                set_err(err, err_len, "out of memory reading %s", path);
                ret = GC_KZG_MALLOC;
                goto out;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        set_err(err, err_len, "%s: read error: %s", path, strerror(errno));
        ret = GC_KZG_IO;
        goto out;
    }
    ret = gc_kzg_setup_load_text(out, buf, len, 1, 0, NULL, err, err_len);
out:
    if (f) fclose(f);
    free(buf);
    return ret;
}

void gc_kzg_setup_free(gc_kzg_setup *s) { free(s); }

const char *gc_kzg_setup_digest(const gc_kzg_setup *s) { return s ? s->digest : ""; }
