// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event_open with attributes of each kind strace decodes: software,
 * hardware, hardware cache, tracepoint, raw, breakpoint and a dynamic PMU
 * type; counting and sampling (period and frequency), watermarks, user
 * stacks and registers, a clock, and sizes of each version and none.
 * Events that open are closed at once; the others fail as they fail.
 */
#define _GNU_SOURCE
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static char buf[256];

static void open_it(struct perf_event_attr *a, int pid, int cpu, unsigned long flags)
{
	long fd = syscall(SYS_perf_event_open, a, pid, cpu, -1, flags);

	if (fd >= 0)
		close(fd);
}

int main(void)
{
	struct perf_event_attr *a = (void *)buf;

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_SOFTWARE;
	a->size = PERF_ATTR_SIZE_VER7;
	a->config = PERF_COUNT_SW_TASK_CLOCK;
	a->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	a->disabled = 1;
	a->inherit = 1;
	a->exclude_guest = 1;
	open_it(a, 0, -1, PERF_FLAG_FD_CLOEXEC);

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_SOFTWARE;
	a->size = PERF_ATTR_SIZE_VER5;
	a->config = PERF_COUNT_SW_CPU_CLOCK;
	a->freq = 1;
	a->sample_freq = 99;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_CALLCHAIN |
		PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
	a->sample_regs_user = 0xff0fff;
	a->sample_stack_user = 8192;
	a->exclude_kernel = 1;
	a->use_clockid = 1;
	a->clockid = CLOCK_MONOTONIC;
	a->watermark = 1;
	a->wakeup_watermark = 4096;
	a->precise_ip = 2;
	a->mmap = a->comm = a->task = a->sample_id_all = a->mmap2 = 1;
	open_it(a, 0, -1, PERF_FLAG_FD_CLOEXEC | PERF_FLAG_FD_OUTPUT);

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_HARDWARE;
	a->size = PERF_ATTR_SIZE_VER0;
	a->config = PERF_COUNT_HW_INSTRUCTIONS;
	a->sample_period = 100000;
	a->sample_type = PERF_SAMPLE_BRANCH_STACK;
	a->branch_sample_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER;
	a->wakeup_events = 3;
	a->pinned = 1;
	a->precise_ip = 3;
	open_it(a, -1, 0, 0);

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_HW_CACHE;
	a->size = PERF_ATTR_SIZE_VER6;
	a->config = PERF_COUNT_HW_CACHE_L1D | PERF_COUNT_HW_CACHE_OP_READ << 8 |
		PERF_COUNT_HW_CACHE_RESULT_MISS << 16;
	a->exclude_hv = 1;
	a->precise_ip = 1;
	open_it(a, 0, -1, PERF_FLAG_PID_CGROUP);
	/* flags is an unsigned long: unknown bits above 32 shown too */
	open_it(a, 0, -1, PERF_FLAG_FD_CLOEXEC | 0xdead000000000000UL);

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_TRACEPOINT;
	a->size = sizeof(*a);
	a->config = 316;
	a->sample_period = 1;
	a->sample_type = PERF_SAMPLE_RAW;
	open_it(a, 0, -1, PERF_FLAG_FD_NO_GROUP);

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_RAW;
	a->size = PERF_ATTR_SIZE_VER1;
	a->config = 0x1c0;
	a->config1 = 0x5;
	open_it(a, 0, -1, 0);

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_BREAKPOINT;
	a->size = PERF_ATTR_SIZE_VER7;
	a->bp_type = HW_BREAKPOINT_W;
	a->bp_addr = (unsigned long)buf;
	a->bp_len = HW_BREAKPOINT_LEN_4;
	a->sample_period = 1;
	a->sigtrap = 1;
	a->remove_on_exec = 1;
	a->sig_data = 0x1234;
	open_it(a, 0, -1, 0);

	memset(buf, 0, sizeof(buf));
	a->type = 9;		/* a dynamic PMU's (uprobe's, say) */
	a->size = 0;
	a->config = 0x8000000000000000ull;
	a->config1 = 0x1000;
	a->config2 = 0x400;
	a->aux_watermark = 7;
	a->sample_max_stack = 64;
	a->aux_sample_size = 9;
	a->inherit_thread = a->text_poke = a->build_id = a->cgroup = 1;
	open_it(a, 0, -1, 0);

	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_SOFTWARE;
	a->size = 160;		/* larger than the kernel knows */
	a->config = 0x77;	/* no such software event */
	buf[150] = 1;
	open_it(a, 0, -1, 0x80);
	a->size = 136;		/* PERF_ATTR_SIZE_VER8, newer than strace 6.1 */
	a->config = PERF_COUNT_SW_DUMMY;
	open_it(a, 0, -1, PERF_FLAG_FD_CLOEXEC | 0x80);

	/* branch sampling; every sample and read-format bit, known or not;
	 * the reserved bits */
	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_SOFTWARE;
	a->size = PERF_ATTR_SIZE_VER2;
	a->sample_type = PERF_SAMPLE_BRANCH_STACK;
	a->branch_sample_type = 0x1fffff;
	a->__reserved_1 = 5;
	open_it(a, 0, -1, 0);
	a->sample_type = 0x7ffffff;
	a->read_format = 0x3f;
	open_it(a, 0, -1, 0);
	a->sample_type = 0x80000000;
	a->read_format = 0x40;
	open_it(a, 0, -1, 0);

	/* every software, hardware and cache event, and some that are not;
	 * the hybrid PMU's type in the upper half */
	memset(buf, 0, sizeof(buf));
	a->size = PERF_ATTR_SIZE_VER0;
	for (int i = 0; i < 14; i++) {
		a->type = PERF_TYPE_SOFTWARE;
		a->config = i;
		open_it(a, 0, -1, 0);
		a->type = PERF_TYPE_HARDWARE;
		open_it(a, 0, -1, 0);
		a->type = PERF_TYPE_HW_CACHE;
		a->config = i | (i % 5) << 8 | (i % 3) << 16;
		open_it(a, 0, -1, 0);
	}
	a->config = 0x305010203ull;
	open_it(a, 0, -1, 0);
	a->type = PERF_TYPE_HARDWARE;
	a->config = 0x300000001ull;
	open_it(a, 0, -1, 0);
	a->type = PERF_TYPE_SOFTWARE;
	open_it(a, 0, -1, 0);
	a->type = PERF_TYPE_TRACEPOINT;
	a->config = 0xffffffffffull;
	open_it(a, 0, -1, 0);
	a->type = 6;
	open_it(a, 0, -1, 0);

	/* breakpoint types, valid or not, and the watermark; a group leader
	 * that exists (-y shows it) */
	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_BREAKPOINT;
	a->size = PERF_ATTR_SIZE_VER1;
	a->watermark = 1;
	a->wakeup_watermark = 5;
	for (int t = 0; t < 9; t++) {
		a->bp_type = t;
		a->bp_len = t * 1000;
		open_it(a, 0, -1, 0);
	}
	a->size = PERF_ATTR_SIZE_VER3;
	a->use_clockid = 1;
	a->clockid = 77;
	a->sample_type = PERF_SAMPLE_STACK_USER;
	open_it(a, 0, -1, 0);
	memset(buf, 0, sizeof(buf));
	a->type = PERF_TYPE_SOFTWARE;
	a->size = PERF_ATTR_SIZE_VER0;
	a->config = PERF_COUNT_SW_DUMMY;
	{
		long leader = syscall(SYS_perf_event_open, a, 0, -1, -1, 0);

		open_it(a, 0, -1, 0);
		syscall(SYS_perf_event_open, a, 0, -1, leader, 0);
	}
	open_it(NULL, 0, -1, 0);
	open_it((void *)8, 0, -1, 0);
	return 0;
}
