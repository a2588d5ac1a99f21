// SPDX-License-Identifier: GPL-2.0
/*
 * watchpoint: and asyncwatchpoint: probes, hardware breakpoints on data
 * (perf's PERF_TYPE_BREAKPOINT; x86 has four debug registers):
 *
 *   watchpoint:ADDR:LEN:MODE            ADDR in the process of -p or -c
 *   watchpoint:FUNC+argN:LEN:MODE       the address FUNC gets as argument N
 *
 * The second form is two programs: a uprobe on FUNC (the "setup") sends
 * the argument's value to user space and, unless asynchronous, stops the
 * process (bpf_send_signal(SIGSTOP)) so it cannot write there before the
 * breakpoint exists; user space then opens the breakpoint on the process
 * with the program of the probe's body, and sends SIGCONT.  An address
 * seen before is not watched twice; a new one takes another register, and
 * when none is left bpftrace's message is printed.  unwatch(ADDR) closes
 * every breakpoint on ADDR.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>

#include "lang.h"

static const int arg_regs[] = { 112, 104, 96, 88, 72, 64 };	/* pt_regs: di si dx cx r8 r9 */

static pid_t target(const struct compiler *c)
{
	return c->pid > 0 ? c->pid : c->cpid > 0 ? c->cpid : 0;
}

int watchpoint_expand(struct compiler *c, const struct provider *pv, int pi, int ai,
		      char part[4][256], int n)
{
	const struct attach *a = &c->prog->probes[pi].ap[ai];
	char exe[4096], name[4600], *end, *plus;
	uint64_t len, addr = 0;
	uint8_t type = 0;
	ssize_t got;
	pid_t pid = target(c);
	struct probe_point *p;

	if (n != 4)
		return lang_error(c->src, a->l, "%s probes are %s:ADDRESS:LENGTH:MODE or "
				  "%s:FUNC+argN:LENGTH:MODE", pv->name, pv->name, pv->name);
	len = strtoull(part[2], &end, 10);
	if (*end || (len != 1 && len != 2 && len != 4 && len != 8))
		return lang_error(c->src, a->l, "%s length must be 1, 2, 4 or 8", pv->name);
	for (const char *m = part[3]; *m; m++) {
		int bit = *m == 'r' ? HW_BREAKPOINT_R : *m == 'w' ? HW_BREAKPOINT_W :
			  *m == 'x' ? HW_BREAKPOINT_X : -1;

		if (bit < 0 || (type & bit))
			return lang_error(c->src, a->l, "%s mode must be made of r, w and x, "
					  "each once", pv->name);
		type |= bit;
	}
	if (!type || ((type & HW_BREAKPOINT_X) && type != HW_BREAKPOINT_X))
		return lang_error(c->src, a->l, "%s mode: x cannot be combined with r or w",
				  pv->name);
	if (!pid)
		return lang_error(c->src, a->l, "%s probes watch a process: give -p PID or -c "
				  "CMD", pv->name);
	if (c->pid > 0) {
		snprintf(name, sizeof(name), "/proc/%d/exe", pid);
		got = readlink(name, exe, sizeof(exe) - 1);
		if (got < 0)
			return lang_error(c->src, a->l, "cannot read %s: %s", name,
					  strerror(errno));
		exe[got] = 0;
	} else {
		/* -c's program, not run yet: its first word, as the shell finds it */
		char word[256], err[512];

		snprintf(word, sizeof(word), "%.*s", (int)strcspn(c->cmd, " \t"), c->cmd);
		if (probe_find_lib(word, 0, exe, sizeof(exe), err, sizeof(err)))
			return lang_error(c->src, a->l, "%s", err);
	}
	plus = strchr(part[1], '+');
	if (!plus) {
		addr = strtoull(part[1], &end, 0);
		if (*end || !isdigit((unsigned char)part[1][0]))
			return lang_error(c->src, a->l, "%s: '%s' is neither an address nor "
					  "FUNC+argN", pv->name, part[1]);
		snprintf(name, sizeof(name), "%s:%s:%llu:%llu:%s", pv->name, exe,
			 (unsigned long long)addr, (unsigned long long)len, part[3]);
		p = add_point(c, pv->kind, pi, ai, name, "");
		p->wp_addr = addr;
		p->wp_len = len;
		p->wp_type = type;
		return 0;
	}
	*plus = 0;
	if (strncmp(plus + 1, "arg", 3) || !isdigit((unsigned char)plus[4]) ||
	    strtol(plus + 4, &end, 10) > 5 || *end)
		return lang_error(c->src, a->l, "%s: after '+' comes arg0 to arg5", pv->name);
	/* each function matching: a setup uprobe and a watchpoint of its own */
	{
		struct probe_spec s = { .kind = PK_UPROBE, .target = exe, .name = part[1] };
		struct probe_set set;
		char err[4600];
		int argn = atoi(plus + 4);

		if (probe_resolve(&s, c->pid, &set, err, sizeof(err)))
			return lang_error(c->src, a->l, "%s", err);
		for (size_t i = 0; i < set.n; i++) {
			int wp;

			snprintf(name, sizeof(name), "%s:%s:%s:%llu:%s", pv->name, exe,
				 set.loc[i].name, (unsigned long long)len, part[3]);
			p = add_point(c, pv->kind, pi, ai, name, set.loc[i].name);
			p->wp_len = len;
			p->wp_type = type;
			wp = c->npts - 1;
			snprintf(name, sizeof(name), "uprobe:%s:%s", exe, set.loc[i].name);
			p = add_point(c, P_UPROBE, pi, ai, name, set.loc[i].name);
			p->wp_setup = true;
			p->wp_point = wp;
			p->wp_arg = argn;
			p->wp_async = pv->kind == P_ASYNCWATCHPOINT;
			if (probe_set_add(&p->set, set.loc[i].name, set.loc[i].addr,
					  set.loc[i].offset))
				abort();
			p->set.kind = PK_UPROBE;
			if (!(p->set.path = strdup(set.path)))
				abort();
		}
		probe_set_free(&set);
	}
	return 0;
}

