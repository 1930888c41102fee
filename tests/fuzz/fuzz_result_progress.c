/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_result_progress.c — the progress records of the result channel
 * (gc_result_progress_update, src/result/result_io.c): the `progress warm-up DONE TOTAL` and
 * `progress samples N CV` lines a benchmark's process writes before its record, which the
 * runner reads while the pipe fills, for the terminal's progress line.
 *
 * Input: byte 0 is the step (1..256 bytes) by which the stream grows between calls, as the
 * runner's buffer grows between polls; the rest is the stream. Checked beyond memory safety:
 *  - fed in steps or whole, the reader ends in the same state (it reads complete lines only);
 *  - each call returns 1 exactly when `now` changed;
 *  - the state is sane: `scanned` is at a line's end within the text, and no complete line
 *    is left unread before the record; a warm-up has done <= total, total >= 1; a CV is -1
 *    (unknown) or finite and >= 0;
 *  - the reader and the record reader (gc_result_read) agree on every progress line before
 *    the record: the reader takes a line exactly when the record reader accepts it in front
 *    of a valid record (one grammar, two readers);
 *  - the state written back by gc_result_write_progress reads back the same (the CV to the
 *    six digits the writer keeps), and the record reader accepts the written line. */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "result/result.h"

#define TOKEN "f00d-token"
#define RECORD "begin " TOKEN "\noutcome PASS\nend\n"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *text, size_t len) {
    fprintf(stderr, "fuzz_result_progress: %s\n  input: '%.*s'\n", what, (int)(len > 300 ? 300 : len), text);
    abort();
}

static int same_progress(const gc_result_progress *a, const gc_result_progress *b) {
    return a->phase == b->phase && a->warmup_done == b->warmup_done && a->warmup_total == b->warmup_total &&
           a->samples == b->samples && a->cv == b->cv;
}

static void check_sane(const gc_result_progress_reader *rd, const char *text, size_t len) {
    if (rd->scanned > len) fail("scanned past the text", text, len);
    if (rd->scanned && text[rd->scanned - 1] != '\n') fail("scanned stops inside a line", text, len);
    if (!rd->at_record && memchr(text + rd->scanned, '\n', len - rd->scanned))
        fail("a complete line before the record was left unread", text, len);
    const gc_result_progress *p = &rd->now;
    if (p->phase == GC_PROGRESS_WARMUP && (p->warmup_total == 0 || p->warmup_done > p->warmup_total))
        fail("a warm-up state out of range", text, len);
    if (p->phase == GC_PROGRESS_SAMPLING && !(p->cv == -1 || (isfinite(p->cv) && p->cv >= 0)))
        fail("a CV that is neither -1 nor finite and >= 0", text, len);
    if (p->phase != GC_PROGRESS_NONE && p->phase != GC_PROGRESS_WARMUP && p->phase != GC_PROGRESS_SAMPLING)
        fail("a phase out of range", text, len);
}

/* Does a fresh reader take this one line (no newline in it)? Its state in *out. */
static int reader_takes(const char *line, size_t n, gc_result_progress *out) {
    char *buf = malloc(n + 1);
    if (!buf) abort();
    memcpy(buf, line, n);
    buf[n] = '\n';
    gc_result_progress_reader rd;
    memset(&rd, 0, sizeof rd);
    gc_result_progress_update(&rd, buf, n + 1);
    free(buf);
    *out = rd.now;
    return rd.now.phase != GC_PROGRESS_NONE;
}

/* Does the record reader accept this line in front of a valid record? */
static int record_reader_takes(const char *line, size_t n) {
    size_t len = n + 1 + strlen(RECORD);
    char *buf = malloc(len);
    if (!buf) abort();
    memcpy(buf, line, n);
    buf[n] = '\n';
    memcpy(buf + n + 1, RECORD, strlen(RECORD));
    gc_result r;
    gc_result_stream st;
    memset(&r, 0, sizeof r);
    int ok = gc_result_read(buf, len, TOKEN, &r, &st);
    gc_result_free(&r);
    free(buf);
    return ok;
}

/* Every complete `progress` line before the record: the two readers agree, and the stream
 * reader's final state is the last line it took. */
static void check_against_record_reader(const gc_result_progress_reader *whole, const char *text, size_t len) {
    gc_result_progress last = {GC_PROGRESS_NONE, 0, 0, 0, 0};
    for (const char *p = text, *stop = text + len; p < stop;) {
        const char *eol = memchr(p, '\n', (size_t)(stop - p));
        if (!eol) break;
        size_t n = (size_t)(eol - p);
        if (n >= 6 && memcmp(p, "begin ", 6) == 0) break;
        gc_result_progress one;
        int taken = reader_takes(p, n, &one);
        /* a NUL byte makes the record reader refuse the whole stream, whatever the line */
        if (n >= 9 && memcmp(p, "progress ", 9) == 0 && !memchr(p, '\0', n) && taken != record_reader_takes(p, n))
            fail(taken ? "the progress reader took a line the record reader refuses"
                       : "the progress reader skipped a line the record reader accepts",
                 p, n);
        if (taken) last = one;
        p = eol + 1;
    }
    if (!same_progress(&last, &whole->now)) fail("the state is not the last progress line taken", text, len);
}

/* The state as the child's writer puts it, read back. */
static void check_round_trip(const gc_result_progress *now, const char *text, size_t len) {
    if (now->phase == GC_PROGRESS_NONE) return;
    static int fd = -1;
    if (fd < 0) fd = memfd_create("fuzz_result_progress", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0) fail("memfd", text, len);
    if (!gc_result_write_progress(fd, now)) fail("gc_result_write_progress refused a state that was read", text, len);
    char line[128];
    ssize_t n = pread(fd, line, sizeof line, 0);
    if (n <= 0 || line[n - 1] != '\n') fail("the written progress line is not one line", text, len);
    gc_result_progress back;
    if (!reader_takes(line, (size_t)n - 1, &back)) fail("the written progress line does not read back", line, (size_t)n);
    int cv_same = back.cv == now->cv || fabs(back.cv - now->cv) <= 1e-5 * fabs(now->cv);
    if (back.phase != now->phase || back.warmup_done != now->warmup_done || back.warmup_total != now->warmup_total ||
        back.samples != now->samples || !cv_same)
        fail("the written progress line reads back different", line, (size_t)n);
    if (!record_reader_takes(line, (size_t)n - 1)) fail("the record reader refuses the written line", line, (size_t)n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    size_t step = (size_t)data[0] + 1;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    gc_result_progress_reader whole, steps;
    memset(&whole, 0, sizeof whole);
    memset(&steps, 0, sizeof steps);
    gc_result_progress_update(&whole, text, len);
    check_sane(&whole, text, len);
    for (size_t have = 0; have < len;) {
        have = have + step < len ? have + step : len;
        gc_result_progress before = steps.now;
        int changed = gc_result_progress_update(&steps, text, have);
        if (changed != !same_progress(&before, &steps.now)) fail("the return value does not say whether it changed", text, have);
        check_sane(&steps, text, have);
    }
    if (!same_progress(&whole.now, &steps.now) || whole.scanned != steps.scanned || whole.at_record != steps.at_record)
        fail("fed in steps, the reader ends elsewhere than fed whole", text, len);
    check_against_record_reader(&whole, text, len);
    check_round_trip(&whole.now, text, len);
    return 0;
}
