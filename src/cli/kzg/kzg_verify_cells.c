/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_verify_cells.c — `gpucheck kzg verify-cells` (kzg_verify_cells.h): cases read in groups,
 * each group one device call of independent batches, records written in input order. */
#include "cli/kzg/kzg_verify_cells.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_parse.h"
#include "gpucheck/gc_device.h"
#include "gpucheck/gc_kzg.h"

#define EXIT_REFUSED 1
#define EXIT_USAGE 2
#define GROUP 64 /* cases a device call */
#define MESSAGE_LEN 256

static const char *const prog = "gpucheck kzg verify-cells";

void gc_kzg_verify_cells_help(FILE *f) {
    fprintf(f,
            "usage: gpucheck kzg verify-cells [--device ID] [--setup FILE] [--in FILE|-] [--out FILE|-]\n\n"
            "verify_cell_kzg_proof_batch (EIP-7594) of each case, one JSON object a line, fields as in\n"
            "the consensus test vectors (hex strings \"0x..\"; blank lines ignored):\n"
            "  {\"commitments\": [..], \"cell_indices\": [..], \"cells\": [..], \"proofs\": [..]}\n"
            "Writes one JSON Lines record per case, in input order:\n"
            "  {\"index\": i, \"valid\": true|false}\n"
            "or, for a case c-kzg refuses (a malformed line, lengths that differ, a cell index >= 128,\n"
            "an element >= r, a commitment or proof that is not a compressed point of the subgroup):\n"
            "  {\"index\": i, \"error\": \"GC_KZG_BADARGS\", \"message\": \"line N: ..\"}\n"
            "i counts the non-blank lines from 0, N every line from 1. An empty case is valid. Cases\n"
            "are verified 64 to a device call.\n\n"
            "  --device ID    device: an id or name (default: first CUDA GPU, else first OpenCL GPU,\n"
            "                 else PoCL CPU)\n"
            "  --setup FILE   trusted setup in c-kzg-4844's text format (default: the built-in one)\n"
            "  --in FILE|-    input (default '-', stdin)\n"
            "  --out FILE|-   output (default '-', stdout)\n\n"
            "Exit status: 0 every case answered (an invalid proof is an answer: \"valid\": false);\n"
            "1 some case refused (every other case still answered); 2 usage, setup or device error.\n");
}

/* One case: its arrays, or why it is refused. */
typedef struct {
    size_t index, line_no, n;
    uint8_t *commitments, *cells, *proofs;
    uint64_t *indices;
    char message[MESSAGE_LEN]; /* non-empty: refused before the device */
} vc_case;

