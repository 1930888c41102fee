/* SPDX-License-Identifier: Apache-2.0 */
/* cells_reader.h — the input of `gpucheck kzg cells` read from a file descriptor in large
 * blocks: blob lines (the rules of blob_input.h, found with memchr rather than a character
 * at a time) or raw blobs back to back. */
#ifndef GC_CELLS_READER_H
#define GC_CELLS_READER_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int fd;
    uint8_t *buf;
    size_t pos, end, cap;
    uint64_t consumed; /* bytes of the input handed out so far */
    int eof, error;    /* error: the errno of a failed read */
} gc_cells_reader;

/** A reader of fd with a block buffer. Returns 1, or 0 out of memory. */
int gc_cells_reader_init(gc_cells_reader *r, int fd);
void gc_cells_reader_free(gc_cells_reader *r);
/** The next line, exactly as gc_blob_read_line reads it from a FILE. 0 at the end of the
 *  input or on a read error (r->error). */
int gc_cells_read_line(gc_cells_reader *r, char *buf, size_t size, size_t *len, size_t *lead);
/** Up to n bytes into out: n, fewer at the end of the input (or on a read error). */
size_t gc_cells_read_bytes(gc_cells_reader *r, uint8_t *out, size_t n);

#endif
