/* SPDX-License-Identifier: Apache-2.0 */
/* result_io.c — the result channel: a result as text lines ("key value") from the isolated
 * child to the runner, on the child's fd 3 (a pipe that carries nothing else).
 *
 *   begin TOKEN          the runner's per-test token (GC_RESULT_TOKEN): text that a test
 *                        writes on its own, or that some other process writes, is not a result
 *   outcome NAME         required, once
 *   reason TEXT, log TEXT, checks N, work X, figure X UNIT NAME, sample X
 *   stopped-by NAME      how a benchmark's sampling ended (gc_sample_stop_name), at most once
 *   telemetry N MIN MAX MASK   N readings of the SM clock (MHz) and the OR of NVML's
 *                        clock-event reasons (hex), at most once
 *   telemetry-unavailable TEXT  why there were none
 *   end                  the record is complete; nothing after it is read
 *
 * Outside a record only `cache-loading PATH` / `cache-loaded` and `progress` may appear.
 * With the first, the child says which cached binary it hands to the driver, so that a
 * process that dies there can be traced to (and rid of) that entry. With the second, a
 * benchmark says how far it is while it runs, for the terminal's progress line:
 *
 *   progress warm-up DONE TOTAL   DONE of TOTAL (>= 1) warm-up samples taken
 *   progress samples N CV         N samples taken, their CV as a fraction (`-`: unknown)
 *
 * A progress line carries no outcome and no figures: it is never part of the result, and
 * inside a record it is an unknown key. Values escape backslash and newline. Anything else —
 * an unknown key, a second outcome, a number that does not parse, a NUL byte — makes the
 * stream invalid, and an invalid or incomplete stream is never a pass. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "result/result.h"

typedef struct {
    char *buf;
    size_t len, cap;
    int failed; /* out of memory: the record is not sent at all rather than sent cut */
} strbuf;

static void sb_add(strbuf *s, const char *p, size_t n) {
    if (s->failed) return;
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        while (cap < s->len + n + 1) cap *= 2;
        char *q = realloc(s->buf, cap);
        if (!q) {
            s->failed = 1;
            return;
        }
        s->buf = q;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, p, n);
    s->len += n;
    s->buf[s->len] = '\0';
}

static void sb_escaped(strbuf *s, const char *key, const char *v) {
    sb_add(s, key, strlen(key));
    sb_add(s, " ", 1);
    for (; v && *v; v++) {
        if (*v == '\\') sb_add(s, "\\\\", 2);
        else if (*v == '\n') sb_add(s, "\\n", 2);
        else sb_add(s, v, 1);
    }
    sb_add(s, "\n", 1);
}

static void sb_fmt(strbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_fmt(strbuf *s, const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof tmp) s->failed = 1; /* never a cut line */
    else sb_add(s, tmp, (size_t)n);
}

static int write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return 0;
        p += w;
        n -= (size_t)w;
    }
    return 1;
}

int gc_result_write(int fd, const char *token, const gc_result *r) {
    strbuf s = {0};
    sb_fmt(&s, "begin %s\n", token && *token ? token : "-");
    sb_fmt(&s, "outcome %s\n", gc_outcome_name(r->outcome));
    sb_escaped(&s, "reason", r->reason);
    sb_escaped(&s, "log", r->log);
    sb_fmt(&s, "checks %llu\n", (unsigned long long)r->checks);
    sb_fmt(&s, "work %.17g\n", r->work);
    for (unsigned i = 0; i < r->n_figures; i++)
        sb_fmt(&s, "figure %.17g %s %s\n", r->figures[i].value, r->figures[i].unit[0] ? r->figures[i].unit : "-",
               r->figures[i].name);
    for (unsigned i = 0; i < r->n_samples; i++) sb_fmt(&s, "sample %.17g\n", r->samples_ms[i]);
    if (r->stopped_by != GC_STOP_NONE) sb_fmt(&s, "stopped-by %s\n", gc_sample_stop_name(r->stopped_by));
    const gc_gpu_telemetry *tm = &r->telemetry;
    if (tm->available)
        sb_fmt(&s, "telemetry %u %u %u %llx\n", tm->readings, tm->sm_clock_min_mhz, tm->sm_clock_max_mhz,
               (unsigned long long)tm->throttle_reasons);
    else if (tm->unavailable[0])
        sb_escaped(&s, "telemetry-unavailable", tm->unavailable);
    sb_add(&s, "end\n", 4);
    int ok = !s.failed && s.buf && write_all(fd, s.buf, s.len);
    free(s.buf);
    return ok;
}

