// SPDX-License-Identifier: GPL-2.0
/*
 * Finding CPython in a process: a mapped file named python3.N or
 * libpython3.N*.so that defines _PyRuntime (3.7+) or interp_head (3.6,
 * a local symbol, so only in unstripped builds), its load address from the
 * mappings, its version from the name or, from 3.11, from the Py_Version
 * constant it exports.  The result goes to the BPF side's pyprocs map.
 *
 * A process is looked at when it execs (strobe is woken for that) or is
 * first sampled, and an image that began with an exec seen here is looked
 * at again (the loader may still be mapping libpython) at growing
 * intervals for its first 3 seconds.  A fork inherits its parent's entry
 * in the kernel.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "../util/util.h"
#include "../../bpf/profile_event.h"

#define FIRST_GAP 5000000ull		/* 5 ms, doubling... */
#define LAST_CHECK 3000000000ull	/* ...while the image is under 3 s old */

struct pyinfo *pyinfo_new(int fd, int verbose, bool gil)
{
	struct pyinfo *pi = calloc(1, sizeof(*pi));

	if (!pi)
		return NULL;
	pi->fd = fd;
	pi->verbose = verbose;
	pi->gil = gil;
	pi->nslots = 256;
	pi->slot = calloc(pi->nslots, sizeof(*pi->slot));
	if (!pi->slot) {
		free(pi);
		return NULL;
	}
	return pi;
}

void pyinfo_free(struct pyinfo *pi)
{
	if (!pi)
		return;
	for (size_t i = 0; i < pi->nslots; i++) {
		for (struct pyproc *p = pi->slot[i], *next; p; p = next) {
			next = p->next;
			pyproc_free_codes(p);
			pythreads_free(p);
			free(p);
		}
	}
	free(pi->slot);
	free(pi->pending);
	free(pi);
}

static struct pyproc **find_slot(struct pyinfo *pi, pid_t pid)
{
	size_t j = ((uint32_t)pid * 2654435761u) & (pi->nslots - 1);

	while (pi->slot[j] && pi->slot[j]->pid != pid)
		j = (j + 1) & (pi->nslots - 1);
	return &pi->slot[j];
}

static int grow(struct pyinfo *pi)
{
	struct pyproc **old = pi->slot;
	size_t n = pi->nslots;

	pi->slot = calloc(n * 2, sizeof(*pi->slot));
	if (!pi->slot) {
		pi->slot = old;
		return -1;
	}
	pi->nslots = n * 2;
	for (size_t i = 0; i < n; i++)
		if (old[i])
			*find_slot(pi, old[i]->pid) = old[i];
	free(old);
	return 0;
}

/* The newest image of pid; a new one after an exec.  (Not told by the
 * name: threads may have names of their own.) */
struct pyproc *pyinfo_proc_at(struct pyinfo *pi, pid_t pid, uint64_t ts)
{
	struct pyproc *p = *find_slot(pi, pid);

	while (p && p->start_ts > ts)
		p = p->next;
	return p;
}

struct pyproc *pyinfo_proc(struct pyinfo *pi, pid_t pid, bool exec)
{
	struct pyproc **sl = find_slot(pi, pid), *p = *sl, *np;

	if (p && !exec)
		return p;
	if (!p && pi->used * 2 >= pi->nslots) {
		if (grow(pi))
			return NULL;
		sl = find_slot(pi, pid);
	}
	np = calloc(1, sizeof(*np));
	if (!np)
		return NULL;
	np->pid = pid;
	np->next = p;
	if (!p)
		pi->used++;
	*sl = np;
	return np;
}

struct elf_found {
	uint64_t runtime, interp_head, py_version_addr;
	uint64_t code_type, str_type;	/* PyCode_Type, PyUnicode_Type */
	uint64_t long_type, dict_type;	/* PyLong_Type, PyDict_Type */
	uint64_t vaddr;		/* the first loadable segment's address */
	uint32_t py_version;	/* PY_VERSION_HEX, 0 if not exported */
	bool has_runtime, has_interp_head;
};

static int runtime_sym(const GElf_Sym *s, const char *name, void *ctx)
{
	struct elf_found *f = ctx;

	if (!s->st_value)
		return 0;
	if (!strcmp(name, "_PyRuntime")) {
		f->runtime = s->st_value;
		f->has_runtime = true;
	} else if (!strcmp(name, "interp_head")) {
		f->interp_head = s->st_value;
		f->has_interp_head = true;
	} else if (!strcmp(name, "Py_Version")) {
		f->py_version_addr = s->st_value;
	} else if (!strcmp(name, "PyCode_Type")) {
		f->code_type = s->st_value;
	} else if (!strcmp(name, "PyUnicode_Type")) {
		f->str_type = s->st_value;
	} else if (!strcmp(name, "PyLong_Type")) {
		f->long_type = s->st_value;
	} else if (!strcmp(name, "PyDict_Type")) {
		f->dict_type = s->st_value;
	}
	return 0;
}

