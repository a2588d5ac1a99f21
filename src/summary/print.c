// SPDX-License-Identifier: GPL-2.0
/*
 * Printing summaries.  The table keeps strace -c's columns, in its format,
 * first (% time, seconds, usecs/call, calls, errors, syscall), then adds
 * latency percentiles in microseconds.
 */
#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "summary.h"
#include "../syscalls/syscalls.h"

static const char *(*namer)(int nr, void *ctx);
static void *namer_ctx;

void summary_set_namer(const char *(*fn)(int nr, void *ctx), void *ctx)
{
	namer = fn;
	namer_ctx = ctx;
}

static const char *name_of(int nr, char *buf, size_t len)
{
	const struct syscall_desc *d = namer ? NULL : syscall_get(nr);

	if (namer && namer(nr, namer_ctx))
		return namer(nr, namer_ctx);
	if (d)
		return d->name;
	snprintf(buf, len, "syscall_%#x", nr);
	return buf;
}

static void group_title(const struct sum_row *r, int by, char *buf, size_t len)
{
	switch (by) {
	case BY_PID: snprintf(buf, len, "pid %llu (%.16s)", (unsigned long long)r->group, r->comm); break;
	case BY_TID: snprintf(buf, len, "tid %llu (%.16s)", (unsigned long long)r->group, r->comm); break;
	case BY_COMM: snprintf(buf, len, "%.16s", r->comm); break;
	case BY_CGROUP: cgroup_path_of(r->group, buf, len); break;
	default: buf[0] = 0;
	}
}

/* ---- sorting: groups by their total time, rows inside by -S */

struct sorted {
	struct sum_row *r;
	uint64_t group_ns;
	uint64_t p99;
};

static enum sort_by sort_key;

static int same_group(const struct sum_row *a, const struct sum_row *b)
{
	return a->group == b->group && !memcmp(a->key_comm, b->key_comm, sizeof(a->key_comm));
}

static int cmp_rows(const void *pa, const void *pb)
{
	const struct sorted *a = pa, *b = pb;
	char x[32], y[32];

	if (a->group_ns != b->group_ns)
		return a->group_ns > b->group_ns ? -1 : 1;
	if (!same_group(a->r, b->r)) {
		if (a->r->group != b->r->group)
			return a->r->group < b->r->group ? -1 : 1;
		return memcmp(a->r->key_comm, b->r->key_comm, sizeof(a->r->key_comm));
	}
#define DESC(f) if (a->f != b->f) return a->f > b->f ? -1 : 1
	switch (sort_key) {
	case SORT_TIME: DESC(r->total_ns); break;
	case SORT_CALLS: DESC(r->calls); break;
	case SORT_ERRORS: DESC(r->errors); break;
	case SORT_P99: DESC(p99); break;
	case SORT_MAX: DESC(r->max_ns); break;
	case SORT_AVG:	/* strace's avg-time: total over calls */
		if (a->r->total_ns * b->r->calls != b->r->total_ns * a->r->calls)
			return a->r->total_ns * b->r->calls > b->r->total_ns * a->r->calls ? -1 : 1;
		break;
	case SORT_NAME:
		return strcmp(name_of(a->r->nr, x, sizeof(x)), name_of(b->r->nr, y, sizeof(y)));
	case SORT_NOTHING: break;
	}
#undef DESC
	return a->r->nr - b->r->nr;
}

static struct sorted *sort_rows(struct summary *s, enum sort_by key)
{
	struct sorted *v = calloc(s->n ? s->n : 1, sizeof(*v));

	if (!v)
		return NULL;
	for (size_t i = 0; i < s->n; i++) {
		v[i].r = &s->rows[i];
		v[i].p99 = hist_quantile(s->rows[i].hist, s->rows[i].calls, 0.99,
					 s->rows[i].max_ns);
		for (size_t j = 0; j < s->n; j++)
			if (same_group(&s->rows[i], &s->rows[j]))
				v[i].group_ns += s->rows[j].total_ns;
	}
	sort_key = key;
	qsort(v, s->n, sizeof(*v), cmp_rows);
	return v;
}

