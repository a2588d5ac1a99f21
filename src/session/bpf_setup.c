// SPDX-License-Identifier: GPL-2.0
/*
 * Load and configure the tracer's BPF side (bpf/syscalls.bpf.c): its
 * read-only settings, the maps' sizes, the programs the session uses (one
 * of four builds), the tail calls and the capture rules; and the counters
 * read back from it.  Attaching is bpf_attach.c's, the choice of probes
 * probes.c's.
 *
 * The programs are loaded by strobe's own loader (util/bpfimg.c), which
 * verifies them on every CPU at once; the kernel still performs the CO-RE
 * relocations, so user space never parses the kernel's 5 MB of BTF
 * (libbpf's way costs 13 ms and 13 MB here).  See docs/design.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../util/util.h"
#include "syscalls.lskel.h"
#include "syscalls.img.h"
#include "session.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../inject/inject.h"

/* The calls whose buffer strace decodes as netlink messages when their
 * fd is a netlink socket: the kernel side looks at the fd at entry
 * (cap_rule.nl) and then reads the buffer whole. */
static bool netlink_call(int nr)
{
	return nr == NR_sendto || nr == NR_recvfrom;
}

/* 1 + the argument when a rule captures one buffer and nothing else (the
 * calls of read and write), which the kernel side writes straight into the
 * ring buffer; 0 otherwise. */
static __u8 fast_capture(const struct cap_rule *r)
{
	int arg = -1;

	if (r->split || r->fdmask || r->fdpair != FDPAIR_NONE)
		return 0;
	for (int i = 0; i < 6; i++) {
		if (r->entry[i])
			return 0;
		if (r->arg[i] == CK_NONE)
			continue;
		if (arg >= 0 || (r->arg[i] != CK_BUF_IN && r->arg[i] != CK_BUF_OUT))
			return 0;
		arg = i;
	}
	return arg + 1;
}

/*
 * The capture rules of the selected calls (no other call reaches the exit
 * program's capture code), written in one batch: one bpf() call instead of
 * one per rule (213 for a full trace, a few microseconds each on this
 * machine's mitigated syscall path), before the command runs.
 */
static int fill_caprules(struct session *s)
{
	static struct cap_rule rules[SYSCALL_TABLE_SIZE];
	static __u32 keys[SYSCALL_TABLE_SIZE];
	int fd = s->skel->maps.caprules.map_fd;
	__u32 n = 0, count;

	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SYSCALL_MAX; nr++) {
		const struct syscall_desc *d = syscall_get(nr);
		struct cap_rule r = { .fdpair = FDPAIR_NONE };
		bool any = false, yy = s->o->decode_fds >= 1;

		if (!d || (d->flags & SCF_NO_FORMAT) || !sel_has(s->o->sel, nr))
			continue;
		/* new fds: fcntl's too (F_DUPFD*; its other results name
		 * no fd, and are looked up for nothing), ioctl's (KVM's that
		 * create a VM or vCPU: the kernel side tests the request) */
		if (yy && (d->ret == RK_FD || (d->fx & FX_DUP) || nr == NR_ioctl)) {
			r.fdmask |= FDM_RESULT;
			any = true;
		}
		for (int i = 0; i < d->nargs; i++) {
			struct arg_capture c;

			if (yy && (d->args[i].kind == AK_FD || d->args[i].kind == AK_DIRFD)) {
				r.fdmask |= 1 << i;
				any = true;
			}
			if (yy && d->args[i].kind == AK_FD_PAIR)
				r.fdpair = i;
			if (!arg_capture(&d->args[i], &c))
				continue;
			/* -v: getdents' and getdents64's entries themselves
			 * (strace -v lists them) */
			if (c.ck == CK_WHOLE_OUT &&
			    (!s->o->no_abbrev || (nr != NR_getdents64 && nr != NR_getdents)))
				continue;
			r.arg[i] = c.ck;
			r.size[i] = c.size | (c.upto_page ? CAPR_UPTO_PAGE_SIZE : 0);
			r.len_arg[i] = c.len_arg;
			r.entry[i] = c.entry | (c.upto_page && c.entry ? ENTRY_UPTO_PAGE : 0);
			r.split |= c.ck == CK_ARGV;	/* execve: two halves */
			any = true;
		}
		if (!any)
			continue;
		r.nl = netlink_call(nr);
		r.fast = fast_capture(&r);
		r.caps = 1;
		keys[n] = nr;
		rules[n++] = r;
	}
	count = n;
	if (!n || !bpf_map_update_batch(fd, keys, rules, &count, NULL))
		return 0;
	/* a kernel without batch updates for arrays (before 5.10) */
	for (__u32 i = 0; i < n; i++)
		if (bpf_map_update_elem(fd, &keys[i], &rules[i], BPF_ANY))
			return -errno;
	return 0;
}

