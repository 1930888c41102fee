/* SPDX-License-Identifier: Apache-2.0 */
/* fence_cases.c — every case of the suite: the test plan's order pairs and scopes, the
 * host <-> device tests, and the weakened twins; what each needs from the device. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/atomic_fence/fence_ptx.h"
#include "suites/atomic_fence/fence_suite.h"
#include "suites/atomic_fence/litmus_outcome.gc"

static fence_case cases[FENCE_MAX_CASES];
static char names[FENCE_MAX_CASES][80];
static size_t n_cases;

static const struct {
    const char *name;
    gc_memory_order o1, o2;
} pairs[] = {{"release_acquire", GC_ORDER_RELEASE, GC_ORDER_ACQUIRE},
             {"acq_rel", GC_ORDER_ACQ_REL, GC_ORDER_ACQ_REL},
             {"seq_cst", GC_ORDER_SEQ_CST, GC_ORDER_SEQ_CST}};

static void add(fence_space sp, fence_kind k, gc_memory_order o1, gc_memory_order o2, gc_memory_scope s,
                gc_memory_scope flag, gc_memory_order p1, gc_memory_order p2, gc_memory_scope ps, const char *fmt,
                const char *a, const char *b) {
    if (n_cases == FENCE_MAX_CASES) { /* a programming error: raise FENCE_MAX_CASES */
        fprintf(stderr, "atomic_fence: more than FENCE_MAX_CASES (%d) cases\n", FENCE_MAX_CASES);
        abort();
    }
    fence_case *c = &cases[n_cases];
    snprintf(names[n_cases], sizeof names[n_cases], fmt, a, b);
    *c = (fence_case){names[n_cases], sp, k, o1, o2, s, flag, p1, p2, ps, FR_IN_ORDER, NULL,
                      GC_ORDER_RELAXED, GC_ORDER_RELAXED, 0, 0, NULL};
    n_cases++;
}

/* What the twin added last weakens (docs/atomic_fence.md, the twin table). */
static void weakens(const char *pattern) { cases[n_cases - 1].weakens = pattern; }

/* Work-group barriers: what a work-item writes before the barrier, the others of its group
 * read after it, in local and in global memory. The twins: no barrier; and, for global
 * data, the barrier restricted to local memory (the migration tools' narrowing, DPCT1065),
 * in program order and with the read above it as a compiler may then place it. */
static void add_barrier_cases(void) {
    static const struct {
        fence_space sp;
        const char *data;
        int mem; /* the spaces the fenced test's barrier orders: the data's */
    } data[] = {{FENCE_BARRIER_LOCAL, "local", GC_MEM_SPACE_LOCAL}, {FENCE_BARRIER_GLOBAL, "global", GC_MEM_SPACE_GLOBAL}};
    for (int k = 0; k < 2; k++) {
        add(data[k].sp, FENCE_FENCED, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_WORK_GROUP, GC_SCOPE_DEVICE,
            GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_WORK_GROUP, "barrier.%s.%s", data[k].data, "work_group");
        cases[n_cases - 1].barrier_mem = data[k].mem;
    }
    static const struct {
        fence_space sp;
        int mem, reorder;
        const char *suffix, *pattern;
    } twins[] = {{FENCE_BARRIER_LOCAL, 0, FR_IN_ORDER, "local.no_barrier", "barrier.local.*"},
                 {FENCE_BARRIER_GLOBAL, 0, FR_IN_ORDER, "global.no_barrier", "barrier.global.*"},
                 {FENCE_BARRIER_GLOBAL, GC_MEM_SPACE_LOCAL, FR_IN_ORDER, "global.local_barrier", "barrier.global.*"},
                 {FENCE_BARRIER_GLOBAL, GC_MEM_SPACE_LOCAL, FR_READ_HOISTED, "global.local_barrier.read_hoisted",
                  "barrier.global.*"}};
    for (int k = 0; k < 4; k++) {
        add(twins[k].sp, twins[k].mem ? FENCE_TWIN_NARROW : FENCE_TWIN_NO_FENCE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_WORK_GROUP, GC_SCOPE_DEVICE,
            GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_WORK_GROUP, "twin.barrier.%s%s", twins[k].suffix, "");
        cases[n_cases - 1].barrier_mem = twins[k].mem;
        cases[n_cases - 1].reorder = twins[k].reorder;
        weakens(twins[k].pattern);
    }
}

