// SPDX-License-Identifier: GPL-2.0
/*
 * From a sample to frame names.  Each process (each exec image of it) gets
 * its mappings read while it lives, and later a libdwfl session built from
 * them: libdwfl unwinds the copied user stack with the binaries' CFI
 * (.eh_frame / .debug_frame, or frame pointers where a module has none)
 * and finds symbols, separate debug info (build-id, debuglink) and inlined
 * functions.  Symbol lookups are cached per binary (build id) and address,
 * so many processes of one program pay once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "../stack/stack.h"
#include "../../bpf/profile_event.h"

struct proc {
	pid_t pid;
	char comm[16];
	struct uimage *im;	/* its mappings as read, and libdwfl */
	struct proc *next;	/* same pid, older image */
	uint64_t read_ts;	/* when the maps were read (sample clock) */
	uint64_t first_ts;	/* the image's first sample */
};

struct sym_entry {
	uint64_t key_hash;	/* build id */
	uint64_t rel;		/* address relative to the module */
	uint32_t first, n;	/* frames in procs.pool, root first */
	bool used;
};

/* What an address of one process image became: the first cache, asked
 * before libdwfl is (a profile names the same few thousand addresses
 * again and again). */
struct pc_entry {
	const struct proc *p;
	uint64_t pc;
	uint32_t first, n;	/* frames in procs.pool */
	bool root;
};

struct procs {
	struct proc **slot;	/* by pid, open addressing; chains by image */
	size_t nslots, used;
	struct ksyms *ks;
	bool ks_tried;
	struct sym_entry *cache;
	size_t ncache, cache_used;
	struct pc_entry *pcs;	/* open addressing by (image, pc) */
	size_t npcs, pcs_used;
	uint64_t frames, lookups;	/* user frames named, and looked up */
	uint32_t *pool;
	size_t npool, cap_pool;
};

struct procs *procs_new(void)
{
	struct procs *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->nslots = 1024;
	p->slot = calloc(p->nslots, sizeof(*p->slot));
	p->ncache = 1 << 14;
	p->cache = calloc(p->ncache, sizeof(*p->cache));
	p->npcs = 1 << 14;
	p->pcs = calloc(p->npcs, sizeof(*p->pcs));
	if (!p->slot || !p->cache || !p->pcs) {
		procs_free(p);
		return NULL;
	}
	return p;
}

static struct proc **find_slot(struct procs *ps, pid_t pid)
{
	size_t j = ((uint32_t)pid * 2654435761u) & (ps->nslots - 1);

	while (ps->slot[j] && ps->slot[j]->pid != pid)
		j = (j + 1) & (ps->nslots - 1);
	return &ps->slot[j];
}

static int grow(struct procs *ps)
{
	struct proc **old = ps->slot;
	size_t n = ps->nslots;

	ps->slot = calloc(n * 2, sizeof(*ps->slot));
	if (!ps->slot) {
		ps->slot = old;
		return -1;
	}
	ps->nslots = n * 2;
	for (size_t i = 0; i < n; i++)
		if (old[i])
			*find_slot(ps, old[i]->pid) = old[i];
	free(old);
	return 0;
}

/* The process image a sample belongs to, reading its mappings when it is
 * new, has exec'd (its name changed), or runs code not seen mapped (a
 * dlopen; at most every 100 ms, as a JIT's code is never in the maps). */
struct proc *procs_note(struct procs *ps, const struct prof_sample *s)
{
	struct proc **sl = find_slot(ps, s->pid), *p = *sl, *np;
	char *maps;

	if (p && !strncmp(p->comm, s->comm, sizeof(p->comm)) &&
	    (s->ts - p->read_ts < 100000000ull ||
	     (p->im && (!s->user || uimage_knows(p->im, s->regs[PR_RIP])) &&
	      s->ts - p->first_ts > 1000000000ull)))
		return p;
	/* new, exec'd, running code not seen mapped, or young (the loader is
	 * still mapping its libraries): read the maps, keep them if changed */
	maps = uimage_read_maps_of(s->pid, s->tid);
	if (p && !strncmp(p->comm, s->comm, sizeof(p->comm)) &&
	    (!maps || (p->im && !strcmp(maps, uimage_maps(p->im))))) {
		p->read_ts = s->ts;
		free(maps);
		return p;
	}
	if (ps->used * 2 >= ps->nslots) {
		if (grow(ps)) {
			free(maps);
			return p;
		}
		sl = find_slot(ps, s->pid);
	}
	np = calloc(1, sizeof(*np));
	if (!np) {
		free(maps);
		return p;
	}
	np->pid = s->pid;
	np->read_ts = s->ts;
	np->first_ts = p && !strncmp(p->comm, s->comm, sizeof(p->comm)) ? p->first_ts : s->ts;
	memcpy(np->comm, s->comm, sizeof(np->comm));
	if (maps) {
		np->im = uimage_new(s->pid, maps);
		if (np->im)
			uimage_read_jit(np->im);
	}
	np->next = p;
	if (!p)
		ps->used++;
	*sl = np;
	return np;
}

