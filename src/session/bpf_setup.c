// SPDX-License-Identifier: GPL-2.0
/*
 * Load, configure and attach the BPF side.
 *
 * strobe uses a light skeleton: the kernel itself performs the CO-RE
 * relocations and BTF lookups, so user space never parses the kernel's 5 MB
 * of BTF (libbpf's way costs 13 ms and 13 MB here).  See docs/design.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../util/util.h"
#include "syscalls.lskel.h"
#include "syscalls.img.h"
#include "session.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../inject/inject.h"

#define TRACEFS "/sys/kernel/tracing"
static bool is_selected(const uint64_t *sel, int nr)
{
	return (sel[nr >> 6] >> (nr & 63)) & 1;
}

/* 1 + the argument when a rule captures one buffer and nothing else (the
 * calls of read and write), which the kernel side writes straight into the
 * ring buffer; 0 otherwise. */
/* Are syscall probes attached: a call is selected, or an injection has a
 * signal= to send (the syscall probes send it, even with -e trace=none) */
static bool calls_probed(const struct options *o)
{
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE; nr++)
		if (is_selected(o->sel, nr))
			return true;
	return inject_has_signal(o->inject);
}

/*
 * The calls the syscall probes must see: the selected ones, and those the
 * seccomp filter sends to strobe (-e inject=), whose marks and signal=
 * the probes take even when the call is not shown.  The calls the filter
 * fails by itself need no probe unless they are shown: they leave no mark.
 */
static bool probed(const struct options *o, int nr)
{
	const struct inject_rule *r;

	if (is_selected(o->sel, nr))
		return true;
	if (!o->inject || nr >= INJ_NR_MAX)
		return false;
	r = &o->inject->rule[nr];
	return r->on && !inject_in_filter(r, o->inject->filter_fails);
}

/*
 * Do the syscall probes wait for the first call the injection filter
 * sends to strobe (src/inject/notify.c calls back before answering it)?
 * Only when strobe hears of every call they would show or mark: each
 * probed call is sent to strobe by the filter, none failed in the filter
 * (which strobe would not see).  Until then no syscall tracepoint is in
 * use, and the kernel's slow path for traced syscalls, which every call
 * of every task takes while one is (W1: 1.18x), costs nothing: a command
 * that never makes the call runs at the filter's cost alone, as under
 * strace --seccomp-bpf.
 */
bool bpf_calls_lazy(const struct options *o, struct inject_lazy *lz)
{
	struct inject_lazy mine = { 0 };

	memset(lz, 0, sizeof(*lz));
	if (!o->inject || !o->cmd || inject_has_signal(o->inject))
		return false;
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE; nr++) {
		const struct inject_rule *r;

		if (!probed(o, nr))
			continue;
		/* the command's own execve comes before any call strobe could
		 * attach at (the filter's hand-over answers it first) */
		if (nr == NR_execve || nr == NR_execveat)
			return false;
		/* clone followed quietly for strace's words on the child of a
		 * clone(CLONE_PTRACE) (cli/opt_finish.c): the filter sends
		 * those clones to strobe too; not with -Y's, which needs every
		 * child */
		if (nr == NR_clone && !o->decode_comm && is_selected(o->quiet_sel, nr) &&
		    !o->inject->rule[nr].on) {
			mine.clone_ptrace = true;
			continue;
		}
		/* numbers no table names, shown as strace shows them
		 * (syscall_0x1c3): the filter sends them to strobe */
		if (nr < INJ_NR_MAX && !syscall_get(nr) && !o->inject->rule[nr].on) {
			mine.unknown[nr / 64] |= 1ull << (nr % 64);
			continue;
		}
		if (nr >= INJ_NR_MAX)
			return false;
		r = &o->inject->rule[nr];
		if (!r->on || inject_in_filter(r, o->inject->filter_fails))
			return false;
	}
	mine.on = true;
	*lz = mine;
	return true;
}

/* The calls whose buffer strace decodes as netlink messages when their
 * fd is a netlink socket: the kernel side looks at the fd at entry
 * (cap_rule.nl) and then reads the buffer whole. */