/* ---- the table */

static void us(struct sbuf *b, uint64_t ns)
{
	sbuf_printf(b, " %9.2f", ns / 1000.0);
}

static const char dashes[] = "------ ----------- ----------- --------- --------- "
			     "---------------- --------- --------- --------- ---------";

static void table_head(struct sbuf *b, const struct summary_fmt *f)
{
	sbuf_puts(b, namer ? "% time     seconds  usecs/call     calls    errors function        "
			     "       p50       p90       p99       max"
			   : "% time     seconds  usecs/call     calls    errors syscall         "
			     "       p50       p90       p99       max");
	if (f->interval)
		sbuf_puts(b, "   calls/s");
	sbuf_putc(b, '\n');
	sbuf_puts(b, dashes);
	if (f->interval)
		sbuf_puts(b, " ---------");
	sbuf_putc(b, '\n');
}

static void table_row(struct sbuf *b, const struct summary_fmt *f, const char *name,
		      double pct, uint64_t total_ns, uint64_t calls, uint64_t errors,
		      const uint32_t *hist, uint64_t max_ns)
{
	sbuf_printf(b, "%6.2f %11.6f %11llu %9llu ", pct, total_ns / 1e9,
		    (unsigned long long)(calls ? total_ns / 1000 / calls : 0),
		    (unsigned long long)calls);
	if (errors)
		sbuf_printf(b, "%9llu", (unsigned long long)errors);
	else
		sbuf_printf(b, "%9s", "");
	sbuf_printf(b, " %-16s", name);
	us(b, hist_quantile(hist, calls, 0.50, max_ns));
	us(b, hist_quantile(hist, calls, 0.90, max_ns));
	us(b, hist_quantile(hist, calls, 0.99, max_ns));
	us(b, max_ns);
	if (f->interval)
		sbuf_printf(b, " %9.1f", f->seconds > 0 ? calls / f->seconds : 0);
	sbuf_putc(b, '\n');
}

static void print_group_table(struct sbuf *b, const struct summary_fmt *f,
			      struct sorted *v, size_t from, size_t to)
{
	static uint32_t all[HIST_BUCKETS];
	uint64_t total = 0, calls = 0, errors = 0, max = 0;
	char nb[32];

	memset(all, 0, sizeof(all));
	for (size_t i = from; i < to; i++)
		total += v[i].r->total_ns;
	table_head(b, f);
	for (size_t i = from; i < to; i++) {
		struct sum_row *r = v[i].r;

		table_row(b, f, name_of(r->nr, nb, sizeof(nb)),
			  total ? 100.0 * r->total_ns / total : 0, r->total_ns, r->calls,
			  r->errors, r->hist, r->max_ns);
		calls += r->calls;
		errors += r->errors;
		if (r->max_ns > max)
			max = r->max_ns;
		for (int k = 0; k < HIST_BUCKETS; k++)
			all[k] += r->hist[k];
	}
	sbuf_puts(b, dashes);
	if (f->interval)
		sbuf_puts(b, " ---------");
	sbuf_putc(b, '\n');
	table_row(b, f, "total", 100.0, total, calls, errors, all, max);
}

/* ---- histograms drawn with bars */

#define BAR 40

static void put_ns(struct sbuf *b, uint64_t v)
{
	static const char *const suffix[] = { "", "K", "M", "G", "T" };
	int i = 0;

	while (v >= 1024 && !(v % 1024) && i < 4) {
		v /= 1024;
		i++;
	}
	sbuf_printf(b, "%llu%s", (unsigned long long)v, suffix[i]);
}

static void bar_line(struct sbuf *b, const char *range, uint64_t n, uint64_t most)
{
	int len = most ? (int)(n * BAR / most) : 0;

	sbuf_printf(b, "%-20s %9llu |", range, (unsigned long long)n);
	for (int i = 0; i < BAR; i++)
		sbuf_putc(b, i < len ? '@' : ' ');
	sbuf_puts(b, "|\n");
}

