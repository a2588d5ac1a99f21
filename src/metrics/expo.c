// SPDX-License-Identifier: GPL-2.0
/*
 * The exposition: Prometheus's text format 0.0.4 or OpenMetrics 1.0, the
 * same families either way.  The two differ where counters are named (the
 * text format's TYPE line names the sample, "x_total"; OpenMetrics names
 * the family "x" and the sample "x_total"), in HELP escaping and in the
 * closing "# EOF".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

static const char *const type_name[] = {
	[MX_COUNTER] = "counter", [MX_GAUGE] = "gauge", [MX_HISTOGRAM] = "histogram",
	[MX_SUMMARY] = "summary", [MX_UNTYPED] = "untyped",
};

void mx_name(char *out, size_t n, const char *prefix, const char *in)
{
	size_t k = 0;

	if (!n)
		return;
	for (const char *p = prefix ? prefix : ""; *p && k + 1 < n; p++)
		out[k++] = *p;
	for (const char *p = in; *p && k + 1 < n; p++) {
		char c = *p;
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
			  (k && c >= '0' && c <= '9');

		out[k++] = ok ? c : '_';
	}
	out[k] = 0;
}

static void help_text(struct mx *m, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			sbuf_puts(&m->b, "\\\\");
		else if (*s == '\n')
			sbuf_puts(&m->b, "\\n");
		else if (*s == '"' && m->openmetrics)
			sbuf_puts(&m->b, "\\\"");
		else
			sbuf_putc(&m->b, *s);
	}
}

void mx_family(struct mx *m, const char *name, enum mx_type t, const char *help)
{
	const char *total = t == MX_COUNTER && !m->openmetrics ? "_total" : "";

	m->fam = name;
	m->type = t;
	/* OpenMetrics has no "untyped": its "unknown" is the same thing */
	sbuf_printf(&m->b, "# HELP %s%s ", name, total);
	help_text(m, help);
	sbuf_printf(&m->b, "\n# TYPE %s%s %s\n", name, total,
		    t == MX_UNTYPED && m->openmetrics ? "unknown" : type_name[t]);
}

bool mx_series(struct mx *m)
{
	if (m->max_series && m->series >= m->max_series) {
		m->dropped++;
		return false;
	}
	m->series++;
	return true;
}

/* A label value: any UTF-8, with backslash, quote and newline escaped. */
static void label_value(struct sbuf *b, const char *v)
{
	for (; *v; v++) {
		unsigned char c = *v;

		if (c == '\\')
			sbuf_puts(b, "\\\\");
		else if (c == '"')
			sbuf_puts(b, "\\\"");
		else if (c == '\n')
			sbuf_puts(b, "\\n");
		else if (c < 0x20 || c == 0x7f)
			sbuf_putc(b, '?');	/* control bytes: not worth a query's trouble */
		else
			sbuf_putc(b, c);
	}
}

static void one_label(struct sbuf *b, const struct mx_label *l, bool *first)
{
	sbuf_putc(b, *first ? '{' : ',');
	*first = false;
	sbuf_puts(b, l->name);
	sbuf_puts(b, "=\"");
	label_value(b, l->value ? l->value : "");
	sbuf_putc(b, '"');
}

static void head(struct mx *m, const char *suffix, const struct mx_label *l, int nl,
		 const struct mx_label *extra)
{
	bool first = true;

	sbuf_puts(&m->b, m->fam);
	if (m->type == MX_COUNTER && !*suffix)
		suffix = "_total";
	sbuf_puts(&m->b, suffix);
	for (int i = 0; i < nl; i++)
		one_label(&m->b, &l[i], &first);
	if (extra)
		one_label(&m->b, extra, &first);
	if (!first)
		sbuf_putc(&m->b, '}');
	sbuf_putc(&m->b, ' ');
}

/* The shortest text that reads back as the same double. */
static void shortest(char *out, size_t n, double v)
{
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(out, n, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			break;
	}
}

