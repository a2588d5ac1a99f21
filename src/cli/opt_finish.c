// SPDX-License-Identifier: GPL-2.0
/*
 * After the last option: what needs them all (conflicts, implied options,
 * defaults that depend on others) and what is left on the command line
 * (the command, or the record file to read).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../../bpf/event.h"
#include "../inject/inject.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"

/* -P: paths[i + 1] is what paths[i], a symbolic link, resolves to */
static bool path_resolved(const struct options *o, int i)
{
	char real[4096];

	return realpath(o->paths[i], real) && strcmp(real, o->paths[i]) &&
	       !strcmp(real, o->paths[i + 1]);
}

static bool selects_any(const uint64_t sel[SEL_WORDS_CLI])
{
	for (int i = 0; i < SEL_WORDS_CLI; i++)
		if (sel[i])
			return true;
	return false;
}

/* report and export: options apply to a record file */
static int finish_reading(struct options *o, int argc, char **argv)
{
	if (optind + 1 < argc)
		return err1("unexpected argument '%s': give one record file", argv[optind + 1]);
	o->infile = optind < argc ? argv[optind] : "strobe.data";
	if (o->mode == MODE_EXPORT && !o->outfile)
		return err1("%s", "export needs -o OUT");
	if (o->all)
		return err1("%s", "--all is for tracing, not reading a record file");
	if (o->timestamps > 3)
		o->timestamps = 3;
	if (!o->summary && (o->hist || o->by)) {
		o->summary = true;
		o->trace = false;
	}
	if (o->summary && o->interval)
		return err1("%s", "--interval is for live summaries");
	return 0;
}

/* -o, -ff, -A, -u, -E, -P: where the lines go and what they need */
static int finish_output(struct options *o, struct opt_state *st)
{
	if (st->follow >= 2)
		o->separately = true;
	if (o->separately && o->summary)
		return err1("%s", "(-c/--summary-only or -C/--summary) and -ff/--output-separately "
			    "are mutually exclusive, as in strace");
	if (o->separately && o->outfile && (o->outfile[0] == '|' || o->outfile[0] == '!'))
		return err1("%s", "piping the output and -ff/--output-separately are mutually "
			    "exclusive, as in strace");
	if (o->separately && o->mode == MODE_RECORD)
		return err1("%s", "-ff is for the trace; a recording is one file");
	if (o->separately && !o->outfile)
		o->separately = false;		/* strace: then it is -f */
	/* as strace: no room left for ".PID" (12 bytes) in a path */
	if (o->separately && strlen(o->outfile) >= PATH_MAX - 12) {
		fprintf(stderr, "strobe: %s: %s\n", o->outfile, strerror(ENAMETOOLONG));
		return -1;
	}
	if (o->append && !o->outfile)
		fprintf(stderr, "strobe: -A/--output-append-mode has no effect without "
			"-o/--output\n");
	if ((o->user || o->nenv_edits) && !o->cmd)
		return err1("%s", "-u and -E apply to a COMMAND strobe starts, not to -p or --all");
	for (int i = 0; i + 1 < o->npaths && !(o->quiet & QUIET_PATH_RESOLUTION); i++)
		if (o->paths[i + 1] && path_resolved(o, i))
			fprintf(stderr, "strobe: Requested path \"%s\" resolved into \"%s\"\n",
				o->paths[i], o->paths[i + 1]);
	if (o->mode == MODE_RECORD) {
		if (!o->outfile)
			o->outfile = "strobe.data";
		if (o->summary || o->json || o->hist)
			return err1("%s", "record writes raw events; ask for summaries with "
				    "strobe report -c");
	}
	return 0;
}

/* -c and its companions, -k, -i: what a summary implies or drops */
static int finish_summary(struct options *o, struct opt_state *st)
{
	/* the summary options imply a summary, as strace's -S does */
	if (!o->summary && (o->hist || o->by || o->interval || o->metrics)) {
		o->summary = true;
		o->trace = false;
	}
	/* as strace: said, and the summary goes on without them */
	if (!o->trace && o->stack_trace) {
		fprintf(stderr, "strobe: -k/--stack-traces has no effect with -c/--summary-only\n");
		o->stack_trace = 0;
	}
	if (!o->trace && o->print_ip) {
		fprintf(stderr, "strobe: -i/--instruction-pointer has no effect with "
			"-c/--summary-only\n");
		o->print_ip = false;
	}
	/* strace's words for summary options without a summary */
	if (st->wall_clock && !o->summary)
		return err1("%s", "-w/--summary-wall-clock must be given with (-c/--summary-only "
			    "or -C/--summary)");
	if (st->sort_given && !o->summary)
		fprintf(stderr, "strobe: -S/--summary-sort-by has no effect without "
			"(-c/--summary-only or -C/--summary)\n");
	return 0;
}