/* The "last block done" idiom: acq_rel fences at device scope around a relaxed ticket of
 * each bounded-increment form, and a no-fence twin of each. */
static void add_last_block_cases(void) {
    static const struct {
        int ticket;
        const char *name, *pattern;
    } forms[] = {{FT_NATIVE, "native", "last_block.native.*"},
                 {FT_CAS, "cas", "last_block.cas.*"},
                 {FT_FETCH_ADD, "fetch_add", "last_block.fetch_add.*"}};
    const gc_memory_order o = GC_ORDER_ACQ_REL;
    for (int k = 0; k < 3; k++) {
        add(FENCE_LAST_BLOCK, FENCE_FENCED, o, o, GC_SCOPE_DEVICE, GC_SCOPE_DEVICE, o, o, GC_SCOPE_DEVICE,
            "last_block.%s.%s", forms[k].name, "device");
        cases[n_cases - 1].ticket = forms[k].ticket;
    }
    for (int k = 0; k < 3; k++) {
        add(FENCE_LAST_BLOCK, FENCE_TWIN_NO_FENCE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_DEVICE,
            GC_SCOPE_DEVICE, o, o, GC_SCOPE_DEVICE, "twin.last_block.%s.%s", forms[k].name, "no_fence");
        cases[n_cases - 1].ticket = forms[k].ticket;
        weakens(forms[k].pattern);
    }
}

/* The fenced message-passing tests: local, global and host memory at every pair of
 * orders and scope, and the forms with release/acquire atomics on the flag. */
static void add_fenced_cases(void) {
    static const gc_memory_scope local_scopes[] = {GC_SCOPE_WORK_GROUP, GC_SCOPE_DEVICE, GC_SCOPE_SYSTEM};
    static const gc_memory_scope global_scopes[] = {GC_SCOPE_DEVICE, GC_SCOPE_SYSTEM};
    for (int s = 0; s < 3; s++)
        for (int p = 0; p < 3; p++)
            add(FENCE_LOCAL, FENCE_FENCED, pairs[p].o1, pairs[p].o2, local_scopes[s], GC_SCOPE_WORK_GROUP, pairs[p].o1,
                pairs[p].o2, local_scopes[s], "local.%s.%s", pairs[p].name, gc_scope_name(local_scopes[s]));
    for (int s = 0; s < 2; s++)
        for (int p = 0; p < 3; p++)
            add(FENCE_GLOBAL, FENCE_FENCED, pairs[p].o1, pairs[p].o2, global_scopes[s], GC_SCOPE_DEVICE, pairs[p].o1,
                pairs[p].o2, global_scopes[s], "global.%s.%s", pairs[p].name, gc_scope_name(global_scopes[s]));
    for (int dir = 0; dir < 2; dir++)
        for (int p = 0; p < 3; p++)
            add(dir ? FENCE_HOST_TO_DEVICE : FENCE_DEVICE_TO_HOST, FENCE_FENCED, pairs[p].o1, pairs[p].o2,
                GC_SCOPE_SYSTEM, GC_SCOPE_SYSTEM, pairs[p].o1, pairs[p].o2, GC_SCOPE_SYSTEM, "host.%s.%s",
                dir ? "host_to_device" : "device_to_host", pairs[p].name);
    /* Message passing with release/acquire atomics on the flag instead of fences, and the
     * two pairings of a fence with an atomic that OpenCL-CTS tests: within a work-group
     * (local memory, work_group scope) and across work-groups (global memory, device). */
    static const struct {
        const char *name;
        gc_memory_order fence1, fence2, store, load;
    } atomic_forms[] = {
        {"atomics_release_acquire", GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_ORDER_RELEASE, GC_ORDER_ACQUIRE},
        {"release_atomic_acquire_fence", GC_ORDER_RELAXED, GC_ORDER_ACQUIRE, GC_ORDER_RELEASE, GC_ORDER_RELAXED},
        {"release_fence_acquire_atomic", GC_ORDER_RELEASE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_ORDER_ACQUIRE}};
    for (int sp = 0; sp < 2; sp++)
        for (int f = 0; f < 3; f++) {
            const gc_memory_scope scope = sp ? GC_SCOPE_DEVICE : GC_SCOPE_WORK_GROUP;
            /* The fenced test a form needs the capabilities of: its fence, if any, at the
             * scope (a form without fences still needs the scope's atomics, below). */
            const gc_memory_order p1 = atomic_forms[f].fence1 ? atomic_forms[f].fence1 : GC_ORDER_RELAXED;
            const gc_memory_order p2 = atomic_forms[f].fence2 ? atomic_forms[f].fence2 : GC_ORDER_RELAXED;
            add(sp ? FENCE_GLOBAL : FENCE_LOCAL, FENCE_FENCED, atomic_forms[f].fence1, atomic_forms[f].fence2, scope,
                scope, p1, p2, scope, sp ? "global.%s.%s" : "local.%s.%s", atomic_forms[f].name,
                gc_scope_name(scope));
            cases[n_cases - 1].store_order = atomic_forms[f].store;
            cases[n_cases - 1].load_order = atomic_forms[f].load;
        }
}

