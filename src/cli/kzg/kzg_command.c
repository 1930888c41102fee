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
#include "cli/kzg/cells_run.h"

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
#include "cli/kzg/cells_batches.h"
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

static const char *const prog = GC_CELLS_PROG;

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

/* Without --batch, GPUs stream passes of 128 blobs: on the H200, 1,024 blobs streamed at
 * 0.25 ms a blob in batches of 64 or 128, 0.34 at 256 and 0.43 at the library's 512,
 * whose two calls neither fill nor drain the pipeline; a context for 128 also holds a
 * third of the device memory of one for 512. CPUs keep the library's default (16). */
#define GPU_STREAM_BATCH 128

static size_t stream_batch(const cells_run *r) {
    for (size_t i = 0; i < r->n_devs; i++)
        if (!gc_device_get_info(r->devs[i])->is_gpu) return 0;
    return GPU_STREAM_BATCH;
}

/* The pool, made on the first well-formed blob; and the buffers of the batches. */
static int make_context(cells_run *r) {
    cells_args *a = r->args;
    end_progress_line(r);
    if (r->progress || a->verbose)
        fprintf(stderr, "%s: precomputing for %s (cell size %u)...\n", prog, r->device_label, a->cell_size);
    if (!r->setup && !load_setup(r)) return 0;
    gc_kzg_options opt = {a->cell_size, a->comb_teeth, a->batch ? a->batch : stream_batch(r), a->g1_conv, 0};
    char err[1200];
    gc_kzg_ret ret = gc_kzg_pool_create(&r->pool, r->devs, r->n_devs, r->setup, &opt, err, sizeof err);
    if (ret == GC_KZG_DEVICE_MEMORY && !a->batch && opt.max_batch) { /* then as many as fit */
        opt.max_batch = 0;
        ret = gc_kzg_pool_create(&r->pool, r->devs, r->n_devs, r->setup, &opt, err, sizeof err);
    }
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
    if (!gc_cells_batches_alloc(r)) {
        fprintf(stderr, "%s: out of host memory for a batch of %zu blobs: try a smaller --batch\n", prog, r->max_batch);
        return 0;
    }
    r->t_first = r->t_stream = gc_clock_ms() / 1e3;
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
    double t0 = gc_clock_ms();
    gc_kzg_ret ret = gc_kzg_pool_compute_cells_and_proofs(r->pool, b->cells, b->proofs, b->commitments, b->blobs,
                                                          b->n_blobs, b->status);
    r->busy_compute += (gc_clock_ms() - t0) / 1e3;
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
        if (!gc_cells_write_records(r, b)) {
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
        int ok = gc_cells_write_records(r, r->b);
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
    r->slot_size = json > gc_cells_raw_record_bytes(r) ? json : gc_cells_raw_record_bytes(r);
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
    double t_read = gc_clock_ms();
    while (ok && next_item(r, &in, line, blob, &r->b->recs[r->b->n_recs], &line_no, &kind)) {
        cells_batch *b = r->b;
        record *rec = &b->recs[b->n_recs];
        if (kind == GC_BLOB_LINE_BLANK) continue;
        rec->index = index++;
        rec->line_no = line_no;
        rec->slot = -1;
        if (kind == GC_BLOB_LINE_BLOB) {
            if (!r->pool) {
                if (!(make_context(r) && start_pipeline(r))) {
                    ok = 0;
                    break;
                }
                t_read = gc_clock_ms(); /* the precomputation is no stage's time */
            }
            rec->slot = (long)b->n_blobs;
            memcpy(b->blobs + b->n_blobs * GC_KZG_BYTES_PER_BLOB, blob, GC_KZG_BYTES_PER_BLOB);
            b->n_blobs++;
        }
        b->n_recs++;
        r->busy_read += (gc_clock_ms() - t_read) / 1e3;
        /* A malformed line with no blob ahead of it is written at once. */
        if (b->n_blobs == 0 || b->n_blobs == r->max_batch || b->n_recs == MAX_HELD_RECORDS) ok = submit_batch(r);
        t_read = gc_clock_ms();
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

/* -v: where the run's time went. Streaming counts from the end of the precomputation to
 * the last record written; the stages' busy times overlap, so the largest of them is what
 * bounds the streaming rate. */
static void print_timing(const cells_run *r, double t_start, double t_streamed) {
    double stream_ms = (t_streamed - r->t_stream) * 1e3;
    fprintf(stderr,
            "%s: %.0f ms before the first blob (setup, devices, precomputation), streamed %zu blobs in %.0f ms: "
            "%.3f ms a blob; closing %.0f ms\n",
            prog, (r->t_stream - t_start) * 1e3, r->done, stream_ms, r->done ? stream_ms / (double)r->done : 0.0,
            (gc_clock_ms() / 1e3 - t_streamed) * 1e3);
    fprintf(stderr, "%s: stages busy: reading %.0f ms, computing %.0f ms, formatting %.0f ms, writing %.0f ms\n",
            prog, r->busy_read * 1e3, r->busy_compute * 1e3, r->busy_format * 1e3, r->busy_write * 1e3);
}

static void free_run(cells_run *r) {
    gc_kzg_pool_free(r->pool);
    for (size_t i = 0; i < r->n_devs; i++) gc_device_close(r->devs[i]);
    gc_kzg_setup_free(r->setup);
    gc_cells_batches_free(r);
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
    double t_start = gc_clock_ms() / 1e3, t_streamed = 0;
    int ok = open_run(&r, &in) && gc_sink_open(prog, a.out);
    if (ok) {
        gc_sink_catch_signals();
        r.progress = isatty(fileno(stderr));
        r.t_first = gc_clock_ms() / 1e3; /* blobs/s counts from here, or from the end of the precomputation */
        ok = stream_records(&r, in);
        t_streamed = gc_clock_ms() / 1e3;
        ok = gc_sink_close(ok) && ok;
    }
    rc = !ok ? EXIT_USAGE : r.rejected ? EXIT_REJECTED : 0;
    if (a.verbose && ok) {
        fprintf(stderr, "%s: %zu blobs, %zu malformed lines, %zu rejected\n", prog, r.done, r.malformed, r.rejected);
        if (r.t_stream > 0) print_timing(&r, t_start, t_streamed);
    }
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
