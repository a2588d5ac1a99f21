// SPDX-License-Identifier: GPL-2.0
/*
 * strobe's own BPF loader: the maps, then the programs of an image that
 * scripts/bpf-image.py prepared at build time (linked instructions, map
 * references, BTF records), loaded with plain bpf() calls.
 *
 * Why not the light skeleton's loader: it verifies every program inside
 * one BPF_PROG_RUN of its loader program, so on one CPU, and the verifier
 * is most of start-up (docs/design.md, Loading).  Here the programs are
 * verified by as many threads as there are CPUs (at most four), the
 * biggest first.  What the light skeleton gains is kept: the kernel does
 * the CO-RE relocations itself (BPF_PROG_LOAD's core_relos, kernel 5.17),
 * so user space never parses the kernel's BTF for them; a tp_btf
 * program's attach target is one id, found by one pass over vmlinux's
 * BTF (kbtf.c).  No sleepable loader program runs, so no RCU tasks-trace
 * grace period is started (util/lskel.c, why that matters).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/bpf.h>
#include <linux/btf.h>
#include <bpf/bpf.h>
#include <bpf/skel_internal.h>

#include "util.h"

#define MAX_MAPS 64
#define MAX_PROGS 32
#define MAX_THREADS 4
#define MAX_NAMES 32	/* distinct kernel names */
#define MAX_KFUNCS 256	/* kernel function calls, all programs */

struct job {
	const struct bpfimg *img;
	char *skel;
	int btf_fd;
	int map_fd[MAX_MAPS];
	uint32_t attach_id[MAX_PROGS];
	uint32_t kfunc_at[MAX_PROGS];	/* the program's first id in kfunc_id */
	uint32_t kfunc_id[MAX_KFUNCS];
	int order[MAX_PROGS];	/* the programs, biggest first */
	int ring_err;	/* make_rings' */
	atomic_int next;
	atomic_int err;
	struct bpf_loader_ctx *ctx;	/* a log wanted: one thread */
};

static int sys_bpf(int cmd, union bpf_attr *a)
{
	return syscall(__NR_bpf, cmd, a, sizeof(*a));
}

static int load_prog(struct job *j, int k)
{
	const struct bpfimg_prog *p = &j->img->progs[k];
	struct bpf_insn *insns = malloc(p->ninsns * sizeof(*insns));
	union bpf_attr a;
	int fd;

	if (!insns)
		return -ENOMEM;
	memcpy(insns, p->insns, p->ninsns * sizeof(*insns));
	for (uint32_t i = 0; i < p->nrelocs; i++) {
		const struct bpfimg_reloc *r = &p->relocs[i];

		insns[r->insn].src_reg = j->img->maps[r->map].data ? BPF_PSEUDO_MAP_VALUE
								   : BPF_PSEUDO_MAP_FD;
		insns[r->insn].imm = j->map_fd[r->map];
		insns[r->insn + 1].imm = r->off;
	}
	for (uint32_t i = 0; i < p->nkfuncs; i++)
		insns[p->kfuncs[i].insn].imm = j->kfunc_id[j->kfunc_at[k] + i];
	memset(&a, 0, sizeof(a));
	a.prog_type = p->type;
	a.expected_attach_type = p->attach_type;
	a.insns = (uintptr_t)insns;
	a.insn_cnt = p->ninsns;
	a.license = (uintptr_t)"GPL";
	strncpy(a.prog_name, p->name, sizeof(a.prog_name) - 1);
	a.prog_btf_fd = j->btf_fd;
	a.func_info_rec_size = sizeof(struct bpf_func_info);
	a.func_info = (uintptr_t)p->func;
	a.func_info_cnt = p->nfunc;
	/* the source lines serve the verifier's log (-dd) and bpftool's
	 * dumps; checking and keeping them cost start-up 1-2 ms (paired
	 * runs), so they go only with a log */
	if (j->ctx) {
		a.line_info_rec_size = sizeof(struct bpf_line_info);
		a.line_info = (uintptr_t)p->line;
		a.line_info_cnt = p->nline;
	}
	a.core_relo_rec_size = sizeof(struct bpf_core_relo);
	a.core_relos = (uintptr_t)p->core;
	a.core_relo_cnt = p->ncore;
	a.attach_btf_id = j->attach_id[k];
	if (j->ctx && j->ctx->log_level) {
		a.log_level = j->ctx->log_level;
		a.log_size = j->ctx->log_size;
		a.log_buf = j->ctx->log_buf;
	}
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	free(insns);
	if (fd < 0)
		return -errno;
	((struct bpf_prog_desc *)(j->skel + p->desc_off))->prog_fd = fd;
	return 0;
}