/*
 * -c: the summary maps are preallocated (bpf/summary.bpf.inc), so size them to
 * what can be needed: without --by, one row per syscall number and one
 * histogram slot per selected call on each CPU; with --by, a table of
 * (group, syscall) pairs.  Histograms (4.6 KiB per slot and CPU) are kept
 * within a memory budget; calls beyond it are counted, not in a histogram.
 */
#define SUM_GROUPS 4096
#define SUM_HIST_BUDGET (8u << 20)

static void size_summary(struct session *s)
{
	int ncpu = libbpf_num_possible_cpus(), nsel = 0;
	uint32_t need, fit;

	if (!s->o->summary)
		return;
	if (ncpu < 1)
		ncpu = 1;
	for (int nr = 0; nr < SYSCALL_MAX; nr++)
		nsel += sel_has(s->o->sel, nr);
	if (s->o->by == BY_NONE) {
		s->skel->maps.sum_nr.max_entries = SYSCALL_MAX;
		need = nsel ? nsel : 1;
	} else {
		s->skel->maps.summ.max_entries = SUM_GROUPS;
		need = SUM_GROUPS;
	}
	fit = SUM_HIST_BUDGET / (sizeof(struct sum_hist) * ncpu);
	s->hist_slots = need < fit ? need : fit ? fit : 1;
	s->skel->maps.sum_hists.max_entries = s->hist_slots;
}

static int syscalls_load_raw(struct syscalls_bpf *skel)
{
	return bpfimg_load(&img_image, skel);
}

