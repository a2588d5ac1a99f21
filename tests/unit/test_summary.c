/*
 * The -c table from known per-syscall counts and latencies.  Its first six
 * columns are strace -c's (the header and rule as strace 6.1 prints them);
 * the latency percentiles follow (docs/design.md).  Each row's calls all
 * took one latency, the first value of a histogram bucket, so that every
 * percentile of the row is that latency; the numbers below were worked
 * out by hand from those counts: % of the total time, seconds, total
 * us / calls (integer), and the total row's percentiles by the rule
 * summary.h gives (the rank-th value, spread evenly in its bucket, never
 * above the maximum).
 */
#include "check.h"
#include "summary/summary.h"
#include "syscalls/syscalls.h"

#define HEAD "% time     seconds  usecs/call     calls    errors syscall                p50       p90       p99       max\n"
#define RULE "------ ----------- ----------- --------- --------- ---------------- --------- --------- --------- ---------\n"
#define INTRO "Wall-clock latency from entry to exit; p50-max in microseconds.\n"

static void add(struct summary *s, int nr, uint64_t group, const char *comm, uint64_t calls,
		uint64_t errors, uint64_t latency)
{
	struct sum_row *r = summary_add_row(s);

	r->nr = nr;
	r->group = group;
	snprintf(r->comm, sizeof(r->comm), "%s", comm);
	r->calls = calls;
	r->errors = errors;
	r->total_ns = calls * latency;
	r->max_ns = latency;
	r->hist[hist_bucket(latency)] = calls;
}

static const char *print(struct summary *s, const struct summary_fmt *f)
{
	static struct sbuf b;

	if (!b.p)
		sbuf_init(&b, 4096);
	b.len = 0;
	summary_print(&b, s, f);
	sbuf_putc(&b, 0);
	return b.p;
}

int main(void)
{
	struct summary s = { 0 };
	struct summary_fmt f = { .sort = SORT_TIME };
	/* bucket boundaries: 1024, 8192, 98304 = 3 << 15, 196608 = 3 << 16 */
	static const uint64_t L_READ = 98304, L_WRITE = 196608, L_OPEN = 8192, L_CLOSE = 1024;

	CHECK(hist_bucket_low(hist_bucket(L_READ)) == L_READ);
	CHECK(hist_bucket_low(hist_bucket(L_WRITE)) == L_WRITE);
	CHECK(hist_bucket_width(hist_bucket(L_READ)) == 2048);
	CHECK(hist_bucket_width(hist_bucket(L_OPEN)) == 256);

	add(&s, syscall_lookup("close"), 0, "", 5, 0, L_CLOSE);
	add(&s, syscall_lookup("read"), 0, "", 4, 0, L_READ);
	add(&s, syscall_lookup("openat"), 0, "", 2, 1, L_OPEN);
	add(&s, syscall_lookup("write"), 0, "", 1, 0, L_WRITE);
	/* 611328 ns in all: read 393216 (64.32%), write 196608 (32.16%),
	 * openat 16384 (2.68%), close 5120 (0.84%) */
	CHECK_STR(print(&s, &f), INTRO HEAD RULE
		  " 64.32    0.000393          98         4           read                 98.30     98.30     98.30     98.30\n"
		  " 32.16    0.000197         196         1           write               196.61    196.61    196.61    196.61\n"
		  "  2.68    0.000016           8         2         1 openat                8.19      8.19      8.19      8.19\n"
		  "  0.84    0.000005           1         5           close                 1.02      1.02      1.02      1.02\n"
		  RULE
		  "100.00    0.000611          50        12         1 total                 8.32    100.25    196.61    196.61\n");

	/* the total's percentiles of the 12 calls: p50 is the 6th value, the
	 * first of openat's two (8192 + 1/2 * 256); p90 the 10.8th, in read's
	 * bucket (98304 + 3.8/4 * 2048); p99 in write's, capped at the max */
	{
		uint32_t all[HIST_BUCKETS] = { 0 };

		all[hist_bucket(L_CLOSE)] = 5;
		all[hist_bucket(L_OPEN)] = 2;
		all[hist_bucket(L_READ)] = 4;
		all[hist_bucket(L_WRITE)] = 1;
		CHECK(hist_quantile(all, 12, 0.5, L_WRITE) == 8320);
		CHECK(hist_quantile(all, 12, 0.9, L_WRITE) == 100249);
		CHECK(hist_quantile(all, 12, 0.99, L_WRITE) == L_WRITE);
		CHECK(hist_quantile(all, 12, 0.01, L_WRITE) == 1030);	/* rank 1: 1024 + 1/5 * 32 */
		CHECK(hist_quantile(all, 0, 0.5, 0) == 0);
		CHECK(hist_top(all) == L_WRITE + 4096 - 1);
	}

	/* -S calls, -S name, -S errors */
	f.sort = SORT_CALLS;
	CHECK(strstr(print(&s, &f), RULE "  0.84    0.000005           1         5           close ") != NULL);
	f.sort = SORT_NAME;
	{
		const char *t = print(&s, &f);
		const char *c = strstr(t, " close "), *o = strstr(t, " openat "),
			   *r = strstr(t, " read "), *w = strstr(t, " write ");

		CHECK(c && o && r && w && c < o && o < r && r < w);
	}
	f.sort = SORT_ERRORS;
	CHECK(strstr(print(&s, &f), RULE "  2.68    0.000016           8         2         1 openat ") != NULL);
	summary_free(&s);

	/* --by pid: a table per process, the busiest first */
	memset(&s, 0, sizeof(s));
	add(&s, syscall_lookup("read"), 200, "cat", 2, 0, L_OPEN);
	add(&s, syscall_lookup("write"), 100, "sh", 3, 0, L_CLOSE);
	add(&s, syscall_lookup("close"), 200, "cat", 1, 0, L_CLOSE);
	f.sort = SORT_TIME;
	f.by = BY_PID;
	/* cat: 16384 + 1024 ns; sh: 3072 ns */
	CHECK_STR(print(&s, &f), INTRO "pid 200 (cat)\n" HEAD RULE
		  " 94.12    0.000016           8         2           read                  8.19      8.19      8.19      8.19\n"
		  "  5.88    0.000001           1         1           close                 1.02      1.02      1.02      1.02\n"
		  RULE
		  "100.00    0.000017           5         3           total                 8.19      8.19      8.19      8.19\n"
		  "\npid 100 (sh)\n" HEAD RULE
		  "100.00    0.000003           1         3           write                 1.02      1.02      1.02      1.02\n"
		  RULE
		  "100.00    0.000003           1         3           total                 1.02      1.02      1.02      1.02\n");
	/* what could not be counted is said */
	f.by = BY_NONE;
	f.not_counted = 7;
	f.trace_lost = 2;
	{
		const char *t = print(&s, &f);

		CHECK(strstr(t, "strobe: 7 calls not counted (the kernel's summary table was full)\n") != NULL);
		CHECK(strstr(t, "strobe: 2 trace events lost; the counts above include them\n") != NULL);
	}
	summary_free(&s);

	/* nothing counted: the empty table, as strace -c prints it */
	memset(&s, 0, sizeof(s));
	f.not_counted = f.trace_lost = 0;
	CHECK_STR(print(&s, &f), INTRO HEAD RULE RULE
		  "100.00    0.000000           0         0           total                 0.00      0.00      0.00      0.00\n");
	return CHECK_REPORT();
}