/* Go's strconv accepts both; OpenMetrics wants these spellings exactly. */
static void number(struct sbuf *b, double v)
{
	char text[40];

	if (isnan(v)) {
		sbuf_puts(b, "NaN");
	} else if (isinf(v)) {
		sbuf_puts(b, v > 0 ? "+Inf" : "-Inf");
	} else if (v == (double)(int64_t)v && fabs(v) < 9e15) {
		sbuf_s64(b, (int64_t)v);
	} else {
		shortest(text, sizeof(text), v);
		sbuf_puts(b, text);
	}
}

void mx_sample(struct mx *m, const char *suffix, const struct mx_label *l, int nl,
	       const struct mx_label *extra, double v)
{
	head(m, suffix, l, nl, extra);
	number(&m->b, v);
	sbuf_putc(&m->b, '\n');
}

void mx_sample_u64(struct mx *m, const char *suffix, const struct mx_label *l, int nl,
		   const struct mx_label *extra, uint64_t v)
{
	head(m, suffix, l, nl, extra);
	sbuf_u64(&m->b, v);
	sbuf_putc(&m->b, '\n');
}

/* le's value: shortest text that reads back as the same double, and
 * OpenMetrics' canonical form for integers ("1.0", not "1"). */
static void bound_text(char *out, size_t n, double v, bool om)
{
	if (isinf(v)) {
		snprintf(out, n, "%s", v > 0 ? "+Inf" : "-Inf");
		return;
	}
	shortest(out, n, v);
	if (om && !strpbrk(out, ".eE"))
		strncat(out, ".0", n - strlen(out) - 1);
}

void mx_histogram(struct mx *m, const struct mx_label *l, int nl, const double *bounds,
		  const uint64_t *counts, int n, bool inf_last, double sum)
{
	struct mx_label le = { "le", NULL };
	char text[64];
	uint64_t cum = 0;

	for (int i = 0; i < n; i++) {
		cum += counts[i];
		if (inf_last && i == n - 1)
			break;
		bound_text(text, sizeof(text), bounds[i], m->openmetrics);
		le.value = text;
		mx_sample_u64(m, "_bucket", l, nl, &le, cum);
	}
	le.value = "+Inf";
	mx_sample_u64(m, "_bucket", l, nl, &le, cum);
	mx_sample(m, "_sum", l, nl, NULL, sum);
	mx_sample_u64(m, "_count", l, nl, NULL, cum);
}

void mx_end(struct mx *m)
{
	if (m->openmetrics)
		sbuf_puts(&m->b, "# EOF\n");
}

void mx_health(struct mx *m, const struct metrics_health *h)
{
	mx_family(m, "strobe_events_lost", MX_COUNTER,
		  "Records the kernel could not hand to strobe (ring buffer full).");
	mx_sample_u64(m, "", NULL, 0, NULL, h->events_lost);
	mx_family(m, "strobe_calls_not_counted", MX_COUNTER,
		  "Calls the kernel could not count (its aggregation table was full).");
	mx_sample_u64(m, "", NULL, 0, NULL, h->not_counted);
	mx_family(m, "strobe_samples_skipped", MX_COUNTER,
		  "Calls counted but left out of every histogram (no histogram slot left).");
	mx_sample_u64(m, "", NULL, 0, NULL, h->samples_skipped);
	mx_family(m, "strobe_programs_attached", MX_GAUGE, "BPF programs strobe has attached.");
	mx_sample_u64(m, "", NULL, 0, NULL, h->programs);
	mx_family(m, "strobe_map_entries", MX_GAUGE, "Kernel map entries read for this scrape.");
	mx_sample_u64(m, "", NULL, 0, NULL, h->map_entries);
	mx_family(m, "strobe_metrics_series_dropped", MX_GAUGE,
		  "Label sets left out of this scrape at the cap (--metrics-max-series).");
	mx_sample_u64(m, "", NULL, 0, NULL, m->dropped);
	mx_family(m, "strobe_metrics_series_max", MX_GAUGE,
		  "The cap on label sets per scrape (0: none).");
	mx_sample_u64(m, "", NULL, 0, NULL, m->max_series);
}
