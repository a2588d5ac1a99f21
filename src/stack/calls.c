// SPDX-License-Identifier: GPL-2.0
/*
 * -k: the user stack of each call, printed under it as strace -k prints
 * it.  The kernel side sends each traced process's mappings (struct
 * ev_maps) before its first stack and again when they change; they become
 * an image here, in /proc/PID/maps form, so that a process long gone (or
 * one in a recording) still symbolises.
 *
 * Symbols come, as strace 6.1 takes them, from the mapped files alone
 * (.symtab, else .dynsym: a stripped library's static functions show as
 * the exported symbol before them); -kk adds source lines, and for those
 * reads separate debug info too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stack.h"
#include "internal.h"
#include "../../bpf/event.h"

#define MAX_FRAMES 256

struct uproc {
	pid_t pid;
	struct uimage *im;
};

struct ustacks {
	struct uproc *v;
	size_t n, cap;
	uint64_t unmapped;	/* stacks of processes whose mappings never came */
	uint64_t cut;		/* stacks deeper than the copy */
	bool source;
	bool live;		/* the processes are running: /proc may tell */
};

struct ustacks *ustacks_new(bool source, bool live)
{
	struct ustacks *u = calloc(1, sizeof(*u));

	if (u) {
		u->source = source;
		u->live = live;
	}
	return u;
}

void ustacks_free(struct ustacks *u)
{
	if (!u)
		return;
	for (size_t i = 0; i < u->n; i++)
		uimage_free(u->v[i].im);
	free(u->v);
	free(u);
}

static struct uproc *find(struct ustacks *u, pid_t pid)
{
	for (size_t i = u->n; i-- > 0;)
		if (u->v[i].pid == pid)
			return &u->v[i];
	return NULL;
}

void ustacks_forget(struct ustacks *u, pid_t pid)
{
	struct uproc *p = find(u, pid);

	if (!p)
		return;
	uimage_free(p->im);
	*p = u->v[--u->n];
}

/* The components come from the file up: "libc.so.6\0x86_64-linux-gnu\0lib\0usr\0". */
static void put_path(struct sbuf *b, const char *c, size_t len)
{
	const char *part[64];
	int n = 0;

	for (size_t at = 0; at < len && n < 64;) {
		size_t l = strnlen(c + at, len - at);

		if (!l)
			break;
		part[n++] = c + at;
		at += l + 1;
	}
	if (!n)
		sbuf_putc(b, '/');
	while (n-- > 0) {
		sbuf_putc(b, '/');
		sbuf_mem(b, part[n], strnlen(part[n], len - (part[n] - c)));
	}
}

static struct uproc *add(struct ustacks *u, pid_t pid, struct uimage *im)
{
	if (u->n == u->cap) {
		size_t cap = u->cap ? u->cap * 2 : 16;
		struct uproc *nv = realloc(u->v, cap * sizeof(*nv));

		if (!nv) {
			uimage_free(im);
			return NULL;
		}
		u->v = nv;
		u->cap = cap;
	}
	u->v[u->n] = (struct uproc){ pid, im };
	return &u->v[u->n++];
}

void ustacks_maps(struct ustacks *u, const struct ev_maps *m, size_t size)
{
	const uint8_t *p = (const uint8_t *)(m + 1), *end = (const uint8_t *)m + size;
	struct sbuf b;
	struct uproc *up;
	struct uimage *im;

	if (size < sizeof(*m))
		return;
	sbuf_init(&b, 4096);
	for (uint32_t i = 0; i < m->n && p + sizeof(struct ev_vma) <= end; i++) {
		const struct ev_vma *v = (const void *)p;
		size_t step = (sizeof(*v) + v->len + 7) & ~7ul;

		if (p + sizeof(*v) + v->len > end)
			break;
		sbuf_printf(&b, "%llx-%llx %c%c%c%c %08llx %02x:%02x %llu ",
			    (unsigned long long)v->start, (unsigned long long)v->end,
			    v->flags & VMA_READ ? 'r' : '-', v->flags & VMA_WRITE ? 'w' : '-',
			    v->flags & VMA_EXEC ? 'x' : '-', v->flags & VMA_SHARED ? 's' : 'p',
			    (unsigned long long)v->pgoff, v->dev >> 20, v->dev & 0xfffff,
			    (unsigned long long)v->ino);
		if (v->flags & VMA_VDSO)
			sbuf_puts(&b, "[vdso]");
		else
			put_path(&b, (const char *)(v + 1), v->len);
		sbuf_putc(&b, '\n');
		p += step;
	}
	sbuf_putc(&b, 0);
	im = uimage_new(m->h.pid, b.p);	/* takes the text */
	if (!im)
		return;
	im->main_only = !u->source;
	up = find(u, m->h.pid);
	if (up) {
		uimage_free(up->im);
		up->im = im;
		return;
	}
	add(u, m->h.pid, im);
}

