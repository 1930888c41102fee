/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_command.c — `gpucheck kzg cells`: the commitment, cells and cell proofs of every
 * blob of the input (one blob per line), as JSON Lines in input order, on one device or
 * split across several (--device a,b or all: a KZG pool, gc_kzg_pool_* of gc_kzg.h).
 *
 * The input streams through in batches of the context's max_batch blobs: each batch is
 * one library call, and its records are written as soon as it returns, so an input of
 * any size needs only one batch in memory. A malformed line is that blob's error record
 * (it never reaches the device); a blob with an element >= r is rejected by the library
 * (its per-blob status) and reported the same way; the other blobs are still computed.
 * The pool (the per-device precomputation, on every device at once) is made when the
 * first well-formed blob arrives, so an input of only malformed lines costs no
 * precomputation. A pool of one device is that device's context. */
#include "cli/kzg/kzg_command.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/hex.h"
#include "common/number.h"
#include "common/option_value.h"
#include "device/device_match.h"
#include "gpucheck/gc_device.h"
#include "gpucheck/gc_kzg.h"
#include "cli/kzg/blob_input.h"
#include "cli/kzg/cells_options.h"
#include "cli/kzg/cells_reader.h"
#include "cli/kzg/kzg_verify_cells.h"
#include "cli/kzg/cells_sink.h"
#include "cli/kzg/proof_command.h"
#include "cli/kzg/proof_options.h"
#include "common/clock.h"

#define EXIT_REJECTED 1
#define EXIT_USAGE 2
#define BLOB_HEX_DIGITS GC_BLOB_HEX_DIGITS
/* Malformed lines held back behind the blobs of a batch (their records must follow those
 * blobs'): past this many the batch runs early, so that memory stays bounded. */
#define MAX_HELD_RECORDS 4096
#define MESSAGE_LEN GC_BLOB_MESSAGE_LEN
#define MAX_DEVICES 64
#define MAX_FORMAT_THREADS 16

static const char *const prog = GC_CELLS_PROG;

/* ---- input ------------------------------------------------------------------------- */

static const uint8_t bls_r_be[32] = {0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8,
                                     0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe,
                                     0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01};

/* The first element >= r of a blob the library rejected, for the message (-1: none). */
static long first_noncanonical(const uint8_t *blob) {
    for (size_t e = 0; e < GC_KZG_FIELD_ELEMENTS_PER_BLOB; e++)
        if (memcmp(blob + e * GC_KZG_BYTES_PER_FIELD_ELEMENT, bls_r_be, 32) >= 0) return (long)e;
    return -1;
}

/* ---- output ------------------------------------------------------------------------ */

/* A record of the batch, in input order: a blob (slot >= 0) or a malformed line. */
typedef struct {
    size_t index, line_no;
    uint64_t offset; /* of a raw blob in the input */
    long slot;
    char message[MESSAGE_LEN];
} record;

typedef struct {
    uint8_t *blobs, *cells, *proofs, *commitments;
    gc_kzg_ret *status;
    record *recs;
    size_t n_recs, n_blobs;
} cells_batch;

#define N_BATCHES 3
typedef struct {
    cells_batch *items[N_BATCHES];
    size_t head, n;
} batch_queue;

typedef struct {
    cells_args *args;
    gc_device *devs[MAX_DEVICES];
    size_t n_devs;
    gc_kzg_setup *setup;
    char device_label[MAX_DEVICES * 34]; /* the ids, comma-separated */
    gc_kzg_pool *pool;
    size_t max_batch, cells_per_blob, cell_bytes;
    /* The batches: one read and parsed while one computes and one is written. */
    cells_batch batches[N_BATCHES], *b; /* b: the one being read */
    pthread_mutex_t mu;
    pthread_cond_t changed;
    batch_queue free_q, compute_q, write_q;
    int input_done, compute_done, failed, pipeline, sync_made;
    pthread_t compute_thread, write_thread;
    /* the output records of a group, formatted at once on n_format_threads threads */
    char **slots;
    size_t *slot_lens, n_slots, slot_size, n_format_threads;
    /* counts and progress: done counts the well-formed blobs (those the estimate counts),
     * malformed the lines that were not blobs, rejected every error record */
    size_t done, malformed, rejected, expected_total;
    int progress, progress_open;
    double t_first;
} cells_run;