int gc_result_write_cache_load(int fd, const char *entry_path) {
    strbuf s = {0};
    if (entry_path) sb_escaped(&s, "cache-loading", entry_path);
    else sb_add(&s, "cache-loaded\n", 13);
    int ok = !s.failed && s.buf && write_all(fd, s.buf, s.len);
    free(s.buf);
    return ok;
}

int gc_result_write_progress(int fd, const gc_result_progress *pr) {
    char line[96];
    int n;
    if (pr->phase == GC_PROGRESS_WARMUP)
        n = snprintf(line, sizeof line, "progress warm-up %u %u\n", pr->warmup_done, pr->warmup_total);
    else if (pr->phase == GC_PROGRESS_SAMPLING && pr->cv >= 0)
        n = snprintf(line, sizeof line, "progress samples %u %.6g\n", pr->samples, pr->cv);
    else if (pr->phase == GC_PROGRESS_SAMPLING)
        n = snprintf(line, sizeof line, "progress samples %u -\n", pr->samples);
    else
        return 0;
    return n > 0 && (size_t)n < sizeof line && write_all(fd, line, (size_t)n);
}

static char *unescape(const char *v) {
    char *out = malloc(strlen(v) + 1), *o = out;
    if (!out) return NULL;
    for (; *v; v++) {
        if (*v == '\\' && v[1] == 'n') *o++ = '\n', v++;
        else if (*v == '\\' && v[1] == '\\') *o++ = '\\', v++;
        else *o++ = *v;
    }
    *o = '\0';
    return out;
}

static int parse_double(const char *s, double *out) {
    if (!*s) return 0;
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return *end == '\0' && errno != ERANGE;
}

static int parse_u64(const char *s, uint64_t *out) {
    if (*s < '0' || *s > '9') return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    *out = v;
    return *end == '\0' && errno == 0;
}

/* A count of a progress line: decimal digits only, within an unsigned. */
static int parse_count(const char *s, size_t n, unsigned *out) {
    if (n == 0 || n > 10) return 0;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v > UINT_MAX) return 0;
    *out = (unsigned)v;
    return 1;
}

/* The value of a `progress` line (after the key and its space), into *out; 0 if malformed. */
static int parse_progress(const char *val, gc_result_progress *out) {
    const char *f[3];
    size_t len[3], k = 0;
    for (const char *p = val;; k++) {
        if (k == 3) return 0; /* more than three fields */
        const char *sp = strchr(p, ' ');
        f[k] = p;
        len[k] = sp ? (size_t)(sp - p) : strlen(p);
        if (!sp) {
            k++;
            break;
        }
        p = sp + 1;
    }
    gc_result_progress pr = {GC_PROGRESS_NONE, 0, 0, 0, -1};
    if (k != 3) return 0;
    if (len[0] == 7 && memcmp(f[0], "warm-up", 7) == 0) {
        if (!parse_count(f[1], len[1], &pr.warmup_done) || !parse_count(f[2], len[2], &pr.warmup_total) ||
            pr.warmup_total == 0 || pr.warmup_done > pr.warmup_total)
            return 0;
        pr.phase = GC_PROGRESS_WARMUP;
    } else if (len[0] == 7 && memcmp(f[0], "samples", 7) == 0) {
        if (!parse_count(f[1], len[1], &pr.samples)) return 0;
        if (!(len[2] == 1 && f[2][0] == '-')) {
            /* a plain decimal (as %g writes it): no sign, hex, inf or nan; parse_double
             * refuses one out of range */
            if (f[2][0] < '0' || f[2][0] > '9' || strspn(f[2], "0123456789.e+-") != len[2] ||
                !parse_double(f[2], &pr.cv))
                return 0;
        }
        pr.phase = GC_PROGRESS_SAMPLING;
    } else {
        return 0;
    }
    *out = pr;
    return 1;
}

