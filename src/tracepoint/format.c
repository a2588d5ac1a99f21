// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoint formats: parsing tracefs's description of a record, finding
 * events by glob, and printing records.  Formats may come from a file, so
 * every number is checked against the record's length before use.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracepoint.h"
#include "../decode/decode.h"
#include "../output/output.h"

#define TRACEFS "/sys/kernel/tracing"

static void parse_field(struct tp_event *ev, const char *decl, int off, int size, int sign)
{
	struct tp_field *f;
	const char *name, *br;
	size_t tl, nl;

	if (ev->nfields == TP_MAX_FIELDS || off < 0 || size <= 0 || off + size > 0xffff)
		return;
	/* "TYPE NAME" or "TYPE NAME[N]": the name is the last word */
	name = strrchr(decl, ' ');
	if (!name)
		return;
	name++;
	f = &ev->field[ev->nfields];
	memset(f, 0, sizeof(*f));
	nl = strcspn(name, "[");
	if (!nl || nl >= sizeof(f->name))
		return;
	memcpy(f->name, name, nl);
	tl = name - 1 - decl;
	if (tl >= sizeof(f->type))
		tl = sizeof(f->type) - 1;
	memcpy(f->type, decl, tl);
	f->offset = off;
	f->size = size;
	f->is_signed = sign;
	br = strchr(name, '[');
	f->is_dataloc = !strncmp(decl, "__data_loc ", 11);
	f->is_string = !f->is_dataloc && br && strstr(f->type, "char");
	f->is_pointer = strchr(f->type, '*') != NULL;
	if (f->is_dataloc && !strstr(decl, "char"))
		f->is_dataloc = false;	/* only strings are decoded; the rest hex */
	ev->nfields++;
}

int tp_parse(const char *system, const char *text, size_t len, struct tp_event *ev)
{
	char line[512], name[96] = "";
	const char *p = text, *end = text + len;
	long id = -1;
	uint32_t top = 0;
	bool dynamic = false;

	memset(ev, 0, sizeof(*ev));
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = (nl ? nl : end) - p;
		char decl[256];
		int off, size, sign;

		if (l >= sizeof(line))
			l = sizeof(line) - 1;
		memcpy(line, p, l);
		line[l] = 0;
		p = nl ? nl + 1 : end;
		if (sscanf(line, "name: %95s", name) == 1)
			continue;
		if (sscanf(line, "ID: %ld", &id) == 1)
			continue;
		if (sscanf(line, "\tfield:%255[^;];\toffset:%d;\tsize:%d;\tsigned:%d;",
			   decl, &off, &size, &sign) == 4) {
			int before = ev->nfields;

			parse_field(ev, decl, off, size, sign);
			if (ev->nfields > before) {
				const struct tp_field *f = &ev->field[before];

				if ((uint32_t)f->offset + f->size > top)
					top = f->offset + f->size;
				dynamic |= f->is_dataloc;
			}
		}
	}
	if (id < 0 || id > 0xffff || !name[0] || !ev->nfields || top > TP_COPY_MAX)
		return -1;
	ev->id = id;
	snprintf(ev->name, sizeof(ev->name), "%s:%s", system, name);
	/* dynamic strings follow the fixed part: copy some of what follows */
	ev->copy = dynamic ? (top + 256 < TP_COPY_MAX ? top + 256 : TP_COPY_MAX) : top;
	ev->copy = (ev->copy + 7) & ~7u;
	return 0;
}