/* Twins of message passing, each needing what the weakest fenced test it weakens needs:
 * no fence (local memory also as a compiler may reorder it), and a fence too narrow. */
static void add_message_twins(void) {
    /* Local memory: the no-fence twin in program order, then as the code that a
     * compiler may make of it once no fence stands in the way (mp_local.gc). */
    static const struct {
        int reorder;
        const char *suffix;
    } local_forms[] = {{FR_IN_ORDER, ""}, {FR_READ_HOISTED, ".read_hoisted"}, {FR_FLAG_FIRST, ".flag_first"}};
    for (int f = 0; f < 3; f++) {
        add(FENCE_LOCAL, FENCE_TWIN_NO_FENCE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_WORK_GROUP,
            GC_SCOPE_WORK_GROUP, GC_ORDER_RELEASE, GC_ORDER_ACQUIRE, GC_SCOPE_WORK_GROUP, "twin.local.%s%s", "no_fence",
            local_forms[f].suffix);
        cases[n_cases - 1].reorder = local_forms[f].reorder;
        weakens("local.*");
    }
    add(FENCE_GLOBAL, FENCE_TWIN_NO_FENCE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_DEVICE, GC_SCOPE_DEVICE,
        GC_ORDER_RELEASE, GC_ORDER_ACQUIRE, GC_SCOPE_DEVICE, "twin.global.%s%s", "no_fence", "");
    weakens("global.*");
    static char narrow_patterns[3][48];
    for (int p = 0; p < 3; p++) {
        add(FENCE_GLOBAL, FENCE_TWIN_NARROW, pairs[p].o1, pairs[p].o2, GC_SCOPE_WORK_GROUP, GC_SCOPE_DEVICE,
            pairs[p].o1, pairs[p].o2, GC_SCOPE_DEVICE, "twin.global.work_group_fence.%s%s", pairs[p].name, "");
        snprintf(narrow_patterns[p], sizeof narrow_patterns[p], "global.%s.*", pairs[p].name);
        weakens(narrow_patterns[p]);
    }
}

