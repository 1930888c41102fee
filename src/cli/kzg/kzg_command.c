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
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/hex.h"
#include "common/number.h"
#include "common/option_value.h"
#include "device/device_match.h"
#include "gpucheck/gc_device.h"
#include "gpucheck/gc_kzg.h"
#include "cli/kzg/blob_input.h"
#include "cli/kzg/cells_sink.h"
#include "common/clock.h"

#define EXIT_REJECTED 1
#define EXIT_USAGE 2
#define BLOB_HEX_DIGITS GC_BLOB_HEX_DIGITS
/* Malformed lines held back behind the blobs of a batch (their records must follow those
 * blobs'): past this many the batch runs early, so that memory stays bounded. */
#define MAX_HELD_RECORDS 4096
#define MESSAGE_LEN GC_BLOB_MESSAGE_LEN
#define MAX_DEVICES 64

static const char *const prog = "gpucheck kzg cells";

/* ---- options ----------------------------------------------------------------------- */

typedef struct {
    const char *device, *setup, *in, *out;
    unsigned cell_size, comb_teeth, g1_conv;
    size_t batch;
    int verbose, help;
} cells_args;

static void print_kzg_help(FILE *f) {
    fprintf(f, "usage: gpucheck kzg SUBCOMMAND [options]\n\n"
               "KZG commitments, EIP-7594 cells and FK20 cell proofs over BLS12-381, for batches of\n"
               "blobs on one device or several, byte for byte as c-kzg-4844 computes them.\n\n"
               "Subcommands:\n"
               "  cells     commitment, cells and cell proofs of every blob of the input (JSON Lines)\n\n"
               "'gpucheck kzg cells --help' describes its options.\n"
               "Exit status: 0 success, 1 a blob was rejected, 2 usage, setup, device or output error,\n"
               "130/143 stopped by SIGINT/SIGTERM (whole records only).\n");
}

static void print_cells_help(FILE *f) {
    fprintf(f,
            "usage: gpucheck kzg cells [--device LIST] [--setup FILE] [--cell-size L] [--comb-teeth T]\n"
            "                          [--g1-conv N] [--batch N] [--in FILE|-] [--out FILE|-] [-v]\n\n"
            "Reads blobs, one a line: \"0x\" and 262,144 hex digits in either case (4096 field elements\n"
            "of 32 big-endian bytes, in bit-reversed evaluation order, as in the consensus test\n"
            "vectors), blanks around it ignored; blank lines are ignored. Writes one JSON Lines record\n"
            "per blob, in input order:\n"
            "  {\"index\": i, \"commitment\": \"0x..\", \"cells\": [\"0x..\", ..], \"proofs\": [\"0x..\", ..]}\n"
            "or, for a rejected blob (a malformed line, or a field element >= r):\n"
            "  {\"index\": i, \"error\": \"GC_KZG_BADARGS\", \"message\": \"line N: ..\"}\n"
            "i counts the non-blank lines from 0, N every line from 1. Hex is lowercase; the commitment\n"
            "and each proof are 48-byte compressed G1 points, a cell is L field elements (L*32 bytes).\n\n"
            "  --device LIST      device: an id or name (default: first CUDA GPU, else first OpenCL GPU,\n"
            "                     else PoCL CPU); a comma list of them, or 'all' (every device of the\n"
            "                     default one's backend and kind: all CUDA GPUs, say), splits each\n"
            "                     batch across them, one context and host thread per device\n"
            "  --setup FILE       trusted setup in c-kzg-4844's text format (default: the Ethereum\n"
            "                     ceremony's, built in)\n"
            "  --cell-size L      field elements per cell: 16, 32 or 64 (default 64, EIP-7594);\n"
            "                     8192/L cells and 8192/L proofs per blob\n"
            "  --comb-teeth T     teeth of both fixed-base MSM comb tables (signed combs), 6..17\n"
            "                     (2^(T-1) points per base, 12,288 bases: 1.1 GiB at 11, 9 GiB at 14,\n"
            "                     36 GiB at 16), or 'none' for no tables (least device memory);\n"
            "                     default: on a GPU of 128 GB or more 17 (72 GiB); from 64 GB 16,\n"
            "                     and 17 for the commitments' table (48 GiB); 14 from 32 GB, 13 from\n"
            "                     16 GB, 11 on a smaller one (each table within the device's largest\n"
            "                     allocation), none on a CPU\n"
            "  --g1-conv N        L = 64: passes of at most N blobs (1..512) compute the proofs' two G1\n"
            "                     FFTs as one convolution (less latency, more work), or 'none' for\n"
            "                     never; default: 16 on a GPU, none on a CPU\n"
            "  --batch N          blobs per device pass, 1..65536 (default: as many as fit in a quarter\n"
            "                     of the device memory, at most 512, 16 on a CPU); a batch of the input\n"
            "                     is one pass of every device\n"
            "  --in FILE|-        input (default '-', stdin)\n"
            "  --out FILE|-       output (default '-', stdout); written to a temporary file beside FILE\n"
            "                     and renamed into place when the run ends, so an existing FILE is\n"
            "                     replaced only once a record is written (never by a run that fails\n"
            "                     or is stopped before its first); --in, stdin and --setup may not be\n"
            "                     the output file, nor the file stdout is\n"
            "  -v, --verbose      describe the devices and the precomputation on stderr\n\n"
            "The input is read in batches of N blobs and each batch's records are written as soon as\n"
            "it is computed, so inputs of any size stream through. On a terminal, stderr shows\n"
            "progress (blobs done, blobs/s).\n\n"
            "Exit status: 0 every blob computed; 1 some blob rejected (every other blob still written);\n"
            "2 usage, setup, device or output error, said on stderr (unknown device, unreadable or\n"
            "invalid setup, unsupported L, out of device memory, output not writable, an input that is\n"
            "the output); the records of the batch that failed are not written, those before it are;\n"
            "130 stopped by SIGINT (Ctrl-C), 143 by SIGTERM: the record being written is finished (a\n"
            "second signal drops it), the whole records so far are in place, an existing FILE is left\n"
            "as it was if none was written.\n");
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return EXIT_USAGE;
}

