/* SPDX-License-Identifier: Apache-2.0 */
/* progress_line.c — see progress_line.h. */
#include "report/progress_line.h"

#include <stdio.h>
#include <string.h>

/* A budget as given (2.5 s stays 2.5), whole seconds from 100 up. */
static void budget_text(char *b, size_t n, double s) {
    if (s < 100 && s != (double)(long)s) snprintf(b, n, "%.3g", s);
    else snprintf(b, n, "%.0f", s);
}

/* A CV in per cent with two significant digits, whole per cent from 10 up. */
static void percent_text(char *b, size_t n, double fraction) {
    double pct = 100 * fraction;
    snprintf(b, n, pct >= 10 ? "%.0f" : "%.2g", pct);
}

/* What follows the name: the time, and for a benchmark how far its sampling is. */
static void status_text(const gc_progress_line *pl, char *b, size_t n) {
    b[0] = '\0';
    if (pl->elapsed_s < 0) return;
    char budget[32], cv[32], target[32];
    size_t o = (size_t)snprintf(b, n, "%lu s", (unsigned long)pl->elapsed_s);
    if (pl->budget_s > 0 && o < n) {
        budget_text(budget, sizeof budget, pl->budget_s);
        o += (size_t)snprintf(b + o, n - o, " of %s s", budget);
    }
    const gc_result_progress *p = &pl->bench;
    if (o >= n) return;
    if (p->phase == GC_PROGRESS_WARMUP) {
        o += (size_t)snprintf(b + o, n - o, ", warm-up %u of %u", p->warmup_done, p->warmup_total);
    } else if (p->phase == GC_PROGRESS_SAMPLING) {
        if (pl->samples_wanted)
            o += (size_t)snprintf(b + o, n - o, ", %u of %u samples", p->samples, pl->samples_wanted);
        else
            o += (size_t)snprintf(b + o, n - o, ", %u sample%s", p->samples, p->samples == 1 ? "" : "s");
        if (p->cv >= 0 && o < n) {
            percent_text(cv, sizeof cv, p->cv);
            o += (size_t)snprintf(b + o, n - o, ", CV %s%%", cv);
            if (!pl->samples_wanted && pl->target_cv > 0 && o < n) {
                percent_text(target, sizeof target, pl->target_cv);
                snprintf(b + o, n - o, " (target %s%%)", target);
            }
        }
    }
}

size_t gc_progress_line_format(const gc_progress_line *pl, size_t width, char *out, size_t out_len) {
    if (out_len == 0) return 0;
    if (width >= out_len) width = out_len - 1;
    char head[64], label[512], status[160];
    if (pl->running >= 2) snprintf(head, sizeof head, "[%zu/%zu done, %zu running] ", pl->index, pl->total, pl->running);
    else snprintf(head, sizeof head, "[%zu/%zu] ", pl->index, pl->total);
    snprintf(label, sizeof label, "%s%s%s", pl->device ? pl->device : "", pl->device ? " " : "",
             pl->name ? pl->name : "");
    status_text(pl, status, sizeof status);
    const char *sep = status[0] ? "  " : "";
    size_t fixed = strlen(head) + strlen(sep) + strlen(status), label_len = strlen(label);
    /* Too wide: the name loses its middle, where its two ends (suite, test) are least
     * needed to tell it apart. */
    if (fixed + label_len > width && width >= fixed + 7) {
        size_t keep = width - fixed - 3, left = keep / 2, right = keep - left;
        memmove(label + left + 3, label + label_len - right, right + 1);
        memcpy(label + left, "...", 3);
    }
    /* Still too wide (a very narrow terminal): the end is cut. */
    int n = snprintf(out, width + 1, "%s%s%s%s", head, label, sep, status);
    return n < 0 ? 0 : (size_t)n > width ? width : (size_t)n;
}
