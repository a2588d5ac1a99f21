// SPDX-License-Identifier: GPL-2.0
/*
 * Line prefixes: "PID  " and "[pid N] ", -t/-tt/-ttt/-r times, -n's
 * syscall numbers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../tracepoint/tracepoint.h"

#include "formatter.h"

/* -n: "[  59] " for call nr, or (nr < 0) the thread's last call */
void put_number(struct formatter *f, struct sbuf *b, __u32 tid, int nr)
{
	unsigned slot = tid % (sizeof(f->last_nr) / sizeof(f->last_nr[0]));

	if (!f->o.numbers)
		return;
	if (nr >= 0) {
		f->last_nr[slot].tid = tid;
		f->last_nr[slot].nr = nr;
	} else {
		nr = f->last_nr[slot].tid == tid ? f->last_nr[slot].nr : 0;
	}
	sbuf_printf(b, "[%4d] ", nr);
}

/* digits after the decimal point */
static int prec_digits(int prec)
{
	return prec == PREC_S ? 0 : prec == PREC_MS ? 3 : prec == PREC_NS ? 9 : 6;
}

/* the first digits of a count of nanoseconds below a second */
static void put_fraction(struct sbuf *b, uint64_t ns, int digits)
{
	uint64_t div = 1;

	if (!digits)
		return;
	for (int i = digits; i < 9; i++)
		div *= 10;
	sbuf_putc(b, '.');
	sbuf_dec_pad(b, ns / div, digits);
}

void put_secs(struct sbuf *b, uint64_t ns, bool pad, int prec)
{
	uint64_t s = ns / 1000000000;

	if (pad && s < 100000) {
		/* "%6lu" */
		char tmp[8];
		int n = 0;
		uint64_t t = s;

		do {
			tmp[n++] = '0' + t % 10;
			t /= 10;
		} while (t);
		for (int i = n; i < 6; i++)
			sbuf_putc(b, ' ');
		while (n)
			sbuf_putc(b, tmp[--n]);
	} else {
		sbuf_u64(b, s);
	}
	put_fraction(b, ns % 1000000000, prec_digits(prec));
}

void note_comm(struct formatter *f, __u32 tid, const char *comm)
{
	unsigned slot = tid % (sizeof(f->comms) / sizeof(f->comms[0]));

	f->comms[slot].tid = tid;
	f->comms[slot].weak = false;
	snprintf(f->comms[slot].comm, sizeof(f->comms[slot].comm), "%.15s", comm);
}

/* -Y: a child not followed, by its parent's name at the fork, for when
 * /proc no longer has its own (a child the traced process has reaped) */
void note_child_comm(struct formatter *f, const struct ev_syscall *e)
{
	unsigned slot = (uint32_t)e->ret % (sizeof(f->comms) / sizeof(f->comms[0]));
	struct sbuf name;

	if (!f->o.comm || e->ret <= 0 || (e->flags & (EVF_ENTRY | EVF_UNFINISHED)) ||
	    (e->nr != NR_clone && e->nr != NR_clone3 && e->nr != NR_fork && e->nr != NR_vfork) ||
	    f->comms[slot].tid == (uint32_t)e->ret)
		return;
	sbuf_init(&name, 64);
	put_comm(f, &name, e->h.tid);	/* "<name>", escaped: taken from the cache */
	slot = e->h.tid % (sizeof(f->comms) / sizeof(f->comms[0]));
	if (name.len && f->comms[slot].tid == e->h.tid) {
		char comm[16];

		memcpy(comm, f->comms[slot].comm, sizeof(comm));
		note_comm(f, (uint32_t)e->ret, comm);
		f->comms[(uint32_t)e->ret % (sizeof(f->comms) / sizeof(f->comms[0]))].weak = true;
	}
	sbuf_free(&name);
}

/* -Y: "<comm>", with '<' and '>' escaped as strace does; nothing when the
 * name is not known (a thread gone before strobe saw its name) */