int gc_result_progress_update(gc_result_progress_reader *rd, const char *text, size_t len) {
    const gc_result_progress before = rd->now;
    while (!rd->at_record && rd->scanned < len) {
        const char *p = text + rd->scanned, *eol = memchr(p, '\n', len - rd->scanned);
        if (!eol) break; /* the rest of the line has not come yet */
        size_t n = (size_t)(eol - p);
        rd->scanned += n + 1;
        gc_result_progress pr;
        if (n >= 6 && memcmp(p, "begin ", 6) == 0) rd->at_record = 1;
        if (n < 9 || memcmp(p, "progress ", 9) != 0) continue;
        /* Any length, as gc_result_read takes it: a CV may be written with many digits (a
         * line cut at 96 bytes was passed over here and accepted there: fuzz_result_progress). */
        char short_line[96], *line = n < sizeof short_line ? short_line : malloc(n + 1);
        if (!line) continue;
        memcpy(line, p, n);
        line[n] = '\0';
        int ok = strlen(line) == n && parse_progress(line + 9, &pr);
        if (line != short_line) free(line);
        if (ok) rd->now = pr;
    }
    /* Changed from before this call, not along the way: lines that went and came back
     * within one read leave it as it was (fuzz_result_progress found the difference). */
    const gc_result_progress *now = &rd->now;
    return now->phase != before.phase || now->warmup_done != before.warmup_done ||
           now->warmup_total != before.warmup_total || now->samples != before.samples || now->cv != before.cv;
}

/* Where a reading of the result stream is: in the record or before it, and which of the
 * lines that may come once it has seen. */
typedef struct {
    int in_record, have_outcome, have_stop, have_telemetry;
    unsigned cap; /* of r->samples_ms */
} record_state;

#define BAD(...) (snprintf(st->error, sizeof st->error, __VA_ARGS__), 0)

/* A line before the record: the cache's notes, progress, the record's `begin TOKEN`.
 * 1, or 0 with st->error. */
static int read_outside_line(const char *key, const char *val, int has_value, const char *token,
                             gc_result_stream *st, record_state *rs) {
    if (strcmp(key, "cache-loading") == 0) {
        char *u = unescape(val);
        if (u) snprintf(st->cache_loading, sizeof st->cache_loading, "%s", u);
        free(u);
    } else if (strcmp(key, "cache-loaded") == 0 && !has_value) {
        st->cache_loading[0] = '\0';
    } else if (strcmp(key, "progress") == 0) {
        gc_result_progress ignored;
        if (!has_value || !parse_progress(val, &ignored)) return BAD("bad progress line '%.60s'", val);
    } else if (strcmp(key, "begin") == 0) {
        if (!token || strcmp(val, token) != 0) return BAD("a result record with a wrong token");
        rs->in_record = 1;
    } else {
        return BAD("unexpected line outside a result record: '%.60s'", key);
    }
    return 1;
}

/* A benchmark's lines in the record: a sample, how sampling stopped, the GPU's counters.
 * 1, 0 with st->error, or -1 when the key is none of them. */
static int read_bench_line(const char *key, const char *val, gc_result *r, gc_result_stream *st, record_state *rs) {
    if (strcmp(key, "sample") == 0) {
        double v;
        if (!parse_double(val, &v)) return BAD("bad sample '%.40s'", val);
        if (r->n_samples == rs->cap) {
            rs->cap = rs->cap ? rs->cap * 2 : 64;
            double *q = realloc(r->samples_ms, rs->cap * sizeof *q);
            if (!q) return BAD("out of memory for samples");
            r->samples_ms = q;
        }
        r->samples_ms[r->n_samples++] = v;
    } else if (strcmp(key, "stopped-by") == 0) {
        gc_sample_stop how = gc_sample_stop_parse(val);
        if (rs->have_stop) return BAD("two stopped-by lines");
        if (how == GC_SAMPLE_STOP_COUNT) return BAD("unknown stopped-by '%.40s'", val);
        r->stopped_by = how;
        rs->have_stop = 1;
    } else if (strcmp(key, "telemetry") == 0) {
        unsigned n_read, lo, hi;
        unsigned long long mask;
        int used = 0;
        if (rs->have_telemetry) return BAD("two telemetry lines");
        if (sscanf(val, "%u %u %u %llx%n", &n_read, &lo, &hi, &mask, &used) != 4 || val[used] != '\0' ||
            val[0] < '0' || val[0] > '9' || n_read == 0 || lo > hi)
            return BAD("bad telemetry '%.60s'", val);
        gc_gpu_telemetry *tm = &r->telemetry;
        tm->available = 1;
        tm->readings = n_read;
        tm->sm_clock_min_mhz = lo;
        tm->sm_clock_max_mhz = hi;
        tm->throttle_reasons = mask;
        rs->have_telemetry = 1;
    } else if (strcmp(key, "telemetry-unavailable") == 0) {
        if (rs->have_telemetry) return BAD("two telemetry lines");
        char *u = unescape(val);
        if (u) snprintf(r->telemetry.unavailable, sizeof r->telemetry.unavailable, "%s", u);
        free(u);
        rs->have_telemetry = 1;
    } else {
        return -1;
    }
    return 1;
}

