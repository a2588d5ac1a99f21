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
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "output.h"
#include "formatter.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../tracepoint/tracepoint.h"

/* -e signal=: is this signal's line (or death by it) shown? */
static bool signal_shown(const struct formatter *f, int sig)
{
	return !f->o.signals || sig < 1 || sig > 64 || ((f->o.signals[0] >> (sig - 1)) & 1);
}

struct formatter *formatter_new(const struct fmt_opts *o, struct writer *w)
{
	struct formatter *f = calloc(1, sizeof(*f));
	struct timespec rt, mt;

	if (!f)
		return NULL;
	f->o = *o;
	/* -y shows paths, -yy everything, when no -e decode-fds= said which */
	if (f->o.decode_fds && !f->o.decode_fd_set)
		f->o.decode_fd_set = f->o.decode_fds >= 2 ? DFD_ALL : DFD_PATH;
	if (!f->o.columns)
		f->o.columns = 40;	/* strace's -a default */
	f->w = w;
	/* -P needs to know what each fd is too */
	if ((o->decode_fds || o->npaths) && !(f->fds = fdpaths_new(o->live))) {
		free(f);
		return NULL;
	}
	if ((o->print_ip || o->stack_trace) &&
	    !(f->us = fus_new(o->stack_trace > 0, o->stack_trace > 1, o->live))) {
		fdpaths_free(f->fds);
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
	for (struct ev_exit *x; (x = held_exit_next(f));)
		free(x);
	free(f->joined);
	fdpaths_free(f->fds);
	fus_free(f->us);
	free(f);
}

uint64_t formatter_stacks_unmapped(const struct formatter *f)
{
	return f->us ? fus_unmapped(f->us) : 0;
}

uint64_t formatter_stacks_cut(const struct formatter *f)
{
	return f->us ? fus_cut(f->us) : 0;
}

bool formatter_stacks_seen(const struct formatter *f)
{
	return f->us && fus_seen(f->us);
}

uint64_t formatter_malformed(const struct formatter *f)
{
	return f->malformed;
}

void formatter_set_tracepoints(struct formatter *f, const struct tp_table *t)
{
	f->tps = t;
}

int formatter_strsize(const struct formatter *f)
{
	return f->o.strsize;
}

/* how many elements of an array strace shows: -s of them, all with -v */
int formatter_arraysize(const struct formatter *f)
{
	return decode_verbose() ? INT_MAX : f->o.strsize;
}

bool formatter_json(const struct formatter *f)
{
	return f->o.json;
}

int formatter_decode_fds(const struct formatter *f)
{
	return f->o.decode_fds;
}

unsigned formatter_fd_set(const struct formatter *f)
{
	return f->o.decode_fd_set;
}

struct sbuf *formatter_buf(struct formatter *f)
{
	return &f->w->buf;
}

void formatter_set_uprobes(struct formatter *f, const struct uprog *u)
{
	f->ups = u;
}

const struct uprog *formatter_uprobes(const struct formatter *f)
{
	return f->ups;
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

static void note_restart(struct formatter *f, __u32 tid, int nr)
{
	unsigned slot = tid % (sizeof(f->restart) / sizeof(f->restart[0]));

	f->restart[slot].tid = tid;
	f->restart[slot].nr = nr;
}

/* "restart_syscall(<... resuming interrupted clock_nanosleep ...>": the
 * call the thread was in when a signal interrupted it, if strobe saw it */
static void put_restart(struct formatter *f, struct sbuf *b, const struct ev_syscall *e)
{
	unsigned slot = e->h.tid % (sizeof(f->restart) / sizeof(f->restart[0]));
	const struct syscall_desc *d = NULL;

	if (f->restart[slot].tid == e->h.tid) {
		d = syscall_get(f->restart[slot].nr);
		f->restart[slot].tid = 0;
	}
	sbuf_printf(b, "restart_syscall(<... resuming interrupted %s ...>)", d ? d->name : "call");
}

bool call_in_set(const uint64_t *set, int nr)
{
	return set && nr >= 0 && nr < SYSCALL_MAX && ((set[nr >> 6] >> (nr & 63)) & 1);
}

/* -e raw=: "name(0x3, 0x7f4f..., 0)": each argument the table knows of
 * in hex, undecoded, as strace */
static void put_raw_call(struct sbuf *b, const struct ev_syscall *e)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	int n = d ? d->nargs : 6;

	if (d)
		sbuf_puts(b, d->name);
	else
		sbuf_printf(b, "syscall_%#x", (unsigned)e->nr);
	sbuf_putc(b, '(');
	for (int i = 0; i < n && i < 6; i++) {
		if (i)
			sbuf_puts(b, ", ");
		if (e->args[i])
			sbuf_hex(b, e->args[i]);
		else
			sbuf_putc(b, '0');
	}
	sbuf_putc(b, ')');
}

static void format_syscall(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	struct sbuf *b = &f->w->buf;
	size_t start = b->len;

	if (e->nr == NR_clone && f->o.ptrace_children && e->ret > 0 && (e->args[0] & 0x2000))
		fprintf(stderr, "strobe: Detached unknown pid %lld\n", (long long)e->ret);
	note_child_comm(f, e);
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
	put_number(f, b, e->h.tid, e->nr);
	if (e->flags & EVF_RESUMED) {
		const struct syscall_desc *d = syscall_get(e->nr);

		sbuf_puts(b, "<... ");
		sbuf_puts(b, d ? d->name : "syscall");
		sbuf_puts(b, " resumed>)");
	} else if (e->flags & EVF_KILLED) {
		/* the thread died by SIGKILL in it: "read(0,  <unfinished ...>) = ?",
		 * but "kill(1, SIGKILL) = ?": as strace, the mark only where
		 * the return had something left to print */
		sbuf_puts(b, put_call_at_entry(f, b, e, size) ? ")" : " <unfinished ...>)");
	} else if (e->nr == NR_restart_syscall) {
		put_restart(f, b, e);
	} else if (call_in_set(f->o.raw, e->nr)) {
		put_raw_call(b, e);
	} else {
		if (f->o.abbrev)	/* -e abbrev=SET: this call's way */
			decode_set_verbose(!call_in_set(f->o.abbrev, e->nr));
		if (f->o.verbose)	/* -e verbose=SET, the same */
			decode_set_structs(call_in_set(f->o.verbose, e->nr));
		put_call(f, b, e, size);
		sbuf_putc(b, ')');
	}
	if (e->ret == -516 && !(e->flags & EVF_KILLED))	/* ERESTART_RESTARTBLOCK */
		note_restart(f, e->h.tid, e->nr);
	if (f->fds)
		track_fds(f, e, size);
	put_result(f, b, start, e, size);
	end_line(f, b);
	put_dumps(b, e, size);
	if (f->us)
		fus_put_stack(f->us, b, e->flags & EVF_NORETURN);
}

/* "+++ exited with N +++", "+++ killed by SIG +++" */
void put_exit(struct formatter *f, const struct ev_exit *x)
{
	struct sbuf *b = &f->w->buf;
	/* as strace: -qq hides "exited with", -e signal= "killed by" */
	bool shown = x->code & 0x7f ? signal_shown(f, x->code & 0x7f) : !f->o.quiet_exit;

	if (shown && f->o.json) {
		json_exit(f, b, x);
		end_line(f, b);
	} else if (shown) {
		put_leader(f, b, &x->h);
		put_number(f, b, x->h.tid, -1);
		decode_exit_status(b, x->code);
		end_line(f, b);
		if (f->us)	/* -k: exit_group's stack, after the line, as strace */
			fus_exit(f->us, b, x);
	}
	if (f->nprocs > 0)
		f->nprocs--;
	/* the fd table is the process's: kept until its last thread exits */
	if (f->fds && x->group_dead)
		fdpaths_exit(f->fds, x->h.pid);
}

/* A clone, fork or vfork line: the one that may have made a new child */
static bool is_clone_line(const void *rec, size_t size)
{
	const struct ev_syscall *e = rec;

	if (size < sizeof(*e) || e->h.kind != EV_SYSCALL)
		return false;
	return e->nr == NR_clone || e->nr == NR_clone3 || e->nr == NR_fork || e->nr == NR_vfork;
}

/* The call as the kernel saw it: an int argument's register with its
 * upper bits cleared (syscall_narrow_args), in a copy of the record; NULL
 * when the registers were clean already, which is the rule (strace's tests
 * set those bits on purpose: "0xfacefeed00000000 | fd"). */
static struct ev_syscall *narrowed(const struct ev_syscall *e, size_t size)
{
	uint64_t args[6];
	struct ev_syscall *n;