static bool netlink_call(int nr)
{
	return nr == NR_sendto || nr == NR_recvfrom;
}

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

		if (!d || (d->flags & SCF_NO_FORMAT) || !is_selected(s->o->sel, nr))
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
 * The per-syscall tracepoints (syscalls:sys_enter_NAME) cost an unselected
 * call nothing but the kernel's bit test; the raw pair (tp_btf on
 * sys_enter/sys_exit) runs strobe's program for every call of every task,
 * which returns at once for unselected ones.  For a selected call the two
 * cost about the same, but each selected call costs two perf events to
 * attach.  Measured on W1 (docs/design.md, Probes): the per-syscall ones
 * win whenever what is selected is not most of what runs, and attaching
 * them costs about 0.1 ms per call; up to TP_AUTO_MAX selected calls they
 * are the default.
 */
#define TP_AUTO_MAX 16

static int resolve_per_syscall(struct session *s);

static bool choose_probes(struct session *s)
{
	int nsel = 0, nsel_known = 0, ninj = 0, nunnamed = 0, err;
	const struct options *o = s->o;
	const char *why;
	bool tp;

	/* -e trace=none without signal=: no syscall probe at all */
	if (!calls_probed(o))
		return false;
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE; nr++) {
		if (!probed(o, nr))
			continue;
		/* numbers no table names (syscall_0x1c3(...), selected by
		 * every filter as in strace) need the raw pair; with named
		 * calls that have tracepoints they are left out rather than
		 * making every call of every task run strobe's program: the
		 * kernel has no such calls, they only ever fail with ENOSYS */
		if (!syscall_get(nr)) {
			nunnamed++;
			continue;
		}
		nsel++;
		ninj += !is_selected(o->sel, nr);
		if (syscall_get(nr) && !(syscall_get(nr)->flags & SCF_NO_FORMAT))
			nsel_known++;
	}
	if (!nsel && !nunnamed)
		return false;

	/* -e inject= needs no raw pair: a call seccomp answers (its error,
	 * or strobe's answer to a notification) never reaches its
	 * sys_enter_NAME but does reach sys_exit_NAME, as it reaches the raw
	 * sys_exit; the exit program knows it by the missing entry
	 * (bpf/inject.bpf.inc) */
	if (o->probe == PROBE_RAW) {
		tp = false;
		why = "--probe=raw";
	} else if (!nsel) {
		tp = false;
		why = "only numbers no table names are selected";
	} else if (nsel != nsel_known) {
		tp = false;
		why = "a selected call has no tracepoint of its own";
	} else if (o->probe == PROBE_TP) {
		tp = true;
		why = "--probe=tp";
	} else if (nsel <= TP_AUTO_MAX) {
		tp = true;
		why = o->inject ? "few calls selected or injected: unselected calls cost nothing, "
				  "and calls seccomp answers reach their exit tracepoint "
				  "(--probe=raw to change)"
				: "few calls selected: unselected calls cost nothing (--probe=raw to change)";
	} else {
		tp = false;
		why = "many calls selected: one probe pair is cheaper to attach "
		      "(--probe=tp to change)";
	}
	/* all looked up now: only the chosen path's programs are loaded */
	if (tp && (err = resolve_per_syscall(s))) {
		tp = false;
		why = err == -ENOENT ? "a selected call's tracepoint is missing"
				     : "tracefs is not available";
	}
	if (o->debug) {
		fprintf(stderr, "strobe: probing %d syscalls", nsel);
		if (ninj)
			fprintf(stderr, " (%d only for -e inject=)", ninj);
		fprintf(stderr, " through %s: %s\n",
			tp ? "their own tracepoints (syscalls:sys_enter_*/sys_exit_*)"
			   : "the raw sys_enter/sys_exit tracepoints (tp_btf)", why);
	}
	return tp;
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
		nsel += is_selected(s->o->sel, nr);
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
			if ((arg_capture(&d->args[i], &c) && c.entry) || netlink_call(nr) ||
			    nr == NR_ioctl ||
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
	s->per_syscall = choose_probes(s);
	s->skel->rodata->events_on = o->nevents > 0;
	s->skel->rodata->no_call_probes = !calls_probed(o);
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
	if (!calls_probed(o))
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

static int add_link(struct session *s, int fd)
{
	if (fd < 0)
		return -errno;
	if (s->nlinks == MAX_LINKS) {
		close(fd);
		return -E2BIG;
	}
	s->links[s->nlinks++] = fd;
	return 0;
}

static int attach_btf(struct session *s, int prog_fd)
{
	return add_link(s, bpf_raw_tracepoint_open(NULL, prog_fd));
}

/* a raw_tp program (no BTF attach target: see tasks.bpf.inc) by its
 * tracepoint's name */
static int attach_raw(struct session *s, const char *tp, int prog_fd)
{
	return add_link(s, bpf_raw_tracepoint_open(tp, prog_fd));
}

/* tracefs's root, opened once per session (see tracefs_open). */
static int tracefs_fd(struct session *s)
{
	const char *how = "";

	if (s->tracefs >= 0)
		return s->tracefs;
	s->tracefs = tracefs_open(&how);
	if (s->o->debug) {
		if (s->tracefs >= 0)
			fprintf(stderr, "strobe: tracepoints through %s\n", how);
		else
			fprintf(stderr, "strobe: cannot open tracefs: %s\n", strerror(-s->tracefs));
	}
	return s->tracefs;
}

static int tracepoint_id(struct session *s, const char *event)
{
	char path[256], buf[32];
	int fd, n, dir = tracefs_fd(s);

	if (dir < 0)
		return dir;
	snprintf(path, sizeof(path), "events/%s/id", event);
	fd = openat(dir, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EINVAL;
	buf[n] = 0;
	return atoi(buf);
}

static int attach_tracepoint_id(struct session *s, int id, int prog_fd, __u64 cookie)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.sample_period = 1,
		.wakeup_events = 1,
	};
	int fd;

	attr.config = id;
	/* one event on one CPU: a BPF program on a tracepoint runs on all */
	fd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* through a link (its cookie tells tp_event which tracepoint fired);
	 * the link and the event are closed by perf_release */
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	int link = bpf_link_create(prog_fd, fd, BPF_PERF_EVENT, &lo);

	if (link < 0 || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		int err = -errno;

		int both[2] = { link, fd };

		if (link >= 0)
			perf_release(both, 2);
		else
			perf_release(&fd, 1);
		return err;
	}
	if (s->nperf + 2 > MAX_LINKS) {
		int both[2] = { link, fd };

		perf_release(both, 2);
		return -E2BIG;
	}
	s->perf[s->nperf++] = link;
	s->perf[s->nperf++] = fd;
	return 0;
}

