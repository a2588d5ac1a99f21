/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel tracepoints (--event SYS:NAME): finding them in tracefs by glob,
 * parsing their format (from tracefs live, from the record file later: the
 * parser trusts neither), and printing a captured record field by field.
 */
#ifndef STROBE_TRACEPOINT_H
#define STROBE_TRACEPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/util.h"

#define TP_MAX_FIELDS 48
#define TP_MAX_EVENTS 256
#define TP_COPY_MAX 1024	/* bytes of a record the kernel side copies */

struct tp_field {
	char name[48];
	char type[64];
	uint16_t offset, size;
	bool is_signed;
	bool is_string;		/* char name[N] */
	bool is_dataloc;	/* __data_loc char[]: u32 offset | length << 16 */
	bool is_pointer;
};

struct tp_event {
	uint32_t id;
	char name[128];		/* "sched:sched_switch" */
	struct tp_field field[TP_MAX_FIELDS];
	int nfields;
	uint32_t copy;		/* bytes to copy from a record */
	char *format;		/* the format text, for record files */
	size_t format_len;
};

struct tp_table {
	struct tp_event *ev;
	int n;
};

/* Parse a tracefs format ("name: ...\nID: ...\nformat:\n\tfield:..."). The
 * category comes from the caller.  -1 if it is not a usable format. */
int tp_parse(const char *system, const char *text, size_t len, struct tp_event *ev);
/* Add the events matching "sys:name" (globs in both) from tracefs (its
 * root directory fd, from tracefs_open). */
int tp_resolve(struct tp_table *t, int tracefs, const char *spec, char *err, size_t errlen);
int tp_add(struct tp_table *t, const struct tp_event *ev);
const struct tp_event *tp_find(const struct tp_table *t, uint32_t id);
void tp_table_free(struct tp_table *t);
/* "sched:sched_process_exec(filename="/bin/ls", pid=12, old_pid=12)" */
void tp_print(struct sbuf *b, const struct tp_event *ev, const uint8_t *data, uint32_t len);
/* The fields as JSON members: "filename":"/bin/ls","pid":12 */
void tp_print_json(struct sbuf *b, const struct tp_event *ev, const uint8_t *data, uint32_t len);

/*
 * tracefs's root, as a directory fd for openat: the one mounted on
 * /sys/kernel/tracing, else a private mount attached nowhere (fsopen,
 * fsmount: nothing changes for anyone else, and concurrent sessions cannot
 * unmount it under one another), else (a kernel without the new mount API)
 * a mount on /sys/kernel/tracing left in place.  -errno if none works;
 * *how says which it was (for -d).
 */
int tracefs_open(const char **how);
/* The older way, still used by the script front end (src/lang), which
 * reads tracefs by path: mount tracefs on /sys/kernel/tracing if it is
 * not; true if usable.  Sessions use tracefs_open. */
bool tracefs_mount(bool verbose, bool *mounted);

#endif
