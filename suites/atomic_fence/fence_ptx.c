/* SPDX-License-Identifier: Apache-2.0 */
/* fence_ptx.c — a small PTX reader: instructions and labels of one entry, then the
 * fence and poll-loop checks of fence_ptx.h. */
#include "suites/atomic_fence/fence_ptx.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPC_MAX 64
#define NAME_MAX_ 96

typedef enum { ITEM_LABEL, ITEM_INSTR } item_kind;
typedef struct {
    item_kind kind;
    char opcode[OPC_MAX];    /* instruction: opcode with its modifiers; label: its name */
    char target[NAME_MAX_];  /* branch target, "" otherwise */
} item;

typedef struct {
    item *v;
    size_t n, cap;
} items;

static int push(items *it, item x) {
    if (it->n == it->cap) {
        size_t cap = it->cap ? 2 * it->cap : 256;
        item *v = realloc(it->v, cap * sizeof *v);
        if (!v) return 0;
        it->v = v;
        it->cap = cap;
    }
    it->v[it->n++] = x;
    return 1;
}

/* Copy the entry's body with comments blanked out; NULL when the entry is absent. */
static char *entry_body(const char *ptx, const char *entry) {
    size_t n = strlen(ptx);
    char *clean = malloc(n + 1);
    if (!clean) return NULL;
    /* Blank comments first so that nothing inside them is found below. */
    for (size_t i = 0; i < n;) {
        if (ptx[i] == '/' && ptx[i + 1] == '/') {
            while (i < n && ptx[i] != '\n') clean[i++] = ' ';
        } else if (ptx[i] == '/' && ptx[i + 1] == '*') {
            clean[i] = clean[i + 1] = ' ';
            i += 2;
            while (i < n && !(ptx[i] == '*' && ptx[i + 1] == '/')) clean[i] = ptx[i] == '\n' ? '\n' : ' ', i++;
            if (i < n) clean[i] = clean[i + 1] = ' ', i += 2;
        } else {
            clean[i] = ptx[i];
            i++;
        }
    }
    clean[n] = 0;
    /* ".entry NAME(" with NAME matched as a whole word. */
    size_t el = strlen(entry);
    char *p = clean, *found = NULL;
    while ((p = strstr(p, ".entry")) != NULL) {
        char *q = p + 6;
        while (*q == ' ' || *q == '\t') q++;
        if (!strncmp(q, entry, el) && !(isalnum((unsigned char)q[el]) || q[el] == '_' || q[el] == '$')) {
            found = q + el;
            break;
        }
        p = q;
    }
    if (!found) {
        free(clean);
        return NULL;
    }
    char *open = strchr(found, '{');
    if (!open) {
        free(clean);
        return NULL;
    }
    int depth = 0;
    char *end = open;
    for (; *end; end++) {
        if (*end == '{') depth++;
        else if (*end == '}' && --depth == 0) break;
    }
    size_t bl = (size_t)(end - open - 1 + (*end ? 0 : 1));
    char *body = malloc(bl + 1);
    if (body) {
        memcpy(body, open + 1, bl);
        body[bl] = 0;
    }
    free(clean);
    return body;
}

