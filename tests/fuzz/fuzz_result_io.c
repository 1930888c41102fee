/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_result_io.c — the child-to-runner result channel (gc_result_read,
 * src/result/result_io.c): what an isolated test process, or anything that got hold of its
 * pipe, wrote.
 *
 * Checked beyond memory safety: the return value is st.complete; an incomplete stream is
 * CRASH with a reason in st.error; every figure line of an accepted record is well formed
 * by an independent reading ("figure VALUE UNIT NAME": a whole number, a unit of at most 31
 * bytes and a name of at most 63, nothing cut or shifted); and a complete record
 * round-trips: written back with gc_result_write and read again, it gives the same result
 * field for field. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "result/result.h"

#define TOKEN "f00d-token"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_double(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

static void fail(const char *what) {
    fprintf(stderr, "fuzz_result_io: %s\n", what);
    abort();
}

static void check_same(const gc_result *a, const gc_result *b) {
    if (a->outcome != b->outcome) fail("outcome differs after a round trip");
    if (strcmp(a->reason, b->reason) != 0) fail("reason differs after a round trip");
    if ((a->log == NULL) != (b->log == NULL) || (a->log && strcmp(a->log, b->log) != 0))
        fail("log differs after a round trip");
    if (a->checks != b->checks || !same_double(a->work, b->work)) fail("checks or work differ after a round trip");
    if (a->n_figures != b->n_figures) fail("figure count differs after a round trip");
    for (unsigned i = 0; i < a->n_figures; i++)
        if (strcmp(a->figures[i].name, b->figures[i].name) != 0 || strcmp(a->figures[i].unit, b->figures[i].unit) != 0 ||
            !same_double(a->figures[i].value, b->figures[i].value))
            fail("a figure differs after a round trip");
    if (a->n_samples != b->n_samples) fail("sample count differs after a round trip");
    for (unsigned i = 0; i < a->n_samples; i++)
        if (!same_double(a->samples_ms[i], b->samples_ms[i])) fail("a sample differs after a round trip");
}

/* Write r through the real writer into a memory file and read it back. */
static void round_trip(const gc_result *r) {
    static int fd = -1;
    if (fd < 0) fd = memfd_create("fuzz_result_io", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0) fail("memfd");
    if (!gc_result_write(fd, TOKEN, r)) fail("gc_result_write failed on a result that was read");
    off_t len = lseek(fd, 0, SEEK_CUR);
    char *text = malloc((size_t)len + 1);
    if (!text || pread(fd, text, (size_t)len, 0) != len) fail("reading the memfd back");
    gc_result back;
    gc_result_stream st;
    memset(&back, 0, sizeof back);
    if (!gc_result_read(text, (size_t)len, TOKEN, &back, &st)) {
        fprintf(stderr, "written record: %.*s\nerror: %s\n", (int)len, text, st.error);
        fail("what gc_result_write wrote does not read back");
    }
    check_same(r, &back);
    gc_result_free(&back);
    free(text);
}

/* The independent reading of one figure line's value ("VALUE UNIT NAME"). */
static int figure_well_formed(const char *v, size_t n) {
    const char *sp1 = memchr(v, ' ', n);
    if (!sp1 || sp1 == v) return 0;
    size_t nl = (size_t)(sp1 - v);
    char *num = malloc(nl + 1), *end;
    if (!num) fail("out of memory");
    memcpy(num, v, nl);
    num[nl] = '\0';
    errno = 0;
    (void)strtod(num, &end);
    int whole = *end == '\0' && errno != ERANGE;
    free(num);
    if (!whole) return 0;
    const char *unit = sp1 + 1, *stop = v + n;
    const char *sp2 = memchr(unit, ' ', (size_t)(stop - unit));
    if (!sp2 || sp2 == unit || sp2 - unit > 31) return 0;
    const char *name = sp2 + 1;
    return name < stop && stop - name <= 63;
}

/* Every figure line of the record (from "begin TOKEN" to the first "end") is well formed. */
static void check_figure_lines(const char *text, size_t len) {
    const char *p = text, *stop = text + len;
    int in_record = 0;
    while (p < stop) {
        const char *eol = memchr(p, '\n', (size_t)(stop - p));
        if (!eol) return;
        size_t n = (size_t)(eol - p);
        if (!in_record && n == strlen("begin " TOKEN) && memcmp(p, "begin " TOKEN, n) == 0) in_record = 1;
        else if (in_record && n == 3 && memcmp(p, "end", 3) == 0) return;
        else if (in_record && n > 7 && memcmp(p, "figure ", 7) == 0 && !figure_well_formed(p + 7, n - 7)) {
            fprintf(stderr, "accepted: %.*s\n", (int)n, p);
            fail("a malformed figure line was accepted");
        }
        p = eol + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gc_result r;
    gc_result_stream st;
    memset(&r, 0, sizeof r);
    int ok = gc_result_read((const char *)data, size, TOKEN, &r, &st);
    if (ok != st.complete) fail("return value and st.complete disagree");
    if (!ok && (r.outcome != GC_CRASH || st.error[0] == '\0')) fail("an incomplete stream that is not CRASH with a reason");
    if ((unsigned)r.outcome >= GC_OUTCOME_COUNT) fail("outcome out of range");
    if (memchr(st.cache_loading, '\0', sizeof st.cache_loading) == NULL) fail("cache_loading not terminated");
    if (ok) check_figure_lines((const char *)data, size);
    if (ok) round_trip(&r);
    gc_result_free(&r);
    return 0;
}