/* "VALUE UNIT NAME", one space apart: a whole number, and a unit and a name that fit their
 * fields (nothing cut, nothing shifted from one field to the next). */
static int read_figure(char *val, gc_result *r, gc_result_stream *st) {
    char *end;
    errno = 0;
    double v = strtod(val, &end);
    char *unit = end + 1, *name = *end == ' ' ? strchr(unit, ' ') : NULL;
    if (end == val || errno == ERANGE || isspace((unsigned char)*val) || !name || name == unit ||
        name - unit > 31 || !name[1] || strlen(name + 1) > 63)
        return BAD("bad figure '%.60s'", val);
    *name = '\0';
    gc_result_add_figure(r, name + 1, v, strcmp(unit, "-") == 0 ? "" : unit);
    return 1;
}

/* Any test's lines in the record: outcome, reason, log, checks, work, figures. 1, or 0
 * with st->error (an unknown key too). */
static int read_result_line(const char *key, char *val, gc_result *r, gc_result_stream *st, record_state *rs) {
    if (strcmp(key, "outcome") == 0) {
        gc_outcome o = gc_outcome_parse(val);
        if (rs->have_outcome) return BAD("two outcome lines");
        if (o == GC_OUTCOME_COUNT) return BAD("unknown outcome '%.40s'", val);
        r->outcome = o;
        rs->have_outcome = 1;
    } else if (strcmp(key, "reason") == 0) {
        char *u = unescape(val);
        if (u) gc_result_set_reason(r, "%s", u);
        free(u);
    } else if (strcmp(key, "log") == 0) {
        free(r->log);
        r->log = unescape(val);
        if (r->log && !*r->log) {
            free(r->log);
            r->log = NULL;
        }
    } else if (strcmp(key, "checks") == 0) {
        if (!parse_u64(val, &r->checks)) return BAD("bad checks '%.40s'", val);
    } else if (strcmp(key, "work") == 0) {
        if (!parse_double(val, &r->work)) return BAD("bad work '%.40s'", val);
    } else if (strcmp(key, "figure") == 0) {
        return read_figure(val, r, st);
    } else {
        return BAD("unknown key '%.40s' in the result record", key);
    }
    return 1;
}

static int read_record(const char *text, size_t len, const char *token, gc_result *r, gc_result_stream *st);

/* Returns 1 when a complete record (from `begin TOKEN` to `end`, with an outcome) was read;
 * otherwise the outcome is CRASH whatever the lines said. */
int gc_result_read(const char *text, size_t len, const char *token, gc_result *r, gc_result_stream *st) {
    int ok = read_record(text, len, token, r, st);
    if (!ok) r->outcome = GC_CRASH;
    return ok;
}

static int read_record(const char *text, size_t len, const char *token, gc_result *r, gc_result_stream *st) {
    memset(st, 0, sizeof *st);
    r->outcome = GC_CRASH; /* until an outcome line says otherwise */
    record_state rs = {0, 0, 0, 0, 0};
    const char *p = text, *stop = text + len;
    if (memchr(text, '\0', len)) return BAD("the result stream holds a NUL byte");
    while (p < stop) {
        const char *eol = memchr(p, '\n', (size_t)(stop - p));
        if (!eol) return BAD("the result stream ends in the middle of a line");
        size_t n = (size_t)(eol - p);
        char *line = malloc(n + 1);
        if (!line) return BAD("out of memory reading the result");
        memcpy(line, p, n);
        line[n] = '\0';
        p = eol + 1;
        char *sp = strchr(line, ' ');
        char *val = sp ? sp + 1 : line + n;
        if (sp) *sp = '\0';
        int ok, end = rs.in_record && strcmp(line, "end") == 0 && !sp;
        if (end) ok = rs.have_outcome || BAD("a result record without an outcome");
        else if (!rs.in_record) ok = read_outside_line(line, val, sp != NULL, token, st, &rs);
        else if ((ok = read_bench_line(line, val, r, st, &rs)) < 0) ok = read_result_line(line, val, r, st, &rs);
        free(line);
        if (!ok) return 0;
        if (end) {
            st->complete = 1;
            return 1; /* whatever follows `end` is not read */
        }
    }
    return BAD(rs.in_record ? "the result record has no end" : "no result record");
}