/* The per-syscall tracepoints' ids, for each selected call; -errno if one
 * is missing (exit and exit_group have no exit event: 0). */
static int resolve_per_syscall(struct session *s)
{
	char ev[96];

	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SYSCALL_MAX; nr++) {
		const struct syscall_desc *d = syscall_get(nr);
		const char *name = d ? (d->event ? d->event : d->name) : NULL;
		int id;

		if (!probed(s->o, nr) || !d)
			continue;
		snprintf(ev, sizeof(ev), "syscalls/sys_enter_%s", name);
		if ((id = tracepoint_id(s, ev)) < 0)
			return id;
		s->tp_ids[nr][0] = id;
		snprintf(ev, sizeof(ev), "syscalls/sys_exit_%s", name);
		id = tracepoint_id(s, ev);
		if (id < 0 && id != -ENOENT)
			return id;
		s->tp_ids[nr][1] = id < 0 ? 0 : id;
	}
	return 0;
}

static int attach_per_syscall(struct session *s)
{
	int err;

	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SYSCALL_MAX; nr++) {
		if (!s->tp_ids[nr][0])
			continue;
		err = attach_tracepoint_id(s, s->tp_ids[nr][0],
					   s->skel->progs.on_sys_enter.prog_fd, 0);
		if (!err && s->tp_ids[nr][1])
			err = attach_tracepoint_id(s, s->tp_ids[nr][1],
						   s->skel->progs.on_sys_exit.prog_fd, 0);
		if (err) {
			fprintf(stderr, "strobe: cannot attach to syscalls:sys_enter_%s: %s "
				"(--probe=raw avoids it)\n", syscall_get(nr)->name, strerror(-err));
			return -EALREADY;
		}
	}
	/* A successful execveat returns through syscalls:sys_exit_execve, not
	 * sys_exit_execveat (seen on 6.18: the new image's registers say
	 * execve); the exit program goes by the call the thread entered, so
	 * execve's exit serves execveat too */
	if (s->tp_ids[NR_execveat][0] && !s->tp_ids[NR_execve][0]) {
		int id = tracepoint_id(s, "syscalls/sys_exit_execve");

		if (id > 0 && (err = attach_tracepoint_id(s, id, s->skel->progs.on_sys_exit.prog_fd, 0))) {
			fprintf(stderr, "strobe: cannot attach to syscalls:sys_exit_execve: %s "
				"(--probe=raw avoids it)\n", strerror(-err));
			return -EALREADY;
		}
	}
	return 0;
}