static void add_litmus_cases(void) {
    /* The litmus shapes, across work-groups at device scope. Store buffering and IRIW are
     * what seq_cst fences forbid and acq_rel fences allow: their acq_rel twin is the one
     * that shows a seq_cst fence lowered to acq_rel. Load buffering needs acq_rel. */
    static const struct {
        fence_space sp;
        const char *shape;
        gc_memory_order order;
        const char *pattern;
        int reorder;         /* the twin that is a compiler's reordering of the unfenced code */
        const char *reorder_name;
    } litmus[] = {{FENCE_SB, "sb", GC_ORDER_SEQ_CST, "sb.*", FR_LOAD_FIRST, "load_first"},
                  {FENCE_IRIW, "iriw", GC_ORDER_SEQ_CST, "iriw.*", FR_LOAD_FIRST, "loads_swapped"},
                  {FENCE_LB, "lb", GC_ORDER_ACQ_REL, "lb.*", FR_STORE_FIRST, "store_first"}};
    for (int k = 0; k < 3; k++) {
        const gc_memory_order o = litmus[k].order;
        add(litmus[k].sp, FENCE_FENCED, o, o, GC_SCOPE_DEVICE, GC_SCOPE_DEVICE, o, o, GC_SCOPE_DEVICE, "%s.%s.device",
            litmus[k].shape, o == GC_ORDER_SEQ_CST ? "seq_cst" : "acq_rel");
    }
    for (int k = 0; k < 3; k++) {
        const gc_memory_order o = litmus[k].order;
        if (o == GC_ORDER_SEQ_CST) {
            add(litmus[k].sp, FENCE_TWIN_NARROW, GC_ORDER_ACQ_REL, GC_ORDER_ACQ_REL, GC_SCOPE_DEVICE, GC_SCOPE_DEVICE,
                o, o, GC_SCOPE_DEVICE, "twin.%s.%s", litmus[k].shape, "acq_rel_fence");
            weakens(litmus[k].pattern);
        }
        add(litmus[k].sp, FENCE_TWIN_NO_FENCE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_DEVICE, GC_SCOPE_DEVICE, o,
            o, GC_SCOPE_DEVICE, "twin.%s.%s", litmus[k].shape, "no_fence");
        weakens(litmus[k].pattern);
        if (litmus[k].reorder_name) {
            add(litmus[k].sp, FENCE_TWIN_NO_FENCE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_DEVICE,
                GC_SCOPE_DEVICE, o, o, GC_SCOPE_DEVICE, "twin.%s.no_fence.%s", litmus[k].shape,
                litmus[k].reorder_name);
            cases[n_cases - 1].reorder = litmus[k].reorder;
            weakens(litmus[k].pattern);
        }
    }
}

static void add_narrow_atomics_twin(void) {
    /* Release/acquire atomics whose scope leaves out the other work-group. */
    add(FENCE_GLOBAL, FENCE_TWIN_NARROW, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_WORK_GROUP, GC_SCOPE_WORK_GROUP,
        GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_DEVICE, "twin.global.%s%s", "work_group_atomics", "");
    cases[n_cases - 1].store_order = GC_ORDER_RELEASE;
    cases[n_cases - 1].load_order = GC_ORDER_ACQUIRE;
    weakens("global.*atomic*");
}

/* The host's twins: no fence, and a device-scope fence where system scope is needed. */
static void add_host_twins(void) {
    for (int dir = 0; dir < 2; dir++) {
        fence_space sp = dir ? FENCE_HOST_TO_DEVICE : FENCE_DEVICE_TO_HOST;
        const char *dn = dir ? "host_to_device" : "device_to_host";
        const char *pattern = dir ? "host.host_to_device.*" : "host.device_to_host.*";
        add(sp, FENCE_TWIN_NO_FENCE, GC_ORDER_RELAXED, GC_ORDER_RELAXED, GC_SCOPE_SYSTEM, GC_SCOPE_SYSTEM,
            GC_ORDER_RELEASE, GC_ORDER_ACQUIRE, GC_SCOPE_SYSTEM, "twin.host.%s.%s", dn, "no_fence");
        weakens(pattern);
        add(sp, FENCE_TWIN_NARROW, GC_ORDER_ACQ_REL, GC_ORDER_ACQ_REL, GC_SCOPE_DEVICE, GC_SCOPE_SYSTEM,
            GC_ORDER_ACQ_REL, GC_ORDER_ACQ_REL, GC_SCOPE_SYSTEM, "twin.host.%s.%s", dn, "device_fence");
        weakens(pattern);
    }
}

static void build(void) {
    if (n_cases) return;
    add_fenced_cases();
    add_message_twins();
    add_litmus_cases();
    add_narrow_atomics_twin();
    add_barrier_cases();
    add_last_block_cases();
    add_host_twins();
}

/* The mutants: the idiom's CAS ticket built with the increment that wraps one step late
 * (kernels/gc_atomic_bounded.h's fault site): the counter then passes the bound, a round
 * has no last work-group or one that comes first, and the counters do not come back to 0. */
