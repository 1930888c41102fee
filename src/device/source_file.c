/* SPDX-License-Identifier: Apache-2.0 */
/* source_file.c — kernel sources read from the user's files, their #includes pasted in.
 *
 * NVRTC and the OpenCL compilers take one text, and neither has a portable include path
 * (NVRTC's headers list, OpenCL's -I, which drivers honour differently), so the includes
 * are resolved here: from the including file's folder, the caller's include directories,
 * then gpucheck's embedded sources. The text compiled is then all there is, which is what
 * makes the compile cache's key (over that text) cover every included file. */
#include "device/source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/file_read.h"
#include "common/text_buf.h"
#include "gpucheck/gc_device.h"

#define MAX_DEPTH 32
#define MAX_FILE_BYTES (16u << 20)
#define MAX_SEEN 256

typedef struct {
    char *buf;
    size_t len, cap;
    const gc_source_file_options *opt;
    char *seen[MAX_SEEN]; /* dialect: pasted once; all: files holding #pragma once */
    int seen_once_only[MAX_SEEN];
    size_t n_seen;
    const char *stack[MAX_DEPTH + 1]; /* keys of the files being pasted, outermost first */
    size_t depth;
} builder;

static int append(builder *b, const char *s, size_t n) {
    return gc_text_append(&b->buf, &b->len, &b->cap, s, n);
}

/* #line N "label", the label's quotes and backslashes escaped as C strings need. */
static int line_directive(builder *b, unsigned line, const char *label) {
    char head[32];
    int n = snprintf(head, sizeof head, "#line %u \"", line);
    if (!append(b, head, (size_t)n)) return 0;
    for (const char *p = label; *p; p++)
        if ((*p == '"' || *p == '\\') ? !append(b, "\\", 1) || !append(b, p, 1) : !append(b, p, 1)) return 0;
    return append(b, "\"\n", 2);
}

/* `#include "X"` (quoted 1) or `#include <X>` (quoted 0) on this line: X into name. */
static int parse_include(const char *line, size_t n, char *name, size_t name_len, int *quoted) {
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i >= n || line[i] != '#') return 0;
    i++;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (n - i < 7 || strncmp(line + i, "include", 7) != 0) return 0;
    i += 7;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i >= n || (line[i] != '"' && line[i] != '<')) return 0;
    char close = line[i] == '"' ? '"' : '>';
    *quoted = close == '"';
    size_t start = ++i;
    while (i < n && line[i] != close) i++;
    if (i >= n || i == start || i - start + 1 > name_len) return 0;
    memcpy(name, line + start, i - start);
    name[i - start] = '\0';
    return 1;
}

static int is_pragma_once(const char *line, size_t n) {
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i >= n || line[i++] != '#') return 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (n - i < 6 || strncmp(line + i, "pragma", 6) != 0) return 0;
    i += 6;
    while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
    if (n - i < 4 || strncmp(line + i, "once", 4) != 0) return 0;
    for (i += 4; i < n; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') return 0;
    return 1;
}

/* Index of `key` in the seen list, or -1. */
static long seen_at(const builder *b, const char *key) {
    for (size_t i = 0; i < b->n_seen; i++)
        if (strcmp(b->seen[i], key) == 0) return (long)i;
    return -1;
}

static gc_status remember(builder *b, const char *key, int once_only) {
    long at = seen_at(b, key);
    if (at >= 0) {
        b->seen_once_only[at] |= once_only;
        return GC_OK;
    }
    if (b->n_seen == MAX_SEEN) {
        gc_set_last_error("more than %d distinct included files", MAX_SEEN);
        return GC_ERR_PARSE;
    }
    if (!(b->seen[b->n_seen] = strdup(key))) return GC_ERR_NO_MEMORY;
    b->seen_once_only[b->n_seen++] = once_only;
    return GC_OK;
}

/* "dir/name" where dir is the folder of `file` ("" for none), or name itself if absolute. */
static char *join_dir(const char *dir, size_t dir_len, const char *name) {
    if (name[0] == '/' || dir_len == 0) return strdup(name);
    size_t n = dir_len + 1 + strlen(name) + 1;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%.*s/%s", (int)dir_len, dir, name);
    return p;
}

