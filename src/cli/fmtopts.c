// SPDX-License-Identifier: GPL-2.0
/* What the command line asks of the formatter, for live traces and for
 * reports alike; each caller then sets what only it knows. */
#include "cli.h"
#include "../output/output.h"

void options_fmt(const struct options *o, struct fmt_opts *fo)
{
	*fo = (struct fmt_opts){
		.timestamps = o->timestamps, .relative = o->relative,
		.ts_prec = o->ts_prec, .rel_prec = o->rel_prec, .times_prec = o->times_prec,
		.syscall_times = o->syscall_times, .strsize = o->strsize,
		.json = o->json && !o->summary,
		.decode_fds = o->decode_fds,
		.decode_fd_set = !o->decode_fds ? 0 : o->decode_fd_set ? o->decode_fd_set :
				 o->decode_fds >= 2 ? DFD_ALL : DFD_PATH,
		.paths = o->paths, .npaths = o->npaths,
		.print_ip = o->print_ip, .stack_trace = o->stack_trace,
		.columns = o->columns, .numbers = o->syscall_numbers,
		.quiet_exit = o->quiet & QUIET_EXIT,
		.quiet_superseded = o->quiet & QUIET_THREAD_EXECVE,
		.ptrace_children = o->mode == MODE_TRACE && !o->follow && !(o->quiet & QUIET_ATTACH),
		.status_filtered = (o->status_mask & ST_ALL) != ST_ALL, .signals = o->signals,
		.raw = o->raw_some ? o->raw_sel : NULL,
		.abbrev = o->abbrev_some ? o->abbrev_sel : NULL,
		.verbose = o->verbose_given ? o->verbose_sel : NULL,
		.comm = o->decode_comm, .pidns = o->pidns,
	};
}