const fence_case *fence_mutant_cases(size_t *count) {
    static fence_case mutants[1];
    static char name[80];
    build();
    if (!mutants[0].name) {
        for (size_t i = 0; i < n_cases; i++)
            if (cases[i].space == FENCE_LAST_BLOCK && cases[i].kind == FENCE_FENCED && cases[i].ticket == FT_CAS)
                mutants[0] = cases[i];
        snprintf(name, sizeof name, "%s", "last_block.cas.inc_wraps_late");
        mutants[0].name = name;
        mutants[0].fault = "GC_BOUNDED_FAULT_INC_LATE";
    }
    *count = 1;
    return mutants;
}

int fence_twin_weakens(const fence_case *twin, const fence_case *fenced) {
    return twin->kind != FENCE_FENCED && fenced->kind == FENCE_FENCED && twin->weakens &&
           fnmatch(twin->weakens, fenced->name, 0) == 0;
}

const fence_case *fence_cases(size_t *count) {
    build();
    *count = n_cases;
    return cases;
}

int fence_case_is_twin(const fence_case *c) { return c->kind != FENCE_FENCED; }

/* Reasons are static strings, one per order and scope, made on first use. */
static const char *fence_reason(gc_memory_order o, gc_memory_scope s) {
    static char r[GC_ORDER_COUNT][GC_SCOPE_COUNT][80];
    if (!r[o][s][0])
        snprintf(r[o][s], sizeof r[o][s], "no fence capability %s at %s scope", gc_order_name(o), gc_scope_name(s));
    return r[o][s];
}
static const char *order_reason(gc_memory_order o, gc_memory_scope s) {
    static char r[GC_ORDER_COUNT][GC_SCOPE_COUNT][80];
    if (!r[o][s][0])
        snprintf(r[o][s], sizeof r[o][s], "no %s atomics at %s scope (for the flag)", gc_order_name(o), gc_scope_name(s));
    return r[o][s];
}
static const char *atomic_reason(gc_memory_scope s) {
    static char r[GC_SCOPE_COUNT][80];
    if (!r[s][0]) snprintf(r[s], sizeof r[s], "no relaxed atomics at %s scope (for the flag)", gc_scope_name(s));
    return r[s];
}

/* A scope the dialect would compile narrower on this device (OpenCL C 3.0 without the
 * scope feature macro): the test would run under its name with a weaker fence. */
static const char *narrowed_reason(const gc_caps *k, gc_memory_scope s) {
    static char r[GC_SCOPE_COUNT][200];
    gc_memory_scope as;
    if (!gc_caps_scope_narrowed(k, s, &as)) return NULL;
    if (!r[s][0])
        snprintf(r[s], sizeof r[s], "%s scope would compile as %s scope here (the OpenCL C compiler lacks %s), "
                 "so the test would not test what its name says", gc_scope_name(s), gc_scope_name(as),
                 s == GC_SCOPE_SYSTEM ? "__opencl_c_atomic_scope_all_devices" : "__opencl_c_atomic_scope_device");
    return r[s];
}

