/* SPDX-License-Identifier: Apache-2.0 */
/* proof_command.c — `gpucheck kzg recover | compute-proof | blob-proof | verify-proof |
 * verify-blobs`: c-kzg-4844's recover_cells_and_kzg_proofs, compute_kzg_proof,
 * compute_blob_kzg_proof, verify_kzg_proof and verify_blob_kzg_proof_batch for every case
 * of the input (one JSON object a line), as JSON Lines in input order, on one device.
 *
 * Cases gather into batches of --batch; each batch is one gc_kzg call, after which the
 * records of its lines (and of the malformed lines between them) are written, so memory
 * stays one batch whatever the input. A malformed line is its error record without
 * reaching the device; a case the library refuses (its per-case status) is reported the
 * same way; the others are still computed. The context (the device's precomputation) is
 * made on the first well-formed case. Records go through the sink of `kzg cells`
 * (cells_sink.h): whole records, put in place on an error or a signal too. */
#include "cli/kzg/proof_command.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/kzg/cells_sink.h"
#include "cli/kzg/proof_options.h"
#include "device/device_match.h"
#include "gpucheck/gc_device.h"

#define EXIT_REJECTED 1
#define EXIT_USAGE 2
#define MAX_PENDING 4096          /* records held before a batch is full: then it is flushed */

typedef struct {
    size_t index, line_no, slot; /* slot: the case in the batch, or SIZE_MAX (malformed) */
    char message[320];
} pending;

typedef struct {
    const proof_args *a;
    gc_device *dev;
    gc_kzg_setup *setup;
    gc_kzg_ctx *ctx;
    proof_batch batch;
    pending *items;
    size_t n_items, answered, rejected;
    char *rec;
    size_t rec_cap;
} proof_run;

/* The input and the setup must not be the output (both regular files, same inode). */
static int same_file_refused(const proof_args *a) {
    struct stat out, other;
    if (!strcmp(a->out, "-") ? fstat(1, &out) : stat(a->out, &out)) return 0;
    if (!S_ISREG(out.st_mode)) return 0;
    const char *paths[2] = {a->in, a->setup};
    for (int i = 0; i < 2; i++) {
        if (!paths[i] || (!strcmp(paths[i], "-") ? fstat(0, &other) : stat(paths[i], &other))) continue;
        if (S_ISREG(other.st_mode) && other.st_dev == out.st_dev && other.st_ino == out.st_ino)
            return proof_usage_error(a, "%s and the output are the same file: refusing to overwrite it",
                                     i ? "--setup" : "the input");
    }
    return 0;
}

static int load_setup(proof_run *r) {
    char err[600];
    const char *path = r->a->setup;
    gc_kzg_ret ret = path ? gc_kzg_setup_load_file(&r->setup, path, err, sizeof err)
                          : gc_kzg_setup_load_default(&r->setup, err, sizeof err);
    if (ret == GC_KZG_OK) return 1;
    fprintf(stderr, "%s: cannot use the trusted setup %s: %s: %s\n", r->a->prog, path ? path : "(built in)",
            gc_kzg_ret_name(ret), err[0] ? err : gc_kzg_ret_message(ret));
    return 0;
}

static int open_device(proof_run *r) {
    gc_devices_probe();
    size_t idx[2], n = 0;
    gc_status st = r->a->device ? gc_device_find_list(r->a->device, idx, 2, &n) : gc_device_default(&idx[0]);
    if (st == GC_OK && !r->a->device) n = 1;
    if (st != GC_OK) {
        fprintf(stderr, "%s: %s\n", r->a->prog, gc_last_error());
        return 0;
    }
    if (n != 1) {
        fprintf(stderr, "%s: --device '%s' names %zu devices; these commands take one\n", r->a->prog, r->a->device, n);
        return 0;
    }
    st = gc_device_open(idx[0], &r->dev);
    if (st != GC_OK) {
        fprintf(stderr, "%s: cannot open device %s: %s: %s\n", r->a->prog, gc_device_info_at(idx[0])->id,
                gc_status_name(st), gc_last_error());
        return 0;
    }
    return 1;
}

static int make_context(proof_run *r) {
    if (!r->setup && !load_setup(r)) return 0;
    if (r->a->verbose) fprintf(stderr, "%s: precomputing on the device...\n", r->a->prog);
    gc_kzg_options opt = {GC_KZG_EIP7594_CELL_SIZE, 0, r->a->batch, 0, 0};
    if (r->a->kind == PROOF_VERIFY_KZG || r->a->kind == PROOF_VERIFY_BLOBS) /* no fixed-base MSM to table */
        opt = (gc_kzg_options){GC_KZG_EIP7594_CELL_SIZE, GC_KZG_NO_TABLES, 1, GC_KZG_NO_G1_CONV, 0};
    char err[1200];
    gc_kzg_ret ret = gc_kzg_ctx_create(&r->ctx, r->dev, r->setup, &opt, err, sizeof err);
    if (ret == GC_KZG_OK) return 1;
    fprintf(stderr, "%s: cannot set up the KZG context: %s: %s\n", r->a->prog, gc_kzg_ret_name(ret),
            err[0] ? err : gc_kzg_ret_message(ret));
    r->ctx = NULL;
    return 0;
}