static void elf_symbols(Elf *e, struct elf_found *f)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	elf_each_sym(e, runtime_sym, f);
	/* Py_Version's value, from the section that holds it */
	scn = NULL;
	while (f->py_version_addr && (scn = elf_nextscn(e, scn))) {
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS ||
		    f->py_version_addr < sh.sh_addr || f->py_version_addr + 4 > sh.sh_addr + sh.sh_size)
			continue;
		d = elf_getdata(scn, NULL);
		if (d && d->d_buf && f->py_version_addr - sh.sh_addr + 4 <= d->d_size)
			memcpy(&f->py_version, (char *)d->d_buf + (f->py_version_addr - sh.sh_addr), 4);
		break;
	}
}

static int elf_find(const char *path, struct elf_found *f)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t nph;
	Elf *e;

	memset(f, 0, sizeof(*f));
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || elf_getphdrnum(e, &nph)) {
		if (e)
			elf_end(e);
		close(fd);
		return -ENOEXEC;
	}
	f->vaddr = UINT64_MAX;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(e, i, &ph) && ph.p_type == PT_LOAD && ph.p_vaddr < f->vaddr)
			f->vaddr = ph.p_vaddr & ~0xfffull;
	}
	elf_symbols(e, f);
	elf_end(e);
	close(fd);
	return 0;
}

/* "python3.11", "libpython3.6m.so.1.0": the version in a file's name */
static bool python_name(const char *path, int *major, int *minor)
{
	const char *b = strrchr(path, '/');

	b = b ? b + 1 : path;
	if (!strncmp(b, "lib", 3))
		b += 3;
	if (strncmp(b, "python", 6))
		return false;
	*major = *minor = 0;
	sscanf(b + 6, "%d.%d", major, minor);
	return true;
}

static void warn_once(struct pyinfo *pi, int major, int minor, pid_t pid, const char *path,
		      const char *why)
{
	uint32_t v = major << 8 | minor;

	for (int i = 0; i < pi->nwarned; i++)
		if (pi->warned[i] == v)
			return;
	if (pi->nwarned < 8)
		pi->warned[pi->nwarned++] = v;
	fprintf(stderr, "strobe profile: Python %d.%d in process %d (%s): %s; its samples %s\n",
		major, minor, pid, path, why, pi->gil ? "are left out (--gil)" :
		"show the interpreter's native frames");
}

/* Look at pid's mappings for an interpreter; true if one was set up. */
static bool detect(struct pyinfo *pi, struct pyproc *p)
{
	char path[64], line[4096];
	FILE *maps;
	bool done = false;

	snprintf(path, sizeof(path), "/proc/%d/maps", p->pid);
	maps = fopen(path, "re");
	if (!maps)
		return false;
	while (!done && fgets(line, sizeof(line), maps)) {
		unsigned long long lo, hi, off;
		char file[64], *name;
		int at = 0, major, minor;
		struct elf_found f;
		struct py_proc bp;
		uint64_t bias;
		const struct py_layout *l;
		__u32 key = p->pid;

		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %n", &lo, &hi, &off, &at) != 3 || !at ||
		    off != 0)
			continue;
		name = line + at;
		name[strcspn(name, "\n")] = 0;
		if (name[0] != '/' || !python_name(name, &major, &minor))
			continue;
		/* the file the process mapped, even in another mount namespace */
		snprintf(file, sizeof(file), "/proc/%d/map_files/%llx-%llx", p->pid, lo, hi);
		if (elf_find(file, &f) && elf_find(name, &f))
			continue;
		if (!f.has_runtime && !f.has_interp_head)
			continue;	/* e.g. an executable linked to libpython */
		done = true;
		if (f.py_version) {
			major = f.py_version >> 24;
			minor = (f.py_version >> 16) & 0xff;
		}
		l = py_layout_find(major, minor);
		if (!l) {
			warn_once(pi, major, minor, p->pid, name,
				  "strobe does not know this version's frame layout");
			break;
		}
		if (l->runtime_interp_head < 0 ? !f.has_interp_head : !f.has_runtime) {
			warn_once(pi, major, minor, p->pid, name, l->runtime_interp_head < 0 ?
				  "its interp_head symbol is stripped" : "no _PyRuntime symbol");
			break;
		}
		bias = lo - f.vaddr;
		p->head = l->runtime_interp_head < 0 ? bias + f.interp_head :
			  bias + f.runtime + l->runtime_interp_head;
		py_layout_bpf(l, p->head, f.has_runtime ? bias + f.runtime : 0, &bp);
		if (pi->gil && !bp.gil && bp.interp_gil == 0xffff)
			warn_once(pi, major, minor, p->pid, name, "--gil cannot tell which thread "
				  "holds its GIL (static variables of 3.6's ceval.c)");
		if (bpf_map_update_elem(pi->fd, &key, &bp, BPF_ANY)) {
			fprintf(stderr, "strobe profile: cannot follow Python in process %d: %s\n",
				p->pid, strerror(errno));
			break;
		}
		p->l = l;
		/* objects are checked to be code and str before they are read */
		p->code_type = f.code_type ? bias + f.code_type : 0;
		p->str_type = f.str_type ? bias + f.str_type : 0;
		p->long_type = f.long_type ? bias + f.long_type : 0;
		p->dict_type = f.dict_type ? bias + f.dict_type : 0;
		p->state = PP_PYTHON;
		if (pi->verbose)
			fprintf(stderr, "strobe profile: Python %d.%d in process %d (%s)\n", major,
				minor, p->pid, name);
	}
	fclose(maps);
	if (done && p->state != PP_PYTHON)
		p->state = PP_NONE;	/* found, and said why it cannot be read */
	return p->state == PP_PYTHON;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

