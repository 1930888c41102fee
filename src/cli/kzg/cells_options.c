/* SPDX-License-Identifier: Apache-2.0 */
/* cells_options.c — the options of `gpucheck kzg cells` (cells_options.h). */
#include "cli/kzg/cells_options.h"

#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdint.h>
#include <string.h>

#include "common/number.h"
#include "common/option_value.h"
#include "gpucheck/gc_kzg.h"

static const char *const prog = GC_CELLS_PROG;

/* ---- options ----------------------------------------------------------------------- */


void gc_cells_print_kzg_help(FILE *f) {
    fprintf(f, "usage: gpucheck kzg SUBCOMMAND [options]\n\n"
               "KZG commitments, EIP-7594 cells and FK20 cell proofs over BLS12-381, for batches of\n"
               "blobs on one device or several, byte for byte as c-kzg-4844 computes them.\n\n"
               "Subcommands:\n"
               "  cells          commitment, cells and cell proofs of every blob of the input (JSON Lines)\n"
               "  verify-cells   verify_cell_kzg_proof_batch of every case of the input (JSON Lines)\n"
               "  recover        all 128 cells and proofs of a blob from at least 64 of its cells\n"
               "  compute-proof  the KZG proof of a blob at z, and y = p(z)\n"
               "  blob-proof     the blob proof of a blob and its commitment\n"
               "  verify-proof   verify_kzg_proof of every case of the input (JSON Lines)\n"
               "  verify-blobs   verify_blob_kzg_proof_batch of every case of the input (JSON Lines)\n\n"
               "'gpucheck kzg SUBCOMMAND --help' (as 'gpucheck kzg cells --help') describes its options.\n"
               "Exit status: 0 success, 1 a blob or a case was rejected, 2 usage, setup, device or output error,\n"
               "130/143 stopped by SIGINT/SIGTERM (whole records only).\n");
}

void gc_cells_print_help(FILE *f) {
    fprintf(f,
            "usage: gpucheck kzg cells [--device LIST] [--setup FILE] [--cell-size L] [--comb-teeth T]\n"
            "                          [--g1-conv N] [--batch N] [--in FILE|-] [--out FILE|-]\n"
            "                          [--in-format hex|raw] [--out-format jsonl|raw] [-v]\n\n"
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
            "                     default: both tables within 4 GiB and a quarter of the device's\n"
            "                     memory: 13 (12 for the commitments' table, 3.75 GiB) from 16 GB,\n"
            "                     12 from 12 GB, else 11 (each table within the device's largest\n"
            "                     allocation), none on a CPU; 17 (72 GiB) is 15%% faster at 128 blobs\n"
            "  --g1-conv N        L = 64: passes of at most N blobs (1..512) compute the proofs' two G1\n"
            "                     FFTs as one convolution (less latency, more work), or 'none' for\n"
            "                     never; default: 16 on a GPU, none on a CPU\n"
            "  --batch N          blobs per device pass, 1..65536 (default: 128 on a GPU, or as many as\n"
            "                     fit in a quarter of its memory if fewer; 16 on a CPU); a batch of the\n"
            "                     input is one pass of every device\n"
            "  --in FILE|-        input (default '-', stdin)\n"
            "  --out FILE|-       output (default '-', stdout); written to a temporary file beside FILE\n"
            "                     and renamed into place when the run ends, so an existing FILE is\n"
            "                     replaced only once a record is written (never by a run that fails\n"
            "                     or is stopped before its first); --in, stdin and --setup may not be\n"
            "                     the output file, nor the file stdout is\n"
            "  --in-format raw    the input is blobs of 131,072 bytes back to back, no text; a short\n"
            "                     last blob is an error record naming its byte offset (default hex)\n"
            "  --out-format raw   per blob one record of the same size: a status byte (0 computed,\n"
            "                     1 rejected), the 48-byte commitment, the 8192/L cells of L*32 bytes\n"
            "                     and the 8192/L proofs of 48 bytes; zero bytes after a rejection;\n"
            "                     no message (default jsonl)\n"
            "  -v, --verbose      describe the devices and the precomputation on stderr\n\n"
            "The input is read in batches of N blobs: while one batch computes, the next is read and\n"
            "the one before written, so inputs of any size stream through. On a terminal, stderr\n"
            "shows progress (blobs done, blobs/s).\n\n"
            "Exit status: 0 every blob computed; 1 some blob rejected (every other blob still written);\n"
            "2 usage, setup, device or output error, said on stderr (unknown device, unreadable or\n"
            "invalid setup, unsupported L, out of device memory, output not writable, an input that is\n"
            "the output); the records of the batch that failed are not written, those before it are;\n"
            "130 stopped by SIGINT (Ctrl-C), 143 by SIGTERM: the record being written is finished (a\n"
            "second signal drops it), the whole records so far are in place, an existing FILE is left\n"
            "as it was if none was written.\n");
}

int gc_cells_usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return 2;
}

/* Within [lo, hi], parsed as every number of the command line is (common/number.h). */
static int parse_uint(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out) {
    uint64_t v;
    if (gc_parse_uint(s, lo, hi, &v)) return 0;
    *out = v;
    return 1;
}

