// SPDX-License-Identifier: GPL-2.0
/*
 * The light skeletons' loader fds, held until strobe is done with the
 * traced programs.
 *
 * Why: a light skeleton's loader program is sleepable, and freeing a
 * sleepable program (or a map it used) starts an RCU tasks-trace grace
 * period.  A task that the grace period inspects keeps a mark that sends
 * each of its later rcu_read_unlock_trace() calls down the kernel's slow
 * path, and a syscall tracepoint in use makes one such call per syscall:
 * measured on W1 with -e trace=accept, 3% of the traced command's time for
 * the rest of its life.  Freed when strobe is done, the grace period
 * misses the command.
 */
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "util.h"

static int held[16];
static int nheld;
static bool holding;

void lskel_hold(bool on)
{
	holding = on;
}

int lskel_close(int fd)
{
	if (holding && fd >= 0 && nheld < (int)(sizeof(held) / sizeof(held[0]))) {
		held[nheld++] = fd;
		return 0;
	}
	return close(fd);
}

void lskel_release(void)
{
	while (nheld)
		close(held[--nheld]);
}

uint64_t lskel_missed(const void *progs, size_t size)
{
	/* an array of skel_internal.h's struct bpf_prog_desc, whose one
	 * member is the fd (that header cannot be included twice) */
	const int *fd = progs;
	uint64_t sum = 0;

	for (size_t i = 0; i < size / sizeof(*fd); i++) {
		struct bpf_prog_info info = { 0 };
		__u32 len = sizeof(info);

		if (fd[i] > 0 && !bpf_obj_get_info_by_fd(fd[i], &info, &len))
			sum += info.recursion_misses;
	}
	return sum;
}
