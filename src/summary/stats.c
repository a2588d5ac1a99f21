// SPDX-License-Identifier: GPL-2.0
/* Percentiles from log-linear histograms (see bpf/hist.h for the buckets). */
#include "summary.h"

uint64_t hist_quantile(const uint32_t *hist, uint64_t count, double q, uint64_t max)
{
	double rank, cum = 0, in_hist = 0;

	/* calls the kernel counted outside any histogram are left out */
	for (uint32_t b = 0; b < HIST_BUCKETS; b++)
		in_hist += hist[b];
	if (in_hist < (double)count)
		count = in_hist;
	if (!count)
		return 0;
	rank = q * (double)count;
	if (rank < 1)
		rank = 1;
	for (uint32_t b = 0; b < HIST_BUCKETS; b++) {
		double c = hist[b];
		uint64_t v;

		if (!c || cum + c < rank) {
			cum += c;
			continue;
		}
		/* the rank-th value, assuming values spread evenly in the bucket */
		v = hist_bucket_low(b) + (uint64_t)((rank - cum) / c *
						    (double)hist_bucket_width(b));
		return max && v > max ? max : v;
	}
	return max;
}

uint64_t hist_top(const uint32_t *hist)
{
	for (int b = HIST_BUCKETS - 1; b >= 0; b--)
		if (hist[b])
			return hist_bucket_low(b) + hist_bucket_width(b) - 1;
	return 0;
}
