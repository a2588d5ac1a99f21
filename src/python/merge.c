// SPDX-License-Identifier: GPL-2.0
/*
 * Python frames merged with native ones, as `py-spy --native` shows them:
 * each native _PyEval_EvalFrameDefault is the C call that ran a group of
 * Python frames, and is replaced by them.  Which frames one eval call ran:
 * <= 3.10, one frame each; 3.11, the frames down to one marked is_entry;
 * 3.12+, the frames above a shim frame owned by the C stack.  Groups and
 * eval frames are paired from the innermost out, because a native stack
 * that stops early loses its outer end; Python groups left over (the
 * native unwinding stopped short) go just under the process's root frame,
 * eval frames left over (the walk stopped short) stay as they are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../profile/profile.h"
#include "../../bpf/profile_event.h"

const struct py_frame *py_frames(const struct prof_sample *s, const void *tail, uint32_t *n)
{
	*n = s->py_len / sizeof(struct py_frame);
	return (const void *)((const char *)tail + s->kstack_len + s->ustack_len + s->stack_len);
}

static uint32_t frame_name(struct pyproc *pp, const struct py_frame *f, struct stacks *st)
{
	uint64_t addr = f->code & PY_ADDR_MASK;
	const struct pycode *c = pycode_get(pp, addr, f->sig, false);
	char buf[512];
	int64_t lasti;
	int line;

	if (!c || !c->name) {
		/* gone before it was read, or a frame read as it changed */
		return stacks_intern(st, "[unknown python code]", FK_USER);
	}
	if (pp->l->code_adaptive >= 0)	/* an instruction pointer, in 2-byte units */
		lasti = ((int64_t)f->instr - (int64_t)(addr + pp->l->code_adaptive)) / 2;
	else
		lasti = (int32_t)f->instr;
	line = c->lt ? py_line(pp->l, c->lt, c->ltlen, c->firstlineno, lasti) : -1;
	if (line > 0)
		snprintf(buf, sizeof(buf), "%s (%s:%d)", c->name, c->file, line);
	else
		snprintf(buf, sizeof(buf), "%s (%s)", c->name, c->file);
	return stacks_intern(st, buf, FK_USER);
}

struct group {
	uint32_t first, n;	/* in names[], outermost first */
};

void pyinfo_merge(struct pyinfo *pi, const struct prof_sample *s, const void *tail,
		  struct stacks *st, uint32_t **frames, uint32_t *n, uint32_t *cap,
		  uint32_t start)
{
	struct pyproc *pp;
	const struct py_frame *f = py_frames(s, tail, &(uint32_t){ 0 });
	uint32_t nf = s->py_len / sizeof(*f), ng = 0, nn = 0, ne = 0, eval, out = 0;
	uint32_t names[PY_MAX_FRAMES], evals[PROF_MAX_FRAMES * 2 + 8], *merged;
	struct group g[PY_MAX_FRAMES];
	bool open = false;

	if (!nf || *n <= start)
		return;
	pp = pyinfo_proc_at(pi, s->pid, s->ts);
	if (!pp || pp->state != PP_PYTHON)
		return;
	if (nf > PY_MAX_FRAMES)
		nf = PY_MAX_FRAMES;
	/* groups, innermost first; frames in each innermost first for now */
	for (uint32_t i = 0; i < nf; i++) {
		uint8_t flag = f[i].code >> PY_FLAG_SHIFT;

		if (pp->l->kind == PYK_SHIM && flag == 3) {
			open = false;
			continue;
		}
		if (!open) {
			g[ng++] = (struct group){ nn, 0 };
			open = true;
		}
		names[nn++] = frame_name(pp, &f[i], st);
		g[ng - 1].n++;
		if (pp->l->kind == PYK_FRAMEOBJ || (pp->l->kind == PYK_IS_ENTRY && flag))
			open = false;
	}
	for (uint32_t i = 0; i < ng; i++) {	/* each group outermost first */
		for (uint32_t a = g[i].first, b = a + g[i].n - 1; a < b; a++, b--) {
			uint32_t t = names[a];

			names[a] = names[b];
			names[b] = t;
		}
	}
	eval = stacks_intern(st, "_PyEval_EvalFrameDefault", FK_USER);
	for (uint32_t i = start + 1; i < *n && ne < sizeof(evals) / sizeof(evals[0]); i++)
		if ((*frames)[i] == eval)
			evals[ne++] = i;
	merged = malloc((*n + nn) * sizeof(*merged));
	if (!merged)
		return;
	merged[out++] = (*frames)[start];
	/* groups with no eval frame to replace: outermost, under the root */
	for (uint32_t k = ng; k-- > ne;)
		for (uint32_t j = 0; j < g[k].n; j++)
			merged[out++] = names[g[k].first + j];
	for (uint32_t i = start + 1, e = 0; i < *n; i++) {
		uint32_t k;

		if (e < ne && evals[e] == i) {
			/* the e-th eval from the outside pairs with group k from
			 * the inside */
			k = ne - 1 - e;
			e++;
			if (k < ng) {
				for (uint32_t j = 0; j < g[k].n; j++)
					merged[out++] = names[g[k].first + j];
				continue;
			}
		}
		merged[out++] = (*frames)[i];
	}
	if (start + out > *cap) {
		uint32_t *nb = realloc(*frames, (start + out) * sizeof(*nb));

		if (!nb) {
			free(merged);
			return;
		}
		*frames = nb;
		*cap = start + out;
	}
	memcpy(*frames + start, merged, out * sizeof(*merged));
	*n = start + out;
	free(merged);
}