struct proc *procs_find(struct procs *ps, uint32_t pid, const char *comm)
{
	struct proc *p = *find_slot(ps, pid);

	for (; p; p = p->next)
		if (!strncmp(p->comm, comm, sizeof(p->comm)))
			return p;
	return NULL;
}

/* ---- symbols ---- */

static const char *const roots[] = {
	"_start", "__libc_start_main", "__libc_start_call_main", "start_thread",
	"clone", "clone3", "__clone", "__clone3", "__GI___clone3", "__GI___clone",
	"_dl_start_user", "_dl_start",
};

static bool is_root(const char *name)
{
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
		if (!strcmp(name, roots[i]))
			return true;
	return false;
}

static void pool_push(struct procs *ps, uint32_t id)
{
	if (ps->npool == ps->cap_pool) {
		ps->cap_pool = ps->cap_pool ? ps->cap_pool * 2 : 4096;
		ps->pool = realloc(ps->pool, ps->cap_pool * sizeof(*ps->pool));
		if (!ps->pool)
			abort();
	}
	ps->pool[ps->npool++] = id;
}

/* Frames for one user address (its function, and the functions inlined at
 * it, outermost first) into the pool; returns the first index. */
static uint32_t symbolize_slow(struct procs *ps, struct proc *p, uint64_t pc,
			       struct stacks *st, uint32_t *n, bool *root)
{
	struct sym_entry *e = NULL;
	const char *jit, *inl[16];
	char name[300];
	struct usym us;
	uint32_t first;
	int ni;

	*root = false;
	uimage_symbol(p->im, pc, USYM_FDE, &us);
	if (us.build_id_hash) {
		size_t j = (us.build_id_hash ^ us.mod_rel * 0x9e3779b97f4a7c15ull) & (ps->ncache - 1);

		for (size_t k = 0; k < 8; k++, j = (j + 1) & (ps->ncache - 1)) {
			e = &ps->cache[j];
			if (!e->used)
				break;
			if (e->key_hash == us.build_id_hash && e->rel == us.mod_rel) {
				*n = e->n;
				if (e->n)
					*root = is_root(st->names[ps->pool[e->first]]);
				return e->first;
			}
			e = NULL;
		}
	}
	first = ps->npool;
	jit = !us.module ? uimage_jit_symbol(p->im, pc) : NULL;
	if (jit)
		snprintf(name, sizeof(name), "%s", jit);
	else
		usym_function(&us, name, sizeof(name));
	*root = is_root(name);
	pool_push(ps, stacks_intern(st, name, FK_USER));
	ni = us.module ? uimage_inlines(p->im, pc, inl, 16) : 0;
	for (int i = 0; i < ni; i++)
		pool_push(ps, stacks_intern(st, inl[i], FK_INLINE));
	*n = ps->npool - first;
	if (e && !e->used)
		*e = (struct sym_entry){ .key_hash = us.build_id_hash, .rel = us.mod_rel,
					 .first = first, .n = *n, .used = true };
	return first;
}

static size_t pc_hash(const struct proc *p, uint64_t pc, size_t mask)
{
	return ((uintptr_t)p * 0x9e3779b97f4a7c15ull ^ pc * 0xc2b2ae3d27d4eb4full) >> 17 & mask;
}

static int pcs_grow(struct procs *ps)
{
	struct pc_entry *old = ps->pcs;
	size_t n = ps->npcs;

	ps->pcs = calloc(n * 2, sizeof(*ps->pcs));
	if (!ps->pcs) {
		ps->pcs = old;
		return -1;
	}
	ps->npcs = n * 2;
	for (size_t i = 0; i < n; i++) {
		if (!old[i].p)
			continue;
		size_t j = pc_hash(old[i].p, old[i].pc, ps->npcs - 1);

		while (ps->pcs[j].p)
			j = (j + 1) & (ps->npcs - 1);
		ps->pcs[j] = old[i];
	}
	free(old);
	return 0;
}

static uint32_t symbolize_user(struct procs *ps, struct proc *p, uint64_t pc,
			       struct stacks *st, uint32_t *n, bool *root)
{
	size_t j = pc_hash(p, pc, ps->npcs - 1);
	uint32_t first;

	ps->frames++;
	while (ps->pcs[j].p) {
		if (ps->pcs[j].p == p && ps->pcs[j].pc == pc) {
			*n = ps->pcs[j].n;
			*root = ps->pcs[j].root;
			return ps->pcs[j].first;
		}
		j = (j + 1) & (ps->npcs - 1);
	}
	first = symbolize_slow(ps, p, pc, st, n, root);
	ps->lookups++;
	if (ps->pcs_used * 2 >= ps->npcs && pcs_grow(ps))
		return first;	/* not cached: still right */
	j = pc_hash(p, pc, ps->npcs - 1);
	while (ps->pcs[j].p)
		j = (j + 1) & (ps->npcs - 1);
	ps->pcs[j] = (struct pc_entry){ p, pc, first, *n, *root };
	ps->pcs_used++;
	return first;
}

