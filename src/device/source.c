/* SPDX-License-Identifier: Apache-2.0 */
/* source.c — lookup of embedded kernel sources and #include expansion.
 *
 * Kernels are compiled from text, not files: OpenCL and NVRTC have no include path that
 * reaches an installed gpucheck's sources, so includes are resolved here, from the table
 * that cmake/embed_sources.cmake generates. */
#include "device/source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/text_buf.h"

#include "gpucheck/gc_device.h"

struct gc_embedded_source {
    const char *name;
    const char *text;
};
extern const struct gc_embedded_source gc_embedded_sources[];
extern const size_t gc_embedded_source_count;

const char *gc_kernel_source(const char *name) {
    if (!name) {
        gc_set_last_error("gc_kernel_source: name is NULL");
        return NULL;
    }
    for (size_t i = 0; i < gc_embedded_source_count; i++)
        if (strcmp(gc_embedded_sources[i].name, name) == 0) return gc_embedded_sources[i].text;
    return NULL;
}

size_t gc_kernel_source_count(void) { return gc_embedded_source_count; }

const char *gc_kernel_source_name_at(size_t i) {
    if (i < gc_embedded_source_count) return gc_embedded_sources[i].name;
    gc_set_last_error("gc_kernel_source_name_at: index %zu out of range (%zu sources)", i, gc_embedded_source_count);
    return NULL;
}

typedef struct {
    char *buf;
    size_t len, cap;
    const char *included[64]; /* each embedded file is pasted once */
    size_t n_included;
} text_builder;

static int tb_append(text_builder *tb, const char *s, size_t n) {
    return gc_text_append(&tb->buf, &tb->len, &tb->cap, s, n);
}

static int tb_printf(text_builder *tb, const char *label, unsigned line) {
    char tmp[512];
    int n = snprintf(tmp, sizeof tmp, "#line %u \"%s\"\n", line, label);
    return n > 0 && (size_t)n < sizeof tmp && tb_append(tb, tmp, (size_t)n);
}

/* If `line` (without its newline) is `#include "X"`, copy X into name and return 1. */
static int parse_include(const char *line, size_t n, char *name, size_t name_len) {
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i >= n || line[i] != '#') return 0;
    i++;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (n - i < 7 || strncmp(line + i, "include", 7) != 0) return 0;
    i += 7;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i >= n || line[i] != '"') return 0;
    size_t start = ++i;
    while (i < n && line[i] != '"') i++;
    if (i >= n || i - start + 1 > name_len) return 0;
    memcpy(name, line + start, i - start);
    name[i - start] = '\0';
    return 1;
}

static gc_status expand(text_builder *tb, const char *label, const char *text, int depth) {
    if (depth > 16) {
        gc_set_last_error("#include nesting deeper than 16 at %s", label);
        return GC_ERR_PARSE;
    }
    if (!tb_printf(tb, label, 1)) return GC_ERR_NO_MEMORY;
    unsigned line_no = 1;
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char name[256];
        if (parse_include(p, n, name, sizeof name)) {
            const char *inc = gc_kernel_source(name);
            if (!inc) {
                gc_set_last_error("%s:%u: included file \"%s\" is not an embedded kernel source", label,
                                  line_no, name);
                return GC_ERR_NOT_FOUND;
            }
            int seen = 0;
            for (size_t k = 0; k < tb->n_included; k++)
                if (strcmp(tb->included[k], name) == 0) seen = 1;
            if (!seen) {
                if (tb->n_included == sizeof tb->included / sizeof tb->included[0]) {
                    gc_set_last_error("too many distinct included files in %s", label);
                    return GC_ERR_PARSE;
                }
                /* The table's own name string lives as long as the process. */
                for (size_t k = 0; k < gc_embedded_source_count; k++)
                    if (strcmp(gc_embedded_sources[k].name, name) == 0)
                        tb->included[tb->n_included++] = gc_embedded_sources[k].name;
                gc_status st = expand(tb, name, inc, depth + 1);
                if (st != GC_OK) return st;
                if (!tb_printf(tb, label, line_no + 1)) return GC_ERR_NO_MEMORY;
            } else if (!tb_append(tb, "\n", 1)) {
                return GC_ERR_NO_MEMORY;
            }
        } else if (!tb_append(tb, p, n) || !tb_append(tb, "\n", 1)) {
            return GC_ERR_NO_MEMORY;
        }
        line_no++;
        p = eol ? eol + 1 : p + n;
    }
    return GC_OK;
}

gc_status gc_source_expand_text(const char *label, const char *text, char **out) {
    text_builder tb = {0};
    gc_status st = expand(&tb, label, text, 0);
    if (st != GC_OK) {
        free(tb.buf);
        *out = NULL;
        return st;
    }
    *out = tb.buf ? tb.buf : calloc(1, 1);
    return *out ? GC_OK : GC_ERR_NO_MEMORY;
}

gc_status gc_source_expand(const char *name, char **out) {
    const char *text = gc_kernel_source(name);
    if (!text) {
        gc_set_last_error("\"%s\" is not an embedded kernel source", name);
        *out = NULL;
        return GC_ERR_NOT_FOUND;
    }
    return gc_source_expand_text(name, text, out);
}