int gc_cells_parse_args(int argc, char **argv, cells_args *a) {
    static const char *const value_flags[] = {"--device", "--setup", "--cell-size", "--comb-teeth",
                                              "--g1-conv", "--batch", "--in",    "--out",
                                              "--in-format", "--out-format"};
    const char *seen[sizeof value_flags / sizeof value_flags[0]] = {0};
    memset(a, 0, sizeof *a);
    a->cell_size = GC_KZG_EIP7594_CELL_SIZE;
    a->in = "-";
    a->out = "-";
    for (int i = 1; i < argc; i++) {
        const char *val = NULL;
        char why[400];
        int f = gc_option_next(argc, argv, &i, value_flags, sizeof value_flags / sizeof value_flags[0], seen, prog, &val,
                               why, sizeof why);
        if (f == GC_OPTION_HELP) a->help = 1;
        if (f == GC_OPTION_VERBOSE) a->verbose = 1;
        if (f == GC_OPTION_ERROR) return gc_cells_usage_error("%s", why);
        if (f < 0) continue;
        const char *name = value_flags[f];
        unsigned long long u;
        if (!strcmp(name, "--device")) a->device = val;
        else if (!strcmp(name, "--setup")) a->setup = val;
        else if (!strcmp(name, "--in")) a->in = val;
        else if (!strcmp(name, "--out")) a->out = val;
        else if (!strcmp(name, "--in-format")) {
            if (strcmp(val, "hex") && strcmp(val, "raw"))
                return gc_cells_usage_error("--in-format takes hex (one blob a line) or raw (blobs of %d bytes back to back), "
                                   "got '%s'", GC_KZG_BYTES_PER_BLOB, val);
            a->in_raw = !strcmp(val, "raw");
        } else if (!strcmp(name, "--out-format")) {
            if (strcmp(val, "jsonl") && strcmp(val, "raw"))
                return gc_cells_usage_error("--out-format takes jsonl (JSON Lines) or raw (fixed-size binary records), got '%s'",
                                   val);
            a->out_raw = !strcmp(val, "raw");
        }
        else if (!strcmp(name, "--cell-size")) {
            if (!parse_uint(val, 1, 1u << 20, &u) || (u != 16 && u != 32 && u != 64))
                return gc_cells_usage_error("unsupported cell size '%s': --cell-size takes 16, 32 or 64 (field elements "
                                   "per cell; 64 is EIP-7594)", val);
            a->cell_size = (unsigned)u;
        } else if (!strcmp(name, "--comb-teeth")) {
            if (!strcmp(val, "none"))
                a->comb_teeth = GC_KZG_NO_TABLES;
            else if (!parse_uint(val, GC_KZG_COMB_TEETH_MIN, GC_KZG_COMB_TEETH_MAX, &u))
                return gc_cells_usage_error("--comb-teeth needs an integer in %u..%u or 'none', got '%s'", GC_KZG_COMB_TEETH_MIN,
                                   GC_KZG_COMB_TEETH_MAX, val);
            else
                a->comb_teeth = (unsigned)u;
        } else if (!strcmp(name, "--g1-conv")) {
            if (!strcmp(val, "none"))
                a->g1_conv = GC_KZG_NO_G1_CONV;
            else if (!parse_uint(val, 1, GC_KZG_G1_CONV_MAX_BATCH_MAX, &u))
                return gc_cells_usage_error("--g1-conv needs an integer in 1..%u or 'none', got '%s'",
                                   GC_KZG_G1_CONV_MAX_BATCH_MAX, val);
            else
                a->g1_conv = (unsigned)u;
        } else if (!strcmp(name, "--batch")) {
            if (!parse_uint(val, 1, 1u << 16, &u)) return gc_cells_usage_error("--batch needs an integer in 1..65536, got '%s'", val);
            a->batch = (size_t)u;
        }
    }
    if (a->help) {
        gc_cells_print_help(stdout);
        return 0;
    }
    return -1;
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
int gc_cells_check_files(const cells_args *a) {
    named_file in, setup, out;
    int in_stdin = !strcmp(a->in, "-"), out_stdout = !strcmp(a->out, "-");
    name_file(&in, in_stdin ? "the input (stdin)" : "--in", in_stdin ? NULL : a->in, STDIN_FILENO);
    name_file(&out, out_stdout ? "the output (stdout)" : "--out", out_stdout ? NULL : a->out, STDOUT_FILENO);
    if (a->setup) name_file(&setup, "--setup", a->setup, -1);
    const named_file *inputs[2] = {&in, a->setup ? &setup : NULL};
    for (size_t i = 0; i < 2; i++) {
        const named_file *f = inputs[i];
        if (f && f->regular && out.regular && f->st.st_dev == out.st.st_dev && f->st.st_ino == out.st.st_ino)
            return gc_cells_usage_error("%s and %s are the same file (%s): refusing to overwrite it or read the output back",
                               f->what, out.what, out_stdout ? (i ? a->setup : a->in) : a->out);
    }
    return -1;
}
