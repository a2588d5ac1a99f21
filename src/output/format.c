// SPDX-License-Identifier: GPL-2.0
/*
 * Records to strace lines.
 *
 * A line is: [prefix][timestamps]name(args)<pad to column 40>= result[ <time>]
 * Prefix: "PID  " on every line with -o and -f; "[pid N] " when more than
 * one traced process is alive (as strace counts them).  Calls are printed
 * when they complete, stamped with their entry time; strace prints the
 * entry and the exit separately when another process's line comes between
 * (docs/design.md explains the choice).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "output.h"
#include "internal.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../tracepoint/tracepoint.h"

#define RESULT_COLUMN 40



struct pending {
	__u32 tid;
	__u32 pid;
	size_t size;
	struct ev_syscall *rec;	/* the entry half, copied */
};

struct formatter {
	struct fmt_opts o;
	struct writer *w;
	int64_t real_offset_ns;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	uint64_t last_ts;	/* for -r */
	int nprocs;
	uint64_t lost;
	uint64_t malformed;
	struct pending *pend;
	size_t npend, cappend;
	struct ev_syscall *joined;	/* the last split call put back together */
	const struct tp_table *tps;	/* formats of --event tracepoints */
	/* A new process counts (for "[pid N]") once its parent's clone line
	 * or its own first line is out, as strace counts it. */
	struct { __u32 parent, child; } forks[64];
	unsigned nforks;
	time_t tm_sec;		/* localtime cache for -t */
	char tm_text[16];
	struct fdpaths *fds;	/* -y */
};

struct formatter *formatter_new(const struct fmt_opts *o, struct writer *w)
{
	struct formatter *f = calloc(1, sizeof(*f));
	struct timespec rt, mt;

	if (!f)
		return NULL;
	f->o = *o;
	f->w = w;
	/* -P needs to know what each fd is too */
	if ((o->decode_fds || o->npaths) && !(f->fds = fdpaths_new(o->live))) {
		free(f);
		return NULL;
	}
	f->nprocs = 1;
	f->tm_sec = -1;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mt);
	f->real_offset_ns = (rt.tv_sec - mt.tv_sec) * 1000000000ll + (rt.tv_nsec - mt.tv_nsec);
	return f;
}

void formatter_free(struct formatter *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->npend; i++)
		free(f->pend[i].rec);
	free(f->pend);
	free(f->joined);
	fdpaths_free(f->fds);
	free(f);
}

struct fdpaths *formatter_fdpaths(struct formatter *f)
{
	return f->fds;
}

void put_fd_path(struct formatter *f, struct sbuf *b, uint32_t pid, int fd)
{
	put_fd_path_ex(f, b, pid, fd, NULL);
}

bool put_fd_path_ex(struct formatter *f, struct sbuf *b, uint32_t pid, int fd,
		    const char *suffix)
{
	const char *path = f->fds && f->o.decode_fds && !f->o.json && (fd >= 0 || fd == -100) ?
			   fdpaths_get(f->fds, pid, fd) : NULL;

	if (!path)
		return false;
	sbuf_putc(b, '<');
	/* as strace: the path's bytes, non-printable ones escaped */
	for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
		if (*c < 0x20 || *c >= 0x7f || *c == '\\' || *c == '<' || *c == '>')
			sbuf_printf(b, "\\%o", *c);
		else
			sbuf_putc(b, *c);
	}
	if (suffix)
		sbuf_puts(b, suffix);
	sbuf_putc(b, '>');
	return true;
}

static bool is_traced_path(const struct formatter *f, const char *path, size_t len)
{
	for (int i = 0; i < f->o.npaths; i++)
		if (strlen(f->o.paths[i]) == len && !memcmp(f->o.paths[i], path, len))
			return true;
	return false;
}

/* -P: does the call name one of the paths, or use an fd that refers to
 * one?  Path arguments count as the call gave them, as strace counts them. */