int bpf_setup_load(struct session *s)
{
	const struct options *o = s->o;
	int err;

	s->skel = syscalls_bpf__open();
	if (!s->skel)
		return -errno ? -errno : -ENOMEM;
	s->skel->rodata->self_tgid = getpid();
	s->skel->rodata->target_all = o->all;
	s->skel->rodata->cgroup_on = o->cgroup != NULL;
	s->skel->rodata->follow_forks = o->follow;
	s->skel->rodata->detach_on_exec = o->detach_on_execve;
	s->skel->rodata->status_mask = o->status_mask;
	s->skel->rodata->str_max = o->strsize > STR_CAP_MAX ? STR_CAP_MAX : o->strsize;
	s->skel->rodata->show_env = o->no_abbrev;
	s->skel->rodata->fd_infos = o->decode_fds >= 1;
	s->skel->rodata->dumping = o->dumping;
	memcpy((void *)s->skel->rodata->dump_read, o->dump_read.bits, sizeof(o->dump_read.bits));
	memcpy((void *)s->skel->rodata->dump_write, o->dump_write.bits, sizeof(o->dump_write.bits));
	s->skel->rodata->dump_read_high = o->dump_read.high;
	s->skel->rodata->dump_write_high = o->dump_write.high;
	memcpy((void *)s->skel->rodata->dump_read_flip, o->dump_read.flip, sizeof(o->dump_read.flip));
	memcpy((void *)s->skel->rodata->dump_write_flip, o->dump_write.flip,
	       sizeof(o->dump_write.flip));
	memcpy((void *)s->skel->rodata->sel, o->sel, sizeof(o->sel));
	if (o->debug && o->sel_given) {
		/* what -e trace= chose, by name: a class is strace's (tested) */
		fprintf(stderr, "strobe: -e trace= selects:");
		for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SYSCALL_MAX; nr++)
			if (((o->sel[nr >> 6] >> (nr & 63)) & 1) && syscall_get(nr))
				fprintf(stderr, " %s", syscall_get(nr)->name);
		fputc('\n', stderr);
	}
	memcpy((void *)s->skel->rodata->quiet_sel, o->quiet_sel, sizeof(o->quiet_sel));
	/* the calls that read a struct at entry too, or with -yy describe
	 * their fds: a bit tested per call */
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SYSCALL_MAX; nr++) {
		const struct syscall_desc *d = syscall_get(nr);

		for (int i = 0; d && i < d->nargs; i++) {
			struct arg_capture c;

			/* ioctl: UFFDIO_API's features as given (capture_rules.bpf.inc) */
			/* io_submit: the iocbs' keys, which the kernel
			 * overwrites (capture_rules.bpf.inc) */
			if ((arg_capture(&d->args[i], &c) && c.entry) || netlink_call(nr) ||
			    nr == NR_ioctl || nr == NR_io_submit ||
			    (o->decode_fds >= 1 &&
			     (d->args[i].kind == AK_FD || d->args[i].kind == AK_DIRFD)))
				((__u64 *)s->skel->rodata->entry_sel)[nr >> 6] |= 1ull << (nr & 63);
		}
	}
	/* -e inject=: which calls the filter sends to strobe, and which it
	 * fails by itself (their exits without an entry are injected) */
	for (int nr = 0; o->inject && nr < INJ_NR_MAX && nr < SYSCALL_MAX; nr++) {
		const struct inject_rule *r = &o->inject->rule[nr];

		if (!r->on)
			continue;
		s->skel->rodata->inject_on = 1;
		if (inject_in_filter(r, o->inject->filter_fails))
			((__u64 *)s->skel->rodata->inj_errno_sel)[nr >> 6] |= 1ull << (nr & 63);
		else
			((__u64 *)s->skel->rodata->inj_notify_sel)[nr >> 6] |= 1ull << (nr & 63);
	}
	/* the calls the filter sends to strobe only to have the probes
	 * attached at the first (bpf_calls_lazy): their marks say so */
	struct inject_lazy lz;

	if (bpf_calls_lazy(o, &lz)) {
		__u64 *notify = (__u64 *)s->skel->rodata->inj_notify_sel;

		for (int w = 0; w < INJ_NR_MAX / 64; w++)
			notify[w] |= lz.unknown[w];
		if (lz.clone_ptrace)
			notify[NR_clone >> 6] |= 1ull << (NR_clone & 63);
	}
	/* the marks' hash is preallocated: only injection needs its room */
	if (!o->inject)
		s->skel->maps.injmark.max_entries = 1;
	/* ...and the mappings' LRU hash (16K entries): only -k's */
	if (!o->stack_trace)
		s->skel->maps.maps_seen.max_entries = 1;
	/* ...and --decode-pids=pidns's ids (bpf/pidns.bpf.inc) */
	s->skel->rodata->pidns_on = o->pidns;
	if (!o->pidns)
		s->skel->maps.pidns_ids.max_entries = 1;
	s->skel->maps.rb.max_entries = o->bufsize;
	s->skel->rodata->wake_bytes = o->bufsize / 4;
	s->skel->rodata->do_trace = o->trace;
	s->skel->rodata->do_summary = o->summary;
	s->skel->rodata->summary_by = o->by;
	s->per_syscall = probes_choose(s);
	s->skel->rodata->events_on = o->nevents > 0;
	s->skel->rodata->no_call_probes = !probes_any(o);
	size_summary(s);
	s->skel->rodata->ustack_mode = o->stack_trace ? 2 : o->print_ip ? 1 : 0;
	s->skel->rodata->ustack_bytes = o->stack_bytes;
	/* -dd: the verifier's log, for when the kernel refuses a program */
	static char log[1 << 20];
	if (o->debug >= 2) {
		s->skel->ctx.log_level = 1;
		s->skel->ctx.log_size = sizeof(log);
		s->skel->ctx.log_buf = (long)log;
	}
	/* only the chosen front end's programs, and -k/-i's and -y's code only
	 * when asked for: one of four builds of the same source
	 * (docs/design.md, Loading) */
	bool lean = !s->skel->rodata->ustack_mode && !s->skel->rodata->fd_infos;
	int (*const load[2][2])(struct syscalls_bpf *) = {
		{ syscalls_load_raw, syscalls_load_lean },
		{ syscalls_load_tp, syscalls_load_tp_lean },
	};

	/* programs the session will not attach are not loaded at all
	 * (bpf_setup_attach says which it attaches) */
	if (!o->follow)
		s->skel->progs.on_fork.prog_fd = -1;
	if (!o->nevents)
		s->skel->progs.tp_event.prog_fd = -1;
	if (!o->cmd && !o->trace)
		s->skel->progs.on_exec.prog_fd = -1;
	if (!probes_any(o))
		s->skel->progs.on_sys_enter.prog_fd = s->skel->progs.on_sys_exit.prog_fd =
			s->skel->progs.on_exit_cap.prog_fd = -1;
	if (o->debug)
		fprintf(stderr, "strobe: loading syscalls.bpf.c's %s build%s\n",
			s->per_syscall ? "per-syscall" : "raw",
			lean ? ", lean (no -k/-i/-y code)" : "");
	err = load[s->per_syscall][lean](s->skel);
	if (err && o->debug >= 2 && log[0])
		fprintf(stderr, "strobe: verifier log:\n%s\n", log);
	if (err)
		return err < 0 ? err : -err;
	/* strobe's own loader leaves the globals' maps to be mapped as a
	 * light skeleton's load does */
	{
		s->skel->rodata = skel_finalize_map_data(&s->skel->maps.rodata.initial_value, 4096,
							 PROT_READ, s->skel->maps.rodata.map_fd);
		s->skel->bss = skel_finalize_map_data(&s->skel->maps.bss.initial_value, 4096,
						      PROT_READ | PROT_WRITE, s->skel->maps.bss.map_fd);
		if (!s->skel->rodata || !s->skel->bss)
			return -ENOMEM;
	}
	/* the tail calls (bpf/syscalls.bpf.c, tp_tail): rt_sigreturn's
	 * completion on the per-syscall path (on_sys_exit), and the exit's
	 * captures (on_exit_cap) */
	__u32 slot[2] = { 0, 1 };
	int tail[2] = { s->skel->progs.on_sys_exit.prog_fd, s->skel->progs.on_exit_cap.prog_fd };

	for (int i = !s->per_syscall; i < 2 && tail[i] > 0; i++)
		if (bpf_map_update_elem(s->skel->maps.tp_tail.map_fd, &slot[i], &tail[i], BPF_ANY))
			return -errno;
	if (o->pidns && s->fmt)
		formatter_set_pidns_map(s->fmt, s->skel->maps.pidns_ids.map_fd);
	if (o->cgroup && (err = cgroup_select(s->skel->maps.cgroup_sel.map_fd, o->cgroup)))
		return err;
	return fill_caprules(s);
}

