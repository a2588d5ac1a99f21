// SPDX-License-Identifier: GPL-2.0
/*
 * strobe's own user-space probe program (bpf/uprobes.bpf.c): loaded from
 * its light skeleton, told which processes to watch, given one
 * descriptor per probe location (its cookie) and attached through the
 * engine.  The front ends (--event, ltrace, sslsniff) differ only in the
 * descriptors they ask for and how they print the records.
 */
#include <errno.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../util/lskel.h"	/* the loader's fds: held (util/lskel.c) */
#include "uprobes.lskel.h"
#include "probe.h"
#include "internal.h"
#include "../summary/summary.h"
#include "../../bpf/event.h"
#include "../../bpf/uprobe_desc.h"

int uprog_load(struct uprog *u, const struct uprog_opts *o)
{
	struct uprobes_bpf *skel;
	int err;

	memset(u, 0, sizeof(*u));
	skel = uprobes_bpf__open();
	if (!skel)
		return -errno ? -errno : -ENOMEM;
	skel->rodata->self_tgid = getpid();
	skel->rodata->target_all = o->all;
	skel->rodata->cgroup_on = o->all && o->cgroup;
	skel->rodata->follow_forks = o->follow;
	skel->rodata->emit_tasks = o->tasks;
	skel->rodata->stop_on_exec = o->stop_on_exec;
	skel->rodata->str_max = o->strsize > 4096 ? 4096 : o->strsize;
	skel->rodata->summary_by = o->summary_by;
	u->summary_by = o->summary_by;
	if (o->summary) {
		/* counted as syscalls are (bpf/summary.bpf.inc): by cookie, or by
		 * (group, cookie); histograms in a pool within 8 MiB */
		int ncpu = libbpf_num_possible_cpus() > 0 ? libbpf_num_possible_cpus() : 1;
		uint32_t fit = (8u << 20) / (sizeof(struct sum_hist) * ncpu);

		if (o->summary_by == BY_NONE)
			skel->maps.sum_nr.max_entries = UP_DESC_MAX;
		else
			skel->maps.summ.max_entries = 4096;
		u->hist_slots = fit < UP_DESC_MAX ? fit : UP_DESC_MAX;
		skel->maps.sum_hists.max_entries = u->hist_slots;
	}
	skel->rodata->ustack_mode = o->ustack_mode;
	if (o->stack_bytes)
		skel->rodata->ustack_bytes = o->stack_bytes;
	if (o->bufsize) {
		skel->maps.rb.max_entries = o->bufsize;
		skel->rodata->wake_bytes = o->bufsize / 4;
	}
	static char log[1 << 20];
	if (o->debug >= 2) {
		skel->ctx.log_level = 1;
		skel->ctx.log_size = sizeof(log);
		skel->ctx.log_buf = (long)log;
	}
	lskel_hold(true);
	err = uprobes_bpf__load(skel);
	lskel_hold(false);
	if (err && o->debug >= 2 && log[0])
		fprintf(stderr, "strobe: verifier log:\n%s\n", log);
	if (err) {
		uprobes_bpf__destroy(skel);
		return err < 0 ? err : -err;
	}
	u->skel = skel;
	if (o->all && o->cgroup && (err = cgroup_select(skel->maps.cgroup_sel.map_fd, o->cgroup))) {
		uprog_destroy(u);
		return err;
	}
	if (o->tasks || o->follow || !o->all) {
		int fds[3] = {
			skel->progs.up_exit.prog_fd, skel->progs.up_exec.prog_fd,
			skel->progs.up_fork.prog_fd,
		};

		for (int i = 0; i < 3; i++) {
			int fd = bpf_raw_tracepoint_open(NULL, fds[i]);

			if (fd < 0) {
				err = -errno;
				uprog_destroy(u);
				return err;
			}
			u->task_links[u->ntask_links++] = fd;
		}
	}
	return 0;
}

static struct uprobes_bpf *skel_of(const struct uprog *u)
{
	return u->skel;
}