static void put_frame(struct sbuf *b, struct uimage *im, uint64_t pc, bool act, bool source)
{
	struct usym s;

	if (!uimage_symbol(im, pc, USYM_NEAREST | (act ? 0 : USYM_RETURN), &s) || !s.path) {
		sbuf_printf(b, " > [unknown] [0x%llx]\n", (unsigned long long)pc);
		return;
	}
	sbuf_printf(b, " > %s(", s.path);
	if (s.name)
		sbuf_printf(b, "%s+0x%llx", s.name, (unsigned long long)s.name_off);
	sbuf_printf(b, ") [0x%llx]", (unsigned long long)s.map_off);
	/* a return address is after the call: its line is the call's */
	if (source && uimage_symbol(im, act ? pc : pc - 1, USYM_SOURCE, &s) && s.src)
		sbuf_printf(b, " %s:%d", s.src, s.line);
	sbuf_putc(b, '\n');
}

/* The image of the stack's process: the kernel's mappings, else (live)
 * /proc's; NULL when neither. */
static struct uproc *image_of(struct ustacks *u, const struct ev_ustack *e)
{
	struct uproc *p = find(u, e->h.pid);

	if (!p && u->live) {
		/* the kernel could not walk the mappings where the stack was
		 * taken (a signal's delivery runs with interrupts off); the
		 * process is most likely still there */
		struct uimage *im = uimage_new(e->h.pid, uimage_read_maps(e->h.pid));

		if (im && im->nmap) {
			im->main_only = !u->source;
			p = add(u, e->h.pid, im);
		} else {
			uimage_free(im);
		}
	}
	return p;
}

/* The frames of a stack event into pcs/act: their number (at least the
 * interrupted address), 0 for a malformed event, -1 when the process's
 * mappings are unknown (counted; *ip says where it was). */
static int unwind(struct ustacks *u, const struct ev_ustack *e, size_t size,
		  struct uproc **pp, uint64_t *pcs, bool *act)
{
	bool complete;
	int n = -1;

	if (size < sizeof(*e) || sizeof(*e) + e->stack_len > size)
		return 0;
	if (!(*pp = image_of(u, e))) {
		u->unmapped++;
		return -1;
	}
	if (e->stack_len) {
		n = uimage_unwind((*pp)->im, e->h.tid, (const uint64_t *)e->regs, e + 1,
				  e->stack_len, pcs, act, MAX_FRAMES, &complete);
		if (n > 0 && n < MAX_FRAMES && uimage_last_cut((*pp)->im))
			u->cut++;
	}
	if (n <= 0) {
		pcs[0] = e->regs[UREG_IP];
		act[0] = true;
		n = 1;
	}
	return n;
}

void ustacks_print(struct ustacks *u, struct sbuf *b, const struct ev_ustack *e,
		   size_t size, bool source)
{
	struct uproc *p;
	uint64_t pcs[MAX_FRAMES];
	bool act[MAX_FRAMES];
	int n = unwind(u, e, size, &p, pcs, act);

	if (n < 0)
		sbuf_printf(b, " > [mappings unknown] [0x%llx]\n",
			    (unsigned long long)e->regs[UREG_IP]);
	for (int i = 0; i < n; i++)
		put_frame(b, p->im, pcs[i], act[i], source);
}

/* ltrace -w's form: unresolved frames as ltrace's libunwind build prints them */
void ustacks_print_ltrace(struct ustacks *u, struct sbuf *b, const struct ev_ustack *e,
			  size_t size, int skip, int max)
{
	struct uproc *p;
	uint64_t pcs[MAX_FRAMES];
	bool act[MAX_FRAMES];
	int n = unwind(u, e, size, &p, pcs, act);

	if (n < 0)
		sbuf_printf(b, " > unmapped_area(??\?) [0x%llx]\n",
			    (unsigned long long)e->regs[UREG_IP]);
	for (int i = skip < n ? skip : 0; i < n && max > 0; i++, max--) {
		struct usym s;

		if (!uimage_symbol(p->im, pcs[i], USYM_NEAREST | (act[i] ? 0 : USYM_RETURN), &s) ||
		    !s.path) {
			sbuf_printf(b, " > unmapped_area(??\?) [0x%llx]\n",
				    (unsigned long long)pcs[i]);
			continue;
		}
		sbuf_printf(b, " > %s(", s.path);
		if (s.name)
			sbuf_printf(b, "%s+0x%llx", s.name, (unsigned long long)s.name_off);
		else
			sbuf_puts(b, "??\?");
		sbuf_printf(b, ") [0x%llx]\n", (unsigned long long)pcs[i]);
	}
}

uint64_t ustacks_unmapped(const struct ustacks *u)
{
	return u->unmapped;
}

uint64_t ustacks_cut(const struct ustacks *u)
{
	return u->cut;
}
