// SPDX-License-Identifier: GPL-2.0
/*
 * ltrace's lines: "func(args) = result" when nothing came between a call
 * and its return, else "func(args <unfinished ...>" and later
 * "<... func resumed> ) = result"; "[pid N] " with -f; "+++ exited
 * (status N) +++".  The kernel sends an entry record and a return record
 * (with the arguments again, and what the call wrote); an entry is held
 * until its return or until another line must be printed.
 */
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/uio.h>
#include <unistd.h>
#include <time.h>

#include "ltrace.h"
#include "../decode/decode.h"
#include "../output/output.h"
#include "../output/internal.h"
#include "../../bpf/uprobe_desc.h"
#include "../stack/stack.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"

#define RESULT_COL 48	/* ltrace pads the call to here, then " = " */
#define HELD_STACKS 64	/* -w: stacks waiting for their call's line */

/* -w: a call's stack (taken at its entry: the kernel side sends it just
 * before the entry record), until the call's line is printed */
struct held_stack {
	uint32_t tid;
	uint64_t ts;		/* the call's entry time */
	struct ev_ustack *rec;
	size_t size;
};

struct pending {
	struct ev_uprobe *e;	/* the entry record, copied */
	size_t size;
	bool printed;		/* shown as <unfinished ...> */
};

struct lt_thread {
	uint32_t tid;
	struct pending *stack;
	int depth, cap;
};

struct lt_printer {
	const struct lt_opts *o;
	struct writer *w;
	struct formatter *f;
	const struct uprog *u;
	struct lt_thread *th;
	size_t nth, capth;
	int64_t real_offset;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	uint64_t last_ts;	/* -r */
	pid_t child;		/* the launched command */
	bool child_ran;		/* ...past its execve */
	struct ustacks *us;	/* -w: images and symbols */
	struct held_stack stacks[HELD_STACKS];
	int nstacks;
	/* processes the kernel side stopped at their exec (until strobe had
	 * probed the new program): the stop, strobe's SIGCONT and the
	 * parent's SIGCHLDs for them are strobe's, not the program's (-S) */
	uint32_t execed[32];
	bool execed_gone[32];	/* it has exited since */
	unsigned nexeced;
	/* a stop/continue SIGCHLD delivered after the child ended: it also
	 * stands for the exit unless another SIGCHLD of that child follows;
	 * printed before the parent's next line, or dropped then */
	struct ev_signal held_chld;
	bool holding;
};

struct lt_printer *lt_printer_new(const struct lt_opts *o, struct writer *w,
				  struct formatter *f, const struct uprog *u)
{
	struct lt_printer *p = calloc(1, sizeof(*p));
	struct timespec rt, mt;

	if (!p)
		return NULL;
	p->o = o;
	p->w = w;
	p->f = f;
	p->u = u;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mt);
	p->real_offset = (rt.tv_sec - mt.tv_sec) * 1000000000ll + (rt.tv_nsec - mt.tv_nsec);
	if (o->stack_depth && !(p->us = ustacks_new(false, true))) {
		free(p);
		return NULL;
	}
	return p;
}

void lt_printer_set_child(struct lt_printer *p, pid_t child)
{
	p->child = child;
}

static void hold_stack(struct lt_printer *p, const struct ev_ustack *e, size_t size)
{
	struct held_stack *h;

	if (size < sizeof(*e) || sizeof(*e) + e->stack_len > size)
		return;
	if (p->nstacks == HELD_STACKS) {
		/* the oldest has waited for a line that never came */
		free(p->stacks[0].rec);
		memmove(p->stacks, p->stacks + 1, (HELD_STACKS - 1) * sizeof(*h));
		p->nstacks--;
	}
	h = &p->stacks[p->nstacks];
	if (!(h->rec = malloc(size)))
		return;
	memcpy(h->rec, e, size);
	h->size = size;
	h->tid = e->h.tid;
	h->ts = e->h.ts;
	p->nstacks++;
}

/*
 * A call still in progress has its return address replaced by the
 * kernel's uretprobe trampoline (page-aligned, in no file), where the
 * unwinder cannot go on.  Its entry's stack copy (held until its line)
 * began at that very slot, holding the real address: put it back.
 */