static const char *refusal(proof_kind k) {
    switch (k) {
    case PROOF_RECOVER:
        return "c-kzg-4844 refuses these cells: fewer than 64, an index >= 128, indices not strictly ascending, or an "
               "element not below the field's modulus";
    case PROOF_KZG: return "c-kzg-4844 refuses it: an element of the blob or z is not below the field's modulus";
    case PROOF_VERIFY_KZG:
        return "c-kzg-4844 refuses it: z or y is not below the field's modulus, or the commitment or the proof is "
               "not a compressed G1 point of the subgroup";
    case PROOF_VERIFY_BLOBS:
        return "c-kzg-4844 refuses it: an element of a blob is not below the field's modulus, or a commitment or a "
               "proof is not a compressed G1 point of the subgroup";
    default:
        return "c-kzg-4844 refuses it: an element of the blob is not below the field's modulus, or the commitment is "
               "not a compressed G1 point of the subgroup";
    }
}

static int write_record(proof_run *r, size_t len) {
    if (!len) {
        fprintf(stderr, "%s: out of host memory\n", r->a->prog);
        return 0;
    }
    return gc_sink_write(r->rec, len, 1);
}

/* Computes the batch (if any case is in it) and writes every pending record in order. */
static int flush(proof_run *r) {
    proof_batch *b = &r->batch;
    if (b->n) {
        if (!r->ctx && !make_context(r)) return 0;
        gc_kzg_ret ret = proof_batch_run(b, r->ctx);
        if (ret != GC_KZG_OK) {
            const char *msg = NULL;
            gc_kzg_ctx_last_device_status(r->ctx, &msg);
            fprintf(stderr, "%s: the device call failed: %s: %s\n", r->a->prog, gc_kzg_ret_name(ret),
                    msg && *msg ? msg : gc_kzg_ret_message(ret));
            return 0;
        }
    }
    for (size_t i = 0; i < r->n_items; i++) {
        pending *p = &r->items[i];
        size_t len;
        if (p->slot != SIZE_MAX && b->status[p->slot] == GC_KZG_OK) {
            len = proof_record_answer(b, p->slot, p->index, &r->rec, &r->rec_cap);
            r->answered++;
        } else {
            char msg[600];
            snprintf(msg, sizeof msg, "line %zu: %s", p->line_no,
                     p->slot == SIZE_MAX ? p->message : refusal(r->a->kind));
            len = proof_record_error(p->index, "GC_KZG_BADARGS", msg, &r->rec, &r->rec_cap);
            r->rejected++;
        }
        if (!write_record(r, len)) return 0;
    }
    r->n_items = 0;
    b->n = b->n_cells = b->n_blobs = 0;
    return 1;
}

static int blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n' && s[i] != '\v' && s[i] != '\f') return 0;
    return 1;
}

static int stream(proof_run *r, FILE *in) {
    char *line = NULL;
    size_t cap = 0, line_no = 0, index = 0;
    ssize_t got;
    int ok = 1;
    while (ok && (got = getline(&line, &cap, in)) >= 0) {
        line_no++;
        if (blank(line, (size_t)got)) continue;
        pending *p = &r->items[r->n_items++];
        p->index = index++;
        p->line_no = line_no;
        p->slot = SIZE_MAX;
        if ((size_t)got > proof_max_line(r->a->kind))
            snprintf(p->message, sizeof p->message, "a line of %zu bytes (at most %zu)", (size_t)got,
                     proof_max_line(r->a->kind));
        else if (proof_case_parse(&r->batch, line, (size_t)got, p->message, sizeof p->message))
            p->slot = r->batch.n - 1;
        if (proof_batch_full(&r->batch) || r->n_items == MAX_PENDING) ok = flush(r);
    }
    if (ok && ferror(in)) {
        fprintf(stderr, "%s: cannot read the input %s: %s\n", r->a->prog, r->a->in, strerror(errno));
        ok = 0;
    }
    free(line);
    return ok && flush(r);
}

int gc_kzg_proof_command(int argc, char **argv) {
    proof_kind kind;
    if (argc < 1 || !proof_kind_of(argv[0], &kind)) return -1;
    proof_args a;
    int rc = proof_parse_args(argc, argv, kind, &a);
    if (rc >= 0) return rc;
    if (same_file_refused(&a)) return EXIT_USAGE;
    proof_run r;
    memset(&r, 0, sizeof r);
    r.a = &a;
    FILE *in = strcmp(a.in, "-") ? fopen(a.in, "r") : stdin;
    struct stat st;
    int ok = in != NULL;
    if (!in) fprintf(stderr, "%s: cannot read the input %s: %s\n", a.prog, a.in, strerror(errno));
    else if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode))
        ok = 0, fprintf(stderr, "%s: cannot read the input %s: it is a directory\n", a.prog, a.in);
    gc_sink_block_signals(); /* threads the driver starts leave SIGINT/SIGTERM to this one */
    ok = ok && open_device(&r) && (!a.setup || load_setup(&r));
    r.items = ok ? malloc(MAX_PENDING * sizeof *r.items) : NULL;
    if (ok && (!r.items || !proof_batch_init(&r.batch, kind, a.batch)))
        ok = 0, fprintf(stderr, "%s: out of host memory\n", a.prog);
    if (ok && (ok = gc_sink_open(a.prog, a.out))) {
        gc_sink_catch_signals();
        ok = stream(&r, in);
        ok = gc_sink_close(ok) && ok;
    }
    if (a.verbose && ok) fprintf(stderr, "%s: %zu answered, %zu refused\n", a.prog, r.answered, r.rejected);
    if (in && in != stdin) fclose(in);
    proof_batch_free(&r.batch);
    free(r.items);
    free(r.rec);
    gc_kzg_ctx_free(r.ctx);
    gc_kzg_setup_free(r.setup);
    if (r.dev) gc_device_close(r.dev);
    return !ok ? EXIT_USAGE : r.rejected ? EXIT_REJECTED : 0;
}