void bpf_setup_destroy(struct session *s)
{
	bpf_setup_detach(s);
	if (s->skel) {
		syscalls_bpf__destroy(s->skel);
		s->skel = NULL;
	}
	lskel_release();
	if (s->tracefs >= 0) {
		close(s->tracefs);	/* a private mount goes away with it */
		s->tracefs = -1;
	}
}

int64_t bpf_live_threads(struct session *s)
{
	return __atomic_load_n(&s->skel->bss->live, __ATOMIC_ACQUIRE);
}

uint64_t bpf_follow_failed(struct session *s)
{
	return s->skel->bss->follow_failed;
}

void bpf_ustack_counts(struct session *s, uint64_t *stack_short, uint64_t *maps_failed,
		       uint64_t *maps_trunc)
{
	*stack_short = s->skel->bss->ustack_short;
	*maps_failed = s->skel->bss->maps_failed;
	*maps_trunc = s->skel->bss->maps_trunc;
}

uint64_t bpf_lost_total(struct session *s)
{
	struct { uint64_t total, pending; } *vals;
	int ncpu = libbpf_num_possible_cpus();
	uint64_t sum = 0;
	__u32 zero = 0;

	if (s->detached)
		return s->lost_final;
	if (ncpu <= 0)
		return 0;
	vals = calloc(ncpu, sizeof(*vals));
	if (!vals)
		return 0;
	if (!bpf_map_lookup_elem(s->skel->maps.lostc.map_fd, &zero, vals))
		for (int i = 0; i < ncpu; i++)
			sum += vals[i].total;
	free(vals);
	return sum;
}

/* Syscall tracepoints run their programs with preemption off: only an
 * interrupt's program nested in ours makes the kernel skip a run. */
uint64_t bpf_missed_total(struct session *s)
{
	if (s->detached)
		return s->missed_final;
	return lskel_missed(&s->skel->progs, sizeof(s->skel->progs));
}

int bpf_ringbuf_fd(struct session *s)
{
	return s->skel->maps.rb.map_fd;
}

int bpf_inject_mark_fd(struct session *s)
{
	return s->inj_probes ? s->skel->maps.injmark.map_fd : -1;
}

void bpf_summary_maps(struct session *s, struct sum_maps *m)
{
	m->by = s->o->by;
	m->counts = m->by == BY_NONE ? s->skel->maps.sum_nr.map_fd : s->skel->maps.summ.map_fd;
	m->hists = s->skel->maps.sum_hists.map_fd;
	m->next = s->skel->maps.sum_next.map_fd;
	m->nslots = s->hist_slots;
}

uint64_t bpf_summary_not_counted(struct session *s)
{
	return s->skel->bss->summary_full;
}

uint64_t bpf_summary_not_in_hist(struct session *s)
{
	return s->skel->bss->summary_nohist;
}

uint64_t bpf_verified_insns(struct session *s)
{
	/* the skeleton's progs are a struct of { int prog_fd; } */
	const int *fds = (const int *)&s->skel->progs;
	size_t n = sizeof(s->skel->progs) / sizeof(int);
	uint64_t sum = 0;

	for (size_t i = 0; i < n; i++) {
		struct bpf_prog_info info = { 0 };
		__u32 len = sizeof(info);

		if (fds[i] > 0 && !bpf_obj_get_info_by_fd(fds[i], &info, &len))
			sum += info.verified_insns;
	}
	return sum;
}