static void unhijack(struct lt_printer *p, struct held_stack *h)
{
	uint64_t sp = h->rec->regs[UREG_SP], len = h->rec->stack_len;
	uint8_t *stack = (uint8_t *)(h->rec + 1);

	for (int i = 0; i < p->nstacks; i++) {
		const struct held_stack *o = &p->stacks[i];
		uint64_t slot = o->rec->regs[UREG_SP], ra, cur;

		if (o == h || o->tid != h->tid || o->rec->stack_len < 8 || slot < sp ||
		    slot + 8 > sp + len)
			continue;
		memcpy(&ra, o->rec + 1, 8);
		memcpy(&cur, stack + (slot - sp), 8);
		if (cur != ra && !(cur & 4095))
			memcpy(stack + (slot - sp), &ra, 8);
	}
}

/* After a call's line: its stack (skip: frames that are the callee's own,
 * the entry a uprobe stopped at), then a blank line, as ltrace -w. */
static void put_stack(struct lt_printer *p, struct sbuf *b, uint32_t tid, uint64_t ts,
		      int skip)
{
	for (int i = 0; p->us && i < p->nstacks; i++) {
		struct held_stack *h = &p->stacks[i];

		if (h->tid != tid || h->ts != ts)
			continue;
		unhijack(p, h);
		ustacks_print_ltrace(p->us, b, h->rec, h->size, skip, p->o->stack_depth);
		sbuf_putc(b, '\n');
		free(h->rec);
		memmove(h, h + 1, (p->nstacks - i - 1) * sizeof(*h));
		p->nstacks--;
		return;
	}
}

static struct lt_thread *thread_of(struct lt_printer *p, uint32_t tid)
{
	struct lt_thread *t;

