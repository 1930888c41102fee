/* result_io.c — a result as text lines ("key value"), from the isolated child to the
 * runner. Values escape backslash and newline so that logs survive intact. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/result.h"

typedef struct {
    char *buf;
    size_t len, cap;
} strbuf;

static void sb_add(strbuf *s, const char *p, size_t n) {
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        while (cap < s->len + n + 1) cap *= 2;
        char *q = realloc(s->buf, cap);
        if (!q) return;
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
    if (n > 0) sb_add(s, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

int gc_result_write(int fd, const gc_result *r) {
    strbuf s = {0};
    sb_fmt(&s, "outcome %s\n", gc_outcome_name(r->outcome));
    sb_escaped(&s, "reason", r->reason);
    sb_escaped(&s, "log", r->log);
    sb_fmt(&s, "checks %llu\n", (unsigned long long)r->checks);
    sb_fmt(&s, "work %.17g\n", r->work);
    for (unsigned i = 0; i < r->n_figures; i++)
        sb_fmt(&s, "figure %.17g %s %s\n", r->figures[i].value, r->figures[i].unit[0] ? r->figures[i].unit : "-",
               r->figures[i].name);
    for (unsigned i = 0; i < r->n_samples; i++) sb_fmt(&s, "sample %.17g\n", r->samples_ms[i]);
    sb_add(&s, "end\n", 4);
    int ok = 1;
    for (size_t off = 0; s.buf && off < s.len;) {
        ssize_t w = write(fd, s.buf + off, s.len - off);
        if (w <= 0) {
            ok = 0;
            break;
        }
        off += (size_t)w;
    }
    free(s.buf);
    return ok && s.buf != NULL;
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

/* Returns 1 when a complete record (ending in "end") was parsed. */
int gc_result_read(const char *text, gc_result *r) {
    int complete = 0;
    unsigned cap = 0;
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char *line = malloc(n + 1);
        if (!line) return 0;
        memcpy(line, p, n);
        line[n] = '\0';
        char *sp = strchr(line, ' ');
        char *val = sp ? sp + 1 : line + n;
        if (sp) *sp = '\0';
        if (strcmp(line, "outcome") == 0) {
            gc_outcome o = gc_outcome_parse(val);
            r->outcome = o == GC_OUTCOME_COUNT ? GC_ERROR : o;
        } else if (strcmp(line, "reason") == 0) {
            char *u = unescape(val);
            if (u) snprintf(r->reason, sizeof r->reason, "%s", u);
            free(u);
        } else if (strcmp(line, "log") == 0) {
            free(r->log);
            r->log = unescape(val);
            if (r->log && !*r->log) {
                free(r->log);
                r->log = NULL;
            }
        } else if (strcmp(line, "checks") == 0) {
            r->checks = strtoull(val, NULL, 10);
        } else if (strcmp(line, "work") == 0) {
            r->work = strtod(val, NULL);
        } else if (strcmp(line, "figure") == 0) {
            char *end;
            double v = strtod(val, &end);
            char unit[32] = "", name[64] = "";
            if (sscanf(end, " %31s %63[^\n]", unit, name) == 2)
                gc_result_add_figure(r, name, v, strcmp(unit, "-") == 0 ? "" : unit);
        } else if (strcmp(line, "sample") == 0) {
            if (r->n_samples == cap) {
                cap = cap ? cap * 2 : 64;
                double *q = realloc(r->samples_ms, cap * sizeof *q);
                if (!q) {
                    free(line);
                    return 0;
                }
                r->samples_ms = q;
            }
            r->samples_ms[r->n_samples++] = strtod(val, NULL);
        } else if (strcmp(line, "end") == 0) {
            complete = 1;
        }
        free(line);
        p = eol ? eol + 1 : p + n;
    }
    return complete;
}
