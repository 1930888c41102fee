/* SPDX-License-Identifier: Apache-2.0 */
/* suggest.h — "did you mean": the candidate nearest to a mistyped word, by edit distance
 * (insertions, deletions, substitutions and swaps of neighbours, ignoring case), when it
 * is near enough to be a typo rather than another word. */
#ifndef GC_SUGGEST_H
#define GC_SUGGEST_H

#include <stddef.h>

/** Edit distance of a and b (optimal string alignment, ASCII case ignored); a length past
 *  GC_SUGGEST_MAX_LEN counts as far. */
#define GC_SUGGEST_MAX_LEN 255
size_t gc_edit_distance(const char *a, const char *b);
/** The nearest of cands[0..n) to word, or NULL when none is within a third of word's length
 *  (at least 1, at most 3 edits) or two are equally near. */
const char *gc_suggest(const char *word, const char *const *cands, size_t n);

#endif