static int nibble(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int hex_bytes(const char *s, uint8_t *out, size_t n) {
    if (strncmp(s, "0x", 2) || strlen(s + 2) != 2 * n) return 0;
    for (size_t i = 0; i < n; i++) {
        int hi = nibble(s[2 + 2 * i]), lo = nibble(s[3 + 2 * i]);
        if (hi < 0 || lo < 0) return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

/* The hex strings of array `key` (n of them, `size` bytes each) into out. */
static const char *read_hex_array(const gc_json *a, size_t size, uint8_t *out) {
    for (size_t k = 0; k < a->n; k++)
        if (a->items[k].type != GC_JSON_STRING || !hex_bytes(a->items[k].string, out + k * size, size))
            return "is not a \"0x\" hex string of the right length";
    return NULL;
}

static int case_fail(vc_case *c, const char *fmt, const char *what) {
    snprintf(c->message, sizeof c->message, fmt, c->line_no, what);
    return 0;
}

static int parse_case(vc_case *c, const char *line, size_t len) {
    char err[160];
    gc_json *v = gc_json_parse(line, len, err, sizeof err);
    if (!v) return case_fail(c, "line %zu: not JSON: %s", err);
    static const char *const keys[4] = {"commitments", "cell_indices", "cells", "proofs"};
    const gc_json *a[4];
    int ok = 1;
    for (int i = 0; i < 4 && ok; i++)
        if (!(a[i] = gc_json_get_type(v, keys[i], GC_JSON_ARRAY))) ok = case_fail(c, "line %zu: no array \"%s\"", keys[i]);
    if (ok && v->n != 4) ok = case_fail(c, "line %zu: %s", "fields other than the four");
    for (int i = 1; i < 4 && ok; i++)
        if (a[i]->n != a[0]->n) ok = case_fail(c, "line %zu: %s", "the arrays' lengths differ");
    size_t n = ok ? a[0]->n : 0;
    c->n = n;
    if (ok && n) {
        c->commitments = malloc(48 * n), c->proofs = malloc(48 * n), c->cells = malloc(2048 * n);
        c->indices = malloc(8 * n);
        if (!c->commitments || !c->proofs || !c->cells || !c->indices) ok = case_fail(c, "line %zu: %s", "out of memory");
    }
    const char *why;
    if (ok && (why = read_hex_array(a[0], 48, c->commitments))) ok = case_fail(c, "line %zu: a commitment %s", why);
    if (ok && (why = read_hex_array(a[2], 2048, c->cells))) ok = case_fail(c, "line %zu: a cell %s", why);
    if (ok && (why = read_hex_array(a[3], 48, c->proofs))) ok = case_fail(c, "line %zu: a proof %s", why);
    for (size_t k = 0; ok && k < n; k++) {
        const gc_json *x = &a[1]->items[k];
        if (x->type != GC_JSON_NUMBER || x->number < 0 || x->number > 9007199254740991.0 ||
            x->number != (double)(uint64_t)x->number)
            ok = case_fail(c, "line %zu: %s", "a cell index is not an integer in 0..2^53");
        else
            c->indices[k] = (uint64_t)x->number;
    }
    gc_json_free(v);
    return ok;
}

static void case_free(vc_case *c) {
    free(c->commitments), free(c->cells), free(c->proofs), free(c->indices);
    memset(c, 0, sizeof *c);
}

static void write_error(FILE *out, size_t index, const char *message) {
    fprintf(out, "{\"index\": %zu, \"error\": \"GC_KZG_BADARGS\", \"message\": \"", index);
    for (const char *m = message; *m; m++) /* our own text: escape quotes, backslashes, controls */
        if (*m == '"' || *m == '\\') fprintf(out, "\\%c", *m);
        else if ((unsigned char)*m < 0x20) fputc(' ', out);
        else fputc(*m, out);
    fputs("\"}\n", out);
}

/* One device call over the group's parsed cases, then their records; 1 a case refused,
 * 0 none, -1 a device error (said on stderr). */
static int run_group(gc_kzg_ctx *ctx, vc_case *cs, size_t n, FILE *out) {
    gc_kzg_cell_batch b[GROUP];
    bool ok[GROUP];
    gc_kzg_ret st[GROUP];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!cs[i].message[0]) b[m++] = (gc_kzg_cell_batch){cs[i].commitments, cs[i].indices, cs[i].cells, cs[i].proofs, cs[i].n};
    gc_kzg_ret r = m ? gc_kzg_verify_cell_kzg_proof_batches(ctx, ok, st, b, m) : GC_KZG_OK;
    if (r != GC_KZG_OK) {
        const char *msg = "";
        gc_kzg_ctx_last_device_status(ctx, &msg);
        fprintf(stderr, "%s: %s: %s\n", prog, gc_kzg_ret_name(r), msg);
        return -1;
    }
    int refused = 0;
    for (size_t i = 0, j = 0; i < n; i++) {
        if (cs[i].message[0]) {
            write_error(out, cs[i].index, cs[i].message), refused = 1;
            continue;
        }
        if (st[j] == GC_KZG_OK) {
            fprintf(out, "{\"index\": %zu, \"valid\": %s}\n", cs[i].index, ok[j] ? "true" : "false");
        } else {
            char msg[MESSAGE_LEN];
            snprintf(msg, sizeof msg, "line %zu: %s", cs[i].line_no,
                     "c-kzg refuses the batch (a cell index >= 128, an element >= r, or a commitment or proof that "
                     "is not a compressed point of the G1 subgroup)");
            write_error(out, cs[i].index, msg), refused = 1;
        }
        j++;
    }
    return refused;
}

typedef struct {
    const char *device, *setup, *in, *out;
} vc_args;

/* 0, or EXIT_USAGE (said on stderr); help: printed, *done set. */
static int parse_args(int argc, char **argv, vc_args *a, int *done) {
    memset(a, 0, sizeof *a);
    a->in = a->out = "-";
    *done = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], **slot = NULL;
        if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            gc_kzg_verify_cells_help(stdout);
            *done = 1;
            return 0;
        }
        if (!strcmp(arg, "--device")) slot = &a->device;
        else if (!strcmp(arg, "--setup")) slot = &a->setup;
        else if (!strcmp(arg, "--in")) slot = &a->in;
        else if (!strcmp(arg, "--out")) slot = &a->out;
        if (!slot || i + 1 == argc) {
            fprintf(stderr, "%s: %s '%s'; try '%s --help'\n", prog, slot ? "a value is missing after" : "unknown argument",
                    arg, prog);
            return EXIT_USAGE;
        }
        *slot = argv[++i];
    }
    return 0;
}