/* --event: find the tracepoints, tell the kernel side how much of each
 * record to copy, and attach the one generic program to each. */
static int attach_events(struct session *s)
{
	char err[512], ev[300];
	int rc;

	if (tracefs_fd(s) < 0) {
		fprintf(stderr, "strobe: --event needs tracefs (%s); mount it: mount -t tracefs "
			"nodev " TRACEFS "\n", strerror(-s->tracefs));
		return -EALREADY;
	}
	for (int i = 0; i < s->o->nevents; i++)
		if (tp_resolve(&s->tps, s->tracefs, s->o->events[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "strobe: %s\n", err);
			return -EALREADY;
		}
	for (int i = 0; i < s->tps.n; i++) {
		const struct tp_event *t = &s->tps.ev[i];
		__u32 id = t->id, copy = t->copy;
		const char *colon = strchr(t->name, ':');

		if (bpf_map_update_elem(s->skel->maps.tpinfo.map_fd, &id, &copy, BPF_ANY))
			return -errno;
		snprintf(ev, sizeof(ev), "%.*s/%s", (int)(colon - t->name), t->name, colon + 1);
		rc = tracepoint_id(s, ev);
		if (rc >= 0)
			rc = attach_tracepoint_id(s, rc, s->skel->progs.tp_event.prog_fd, t->id);
		if (rc) {
			fprintf(stderr, "strobe: cannot attach to %s: %s\n", t->name, strerror(-rc));
			return -EALREADY;
		}
	}
	if (s->o->debug)
		fprintf(stderr, "strobe: %d tracepoints from --event\n", s->tps.n);
	return 0;
}

int bpf_setup_attach(struct session *s)
{
	const struct options *o = s->o;
	int err;

	/* Probes on one tracepoint run in the order they were attached: the
	 * --event ones go first, so they see a task before on_task_exit
	 * forgets it (sched:sched_process_exit). */
	if (s->o->nevents && (err = attach_events(s)))
		return err;
	if ((err = attach_raw(s, "sched_process_exit", s->skel->progs.on_task_exit.prog_fd)) ||
	    (err = attach_raw(s, "signal_deliver", s->skel->progs.on_signal.prog_fd)) ||
	    (err = attach_btf(s, s->skel->progs.on_signal_generate.prog_fd)))
		return err;
	if (o->follow && (err = attach_btf(s, s->skel->progs.on_fork.prog_fd)))
		return err;
	if ((o->cmd || o->trace) &&
	    (err = attach_raw(s, "sched_process_exec", s->skel->progs.on_exec.prog_fd)))
		return err;
	s->inj_probes = calls_probed(o);
	if (!s->inj_probes)
		return 0;
	struct inject_lazy lz;

	if (bpf_calls_lazy(o, &lz)) {
		s->calls_pending = true;
		if (o->debug)
			fprintf(stderr, "strobe: syscall probes attached at the first call the "
				"filter sends to strobe: every call they would show goes "
				"through it, and until then no syscall tracepoint costs the "
				"command anything\n");
		return 0;
	}
	return bpf_setup_attach_calls(s);
}

int bpf_setup_attach_calls(struct session *s)
{
	int err;

	s->calls_pending = false;
	if (s->per_syscall)
		return attach_per_syscall(s);
	if ((err = attach_btf(s, s->skel->progs.on_sys_enter.prog_fd)) ||
	    (err = attach_btf(s, s->skel->progs.on_sys_exit.prog_fd)))
		return err;
	return 0;
}

void bpf_setup_detach(struct session *s)
{
	/* Programs on perf events (per-syscall tracepoints, --event) are
	 * slow to detach: first made inert, then detached by perf_release
	 * without waiting.  tp_btf links close at once. */
	if (s->skel && s->nperf)
		__atomic_store_n(&s->skel->bss->stopped, 1, __ATOMIC_RELEASE);
	while (s->nlinks)
		close(s->links[--s->nlinks]);
	perf_release(s->perf, s->nperf);
	s->nperf = 0;
	if (s->skel && !s->detached) {
		s->lost_final = bpf_lost_total(s);
		s->missed_final = bpf_missed_total(s);
		s->detached = true;
	}
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