/* Within [lo, hi], parsed as every number of the command line is (common/number.h). */
static int parse_uint(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out) {
    uint64_t v;
    if (gc_parse_uint(s, lo, hi, &v)) return 0;
    *out = v;
    return 1;
}

/* argv[0] is "cells". Returns -1 to go on, else an exit status. */
static int parse_cells_args(int argc, char **argv, cells_args *a) {
    static const char *const value_flags[] = {"--device", "--setup", "--cell-size", "--comb-teeth",
                                              "--g1-conv", "--batch", "--in",    "--out"};
    const char *seen[sizeof value_flags / sizeof value_flags[0]] = {0};
    memset(a, 0, sizeof *a);
    a->cell_size = GC_KZG_EIP7594_CELL_SIZE;
    a->in = "-";
    a->out = "-";
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            a->help = 1;
            continue;
        }
        if (!strcmp(arg, "-v") || !strcmp(arg, "--verbose")) {
            a->verbose = 1;
            continue;
        }
        if (arg[0] != '-') return usage_error("unexpected argument '%s'; try '%s --help'", arg, prog);
        /* --flag=value is accepted as well as --flag value. */
        const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
        int f = -1;
        for (size_t k = 0; k < sizeof value_flags / sizeof value_flags[0]; k++)
            if (strlen(value_flags[k]) == nlen && !strncmp(value_flags[k], arg, nlen)) f = (int)k;
        if (f < 0) return usage_error("unknown option '%s'; try '%s --help'", arg, prog);
        const char *name = value_flags[f];
        char why[300];
        const char *val = gc_option_value(argc, argv, &i, name, eq, "a value", why, sizeof why);
        if (!val) return usage_error("%s", why);
        if (seen[f]) return usage_error("option '%s' given twice ('%s' and '%s')", name, seen[f], val);
        seen[f] = val;
        unsigned long long u;
        if (!strcmp(name, "--device")) a->device = val;
        else if (!strcmp(name, "--setup")) a->setup = val;
        else if (!strcmp(name, "--in")) a->in = val;
        else if (!strcmp(name, "--out")) a->out = val;
        else if (!strcmp(name, "--cell-size")) {
            if (!parse_uint(val, 1, 1u << 20, &u) || (u != 16 && u != 32 && u != 64))
                return usage_error("unsupported cell size '%s': --cell-size takes 16, 32 or 64 (field elements "
                                   "per cell; 64 is EIP-7594)", val);
            a->cell_size = (unsigned)u;
        } else if (!strcmp(name, "--comb-teeth")) {
            if (!strcmp(val, "none"))
                a->comb_teeth = GC_KZG_NO_TABLES;
            else if (!parse_uint(val, GC_KZG_COMB_TEETH_MIN, GC_KZG_COMB_TEETH_MAX, &u))
                return usage_error("--comb-teeth needs an integer in %u..%u or 'none', got '%s'", GC_KZG_COMB_TEETH_MIN,
                                   GC_KZG_COMB_TEETH_MAX, val);
            else
                a->comb_teeth = (unsigned)u;
        } else if (!strcmp(name, "--g1-conv")) {
            if (!strcmp(val, "none"))
                a->g1_conv = GC_KZG_NO_G1_CONV;
            else if (!parse_uint(val, 1, GC_KZG_G1_CONV_MAX_BATCH_MAX, &u))
                return usage_error("--g1-conv needs an integer in 1..%u or 'none', got '%s'",
                                   GC_KZG_G1_CONV_MAX_BATCH_MAX, val);
            else
                a->g1_conv = (unsigned)u;
        } else if (!strcmp(name, "--batch")) {
            if (!parse_uint(val, 1, 1u << 16, &u)) return usage_error("--batch needs an integer in 1..65536, got '%s'", val);
            a->batch = (size_t)u;
        }
    }
    if (a->help) {
        print_cells_help(stdout);
        return 0;
    }
    return -1;
}

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
    long slot;
    char message[MESSAGE_LEN];
} record;