static bool touches_paths(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);

	if (!d)
		return false;
	for (int i = 0; i < d->nargs; i++) {
		const struct cap *c;
		const char *data, *p;
		int fd = (int32_t)e->args[i];

		switch (d->args[i].kind) {
		case AK_PATH:
			if (cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT) &&
			    is_traced_path(f, data, c->len))
				return true;
			break;
		case AK_FD:
		case AK_DIRFD:
			if (fd >= 0 && (p = fdpaths_get(f->fds, e->h.pid, fd)) &&
			    is_traced_path(f, p, strlen(p)))
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

/* -y: learn from a completed call what its fds now refer to. */
static void track_fds(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	const char *path = NULL;
	char buf[4097];

	for (int i = 0; d && i < d->nargs; i++) {
		const struct cap *c;
		const char *data;

		if (d->args[i].kind == AK_FD_PAIR && e->ret == 0 && cap_find(e, size, i, &c, &data) &&
		    !(c->flags & CAP_FAULT) && c->len >= 8) {
			int32_t fds[2];

			memcpy(fds, data, sizeof(fds));
			for (int k = 0; k < 2; k++)
				fdpaths_created(f->fds, e->h.pid, fds[k],
						d->name[0] == 'p' ? "pipe:" : "socket:");
			return;
		}
		if (d->args[i].kind == AK_PATH && cap_find(e, size, i, &c, &data) &&
		    !(c->flags & (CAP_FAULT | CAP_TRUNC)) && c->len < sizeof(buf)) {
			memcpy(buf, data, c->len);
			buf[c->len] = 0;
			path = buf;
			break;
		}
	}
	fdpaths_after(f->fds, e, path);
}

void formatter_add_procs(struct formatter *f, int n)
{
	f->nprocs += n;
}

uint64_t formatter_lost(const struct formatter *f)
{
	return f->lost;
}

uint64_t formatter_malformed(const struct formatter *f)
{
	return f->malformed;
}

static void put_secs(struct sbuf *b, uint64_t ns, bool pad)
{
	uint64_t s = ns / 1000000000, us = ns % 1000000000 / 1000;

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
	sbuf_putc(b, '.');
	sbuf_dec_pad(b, us, 6);
}

void put_leader(struct formatter *f, struct sbuf *b, const struct ev_header *h)
{
	if (f->o.pid_column) {
		size_t start = b->len;

		sbuf_u64(b, h->tid);
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
		if (f->o.timestamps >= 2) {
			sbuf_putc(b, '.');
			sbuf_dec_pad(b, real % 1000000000 / 1000, 6);
		}
		sbuf_putc(b, ' ');
	}
	if (f->o.relative) {
		uint64_t d = f->last_ts && h->ts > f->last_ts ? h->ts - f->last_ts : 0;

		if (f->o.timestamps) {
			sbuf_puts(b, "(+");
			put_secs(b, d, true);
			sbuf_puts(b, ") ");
		} else {
			put_secs(b, d, true);
			sbuf_putc(b, ' ');
		}
		f->last_ts = h->ts;
	}
}

/* The result as strace shows it after "= ". */
static void put_result_text(struct sbuf *b, const struct ev_syscall *e)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	int64_t ret = e->ret;

	if ((e->flags & EVF_NORETURN) || (d && d->ret == RK_NONE)) {
		sbuf_putc(b, '?');
	} else if (ret < 0 && ret >= -4095 && !(e->inj & INJ_RETVAL)) {
		int err = -ret;
		const char *name = errno_name(err), *msg = errno_msg(err);

		sbuf_puts(b, errno_is_restart(err) ? "? " : "-1 ");
		if (name) {
			sbuf_puts(b, name);
			sbuf_puts(b, " (");
			sbuf_puts(b, msg ? msg : name);
			sbuf_putc(b, ')');
		} else {
			sbuf_printf(b, "E??? (errno %d)", err);
		}
	} else if (d && d->nargs >= 2 && d->args[1].kind == AK_FCNTL_CMD &&
		   decode_fcntl_result(b, e->args[1], ret)) {
		/* F_GETFD, F_GETFL: "0x1 (flags FD_CLOEXEC)" */
	} else if (d && d->ret == RK_HEX && ret) {
		sbuf_hex(b, ret);
	} else if (d && d->ret == RK_OCT) {
		sbuf_oct(b, (uint64_t)ret);
	} else if (d && d->ret == RK_SIGNAL && ret > 0) {
		sbuf_printf(b, "%lld (", (long long)ret);	/* "12 (SIGUSR2)" */
		decode_signal(b, (int)ret);
		sbuf_putc(b, ')');
	} else if (d && d->ret == RK_PERSONALITY) {
		/* "0 (PER_LINUX)", "0x40000 (PER_LINUX|ADDR_NO_RANDOMIZE)" */
		if (ret)
			sbuf_hex(b, (uint64_t)ret);
		else
			sbuf_putc(b, '0');
		sbuf_puts(b, " (");
		decode_personality(b, (uint64_t)ret);
		sbuf_putc(b, ')');
	} else if (d && d->ret == RK_SCHED) {
		sbuf_printf(b, "%lld (", (long long)ret);	/* "0 (SCHED_OTHER)" */
		decode_sched_policy(b, (uint64_t)ret);
		sbuf_putc(b, ')');
	} else {
		sbuf_s64(b, ret);
	}
}

