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
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <sys/auxv.h>

#include "profile.h"
#include "../../bpf/profile_event.h"

struct range {
	uint64_t lo, hi;
};

struct jit_sym {
	uint64_t lo, hi;
	char *name;
};

struct proc {
	pid_t pid;
	char comm[16];
	char *maps;		/* /proc/PID/maps as read */
	struct range *r;	/* its executable ranges, for "is ip known" */
	size_t nr;
	struct jit_sym *jit;	/* /tmp/perf-PID.map */
	size_t njit;
	Dwfl *dwfl;
	bool dwfl_failed;
	/* the sample being unwound, for the callbacks */
	const struct prof_sample *cur;
	const uint8_t *stack;
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

struct procs {
	struct proc **slot;	/* by pid, open addressing; chains by image */
	size_t nslots, used;
	struct ksyms *ks;
	bool ks_tried;
	struct sym_entry *cache;
	size_t ncache, cache_used;
	uint32_t *pool;
	size_t npool, cap_pool;
};

static char *read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 16384, n = 0;
	char *buf;
	ssize_t r;

	if (fd < 0)
		return NULL;
	buf = malloc(cap + 1);
	while (buf && (r = read(fd, buf + n, cap - n)) > 0) {
		n += r;
		if (n == cap) {
			char *b = realloc(buf, cap * 2 + 1);

			if (!b) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = b;
			cap *= 2;
		}
	}
	close(fd);
	if (buf)
		buf[n] = 0;
	*len = n;
	return buf;
}

static void parse_ranges(struct proc *p)
{
	size_t cap = 0;

	for (char *line = p->maps; line && *line;) {
		char *nl = strchr(line, '\n'), perms[8];
		unsigned long long lo, hi;

		if (sscanf(line, "%llx-%llx %7s", &lo, &hi, perms) == 3 && perms[2] == 'x') {
			if (p->nr == cap) {
				struct range *r = realloc(p->r, (cap ? cap * 2 : 64) * sizeof(*r));

				if (!r)
					return;
				p->r = r;
				cap = cap ? cap * 2 : 64;
			}
			p->r[p->nr++] = (struct range){ lo, hi };
		}
		line = nl ? nl + 1 : NULL;
	}
}

static bool knows_ip(const struct proc *p, uint64_t ip)
{
	for (size_t i = 0; i < p->nr; i++)
		if (ip >= p->r[i].lo && ip < p->r[i].hi)
			return true;
	return false;
}

static void read_jit(struct proc *p)
{
	char path[64];
	size_t len, cap = 0;
	char *text;

	snprintf(path, sizeof(path), "/tmp/perf-%d.map", p->pid);
	text = read_file(path, &len);
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n'), *name;
		unsigned long long lo, size;
		int at;

		if (nl)
			*nl = 0;
		if (sscanf(line, "%llx %llx %n", &lo, &size, &at) == 2 && line[at]) {
			name = line + at;
			if (p->njit == cap) {
				struct jit_sym *j = realloc(p->jit, (cap ? cap * 2 : 64) * sizeof(*j));

				if (!j)
					break;
				p->jit = j;
				cap = cap ? cap * 2 : 64;
			}
			p->jit[p->njit++] = (struct jit_sym){ lo, lo + size, strdup(name) };
		}
		line = nl ? nl + 1 : NULL;
	}
	free(text);
}