static void *worker(void *arg)
{
	struct job *j = arg;
	int i, err;

	while (!atomic_load(&j->err) && (i = atomic_fetch_add(&j->next, 1)) < (int)j->img->nprogs) {
		const struct bpfimg_prog *p = &j->img->progs[j->order[i]];

		/* a descriptor the caller set to -1: not wanted */
		if (((struct bpf_prog_desc *)(j->skel + p->desc_off))->prog_fd < 0)
			continue;
		err = load_prog(j, j->order[i]);
		if (err) {
			int zero = 0;

			atomic_compare_exchange_strong(&j->err, &zero, err);
		}
	}
	return NULL;
}

/* Ring buffers take the longest to make (4 MiB: 1.0-1.2 ms, its pages
 * allocated and mapped one by one), and need no BTF: a thread makes them
 * while this one loads the BTF, makes the other maps and finds the
 * kernel's ids.  rings: 1 for the ring buffers only, 0 for the others. */
static bool is_ring(const struct bpfimg_map *m)
{
	return m->type == BPF_MAP_TYPE_RINGBUF && !m->btf_value && !m->data;
}

static int make_maps(struct job *j, int rings)
{
	const struct bpfimg *img = j->img;

	for (uint32_t i = 0; i < img->nmaps; i++) {
		const struct bpfimg_map *m = &img->maps[i];
		struct bpf_map_desc *d = (struct bpf_map_desc *)(j->skel + m->desc_off);
		LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = m->flags);
		__u32 max = d->max_entries ? d->max_entries : m->max_entries;
		char name[16];
		int fd;

		if (rings >= 0 && is_ring(m) != rings)
			continue;
		snprintf(name, sizeof(name), "%s", m->name);
		if (m->btf_value) {
			o.btf_fd = j->btf_fd;
			o.btf_key_type_id = m->btf_key;
			o.btf_value_type_id = m->btf_value;
		}
		fd = bpf_map_create(m->type, name, m->key_size, m->value_size, max, &o);
		if (fd < 0 && m->btf_value && m->type != BPF_MAP_TYPE_TASK_STORAGE) {
			/* some map types take no BTF (a program array) */
			o.btf_fd = o.btf_key_type_id = o.btf_value_type_id = 0;
			fd = bpf_map_create(m->type, name, m->key_size, m->value_size, max, &o);
		}
		if (fd < 0)
			return -errno;
		d->map_fd = j->map_fd[i] = fd;
		if (!m->data)
			continue;
		__u32 zero = 0;

		/* a new array is zeroed: values of zeros need no update */
		const char *v = (const char *)(uintptr_t)d->initial_value;
		uint32_t nz = 0;

		while (v && nz < m->value_size && !v[nz])
			nz++;
		if (v && nz < m->value_size && bpf_map_update_elem(fd, &zero, v, 0))
			return -errno;
		if (m->data == 1 && bpf_map_freeze(fd))
			return -errno;
	}
	return 0;
}

static void *make_rings(void *arg)
{
	struct job *j = arg;

	j->ring_err = make_maps(j, 1);
	return NULL;
}

/* name's index in names[] (added if new), or -1 when full */
static int name_at(const char **names, int *kinds, int *n, const char *name, int kind)
{
	for (int i = 0; i < *n; i++)
		if (kinds[i] == kind && !strcmp(names[i], name))
			return i;
	if (*n == MAX_NAMES)
		return -1;
	names[*n] = name;
	kinds[*n] = kind;
	return (*n)++;
}