int options_finish(struct options *o, struct opt_state *st, int argc, char **argv)
{
	/* strace's words when -b rules it out, else why it changes nothing */
	if (st->seccomp_given && o->detach_on_execve)
		fprintf(stderr, "strobe: --seccomp-bpf is not enabled because it is not compatible "
			"with -b\n");
	else if (st->seccomp_given)
		note_noop("--seccomp-bpf", "its filters run in the kernel already");
	if (inject_check(o))
		return -1;
	/* strace's words, and as strace no pointer to the help */
	if (st->t_count && st->abs_given) {
		fprintf(stderr, "strobe: -t and --absolute-timestamps cannot be provided "
			"simultaneously\n");
		return -1;
	}
	if (st->x_given && st->hex_given) {
		fprintf(stderr, "strobe: -x and --strings-in-hex cannot be provided "
			"simultaneously\n");
		return -1;
	}
	if (o->strsize > STR_CAP_MAX && o->mode != MODE_REPORT && o->mode != MODE_EXPORT)
		fprintf(stderr, "strobe: -s %d: the kernel side captures %d bytes of a string "
			"at most; longer ones are cut there (with ...)\n", o->strsize,
			STR_CAP_MAX);
	if (o->json && o->trace && !o->summary && (o->stack_trace || o->print_ip))
		return err1("%s", "-k and -i print strace's text lines, not JSON: drop --json");
	if (o->mode == MODE_REPORT || o->mode == MODE_EXPORT)
		return finish_reading(o, argc, argv);
	if (optind < argc)
		o->cmd = argv + optind;
	if (finish_output(o, st))
		return -1;
	if (o->timestamps > 3)
		o->timestamps = 3;
	if (finish_summary(o, st))
		return -1;
	if (!o->stack_bytes)
		o->stack_bytes = 8192;
	/* only signals, exits and forks would go through the ring buffer */
	if (!o->trace && !st->bufsize_given)
		o->bufsize = 64 << 10;
	/* as strace: -q is implied when the output goes to a file or a pipe
	 * and the command is run (not attached to), unless a --quiet=SET
	 * says which (strace: --quiet=personality -o F still says "Detached
	 * unknown pid") */
	if (o->outfile && o->cmd && !st->quiet_level && !o->quiet_given)
		o->quiet |= QUIET_ATTACH | QUIET_PERSONALITY;
	/* -k: every call carries a copy of its stack */
	if (o->stack_trace && !st->bufsize_given)
		o->bufsize = 32 << 20;
	/* -s: room for 32768 calls carrying a whole string each (128 MiB for
	 * -s4096, the most), the burst a program making nothing but such
	 * calls (strace's printstrn tests: 33,000 of them in 0.1 s) puts
	 * ahead of the consumer; 64 MiB lost none with build/strobe, 44 of
	 * them with the slower sanitized build.  The default's 4 MiB hold
	 * -s128 */
	if (o->trace && !st->bufsize_given)
		while (o->bufsize < ((size_t)32768 * (size_t)o->strsize) && o->bufsize < (128 << 20))
			o->bufsize <<= 1;
	/* as strace, whatever the filter: numbers no table names print as
	 * syscall_0x1c3(...) (those the probes see: not with trace=none) */
	if (o->trace && o->sel_given && selects_any(o->sel))
		for (int nr = 0; nr < SEL_WORDS_CLI * 64 && nr < SYSCALL_MAX; nr++)
			if (!syscall_get(nr))
				o->sel[nr / 64] |= 1ull << (nr % 64);
	/* -y with a filter: what the fds are comes from the calls that made
	 * them, so those are traced quietly (strace reads /proc instead,
	 * while the process is stopped; strobe prints later) */
	if (o->mode == MODE_TRACE && o->trace && (o->decode_fds || o->npaths) && o->sel_given)
		options_quiet_fd_calls(o);	/* (-P: which file an fd is, the same way) */
	/* strace without -f still sees the children a clone(CLONE_PTRACE)
	 * makes (the kernel attaches them to it) and says it lets them go:
	 * clone is followed quietly to say so too */
	if (o->mode == MODE_TRACE && o->trace && !o->follow && !(o->quiet & QUIET_ATTACH) &&
	    !o->summary && !((o->sel[NR_clone / 64] >> (NR_clone % 64)) & 1)) {
		o->sel[NR_clone / 64] |= 1ull << (NR_clone % 64);
		o->quiet_sel[NR_clone / 64] |= 1ull << (NR_clone % 64);
		o->has_quiet = true;
	}
	/* -Y without -f: the name of a child it waits for, which is gone by
	 * the time strobe prints the wait (strace reads /proc at its entry):
	 * the calls that make children are followed quietly, and a child
	 * is known by its parent's name when /proc no longer says */
	if (o->mode == MODE_TRACE && o->trace && !o->follow && o->decode_comm && o->sel_given) {
		static const int forks[] = { NR_clone, NR_clone3, NR_fork, NR_vfork };

		for (size_t k = 0; k < sizeof(forks) / sizeof(forks[0]); k++) {
			int nr = forks[k];

			if ((o->sel[nr / 64] >> (nr % 64)) & 1)
				continue;
			o->sel[nr / 64] |= 1ull << (nr % 64);
			o->quiet_sel[nr / 64] |= 1ull << (nr % 64);
			o->has_quiet = true;
		}
	}
	if (o->list)
		return 0;
	/* --cgroup: every task, filtered in the kernel by its cgroup */
	if (o->cgroup && (o->cmd || o->npids))
		return err1("%s", "--cgroup and --container select processes: give no COMMAND or -p");
	if (o->cgroup)
		o->all = true;
	if (!!o->cmd + !!o->npids + o->all == 0)
		return err1("%s", "nothing to trace: give a COMMAND, -p PID or --all");
	/* strace traces a command and -p's processes at once; --all is all */
	if (o->all && (o->cmd || o->npids))
		return err1("%s", "--all traces every process: give no COMMAND or -p PID with it");
	inject_choose_filter(o);	/* once the calls traced are known */
	return 0;
}