static void hist_log2(struct sbuf *b, const struct sum_row *r)
{
	uint64_t bins[64] = { 0 }, most = 0;
	int lo = 64, hi = -1;

	/* the fine buckets nest inside powers of two: add them up */
	for (int k = 0; k < HIST_BUCKETS; k++) {
		int e;

		if (!r->hist[k])
			continue;
		e = hist_bucket_low(k) ? (int)hist_ilog2(hist_bucket_low(k)) + 1 : 0;
		bins[e] += r->hist[k];
		lo = e < lo ? e : lo;
		hi = e > hi ? e : hi;
	}
	for (int e = lo; e <= hi; e++)
		most = bins[e] > most ? bins[e] : most;
	for (int e = lo; e <= hi; e++) {
		struct sbuf rb;

		sbuf_init(&rb, 32);
		if (e == 0) {
			sbuf_puts(&rb, "0");
		} else {
			sbuf_putc(&rb, '[');
			put_ns(&rb, 1ull << (e - 1));
			sbuf_puts(&rb, ", ");
			put_ns(&rb, 1ull << e);
			sbuf_putc(&rb, ')');
		}
		sbuf_putc(&rb, 0);
		bar_line(b, rb.p, bins[e], most);
		sbuf_free(&rb);
	}
}

static void hist_linear(struct sbuf *b, const struct sum_row *r)
{
	enum { STEPS = 20 };
	uint64_t bins[STEPS] = { 0 }, most = 0, top = r->max_ns, bottom = 0, step;
	int k;

	/* equal steps from the lowest bucket used to the maximum */
	for (k = 0; k < HIST_BUCKETS && !r->hist[k]; k++)
		;
	if (k < HIST_BUCKETS)
		bottom = hist_bucket_low(k);
	if (top < bottom + STEPS)
		top = bottom + STEPS;
	step = (top - bottom + STEPS) / STEPS;
	for (k = 0; k < HIST_BUCKETS; k++) {
		uint64_t mid;
		uint64_t i;

		if (!r->hist[k])
			continue;
		mid = hist_bucket_low(k) + hist_bucket_width(k) / 2;
		i = mid > bottom ? (mid - bottom) / step : 0;
		bins[i < STEPS ? i : STEPS - 1] += r->hist[k];
	}
	for (int i = 0; i < STEPS; i++)
		most = bins[i] > most ? bins[i] : most;
	for (int i = 0; i < STEPS; i++) {
		char range[48];

		snprintf(range, sizeof(range), "[%.1f, %.1f)", (bottom + i * step) / 1000.0,
			 (bottom + (i + 1) * step) / 1000.0);
		bar_line(b, range, bins[i], most);
	}
}

static void print_hists(struct sbuf *b, const struct summary_fmt *f, struct sorted *v,
			size_t from, size_t to)
{
	char nb[32];

	for (size_t i = from; i < to; i++) {
		const struct sum_row *r = v[i].r;

		sbuf_printf(b, "\n%s: %llu calls, wall-clock latency in %s\n",
			    name_of(r->nr, nb, sizeof(nb)), (unsigned long long)r->calls,
			    f->hist == HIST_LINEAR ? "microseconds" : "nanoseconds");
		if (f->hist == HIST_LINEAR)
			hist_linear(b, r);
		else
			hist_log2(b, r);
	}
}

/* ---- JSON lines */