const char *fence_case_requires(const fence_case *c, const gc_device_info *info) {
    const gc_caps *k = &info->caps;
    const char *narrowed;
    if ((narrowed = narrowed_reason(k, c->parent_scope)) || (narrowed = narrowed_reason(k, c->scope)) ||
        (narrowed = narrowed_reason(k, c->flag_scope)))
        return narrowed;
    if ((c->space == FENCE_DEVICE_TO_HOST || c->space == FENCE_HOST_TO_DEVICE) && !k->host_mapped_memory)
        return "no host-mapped memory (caps.host_mapped_memory)";
    if (fence_space_is_barrier(c->space)) {
        /* A barrier is always there; its twin restricted to local memory is not, on CUDA. */
        if (c->barrier_mem == GC_MEM_SPACE_LOCAL && c->space == FENCE_BARRIER_GLOBAL && c->reorder == FR_IN_ORDER &&
            info->backend == GC_BACKEND_CUDA)
            return "CUDA has no barrier restricted to shared memory (__syncthreads orders global memory too), so "
                   "this twin would compile to the fenced test itself";
        return gc_caps_atomic(k, GC_ORDER_RELAXED, c->flag_scope) ? NULL : atomic_reason(c->flag_scope);
    }
    if (c->space == FENCE_LAST_BLOCK && c->ticket == FT_NATIVE &&
        (info->backend != GC_BACKEND_CUDA || !k->native_bounded_atomic_inc))
        return "no native bounded atomic increment on this device (OpenCL's atomic_inc has no bound; the CAS and "
               "fetch-add forms are the ones that run here)";
    /* The fenced test the case is (or weakens). */
    if (!gc_caps_fence(k, c->parent_order1, c->parent_scope)) return fence_reason(c->parent_order1, c->parent_scope);
    if (!gc_caps_fence(k, c->parent_order2, c->parent_scope)) return fence_reason(c->parent_order2, c->parent_scope);
    /* The twin's own, weaker, fences. */
    if (c->order1 != GC_ORDER_RELAXED && !gc_caps_fence(k, c->order1, c->scope)) return fence_reason(c->order1, c->scope);
    if (c->order2 != GC_ORDER_RELAXED && !gc_caps_fence(k, c->order2, c->scope)) return fence_reason(c->order2, c->scope);
    if (!gc_caps_atomic(k, GC_ORDER_RELAXED, c->flag_scope)) return atomic_reason(c->flag_scope);
    if (!gc_caps_atomic(k, c->store_order, c->flag_scope) || !gc_caps_atomic(k, c->load_order, c->flag_scope))
        return order_reason(c->store_order != GC_ORDER_RELAXED ? c->store_order : c->load_order, c->flag_scope);
    return NULL;
}

int fence_space_is_litmus(fence_space s) { return s == FENCE_SB || s == FENCE_LB || s == FENCE_IRIW; }
int fence_space_is_barrier(fence_space s) { return s == FENCE_BARRIER_LOCAL || s == FENCE_BARRIER_GLOBAL; }

const char *fence_layout_name(fence_space s, unsigned layout) {
    switch (s) {
    case FENCE_LOCAL: return layout == 0 ? "leader" : "pairs";
    case FENCE_GLOBAL: return layout == 0 ? "one_writer" : "parallel";
    case FENCE_SB: case FENCE_LB: case FENCE_IRIW: return "litmus";
    case FENCE_BARRIER_LOCAL: case FENCE_BARRIER_GLOBAL: return "barrier";
    case FENCE_LAST_BLOCK: return "last_block";
    default: return "host";
    }
}

unsigned fence_layout_count(fence_space s) { return s == FENCE_LOCAL || s == FENCE_GLOBAL ? 2u : 1u; }

const char *fence_case_source(const fence_case *c) {
    return c->space == FENCE_LOCAL             ? "suites/atomic_fence/mp_local.gc"
           : c->space == FENCE_GLOBAL          ? "suites/atomic_fence/mp_global.gc"
           : fence_space_is_litmus(c->space)   ? "suites/atomic_fence/litmus.gc"
           : fence_space_is_barrier(c->space)  ? "suites/atomic_fence/barrier.gc"
           : c->space == FENCE_LAST_BLOCK      ? "suites/atomic_fence/last_block.gc"
                                               : "suites/atomic_fence/mp_host.gc";
}

const char *fence_case_kernel(const fence_case *c, unsigned layout) {
    switch (c->space) {
    case FENCE_LOCAL: return "mp_local";
    case FENCE_GLOBAL: return layout == 0 ? "mp_one_writer" : "mp_parallel";
    case FENCE_SB: case FENCE_LB: case FENCE_IRIW: return "litmus";
    case FENCE_BARRIER_LOCAL: return "barrier_local";
    case FENCE_BARRIER_GLOBAL: return "barrier_global";
    case FENCE_LAST_BLOCK: return "last_block";
    case FENCE_DEVICE_TO_HOST: return "mp_device_writer";
    default: return "mp_device_reader";
    }
}

