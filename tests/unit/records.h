/*
 * Synthetic ring-buffer records for the formatter tests, and a harness
 * that feeds them through the formatter and hands back what it printed.
 *
 * A syscall case is a table row: the call's number, registers, result,
 * flags and captures (the struct cap entries the kernel side would have
 * appended: strings, structs, buffers, fd_info for -yy), and the line
 * strace 6.1 printed for the same values.  The records are laid out as
 * bpf/event.h says, independently of the code under test.
 */
#ifndef STROBE_TEST_RECORDS_H
#define STROBE_TEST_RECORDS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "check.h"
#include "output/output.h"
#include "decode/decode.h"

#define MAX_CAPS 12

struct capdef {
	int arg;		/* argument index, or FDI_* for an fd_info */
	int flags;		/* CAP_* */
	const void *data;
	size_t len;
	int used;		/* set: the row has this capture */
};

struct sc {
	const char *want;	/* the line(s), without the final newline */
	int nr;
	int64_t ret;
	uint64_t a[6];
	struct capdef cap[MAX_CAPS];
	uint8_t flags;		/* EVF_* */
	uint32_t aux, aux2;
	uint64_t dur;		/* ns, for -T */
	uint8_t inj;		/* INJ_*: -e inject= gave the result */
	bool bug;		/* strobe prints something else: a known bug */
};

/* A capture of `len` bytes at `p`. */
#define CAP_MEM(i, p, n) { .arg = (i), .data = (p), .len = (n), .used = 1 }
#define CAP_MEMF(i, fl, p, n) { .arg = (i), .flags = (fl), .data = (p), .len = (n), .used = 1 }
/* A string as the kernel side reads it: its bytes, without the NUL. */
#define CAP_STR(i, s) CAP_MEM(i, s, sizeof(s) - 1)
/* ... cut at the -s limit: more bytes followed in the process */
#define CAP_TSTR(i, s) CAP_MEMF(i, CAP_TRUNC, s, sizeof(s) - 1)
/* One element of an argv-style array */
#define CAP_ARG(i, s) CAP_MEMF(i, CAP_ARGV, s, sizeof(s) - 1)
/* An unreadable pointer */
#define CAP_BAD(i) { .arg = (i), .flags = CAP_FAULT, .used = 1 }
/* A struct, from a compound literal: CAP_OBJ(1, struct timespec, { 1, 2 }) */
#define CAP_OBJ(i, type, ...) CAP_MEM(i, (&(type)__VA_ARGS__), sizeof(type))
/* Bytes of an array literal: CAP_ARR(1, int, { 3, 4 }) */
#define CAP_ARR(i, type, ...) CAP_MEM(i, ((type[])__VA_ARGS__), sizeof((type[])__VA_ARGS__))

/* Lay out a record: header, fixed part, captures padded to 8.  Returns
 * the size (the buffer holds at least 64 KiB). */
static inline size_t build_syscall(uint8_t *buf, const struct sc *c, uint32_t pid,
				   uint32_t tid, uint64_t ts)
{
	struct ev_syscall *e = (struct ev_syscall *)buf;
	size_t off = sizeof(*e);

	memset(buf, 0, 65536);
	e->h.ts = ts;
	e->h.pid = pid;
	e->h.tid = tid;
	e->h.kind = EV_SYSCALL;
	e->dur = c->dur;
	e->ret = c->ret;
	memcpy(e->args, c->a, sizeof(e->args));
	e->nr = c->nr;
	e->flags = c->flags;
	e->aux = c->aux;
	e->inj = c->inj;
	e->aux2 = c->aux2;
	for (int k = 0; k < MAX_CAPS && c->cap[k].used; k++) {
		struct cap *cp = (struct cap *)(buf + off);

		cp->arg = c->cap[k].arg;
		cp->flags = c->cap[k].flags;
		cp->len = c->cap[k].len;
		if (c->cap[k].len)
			memcpy(cp + 1, c->cap[k].data, c->cap[k].len);
		off += CAP_SIZE(c->cap[k].len);
		e->ncaps++;
	}
	e->h.size = off;
	return off;
}

static inline size_t build_signal(uint8_t *buf, uint32_t pid, uint32_t tid, uint64_t ts,
				  int sig, const void *info, size_t infolen)
{
	struct ev_signal *s = (struct ev_signal *)buf;

	memset(s, 0, sizeof(*s));
	s->h = (struct ev_header){ .ts = ts, .pid = pid, .tid = tid, .kind = EV_SIGNAL,
				   .size = sizeof(*s) };
	s->sig = sig;
	memcpy(s->info, info, infolen < sizeof(s->info) ? infolen : sizeof(s->info));
	return sizeof(*s);
}

static inline size_t build_exit(uint8_t *buf, uint32_t pid, uint32_t tid, uint64_t ts,
				int status)
{
	struct ev_exit *x = (struct ev_exit *)buf;

	memset(x, 0, sizeof(*x));
	x->h = (struct ev_header){ .ts = ts, .pid = pid, .tid = tid, .kind = EV_EXIT,
				   .size = sizeof(*x) };
	x->code = status;
	x->group_dead = pid == tid;
	return sizeof(*x);
}

