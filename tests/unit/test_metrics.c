/* The exposition (src/metrics/expo.c) and -c's power-of-two buckets
 * (src/metrics/summary.c): what Prometheus and promtool rely on. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "metrics/metrics.h"
#include "summary/summary.h"

static const char *text(struct mx *m)
{
	sbuf_putc(&m->b, 0);
	m->b.len--;
	return m->b.p;
}

int main(void)
{
	char name[64];
	struct mx m = { 0 };
	struct mx_label l[2] = { { "comm", "a\"b\\c\nd" }, { "pid", "42" } };
	double bounds[3] = { 1, 3, INFINITY };
	uint64_t counts[3] = { 1, 0, 2 };

	/* names: invalid characters become '_', a leading digit too */
	mx_name(name, sizeof(name), "bpftrace_", "bytes");
	CHECK_STR(name, "bpftrace_bytes");
	mx_name(name, sizeof(name), NULL, "9x-y.z");
	CHECK_STR(name, "_x_y_z");
	mx_name(name, 6, "p_", "abcdef");
	CHECK_STR(name, "p_abc");

	/* text format 0.0.4: the counter's TYPE names the sample, labels escaped */
	sbuf_init(&m.b, 64);
	mx_family(&m, "t_calls", MX_COUNTER, "a \\ help\nline");
	mx_sample_u64(&m, "", l, 2, NULL, 7);
	CHECK_STR(text(&m), "# HELP t_calls_total a \\\\ help\\nline\n"
		  "# TYPE t_calls_total counter\n"
		  "t_calls_total{comm=\"a\\\"b\\\\c\\nd\",pid=\"42\"} 7\n");
	m.b.len = 0;
	/* a histogram: cumulative buckets, +Inf, _sum, _count */
	mx_family(&m, "t_h", MX_HISTOGRAM, "h");
	mx_histogram(&m, NULL, 0, bounds, counts, 3, true, 2.5);
	CHECK_STR(text(&m), "# HELP t_h h\n# TYPE t_h histogram\n"
		  "t_h_bucket{le=\"1\"} 1\nt_h_bucket{le=\"3\"} 1\nt_h_bucket{le=\"+Inf\"} 3\n"
		  "t_h_sum 2.5\nt_h_count 3\n");
	m.b.len = 0;
	/* le in seconds: the shortest text that reads back as the bound */
	double ns = ((2ull << 9) - 1) / 1e9;
	mx_family(&m, "t_s", MX_HISTOGRAM, "s");
	mx_histogram(&m, NULL, 0, &ns, counts, 1, false, 0);
	CHECK(strstr(text(&m), "le=\"1.023e-06\"") != NULL);
	sbuf_free(&m.b);

	/* OpenMetrics: family without _total, sample with it, le "1.0", EOF */
	memset(&m, 0, sizeof(m));
	m.openmetrics = true;
	sbuf_init(&m.b, 64);
	mx_family(&m, "t_calls", MX_COUNTER, "say \"hi\"");
	mx_sample_u64(&m, "", NULL, 0, NULL, 1);
	mx_family(&m, "t_h", MX_HISTOGRAM, "h");
	mx_histogram(&m, NULL, 0, bounds, counts, 3, true, 2.5);
	mx_end(&m);
	CHECK(strstr(text(&m), "# HELP t_calls say \\\"hi\\\"\n# TYPE t_calls counter\n"
			       "t_calls_total 1\n") == m.b.p);
	CHECK(strstr(text(&m), "t_h_bucket{le=\"1.0\"} 1\n") != NULL);
	CHECK(strlen(text(&m)) > 6 && !strcmp(text(&m) + m.b.len - 6, "# EOF\n"));
	sbuf_free(&m.b);

	/* the label-set cap: what is past it is left out and counted */
	memset(&m, 0, sizeof(m));
	m.max_series = 2;
	CHECK(mx_series(&m) && mx_series(&m) && !mx_series(&m) && !mx_series(&m));
	CHECK(m.series == 2 && m.dropped == 2);

	/* every fine bucket lies inside one power of two: the coarse le is exact */
	int bad = 0;
	for (int b = 0; b < HIST_BUCKETS - 1; b++) {
		int j = metrics_pow_bucket(b);
		uint64_t lo = hist_bucket_low(b), hi = lo + hist_bucket_width(b) - 1;

		if (hi > (2ull << j) - 1 || (j && lo < (1ull << j)))
			bad++;
	}
	CHECK(bad == 0);
	CHECK(metrics_pow_bucket(0) == 0 && metrics_pow_bucket(1) == 0 &&
	      metrics_pow_bucket(2) == 1 && metrics_pow_bucket(HIST_BUCKETS - 1) == HIST_MAX_EXP);
	return CHECK_REPORT();
}
