/* SPDX-License-Identifier: Apache-2.0 */
/* build_info.h — facts about this build that reports name. */
#ifndef GC_BUILD_INFO_H
#define GC_BUILD_INFO_H

/** The git commit the binary was built from ("-dirty" suffix when tracked files differed,
 *  "unknown" outside git); written at build time by scripts/commit_id.cmake. */
extern const char gc_build_commit[];

#endif