/* The result, and with -y the path of a new fd. */
static void put_result_fd(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			  size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);

	put_result_text(b, e);
	if (f->fds && d && e->ret >= 0 && !(e->flags & EVF_NORETURN) &&
	    (d->ret == RK_FD || (d->nargs >= 2 && d->args[1].kind == AK_FCNTL_CMD &&
				 (e->args[1] == 0 || e->args[1] == 1030))))
		put_fd_decor(f, b, e, size, FDI_RESULT, (int)e->ret);
}

static void put_result(struct formatter *f, struct sbuf *b, size_t line_start,
		       const struct ev_syscall *e, size_t size)
{
	if (b->len - line_start < RESULT_COLUMN)
		sbuf_pad_to(b, line_start, RESULT_COLUMN);
	else
		sbuf_putc(b, ' ');
	sbuf_puts(b, "= ");
	put_result_fd(f, b, e, size);
	put_wait_result(f, b, e, size);
	put_prctl_result(b, e);
	/* -e inject=: what strobe did to the call, as strace marks it */
	if (e->inj & INJ_ARGS)
		sbuf_puts(b, e->inj & INJ_INJECTED ? " (INJECTED: args, retval)" :
			  " (INJECTED: args)");
	else if (e->inj & INJ_INJECTED)
		sbuf_puts(b, " (INJECTED)");
	if (e->inj & INJ_DELAYED)
		sbuf_puts(b, " (DELAYED)");
	if (f->o.syscall_times && !(e->flags & EVF_NORETURN)) {
		sbuf_puts(b, " <");
		put_secs(b, e->dur, false);
		sbuf_putc(b, '>');
	}
}

void formatter_set_tracepoints(struct formatter *f, const struct tp_table *t)
{
	f->tps = t;
}

int formatter_strsize(const struct formatter *f)
{
	return f->o.strsize;
}

bool formatter_json(const struct formatter *f)
{
	return f->o.json;
}

int formatter_decode_fds(const struct formatter *f)
{
	return f->o.decode_fds;
}

struct sbuf *formatter_buf(struct formatter *f)
{
	return &f->w->buf;
}

const struct tp_table *formatter_tracepoints(const struct formatter *f)
{
	return f->tps;
}

void formatter_count_malformed(struct formatter *f)
{
	f->malformed++;
}

void formatter_set_clock(struct formatter *f, int64_t real_offset_ns)
{
	f->real_offset_ns = real_offset_ns;
}

int formatter_nargs(const struct ev_syscall *e)
{
	const struct syscall_desc *d = syscall_get(e->nr);

	return !d || (d->flags & SCF_NO_FORMAT) ? 6 : shown_args(d, e);
}

void formatter_arg_text(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			size_t size, int i)
{
	const struct syscall_desc *d = syscall_get(e->nr);

	if (!d || (d->flags & SCF_NO_FORMAT) || i >= d->nargs)
		sbuf_hex(b, e->args[i]);
	else
		put_arg(f, b, d, e, size, i);
}

void formatter_result_text(struct sbuf *b, const struct ev_syscall *e)
{
	put_result_text(b, e);
}

int64_t formatter_real_ns(const struct formatter *f, uint64_t mono_ns)
{
	return (int64_t)mono_ns + f->real_offset_ns;
}