int tp_add(struct tp_table *t, const struct tp_event *ev)
{
	struct tp_event *n;

	if (tp_find(t, ev->id))
		return 0;
	if (t->n == TP_MAX_EVENTS)
		return -E2BIG;
	n = realloc(t->ev, (t->n + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	t->ev = n;
	t->ev[t->n] = *ev;
	t->ev[t->n].format = NULL;
	if (ev->format) {
		t->ev[t->n].format = malloc(ev->format_len);
		if (t->ev[t->n].format)
			memcpy(t->ev[t->n].format, ev->format, ev->format_len);
	}
	t->n++;
	return 0;
}

const struct tp_event *tp_find(const struct tp_table *t, uint32_t id)
{
	for (int i = 0; i < t->n; i++)
		if (t->ev[i].id == id)
			return &t->ev[i];
	return NULL;
}

void tp_table_free(struct tp_table *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->ev[i].format);
	free(t->ev);
	t->ev = NULL;
	t->n = 0;
}

int tracefs_open(const char **how)
{
	struct stat st;
	int fs, mnt, err;

	if (!stat(TRACEFS "/events", &st)) {
		*how = "tracefs mounted on " TRACEFS;
		mnt = open(TRACEFS, O_PATH | O_DIRECTORY | O_CLOEXEC);
		return mnt < 0 ? -errno : mnt;
	}
	/* a mount of our own, attached nowhere: nobody else sees it, and it
	 * goes away with its fd */
	fs = fsopen("tracefs", FSOPEN_CLOEXEC);
	if (fs >= 0) {
		mnt = -1;
		if (!fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
			mnt = fsmount(fs, FSMOUNT_CLOEXEC, 0);
		err = -errno;
		close(fs);
		*how = "a private mount of tracefs (fsmount), seen by strobe alone";
		return mnt < 0 ? err : mnt;
	}
	/* a kernel before the new mount API (5.2): mount it where it belongs,
	 * and leave it, since another session may be using it */
	if (mount("nodev", TRACEFS, "tracefs", 0, NULL))
		return -errno;
	*how = "tracefs, mounted on " TRACEFS " (left mounted)";
	mnt = open(TRACEFS, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return mnt < 0 ? -errno : mnt;
}

bool tracefs_mount(bool verbose, bool *mounted)
{
	struct stat st;

	*mounted = false;
	if (!stat(TRACEFS "/events", &st))
		return true;
	if (mount("nodev", TRACEFS, "tracefs", 0, NULL)) {
		if (verbose)
			fprintf(stderr, "strobe: cannot mount tracefs on %s: %s\n", TRACEFS,
				strerror(errno));
		return false;
	}
	*mounted = true;
	if (verbose)
		fprintf(stderr, "strobe: mounted tracefs on %s (unmounted at exit)\n", TRACEFS);
	return !stat(TRACEFS "/events", &st);
}

static int read_file(int dirfd, const char *path, char **out, size_t *len)
{
	char buf[16384];
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);
	ssize_t n, got = 0;

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += n;
	close(fd);
	*out = malloc(got + 1);
	if (!*out)
		return -ENOMEM;
	memcpy(*out, buf, got);
	(*out)[got] = 0;
	*len = got;
	return 0;
}

int tp_resolve(struct tp_table *t, int tracefs, const char *spec, char *err, size_t errlen)
{
	const char *colon = strchr(spec, ':');
	char sys_pat[128], name_pat[128];
	DIR *sd;
	struct dirent *se;
	int found = 0;

	if (!colon || colon == spec || !colon[1] || (size_t)(colon - spec) >= sizeof(sys_pat)) {
		snprintf(err, errlen, "invalid event '%s': expected SYSTEM:NAME, e.g. "
			 "sched:sched_switch or 'sched:sched_process_*'", spec);
		return -1;
	}
	snprintf(sys_pat, sizeof(sys_pat), "%.*s", (int)(colon - spec), spec);
	snprintf(name_pat, sizeof(name_pat), "%s", colon + 1);
	int fd = openat(tracefs, "events", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	sd = fd < 0 ? NULL : fdopendir(fd);
	if (!sd) {
		snprintf(err, errlen, "cannot list tracepoints in tracefs's events: %s",
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((se = readdir(sd))) {
		char path[512];
		DIR *ed;
		struct dirent *ee;

		if (se->d_name[0] == '.' || fnmatch(sys_pat, se->d_name, 0))
			continue;
		snprintf(path, sizeof(path), "events/%s", se->d_name);
		fd = openat(tracefs, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		ed = fd < 0 ? NULL : fdopendir(fd);
		if (!ed) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		while ((ee = readdir(ed))) {
			struct tp_event ev;
			char fpath[800], *text = NULL;
			size_t len = 0;

			if (ee->d_name[0] == '.' || fnmatch(name_pat, ee->d_name, 0))
				continue;
			snprintf(fpath, sizeof(fpath), "%s/%s/format", path, ee->d_name);
			if (read_file(tracefs, fpath, &text, &len))
				continue;
			if (!tp_parse(se->d_name, text, len, &ev)) {
				ev.format = text;
				ev.format_len = len;
				if (!tp_add(t, &ev))
					found++;
			}
			free(text);
		}
		closedir(ed);
	}
	closedir(sd);
	if (!found) {
		snprintf(err, errlen, "no tracepoint matches '%s' (see %s/available_events)",
			 spec, TRACEFS);
		return -1;
	}
	return found;
}

/* ---- printing */

static uint64_t field_uint(const struct tp_field *f, const uint8_t *d)
{
	uint64_t v = 0;

	switch (f->size) {
	case 1: v = d[f->offset]; break;
	case 2: { uint16_t x; memcpy(&x, d + f->offset, 2); v = x; break; }
	case 4: { uint32_t x; memcpy(&x, d + f->offset, 4); v = x; break; }
	case 8: memcpy(&v, d + f->offset, 8); break;
	}
	return v;
}

static int64_t field_int(const struct tp_field *f, uint64_t v)
{
	switch (f->size) {
	case 1: return (int8_t)v;
	case 2: return (int16_t)v;
	case 4: return (int32_t)v;
	}
	return (int64_t)v;
}

/* Appends the value; `json` selects JSON strings over strace ones. */
static void put_value(struct sbuf *b, const struct tp_field *f, const uint8_t *d,
		      uint32_t len, bool json)
{
	const char *s = NULL;
	size_t sl = 0;

	if ((uint32_t)f->offset + f->size > len) {
		sbuf_puts(b, json ? "null" : "?");
		return;
	}
	if (f->is_string) {
		s = (const char *)d + f->offset;
		sl = strnlen(s, f->size);
	} else if (f->is_dataloc && f->size == 4) {
		uint32_t loc = field_uint(f, d), o = loc & 0xffff, l = loc >> 16;

		if (o > len || l > len - o) {
			sbuf_puts(b, json ? "null" : "?");
			return;
		}
		s = (const char *)d + o;
		sl = strnlen(s, l);
	}
	if (s) {
		if (json)
			json_string(b, s, sl);
		else
			decode_string(b, s, sl, false);
		return;
	}
	uint64_t v = field_uint(f, d);

	if (f->size > 8 || (f->size & (f->size - 1))) {
		sbuf_puts(b, json ? "null" : "?");
	} else if (f->is_pointer) {
		if (json)
			sbuf_printf(b, "\"%#llx\"", (unsigned long long)v);
		else
			sbuf_hex(b, v);
	} else if (f->is_signed) {
		sbuf_s64(b, field_int(f, v));
	} else {
		sbuf_u64(b, v);
	}
}

void tp_print(struct sbuf *b, const struct tp_event *ev, const uint8_t *data, uint32_t len)
{
	bool first = true;

	sbuf_puts(b, ev->name);
	sbuf_putc(b, '(');
	for (int i = 0; i < ev->nfields; i++) {
		const struct tp_field *f = &ev->field[i];

		if (!strncmp(f->name, "common_", 7))
			continue;
		if (!first)
			sbuf_puts(b, ", ");
		first = false;
		sbuf_puts(b, f->name);
		sbuf_putc(b, '=');
		put_value(b, f, data, len, false);
	}
	sbuf_putc(b, ')');
}

void tp_print_json(struct sbuf *b, const struct tp_event *ev, const uint8_t *data, uint32_t len)
{
	bool first = true;

	for (int i = 0; i < ev->nfields; i++) {
		const struct tp_field *f = &ev->field[i];

		if (!strncmp(f->name, "common_", 7))
			continue;
		if (!first)
			sbuf_putc(b, ',');
		first = false;
		json_string(b, f->name, strlen(f->name));
		sbuf_putc(b, ':');
		put_value(b, f, data, len, true);
	}
}
