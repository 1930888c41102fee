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

#endif
