/* Histogram buckets and percentiles (bpf/hist.h, src/summary/stats.c). */
#include <stdlib.h>

#include "check.h"
#include "summary/summary.h"

static uint32_t h[HIST_BUCKETS];

static void fill(uint64_t v, uint32_t n)
{
	h[hist_bucket(v)] += n;
}

static int close_to(double got, double want, double rel)
{
	return got >= want * (1 - rel) && got <= want * (1 + rel);
}

int main(void)
{
	/* exact buckets below 32, then 32 per power of two */
	CHECK(hist_bucket(0) == 0 && hist_bucket(31) == 31);
	CHECK(hist_bucket(32) == 32 && hist_bucket(63) == 63);
	CHECK(hist_bucket(64) == 64 && hist_bucket(65) == 64 && hist_bucket(66) == 65);
	CHECK(hist_bucket(1ull << 20) == (20 - 4) * 32);
	CHECK(hist_bucket(~0ull) == HIST_BUCKETS - 1);
	CHECK(hist_bucket(1ull << 41) == HIST_BUCKETS - 1);
	CHECK(hist_bucket_low(64) == 64 && hist_bucket_width(64) == 2);
	CHECK(hist_bucket_low((20 - 4) * 32) == 1ull << 20);
	CHECK(hist_bucket_width((20 - 4) * 32) == 1ull << 15);

	/* every value lies in its bucket, buckets tile the line, width <= 1/32 */
	int bad = 0;
	for (uint64_t v = 0; v < 200000; v++) {
		uint32_t b = hist_bucket(v);

		if (v < hist_bucket_low(b) || v >= hist_bucket_low(b) + hist_bucket_width(b))
			bad++;
	}
	for (uint32_t b = 0; b + 1 < HIST_BUCKETS; b++) {
		if (hist_bucket_low(b) + hist_bucket_width(b) != hist_bucket_low(b + 1))
			bad++;
		if (b >= 32 && hist_bucket_width(b) * 32 > hist_bucket_low(b))
			bad++;
	}
	srand(1);
	for (int i = 0; i < 100000; i++) {
		uint64_t v = ((uint64_t)rand() << 20 ^ rand()) & ((1ull << 41) - 1);
		uint32_t b = hist_bucket(v);

		if (v < hist_bucket_low(b) || v >= hist_bucket_low(b) + hist_bucket_width(b))
			bad++;
	}
	CHECK(bad == 0);

	/* 100 sleeps of 10 ms: every percentile within 2% */
	fill(10000000, 100);
	CHECK(close_to(hist_quantile(h, 100, 0.50, 10000000), 10e6, 0.02));
	CHECK(close_to(hist_quantile(h, 100, 0.99, 10000000), 10e6, 0.02));
	CHECK(hist_quantile(h, 100, 1.0, 10000000) <= 10000000);

	/* 1..10000 us evenly: p50 ~ 5000 us, p90 ~ 9000 us, p99 ~ 9900 us */
	memset(h, 0, sizeof(h));
	for (uint64_t us = 1; us <= 10000; us++)
		fill(us * 1000, 1);
	CHECK(close_to(hist_quantile(h, 10000, 0.50, 10000000), 5000e3, 0.03));
	CHECK(close_to(hist_quantile(h, 10000, 0.90, 10000000), 9000e3, 0.03));
	CHECK(close_to(hist_quantile(h, 10000, 0.99, 10000000), 9900e3, 0.03));
	CHECK(hist_top(h) >= 10000000 && hist_top(h) < 10000000 * 1.04);

	/* one outlier in 1000 shows at p99.9 and max, not at p99 */
	memset(h, 0, sizeof(h));
	fill(1000, 999);
	fill(1000000000, 1);
	CHECK(close_to(hist_quantile(h, 1000, 0.99, 1000000000), 1000, 0.04));
	CHECK(close_to(hist_quantile(h, 1000, 0.999, 1000000000), 1000, 0.04));
	CHECK(hist_quantile(h, 1000, 1.0, 1000000000) > 900000000);

	/* nothing counted */
	memset(h, 0, sizeof(h));
	CHECK(hist_quantile(h, 0, 0.5, 0) == 0 && hist_top(h) == 0);
	return CHECK_REPORT();
}