static void json_str(struct sbuf *b, const char *s)
{
	sbuf_putc(b, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			sbuf_printf(b, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			sbuf_printf(b, "\\u%04x", *s);
		else
			sbuf_putc(b, *s);
	}
	sbuf_putc(b, '"');
}

static void print_json(struct sbuf *b, const struct summary_fmt *f, struct sorted *v, size_t n)
{
	static const char *const bys[] = { "none", "pid", "tid", "comm", "cgroup" };
	char nb[32], title[600];

	sbuf_printf(b, "{\"type\":\"header\",\"measure\":\"wall-clock latency, syscall entry "
		    "to exit\",\"unit\":\"us\",\"by\":\"%s\",\"interval\":%s,\"seconds\":%.6f,"
		    "\"time\":%lld,\"not_counted\":%llu,\"trace_lost\":%llu}\n",
		    bys[f->by], f->interval ? "true" : "false", f->seconds, (long long)f->when,
		    (unsigned long long)f->not_counted, (unsigned long long)f->trace_lost);
	for (size_t i = 0; i < n; i++) {
		const struct sum_row *r = v[i].r;
		uint64_t gtotal = v[i].group_ns;

		sbuf_puts(b, namer ? "{\"type\":\"row\",\"function\":"
				   : "{\"type\":\"row\",\"syscall\":");
		json_str(b, name_of(r->nr, nb, sizeof(nb)));
		if (f->by) {
			group_title(r, f->by, title, sizeof(title));
			sbuf_puts(b, ",\"group\":");
			json_str(b, title);
			if (f->by != BY_COMM)
				sbuf_printf(b, ",\"group_id\":%llu", (unsigned long long)r->group);
		}
		sbuf_printf(b, ",\"calls\":%llu,\"errors\":%llu,\"seconds\":%.9f,"
			    "\"pct_time\":%.2f,\"usecs_per_call\":%.3f,\"p50_us\":%.3f,"
			    "\"p90_us\":%.3f,\"p99_us\":%.3f,\"max_us\":%.3f",
			    (unsigned long long)r->calls, (unsigned long long)r->errors,
			    r->total_ns / 1e9, gtotal ? 100.0 * r->total_ns / gtotal : 0,
			    r->calls ? r->total_ns / 1e3 / r->calls : 0,
			    hist_quantile(r->hist, r->calls, 0.5, r->max_ns) / 1e3,
			    hist_quantile(r->hist, r->calls, 0.9, r->max_ns) / 1e3,
			    hist_quantile(r->hist, r->calls, 0.99, r->max_ns) / 1e3,
			    r->max_ns / 1e3);
		if (f->interval)
			sbuf_printf(b, ",\"calls_per_s\":%.3f",
				    f->seconds > 0 ? r->calls / f->seconds : 0);
		sbuf_puts(b, "}\n");
	}
}

void summary_print(struct sbuf *b, struct summary *s, const struct summary_fmt *f)
{
	struct sorted *v = sort_rows(s, f->sort);
	char title[600];

	if (!v)
		return;
	if (f->json) {
		print_json(b, f, v, s->n);
		free(v);
		return;
	}
	if (f->interval) {
		struct tm tm;
		char when[16];

		localtime_r(&f->when, &tm);
		strftime(when, sizeof(when), "%H:%M:%S", &tm);
		sbuf_printf(b, "\n%s interval %.2f s: wall-clock latency from entry to exit, "
			    "p50-max in microseconds\n", when, f->seconds);
	} else {
		sbuf_puts(b, "Wall-clock latency from entry to exit; p50-max in microseconds.\n");
	}
	for (size_t i = 0; i < s->n || i == 0;) {
		size_t j = i + 1;

		while (j < s->n && same_group(v[i].r, v[j].r))
			j++;
		if (f->by && s->n) {
			group_title(v[i].r, f->by, title, sizeof(title));
			sbuf_printf(b, "%s%s\n", i ? "\n" : "", title);
		}
		print_group_table(b, f, v, i, s->n ? j : 0);
		if (f->hist)
			print_hists(b, f, v, i, s->n ? j : 0);
		if (j >= s->n)
			break;
		i = j;
	}
	if (f->not_counted)
		sbuf_printf(b, "strobe: %llu calls not counted (the kernel's summary table was "
			    "full)\n", (unsigned long long)f->not_counted);
	if (f->not_in_hist)
		sbuf_printf(b, "strobe: %llu calls counted but not in the latency histograms "
			    "(their memory budget was spent); percentiles leave them out\n",
			    (unsigned long long)f->not_in_hist);
	if (f->trace_lost)
		sbuf_printf(b, "strobe: %llu trace events lost; the counts above include them\n",
			    (unsigned long long)f->trace_lost);
	free(v);
}