void put_comm(struct formatter *f, struct sbuf *b, __u32 tid)
{
	unsigned slot = tid % (sizeof(f->comms) / sizeof(f->comms[0]));
	const char *c = f->comms[slot].tid == tid ? f->comms[slot].comm : NULL;

	/* a name guessed from the parent: /proc's own first, while it has it */
	if ((!c || f->comms[slot].weak) && f->o.live) {
		char path[48], buf[32];
		FILE *fp;

		snprintf(path, sizeof(path), "/proc/%u/comm", tid);
		fp = fopen(path, "r");
		if (fp && fgets(buf, sizeof(buf), fp)) {
			buf[strcspn(buf, "\n")] = 0;
			note_comm(f, tid, buf);
			c = f->comms[slot].comm;
		}
		if (fp)
			fclose(fp);
	}
	if (!c)
		return;
	sbuf_putc(b, '<');
	decode_string_ex(b, c, strlen(c), false, ESC_BARE | ESC_ANGLES);
	sbuf_putc(b, '>');
}

void formatter_seed_comm(struct formatter *f, uint32_t tid)
{
	struct sbuf scratch;

	if (!f || !f->o.comm || !f->o.live)
		return;
	/* put_comm reads /proc and keeps the name; the text is dropped */
	sbuf_init(&scratch, 64);
	put_comm(f, &scratch, tid);
	sbuf_free(&scratch);
}

void formatter_put_pid(struct formatter *f, struct sbuf *b, uint32_t tid, long pid)
{
	if (f)
		put_pid_decor(f, b, tid, pid, 0);
}

void formatter_put_pgid(struct formatter *f, struct sbuf *b, uint32_t tid, long pgid)
{
	bool comm;

	if (!f)
		return;
	comm = f->o.comm;
	f->o.comm = false;
	put_pid_decor(f, b, tid, pgid, 0);
	f->o.comm = comm;
}

void put_leader(struct formatter *f, struct sbuf *b, const struct ev_header *h)
{
	if (f->o.separate) {
		/* -ff: no prefix, the file says whose lines they are */
		writer_switch(f->w, h->tid);
	} else if (f->o.pid_column) {
		size_t start = b->len;

		sbuf_u64(b, h->tid);
		if (f->o.comm)		/* strace: then no padding */
			put_comm(f, b, h->tid);
		else
			sbuf_pad_to(b, start, 5);
		sbuf_putc(b, ' ');
	} else if (f->nprocs > 1 || f->o.always_prefix) {
		size_t start;

		sbuf_puts(b, "[pid ");
		start = b->len;
		sbuf_u64(b, h->tid);
		while (b->len - start < 5) {
			/* right-align in 5 columns, as "%5u" */
			memmove(b->p + start + 1, b->p + start, b->len - start);
			b->p[start] = ' ';
			b->len++;
		}
		if (f->o.comm)
			put_comm(f, b, h->tid);
		sbuf_puts(b, "] ");
	}
	if (f->o.timestamps) {
		int64_t real = (int64_t)h->ts + f->real_offset_ns;
		time_t sec = real / 1000000000;

		if (f->o.timestamps >= 3) {
			sbuf_u64(b, sec);
		} else {
			if (sec != f->tm_sec) {
				struct tm tm;

				localtime_r(&sec, &tm);
				strftime(f->tm_text, sizeof(f->tm_text), "%H:%M:%S", &tm);
				f->tm_sec = sec;
			}
			sbuf_puts(b, f->tm_text);
		}
		/* -t: seconds; -tt, -ttt: microseconds; or as asked */
		put_fraction(b, real % 1000000000,
			     f->o.ts_prec ? prec_digits(f->o.ts_prec) :
			     f->o.timestamps == 1 ? 0 : 6);
		sbuf_putc(b, ' ');
	}
	if (f->o.relative) {
		uint64_t d = f->last_ts && h->ts > f->last_ts ? h->ts - f->last_ts : 0;

		if (f->o.timestamps) {
			sbuf_puts(b, "(+");
			put_secs(b, d, true, f->o.rel_prec);
			sbuf_puts(b, ") ");
		} else {
			put_secs(b, d, true, f->o.rel_prec);
			sbuf_putc(b, ' ');
		}
		f->last_ts = h->ts;
	}
	if (f->o.print_ip)
		fus_put_ip(f->us, b, h);
}