void end_line(struct formatter *f, struct sbuf *b)
{
	sbuf_putc(b, '\n');
	if (b->len >= 256 * 1024)
		writer_flush(f->w);
}

static void format_syscall(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	struct sbuf *b = &f->w->buf;
	size_t start = b->len;

	if ((f->o.npaths && !touches_paths(f, e, size)) ||
	    (f->o.quiet && (uint32_t)e->nr < SYSCALL_MAX &&
	     ((f->o.quiet[e->nr >> 6] >> (e->nr & 63)) & 1))) {
		track_fds(f, e, size);	/* what it did to fds still counts */
		return;
	}
	if (f->o.json) {
		json_syscall(f, b, e, size, false);
		if (f->fds)
			track_fds(f, e, size);
		end_line(f, b);
		return;
	}
	put_leader(f, b, &e->h);
	if (e->flags & EVF_RESUMED) {
		const struct syscall_desc *d = syscall_get(e->nr);

		sbuf_puts(b, "<... ");
		sbuf_puts(b, d ? d->name : "syscall");
		sbuf_puts(b, " resumed>)");
	} else {
		put_call(f, b, e, size);
		sbuf_putc(b, ')');
	}
	if (f->fds)
		track_fds(f, e, size);
	put_result(f, b, start, e, size);
	end_line(f, b);
	put_dumps(b, e, size);
}

void formatter_unfinished(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	struct sbuf *b = &f->w->buf;

	if (f->o.json) {
		json_syscall(f, b, e, size, true);
		end_line(f, b);
		return;
	}
	put_leader(f, b, &e->h);
	put_call(f, b, e, size);
	sbuf_puts(b, " <unfinished ...>");
	end_line(f, b);
}

static struct pending *pending_find(struct formatter *f, __u32 tid, __u32 pid)
{
	for (size_t i = 0; i < f->npend; i++)
		if (f->pend[i].tid == tid)
			return &f->pend[i];
	/* a thread's successful execve completes in the thread group leader */
	for (size_t i = 0; i < f->npend; i++)
		if (f->pend[i].pid == pid)
			return &f->pend[i];
	return NULL;
}

static void pending_drop(struct formatter *f, struct pending *p)
{
	free(p->rec);
	*p = f->pend[--f->npend];
}

/* The entry half of a split call: keep it until its exit half arrives. */
static void split_entry(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	struct pending *p = pending_find(f, e->h.tid, e->h.pid);

	if (p && p->tid == e->h.tid)
		pending_drop(f, p);
	if (f->npend == f->cappend) {
		size_t cap = f->cappend ? f->cappend * 2 : 8;
		struct pending *n = realloc(f->pend, cap * sizeof(*n));

		if (!n)
			return;
		f->pend = n;
		f->cappend = cap;
	}
	p = &f->pend[f->npend];
	p->rec = malloc(size);
	if (!p->rec)
		return;
	memcpy(p->rec, e, size);
	p->tid = e->h.tid;
	p->pid = e->h.pid;
	p->size = size;
	f->npend++;
}

const struct ev_syscall *formatter_join(struct formatter *f, const struct ev_syscall *e,
					size_t size, size_t *out_size)
{
	struct pending *p;

	*out_size = size;
	if (e->flags & EVF_ENTRY) {
		split_entry(f, e, size);
		return NULL;
	}
	if (!(e->flags & EVF_EXIT))
		return e;
	p = pending_find(f, e->h.tid, e->h.pid);
	if (!p || p->rec->nr != e->nr)
		return e;	/* the entry half was lost: pointers only */
	free(f->joined);
	f->joined = p->rec;
	f->joined->ret = e->ret;
	f->joined->dur = e->dur;
	f->joined->h.tid = e->h.tid;	/* the pid it completed in, as strace shows */
	f->joined->h.lost = 0;
	*out_size = p->size;
	p->rec = NULL;
	*p = f->pend[--f->npend];
	return f->joined;
}

void formatter_finish(struct formatter *f)
{
	while (f->npend) {
		struct pending *p = &f->pend[f->npend - 1];

		formatter_unfinished(f, p->rec, p->size);
		pending_drop(f, p);
	}
}