typedef struct {
    cells_args *args;
    gc_device *devs[MAX_DEVICES];
    size_t n_devs;
    gc_kzg_setup *setup;
    char device_label[MAX_DEVICES * 34]; /* the ids, comma-separated */
    gc_kzg_pool *pool;
    size_t max_batch, cells_per_blob, cell_bytes;
    uint8_t *blobs, *cells, *proofs, *commitments;
    gc_kzg_ret *status;
    record *recs;
    size_t n_recs, n_blobs;
    char *text; /* one output record */
    size_t text_size;
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

static int write_text(cells_run *r, const char *p, size_t n) {
    (void)r;
    return gc_sink_write(p, n, 1);
}

static int write_error(cells_run *r, size_t index, const char *name, const char *message) {
    char buf[MESSAGE_LEN * 2 + 128], *p = buf;
    p += sprintf(p, "{\"index\": %zu, \"error\": \"%s\", \"message\": \"", index, name);
    for (const char *m = message; *m; m++) /* our own text: escape quotes and backslashes */
        if ((unsigned char)*m >= 0x20) {
            if (*m == '"' || *m == '\\') *p++ = '\\';
            *p++ = *m;
        }
    p = put_str(p, "\"}\n");
    r->rejected++;
    return write_text(r, buf, (size_t)(p - buf));
}

static int write_blob(cells_run *r, size_t index, size_t slot) {
    size_t l_bytes = r->cell_bytes, n = r->cells_per_blob;
    char *p = r->text;
    p += sprintf(p, "{\"index\": %zu, \"commitment\": \"", index);
    p = put_hex(p, r->commitments + slot * GC_KZG_BYTES_PER_COMMITMENT, GC_KZG_BYTES_PER_COMMITMENT);
    p = put_str(p, "\", \"cells\": [");
    for (size_t c = 0; c < n; c++) {
        *p++ = '"';
        p = put_hex(p, r->cells + (slot * n + c) * l_bytes, l_bytes);
        p = put_str(p, c + 1 < n ? "\", " : "\"");
    }
    p = put_str(p, "], \"proofs\": [");
    for (size_t c = 0; c < n; c++) {
        *p++ = '"';
        p = put_hex(p, r->proofs + (slot * n + c) * GC_KZG_BYTES_PER_PROOF, GC_KZG_BYTES_PER_PROOF);
        p = put_str(p, c + 1 < n ? "\", " : "\"");
    }
    p = put_str(p, "]}\n");
    return write_text(r, r->text, (size_t)(p - r->text));
}

/* The progress line: rewritten in place (\r) while it is the last thing on stderr;
 * end_progress_line moves any other message to a line of its own. */
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
    size_t b = r->max_batch, per_blob_cells = r->cells_per_blob * r->cell_bytes;
    r->text_size = 64 + 2 * GC_KZG_BYTES_PER_COMMITMENT + r->cells_per_blob * (2 * r->cell_bytes + 8) + 32 +
                   r->cells_per_blob * (2 * GC_KZG_BYTES_PER_PROOF + 8) + 16;
    r->blobs = malloc(b * GC_KZG_BYTES_PER_BLOB);
    r->cells = malloc(b * per_blob_cells);
    r->proofs = malloc(b * r->cells_per_blob * GC_KZG_BYTES_PER_PROOF);
    r->commitments = malloc(b * GC_KZG_BYTES_PER_COMMITMENT);
    r->status = malloc(b * sizeof *r->status);
    r->text = malloc(r->text_size);
    if (!r->blobs || !r->cells || !r->proofs || !r->commitments || !r->status || !r->text) {
        fprintf(stderr, "%s: out of host memory for a batch of %zu blobs: try a smaller --batch\n", prog, b);
        return 0;
    }
    r->t_first = gc_clock_ms() / 1e3;
    return 1;
}

