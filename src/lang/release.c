// SPDX-License-Identifier: GPL-2.0
/*
 * `strobe script`'s end without waiting for the kernel's teardown.
 *
 * Closing a tracepoint's perf event (or a BPF link on it) waits for RCU
 * grace periods: 35-200 ms per event measured here, most of the run of a
 * short `strobe script X.bt -c CMD`.  So every attached program starts by
 * testing a stop flag (a one-element array map, read through its value's
 * address: three instructions); at the end the flag is set, which makes
 * them inert at once, and the perf events and links go to perf_release's
 * background child (`strobe-release`), which closes them after strobe has
 * gone.  BEGIN and END are run once, not attached: they have no test.
 *
 * The wait for the end of the run is here too: -c's command may end (and
 * its SIGCHLD come) before the wait starts, so the wait watches a pidfd of
 * the command beside the ring buffer instead of counting on the signal.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "lang.h"
#include "../session/session.h"

/* One script per process: the flag's map, -1 when it could not be made
 * (the probes then detach the slow way). */
static int stop_fd = -2;

static int stop_map(void)
{
	if (stop_fd == -2)
		stop_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "strobe_stop", 4, 4, 1, NULL);
	return stop_fd;
}

void gen_stop_check(struct gen *g, const struct probe_point *pt)
{
	int fd;

	if (pt->kind == P_BEGIN || pt->kind == P_END || (fd = stop_map()) < 0)
		return;
	/* r1 = &flag (BPF_PSEUDO_MAP_VALUE: the map's value at offset 0) */
	emit(g, (struct bpf_insn){ .code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = BPF_REG_1,
				   .src_reg = BPF_PSEUDO_MAP_VALUE, .imm = fd });
	emit(g, (struct bpf_insn){ .imm = 0 });
	emit(g, LDX_MEM(BPF_W, BPF_REG_1, BPF_REG_1, 0));
	emit_jmp(g, JMP_IMM(BPF_JNE, BPF_REG_1, 0), g->exit_label);
}

void script_detach(struct compiler *c)
{
	uint32_t zero = 0, one = 1;
	int *fds = NULL, n = 0;

	for (int i = 0; i < c->npts; i++)
		n += c->pts[i].nfds + (int)c->pts[i].link.n;
	if (stop_fd >= 0 && n && (fds = malloc(n * sizeof(*fds))) &&
	    !bpf_map_update_elem(stop_fd, &zero, &one, BPF_ANY)) {
		n = 0;
		for (int i = 0; i < c->npts; i++) {
			for (int j = 0; j < c->pts[i].nfds; j++)
				fds[n++] = c->pts[i].fds[j];
			free(c->pts[i].fds);
			c->pts[i].fds = NULL;
			c->pts[i].nfds = 0;
			/* uprobe links: their unregistering waits too */
			for (size_t j = 0; j < c->pts[i].link.n; j++)
				fds[n++] = c->pts[i].link.fds[j];
			c->pts[i].link.n = 0;
			probe_detach(&c->pts[i].link);
		}
		/* closes strobe's copies; the child closes the last ones */
		perf_release(fds, n);
	} else {
		for (int i = 0; i < c->npts; i++)
			point_detach(&c->pts[i]);
	}
	free(fds);
	if (stop_fd >= 0)
		close(stop_fd);	/* the programs hold the map */
	stop_fd = -2;
}

int script_pidfd(int pid)
{
	return pid > 0 ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
}

int script_wait(struct ring_buffer *rb, int pidfd, int ms)
{
	struct pollfd p[2] = {
		{ .fd = ring_buffer__epoll_fd(rb), .events = POLLIN },
		{ .fd = pidfd, .events = POLLIN },
	};

	if (poll(p, pidfd >= 0 ? 2 : 1, ms) < 0)
		return -errno;
	return ring_buffer__consume(rb);
}
