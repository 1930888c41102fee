/* SPDX-License-Identifier: Apache-2.0 */
/* cells_reader.c — block reads of the input of `gpucheck kzg cells` (cells_reader.h). */
#include "cli/kzg/cells_reader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK_BYTES ((size_t)1 << 20)

static int is_space(uint8_t ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }

int gc_cells_reader_init(gc_cells_reader *r, int fd) {
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->cap = BLOCK_BYTES;
    r->buf = malloc(r->cap);
    return r->buf != NULL;
}

void gc_cells_reader_free(gc_cells_reader *r) {
    free(r->buf);
    r->buf = NULL;
}

/* Bytes in the buffer: 1, or 0 at the end of the input or after a read error. */
static int fill(gc_cells_reader *r) {
    if (r->pos < r->end) return 1;
    if (r->eof || r->error) return 0;
    ssize_t got;
    do got = read(r->fd, r->buf, r->cap); while (got < 0 && errno == EINTR);
    if (got <= 0) {
        if (got < 0) r->error = errno;
        else r->eof = 1;
        return 0;
    }
    r->pos = 0;
    r->end = (size_t)got;
    return 1;
}

/* The blanks before the first non-blank are dropped and counted (lead); n counts what
 * follows, stored while it fits; end is n at the last non-blank. */
int gc_cells_read_line(gc_cells_reader *r, char *buf, size_t size, size_t *len, size_t *lead) {
    size_t n = 0, end = 0;
    int any = 0;
    *lead = 0;
    while (fill(r)) {
        any = 1;
        uint8_t *p = r->buf + r->pos, *e = r->buf + r->end;
        uint8_t *nl = memchr(p, '\n', (size_t)(e - p)), *stop = nl ? nl : e;
        r->consumed += (size_t)(stop - p) + (nl != NULL);
        r->pos = (size_t)(stop - r->buf) + (nl != NULL);
        if (n == 0)
            while (p < stop && is_space(*p)) p++, ++*lead;
        size_t k = (size_t)(stop - p);
        if (k) {
            if (n + 1 < size) memcpy(buf + n, p, n + k + 1 <= size ? k : size - 1 - n);
            const uint8_t *q = stop;
            while (q > p && is_space(q[-1])) q--;
            if (q > p) end = n + (size_t)(q - p);
            n += k;
        }
        if (nl) break;
    }
    buf[end + 1 < size ? end : size - 1] = '\0';
    *len = end;
    return any;
}

size_t gc_cells_read_bytes(gc_cells_reader *r, uint8_t *out, size_t n) {
    size_t got = 0;
    while (got < n && fill(r)) {
        size_t k = r->end - r->pos < n - got ? r->end - r->pos : n - got;
        memcpy(out + got, r->buf + r->pos, k);
        r->pos += k;
        got += k;
    }
    r->consumed += got;
    return got;
}
