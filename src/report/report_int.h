/* SPDX-License-Identifier: GPL-2.0 */
/* Inside strobe report/export: the state one pass over a recording keeps. */
#ifndef STROBE_REPORT_INT_H
#define STROBE_REPORT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "report.h"
#include "../output/output.h"
#include "../record/record.h"
#include "../summary/summary.h"
#include "../tracepoint/tracepoint.h"
#include "../../bpf/event.h"

struct name_slot {
	uint32_t tid, pid;
	char comm[16];
};

struct names {
	struct name_slot *slot;
	size_t cap, used;
};

void names_set(struct names *n, uint32_t tid, uint32_t pid, const char *comm);
const char *names_get(const struct names *n, uint32_t tid);
void names_free(struct names *n);

struct rowindex {
	int32_t *slot;
	size_t cap;
};

struct sum_row *rows_get(struct rowindex *x, struct summary *s, uint64_t group, int nr,
			 const char *key_comm);
void rows_free(struct rowindex *x);

struct report {
	const struct options *o;
	struct rec_reader *rd;
	struct writer w;
	struct formatter *fmt;
	bool started, ended;
	/* from the metadata */
	int64_t clock_offset;
	int follow, all, threads;
	char host[256], kernel[256], command[512];
	uint64_t lost;		/* from the end block */
	int fds_at_start;	/* fd paths the recording noted at its start */
	char *fd_meta[64];	/* "PID FD PATH" of those, for -y */
	int nfd_meta;
	/* what was read */
	struct names names;	/* tid -> command name */
	struct names pids;	/* processes seen (--stat) */
	struct summary sum;
	struct rowindex index;
	uint64_t kept, first_ts, last_ts, lost_marked;
	uint64_t by_kind[8];
	uint64_t by_nr[SYSCALL_MAX];
	bool perfetto_first;
	struct tp_table tps;	/* formats of recorded tracepoints */
	struct uprog *up;	/* user-space probes by cookie (PROBES blocks) */
	struct summary usum;	/* -c: their table */
	struct rowindex uindex;
	struct pending_entry *upending;	/* export: entries waiting for their return */
};

void report_stat(struct report *r);
void perfetto_begin(struct report *r);
void perfetto_event(struct report *r, const struct ev_header *h, size_t size);
void perfetto_end(struct report *r);
/* report_probes.c: user-space probes in a recording */
int probes_block(struct report *r, const struct rec_block *b, char *err, size_t errlen);
void probes_account(struct report *r, const struct ev_uprobe *e, size_t size);
void probes_summary(struct report *r, const struct summary_fmt *f, bool after_syscalls);
void perfetto_uprobe(struct report *r, const struct ev_uprobe *e, size_t size);
void probes_free(struct report *r);

#endif