/* ---- unwinding ---- */

static void push_out(uint32_t **out, uint32_t *n, uint32_t *cap, uint32_t id)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		*out = realloc(*out, *cap * sizeof(**out));
		if (!*out)
			abort();
	}
	(*out)[(*n)++] = id;
}

/* Kernel frames that are the sampling or tracing machinery, not the work */
static bool kernel_noise(const char *name)
{
	return !strncmp(name, "bpf_", 4) || !strncmp(name, "__bpf_", 6) ||
	       !strncmp(name, "__traceiter_", 12) || !strncmp(name, "perf_trace_", 11);
}

void procs_counts(const struct procs *ps, uint64_t *frames, uint64_t *lookups)
{
	*frames = ps->frames;
	*lookups = ps->lookups;
}

void procs_load_ksyms(struct procs *ps)
{
	if (!ps->ks_tried) {
		ps->ks = ksyms_load();
		ps->ks_tried = true;
	}
}

int procs_unwind(struct procs *ps, struct proc *p, const struct prof_sample *s,
		 const void *tail,
		 enum prof_unwind mode, struct stacks *st, uint32_t **out,
		 uint32_t *n, uint32_t *cap, bool *full)
{
	const uint64_t *kips = tail, *fp = (const uint64_t *)((const char *)tail + s->kstack_len);
	uint32_t nk = s->kstack_len / 8, nfp = s->ustack_len / 8;
	uint64_t dw[PROF_MAX_FRAMES * 2], *upcs = NULL;
	bool act[PROF_MAX_FRAMES * 2];
	uint32_t nu = 0, start = *n;
	bool dwarf_done = false;
	int nw = 0;

	*full = false;
	/* root frame: the process's name */
	push_out(out, n, cap, stacks_intern(st, s->comm[0] ? s->comm : "[unknown]", FK_ROOT));
	/* user registers that point at no mapping: a sample inside execve,
	 * before the new image has any; its kernel frames say enough */
	if (s->user && p && p->im &&
	    (uimage_knows(p->im, s->regs[PR_RIP]) || uimage_has_jit(p->im))) {
		if (mode != PU_FP && s->stack_len) {
			nw = uimage_unwind(p->im, s->tid, (const uint64_t *)s->regs,
					   (const uint8_t *)tail + s->kstack_len + s->ustack_len,
					   s->stack_len, dw, act, PROF_MAX_FRAMES * 2, &dwarf_done);
			if (nw < 0)
				nw = 0;
			/* a return address points after the call: look up the
			 * call itself */
			for (int i = 0; i < nw; i++)
				if (!act[i])
					dw[i]--;
		}
		if (mode == PU_DWARF || (mode == PU_AUTO && (dwarf_done || (uint32_t)nw >= nfp))) {
			upcs = dw;
			nu = nw;
		} else {
			/* frame pointers: bpf_get_stack gives return addresses */
			for (uint32_t i = 0; i < nfp && i < PROF_MAX_FRAMES * 2; i++)
				dw[i] = i ? fp[i] - 1 : fp[i];
			upcs = dw;
			nu = nfp;
		}
		if (!nu && !nw) {
			dw[0] = s->regs[PR_RIP];
			nu = 1;
		}
		/* outermost first */
		for (uint32_t i = nu; i-- > 0;) {
			uint32_t cnt, f;
			bool root;

			f = symbolize_user(ps, p, upcs[i], st, &cnt, &root);
			if (i == nu - 1 && root)
				*full = true;
			for (uint32_t k = 0; k < cnt; k++)
				push_out(out, n, cap, ps->pool[f + k]);
		}
		if (dwarf_done && upcs == dw && mode != PU_FP)
			*full = true;
	}
	if (nk) {
		procs_load_ksyms(ps);
		uint32_t first = 0;

		/* skip the BPF and tracepoint frames at the top of the stack */
		while (first < nk) {
			const char *nm = ksyms_find(ps->ks, kips[first]);

			if (!nm || !kernel_noise(nm))
				break;
			first++;
		}
		for (uint32_t i = nk; i-- > first;) {
			const char *nm = ksyms_find(ps->ks, i == first ? kips[i] : kips[i] - 1);

			push_out(out, n, cap, stacks_intern(st, nm ? nm : "[unknown]", FK_KERNEL));
		}
	}
	/* nothing known but the process: say so, rather than leave the time
	 * to the root, which the tables leave out */
	if (*n - start == 1)
		push_out(out, n, cap, stacks_intern(st, "[unknown]", FK_USER));
	return *n - start;
}

void procs_free(struct procs *ps)
{
	if (!ps)
		return;
	for (size_t i = 0; ps->slot && i < ps->nslots; i++) {
		struct proc *p = ps->slot[i];

		while (p) {
			struct proc *next = p->next;

			uimage_free(p->im);
			free(p);
			p = next;
		}
	}
	ksyms_free(ps->ks);
	free(ps->slot);
	free(ps->cache);
	free(ps->pcs);
	free(ps->pool);
	free(ps);
}