	if (!syscall_narrow_args(syscall_get(e->nr), (const uint64_t *)e->args, args) || !(n = malloc(size)))
		return NULL;
	memcpy(n, e, size);
	memcpy(n->args, args, sizeof(args));
	return n;
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
		settle_forks(f, h->tid, false, is_clone_line(rec, size));
	if (h->lost)
		put_lost(f, h->lost);
	switch (h->kind) {
	case EV_SYSCALL: {
		const struct ev_syscall *e = rec;

		if (size < sizeof(*e)) {
			f->malformed++;
			return;
		}
		struct ev_syscall *n = narrowed(e, size);

		if (n)
			e = n;
		if (f->us)
			fus_begin(f->us, h, e->flags);
		if (e->flags & EVF_UNFINISHED) {
			formatter_unfinished(f, e, size);
		} else {
			size_t jsize;
			const struct ev_syscall *j = formatter_join(f, e, size, &jsize);

			if (j)
				format_syscall(f, j, jsize);
		}
		if (f->us)
			fus_end(f->us);
		free(n);
		if (f->nforks)
			settle_forks(f, h->tid, true, true);
		break;
	}
	case EV_SIGNAL: {
		const struct ev_signal *s = rec;

		if (size < sizeof(*s)) {
			f->malformed++;
			return;
		}
		if (!signal_shown(f, s->sig))
			break;
		if (f->o.json) {
			json_signal(f, b, s);
			end_line(f, b);
			break;
		}
		if (f->us)
			fus_begin(f->us, h, 0);
		put_leader(f, b, h);
		put_number(f, b, h->tid, -1);
		sbuf_puts(b, "--- ");
		decode_signal(b, s->sig);
		sbuf_putc(b, ' ');
		decode_siginfo_pids(f, h->tid);
		decode_siginfo(b, s->sig, s->info);
		decode_siginfo_pids(NULL, 0);
		sbuf_puts(b, " ---");
		end_line(f, b);
		if (f->us) {
			fus_put_stack(f->us, b, false);
			fus_end(f->us);
		}
		if (s->flags & SIGF_STOPS) {	/* as strace, once the thread stops */
			put_leader(f, b, h);
			put_number(f, b, h->tid, -1);
			sbuf_puts(b, "--- stopped by ");
			decode_signal(b, s->sig);
			sbuf_puts(b, " ---");
			end_line(f, b);
		}
		break;
	}
	case EV_EXIT: {
		const struct ev_exit *x = rec;
		struct ev_exit *held;

		if (size < sizeof(*x)) {
			f->malformed++;
			return;
		}
		if (hold_leader_exit(f, x))
			break;
		put_exit(f, x);
		if ((held = thread_exited(f, x))) {
			put_exit(f, held);
			free(held);
		}
		break;
	}
	case EV_FORK:
		if (size < sizeof(struct ev_fork)) {
			f->malformed++;
			return;
		}
		note_fork(f, rec);
		if (f->o.comm)
			note_comm(f, ((const struct ev_fork *)rec)->child_tid,
				  ((const struct ev_fork *)rec)->comm);
		if (f->fds && ((const struct ev_fork *)rec)->child_pid != ((const struct ev_fork *)rec)->h.pid)
			fdpaths_fork(f->fds, ((const struct ev_fork *)rec)->h.pid,
				     ((const struct ev_fork *)rec)->child_pid);
		break;
	case EV_EXEC: {
		const struct ev_exec *x = rec;

		if (size < offsetof(struct ev_exec, old_tid)) {
			f->malformed++;
			return;
		}
		if (size >= sizeof(*x) && x->old_tid && x->old_tid != h->tid)
			thread_execed(f, h->pid, x->old_tid, h->tid);
		if (f->o.comm)
			note_comm(f, h->tid, x->comm);
		break;
	}
	case EV_TRACEPOINT:
		format_tracepoint(f, rec, size);
		break;
	case EV_USTACK:
		if (f->us)
			fus_record(f->us, rec, size);
		break;
	case EV_MAPS:
		if (f->us)
			fus_maps(f->us, rec, size);
		break;
	case EV_DETACH: {
		/* -b execve: the execve it was in shows as strace shows it */
		struct pending *p = pending_find(f, h->tid, h->pid);

		if (p) {
			put_cut_call(f, p->rec, p->size, " <detached ...>");
			pending_drop(f, p);
		}
		if (f->nprocs > 0)
			f->nprocs--;
		if (f->fds)
			fdpaths_exit(f->fds, h->pid);
		break;
	}
	case EV_UPROBE:
		format_uprobe(f, rec, size);
		break;
	default:
		f->malformed++;
		break;
	}
}
