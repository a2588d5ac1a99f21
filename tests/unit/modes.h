/*
 * One record, the lines strace 6.1 printed for it under each decoding
 * option: default, -v, -X raw, -X verbose, -x, -xx.  A NULL line means
 * strace printed the default line under that option too.  Each row goes
 * through a fresh formatter (-s 32, no -y) under each option.
 */
#ifndef STROBE_TEST_MODES_H
#define STROBE_TEST_MODES_H

#include "records.h"

struct row {
	struct sc c;
	const char *def, *v, *raw, *verb, *x, *xx;
	unsigned bugs;		/* 1 << M_*: a known bug under that option */
};

enum { M_DEF, M_V, M_RAW, M_VERB, M_X, M_XX, M__COUNT };
#define ALL_MODES ((1u << M__COUNT) - 1)
#define XMODES (1u << M_RAW | 1u << M_VERB)

static inline void set_mode(int m)
{
	decode_set_verbose(m == M_V);
	decode_set_xlat(m == M_RAW ? XLAT_RAW : m == M_VERB ? XLAT_VERBOSE : XLAT_ABBREV);
	decode_set_hex(m == M_X ? 1 : m == M_XX ? 2 : 0);
}

static inline void run_rows(const struct row *rows, size_t n, const char *file, int line)
{
	static const char *const names[] = { "", "-v", "-X raw", "-X verbose", "-x", "-xx" };
	struct fmt_opts o = { .strsize = 32 };
	static struct harness h;

	for (int m = 0; m < M__COUNT; m++) {
		set_mode(m);
		for (size_t i = 0; i < n; i++) {
			const struct row *r = &rows[i];
			const char *alt[] = { r->def, r->v, r->raw, r->verb, r->x, r->xx };
			const char *want = alt[m] ? alt[m] : r->def;
			char what[48];

			snprintf(what, sizeof(what), "row %zu %s", i, names[m]);
			harness_start(&h, &o);
			check_line(file, line, what, harness_call(&h, &r->c, 1000, 1000, 1000000000),
				   want, (r->bugs >> m) & 1);
			harness_end(&h);
		}
	}
	set_mode(M_DEF);
}
#define RUN_ROWS(rows) run_rows(rows, sizeof(rows) / sizeof(rows[0]), __FILE__, __LINE__)

/* Rows through one formatter, in order (what -y learns carries over). */
static inline void run_seq(const struct sc *rows, size_t n, const struct fmt_opts *o,
			   const char *cwd, const char *file, int line)
{
	static struct harness h;

	harness_start(&h, o);
	if (cwd && formatter_fdpaths(h.f))
		fdpaths_set_cwd(formatter_fdpaths(h.f), 1000, cwd);
	for (size_t i = 0; i < n; i++) {
		char what[32];

		snprintf(what, sizeof(what), "row %zu", i);
		check_line(file, line, what, harness_call(&h, &rows[i], 1000, 1000, 1000000000 + i),
			   rows[i].want, rows[i].bug);
	}
	harness_end(&h);
}
#define RUN_SEQ(rows, opts, cwd) run_seq(rows, sizeof(rows) / sizeof(rows[0]), opts, cwd, \
					 __FILE__, __LINE__)

#endif