static inline size_t build_fork(uint8_t *buf, uint32_t pid, uint32_t tid, uint64_t ts,
				uint32_t child_pid, uint32_t child_tid)
{
	struct ev_fork *k = (struct ev_fork *)buf;

	memset(k, 0, sizeof(*k));
	k->h = (struct ev_header){ .ts = ts, .pid = pid, .tid = tid, .kind = EV_FORK,
				   .size = sizeof(*k) };
	k->child_pid = child_pid;
	k->child_tid = child_tid;
	memcpy(k->comm, "prog", 5);
	return sizeof(*k);
}

/* siginfo's first 48 bytes as the kernel lays them out for x86_64 */
struct test_siginfo {
	int32_t signo, err, code, pad;
	union {
		struct { int32_t pid; uint32_t uid; int32_t status, pad; int64_t utime, stime; } chld;
		struct { int32_t pid; uint32_t uid; int64_t value; } rt;
		struct { uint64_t addr; } fault;
		struct { int32_t tid, overrun; int64_t value; } timer;
	} u;
};

/* The formatter writing into its writer's buffer, which the harness
 * empties after each record (it flushes on its own only past 256 KiB). */
struct harness {
	struct writer w;
	struct formatter *f;
	char *out;
	uint8_t buf[65536] __attribute__((aligned(8)));
};

static inline void harness_start(struct harness *h, const struct fmt_opts *o)
{
	writer_open_fd(&h->w, -1, "test");
	h->f = formatter_new(o, &h->w);
	h->out = NULL;
	/* a fixed CLOCK_REALTIME - CLOCK_MONOTONIC: timestamps are known */
	formatter_set_clock(h->f, 0);
}

/* What the formatter printed since the last call (valid until the next). */
static inline const char *harness_take(struct harness *h)
{
	free(h->out);
	h->out = malloc(h->w.buf.len + 1);
	memcpy(h->out, h->w.buf.p, h->w.buf.len);
	h->out[h->w.buf.len] = 0;
	h->w.buf.len = 0;
	return h->out;
}

static inline const char *harness_feed(struct harness *h, const void *rec, size_t size)
{
	formatter_event(h->f, rec, size);
	return harness_take(h);
}

static inline const char *harness_call(struct harness *h, const struct sc *c, uint32_t pid,
				       uint32_t tid, uint64_t ts)
{
	size_t n = build_syscall(h->buf, c, pid, tid, ts);

	return harness_feed(h, h->buf, n);
}

static inline void harness_end(struct harness *h)
{
	formatter_free(h->f);
	h->w.buf.len = 0;
	writer_close(&h->w);
	free(h->out);
	h->out = NULL;
}

/*
 * got must be want and a newline.  A check marked as a known bug (strobe
 * differs from strace where it should not; the lead fixes it in src/) is
 * reported and counted apart while it differs, and fails once it matches,
 * so that the mark is removed with the fix.
 */
static int check_bugs;

static inline void check_line(const char *file, int line, const char *what, const char *got,
			      const char *want, bool bug)
{
	size_t n = strlen(want);
	bool same = !strncmp(got, want, n) && got[n] == '\n' && !got[n + 1];

	if (same && !bug) {
		check_passed++;
	} else if (!same && bug) {
		check_bugs++;
		fprintf(stderr, "%s:%d: KNOWN BUG %s:\n  strobe \"%s\"\n  strace \"%s\\n\"\n",
			file, line, what, got, want);
	} else if (same) {
		check_failed++;
		fprintf(stderr, "%s:%d: FAILED %s: marked as a bug, but passes: remove the mark\n",
			file, line, what);
	} else {
		check_failed++;
		fprintf(stderr, "%s:%d: FAILED %s:\n  got  \"%s\"\n  want \"%s\\n\"\n",
			file, line, what, got, want);
	}
}
#define CHECK_LINE(got, want) check_line(__FILE__, __LINE__, "", got, want, false)
#define CHECK_BUG_REPORT() (check_bugs ? fprintf(stderr, "%d known bugs\n", check_bugs) : 0, \
			    CHECK_REPORT())

/* Each row through a fresh formatter with options o: its line(s). */
static inline void run_table(const struct sc *rows, size_t n, const struct fmt_opts *o,
			     const char *file, int line)
{
	static struct harness h;

	for (size_t i = 0; i < n; i++) {
		char what[32];

		snprintf(what, sizeof(what), "row %zu", i);
		harness_start(&h, o);
		check_line(file, line, what, harness_call(&h, &rows[i], 1000, 1000, 1000000000),
			   rows[i].want, rows[i].bug);
		harness_end(&h);
	}
}
#define RUN_TABLE(rows, opts) run_table(rows, sizeof(rows) / sizeof(rows[0]), opts, \
					__FILE__, __LINE__)

/* The kinds of arguments rows exercise, to check that every kind of
 * src/syscalls/argkinds.def has one. */
#include "syscalls/syscalls.h"
static inline void note_kinds(const struct sc *rows, size_t n, uint8_t *seen)
{
	for (size_t i = 0; i < n; i++) {
		const struct syscall_desc *d = syscall_get(rows[i].nr);

		for (int k = 0; d && k < d->nargs; k++)
			seen[d->args[k].kind] = 1;
	}
}

#endif