/* The setup program: the argument to user space, the process stopped. */
int watchpoint_gen_setup(struct compiler *c, struct probe_point *pt, struct gen *g)
{
	int rec, fi = fmt_add(c, REC_WATCH, NULL);

	c->fmts[fi].map = pt->wp_point;
	c->fmts[fi].size = 16;
	memset(g, 0, sizeof(*g));
	g->c = c;
	g->exit_label = label_new(g);
	emit(g, MOV64_REG(R6, BPF_REG_1));
	gen_stop_check(g, pt);
	rec = stack_alloc(g, 16);
	emit_ld64(g, R1, (uint64_t)REC_WATCH << 32 | (uint32_t)fi);
	emit(g, STX_MEM(BPF_DW, R10, R1, rec));
	emit(g, LDX_MEM(BPF_DW, R0, R6, arg_regs[pt->wp_arg]));
	emit(g, STX_MEM(BPF_DW, R10, R0, rec + 8));
	gen_output(g, rec, 16);
	if (!pt->wp_async) {
		emit(g, MOV64_IMM(R1, SIGSTOP));
		emit(g, CALL(BPF_FUNC_send_signal));
	}
	label_here(g, g->exit_label);
	emit(g, MOV64_IMM(R0, 0));
	emit(g, EXIT());
	return labels_resolve(g) ? -1 : 0;
}

static int breakpoint_open(struct compiler *c, struct probe_point *pt, uint64_t addr)
{
	struct perf_event_attr a = {
		.size = sizeof(a), .type = PERF_TYPE_BREAKPOINT, .bp_type = pt->wp_type,
		.bp_addr = addr, .bp_len = pt->wp_len, .sample_period = 1, .wakeup_events = 1,
		.precise_ip = 2,
	};
	int fd = syscall(SYS_perf_event_open, &a, target(c), -1, -1, PERF_FLAG_FD_CLOEXEC);
	int *fds;
	uint64_t *addrs;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, pt->prog_fd) || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		int err = -errno;

		close(fd);
		return err;
	}
	fds = realloc(pt->fds, (pt->nfds + 1) * sizeof(*fds));
	addrs = realloc(pt->wp_addrs, (pt->nfds + 1) * sizeof(*addrs));
	if (fds)
		pt->fds = fds;
	if (addrs)
		pt->wp_addrs = addrs;
	if (!fds || !addrs) {
		close(fd);
		return -ENOMEM;
	}
	pt->fds[pt->nfds] = fd;
	pt->wp_addrs[pt->nfds++] = addr;
	return 0;
}

int watchpoint_attach(struct compiler *c, struct probe_point *pt)
{
	int err;

	if (!pt->wp_addr)
		return 0;	/* FUNC+argN: when the setup probe says where */
	err = breakpoint_open(c, pt, pt->wp_addr);
	if (err == -ENOSPC)
		fprintf(c->out, "Failed to attach watchpoint probe. You are out of watchpoint "
			"registers.\n");
	else if (err)
		fprintf(stderr, "strobe: cannot attach %s: %s\n", pt->name, strerror(-err));
	return err ? -1 : 0;
}

void watchpoint_on_record(struct compiler *c, const struct fmt_def *f, uint64_t addr)
{
	struct probe_point *pt;
	int err;

	if (f->map < 0 || f->map >= c->npts)
		return;
	pt = &c->pts[f->map];
	/* the same address again: watched already (another one: one more) */
	if (addr && pt->wp_addr != addr) {
		pt->wp_addr = addr;
		err = breakpoint_open(c, pt, addr);
		if (err == -ENOSPC)
			fprintf(c->out, "Failed to attach watchpoint probe. You are out of "
				"watchpoint registers.\n");
		else if (err)
			fprintf(stderr, "strobe: cannot attach %s at 0x%llx: %s\n", pt->name,
				(unsigned long long)addr, strerror(-err));
	}
	if (pt->kind != P_ASYNCWATCHPOINT && target(c))
		kill(target(c), SIGCONT);
}

void watchpoint_unwatch(struct compiler *c, uint64_t addr)
{
	for (int i = 0; i < c->npts; i++) {
		struct probe_point *pt = &c->pts[i];
		int k = 0;

		if (pt->kind != P_WATCHPOINT && pt->kind != P_ASYNCWATCHPOINT)
			continue;
		for (int j = 0; j < pt->nfds; j++) {
			if (pt->wp_addrs[j] == addr) {
				close(pt->fds[j]);
				continue;
			}
			pt->fds[k] = pt->fds[j];
			pt->wp_addrs[k++] = pt->wp_addrs[j];
		}
		pt->nfds = k;
	}
}