/* Reads a file as text (NUL-terminated, malloc'd): NULL with the reason in err. */
static char *read_text(const char *path, char *err, size_t err_len) {
    char *bytes = NULL;
    size_t len = 0;
    if (gc_file_read_regular(path, MAX_FILE_BYTES, &bytes, &len, err, err_len) != 0) return NULL;
    char *text = realloc(bytes, len + 1);
    if (!text) {
        free(bytes);
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    if (memchr(text, '\0', len)) {
        free(text);
        snprintf(err, err_len, "holds a NUL byte: not a source file");
        return NULL;
    }
    text[len] = '\0';
    return text;
}

static int file_exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

static gc_status paste(builder *b, const char *label, const char *key, const char *text, int embedded);

/* What identifies a file whatever the spelling of its path ("a/../b.h", a link): its real
 * path; an embedded source by its name, apart from files. malloc'd. */
static char *file_key(const char *path, int embedded) {
    if (embedded) {
        size_t n = strlen(path) + 10;
        char *k = malloc(n);
        if (k) snprintf(k, n, "embedded:%s", path);
        return k;
    }
    char *real = realpath(path, NULL);
    return real ? real : strdup(path);
}

/* Resolves one include of `name` met at label:line, and pastes it. *handled 0: not found
 * (the caller keeps the line for the compiler, or refuses it in the dialect). */
static gc_status include_one(builder *b, const char *label, int embedded, const char *name, int quoted,
                             int *handled) {
    char *path = NULL;
    const char *embedded_text = NULL;
    *handled = 0;
    if (!embedded && quoted) {
        const char *slash = strrchr(label, '/');
        path = join_dir(label, slash ? (size_t)(slash - label) : 0, name);
        if (!path) return GC_ERR_NO_MEMORY;
        if (!file_exists(path)) {
            free(path);
            path = NULL;
        }
    }
    for (size_t i = 0; !path && !embedded && i < b->opt->n_include_dirs; i++) {
        const char *dir = b->opt->include_dirs[i];
        if (!(path = join_dir(dir, strlen(dir), name))) return GC_ERR_NO_MEMORY;
        if (!file_exists(path)) {
            free(path);
            path = NULL;
        }
    }
    if (!path && !(embedded_text = gc_kernel_source(name))) return GC_OK;
    char *key = file_key(path ? path : name, !path);
    if (!key) {
        free(path);
        return GC_ERR_NO_MEMORY;
    }
    *handled = 1;
    long at = seen_at(b, key);
    int on_stack = 0;
    for (size_t i = 0; i < b->depth; i++) on_stack |= strcmp(b->stack[i], key) == 0;
    /* Pasted once: the dialect's rule, #pragma once; a cycle is what an include guard
     * stops, so it pastes nothing either. */
    if (on_stack || (at >= 0 && (b->opt->once_each || b->seen_once_only[at]))) {
        free(path);
        free(key);
        return append(b, "\n", 1) ? GC_OK : GC_ERR_NO_MEMORY;
    }
    gc_status st = remember(b, key, 0);
    if (st == GC_OK && path) {
        char err[160];
        char *text = read_text(path, err, sizeof err);
        if (!text) {
            gc_set_last_error("%s: %s", path, err);
            st = GC_ERR_NOT_FOUND;
        } else {
            st = paste(b, path, key, text, 0);
            free(text);
        }
    } else if (st == GC_OK) {
        st = paste(b, name, key, embedded_text, 1);
    }
    free(path);
    free(key);
    return st;
}

static gc_status paste(builder *b, const char *label, const char *key, const char *text, int embedded) {
    if (b->depth == MAX_DEPTH) {
        gc_set_last_error("%s: #include nesting deeper than %d (through %s)", label, MAX_DEPTH, b->stack[0]);
        return GC_ERR_PARSE;
    }
    b->stack[b->depth++] = key;
    gc_status st = line_directive(b, 1, label) ? GC_OK : GC_ERR_NO_MEMORY;
    unsigned line_no = 1;
    for (const char *p = text; st == GC_OK && *p; line_no++) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char name[512];
        int quoted = 0, handled = 0;
        if (is_pragma_once(p, n)) {
            st = remember(b, key, 1);
            if (st == GC_OK && !append(b, "\n", 1)) st = GC_ERR_NO_MEMORY;
        } else if (parse_include(p, n, name, sizeof name, &quoted)) {
            st = include_one(b, label, embedded, name, quoted, &handled);
            if (st == GC_OK && !handled && quoted && (b->opt->once_each || embedded)) {
                gc_set_last_error("%s:%u: #include %c%s%c not found (looked in the file's folder, %zu include "
                                  "director%s and the embedded sources)",
                                  label, line_no, quoted ? '"' : '<', name, quoted ? '"' : '>',
                                  b->opt->n_include_dirs, b->opt->n_include_dirs == 1 ? "y" : "ies");
                st = GC_ERR_NOT_FOUND;
            } else if (st == GC_OK && !handled) {
                if (!append(b, p, n) || !append(b, "\n", 1)) st = GC_ERR_NO_MEMORY;
            } else if (st == GC_OK && !line_directive(b, line_no + 1, label)) {
                st = GC_ERR_NO_MEMORY;
            }
        } else if (!append(b, p, n) || !append(b, "\n", 1)) {
            st = GC_ERR_NO_MEMORY;
        }
        p = eol ? eol + 1 : p + n;
    }
    b->depth--;
    return st;
}

gc_status gc_source_expand_files(const char *const *paths, size_t n_paths, const gc_source_file_options *opt,
                                 char **out) {
    builder b;
    memset(&b, 0, sizeof b);
    b.opt = opt;
    *out = NULL;
    gc_status st = GC_OK;
    for (size_t i = 0; i < n_paths && st == GC_OK; i++) {
        char err[160];
        char *text = read_text(paths[i], err, sizeof err);
        if (!text) {
            gc_set_last_error("%s: %s", paths[i], err);
            st = strstr(err, "No such") || strstr(err, "ermission") ? GC_ERR_NOT_FOUND : GC_ERR_ARGUMENT;
            break;
        }
        char *key = file_key(paths[i], 0);
        st = key ? remember(&b, key, 0) : GC_ERR_NO_MEMORY;
        if (st == GC_OK) st = paste(&b, paths[i], key, text, 0);
        free(key);
        free(text);
    }
    for (size_t i = 0; i < b.n_seen; i++) free(b.seen[i]);
    if (st != GC_OK) {
        free(b.buf);
        return st;
    }
    *out = b.buf ? b.buf : calloc(1, 1);
    return *out ? GC_OK : GC_ERR_NO_MEMORY;
}
