/* SPDX-License-Identifier: Apache-2.0 */
/* check.c — known-answer comparisons, each followed by its negative control.
 *
 * After a comparison passes, every expected element is mangled (one bit flipped, at a
 * position that moves from element to element) and the comparison is run again: it must
 * now report every element as a mismatch. Then the bits are flipped back. A comparator
 * that misses any mangled element (e.g. an equality that ignores high limbs) makes the
 * test BROKEN, not PASS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/hex.h"
#include "harness/context.h"

void gc_ctx_broken(gc_test_ctx *ctx, const char *msg);

#define GC_MISMATCHES_SHOWN 5

static int eq_memcmp(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

static void fmt_hex(const void *elem, size_t size, char *buf, size_t len) {
    const uint8_t *p = elem;
    size_t shown = size > 48 ? 48 : size, o = 0;
    o += (size_t)snprintf(buf, len, "0x");
    /* Little-endian integers read naturally most-significant first. */
    for (size_t i = 0; i < shown && o + 3 < len; i++, o += 2) gc_hex_encode(buf + o, &p[size - 1 - i], 1);
    buf[o < len ? o : len - 1] = '\0';
    if (shown < size && o + 4 < len) snprintf(buf + o, len - o, "...");
}

static int all_canary(const uint8_t *p, size_t n, uint8_t canary) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != canary) return 0;
    return 1;
}

typedef struct {
    size_t mismatches, unwritten, ambiguous;
} compare_counts;

static compare_counts compare(gc_test_ctx *ctx, const char *label, const uint8_t *exp, const uint8_t *got,
                              size_t count, size_t size, gc_eq_fn eq, gc_fmt_fn fmt, int report) {
    compare_counts c = {0, 0, 0};
    uint8_t canary = ctx->opt->canary;
    for (size_t i = 0; i < count; i++) {
        const uint8_t *e = exp + i * size, *g = got + i * size;
        int still_canary = all_canary(g, size, canary);
        if (still_canary && all_canary(e, size, canary)) c.ambiguous++;
        if (eq(e, g, size) && !(still_canary && !all_canary(e, size, canary))) continue;
        c.mismatches++;
        if (still_canary) c.unwritten++;
        if (report && c.mismatches <= GC_MISMATCHES_SHOWN) {
            char es[128], gs[128];
            fmt(e, size, es, sizeof es);
            fmt(g, size, gs, sizeof gs);
            gc_result_log(ctx->result, "  %s[%zu]: expected %s, got %s%s", label, i, es, gs,
                          still_canary ? " (unwritten: still the canary)" : "");
        }
    }
    return c;
}

static void flip(uint8_t *data, size_t count, size_t size) {
    for (size_t i = 0; i < count; i++) {
        size_t bit = (i * 7 + 3) % (size * 8);
        data[i * size + bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
}

int gc_check_custom(gc_test_ctx *ctx, const char *label, void *expected, const void *got, size_t count,
                    size_t elem_size, gc_eq_fn eq, gc_fmt_fn fmt) {
    ctx->comparisons++;
    if (!eq) eq = eq_memcmp;
    if (!fmt) fmt = fmt_hex;
    if (count == 0 || elem_size == 0) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s: nothing to compare (0 elements)", label);
        gc_ctx_broken(ctx, msg);
        return 0;
    }
    compare_counts c = compare(ctx, label, expected, got, count, elem_size, eq, fmt, 1);
    ctx->compared += count;
    if (c.mismatches) {
        if (c.unwritten)
            gc_ctx_fail(ctx, "%s: %zu of %zu elements differ (%zu unwritten, still canary 0x%02X)", label,
                        c.mismatches, count, c.unwritten, ctx->opt->canary);
        else
            gc_ctx_fail(ctx, "%s: %zu of %zu elements differ", label, c.mismatches, count);
        return 0;
    }
    if (c.ambiguous)
        gc_result_log(ctx->result, "  %s: %zu expected elements equal the canary pattern; a different --canary "
                                   "distinguishes them", label, c.ambiguous);
    /* Negative control: the comparison must now see every element as wrong. */
    flip(expected, count, elem_size);
    compare_counts neg = compare(ctx, label, expected, got, count, elem_size, eq, fmt, 0);
    flip(expected, count, elem_size);
    if (neg.mismatches != count) {
        char msg[512];
        snprintf(msg, sizeof msg,
                 "%s: negative control: after mangling all %zu expected elements the comparison still "
                 "accepted %zu of them",
                 label, count, count - neg.mismatches);
        gc_ctx_broken(ctx, msg);
        return 0;
    }
    return 1;
}

int gc_check_bytes(gc_test_ctx *ctx, const char *label, void *expected, const void *got, size_t n) {
    return gc_check_custom(ctx, label, expected, got, n, 1, NULL, NULL);
}

static void fmt_u32(const void *e, size_t size, char *buf, size_t len) {
    (void)size;
    uint32_t v;
    memcpy(&v, e, 4);
    snprintf(buf, len, "%u (0x%08x)", v, v);
}

static void fmt_u64(const void *e, size_t size, char *buf, size_t len) {
    (void)size;
    uint64_t v;
    memcpy(&v, e, 8);
    snprintf(buf, len, "%llu (0x%016llx)", (unsigned long long)v, (unsigned long long)v);
}

int gc_check_u32(gc_test_ctx *ctx, const char *label, uint32_t *expected, const uint32_t *got, size_t n) {
    return gc_check_custom(ctx, label, expected, got, n, 4, NULL, fmt_u32);
}

int gc_check_u64(gc_test_ctx *ctx, const char *label, uint64_t *expected, const uint64_t *got, size_t n) {
    return gc_check_custom(ctx, label, expected, got, n, 8, NULL, fmt_u64);
}

int gc_check_property(gc_test_ctx *ctx, const char *label, const void *data, size_t n, size_t elem_size,
                      const void *param, gc_validate_fn validate, gc_mangle_fn mangle, unsigned n_variants) {
    ctx->comparisons++;
    char msg[1024] = "";
    size_t bad = validate(data, n, param, msg, sizeof msg);
    ctx->compared += n;
    if (bad) {
        gc_ctx_fail(ctx, "%s: %zu violations; first: %s", label, bad, msg);
        return 0;
    }
    if (!mangle || n_variants == 0) {
        char m[256];
        snprintf(m, sizeof m, "%s: a property check needs at least one negative-control variant", label);
        gc_ctx_broken(ctx, m);
        return 0;
    }
    void *copy = malloc(n * elem_size + 1);
    if (!copy) {
        gc_ctx_error(ctx, "%s: out of memory for the negative control", label);
        return 0;
    }
    int ok = 1;
    for (unsigned v = 0; v < n_variants && ok; v++) {
        memcpy(copy, data, n * elem_size);
        mangle(copy, n, param, v);
        char m2[1024] = "";
        if (validate(copy, n, param, m2, sizeof m2) == 0) {
            char m[256];
            snprintf(m, sizeof m, "%s: negative control variant %u was not detected by the validator", label, v);
            gc_ctx_broken(ctx, m);
            ok = 0;
        }
    }
    free(copy);
    return ok;
}
