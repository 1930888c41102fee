/* SPDX-License-Identifier: Apache-2.0 */
/* cells_run.h — the state of one `gpucheck kzg cells` run, shared by the command
 * (kzg_command.c: the input, the pipeline's stages) and its output (cells_format.c). */
#ifndef GC_CELLS_RUN_H
#define GC_CELLS_RUN_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_device.h"
#include "gpucheck/gc_kzg.h"
#include "cli/kzg/blob_input.h"
#include "cli/kzg/cells_options.h"

/* Malformed lines held back behind the blobs of a batch (their records must follow those
 * blobs'): past this many the batch runs early, so that memory stays bounded. */
#define MAX_HELD_RECORDS 4096
#define MESSAGE_LEN GC_BLOB_MESSAGE_LEN
#define MAX_DEVICES 64
#define MAX_FORMAT_THREADS 16

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
    pthread_t populate_thread; /* cells_batches.c */
    int populating;
    /* the output records of a group, formatted at once on n_format_threads threads */
    char **slots;
    size_t *slot_lens, n_slots, slot_size, n_format_threads;
    /* counts and progress: done counts the well-formed blobs (those the estimate counts),
     * malformed the lines that were not blobs, rejected every error record */
    size_t done, malformed, rejected, expected_total;
    int progress, progress_open;
    double t_first;
    /* -v's timing: each stage's busy seconds (the stages overlap), and when streaming began */
    double busy_read, busy_compute, busy_format, busy_write, t_stream;
} cells_run;

/** The bytes of a raw output record: status, commitment, cells, proofs. */
size_t gc_cells_raw_record_bytes(const cells_run *r);

/** Formats and writes the batch's records in input order (counting them in r); 0 when the
 *  output failed. */
int gc_cells_write_records(cells_run *r, const cells_batch *b);

#endif