int uprog_target(struct uprog *u, pid_t tgid, bool pending_exec)
{
	__u32 key = tgid;
	__u8 st = pending_exec ? UT_PENDING_EXEC : UT_TRACED;

	if (bpf_map_update_elem(skel_of(u)->maps.targets.map_fd, &key, &st, BPF_NOEXIST))
		return -errno;
	__atomic_add_fetch(&skel_of(u)->bss->live, 1, __ATOMIC_RELEASE);
	return 0;
}

/* The slots of the program's GOT that are bound to a symbol (PLT and
 * -fno-plt calls go through them), by virtual address. */
static int add_slots(struct uprog *u, struct probe_elf *pe, const struct up_caller *c)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(pe->elf, scn))) {
		GElf_Shdr sh, symsh;
		Elf_Scn *symscn;
		Elf_Data *d, *sd;
		size_t cnt;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !sh.sh_entsize)
			continue;
		symscn = elf_getscn(pe->elf, sh.sh_link);
		if (!symscn || !gelf_getshdr(symscn, &symsh) || symsh.sh_type != SHT_DYNSYM)
			continue;
		d = elf_getdata(scn, NULL);
		sd = elf_getdata(symscn, NULL);
		cnt = sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; d && sd && i < cnt; i++) {
			struct up_slot k = { .ino = c->ino, .dev = c->dev };
			GElf_Rela r;
			GElf_Sym sym;
			const char *name;
			__u32 h;

			if (!gelf_getrela(d, i, &r) ||
			    (GELF_R_TYPE(r.r_info) != R_X86_64_JUMP_SLOT &&
			     GELF_R_TYPE(r.r_info) != R_X86_64_GLOB_DAT) ||
			    !gelf_getsym(sd, GELF_R_SYM(r.r_info), &sym))
				continue;
			name = elf_strptr(pe->elf, symsh.sh_link, sym.st_name);
			if (!name || !*name)
				continue;
			k.vaddr = r.r_offset;
			/* a GOT slot (GLOB_DAT) is not a PLT one: told apart
			 * by the top bit (bpf/uprobe_desc.h, UP_SLOT_GOT) */
			h = up_sym_hash(name) & ~UP_SLOT_GOT;
			if (GELF_R_TYPE(r.r_info) == R_X86_64_GLOB_DAT)
				h |= UP_SLOT_GOT;
			if (bpf_map_update_elem(skel_of(u)->maps.slots.map_fd, &k, &h, BPF_ANY))
				return -errno;
		}
	}
	return 0;
}

int uprog_add_caller(struct uprog *u, const char *path, bool lib)
{
	struct up_caller c = { 0 };
	struct up_caller_val v = { 0 };
	struct probe_elf pe;
	struct stat st;
	size_t n = 0;
	int err;

	if (stat(path, &st))
		return -errno;
	c.ino = st.st_ino;
	/* the kernel's s_dev: major << 20 | minor */
	c.dev = major(st.st_dev) << 20 | minor(st.st_dev);
	if (!probe_elf_open(path, &pe)) {
		elf_getphdrnum(pe.elf, &n);
		for (size_t i = 0; i < n; i++) {
			GElf_Phdr ph;

			if (gelf_getphdr(pe.elf, i, &ph) && ph.p_type == PT_LOAD &&
			    (ph.p_flags & PF_X)) {
				v.delta = (int64_t)(ph.p_vaddr - ph.p_offset);
				break;
			}
		}
		err = add_slots(u, &pe, &c);
		probe_elf_close(&pe);
		if (err)
			return err;
	}
	v.lib = lib;
	if (bpf_map_update_elem(skel_of(u)->maps.callers.map_fd, &c, &v, BPF_ANY))
		return -errno;
	if (!uprog_caller_name(u, c.ino, c.dev)) {
		struct up_caller_name *cn = realloc(u->callers, (u->ncallers + 1) * sizeof(*cn));
		const char *base = strrchr(path, '/');

		if (!cn)
			return -ENOMEM;
		u->callers = cn;
		cn += u->ncallers;
		cn->ino = c.ino;
		cn->dev = c.dev;
		if (!(cn->name = strdup(base ? base + 1 : path)))
			return -ENOMEM;
		u->ncallers++;
	}
	return 0;
}