/* the kernel's BTF ids the programs need, in one pass over it: each
 * tp_btf program's attach target, each kernel function called */
static int kernel_ids(struct job *j)
{
	const char *names[MAX_NAMES];
	int kinds[MAX_NAMES], n = 0, err, at;
	uint32_t ids[MAX_NAMES];
	uint16_t idx[MAX_PROGS + MAX_KFUNCS];
	uint32_t m = 0;

	for (uint32_t k = 0; k < j->img->nprogs; k++) {
		const struct bpfimg_prog *p = &j->img->progs[k];

		if (m + 1 + p->nkfuncs > MAX_PROGS + MAX_KFUNCS)
			return -EOVERFLOW;
		if (p->attach) {
			if ((at = name_at(names, kinds, &n, p->attach, BTF_KIND_TYPEDEF)) < 0)
				return -EOVERFLOW;
			idx[m++] = at;
		}
		for (uint32_t i = 0; i < p->nkfuncs; i++) {
			if ((at = name_at(names, kinds, &n, p->kfuncs[i].name, BTF_KIND_FUNC)) < 0)
				return -EOVERFLOW;
			idx[m++] = at;
		}
	}
	if (!n)
		return 0;
	if ((err = kbtf_find(names, kinds, n, ids)))
		return err;
	/* a name this kernel lacks: no such tracepoint or kernel function */
	for (int i = 0; i < n; i++)
		if (!ids[i])
			return -ESRCH;
	m = 0;
	for (uint32_t k = 0, f = 0; k < j->img->nprogs; k++) {
		const struct bpfimg_prog *p = &j->img->progs[k];

		if (p->attach)
			j->attach_id[k] = ids[idx[m++]];
		j->kfunc_at[k] = f;
		for (uint32_t i = 0; i < p->nkfuncs; i++)
			j->kfunc_id[f++] = ids[idx[m++]];
	}
	return 0;
}

int bpfimg_load(const struct bpfimg *img, void *skel)
{
	static struct job job;
	struct job *j = &job;
	struct bpf_loader_ctx *ctx = skel;
	pthread_t tid[MAX_THREADS], rings;
	int nthreads = 0, err;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	bool ring_thread;

	if (img->nmaps > MAX_MAPS || img->nprogs > MAX_PROGS)
		return -EOVERFLOW;
	memset(j, 0, sizeof(*j));
	j->img = img;
	j->skel = skel;
	j->ctx = ctx->log_level ? ctx : NULL;
	ring_thread = ncpu > 1 && !pthread_create(&rings, NULL, make_rings, j);
	LIBBPF_OPTS(bpf_btf_load_opts, bo);
	if (j->ctx) {
		bo.log_buf = (char *)(uintptr_t)ctx->log_buf;
		bo.log_size = ctx->log_size;
		bo.log_level = ctx->log_level;
	}
	j->btf_fd = bpf_btf_load(img->btf, img->btf_size, &bo);
	err = j->btf_fd < 0 ? -errno : make_maps(j, ring_thread ? 0 : -1);
	if (!err)
		err = kernel_ids(j);
	if (ring_thread) {
		pthread_join(rings, NULL);
		if (!err)
			err = j->ring_err;
	}
	if (err)
		goto out;
	/* the biggest first: the last to finish is then a small one */
	for (uint32_t i = 0; i < img->nprogs; i++) {
		int k = i;

		while (k > 0 && img->progs[j->order[k - 1]].ninsns < img->progs[i].ninsns) {
			j->order[k] = j->order[k - 1];
			k--;
		}
		j->order[k] = i;
	}
	if (ncpu > MAX_THREADS)
		ncpu = MAX_THREADS;
	for (long t = 1; !j->ctx && t < ncpu && t < (long)img->nprogs; t++)
		if (!pthread_create(&tid[nthreads], NULL, worker, j))
			nthreads++;
	worker(j);
	while (nthreads)
		pthread_join(tid[--nthreads], NULL);
	err = atomic_load(&j->err);
out:
	if (j->btf_fd >= 0)
		close(j->btf_fd);
	return err;
}