void pyinfo_attach(struct pyinfo *pi, pid_t pid)
{
	struct pyproc *p = pyinfo_proc(pi, pid, false);

	if (p && p->state == PP_UNKNOWN) {
		p->first_ts = mono_ns();
		if (!detect(pi, p) && p->state == PP_UNKNOWN)
			p->state = PP_NONE;	/* running for a while: it will not change */
	}
}

/* Look for an interpreter if it is time to; keep young ones pending. */
static void check(struct pyinfo *pi, struct pyproc *p, uint64_t now)
{
	bool was_pending = p->first_ts != 0;

	if (p->state != PP_UNKNOWN || now < p->next_check_ts)
		return;
	if (!p->first_ts) {
		p->first_ts = now;
		p->check_gap = FIRST_GAP;
	}
	if (detect(pi, p) || p->state != PP_UNKNOWN)
		return;
	p->next_check_ts = now + p->check_gap;
	p->check_gap *= 2;
	/* an image whose exec strobe did not see was most likely running,
	 * its libraries loaded, before strobe looked: a few checks do */
	if (now - p->first_ts > (p->young ? LAST_CHECK : LAST_CHECK / 10)) {
		p->state = PP_NONE;
		return;
	}
	if (!was_pending) {
		if (pi->npending == pi->cap_pending) {
			size_t nc = pi->cap_pending ? pi->cap_pending * 2 : 64;
			struct pyproc **np = realloc(pi->pending, nc * sizeof(*np));

			if (!np)
				return;
			pi->pending = np;
			pi->cap_pending = nc;
		}
		pi->pending[pi->npending++] = p;
	}
}

void pyinfo_poll(struct pyinfo *pi, uint64_t now)
{
	size_t kept = 0;

	for (size_t i = 0; i < pi->npending; i++) {
		struct pyproc *p = pi->pending[i];

		check(pi, p, now);
		if (p->state == PP_UNKNOWN)
			pi->pending[kept++] = p;
	}
	pi->npending = kept;
}

void pyinfo_sample(struct pyinfo *pi, const struct prof_sample *s, const void *tail)
{
	/* an exec: the BPF side forgot the old image's interpreter */
	struct pyproc *p = pyinfo_proc(pi, s->pid, s->kind == PK_EXEC);
	const struct py_frame *f;
	uint32_t n;

	if (!p)
		return;
	if (s->kind == PK_EXEC) {
		p->young = true;
		p->start_ts = s->ts;
	}
	check(pi, p, s->ts);
	if (p->state != PP_PYTHON)
		return;
	pythreads_note(pi, p, s->tid, s->ts);
	f = py_frames(s, tail, &n);
	for (uint32_t i = 0; i < n; i++)
		if (p->l->kind != PYK_SHIM || f[i].code >> PY_FLAG_SHIFT != 3)
			pycode_get(p, f[i].code & PY_ADDR_MASK, f[i].sig, true);
}
