// SPDX-License-Identifier: GPL-2.0
/*
 * `strobe script --info`: what this kernel offers the language, laid out
 * as bpftrace's --info (sections of "name: yes|no"), each answer asked of
 * the kernel (libbpf's probes load a tiny program or create a map).
 */
#include <stdio.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "lang.h"

/* uprobe arguments by name from DWARF (args->name, -lv) */
#define SCRIPT_DWARF_ARGS true

static const char *yes(bool v)
{
	return v ? "yes" : "no";
}

static bool helper(enum bpf_prog_type t, enum bpf_func_id id)
{
	return libbpf_probe_bpf_helper(t, id, NULL) > 0;
}

int script_info(void)
{
	static const struct { const char *name; enum bpf_func_id id; } helpers[] = {
		{ "probe_read", BPF_FUNC_probe_read },
		{ "probe_read_str", BPF_FUNC_probe_read_str },
		{ "probe_read_user", BPF_FUNC_probe_read_user },
		{ "probe_read_user_str", BPF_FUNC_probe_read_user_str },
		{ "probe_read_kernel", BPF_FUNC_probe_read_kernel },
		{ "probe_read_kernel_str", BPF_FUNC_probe_read_kernel_str },
		{ "get_current_cgroup_id", BPF_FUNC_get_current_cgroup_id },
		{ "send_signal", BPF_FUNC_send_signal },
		{ "get_attach_cookie", BPF_FUNC_get_attach_cookie },
		{ "get_numa_node_id", BPF_FUNC_get_numa_node_id },
		{ "ringbuf_output", BPF_FUNC_ringbuf_output },
	};
	static const struct { const char *name; enum bpf_map_type t; } maps[] = {
		{ "hash", BPF_MAP_TYPE_HASH }, { "percpu hash", BPF_MAP_TYPE_PERCPU_HASH },
		{ "array", BPF_MAP_TYPE_ARRAY }, { "percpu array", BPF_MAP_TYPE_PERCPU_ARRAY },
		{ "stack_trace", BPF_MAP_TYPE_STACK_TRACE },
		{ "perf_event_array", BPF_MAP_TYPE_PERF_EVENT_ARRAY },
		{ "ringbuf", BPF_MAP_TYPE_RINGBUF },
	};
	static const struct { const char *name; enum bpf_prog_type t; } progs[] = {
		{ "kprobe", BPF_PROG_TYPE_KPROBE }, { "tracepoint", BPF_PROG_TYPE_TRACEPOINT },
		{ "perf_event", BPF_PROG_TYPE_PERF_EVENT },
		{ "raw_tracepoint", BPF_PROG_TYPE_RAW_TRACEPOINT },
	};
	struct utsname u;

	/* bpftrace's sections and line texts: tools (its own test engine
	 * among them) grep them for "Loop support: yes" and the like */
	if (!uname(&u))
		printf("System\n  OS: %s %s %s\n  Arch: %s\n\n", u.sysname, u.release, u.version,
		       u.machine);
	printf("Build\n  version: strobe %s (the language of bpftrace v0.17.0)\n"
	       "  compiler: strobe's own (no LLVM)\n  unsafe uprobe: no\n  bfd: no\n"
	       "  libdw (DWARF support): %s\n\n", STROBE_VERSION, yes(SCRIPT_DWARF_ARGS));
	printf("Kernel helpers\n");
	for (size_t i = 0; i < sizeof(helpers) / sizeof(helpers[0]); i++)
		printf("  %s: %s\n", helpers[i].name,
		       yes(helper(BPF_PROG_TYPE_KPROBE, helpers[i].id)));
	/* bounded loops: the verifier of 5.3 and later; strobe compiles
	 * while and unroll to real jumps backwards */
	printf("\nKernel features\n  Instruction limit: 1000000\n  Loop support: yes\n"
	       "  btf: %s\n  uprobe_multi: %s\n"
	       "  uprobe refcount (depends on Build:bcc bpf_attach_uprobe refcount): %s\n\n",
	       yes(!access("/sys/kernel/btf/vmlinux", R_OK)), yes(probe_have_uprobe_multi()),
	       yes(!access("/sys/bus/event_source/devices/uprobe/format/ref_ctr_offset", R_OK)));
	printf("Map types\n");
	for (size_t i = 0; i < sizeof(maps) / sizeof(maps[0]); i++)
		printf("  %s: %s\n", maps[i].name,
		       yes(libbpf_probe_bpf_map_type(maps[i].t, NULL) > 0));
	/* what strobe script can attach here (a program type the kernel
	 * has is not enough: kprobes need CONFIG_KPROBES, kfunc needs
	 * fentry, which this kernel refuses) */
	printf("\nProbe types\n");
	for (size_t i = 0; i < sizeof(progs) / sizeof(progs[0]); i++)
		printf("  %s: %s\n", progs[i].name,
		       yes(libbpf_probe_bpf_prog_type(progs[i].t, NULL) > 0 &&
			   (progs[i].t != BPF_PROG_TYPE_KPROBE ||
			    !access("/sys/bus/event_source/devices/kprobe/type", R_OK))));
	printf("  kfunc: no\n  iter:task: no\n  iter:task_file: no\n  kprobe_multi: no\n"
	       "  uprobe: %s\n",
	       yes(!access("/sys/bus/event_source/devices/uprobe/type", R_OK)));
	return 0;
}