void fence_case_ptx_expect(const fence_case *c, unsigned layout, void *expect, char fences[2][32], char poll[32]) {
    fence_ptx_expect *x = expect;
    memset(x, 0, sizeof *x);
    x->entry = fence_case_kernel(c, layout);
    fence_ptx_fence_opcode(c->order1, c->scope, fences[0], 32);
    fence_ptx_fence_opcode(c->order2, c->scope, fences[1], 32);
    int n = 0;
    if (fences[0][0]) x->fences[n++] = fences[0];
    if (fences[1][0] && strcmp(fences[0], fences[1])) x->fences[n++] = fences[1];
    x->only_listed_fences = 1;
    snprintf(poll, 32, "ld.%s.%s", c->load_order == GC_ORDER_ACQUIRE ? "acquire" : "relaxed",
             fence_ptx_scope(c->flag_scope));
    /* The device writer of the host tests does not poll; the device reader checks the
     * data behind each new flag value inside its poll loop, so that loop holds the fence
     * by design and only has to exist. */
    /* The litmus shapes do not poll (their meeting spin is not what they test). */
    /* The barrier shapes and the last-block idiom do not poll either. */
    x->poll = c->space == FENCE_DEVICE_TO_HOST || fence_space_is_litmus(c->space) ||
                      fence_space_is_barrier(c->space) || c->space == FENCE_LAST_BLOCK
                  ? NULL
                  : poll;
    x->poll_loop_pure = c->space != FENCE_HOST_TO_DEVICE;
    /* A barrier shape has its barrier, or none in the no-barrier twins; the idiom's
     * barriers gather and broadcast, and its ticket is the form it names. */
    if (fence_space_is_barrier(c->space)) x->barriers = c->barrier_mem ? FENCE_PTX_BARRIER_REQUIRED : FENCE_PTX_BARRIER_NONE;
    if (c->space == FENCE_LAST_BLOCK) {
        x->barriers = FENCE_PTX_BARRIER_REQUIRED;
        x->fences[n] = c->ticket == FT_NATIVE ? "atom.relaxed.gpu.inc.u32"
                       : c->ticket == FT_CAS  ? "atom.relaxed.gpu.cas.b32"
                                              : "atom.relaxed.gpu.add.u32";
    }
}

size_t fence_case_defines(const fence_case *c, unsigned start_barrier, char d[FENCE_MAX_DEFINES][48],
                          const char *defs[FENCE_MAX_DEFINES]) {
    snprintf(d[0], 48, "MP_ORDER1=%d", (int)c->order1);
    snprintf(d[1], 48, "MP_ORDER2=%d", (int)c->order2);
    snprintf(d[2], 48, "MP_SCOPE=%d", (int)c->scope);
    snprintf(d[3], 48, "MP_FLAG_SCOPE=%d", (int)c->flag_scope);
    snprintf(d[4], 48, "MP_START_BARRIER=%u", start_barrier ? 1u : 0u);
    snprintf(d[5], 48, "MP_REORDER=%d", (int)c->reorder);
    snprintf(d[6], 48, "MP_STORE_ORDER=%d", (int)c->store_order);
    snprintf(d[7], 48, "MP_LOAD_ORDER=%d", (int)c->load_order);
    /* The ninth define is the shape's own: the litmus shape, the barrier's memory spaces, or
     * the ticket's form. */
    if (fence_space_is_barrier(c->space)) snprintf(d[8], 48, "MP_BARRIER_MEM=%d", c->barrier_mem);
    else if (c->space == FENCE_LAST_BLOCK) snprintf(d[8], 48, "MP_TICKET=%d", c->ticket);
    else snprintf(d[8], 48, "MP_LITMUS=%d", c->space == FENCE_SB ? LT_SB : c->space == FENCE_LB ? LT_LB : LT_IRIW);
    for (size_t i = 0; i < FENCE_MAX_DEFINES; i++) defs[i] = d[i];
    size_t n = fence_space_is_litmus(c->space) || fence_space_is_barrier(c->space) || c->space == FENCE_LAST_BLOCK ? 9 : 8;
    if (c->fault) {
        snprintf(d[n], 48, "GC_FAULT=%s", c->fault);
        n++;
    }
    return n;
}