/* Computes the batch's blobs and writes every held record in order. */
static int run_batch(cells_run *r) {
    if (r->n_blobs) {
        show_progress(r, r->n_blobs);
        gc_kzg_ret ret = gc_kzg_pool_compute_cells_and_proofs(r->pool, r->cells, r->proofs, r->commitments,
                                                              r->blobs, r->n_blobs, r->status);
        if (ret) {
            const char *dmsg = "";
            gc_kzg_pool_last_error(r->pool, NULL, &dmsg);
            end_progress_line(r);
            fprintf(stderr, "%s: computing blobs %zu..%zu failed: %s: %s%s%s\n", prog, r->recs[0].index,
                    r->recs[r->n_recs - 1].index, gc_kzg_ret_name(ret), gc_kzg_ret_message(ret),
                    dmsg && dmsg[0] ? ": " : "", dmsg ? dmsg : "");
            if (ret == GC_KZG_DEVICE_MEMORY)
                fprintf(stderr, "%s: out of device memory: try a smaller --batch (this one was %zu)\n", prog,
                        r->max_batch);
            return 0;
        }
    }
    for (size_t i = 0; i < r->n_recs; i++) {
        const record *rec = &r->recs[i];
        int ok;
        if (rec->slot < 0) {
            ok = write_error(r, rec->index, gc_kzg_ret_name(GC_KZG_BADARGS), rec->message);
        } else if (r->status[rec->slot] != GC_KZG_OK) {
            char msg[MESSAGE_LEN];
            long e = first_noncanonical(r->blobs + (size_t)rec->slot * GC_KZG_BYTES_PER_BLOB);
            if (r->status[rec->slot] == GC_KZG_BADARGS && e >= 0)
                snprintf(msg, sizeof msg, "line %zu: field element %ld is not below the BLS12-381 scalar modulus r",
                         rec->line_no, e);
            else
                snprintf(msg, sizeof msg, "line %zu: %s", rec->line_no, gc_kzg_ret_message(r->status[rec->slot]));
            ok = write_error(r, rec->index, gc_kzg_ret_name(r->status[rec->slot]), msg);
        } else {
            ok = write_blob(r, rec->index, (size_t)rec->slot);
        }
        if (!ok) {
            end_progress_line(r);
            return 0;
        }
        if (rec->slot < 0) r->malformed++;
        else r->done++;
    }
    r->n_recs = r->n_blobs = 0;
    show_progress(r, 0);
    return 1;
}

/* ---- the files: none of them may be another ------------------------------------------ */

typedef struct {
    const char *what; /* as the message names it */
    struct stat st;
    int regular; /* a regular file that exists */
} named_file;

static void name_file(named_file *f, const char *what, const char *path, int fd) {
    f->what = what;
    f->regular = (path ? stat(path, &f->st) : fstat(fd, &f->st)) == 0 && S_ISREG(f->st.st_mode);
}

/* The input (stdin included) and the setup are never the output (the --out file, or the
 * file stdout is): the run would destroy them or read its own records back forever. Only
 * regular files are compared: a terminal or /dev/null may be both ends. */
