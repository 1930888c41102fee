/* SPDX-License-Identifier: Apache-2.0 */
/* cells_format.c — the records of `gpucheck kzg cells`: JSON Lines or raw bytes per blob,
 * an error record per rejected blob or malformed line, formatted on several threads and
 * written in input order through the sink (cells_sink.c). */
#include "cli/kzg/cells_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "common/hex.h"
#include "cli/kzg/cells_sink.h"

static const uint8_t bls_r_be[32] = {0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8,
                                     0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe,
                                     0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01};

/* The first element >= r of a blob the library rejected, for the message (-1: none). */
static long first_noncanonical(const uint8_t *blob) {
    for (size_t e = 0; e < GC_KZG_FIELD_ELEMENTS_PER_BLOB; e++)
        if (memcmp(blob + e * GC_KZG_BYTES_PER_FIELD_ELEMENT, bls_r_be, 32) >= 0) return (long)e;
    return -1;
}

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
size_t gc_cells_raw_record_bytes(const cells_run *r) {
    return 1 + GC_KZG_BYTES_PER_COMMITMENT + r->cells_per_blob * (r->cell_bytes + GC_KZG_BYTES_PER_PROOF);
}

static size_t format_error(const cells_run *r, char *out, size_t index, const char *name, const char *message) {
    if (r->args->out_raw) { /* status 1, then zero bytes: every record has the same size */
        memset(out, 0, gc_cells_raw_record_bytes(r));
        out[0] = 1;
        return gc_cells_raw_record_bytes(r);
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
        return gc_cells_raw_record_bytes(r);
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
int gc_cells_write_records(cells_run *r, const cells_batch *b) {
    for (size_t i = 0; i < b->n_recs; i += r->n_slots) {
        size_t n = b->n_recs - i < r->n_slots ? b->n_recs - i : r->n_slots;
        int any_blob = 0;
        double t0 = gc_clock_ms();
        for (size_t k = 0; k < n; k++) any_blob |= b->recs[i + k].slot >= 0;
        if (any_blob) format_group(r, b, b->recs + i, n);
        else
            for (size_t k = 0; k < n; k++) r->slot_lens[k] = format_record(r, b, &b->recs[i + k], r->slots[k]);
        double t1 = gc_clock_ms();
        r->busy_format += (t1 - t0) / 1e3;
        for (size_t k = 0; k < n; k++) {
            const record *rec = &b->recs[i + k];
            if (!gc_sink_write(r->slots[k], r->slot_lens[k], 1)) return 0;
            if (rec->slot < 0 || b->status[rec->slot] != GC_KZG_OK) r->rejected++;
            if (rec->slot < 0) r->malformed++;
            else r->done++;
        }
        r->busy_write += (gc_clock_ms() - t1) / 1e3;
    }
    return 1;
}

