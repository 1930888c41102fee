/* SPDX-License-Identifier: Apache-2.0 */
/* source.h — embedded kernel sources and #include expansion. */
#ifndef GC_SOURCE_H
#define GC_SOURCE_H

#include "gpucheck/gc_status.h"

/** Expand the embedded source `name`: every `#include "X"` of an embedded file X is
 *  replaced by X's text (each file once), with #line directives so that compiler logs
 *  point at the original files and lines. *out is malloc'd. GC_ERR_NOT_FOUND if `name`
 *  or an included file is not embedded (the message names it). */
gc_status gc_source_expand(const char *name, char **out);
/** The same for source text given directly (`label` names it in #line directives). */
gc_status gc_source_expand_text(const char *label, const char *text, char **out);

#include <stddef.h>

/** How gc_source_expand_files resolves includes. */
typedef struct {
    const char *const *include_dirs; /* after the including file's folder, in order */
    size_t n_include_dirs;
    int once_each; /* the dialect: each file pasted once, an include found nowhere an error */
} gc_source_file_options;

/** The files paths[0..n) read and concatenated, each #include "X" pasted from X in the
 *  including file's folder, else in an include directory, else an embedded source;
 *  #include <X> from the include directories and the embedded sources. #line directives
 *  keep the files' names and lines. A file is pasted again at each include (as the C
 *  preprocessor does) unless it says #pragma once, opt->once_each is set, or it is
 *  already being pasted (a cycle, which an include guard would stop). An include found
 *  nowhere stays in the text for the compiler, except an #include "X" under once_each or in
 *  an embedded source, which is GC_ERR_NOT_FOUND naming the file and line. *out is malloc'd. */
gc_status gc_source_expand_files(const char *const *paths, size_t n_paths, const gc_source_file_options *opt,
                                 char **out);

#endif
