/* SPDX-License-Identifier: Apache-2.0 */
/* sg_check.h — the host checker of the sub-group suite: a pure function of the records
 * the kernel wrote, the N-D range they were launched with and what the device and the
 * runtime say about sub-groups. No device is needed, so tests/test_sub_group_checker.c
 * proves every check on synthesized and corrupted records.
 *
 * Records are SG_NFIELDS uint32_t words per work-item (suites/sub_group/sg_layout.gc),
 * indexed by the global linear id (x fastest). A record whose bytes all equal the canary
 * was never written; so was a field of a written record that still holds the canary word,
 * wherever that word is larger than any value the field can hold (every canary byte but
 * 0: a canary of 0 is a legitimate sub-group id, local id or flag). */
#ifndef GC_SG_CHECK_H
#define GC_SG_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "suites/sub_group/sg_layout.gc"

#define GC_SG_MAX_SIZES 16 /* as many as gc_caps holds (PoCL 5 lists 10) */

/** Everything the checker needs besides the records. */
typedef struct {
    unsigned dims;            /* 1..3; sizes of unused dimensions are taken as 1 */
    size_t global[3];         /* work-items per dimension (need not divide by local) */
    size_t local[3];          /* enqueued work-group size per dimension */
    unsigned device_sizes[GC_SG_MAX_SIZES]; /* sub-group sizes the device reports */
    unsigned n_device_sizes;  /* 0: the device lists none; max size is then only uniform */
    unsigned host_max_size;   /* runtime's max sub-group size for this range; 0: not asked */
    unsigned host_full_count; /* runtime's sub-groups per full work-group; 0: not asked */
    int linear_model;         /* sub-group k of a work-group is local linear ids
                                 [k*max, (k+1)*max): CUDA warps. 0: mapping unconstrained */
    uint8_t canary;           /* byte the record list was pre-filled with */
} gc_sg_shape;

/** What the records showed, for figures and notes. */
typedef struct {
    size_t work_items;        /* records examined */
    size_t unwritten;         /* records still all canary */
    size_t work_groups;       /* work-groups in the range */
    size_t full_work_groups;  /* work-groups of the enqueued size */
    size_t sub_groups;        /* sub-groups seen, summed over work-groups */
    size_t incomplete;        /* sub-groups with fewer work-items than the max size */
    unsigned max_size;        /* max local range of the first written record */
    unsigned min_size;        /* smallest local range seen */
    uint64_t checks;          /* individual assertions evaluated */
} gc_sg_summary;

/** All per-work-item and cross-work-item checks (docs/sub_group.md lists them).
 *  @param[in]  records  n records of SG_NFIELDS words
 *  @param[in]  shape    the launch and the device's answers
 *  @param[out] summary  may be NULL
 *  @param[out] msg      the first violation, NUL-terminated (may be NULL when len is 0)
 *  @return the number of violations (0: the records are conforming). */
size_t gc_sg_check(const uint32_t *records, size_t n, const gc_sg_shape *shape,
                   gc_sg_summary *summary, char *msg, size_t len);

/** gc_validate_fn form of gc_sg_check for gc_check_property (param: gc_sg_shape). */
size_t gc_sg_validate(const void *data, size_t n, const void *param, char *msg, size_t len);

/** Negative controls: each variant corrupts conforming records in one way the checker
 *  must catch (param: gc_sg_shape). Variants that need more structure than the records
 *  have (e.g. a sub-group of two) fall back to a corruption that is always possible. */
typedef enum {
    GC_SG_MANGLE_DUPLICATE_LOCAL_ID = 0, /* two items of a sub-group claim one local id */
    GC_SG_MANGLE_MISSING_SUB_GROUP,      /* a work-group claims one sub-group more */
    GC_SG_MANGLE_LEADER_MOVED,           /* the leader flag on local id 1 instead of 0 */
    GC_SG_MANGLE_MAX_NOT_UNIFORM,        /* one item reports another max size */
    GC_SG_MANGLE_UNWRITTEN,              /* one record left as canary */
    GC_SG_MANGLE_SIZE_NOT_UNIFORM,       /* one item of a sub-group reports another size */
    GC_SG_MANGLE_LINEAR_TWIN,            /* a local linear id differs from the local id */
    GC_SG_MANGLE_MAPPING_DIFFERS,        /* a full work-group maps two items the other way */
    GC_SG_MANGLE_WORK_GROUP_ID,          /* an item reports a neighbour's work-group */
    GC_SG_MANGLE_FIELD_UNWRITTEN,        /* one field (the max size) left as canary everywhere */
    GC_SG_MANGLE_COUNT
} gc_sg_mangle_variant;

void gc_sg_mangle(void *data, size_t n, const void *param, unsigned variant);
const char *gc_sg_mangle_name(unsigned variant);

#endif