static void copy_word(char *dst, size_t cap, const char *s, size_t n) {
    if (n >= cap) n = cap - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

/* Split the body into labels and instructions (statements end with ';'; a label is
 * "name:" before them; braces of nested blocks are skipped). */
static int parse(const char *body, items *out) {
    const char *p = body;
    for (;;) {
        while (*p && (isspace((unsigned char)*p) || *p == '{' || *p == '}')) p++;
        if (!*p) return 1;
        const char *w = p;
        while (*p && !isspace((unsigned char)*p) && *p != ';' && *p != ':' && *p != '{' && *p != '}') p++;
        if (*p == ':' ) { /* a label */
            item it = {ITEM_LABEL, "", ""};
            copy_word(it.opcode, sizeof it.opcode, w, (size_t)(p - w));
            if (!push(out, it)) return 0;
            p++;
            continue;
        }
        /* An instruction, possibly predicated: "@%p1 bra $L__BB0_2;" / "@!%p1 bra ...". */
        const char *stmt_end = strchr(w, ';');
        if (!stmt_end) stmt_end = w + strlen(w);
        const char *op = w;
        if (*op == '@') {
            while (op < stmt_end && !isspace((unsigned char)*op)) op++;
            while (op < stmt_end && isspace((unsigned char)*op)) op++;
        }
        const char *op_end = op;
        while (op_end < stmt_end && !isspace((unsigned char)*op_end)) op_end++;
        item it = {ITEM_INSTR, "", ""};
        copy_word(it.opcode, sizeof it.opcode, op, (size_t)(op_end - op));
        if (!strncmp(it.opcode, "bra", 3) && (it.opcode[3] == 0 || it.opcode[3] == '.')) {
            const char *t = op_end;
            while (t < stmt_end && isspace((unsigned char)*t)) t++;
            const char *te = t;
            while (te < stmt_end && !isspace((unsigned char)*te)) te++;
            copy_word(it.target, sizeof it.target, t, (size_t)(te - t));
        }
        if (!push(out, it)) return 0;
        p = *stmt_end ? stmt_end + 1 : stmt_end;
    }
}

static int is_fence(const char *op) { return !strncmp(op, "fence.", 6) || !strncmp(op, "membar", 6); }
/* bar.sync, bar.cta.sync, barrier.sync, bar.red, bar.arrive ... (not bra) */
static int is_barrier(const char *op) { return !strncmp(op, "bar.", 4) || !strncmp(op, "barrier.", 8); }
static int is_store(const char *op) {
    return !strncmp(op, "st.", 3) || !strncmp(op, "atom.", 5) || !strncmp(op, "red.", 4);
}
static int has_prefix(const char *op, const char *prefix) {
    size_t n = strlen(prefix);
    return !strncmp(op, prefix, n) && (op[n] == 0 || op[n] == '.');
}

/* Required fences present, and no others where only the listed ones may appear: 1, or 0
 * with the message. */
static int check_fences(const items *it, const fence_ptx_expect *e, char *msg, size_t len) {
    for (int f = 0; f < FENCE_PTX_MAX_FENCES && e->fences[f]; f++) {
        size_t found = 0;
        for (size_t i = 0; i < it->n; i++)
            if (it->v[i].kind == ITEM_INSTR && !strcmp(it->v[i].opcode, e->fences[f])) found++;
        if (!found) {
            snprintf(msg, len, "%s: expected %s, found none", e->entry, e->fences[f]);
            return 0;
        }
    }
    if (!e->only_listed_fences) return 1;
    for (size_t i = 0; i < it->n; i++) {
        if (it->v[i].kind != ITEM_INSTR || !is_fence(it->v[i].opcode)) continue;
        int listed = 0;
        for (int f = 0; f < FENCE_PTX_MAX_FENCES && e->fences[f]; f++) listed |= !strcmp(it->v[i].opcode, e->fences[f]);
        if (!listed) {
            snprintf(msg, len, "%s: unexpected %s", e->entry, it->v[i].opcode);
            return 0;
        }
    }
    return 1;
}

/* A work-group barrier where one is required, none where none may be. */
static int check_barriers(const items *it, const fence_ptx_expect *e, char *msg, size_t len) {
    if (e->barriers == FENCE_PTX_BARRIER_ANY) return 1;
    size_t barriers = 0;
    const char *first = NULL;
    for (size_t i = 0; i < it->n; i++)
        if (it->v[i].kind == ITEM_INSTR && is_barrier(it->v[i].opcode)) {
            if (!barriers++) first = it->v[i].opcode;
        }
    if (e->barriers == FENCE_PTX_BARRIER_REQUIRED && !barriers) {
        snprintf(msg, len, "%s: expected a work-group barrier (bar.sync), found none", e->entry);
        return 0;
    }
    if (e->barriers == FENCE_PTX_BARRIER_NONE && barriers) {
        snprintf(msg, len, "%s: unexpected barrier %s (%zu in all)", e->entry, first, barriers);
        return 0;
    }
    return 1;
}

/* Is the instruction at j inside a loop (a label at i <= j, a branch back to it at k > j)
 * that, where asked, holds no fence and no store? The innermost such loop decides. */
static int in_poll_loop(const items *it, size_t j, int pure_asked) {
    size_t best_i = 0, best_k = 0;
    int in_loop = 0;
    for (size_t k = j + 1; k < it->n; k++) {
        if (it->v[k].kind != ITEM_INSTR || !it->v[k].target[0]) continue;
        for (size_t i = 0; i <= j; i++) {
            if (it->v[i].kind == ITEM_LABEL && !strcmp(it->v[i].opcode, it->v[k].target)) {
                if (!in_loop || k - i < best_k - best_i) best_i = i, best_k = k;
                in_loop = 1;
            }
        }
    }
    if (!in_loop) return 0;
    if (pure_asked)
        for (size_t m = best_i; m <= best_k; m++)
            if (it->v[m].kind == ITEM_INSTR && (is_fence(it->v[m].opcode) || is_store(it->v[m].opcode))) return 0;
    return 1;
}

/* The flag poll: a load of e->poll inside its loop (not hoisted out of it). */
static int check_poll(const items *it, const fence_ptx_expect *e, char *msg, size_t len) {
    if (!e->poll) return 1;
    size_t polls = 0;
    for (size_t j = 0; j < it->n; j++) {
        if (it->v[j].kind != ITEM_INSTR || !has_prefix(it->v[j].opcode, e->poll)) continue;
        polls++;
        if (in_poll_loop(it, j, e->poll_loop_pure)) return 1;
    }
    if (!polls) snprintf(msg, len, "%s: no %s load (the flag poll) found", e->entry, e->poll);
    else
        snprintf(msg, len, "%s: no %s load sits inside %s loop (poll hoisted out of its loop?)", e->entry, e->poll,
                 e->poll_loop_pure ? "a fence- and store-free" : "a");
    return 0;
}

int fence_ptx_check(const char *ptx, const fence_ptx_expect *e, char *msg, size_t len) {
    if (!ptx || !e || !e->entry) {
        snprintf(msg, len, "no PTX to check");
        return 0;
    }
    char *body = entry_body(ptx, e->entry);
    if (!body) {
        snprintf(msg, len, "entry %s not found in the PTX", e->entry);
        return 0;
    }
    items it = {NULL, 0, 0};
    int ok = parse(body, &it);
    free(body);
    if (!ok) {
        snprintf(msg, len, "out of memory reading the PTX");
        free(it.v);
        return 0;
    }
    ok = check_fences(&it, e, msg, len) && check_barriers(&it, e, msg, len) && check_poll(&it, e, msg, len);
    free(it.v);
    return ok;
}

const char *fence_ptx_scope(gc_memory_scope s) {
    return s == GC_SCOPE_SYSTEM ? "sys" : s == GC_SCOPE_DEVICE ? "gpu" : "cta";
}

const char *fence_ptx_fence_opcode(gc_memory_order o, gc_memory_scope s, char *buf, size_t len) {
    if (o == GC_ORDER_RELAXED || s == GC_SCOPE_WORK_ITEM) snprintf(buf, len, "%s", "");
    else snprintf(buf, len, "fence.%s.%s", o == GC_ORDER_SEQ_CST ? "sc" : "acq_rel", fence_ptx_scope(s));
    return buf;
}