	for (size_t i = 0; i < p->nth; i++)
		if (p->th[i].tid == tid)
			return &p->th[i];
	if (p->nth == p->capth) {
		size_t cap = p->capth ? p->capth * 2 : 16;

		if (!(t = realloc(p->th, cap * sizeof(*t))))
			return NULL;
		p->th = t;
		p->capth = cap;
	}
	t = &p->th[p->nth++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	return t;
}

static void leader(struct lt_printer *p, struct sbuf *b, const struct ev_header *h, int depth)
{
	if (p->o->follow || p->o->npids > 1 || p->o->all)
		sbuf_printf(b, "[pid %u] ", h->tid);
	if (p->o->timestamps) {
		int64_t real = (int64_t)h->ts + p->real_offset;
		time_t sec = real / 1000000000;
		struct tm tm;

		if (p->o->timestamps >= 3) {
			sbuf_printf(b, "%lld.%06lld ", (long long)sec,
				    (long long)(real % 1000000000) / 1000);
		} else {
			localtime_r(&sec, &tm);
			sbuf_printf(b, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
			if (p->o->timestamps == 2)
				sbuf_printf(b, ".%06lld", (long long)(real % 1000000000) / 1000);
			sbuf_putc(b, ' ');
		}
	}
	if (p->o->relative) {
		uint64_t d = p->last_ts && h->ts > p->last_ts ? h->ts - p->last_ts : 0;

		sbuf_printf(b, "%3llu.%06llu ", (unsigned long long)(d / 1000000000),
			    (unsigned long long)(d % 1000000000) / 1000);
		p->last_ts = h->ts;
	}
	for (int i = 0; i < depth * p->o->indent; i++)
		sbuf_putc(b, ' ');
}

static const char *name_of(struct lt_printer *p, uint32_t cookie)
{
	const struct up_probe *pr = uprog_probe(p->u, cookie);

	return pr ? pr->func : "?";
}

/* The capture of argument arg, or NULL */
static const struct cap *find_cap(const struct ev_uprobe *e, size_t size, unsigned arg)
{
	const uint8_t *q = (const uint8_t *)(e + 1), *end = (const uint8_t *)e + size;

	for (unsigned i = 0; i < e->ncaps && q + sizeof(struct cap) <= end; i++) {
		const struct cap *c = (const void *)q;

		if (q + CAP_SIZE(c->len) > end)
			return NULL;
		if (c->arg == arg)
			return c;
		q += CAP_SIZE(c->len);
	}
	return NULL;
}

/*
 * printf's variadic arguments, as ltrace shows them: the captured format
 * says what each register holds (%s read from the process while it is
 * there, else its address).  Only the integer registers are known: a
 * floating-point conversion (in xmm) shows as ?, and what is passed on
 * the stack (past the sixth argument) is left out.
 */
static void put_varargs(struct lt_printer *p, struct sbuf *b, const struct ev_uprobe *e,
			size_t size, int fmt)
{
	const char *f = NULL, *fe = NULL;
	int next = fmt + 1;

	const struct cap *fc = find_cap(e, size, fmt);

	if (fc && !(fc->flags & (CAP_FAULT | CAP_TRUNC))) {
		f = (const char *)(fc + 1);
		fe = f + fc->len;
	}
	while (f && f < fe && next < 6) {
		int longs = 0;
		char conv;

		if (*f++ != '%')
			continue;
		if (f < fe && *f == '%') {
			f++;
			continue;
		}
		while (f < fe && strchr("-+ #0'123456789.*hlLqjzt", *f)) {
			if (*f == '*' && next < 6)
				next++;		/* a width or precision argument */
			if (*f == 'l' || *f == 'q' || *f == 'j' || *f == 'z' || *f == 't')
				longs++;
			f++;
		}
		if (f >= fe)
			break;
		conv = *f++;
		sbuf_puts(b, ", ");
		if (strchr("fFeEgGaA", conv)) {
			sbuf_putc(b, '?');
			continue;
		}
		uint64_t v = e->args[next++];

		switch (conv) {
		case 'd': case 'i':
			sbuf_s64(b, longs ? (int64_t)v : (int32_t)v);
			break;
		case 'u':
			sbuf_u64(b, longs ? v : (uint32_t)v);
			break;
		case 'c':
			if ((uint8_t)v >= 32 && (uint8_t)v < 127 && (uint8_t)v != '\'' &&
			    (uint8_t)v != '\\')
				sbuf_printf(b, "'%c'", (int)(uint8_t)v);
			else
				sbuf_printf(b, "'\\%03o'", (unsigned)(uint8_t)v);
			break;
		case 's': {	/* the kernel side's read of that register */
			const struct cap *c = find_cap(e, size, next - 1);

			if (!v)
				sbuf_puts(b, "nil");
			else if (c && !(c->flags & CAP_FAULT))
				decode_string(b, (const char *)(c + 1), c->len, c->flags & CAP_TRUNC);
			else
				sbuf_hex(b, v);
			break;
		}
		default:	/* x, o, p, n: as ltrace, in hex */
			sbuf_hex(b, longs || conv == 'p' || conv == 'n' ? v : (uint32_t)v);
		}
	}
}

static void lt_put_call(struct lt_printer *p, struct sbuf *b, const struct ev_uprobe *e,
		     size_t size)
{
	const struct up_probe *pr = uprog_probe(p->u, e->cookie);
	int fmt = pr && pr->proto && pr->proto->varargs ? pr->proto->d.nargs - 1 : -1;
	const struct cap *who = find_cap(e, size, UP_CAP_CALLER);
	size_t from;

	/* -e, -l: "sh->malloc(", the file the call came from */
	if (who && who->len == sizeof(struct up_caller)) {
		struct up_caller c;
		const char *name;

		memcpy(&c, who + 1, sizeof(c));
		if ((name = uprog_caller_name(p->u, c.ino, c.dev)))
			sbuf_printf(b, "%s->", name);
	}
	sbuf_puts(b, pr ? pr->func : "?");
	sbuf_putc(b, '(');
	from = b->len;
	/* no prototype (none built in, no DWARF): ltrace's four arguments */
	if (!pr || !pr->proto) {
		for (int i = 0; i < 4; i++) {
			if (i)
				sbuf_puts(b, ", ");
			lt_put_guess(b, e->args[i]);
		}
		return;
	}
	put_lib_args(p->f, b, pr ? pr->proto : NULL, e, size, false);
	lt_nulls(b, from, pr ? pr->proto : NULL);
	lt_escapes(b, from);
	if (fmt >= 0)
		put_varargs(p, b, e, size, fmt);
}

static void put_result(struct lt_printer *p, struct sbuf *b, size_t start,
		       const struct ev_uprobe *e, size_t size)
{
	const struct up_probe *pr = uprog_probe(p->u, e->cookie);

	sbuf_pad_to(b, start, RESULT_COL);
	sbuf_puts(b, " = ");
	if (pr && pr->proto && pr->proto->ret == LR_VOID) {
		sbuf_puts(b, "<void>");
	} else if (!pr || !pr->proto) {
		lt_put_guess(b, e->ret);
	} else {
		size_t at = b->len;

		put_lib_result(p->f, b, pr ? pr->proto : NULL, e, size);
		if (b->len == at + 4 && !memcmp(b->p + at, "NULL", 4))
			lt_replace_null(b, at, pr && pr->proto && pr->proto->ret == LR_STR ? "nil" : "0");
		lt_escapes(b, at);
	}
	if (p->o->times)
		sbuf_printf(b, " <%llu.%06llu>", (unsigned long long)(e->dur / 1000000000),
			    (unsigned long long)(e->dur % 1000000000) / 1000);
	sbuf_putc(b, '\n');
}

/* A string of a process that is most likely still inside the call:
 * bytes up to max + 1 (to tell a longer one), page by page. */
static size_t read_string(pid_t pid, uint64_t addr, char *dst, size_t max, bool *trunc)
{
	size_t got = 0;

	while (got < max + 1) {
		size_t chunk = 4096 - ((addr + got) & 4095);
		struct iovec l, r;
		ssize_t n;
		char *nul;

		if (chunk > max + 1 - got)
			chunk = max + 1 - got;
		l.iov_base = dst + got;
		r.iov_base = (void *)(uintptr_t)(addr + got);
		l.iov_len = r.iov_len = chunk;
		n = process_vm_readv(pid, &l, 1, &r, 1, 0);
		if (n <= 0)
			return (size_t)-1;
		if ((nul = memchr(dst + got, 0, n))) {
			*trunc = false;
			return nul - dst;
		}
		got += n;
	}
	*trunc = true;
	return max;
}

/*
 * The entry of a call shown unfinished, with the strings the kernel side
 * could not read at the entry (a page the call had not touched yet: it
 * reads them again at the return, too late for this line) read now from
 * the process.  NULL when there is nothing to add.
 */
static struct ev_uprobe *refill(struct lt_printer *p, const struct ev_uprobe *e, size_t size,
				size_t *out)
{
	const struct up_probe *pr = uprog_probe(p->u, e->cookie);
	const uint8_t *q = (const uint8_t *)(e + 1), *end = (const uint8_t *)e + size;
	size_t max = p->o->strsize, cap = size + e->ncaps * CAP_SIZE(max + 1), off = sizeof(*e);
	uint8_t *n;
	bool changed = false;

	if (!pr || !pr->proto || !(n = malloc(cap)))
		return NULL;
	memcpy(n, e, sizeof(*e));
	for (unsigned i = 0; i < e->ncaps && q + sizeof(struct cap) <= end; i++) {
		const struct cap *c = (const void *)q;
		struct cap *d = (struct cap *)(n + off);
		struct arg_capture ac;
		size_t len;
		bool trunc;

		if (q + CAP_SIZE(c->len) > end)
			break;
		q += CAP_SIZE(c->len);
		if ((c->flags & CAP_FAULT) && c->arg < pr->proto->d.nargs &&
		    arg_capture(&pr->proto->d.args[c->arg], &ac) &&
		    (ac.ck == CK_STR || ac.ck == CK_PATH) &&
		    (len = read_string(e->h.pid, e->args[c->arg], (char *)(d + 1), max,
				       &trunc)) != (size_t)-1) {
			d->len = len;
			d->arg = c->arg;
			d->flags = trunc ? CAP_TRUNC : 0;
			changed = true;
		} else {
			memcpy(d, c, CAP_SIZE(c->len));
		}
		off += CAP_SIZE(d->len);
	}
	if (!changed) {
		free(n);
		return NULL;
	}
	((struct ev_uprobe *)n)->h.size = off;
	*out = off;
	return (struct ev_uprobe *)n;
}

struct ev_uprobe *lt_entry_patch(const struct ev_uprobe *e, size_t size,
				 const struct ev_uprobe *ret, size_t rsize, size_t *out)
{
	const uint8_t *q = (const uint8_t *)(e + 1), *end = (const uint8_t *)e + size;
	size_t off = sizeof(*e);
	uint8_t *n;
	bool changed = false;

	if (!(n = malloc(size + rsize)))
		return NULL;
	memcpy(n, e, sizeof(*e));
	for (unsigned i = 0; i < e->ncaps && q + sizeof(struct cap) <= end; i++) {
		const struct cap *c = (const void *)q, *r;

		if (q + CAP_SIZE(c->len) > end)
			break;
		q += CAP_SIZE(c->len);
		r = (c->flags & CAP_FAULT) ? find_cap(ret, rsize, c->arg) : NULL;
		if (r && !(r->flags & CAP_FAULT))
			changed = true;
		else
			r = c;
		memcpy(n + off, r, CAP_SIZE(r->len));
		off += CAP_SIZE(r->len);
	}
	if (!changed) {
		free(n);
		return NULL;
	}
	((struct ev_uprobe *)n)->h.size = off;
	*out = off;
	return (struct ev_uprobe *)n;
}

/* Show every held entry as unfinished: another line comes before its end. */
/* Functions that do not return: ltrace says so where their line ends */
static bool no_return(const char *func)
{
	static const char *const names[] = {
		"exit", "_exit", "_Exit", "quick_exit", "abort", "pthread_exit", "longjmp",
		"siglongjmp", "_longjmp", "__longjmp_chk", "__stack_chk_fail", "__assert_fail",
		"__fortify_fail", "err", "errx", "verr", "verrx",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(names[i], func))
			return true;
	return false;
}

static void flush_calls(struct lt_printer *p, const struct pending *except, bool ending);

static void flush_unfinished(struct lt_printer *p, const struct pending *except)
{
	flush_calls(p, except, false);
}

/* ending: the process ends, and with it the calls that never return
 * ("exit(3 <no return ...>", as ltrace when nothing came between) */
static void flush_calls(struct lt_printer *p, const struct pending *except, bool ending)
{
	struct sbuf *b = &p->w->buf;

	for (size_t i = 0; i < p->nth; i++)
		for (int k = 0; k < p->th[i].depth; k++) {
			struct pending *pe = &p->th[i].stack[k];
			struct ev_uprobe *full;
			size_t fsize;

			if (pe->printed || pe == except)
				continue;
			leader(p, b, &pe->e->h, pe->e->depth);
			if ((full = refill(p, pe->e, pe->size, &fsize))) {
				lt_put_call(p, b, full, fsize);
				free(full);
			} else {
				lt_put_call(p, b, pe->e, pe->size);
			}
			sbuf_puts(b, ending && no_return(name_of(p, pe->e->cookie)) ?
				     " <no return ...>\n" : " <unfinished ...>\n");
			pe->printed = true;
		}
}

static void on_entry(struct lt_printer *p, const struct ev_uprobe *e, size_t size)
{
	struct lt_thread *t = thread_of(p, e->h.tid);
	struct pending *pe;

	if (!t)
		return;
	if (t->depth == t->cap) {
		int cap = t->cap ? t->cap * 2 : 8;

		if (!(pe = realloc(t->stack, cap * sizeof(*pe))))
			return;
		t->stack = pe;
		t->cap = cap;
	}
	pe = &t->stack[t->depth];
	if (!(pe->e = malloc(size)))
		return;
	memcpy(pe->e, e, size);
	pe->size = size;
	pe->printed = false;
	t->depth++;
}

/* The return record with the entry's captures added: one record to print
 * the whole call from (strings read at entry, buffers at return). */
static struct ev_uprobe *merge(const struct ev_uprobe *entry, size_t esize,
			       const struct ev_uprobe *ret, size_t rsize, size_t *out)
{
	size_t ecaps = esize - sizeof(*entry), rcaps = rsize - sizeof(*ret);
	struct ev_uprobe *m = malloc(sizeof(*m) + ecaps + rcaps);

	if (!m)
		return NULL;
	/* the return's first: a string the entry could not read (a page
	 * not touched yet) was read again there, and the first capture of
	 * an argument is the one shown */
	*m = *ret;
	memcpy(m + 1, ret + 1, rcaps);
	memcpy((char *)(m + 1) + rcaps, entry + 1, ecaps);
	m->ncaps = entry->ncaps + ret->ncaps;
	*out = sizeof(*m) + ecaps + rcaps;
	m->h.size = *out;
	return m;
}

static void on_return(struct lt_printer *p, const struct ev_uprobe *e, size_t size)
{
	struct lt_thread *t = thread_of(p, e->h.tid);
	struct sbuf *b = &p->w->buf;
	struct pending *pe = NULL;
	size_t start;

	if (t && t->depth && t->stack[t->depth - 1].e->cookie == e->cookie)
		pe = &t->stack[t->depth - 1];
	flush_unfinished(p, pe);
	if (pe && !pe->printed) {
		size_t msize;
		struct ev_uprobe *m = merge(pe->e, pe->size, e, size, &msize);

		if (m) {
			leader(p, b, &pe->e->h, e->depth);
			start = b->len;
			lt_put_call(p, b, m, msize);
			sbuf_putc(b, ')');
			put_result(p, b, start, m, msize);
			free(m);
		}
		put_stack(p, b, e->h.tid, e->h.ts, 1);
	} else {
		struct ev_header h = e->h;

		h.ts += e->dur;		/* the resumption is when it returned */
		leader(p, b, &h, e->depth);
		start = b->len;
		sbuf_printf(b, "<... %s resumed> )", name_of(p, e->cookie));
		put_result(p, b, start, e, size);
		put_stack(p, b, e->h.tid, e->h.ts, 1);
	}
	if (pe) {
		free(pe->e);
		t->depth--;
	}
}

/* -S: "SYS_write(1, "hi\\n", 3) = 3", the arguments decoded as strobe's
 * syscall lines decode them, the result the kernel's number as ltrace
 * shows it (hex for addresses, -errno for failures) */
static void on_syscall(struct lt_printer *p, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d;
	struct lt_thread *t = thread_of(p, e->h.tid);
	struct sbuf *b = &p->w->buf;
	size_t start;

	if (size < sizeof(*e))
		return;
	/* the launched command's own execve: ltrace starts after it */
	if (e->h.pid == (uint32_t)p->child && !p->child_ran) {
		if (e->nr == NR_execve || e->nr == NR_execveat)
			return;
		p->child_ran = true;
	}
	if (!(e = formatter_join(p->f, e, size, &size)))
		return;		/* execve's entry half: until its exit */
	d = syscall_get(e->nr);
	flush_unfinished(p, NULL);
	leader(p, b, &e->h, t ? t->depth : 0);
	start = b->len;
	if (e->flags & EVF_RESUMED) {
		sbuf_printf(b, "<... SYS_%s resumed> ", d ? d->name : "?");
	} else if (!d) {
		sbuf_printf(b, "SYS_%d(", e->nr);
		for (int i = 0; i < 6; i++) {
			if (i)
				sbuf_puts(b, ", ");
			sbuf_hex(b, e->args[i]);
		}
	} else {
		sbuf_puts(b, "SYS_");
		put_call(p->f, b, e, size);
	}
	if (e->flags & EVF_NORETURN) {	/* exit, exit_group */
		sbuf_puts(b, " <no return ...>\n");
		put_stack(p, b, e->h.tid, e->h.ts, 0);
		return;
	}
	if ((e->nr == NR_execve || e->nr == NR_execveat) && !e->ret) {
		/* as ltrace: the old image's call does not return */
		sbuf_puts(b, " <no return ...>\n");
		put_stack(p, b, e->h.tid, e->h.ts, 0);
		leader(p, b, &e->h, 0);
		sbuf_puts(b, "--- Called exec() ---\n");
		return;
	}
	sbuf_putc(b, ')');
	sbuf_pad_to(b, start, RESULT_COL);
	sbuf_puts(b, " = ");
	if (d && d->ret == RK_HEX && (e->ret >= 0 || e->ret < -4095))
		sbuf_printf(b, "0x%llx", (unsigned long long)e->ret);
	else
		sbuf_printf(b, "%lld", (long long)e->ret);
	if (p->o->times)
		sbuf_printf(b, " <%llu.%06llu>", (unsigned long long)(e->dur / 1000000000),
			    (unsigned long long)(e->dur % 1000000000) / 1000);
	sbuf_putc(b, '\n');
	put_stack(p, b, e->h.tid, e->h.ts, 0);
}

static bool exec_stop_signal(const struct lt_printer *p, const struct ev_signal *sg);
static int execed_slot(const struct lt_printer *p, uint32_t pid);

/* -S: a signal delivered, "--- SIGCHLD (Child exited) ---" as ltrace */
static void put_signal(struct lt_printer *p, const struct ev_signal *sg)
{
	struct lt_thread *t = thread_of(p, sg->h.tid);
	struct sbuf *b = &p->w->buf;

	flush_unfinished(p, NULL);
	leader(p, b, &sg->h, t ? t->depth : 0);
	sbuf_puts(b, "--- ");
	decode_signal(b, sg->sig);
	sbuf_printf(b, " (%s) ---\n", strsignal(sg->sig));
}

/* The held SIGCHLD, before any other line of its thread (tid) */
static void release_held(struct lt_printer *p, uint32_t tid)
{
	if (p->holding && (!tid || p->held_chld.h.tid == tid)) {
		p->holding = false;
		put_signal(p, &p->held_chld);
	}
}

static void on_signal(struct lt_printer *p, const struct ev_signal *sg)
{
	int32_t code, from;

	memcpy(&code, sg->info + 8, sizeof(code));
	memcpy(&from, sg->info + 16, sizeof(from));
	if (p->holding && sg->sig == SIGCHLD && sg->h.tid == p->held_chld.h.tid &&
	    (code == CLD_EXITED || code == CLD_KILLED || code == CLD_DUMPED)) {
		int32_t hfrom;

		memcpy(&hfrom, p->held_chld.info + 16, sizeof(hfrom));
		if (hfrom == from)
			p->holding = false;	/* the exit came on its own */
	}
	release_held(p, sg->h.tid);
	if (exec_stop_signal(p, sg)) {
		int i = execed_slot(p, from);

		if (sg->sig == SIGCHLD && i >= 0 && p->execed_gone[i]) {
			p->held_chld = *sg;
			p->holding = true;
		}
		return;
	}
	put_signal(p, sg);
}

static void on_exit_rec(struct lt_printer *p, const struct ev_exit *x)
{
	struct sbuf *b = &p->w->buf;
	int sig = x->code & 0x7f;

	flush_calls(p, NULL, x->group_dead);
	if (x->group_dead && execed_slot(p, x->h.pid) >= 0)
		p->execed_gone[execed_slot(p, x->h.pid)] = true;
	if (x->group_dead && p->us)
		ustacks_forget(p->us, x->h.pid);
	if (!x->group_dead)
		return;
	leader(p, b, &x->h, 0);
	if (sig) {
		sbuf_puts(b, "+++ killed by ");
		decode_signal(b, sig);
		sbuf_puts(b, " +++\n");
	} else {
		sbuf_printf(b, "+++ exited (status %d) +++\n", (x->code >> 8) & 0xff);
	}
}

/* A traced process ran another program: its calls in flight never
 * return ("execvp(...) <no return ...>"), then ltrace's line.  With -S
 * the execve's own line says it (on_syscall). */
static void on_exec(struct lt_printer *p, const struct ev_exec *x)
{
	struct lt_thread *t = thread_of(p, x->old_tid ? x->old_tid : x->h.tid);
	struct sbuf *b = &p->w->buf;

	for (int k = 0; t && k < t->depth; k++) {
		struct pending *pe = &t->stack[k];

		if (!pe->printed) {
			leader(p, b, &pe->e->h, pe->e->depth);
			lt_put_call(p, b, pe->e, pe->size);
			sbuf_puts(b, " <no return ...>\n");
		}
		free(pe->e);
	}
	if (t)
		t->depth = 0;
	flush_unfinished(p, NULL);
	p->execed_gone[p->nexeced % 32] = false;
	p->execed[p->nexeced++ % 32] = x->h.pid;
	if (p->o->syscalls)
		return;
	leader(p, b, &x->h, 0);
	sbuf_puts(b, "--- Called exec() ---\n");
}

static int execed_slot(const struct lt_printer *p, uint32_t pid)
{
	for (unsigned i = 0; i < 32 && i < p->nexeced; i++)
		if (p->execed[i] == pid)
			return i;
	return -1;
}

static bool was_execed(const struct lt_printer *p, uint32_t pid)
{
	return execed_slot(p, pid) >= 0;
}

/* The signals strobe's stop at exec causes (see on_exec) */
static bool exec_stop_signal(const struct lt_printer *p, const struct ev_signal *sg)
{
	int32_t code, from;

	memcpy(&code, sg->info + 8, sizeof(code));
	memcpy(&from, sg->info + 16, sizeof(from));
	switch (sg->sig) {
	case SIGSTOP:	/* bpf_send_signal's: SI_KERNEL */
		return code == SI_KERNEL && was_execed(p, sg->h.pid);
	case SIGCONT:
		return code == SI_USER && from == getpid() && was_execed(p, sg->h.pid);
	case SIGCHLD:	/* when the child has ended since: held (on_signal) */
		return (code == CLD_STOPPED || code == CLD_CONTINUED) && was_execed(p, from);
	}
	return false;
}

void lt_printer_event(struct lt_printer *p, const void *rec, size_t size)
{
	const struct ev_header *h = rec;

	if (size < sizeof(*h) || h->size > size)
		return;
	if (h->lost) {
		flush_unfinished(p, NULL);
		sbuf_printf(&p->w->buf, "strobe: %u events lost here (ring buffer full)\n",
			    h->lost);
	}
	if (h->kind != EV_SIGNAL && h->kind != EV_USTACK && h->kind != EV_MAPS)
		release_held(p, h->tid);
	if (h->kind == EV_UPROBE && size >= sizeof(struct ev_uprobe)) {
		const struct ev_uprobe *e = rec;

		if (e->flags & UPF_ENTRY)
			on_entry(p, e, h->size);
		else if (e->flags & UPF_PAIRED)
			on_return(p, e, h->size);
	} else if (h->kind == EV_EXIT && size >= sizeof(struct ev_exit)) {
		on_exit_rec(p, rec);
	} else if (h->kind == EV_EXEC && size >= sizeof(struct ev_exec)) {
		on_exec(p, rec);
	} else if (h->kind == EV_SYSCALL) {
		on_syscall(p, rec, h->size);
	} else if (h->kind == EV_SIGNAL && size >= sizeof(struct ev_signal)) {
		on_signal(p, rec);
	} else if (h->kind == EV_USTACK && p->us) {
		hold_stack(p, rec, h->size);
	} else if (h->kind == EV_MAPS && p->us && size >= sizeof(struct ev_maps)) {
		ustacks_maps(p->us, rec, h->size);
	}
}

void lt_printer_finish(struct lt_printer *p)
{
	release_held(p, 0);
	flush_unfinished(p, NULL);
	writer_flush(p->w);
}

void lt_printer_free(struct lt_printer *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nth; i++) {
		for (int k = 0; k < p->th[i].depth; k++)
			free(p->th[i].stack[k].e);
		free(p->th[i].stack);
	}
	free(p->th);
	for (int i = 0; i < p->nstacks; i++)
		free(p->stacks[i].rec);
	ustacks_free(p->us);
	free(p);
}