/* The context on the chosen device, without MSM tables (verification takes none); 0 and a
 * message on stderr when it cannot be made. */
static gc_kzg_ctx *open_context(const vc_args *a, gc_device **dev, gc_kzg_setup **setup) {
    char err[512] = "";
    size_t index;
    gc_devices_probe();
    gc_status st = a->device ? gc_device_find(a->device, &index) : gc_device_default(&index);
    if (st || (st = gc_device_open(index, dev))) {
        fprintf(stderr, "%s: device: %s\n", prog, gc_last_error());
        return NULL;
    }
    gc_kzg_ret r = a->setup ? gc_kzg_setup_load_file(setup, a->setup, err, sizeof err)
                            : gc_kzg_setup_load_default(setup, err, sizeof err);
    if (r) {
        fprintf(stderr, "%s: setup %s: %s: %s\n", prog, a->setup ? a->setup : "(built in)", gc_kzg_ret_name(r), err);
        return NULL;
    }
    gc_kzg_options opt = {64, GC_KZG_NO_TABLES, 1, GC_KZG_NO_G1_CONV, 0};
    gc_kzg_ctx *ctx = NULL;
    if ((r = gc_kzg_ctx_create(&ctx, *dev, *setup, &opt, err, sizeof err)))
        fprintf(stderr, "%s: the device context: %s: %s\n", prog, gc_kzg_ret_name(r), err);
    return ctx;
}

/* Reads, verifies and writes every case; the exit status. */
static int verify_stream(gc_kzg_ctx *ctx, FILE *in, FILE *out) {
    vc_case *cs = calloc(GROUP, sizeof *cs);
    char *line = NULL;
    size_t cap = 0, n = 0, index = 0, line_no = 0;
    ssize_t len;
    int rc = cs ? 0 : EXIT_USAGE, more = 1;
    while (cs && rc != EXIT_USAGE && more) {
        more = (len = getline(&line, &cap, in)) >= 0;
        if (more) {
            line_no++;
            size_t b = strspn(line, " \t\r\n");
            if (b == (size_t)len) continue; /* blank */
            vc_case *c = &cs[n++];
            c->index = index++, c->line_no = line_no;
            parse_case(c, line + b, (size_t)len - b);
        }
        if (n == GROUP || (!more && n)) {
            int g = run_group(ctx, cs, n, out);
            rc = g < 0 ? EXIT_USAGE : g && !rc ? EXIT_REFUSED : rc;
            for (size_t i = 0; i < n; i++) case_free(&cs[i]);
            n = 0;
        }
    }
    if (cs && ferror(in)) fprintf(stderr, "%s: reading the input failed\n", prog), rc = EXIT_USAGE;
    for (size_t i = 0; cs && i < n; i++) case_free(&cs[i]);
    free(cs), free(line);
    return rc;
}

int gc_kzg_verify_cells_command(int argc, char **argv) {
    vc_args a;
    int done, rc = parse_args(argc, argv, &a, &done);
    if (rc || done) return rc;
    FILE *in = strcmp(a.in, "-") ? fopen(a.in, "r") : stdin, *out = NULL;
    if (!in) {
        fprintf(stderr, "%s: cannot read %s\n", prog, a.in);
        return EXIT_USAGE;
    }
    gc_device *dev = NULL;
    gc_kzg_setup *setup = NULL;
    gc_kzg_ctx *ctx = open_context(&a, &dev, &setup);
    rc = EXIT_USAGE;
    if (ctx && !(out = strcmp(a.out, "-") ? fopen(a.out, "w") : stdout))
        fprintf(stderr, "%s: cannot write %s\n", prog, a.out);
    if (ctx && out) rc = verify_stream(ctx, in, out);
    if (out && fflush(out)) fprintf(stderr, "%s: cannot write the output\n", prog), rc = EXIT_USAGE;
    if (out && out != stdout && fclose(out) && rc != EXIT_USAGE) rc = EXIT_USAGE;
    if (in != stdin) fclose(in);
    gc_kzg_ctx_free(ctx);
    gc_kzg_setup_free(setup);
    if (dev) gc_device_close(dev);
    return rc;
}