static int check_distinct_files(const cells_args *a) {
    named_file in, setup, out;
    int in_stdin = !strcmp(a->in, "-"), out_stdout = !strcmp(a->out, "-");
    name_file(&in, in_stdin ? "the input (stdin)" : "--in", in_stdin ? NULL : a->in, STDIN_FILENO);
    name_file(&out, out_stdout ? "the output (stdout)" : "--out", out_stdout ? NULL : a->out, STDOUT_FILENO);
    if (a->setup) name_file(&setup, "--setup", a->setup, -1);
    const named_file *inputs[2] = {&in, a->setup ? &setup : NULL};
    for (size_t i = 0; i < 2; i++) {
        const named_file *f = inputs[i];
        if (f && f->regular && out.regular && f->st.st_dev == out.st.st_dev && f->st.st_ino == out.st.st_ino)
            return usage_error("%s and %s are the same file (%s): refusing to overwrite it or read the output back",
                               f->what, out.what, out_stdout ? (i ? a->setup : a->in) : a->out);
    }
    return -1;
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

/* The input, the devices and the setup file: everything that can be refused before the
 * output is touched and before the precomputation. */
static int open_run(cells_run *r, FILE **in) {
    const cells_args *a = r->args;
    *in = strcmp(a->in, "-") ? fopen(a->in, "r") : stdin;
    if (!*in) {
        fprintf(stderr, "%s: cannot read the input %s: %s\n", prog, a->in, strerror(errno));
        return 0;
    }
    struct stat st;
    memset(&st, 0, sizeof st);
    if (fstat(fileno(*in), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: cannot read the input %s: it is a directory\n", prog, a->in);
        return 0;
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) r->expected_total = (size_t)(st.st_size / (BLOB_HEX_DIGITS + 3)) + 1;
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
    r->recs = malloc(MAX_HELD_RECORDS * sizeof *r->recs);
    if (!r->recs) {
        fprintf(stderr, "%s: out of host memory\n", prog);
        return 0;
    }
    return 1;
}

/* Reads the input line by line into batches, each written as soon as it is computed. */
static int stream_records(cells_run *r, FILE *in) {
    size_t line_size = GC_BLOB_LINE_BUFFER;
    char *line = malloc(line_size);
    uint8_t *blob = malloc(GC_KZG_BYTES_PER_BLOB);
    int ok = line && blob;
    if (!ok) fprintf(stderr, "%s: out of host memory\n", prog);
    size_t len, lead, line_no = 0, index = 0;
    while (ok && gc_blob_read_line(in, line, line_size, &len, &lead)) {
        line_no++;
        record *rec = &r->recs[r->n_recs];
        gc_blob_line kind = gc_blob_parse_line(line, line_size, len, lead, line_no, blob, rec->message);
        if (kind == GC_BLOB_LINE_BLANK) continue;
        rec->index = index++;
        rec->line_no = line_no;
        rec->slot = -1;
        if (kind == GC_BLOB_LINE_BLOB) {
            if (!r->pool && !make_context(r)) {
                ok = 0;
                break;
            }
            rec->slot = (long)r->n_blobs;
            memcpy(r->blobs + r->n_blobs * GC_KZG_BYTES_PER_BLOB, blob, GC_KZG_BYTES_PER_BLOB);
            r->n_blobs++;
        }
        r->n_recs++;
        /* A malformed line with no blob ahead of it is written at once. */
        if (r->n_blobs == 0 || r->n_blobs == r->max_batch || r->n_recs == MAX_HELD_RECORDS) ok = run_batch(r);
    }
    free(blob);
    free(line);
    if (ok && ferror(in)) {
        end_progress_line(r);
        fprintf(stderr, "%s: cannot read the input %s: %s\n", prog, r->args->in, strerror(errno));
        ok = 0;
    }
    if (ok && r->n_recs) ok = run_batch(r);
    end_progress_line(r);
    return ok;
}

static void free_run(cells_run *r) {
    gc_kzg_pool_free(r->pool);
    for (size_t i = 0; i < r->n_devs; i++) gc_device_close(r->devs[i]);
    gc_kzg_setup_free(r->setup);
    free(r->recs);
    free(r->blobs);
    free(r->cells);
    free(r->proofs);
    free(r->commitments);
    free(r->status);
    free(r->text);
}

static int cmd_cells(int argc, char **argv) {
    cells_args a;
    int rc = parse_cells_args(argc, argv, &a);
    if (rc >= 0) return rc;
    if ((rc = check_distinct_files(&a)) >= 0) return rc;
    cells_run r;
    memset(&r, 0, sizeof r);
    r.args = &a;
    FILE *in = NULL;
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
    if (in && in != stdin) fclose(in);
    free_run(&r);
    return rc;
}

int gc_kzg_command(int argc, char **argv) {
    if (argc < 2) {
        print_kzg_help(stderr);
        return EXIT_USAGE;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        if (argc > 2 && !strcmp(argv[2], "cells")) print_cells_help(stdout);
        else print_kzg_help(stdout);
        return 0;
    }
    if (!strcmp(sub, "cells")) return cmd_cells(argc - 1, argv + 1);
    fprintf(stderr, "gpucheck kzg: unknown subcommand '%s' (cells); try 'gpucheck kzg --help'\n", sub);
    return EXIT_USAGE;
}
