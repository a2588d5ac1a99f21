/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --metrics [ADDR:]PORT: strobe's aggregates served to Prometheus.
 *
 *   expo.c     the exposition builder: metric families, label escaping,
 *              Prometheus text format 0.0.4 or OpenMetrics 1.0, label
 *              sets capped per scrape (the drops are counted)
 *   server.c   the HTTP side (libmicrohttpd, its own thread): /metrics,
 *              connection limits and timeouts, one collect per scrape
 *   summary.c  -c's kernel counts and histograms as metrics
 *
 * The front end (-c, strobe script) hands the server a collect function;
 * it runs on the server's thread, reads the kernel's maps once per scrape
 * and writes families through mx_*(); the event loop never waits for it.
 */
#ifndef STROBE_METRICS_H
#define STROBE_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/util.h"

#define METRICS_DEFAULT_PORT 9435
#define METRICS_DEFAULT_MAX_SERIES 10000

/* ---- building an exposition */

enum mx_type { MX_COUNTER, MX_GAUGE, MX_HISTOGRAM, MX_SUMMARY, MX_UNTYPED };

struct mx {
	struct sbuf b;
	bool openmetrics;	/* OpenMetrics 1.0 (counters' _total, # EOF) */
	uint64_t max_series;	/* label sets per scrape; 0: no cap */
	uint64_t series;	/* label sets written in this scrape */
	uint64_t dropped;	/* label sets left out at the cap */
	/* the family being written */
	const char *fam;
	enum mx_type type;
};

/* One label: name and value (escaped when written). */
struct mx_label {
	const char *name;
	const char *value;
};

/* Start a family: "# HELP", "# TYPE".  name has no _total suffix; the
 * builder adds it to counters' samples. */
void mx_family(struct mx *m, const char *name, enum mx_type t, const char *help);
/* Is there room for one more label set?  false (and counted as dropped)
 * at the cap: the caller leaves the series out. */
bool mx_series(struct mx *m);
/* One sample of the current family: suffix "" or "_sum", "_count",
 * "_bucket"...; labels, then an optional extra (le="...") label. */
void mx_sample(struct mx *m, const char *suffix, const struct mx_label *l, int nl,
	       const struct mx_label *extra, double v);
void mx_sample_u64(struct mx *m, const char *suffix, const struct mx_label *l, int nl,
		   const struct mx_label *extra, uint64_t v);
/* A histogram's series: bounds[i] is bucket i's inclusive upper bound
 * (ascending), counts[i] how many values it holds (not cumulative);
 * the last bucket is written as +Inf when inf_last. */
void mx_histogram(struct mx *m, const struct mx_label *l, int nl, const double *bounds,
		  const uint64_t *counts, int n, bool inf_last, double sum);
/* Finish the exposition (OpenMetrics' "# EOF"). */
void mx_end(struct mx *m);
/* A metric or label name made valid: [a-zA-Z_:][a-zA-Z0-9_:]*, others '_'. */
void mx_name(char *out, size_t n, const char *prefix, const char *in);

/* ---- the server */

/* Fill one exposition; runs on the server's thread, serialized. */
typedef void (*mx_collect_fn)(struct mx *m, void *ctx);

struct metrics_opts {
	const char *listen;	/* --metrics as given: "[ADDR:]PORT", NULL: off */
	uint64_t max_series;	/* --metrics-max-series */
	const char *prefix;	/* --metrics-prefix (strobe script's maps) */
};

struct metrics_server;

/* Parse "[ADDR:]PORT" (ADDR an IPv4 address or [IPv6]); -1 with a message. */
int metrics_parse_listen(const char *s, char *addr, size_t n, int *port);
/* Listen and serve on a thread of the server's own; NULL with a one-line
 * error printed when the address cannot be bound. */
struct metrics_server *metrics_start(const struct metrics_opts *o, mx_collect_fn fn, void *ctx);
/* Stop serving (waits for a scrape in progress); NULL is fine. */
void metrics_stop(struct metrics_server *s);
/* Scrapes served so far (tests and health). */
uint64_t metrics_scrapes(const struct metrics_server *s);

/* ---- strobe's own health, shared by the front ends */

struct metrics_health {
	uint64_t events_lost;		/* ring-buffer records not written */
	uint64_t not_counted;		/* calls the kernel could not count */
	uint64_t samples_skipped;	/* calls outside any histogram */
	uint64_t programs;		/* BPF programs attached */
	uint64_t map_entries;		/* entries read in this scrape */
};
void mx_health(struct mx *m, const struct metrics_health *h);

/* ---- -c */

struct sum_maps;
struct summary_metrics {
	const struct sum_maps *maps;
	int by;				/* enum sum_by */
	const char *(*name)(int nr, void *ctx);	/* rows' names (syscalls) */
	void *name_ctx;
	const char *row_label;		/* "syscall" or "function" */
	/* health the front end knows: may be NULL */
	void (*health)(struct metrics_health *h, void *ctx);
	void *health_ctx;
};
/* The power of two j (values in [2^j, 2^(j+1)) ns, le = 2^(j+1)-1) that
 * holds -c's fine histogram bucket (bpf/hist.h): 0..HIST_MAX_EXP. */
int metrics_pow_bucket(int fine);
/* The families of one summary (no health); returns the rows read. */
uint64_t summary_metrics_rows(struct mx *m, const struct summary_metrics *sm);
/* ...and strobe's health after them: an mx_collect_fn, ctx the summary_metrics */
void summary_metrics_collect(struct mx *m, void *ctx);

#endif
