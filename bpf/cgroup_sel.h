/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --cgroup/--container in the kernel: the cgroup v2 directory user space
 * puts in slot 0 of cgroup_sel (an fd, held by the map), and the current
 * task's membership of it, descendants included, tested by the kernel: a
 * task that joins later is seen with nothing for user space to do.
 */
#ifndef STROBE_CGROUP_SEL_H
#define STROBE_CGROUP_SEL_H

const volatile __u8 cgroup_on = 0;

struct {
	__uint(type, BPF_MAP_TYPE_CGROUP_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} cgroup_sel SEC(".maps");

static __always_inline bool outside_cgroup(void)
{
	return cgroup_on && bpf_current_task_under_cgroup(&cgroup_sel, 0) != 1;
}

#endif
