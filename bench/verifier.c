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
 *
 * VISITS=N: the verifier's full log instead (level 2), and for each
 * function how many instructions it went through against how many
 * distinct ones, then the N source lines it went through most often
 * more than once: a stretch walked once per path that does not merge
 * (docs/design.md, Loading).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#define MAX_PROGS 64
#define LOG_SIZE (1 << 16)
#define VLOG_SIZE (64 << 20)
#define MAX_INSNS 65536

/* VISITS: the level-2 log's instruction lines ("123: (bf) r1 = r6"),
 * counted per instruction; source lines ("; code @ file:line") name them */
static void visits(const char *log, int top)
{
	static unsigned short count[MAX_INSNS];
	static const char *src[MAX_INSNS];
	const char *line = log, *cur = "?", *fn = "main";
	long distinct = 0, total = 0;

	memset(count, 0, sizeof(count));
	for (; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line)) {
		int i, at = 0;

		if (!strncmp(line, "Validating ", 11)) {
			if (total)
				printf("    %-28.*s %6ld processed, %6ld distinct\n",
				       (int)strcspn(fn, "\n"), fn, total, distinct);
			fn = line + 11;
			total = distinct = 0;
			continue;
		}
		if (line[0] == ';') {
			cur = line + 2;
			continue;
		}
		if (sscanf(line, "%d%n", &i, &at) != 1 || i < 0 || i >= MAX_INSNS ||
		    strncmp(line + at, ": (", 3))
			continue;
		total++;
		if (!count[i]++) {
			distinct++;
			src[i] = cur;
		}
	}
	if (total)
		printf("    %-28.*s %6ld processed, %6ld distinct\n",
		       (int)strcspn(fn, "\n"), fn, total, distinct);
	while (top-- > 0) {
		int best = -1;

		for (int i = 0; i < MAX_INSNS; i++)
			if (count[i] > 1 && (best < 0 || count[i] > count[best]))
				best = i;
		if (best < 0)
			break;
		printf("    %4ux insn %5d  %.*s\n", count[best], best,
		       (int)strcspn(src[best], "\n"), src[best]);
		/* one row per source line: its other instructions go too */
		for (int i = 0; i < MAX_INSNS; i++)
			if (count[i] > 1 && src[i] == src[best] && i != best)
				count[i] = 0;
		count[best] = 0;
	}
}

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
	static char *logs[MAX_PROGS];
	const char *v = getenv("VISITS");
	size_t size = v ? VLOG_SIZE : LOG_SIZE;
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
		logs[n] = calloc(1, size);
		if (!logs[n])
			return 1;
		bpf_program__set_log_level(p, v ? 2 | 4 : 4);
		bpf_program__set_log_buf(p, logs[n++], size);
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
		if (v)
			visits(log, atoi(v));
	}
	bpf_object__close(obj);
	if (err)
		fprintf(stderr, "%s: load failed (%d)\n", argv[1], err);
	return err ? 1 : 0;
}