struct procs *procs_new(void)
{
	struct procs *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->nslots = 1024;
	p->slot = calloc(p->nslots, sizeof(*p->slot));
	p->ncache = 1 << 14;
	p->cache = calloc(p->ncache, sizeof(*p->cache));
	if (!p->slot || !p->cache) {
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
	char path[64], *maps;
	size_t len;

	if (p && !strncmp(p->comm, s->comm, sizeof(p->comm)) &&
	    (s->ts - p->read_ts < 100000000ull ||
	     (p->maps && (!s->user || knows_ip(p, s->regs[PR_RIP])) &&
	      s->ts - p->first_ts > 1000000000ull)))
		return p;
	/* new, exec'd, running code not seen mapped, or young (the loader is
	 * still mapping its libraries): read the maps, keep them if changed */
	snprintf(path, sizeof(path), "/proc/%d/maps", s->pid);
	maps = read_file(path, &len);
	if (p && !strncmp(p->comm, s->comm, sizeof(p->comm)) &&
	    (!maps || (p->maps && !strcmp(maps, p->maps)))) {
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
	np->maps = maps;
	parse_ranges(np);
	read_jit(np);
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

/* ---- libdwfl callbacks: the thread is the sample being unwound ---- */

static pid_t cb_next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	struct proc *p = arg;

	if (*thread_argp)
		return 0;
	*thread_argp = p;
	return p->cur->tid;
}

static bool cb_get_thread(Dwfl *dwfl, pid_t tid, void *arg, void **thread_argp)
{
	*thread_argp = arg;
	return true;
}

static bool cb_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct proc *p = arg;
	uint64_t sp = p->cur->regs[PR_RSP];

	if (addr < sp || addr + 8 > sp + p->cur->stack_len || addr + 8 < addr)
		return false;
	memcpy(result, p->stack + (addr - sp), sizeof(*result));
	return true;
}

static bool cb_set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	struct proc *p = arg;
	Dwarf_Word regs[PR_RIP];

	for (int i = 0; i < PR_RIP; i++)
		regs[i] = p->cur->regs[i];
	if (!dwfl_thread_state_registers(thread, 0, PR_RIP, regs))
		return false;
	dwfl_thread_state_register_pc(thread, p->cur->regs[PR_RIP]);
	return true;
}

static const Dwfl_Thread_Callbacks thread_cbs = {
	.next_thread = cb_next_thread,
	.get_thread = cb_get_thread,
	.memory_read = cb_memory_read,
	.set_initial_registers = cb_set_initial_registers,
};

/*
 * The vDSO is not a file, and libdwfl would read it from the process's
 * memory, which is gone when the process is.  Every process of this kernel
 * maps the same image: use strobe's own.
 */
static int find_elf(Dwfl_Module *mod, void **userdata, const char *module_name,
		    Dwarf_Addr base, char **file_name, Elf **elfp)
{
	static void *image;
	static size_t image_len;

	if (strncmp(module_name, "[vdso", 5))
		return dwfl_linux_proc_find_elf(mod, userdata, module_name, base, file_name,
						elfp);
	if (!image) {
		size_t len;
		char *maps = read_file("/proc/self/maps", &len);
		uint64_t at = getauxval(AT_SYSINFO_EHDR);

		for (char *l = maps; l && *l;) {
			unsigned long long lo, hi;

			if (sscanf(l, "%llx-%llx", &lo, &hi) == 2 && lo == at && strstr(l, "[vdso]")) {
				image = malloc(hi - lo);
				if (image) {
					memcpy(image, (void *)(uintptr_t)lo, hi - lo);
					image_len = hi - lo;
				}
				break;
			}
			l = strchr(l, '\n');
			l = l ? l + 1 : NULL;
		}
		free(maps);
	}
	*file_name = NULL;
	elf_version(EV_CURRENT);
	*elfp = image ? elf_memory(image, image_len) : NULL;
	return -1;
}