static char *put_hex(char *p, const uint8_t *b, size_t n) {
    *p++ = '0';
    *p++ = 'x';
    return gc_hex_encode(p, b, n);
}

static char *put_str(char *p, const char *s) {
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* The bytes of a raw output record: status, commitment, cells, proofs. */
static size_t raw_record_bytes(const cells_run *r) {
    return 1 + GC_KZG_BYTES_PER_COMMITMENT + r->cells_per_blob * (r->cell_bytes + GC_KZG_BYTES_PER_PROOF);
}

static size_t format_error(const cells_run *r, char *out, size_t index, const char *name, const char *message) {
    if (r->args->out_raw) { /* status 1, then zero bytes: every record has the same size */
        memset(out, 0, raw_record_bytes(r));
        out[0] = 1;
        return raw_record_bytes(r);
    }
    char *p = out;
    p += sprintf(p, "{\"index\": %zu, \"error\": \"%s\", \"message\": \"", index, name);
    for (const char *m = message; *m; m++) /* our own text: escape quotes and backslashes */
        if ((unsigned char)*m >= 0x20) {
            if (*m == '"' || *m == '\\') *p++ = '\\';
            *p++ = *m;
        }
    p = put_str(p, "\"}\n");
    return (size_t)(p - out);
}

static size_t format_blob(const cells_run *r, const cells_batch *b, char *out, size_t index, size_t slot) {
    size_t l_bytes = r->cell_bytes, n = r->cells_per_blob;
    const uint8_t *commitment = b->commitments + slot * GC_KZG_BYTES_PER_COMMITMENT;
    const uint8_t *cells = b->cells + slot * n * l_bytes, *proofs = b->proofs + slot * n * GC_KZG_BYTES_PER_PROOF;
    if (r->args->out_raw) {
        out[0] = 0;
        memcpy(out + 1, commitment, GC_KZG_BYTES_PER_COMMITMENT);
        memcpy(out + 1 + GC_KZG_BYTES_PER_COMMITMENT, cells, n * l_bytes);
        memcpy(out + 1 + GC_KZG_BYTES_PER_COMMITMENT + n * l_bytes, proofs, n * GC_KZG_BYTES_PER_PROOF);
        return raw_record_bytes(r);
    }
    char *p = out;
    p += sprintf(p, "{\"index\": %zu, \"commitment\": \"", index);
    p = put_hex(p, commitment, GC_KZG_BYTES_PER_COMMITMENT);
    p = put_str(p, "\", \"cells\": [");
    for (size_t c = 0; c < n; c++) {
        *p++ = '"';
        p = put_hex(p, cells + c * l_bytes, l_bytes);
        p = put_str(p, c + 1 < n ? "\", " : "\"");
    }
    p = put_str(p, "], \"proofs\": [");
    for (size_t c = 0; c < n; c++) {
        *p++ = '"';
        p = put_hex(p, proofs + c * GC_KZG_BYTES_PER_PROOF, GC_KZG_BYTES_PER_PROOF);
        p = put_str(p, c + 1 < n ? "\", " : "\"");
    }
    p = put_str(p, "]}\n");
    return (size_t)(p - out);
}

/* "line N" or "blob N at byte offset X": where a record's input was. */
static void where(const cells_run *r, const record *rec, char *buf, size_t len) {
    if (r->args->in_raw) snprintf(buf, len, "blob %zu at byte offset %llu", rec->index, (unsigned long long)rec->offset);
    else snprintf(buf, len, "line %zu", rec->line_no);
}

/* One record of the batch into out; its length. */
static size_t format_record(const cells_run *r, const cells_batch *b, const record *rec, char *out) {
    if (rec->slot < 0) return format_error(r, out, rec->index, gc_kzg_ret_name(GC_KZG_BADARGS), rec->message);
    gc_kzg_ret st = b->status[rec->slot];
    if (st == GC_KZG_OK) return format_blob(r, b, out, rec->index, (size_t)rec->slot);
    char msg[MESSAGE_LEN], at[96];
    where(r, rec, at, sizeof at);
    long e = first_noncanonical(b->blobs + (size_t)rec->slot * GC_KZG_BYTES_PER_BLOB);
    if (st == GC_KZG_BADARGS && e >= 0)
        snprintf(msg, sizeof msg, "%s: field element %ld is not below the BLS12-381 scalar modulus r", at, e);
    else
        snprintf(msg, sizeof msg, "%s: %s", at, gc_kzg_ret_message(st));
    return format_error(r, out, rec->index, gc_kzg_ret_name(st), msg);
}

/* ---- formatting on several threads ---------------------------------------------------- */

/* A group of records formatted at once, record i by thread i % n_threads, into its slot. */
typedef struct {
    const cells_run *r;
    const cells_batch *b;
    const record *recs;
    size_t n, first, step;
    char **slots;
    size_t *lens;
} format_job;

static void *format_worker(void *arg) {
    format_job *j = arg;
    gc_sink_block_signals(); /* the writing thread alone stops the run */
    for (size_t i = j->first; i < j->n; i += j->step) j->lens[i] = format_record(j->r, j->b, &j->recs[i], j->slots[i]);
    return NULL;
}

static void format_group(cells_run *r, const cells_batch *b, const record *recs, size_t n) {
    size_t threads = n < r->n_format_threads ? n : r->n_format_threads;
    pthread_t tid[MAX_FORMAT_THREADS];
    format_job jobs[MAX_FORMAT_THREADS];
    size_t started = 0;
    for (size_t t = 0; t < threads; t++) {
        jobs[t] = (format_job){r, b, recs, n, t, threads, r->slots, r->slot_lens};
        if (t > 0 && pthread_create(&tid[t], NULL, format_worker, &jobs[t]) == 0) started |= (size_t)1 << t;
    }
    for (size_t t = 0; t < threads; t++) /* thread 0, and any that could not start, run here */
        if (t == 0 || !(started & ((size_t)1 << t)))
            for (size_t i = t; i < n; i += threads) r->slot_lens[i] = format_record(r, b, &recs[i], r->slots[i]);
    for (size_t t = 1; t < threads; t++)
        if (started & ((size_t)1 << t)) pthread_join(tid[t], NULL);
}

/* Formats and writes the held records in order, a group of slots at a time. */
static int write_records(cells_run *r, const cells_batch *b) {
    for (size_t i = 0; i < b->n_recs; i += r->n_slots) {
        size_t n = b->n_recs - i < r->n_slots ? b->n_recs - i : r->n_slots;
        int any_blob = 0;
        for (size_t k = 0; k < n; k++) any_blob |= b->recs[i + k].slot >= 0;
        if (any_blob) format_group(r, b, b->recs + i, n);
        else
            for (size_t k = 0; k < n; k++) r->slot_lens[k] = format_record(r, b, &b->recs[i + k], r->slots[k]);
        for (size_t k = 0; k < n; k++) {
            const record *rec = &b->recs[i + k];
            if (!gc_sink_write(r->slots[k], r->slot_lens[k], 1)) return 0;
            if (rec->slot < 0 || b->status[rec->slot] != GC_KZG_OK) r->rejected++;
            if (rec->slot < 0) r->malformed++;
            else r->done++;
        }
    }
    return 1;
}

static void show_progress(cells_run *r, size_t computing) {
    if (!r->progress || (!r->done && !computing && !r->malformed)) return;
    double dt = (gc_clock_ms() / 1e3) - r->t_first;
    char total[48] = "", lines[64] = "";
    if (r->expected_total >= r->done + computing) snprintf(total, sizeof total, " of ~%zu", r->expected_total);
    if (r->malformed) snprintf(lines, sizeof lines, ", %zu malformed lines", r->malformed);
    if (computing)
        fprintf(stderr, "\r%s: %zu%s blobs done%s, %.2f blobs/s; computing %zu more...\033[K", prog, r->done, total,
                lines, r->done && dt > 0 ? r->done / dt : 0.0, computing);
    else
        fprintf(stderr, "\r%s: %zu%s blobs done%s, %.2f blobs/s\033[K", prog, r->done, total, lines,
                r->done && dt > 0 ? r->done / dt : 0.0);
    fflush(stderr);
    r->progress_open = 1;
}

static void end_progress_line(cells_run *r) {
    if (!r->progress_open) return;
    fputc('\n', stderr);
    r->progress_open = 0;
}

/* ---- the run ----------------------------------------------------------------------- */

static int load_setup(cells_run *r) {
    const char *path = r->args->setup;
    char err[600];
    gc_kzg_ret ret = path ? gc_kzg_setup_load_file(&r->setup, path, err, sizeof err)
                          : gc_kzg_setup_load_default(&r->setup, err, sizeof err);
    if (ret == GC_KZG_OK) return 1;
    fprintf(stderr, "%s: cannot use the trusted setup %s: %s: %s\n", prog, path ? path : "(built in)",
            gc_kzg_ret_name(ret), err[0] ? err : gc_kzg_ret_message(ret));
    return 0;
}

/* The pool, made on the first well-formed blob; and the buffers of one batch. */
static int make_context(cells_run *r) {
    cells_args *a = r->args;
    end_progress_line(r);
    if (r->progress || a->verbose)
        fprintf(stderr, "%s: precomputing for %s (cell size %u)...\n", prog, r->device_label, a->cell_size);
    if (!r->setup && !load_setup(r)) return 0;
    gc_kzg_options opt = {a->cell_size, a->comb_teeth, a->batch, a->g1_conv, 0};
    char err[1200];
    gc_kzg_ret ret = gc_kzg_pool_create(&r->pool, r->devs, r->n_devs, r->setup, &opt, err, sizeof err);
    if (ret) {
        fprintf(stderr, "%s: cannot set up the KZG context on %s: %s: %s\n", prog, r->device_label,
                gc_kzg_ret_name(ret), err[0] ? err : gc_kzg_ret_message(ret));
        if (ret == GC_KZG_DEVICE_MEMORY)
            fprintf(stderr, "%s: out of device memory%s\n", prog, a->batch ? ": try a smaller --batch" : "");
        return 0;
    }
    const gc_kzg_pool_info *info = gc_kzg_pool_get_info(r->pool);
    for (size_t i = 0; a->verbose && i < r->n_devs; i++) {
        const gc_kzg_ctx_info *ci = gc_kzg_ctx_get_info(gc_kzg_pool_ctx(r->pool, i));
        fprintf(stderr,
                "%s: %s: cell size %u, %u cells per blob, comb teeth %u (commitments %u)%s, G1 convolution up to %u "
                "blobs, batch %zu, precomputation %.1f MiB in %.0f ms, %.1f MiB per blob in flight\n",
                prog, gc_device_get_info(r->devs[i])->id, ci->cell_size, ci->cells_per_blob, ci->comb_teeth,
                ci->commit_teeth, ci->comb_teeth || ci->commit_teeth ? "" : " (no MSM tables)", ci->g1_conv_max_batch, ci->max_batch, ci->precompute_bytes / 1048576.0,
                ci->precompute_ms, ci->batch_bytes / 1048576.0);
    }
    if (a->verbose && r->n_devs > 1)
        fprintf(stderr, "%s: %zu devices, %zu blobs a batch split across them, contexts made in %.0f ms (at once)\n",
                prog, r->n_devs, info->max_batch, info->create_ms);
    r->max_batch = info->max_batch;
    r->cells_per_blob = info->cells_per_blob;
    r->cell_bytes = GC_KZG_BYTES_PER_CELL(info->cell_size);
    size_t n = r->max_batch, per_blob_cells = r->cells_per_blob * r->cell_bytes;
    for (size_t i = 0; i < N_BATCHES; i++) {
        cells_batch *b = &r->batches[i];
        b->blobs = malloc(n * GC_KZG_BYTES_PER_BLOB);
        b->cells = malloc(n * per_blob_cells);
        b->proofs = malloc(n * r->cells_per_blob * GC_KZG_BYTES_PER_PROOF);
        b->commitments = malloc(n * GC_KZG_BYTES_PER_COMMITMENT);
        b->status = malloc(n * sizeof *b->status);
        if (!b->blobs || !b->cells || !b->proofs || !b->commitments || !b->status) {
            fprintf(stderr, "%s: out of host memory for a batch of %zu blobs: try a smaller --batch\n", prog, n);
            return 0;
        }
    }
    r->t_first = gc_clock_ms() / 1e3;
    return 1;
}

/* ---- the pipeline: read, compute, write at once ------------------------------------ */

static void q_push(batch_queue *q, cells_batch *b) { q->items[(q->head + q->n++) % N_BATCHES] = b; }

static cells_batch *q_pop(batch_queue *q) {
    cells_batch *b = q->items[q->head];
    q->head = (q->head + 1) % N_BATCHES;
    q->n--;
    return b;
}

static void pass_on(cells_run *r, batch_queue *q, cells_batch *b) {
    pthread_mutex_lock(&r->mu);
    q_push(q, b);
    pthread_cond_broadcast(&r->changed);
    pthread_mutex_unlock(&r->mu);
}

/* The next batch of q; NULL once the stage before it is done (*done) or the run failed.
 * The writer drains its queue after a failure: batches computed before it are still
 * written. */
static cells_batch *take(cells_run *r, batch_queue *q, const int *done, int drain) {
    pthread_mutex_lock(&r->mu);
    while (!q->n && !(done && *done) && !r->failed) pthread_cond_wait(&r->changed, &r->mu);
    cells_batch *b = q->n && (drain || !r->failed) ? q_pop(q) : NULL;
    pthread_mutex_unlock(&r->mu);
    return b;
}

static void set_flag(cells_run *r, int *flag) {
    pthread_mutex_lock(&r->mu);
    *flag = 1;
    pthread_cond_broadcast(&r->changed);
    pthread_mutex_unlock(&r->mu);
}

static int compute_batch(cells_run *r, cells_batch *b) {
    if (!b->n_blobs) return 1;
    gc_kzg_ret ret = gc_kzg_pool_compute_cells_and_proofs(r->pool, b->cells, b->proofs, b->commitments, b->blobs,
                                                          b->n_blobs, b->status);
    if (!ret) return 1;
    const char *dmsg = "";
    gc_kzg_pool_last_error(r->pool, NULL, &dmsg);
    end_progress_line(r);
    fprintf(stderr, "%s: computing blobs %zu..%zu failed: %s: %s%s%s\n", prog, b->recs[0].index,
            b->recs[b->n_recs - 1].index, gc_kzg_ret_name(ret), gc_kzg_ret_message(ret), dmsg && dmsg[0] ? ": " : "",
            dmsg ? dmsg : "");
    if (ret == GC_KZG_DEVICE_MEMORY)
        fprintf(stderr, "%s: out of device memory: try a smaller --batch (this one was %zu)\n", prog, r->max_batch);
    return 0;
}

static void *compute_stage(void *arg) {
    cells_run *r = arg;
    gc_sink_block_signals(); /* only the reading thread takes SIGINT/SIGTERM */
    cells_batch *b;
    while ((b = take(r, &r->compute_q, &r->input_done, 0))) {
        if (!compute_batch(r, b)) {
            set_flag(r, &r->failed);
            break;
        }
        pass_on(r, &r->write_q, b);
    }
    set_flag(r, &r->compute_done);
    return NULL;
}

static void *write_stage(void *arg) {
    cells_run *r = arg;
    gc_sink_block_signals();
    cells_batch *b;
    while ((b = take(r, &r->write_q, &r->compute_done, 1))) {
        if (!write_records(r, b)) {
            end_progress_line(r);
            set_flag(r, &r->failed);
            break;
        }
        b->n_recs = b->n_blobs = 0;
        show_progress(r, 0);
        pass_on(r, &r->free_q, b);
    }
    return NULL;
}

static int start_pipeline(cells_run *r) {
    for (size_t i = 0; i < N_BATCHES; i++)
        if (&r->batches[i] != r->b) q_push(&r->free_q, &r->batches[i]);
    if (pthread_create(&r->compute_thread, NULL, compute_stage, r) != 0) return 0;
    if (pthread_create(&r->write_thread, NULL, write_stage, r) != 0) {
        set_flag(r, &r->failed);
        pthread_join(r->compute_thread, NULL);
        return 0;
    }
    r->pipeline = 1;
    return 1;
}

/* The batch read so far goes on: to the pipeline, or before any context (only malformed
 * lines so far) straight out. Returns 0 once the run failed. */
static int submit_batch(cells_run *r) {
    if (!r->pipeline) {
        int ok = write_records(r, r->b);
        r->b->n_recs = 0;
        show_progress(r, 0);
        return ok;
    }
    pass_on(r, &r->compute_q, r->b);
    r->b = take(r, &r->free_q, NULL, 0);
    return r->b != NULL;
}

static int finish_pipeline(cells_run *r) {
    if (!r->pipeline) return 1;
    set_flag(r, &r->input_done);
    pthread_join(r->compute_thread, NULL);
    pthread_join(r->write_thread, NULL);
    r->pipeline = 0;
    return !r->failed;
}

static void list_devices(void) {
    if (gc_device_count() == 0) return;
    fprintf(stderr, "%s: --device takes an id, or a whole word or the start of one device's name, a comma list of "
                    "them, or all:\n", prog);
    for (size_t i = 0; i < gc_device_count(); i++)
        fprintf(stderr, "  %-14s %s\n", gc_device_info_at(i)->id, gc_device_info_at(i)->name);
}

/* --device: none (the default device), `all` (every device of the default device's backend
 * that is a GPU if it is one, else not: all CUDA GPUs rather than those and their OpenCL
 * twins or the CPU), or a list of ids and names as `run` takes (device_match.c). */
static int select_devices(const char *want, size_t *index, size_t *n) {
    gc_devices_probe();
    *n = 0;
    size_t def;
    gc_status st;
    if (!want || !strcmp(want, "all")) {
        st = gc_device_default(&def);
        if (st == GC_OK) {
            const gc_device_info *d = gc_device_info_at(def);
            index[(*n)++] = def;
            for (size_t i = 0; want && i < gc_device_count() && *n < MAX_DEVICES; i++) {
                const gc_device_info *e = gc_device_info_at(i);
                if (i != def && e->backend == d->backend && !e->is_gpu == !d->is_gpu) index[(*n)++] = i;
            }
        }
    } else {
        st = gc_device_find_list(want, index, MAX_DEVICES, n);
    }
    if (st == GC_OK) return 1;
    fprintf(stderr, "%s: %s\n", prog, gc_last_error());
    if (want && strcmp(want, "all")) list_devices();
    else
        fprintf(stderr, "%s: install an OpenCL driver (e.g. 'apt-get install pocl-opencl-icd') or a CUDA driver\n",
                prog);
    return 0;
}

/* ---- the command ------------------------------------------------------------------ */

/* The output slots, sized from --cell-size (the context's cells come from it), so that the
 * records of malformed lines can be written before any context exists. */
static int make_slots(cells_run *r) {
    r->cells_per_blob = GC_KZG_FIELD_ELEMENTS_PER_EXT_BLOB / r->args->cell_size;
    r->cell_bytes = GC_KZG_BYTES_PER_CELL(r->args->cell_size);
    size_t json = 64 + 2 * GC_KZG_BYTES_PER_COMMITMENT + r->cells_per_blob * (2 * r->cell_bytes + 8) + 32 +
                  r->cells_per_blob * (2 * GC_KZG_BYTES_PER_PROOF + 8) + 16;
    size_t error = 2 * MESSAGE_LEN + 128;
    r->slot_size = json > raw_record_bytes(r) ? json : raw_record_bytes(r);
    if (error > r->slot_size) r->slot_size = error;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    r->n_format_threads = cpus < 1 ? 1 : cpus > MAX_FORMAT_THREADS ? MAX_FORMAT_THREADS : (size_t)cpus;
    r->n_slots = 2 * r->n_format_threads;
    r->slots = calloc(r->n_slots, sizeof *r->slots);
    r->slot_lens = calloc(r->n_slots, sizeof *r->slot_lens);
    if (!r->slots || !r->slot_lens) return 0;
    for (size_t i = 0; i < r->n_slots; i++)
        if (!(r->slots[i] = malloc(r->slot_size))) return 0;
    return 1;
}

/* The input, the devices and the setup file: everything that can be refused before the
 * output is touched and before the precomputation. */
static int open_run(cells_run *r, int *in) {
    const cells_args *a = r->args;
    *in = strcmp(a->in, "-") ? open(a->in, O_RDONLY) : STDIN_FILENO;
    if (*in < 0) {
        fprintf(stderr, "%s: cannot read the input %s: %s\n", prog, a->in, strerror(errno));
        return 0;
    }
    struct stat st;
    memset(&st, 0, sizeof st);
    if (fstat(*in, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: cannot read the input %s: it is a directory\n", prog, a->in);
        return 0;
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0)
        r->expected_total = a->in_raw ? (size_t)((st.st_size + GC_KZG_BYTES_PER_BLOB - 1) / GC_KZG_BYTES_PER_BLOB)
                                      : (size_t)(st.st_size / (BLOB_HEX_DIGITS + 3)) + 1;
    size_t dev_index[MAX_DEVICES];
    if (!select_devices(a->device, dev_index, &r->n_devs)) return 0;
    for (size_t i = 0; i < r->n_devs; i++)
        snprintf(r->device_label + strlen(r->device_label), sizeof r->device_label - strlen(r->device_label), "%s%s",
                 i ? "," : "", gc_device_info_at(dev_index[i])->id);
    /* A setup file is checked now (its errors are exit 2 whatever the input); the built-in
     * one, which cannot fail, when the first blob needs it. */
    if (a->setup && !load_setup(r)) return 0;
    for (size_t i = 0; i < r->n_devs; i++) {
        gc_status dst = gc_device_open(dev_index[i], &r->devs[i]);
        if (dst != GC_OK) {
            fprintf(stderr, "%s: cannot open device %s: %s: %s\n", prog, gc_device_info_at(dev_index[i])->id,
                    gc_status_name(dst), gc_last_error());
            return 0;
        }
    }
    int held = 1;
    for (size_t i = 0; i < N_BATCHES; i++) {
        r->batches[i].recs = malloc(MAX_HELD_RECORDS * sizeof *r->batches[i].recs);
        held &= r->batches[i].recs != NULL;
    }
    r->b = &r->batches[0];
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->changed, NULL);
    r->sync_made = 1;
    if (!held || !make_slots(r)) {
        fprintf(stderr, "%s: out of host memory\n", prog);
        return 0;
    }
    return 1;
}

/* The next input item into blob: BLANK (a blank line), BLOB or MALFORMED (rec->message
 * says why); 0 at the end of the input. */
static int next_item(cells_run *r, gc_cells_reader *in, char *line, uint8_t *blob, record *rec, size_t *line_no,
                     gc_blob_line *kind) {
    if (r->args->in_raw) {
        rec->offset = in->consumed;
        size_t got = gc_cells_read_bytes(in, blob, GC_KZG_BYTES_PER_BLOB);
        if (got == 0) return 0;
        ++*line_no;
        *kind = GC_BLOB_LINE_BLOB;
        if (got < GC_KZG_BYTES_PER_BLOB) {
            *kind = GC_BLOB_LINE_MALFORMED;
            snprintf(rec->message, MESSAGE_LEN, "blob %zu at byte offset %llu: the input ends after %zu of its %d "
                     "bytes", *line_no - 1, (unsigned long long)rec->offset, got, GC_KZG_BYTES_PER_BLOB);
        }
        return 1;
    }
    size_t len, lead;
    if (!gc_cells_read_line(in, line, GC_BLOB_LINE_BUFFER, &len, &lead)) return 0;
    ++*line_no;
    *kind = gc_blob_parse_line(line, GC_BLOB_LINE_BUFFER, len, lead, *line_no, blob, rec->message);
    return 1;
}

/* Reads the input item by item into batches, each written as soon as it is computed. */
static int stream_records(cells_run *r, int fd) {
    gc_cells_reader in;
    char *line = malloc(GC_BLOB_LINE_BUFFER);
    uint8_t *blob = malloc(GC_KZG_BYTES_PER_BLOB);
    int ok = gc_cells_reader_init(&in, fd) && line && blob;
    if (!ok) fprintf(stderr, "%s: out of host memory\n", prog);
    size_t line_no = 0, index = 0;
    gc_blob_line kind;
    while (ok && next_item(r, &in, line, blob, &r->b->recs[r->b->n_recs], &line_no, &kind)) {
        cells_batch *b = r->b;
        record *rec = &b->recs[b->n_recs];
        if (kind == GC_BLOB_LINE_BLANK) continue;
        rec->index = index++;
        rec->line_no = line_no;
        rec->slot = -1;
        if (kind == GC_BLOB_LINE_BLOB) {
            if (!r->pool && !(make_context(r) && start_pipeline(r))) {
                ok = 0;
                break;
            }
            rec->slot = (long)b->n_blobs;
            memcpy(b->blobs + b->n_blobs * GC_KZG_BYTES_PER_BLOB, blob, GC_KZG_BYTES_PER_BLOB);
            b->n_blobs++;
        }
        b->n_recs++;
        /* A malformed line with no blob ahead of it is written at once. */
        if (b->n_blobs == 0 || b->n_blobs == r->max_batch || b->n_recs == MAX_HELD_RECORDS) ok = submit_batch(r);
    }
    free(blob);
    free(line);
    if (ok && in.error) {
        end_progress_line(r);
        fprintf(stderr, "%s: cannot read the input %s: %s\n", prog, r->args->in, strerror(in.error));
        ok = 0;
    }
    gc_cells_reader_free(&in);
    if (ok && r->b->n_recs) ok = submit_batch(r);
    if (!ok && r->pipeline) set_flag(r, &r->failed);
    ok = finish_pipeline(r) && ok;
    end_progress_line(r);
    return ok;
}

static void free_run(cells_run *r) {
    gc_kzg_pool_free(r->pool);
    for (size_t i = 0; i < r->n_devs; i++) gc_device_close(r->devs[i]);
    gc_kzg_setup_free(r->setup);
    for (size_t i = 0; i < N_BATCHES; i++) {
        cells_batch *b = &r->batches[i];
        free(b->recs);
        free(b->blobs);
        free(b->cells);
        free(b->proofs);
        free(b->commitments);
        free(b->status);
    }
    if (r->sync_made) {
        pthread_mutex_destroy(&r->mu);
        pthread_cond_destroy(&r->changed);
    }
    for (size_t i = 0; r->slots && i < r->n_slots; i++) free(r->slots[i]);
    free(r->slots);
    free(r->slot_lens);
}

static int cmd_cells(int argc, char **argv) {
    cells_args a;
    int rc = gc_cells_parse_args(argc, argv, &a);
    if (rc >= 0) return rc;
    if ((rc = gc_cells_check_files(&a)) >= 0) return rc;
    cells_run r;
    memset(&r, 0, sizeof r);
    r.args = &a;
    int in = -1;
    int ok = open_run(&r, &in) && gc_sink_open(prog, a.out);
    if (ok) {
        gc_sink_catch_signals();
        r.progress = isatty(fileno(stderr));
        r.t_first = gc_clock_ms() / 1e3; /* blobs/s counts from here, or from the end of the precomputation */
        ok = stream_records(&r, in);
        ok = gc_sink_close(ok) && ok;
    }
    rc = !ok ? EXIT_USAGE : r.rejected ? EXIT_REJECTED : 0;
    if (a.verbose && ok) fprintf(stderr, "%s: %zu blobs, %zu malformed lines, %zu rejected\n", prog, r.done,
                                 r.malformed, r.rejected);
    if (in > STDIN_FILENO) close(in);
    free_run(&r);
    return rc;
}

int gc_kzg_command(int argc, char **argv) {
    if (argc < 2) {
        gc_cells_print_kzg_help(stderr);
        return EXIT_USAGE;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        proof_kind kind;
        if (argc > 2 && !strcmp(argv[2], "cells")) gc_cells_print_help(stdout);
        else if (argc > 2 && !strcmp(argv[2], "verify-cells")) gc_kzg_verify_cells_help(stdout);
        else if (argc > 2 && proof_kind_of(argv[2], &kind)) proof_print_help(stdout, kind);
        else gc_cells_print_kzg_help(stdout);
        return 0;
    }
    if (!strcmp(sub, "cells")) return cmd_cells(argc - 1, argv + 1);
    if (!strcmp(sub, "verify-cells")) return gc_kzg_verify_cells_command(argc - 1, argv + 1);
    int rc = gc_kzg_proof_command(argc - 1, argv + 1);
    if (rc >= 0) return rc;
    fprintf(stderr, "gpucheck kzg: unknown subcommand '%s' (cells, verify-cells, recover, compute-proof, blob-proof, "
                    "verify-proof, verify-blobs); try 'gpucheck kzg --help'\n", sub);
    return EXIT_USAGE;
}