const char *uprog_caller_name(const struct uprog *u, uint64_t ino, uint32_t dev)
{
	for (size_t i = 0; i < u->ncallers; i++)
		if (u->callers[i].ino == ino && u->callers[i].dev == dev)
			return u->callers[i].name;
	return NULL;
}

static int add_probe(struct uprog *u, const struct probe_set *set, size_t i,
		     const char *display)
{
	struct up_probe *p;

	if (u->nprobes == u->cap) {
		size_t cap = u->cap ? u->cap * 2 : 64;

		p = realloc(u->probes, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		u->probes = p;
		u->cap = cap;
	}
	p = &u->probes[u->nprobes];
	memset(p, 0, sizeof(*p));
	p->kind = set->kind;
	p->func = strdup(set->loc[i].name);
	p->lib = strdup(set->path);
	if (asprintf(&p->name, "%s:%s:%s", set->kind == PK_USDT ? "usdt" :
		     set->kind == PK_URETPROBE ? "uretprobe" : "uprobe",
		     display ? display : set->path, set->loc[i].name) < 0)
		p->name = NULL;
	if (!p->func || !p->name || !p->lib)
		return -ENOMEM;
	p->proto = proto_find(p->func, set->kind == PK_USDT);
	if (!p->proto && u->dwarf_protos && set->kind != PK_USDT)
		p->proto = proto_dwarf(p->lib, p->func, set->loc[i].addr);
	p->nargs = set->kind == PK_USDT ? set->loc[i].nargs : -1;
	u->nprobes++;
	return 0;
}

int uprog_add_info(struct uprog *u, enum probe_kind kind, const char *func, const char *lib,
		   int nargs, bool paired)
{
	struct probe_set set = { .kind = kind, .path = (char *)lib };
	struct probe_loc loc = { .name = (char *)func, .nargs = nargs };
	int err;

	set.loc = &loc;
	set.n = 1;
	if ((err = add_probe(u, &set, 0, NULL)))
		return err;
	u->probes[u->nprobes - 1].paired = paired;
	return 0;
}

static void skipped(void *ctx, const struct probe_loc *loc)
{
	struct uprog *u = ctx;

	u->nskipped++;
	if (u->skipped_names.len < 200)
		sbuf_printf(&u->skipped_names, "%s%s", u->skipped_names.len ? ", " : "",
			    loc->name);
}

int uprog_add(struct uprog *u, const struct probe_set *set, const struct up_desc *tmpl,
	      bool entry, bool ret, pid_t pid, const char *display)
{
	struct uprobes_bpf *skel = skel_of(u);
	uint64_t *cookies = calloc(set->n ? set->n : 1, sizeof(*cookies));
	struct probe_attach_opts ao = { .pid = pid, .cookies = cookies,
					.skip_unprobeable = u->skip_unprobeable,
					.on_skip = skipped, .skip_ctx = u };
	struct probe_prog entry_prog = { skel->progs.on_entry_multi.prog_fd,
					 skel->progs.on_entry.prog_fd };
	struct probe_prog ret_prog = { skel->progs.on_return_multi.prog_fd,
				       skel->progs.on_return.prog_fd };
	int err = 0;

	struct up_desc in = *tmpl;
	struct stat st;

	if (!cookies)
		return -ENOMEM;
	/* functions of a caller file: their tail calls through its PLT are
	 * that file's calls (bpf/uprobes.bpf.c, tail_from_caller) */
	if ((in.flags & UD_CALLER) && !stat(set->path, &st)) {
		in.ino = st.st_ino;
		in.dev = major(st.st_dev) << 20 | minor(st.st_dev);
		if (uprog_caller_name(u, in.ino, in.dev))
			in.xflags |= UDX_IN_CALLER;
	}
	for (size_t i = 0; i < set->n; i++) {
		struct up_desc d = in;
		__u32 key = u->nprobes;

		if (key >= UP_DESC_MAX) {
			err = -E2BIG;
			goto out;
		}
		if ((err = add_probe(u, set, i, display)))
			goto out;
		proto_fill_desc(u->probes[key].proto, &d);
		if (d.flags & UD_CALLER) {
			d.sym = up_sym_hash(set->loc[i].name);
			d.strict = set->loc[i].alias;
		}
		if (set->kind == PK_USDT) {
			const struct probe_loc *l = &set->loc[i];

			d.flags |= UD_USDT;
			d.nargs = l->nargs < 0 ? 0 : l->nargs;
			for (int k = 0; k < d.nargs; k++) {
				/* an indexed operand: the kernel side reads no
				 * such form, the arguments end before it */
				if (l->args[k].idx_off >= 0) {
					d.nargs = k;
					break;
				}
				d.usdt[k].size = l->args[k].size;
				d.usdt[k].type = l->args[k].type;
				d.usdt[k].reg_off = l->args[k].reg_off;
				d.usdt[k].val = l->args[k].val;
			}
		}
		if (bpf_map_update_elem(skel->maps.descs.map_fd, &key, &d, BPF_ANY)) {
			err = -errno;
			goto out;
		}
		cookies[i] = key;
	}
	if (entry && (err = probe_attach(&entry_prog, set, &ao, &u->link)))
		goto out;
	ao.retprobe = true;
	if (entry)
		ao.on_skip = NULL;	/* said once */
	if (ret)
		err = probe_attach(&ret_prog, set, &ao, &u->link);
out:
	free(cookies);
	return err;
}

const struct up_probe *uprog_probe(const struct uprog *u, uint32_t cookie)
{
	return cookie < u->nprobes ? &u->probes[cookie] : NULL;
}

int uprog_ringbuf_fd(const struct uprog *u)
{
	return skel_of(u)->maps.rb.map_fd;
}

void uprog_summary_maps(const struct uprog *u, struct sum_maps *m)
{
	const struct uprobes_bpf *skel = skel_of(u);

	m->by = u->summary_by;
	m->counts = m->by == BY_NONE ? skel->maps.sum_nr.map_fd : skel->maps.summ.map_fd;
	m->hists = skel->maps.sum_hists.map_fd;
	m->next = skel->maps.sum_next.map_fd;
	m->nslots = u->hist_slots;
}

int64_t uprog_live(const struct uprog *u)
{
	return __atomic_load_n(&skel_of(u)->bss->live, __ATOMIC_ACQUIRE);
}

uint64_t uprog_not_counted(const struct uprog *u)
{
	return skel_of(u)->bss->summary_full;
}

uint64_t uprog_not_in_hist(const struct uprog *u)
{
	return skel_of(u)->bss->summary_nohist;
}

uint64_t uprog_lost_total(const struct uprog *u)
{
	struct { uint64_t total, pending; } *vals;
	int ncpu = libbpf_num_possible_cpus();
	uint64_t sum = 0;
	__u32 zero = 0;

	if (u->detached)
		return u->lost_final;
	if (ncpu <= 0 || !(vals = calloc(ncpu, sizeof(*vals))))
		return 0;
	if (!bpf_map_lookup_elem(skel_of(u)->maps.lostc.map_fd, &zero, vals))
		for (int i = 0; i < ncpu; i++)
			sum += vals[i].total;
	free(vals);
	return sum;
}

uint64_t uprog_missed_total(const struct uprog *u)
{
	const struct uprobes_bpf *sk = skel_of(u);

	return u->detached ? u->missed_final : lskel_missed(&sk->progs, sizeof(sk->progs));
}

void uprog_detach(struct uprog *u)
{
	probe_detach(&u->link);
	while (u->ntask_links)
		close(u->task_links[--u->ntask_links]);
	if (u->skel && !u->detached) {
		u->lost_final = uprog_lost_total(u);
		u->missed_final = uprog_missed_total(u);
		u->detached = true;
	}
}

void uprog_destroy(struct uprog *u)
{
	uprog_detach(u);
	if (u->skel)
		uprobes_bpf__destroy(skel_of(u));
	lskel_release();
	for (size_t i = 0; i < u->nprobes; i++) {
		free(u->probes[i].name);
		free(u->probes[i].func);
		free(u->probes[i].lib);
	}
	free(u->probes);
	for (size_t i = 0; i < u->ncallers; i++)
		free(u->callers[i].name);
	free(u->callers);
	sbuf_free(&u->skipped_names);
	memset(u, 0, sizeof(*u));
}