static char *debuginfo_path;
static const Dwfl_Callbacks proc_cbs = {
	.find_elf = find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

static Dwfl *proc_dwfl(struct proc *p)
{
	FILE *f;

	if (p->dwfl || p->dwfl_failed)
		return p->dwfl;
	p->dwfl_failed = true;
	if (!p->maps)
		return NULL;
	p->dwfl = dwfl_begin(&proc_cbs);
	if (!p->dwfl)
		return NULL;
	f = fmemopen(p->maps, strlen(p->maps), "r");
	dwfl_report_begin(p->dwfl);
	if (!f || dwfl_linux_proc_maps_report(p->dwfl, f)) {
		if (f)
			fclose(f);
		dwfl_end(p->dwfl);
		p->dwfl = NULL;
		return NULL;
	}
	fclose(f);
	/* the maps report leaves the vDSO out: it has no file */
	for (const char *l = p->maps; l && *l;) {
		unsigned long long lo, hi;
		const char *nl = strchr(l, '\n');

		if (sscanf(l, "%llx-%llx", &lo, &hi) == 2 && strstr(l, "[vdso]") &&
		    (!nl || strstr(l, "[vdso]") < nl)) {
			dwfl_report_module(p->dwfl, "[vdso]", lo, hi);
			break;
		}
		l = nl ? nl + 1 : NULL;
	}
	dwfl_report_end(p->dwfl, NULL, NULL);
	if (!dwfl_attach_state(p->dwfl, NULL, p->pid, &thread_cbs, p)) {
		/* symbols still work without unwinding */
	}
	p->dwfl_failed = false;
	return p->dwfl;
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

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die origin;
	const char *name = dwarf_diename(die);

	if (name)
		return name;
	if (dwarf_attr_integrate(die, DW_AT_abstract_origin, &a) &&
	    dwarf_formref_die(&a, &origin))
		return dwarf_diename(&origin);
	return NULL;
}

/* Frames for one user address (its function, and the functions inlined at
 * it, outermost first) into the pool; returns the first index. */
static uint32_t symbolize_user(struct procs *ps, struct proc *p, uint64_t pc,
			       struct stacks *st, uint32_t *n, bool *root)
{
	Dwfl_Module *mod = p->dwfl ? dwfl_addrmodule(p->dwfl, pc) : NULL;
	const unsigned char *bid = NULL;
	GElf_Addr bid_vaddr, off, lo = 0;
	uint64_t h = 1469598103934665603ull, rel = 0;
	const char *name = NULL, *modname = NULL;
	struct sym_entry *e = NULL;
	uint32_t first;
	GElf_Sym sym;
	int bl = 0;

	if (mod) {
		modname = dwfl_module_info(mod, NULL, &lo, NULL, NULL, NULL, NULL, NULL);
		bl = dwfl_module_build_id(mod, &bid, &bid_vaddr);
		if (bl > 0) {
			for (int i = 0; i < bl; i++)
				h = (h ^ bid[i]) * 1099511628211ull;
			rel = pc - lo;
			size_t j = (h ^ rel * 0x9e3779b97f4a7c15ull) & (ps->ncache - 1);

			for (size_t k = 0; k < 8; k++, j = (j + 1) & (ps->ncache - 1)) {
				e = &ps->cache[j];
				if (!e->used)
					break;
				if (e->key_hash == h && e->rel == rel) {
					*n = e->n;
					*root = false;
					if (e->n)
						*root = is_root(st->names[ps->pool[e->first]]);
					return e->first;
				}
				e = NULL;
			}
		}
	}
	first = ps->npool;
	*root = false;
	if (mod)
		name = dwfl_module_addrinfo(mod, pc, &off, &sym, NULL, NULL, NULL);
	if (!name) {
		for (size_t i = 0; i < p->njit; i++)
			if (pc >= p->jit[i].lo && pc < p->jit[i].hi)
				name = p->jit[i].name;
	}
	char plain[256];

	if (name && strchr(name, '@')) {
		/* "memcpy@@GLIBC_2.14": the version is not the function */
		snprintf(plain, sizeof(plain), "%.*s", (int)strcspn(name, "@"), name);
		name = plain;
	}
	if (name) {
		Dwarf_Addr bias;
		Dwarf_Die *cu = dwfl_module_addrdie(mod, pc, &bias), *scopes = NULL;
		int ns = cu ? dwarf_getscopes(cu, pc - bias, &scopes) : 0;

		*root = is_root(name);
		pool_push(ps, stacks_intern(st, name, FK_USER));
		/* scopes run from the innermost out; inlined calls outermost first */
		for (int i = ns - 1; i >= 0; i--)
			if (dwarf_tag(&scopes[i]) == DW_TAG_inlined_subroutine) {
				const char *in = die_name(&scopes[i]);

				if (in)
					pool_push(ps, stacks_intern(st, in, FK_INLINE));
			}
		free(scopes);
	} else {
		char buf[300];
		const char *base = modname ? strrchr(modname, '/') : NULL;

		snprintf(buf, sizeof(buf), "[%s]", base ? base + 1 : modname ? modname : "unknown");
		pool_push(ps, stacks_intern(st, buf, FK_USER));
	}
	*n = ps->npool - first;
	if (e && !e->used) {
		*e = (struct sym_entry){ .key_hash = h, .rel = rel, .first = first, .n = *n,
					 .used = true };
	}
	return first;
}

/* ---- unwinding ---- */

struct walk {
	uint64_t *pcs;
	uint32_t n, max;
};

static int frame_cb(Dwfl_Frame *frame, void *arg)
{
	struct walk *w = arg;
	Dwarf_Addr pc;
	bool act;

	if (!dwfl_frame_pc(frame, &pc, &act) || !pc)
		return DWARF_CB_ABORT;
	if (w->n == w->max)
		return DWARF_CB_ABORT;
	/* a return address points after the call: look up the call itself */
	w->pcs[w->n] = act || !w->n ? pc : pc - 1;
	w->n++;
	return DWARF_CB_OK;
}

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

int procs_unwind(struct procs *ps, struct proc *p, const struct prof_sample *s,
		 const void *tail,
		 enum prof_unwind mode, struct stacks *st, uint32_t **out,
		 uint32_t *n, uint32_t *cap, bool *full)
{
	const uint64_t *kips = tail, *fp = (const uint64_t *)((const char *)tail + s->kstack_len);
	uint32_t nk = s->kstack_len / 8, nfp = s->ustack_len / 8;
	uint64_t dw[PROF_MAX_FRAMES * 2], *upcs = NULL;
	struct walk w = { dw, 0, PROF_MAX_FRAMES * 2 };
	uint32_t nu = 0, start = *n;
	bool dwarf_done = false;
	int rc = -1;

	*full = false;
	/* root frame: the process's name */
	push_out(out, n, cap, stacks_intern(st, s->comm[0] ? s->comm : "[unknown]", FK_ROOT));
	/* user registers that point at no mapping: a sample inside execve,
	 * before the new image has any; its kernel frames say enough */
	if (s->user && p && (knows_ip(p, s->regs[PR_RIP]) || p->njit)) {
		Dwfl *d = proc_dwfl(p);

		if (d && mode != PU_FP && s->stack_len) {
			p->cur = s;
			p->stack = (const uint8_t *)tail + s->kstack_len + s->ustack_len;
			rc = dwfl_getthread_frames(d, s->tid, frame_cb, &w);
			dwarf_done = rc == 0;
			p->cur = NULL;
		}
		if (mode == PU_DWARF || (mode == PU_AUTO && (dwarf_done || w.n >= nfp))) {
			upcs = dw;
			nu = w.n;
		} else {
			/* frame pointers: bpf_get_stack gives return addresses */
			for (uint32_t i = 0; i < nfp && i < PROF_MAX_FRAMES * 2; i++)
				dw[i] = i ? fp[i] - 1 : fp[i];
			upcs = dw;
			nu = nfp;
		}
		if (!nu && !w.n) {
			dw[0] = s->regs[PR_RIP];
			nu = 1;
		}
		/* outermost first */
		for (uint32_t i = nu; i-- > 0;) {
			uint32_t cnt, f;
			bool root;

			if (!p->dwfl)
				proc_dwfl(p);
			f = symbolize_user(ps, p, upcs[i], st, &cnt, &root);
			if (i == nu - 1 && root)
				*full = true;
			for (uint32_t k = 0; k < cnt; k++)
				push_out(out, n, cap, ps->pool[f + k]);
		}
		if (dwarf_done && upcs == dw && mode != PU_FP)
			*full = *full || dwarf_done;
	}
	if (nk) {
		if (!ps->ks_tried) {
			ps->ks = ksyms_load();
			ps->ks_tried = true;
		}
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

			if (p->dwfl)
				dwfl_end(p->dwfl);
			for (size_t j = 0; j < p->njit; j++)
				free(p->jit[j].name);
			free(p->jit);
			free(p->maps);
			free(p->r);
			free(p);
			p = next;
		}
	}
	ksyms_free(ps->ks);
	free(ps->slot);
	free(ps->cache);
	free(ps->pool);
	free(ps);
}
