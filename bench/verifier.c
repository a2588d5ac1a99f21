// SPDX-License-Identifier: GPL-2.0
/*
 * What each program of a BPF object costs the kernel's verifier: its
 * verification time and processed instructions, as the kernel reports
 * them (log level 4, BPF_LOG_STATS).  Not a test and not part of strobe;
 * start-up is mostly this (bench/README.md, Session 9).
 *
 *   cc -O2 -o /tmp/verifier bench/verifier.c -lbpf
 *   /tmp/verifier build/syscalls_lean.bpf.o [PROGRAM...]
 *
 * The object is loaded with libbpf (its read-only globals at their
 * defaults, which are strobe's plain trace), not through strobe's light
 * skeleton: the times compare programs and builds, not start-ups.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#define MAX_PROGS 64
#define LOG_SIZE (1 << 16)

static int wanted(const char *name, int argc, char **argv)
{
	if (argc <= 2)
		return 1;
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], name))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	static char logs[MAX_PROGS][LOG_SIZE];
	struct bpf_object *obj;
	struct bpf_program *p;
	int n = 0, err;

	if (argc < 2) {
		fprintf(stderr, "usage: %s OBJECT.bpf.o [PROGRAM...]\n", argv[0]);
		return 2;
	}
	libbpf_set_print(NULL);
	obj = bpf_object__open(argv[1]);
	if (!obj) {
		fprintf(stderr, "%s: cannot open\n", argv[1]);
		return 1;
	}
	bpf_object__for_each_program(p, obj) {
		if (!wanted(bpf_program__name(p), argc, argv) || n == MAX_PROGS) {
			bpf_program__set_autoload(p, false);
			continue;
		}
		bpf_program__set_log_level(p, 4);
		bpf_program__set_log_buf(p, logs[n++], LOG_SIZE);
	}
	err = bpf_object__load(obj);
	n = 0;
	bpf_object__for_each_program(p, obj) {
		const char *log, *t, *insns;

		if (!bpf_program__autoload(p))
			continue;
		log = logs[n++];
		t = strstr(log, "verification time ");
		insns = strstr(log, "processed ");
		printf("%-24s %7ld us  %.*s\n", bpf_program__name(p),
		       t ? atol(t + strlen("verification time ")) : -1L,
		       insns ? (int)strcspn(insns, "\n") : 0, insns ? insns : "");
	}
	bpf_object__close(obj);
	if (err)
		fprintf(stderr, "%s: load failed (%d)\n", argv[1], err);
	return err ? 1 : 0;
}