static void put_lost(struct formatter *f, uint64_t n)
{
	struct sbuf *b = &f->w->buf;

	f->lost += n;
	if (f->o.json) {
		sbuf_printf(b, "{\"type\":\"lost\",\"count\":%llu}\n", (unsigned long long)n);
		return;
	}
	sbuf_puts(b, "strobe: ");
	sbuf_u64(b, n);
	sbuf_puts(b, " events lost here (ring buffer full; raise -m)\n");
}

/* Settle pending forks that this record's thread is party to.  `after`:
 * the record has been printed (the parent's clone line). */
static void settle_forks(struct formatter *f, __u32 tid, bool after)
{
	for (unsigned i = 0; i < f->nforks;) {
		if ((after && f->forks[i].parent == tid) || (!after && f->forks[i].child == tid)) {
			f->nprocs++;
			f->forks[i] = f->forks[--f->nforks];
		} else {
			i++;
		}
	}
}

static void note_fork(struct formatter *f, const struct ev_fork *k)
{
	if (f->nforks == sizeof(f->forks) / sizeof(f->forks[0])) {
		f->nprocs++;
		return;
	}
	f->forks[f->nforks].parent = k->h.tid;
	f->forks[f->nforks].child = k->child_tid;
	f->nforks++;
}

void formatter_lost_tail(struct formatter *f, uint64_t total)
{
	if (total > f->lost)
		put_lost(f, total - f->lost);
}

void formatter_event(struct formatter *f, const void *rec, size_t size)
{
	const struct ev_header *h = rec;
	struct sbuf *b = &f->w->buf;

	if (size < sizeof(*h) || h->size > size) {
		f->malformed++;
		return;
	}
	size = h->size;
	if (f->nforks)
		settle_forks(f, h->tid, false);
	if (h->lost)
		put_lost(f, h->lost);
	switch (h->kind) {
	case EV_SYSCALL: {
		const struct ev_syscall *e = rec;

		if (size < sizeof(*e)) {
			f->malformed++;
			return;
		}
		if (e->flags & EVF_UNFINISHED) {
			formatter_unfinished(f, e, size);
		} else {
			size_t jsize;
			const struct ev_syscall *j = formatter_join(f, e, size, &jsize);

			if (j)
				format_syscall(f, j, jsize);
		}
		if (f->nforks)
			settle_forks(f, h->tid, true);
		break;
	}
	case EV_SIGNAL: {
		const struct ev_signal *s = rec;

		if (size < sizeof(*s)) {
			f->malformed++;
			return;
		}
		if (f->o.json) {
			json_signal(f, b, s);
			end_line(f, b);
			break;
		}
		put_leader(f, b, h);
		sbuf_puts(b, "--- ");
		decode_signal(b, s->sig);
		sbuf_putc(b, ' ');
		decode_siginfo(b, s->sig, s->info);
		sbuf_puts(b, " ---");
		end_line(f, b);
		break;
	}
	case EV_EXIT: {
		const struct ev_exit *x = rec;

		if (size < sizeof(*x)) {
			f->malformed++;
			return;
		}
		if (f->o.json) {
			json_exit(f, b, x);
		} else {
			put_leader(f, b, h);
			decode_exit_status(b, x->code);
		}
		end_line(f, b);
		if (f->nprocs > 0)
			f->nprocs--;
		if (f->fds)
			fdpaths_exit(f->fds, h->pid);
		break;
	}
	case EV_FORK:
		if (size < sizeof(struct ev_fork)) {
			f->malformed++;
			return;
		}
		note_fork(f, rec);
		if (f->fds && ((const struct ev_fork *)rec)->child_pid != ((const struct ev_fork *)rec)->h.pid)
			fdpaths_fork(f->fds, ((const struct ev_fork *)rec)->h.pid,
				     ((const struct ev_fork *)rec)->child_pid);
		break;
	case EV_EXEC:
		if (size < sizeof(struct ev_exec))
			f->malformed++;
		break;
	case EV_TRACEPOINT:
		format_tracepoint(f, rec, size);
		break;
	default:
		f->malformed++;
		break;
	}
}
