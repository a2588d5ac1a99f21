// SPDX-License-Identifier: GPL-2.0
/*
 * User space's half of printf, time, join, print: records from the ring
 * buffer formatted as bpftrace formats them.  printf conversions are
 * applied one at a time with the C library's printf on 64-bit values, so
 * flags, widths and precisions behave as in C.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <bpf/bpf.h>

#include "lang.h"
#include "../profile/profile.h"

static void strftime_text(struct compiler *c, FILE *f, const char *fmt, uint64_t ns)
{
	char buf[512];
	int64_t real = (int64_t)ns + c->real_off;
	time_t t = real / 1000000000;
	struct tm tm;

	localtime_r(&t, &tm);
	if (!strftime(buf, sizeof(buf), fmt, &tm))
		buf[0] = 0;
	fputs(buf, f);
}

/* The directory under `dir` whose cgroup id (its file handle) is `id`:
 * its path from dir ("/" for dir itself); 0 when found. */
static int cgroup_find(const char *dir, const char *rel, uint64_t id, char *out, size_t n,
		       int depth)
{
	struct {
		struct file_handle fh;
		uint64_t id;
	} h = { .fh.handle_bytes = 8 };
	char path[4096];
	int mnt;
	DIR *d;
	struct dirent *de;
	int found = -1;

	snprintf(path, sizeof(path), "%s%s", dir, rel);
	if (!name_to_handle_at(AT_FDCWD, path, &h.fh, &mnt, 0) && h.id == id) {
		snprintf(out, n, "%s", *rel ? rel : "/");
		return 0;
	}
	if (depth > 32 || !(d = opendir(path)))
		return -1;
	while (found && (de = readdir(d))) {
		char sub[4096];

		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", rel, de->d_name);
		found = cgroup_find(dir, sub, id, out, n, depth + 1);
	}
	closedir(d);
	return found;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* cgroup_path(id) as bpftrace prints it: "name:/path" for every mounted
 * hierarchy that has it, the cgroup2 one ("unified") first, then the
 * others by name, joined by commas. */
static void cgroup_path_text(FILE *f, uint64_t id)
{
	FILE *m = fopen("/proc/self/mounts", "re");
	char line[4096], *items[64];
	int n = 0;

	if (!m)
		return;
	while (n < 64 && fgets(line, sizeof(line), m)) {
		char dev[256], dir[2048], type[64], opts[1024], where[4096], *name, *o;

		if (sscanf(line, "%255s %2047s %63s %1023s", dev, dir, type, opts) != 4 ||
		    (strcmp(type, "cgroup") && strcmp(type, "cgroup2")))
			continue;
		if (cgroup_find(dir, "", id, where, sizeof(where), 0))
			continue;
		if (!strcmp(type, "cgroup2")) {
			name = "unified";
		} else {	/* the controller among the options, or name=... */
			name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
			if ((o = strstr(opts, "name=")))
				name = strtok(o + 5, ",");
		}
		if (asprintf(&items[n], "%s%s:%s", strcmp(type, "cgroup2") ? "1" : "0", name,
			     where) > 0)
			n++;
	}
	fclose(m);
	qsort(items, n, sizeof(items[0]), cmp_str);
	for (int i = 0; i < n; i++) {
		fprintf(f, "%s%s", i ? "," : "", items[i] + 1);
		free(items[i]);
	}
}

void out_value(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p)
{
	int64_t v;

	memcpy(&v, p, 8);
	switch (t->kind) {
	case TY_STR:
		fprintf(f, "%.*s", (int)t->size, (const char *)p);
		return;
	case TY_KSYM: {
		uint64_t off;
		const char *name;

		if (!c->ks)
			c->ks = ksyms_load();
		name = ksyms_find_off(c->ks, v, &off);
		if (name)
			fputs(name, f);
		else if (!v)
			fputs("0", f);	/* bpftrace shows no address as 0 */
		else
			fprintf(f, "0x%llx", (unsigned long long)v);
		return;
	}
	case TY_USYM: {
		uint32_t pid;

		memcpy(&pid, p + 8, 4);
		usym_text(c, f, pid, v, false);
		return;
	}
	case TY_KSTACK:
		stack_text(c, f, t, p);
		return;
	case TY_USTACK:
		stack_text(c, f, t, p);
		return;
	case TY_PROBE:
		fputs(v >= 0 && v < c->npnames ? c->pnames[v] : "?", f);
		return;
	case TY_INET: {
		char buf[INET6_ADDRSTRLEN];
		int af = v == 10 ? AF_INET6 : AF_INET;

		if (inet_ntop(af, p + 8, buf, sizeof(buf)))
			fputs(buf, f);
		return;
	}
	case TY_BUF: {
		uint64_t len = v > (int64_t)t->size ? t->size : (uint64_t)v;

		for (uint64_t i = 0; i < len; i++) {
			unsigned char ch = p[8 + i];

			if (isprint(ch) && ch != '\\')
				fputc(ch, f);
			else
				fprintf(f, "\\x%02x", ch);
		}
		return;
	}
	case TY_TSTAMP:
		strftime_text(c, f, c->fmts[t->nelem].fmt, v);
		return;
	case TY_TUPLE:
		tuple_text(c, f, t, p);
		return;
	case TY_RECVAL:
		btf_value_text(c, f, t->btf_id, p, c->in_key ? 1 : 0);
		return;
	case TY_ERRNO:
		fputs(strerror((int)v), f);
		return;
	case TY_CGPATH:
		cgroup_path_text(f, v);
		return;
	case TY_USERNAME: {	/* the uid, named from the user database */
		struct passwd *pw = getpwuid((uid_t)v);

		if (pw)
			fputs(pw->pw_name, f);
		else
			fprintf(f, "%llu", (unsigned long long)(uint32_t)v);
		return;
	}
	case TY_MACADDR:
		fprintf(f, "%02X:%02X:%02X:%02X:%02X:%02X", p[0], p[1], p[2], p[3], p[4], p[5]);
		return;
	case TY_INT:
	case TY_COUNT:
	case TY_SUM:
	case TY_MIN:
	case TY_MAX:
		if (t->is_signed)
			fprintf(f, "%lld", (long long)v);
		else
			fprintf(f, "%llu", (unsigned long long)v);
		return;
	default:
		fprintf(f, "%llu", (unsigned long long)v);
		return;
	}
}

/* One conversion ("%-10s") applied to one argument. */
static void convert(struct compiler *c, FILE *o, const char *spec, size_t n,
		    const struct type *t, const uint8_t *p)
{
	char fmt[64], conv = spec[n - 1];
	size_t k = 0;
	int64_t v;

	memcpy(&v, p, 8);
	/* flags, width, precision; the length modifier is ours */
	for (size_t i = 0; i < n - 1 && k < sizeof(fmt) - 4; i++)
		if (!strchr("hlzjt", spec[i]))
			fmt[k++] = spec[i];
	if (n >= 3 && spec[n - 2] == 'r' && (conv == 'x' || conv == 'h') && t->kind == TY_BUF) {
		/* %rx: every byte as \xNN; %rh: hex pairs apart (bpftrace ignores
		 * flags and width here) */
		uint64_t len = (uint64_t)v > t->size ? t->size : (uint64_t)v;

		for (uint64_t i = 0; i < len; i++)
			fprintf(o, conv == 'x' ? "\\x%02x" : i ? " %02x" : "%02x", p[8 + i]);
		return;
	}
	if (conv == 's' && (t->kind == TY_KSTACK || t->kind == TY_USTACK)) {
		/* printf shows stacks indented deeper than map keys, as bpftrace */
		stack_text(c, o, t, p);
		return;
	}
	if (conv == 's' || conv == 'r' || (t->kind != TY_INT && t->kind != TY_PTR &&
					   t->kind != TY_COUNT)) {
		char *text = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&text, &len);

		if (!m)
			return;
		if (t->kind == TY_INT || t->kind == TY_PTR)
			fprintf(m, t->is_signed ? "%lld" : "%llu", (long long)v);
		else if (t->kind == TY_BUF && conv == 's')
			fprintf(m, "%.*s", (int)(v > (int64_t)t->size ? t->size : v),
				(const char *)p + 8);
		else
			out_value(c, m, t, p);
		fclose(m);
		fmt[k++] = 's';
		fmt[k] = 0;
		fprintf(o, fmt, text ? text : "");
		free(text);
		return;
	}
	/* C's printf on bpftrace's 64-bit argument: without a length
	 * modifier the conversion sees the low 32 bits, as under bpftrace */
	if (!memchr(spec, 'l', n) && !memchr(spec, 'z', n) && !memchr(spec, 'j', n) &&
	    !memchr(spec, 't', n) && conv != 'p' && conv != 'c') {
		const char *h = memchr(spec, 'h', n);
		bool sgn = conv == 'd' || conv == 'i';

		if (h && h[1] == 'h')
			v = sgn ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
		else if (h)
			v = sgn ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
		else
			v = sgn ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
	}
	switch (conv) {
	case 'd':
	case 'i':
		fmt[k++] = 'l';
		fmt[k++] = 'l';
		fmt[k++] = 'd';
		fmt[k] = 0;
		fprintf(o, fmt, (long long)v);
		return;
	case 'c':
		fmt[k++] = 'c';
		fmt[k] = 0;
		fprintf(o, fmt, (int)(char)v);
		return;
	case 'p':
		fmt[k++] = 'p';
		fmt[k] = 0;
		fprintf(o, fmt, (void *)(uintptr_t)v);
		return;
	default:
		fmt[k++] = 'l';
		fmt[k++] = 'l';
		fmt[k++] = conv;
		fmt[k] = 0;
		fprintf(o, fmt, (unsigned long long)v);
		return;
	}
}

static void out_printf(struct compiler *c, FILE *o, const struct fmt_def *f,
		       const uint8_t *rec)
{
	int arg = 0;

	for (const char *p = f->fmt; *p; p++) {
		const char *s;

		if (*p != '%') {
			fputc(*p, o);
			continue;
		}
		if (p[1] == '%') {
			fputc('%', o);
			p++;
			continue;
		}
		s = p++;
		p += strspn(p, "-+ #0");
		p += strspn(p, "0123456789");
		if (*p == '.') {
			p++;
			p += strspn(p, "0123456789");
		}
		p += strspn(p, "hlzjt");
		if (*p == 'r' && (p[1] == 'x' || p[1] == 'h'))
			p++;
		if (arg < f->nargs)
			convert(c, o, s, p - s + 1, &f->arg[arg], rec + f->off[arg]);
		arg++;
	}
}

/* cat() and system(): the path or command formatted as printf does, then
 * the file's or the command's output, when the record arrives. */
static void out_run(struct compiler *c, const struct fmt_def *f, const uint8_t *rec)
{
	char *what = NULL, buf[4096];
	size_t len = 0, got;
	FILE *m = open_memstream(&what, &len), *in;

	if (!m)
		return;
	out_printf(c, m, f, rec);
	fclose(m);
	fflush(c->out);
	in = f->kind == REC_CAT ? fopen(what, "re") : popen(what, "r");
	if (!in) {
		if (f->kind == REC_CAT)
			fprintf(stderr, "ERROR: failed to open file '%s': %s\n", what,
				strerror(errno));
		free(what);
		return;
	}
	if (f->kind == REC_CAT) {
		/* at most BPFTRACE_CAT_BYTES_MAX bytes (bpftrace's default: 10240) */
		const char *env = getenv("BPFTRACE_CAT_BYTES_MAX");
		size_t left = env && *env ? strtoull(env, NULL, 10) : 10240;

		while (left && (got = fread(buf, 1, left < sizeof(buf) ? left : sizeof(buf),
					    in)) > 0) {
			fwrite(buf, 1, got, c->out);
			left -= got;
		}
	} else {
		while ((got = fread(buf, 1, sizeof(buf), in)) > 0)
			fwrite(buf, 1, got, c->out);
	}
	if (f->kind == REC_CAT)
		fclose(in);
	else
		pclose(in);
	free(what);
}

static void out_time(struct compiler *c, const char *fmt)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	strftime_text(c, c->out, fmt, (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec -
		      c->real_off);
}

void json_str(FILE *f, const char *s, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n && s[i]; i++) {
		unsigned char ch = s[i];

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch == '\r')
			fputs("\\r", f);
		else if (ch == '\t')
			fputs("\\t", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

void json_value(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m;
	int64_t v;

	memcpy(&v, p, 8);
	if (t->kind == TY_INT || t->kind == TY_PTR) {
		fprintf(f, t->is_signed ? "%lld" : "%llu", (long long)v);
		return;
	}
	if (t->kind == TY_RECVAL) {
		btf_value_text(c, f, t->btf_id, p, 2);
		return;
	}
	if (t->kind == TY_TUPLE) {
		const struct tuple_def *d = &c->tups[t->tup];

		fputc('[', f);
		for (int i = 0; i < d->n; i++) {
			if (i)
				fputc(',', f);
			json_value(c, f, &d->el[i], p + d->off[i]);
		}
		fputc(']', f);
		return;
	}
	m = open_memstream(&text, &len);
	if (!m)
		return;
	out_value(c, m, t, p);
	fclose(m);
	json_str(f, text ? text : "", len);
	free(text);
}

/* -f json: what a record printed, as {"type": TYPE, "data": "TEXT"} */
static void json_record(struct compiler *c, const char *type, char *text, size_t len, bool chomp)
{
	if (chomp && len && text[len - 1] == '\n')
		len--;
	fprintf(c->out, "{\"type\": \"%s\", \"data\": ", type);
	json_str(c->out, text ? text : "", len);
	fputs("}\n", c->out);
}

int out_event(struct compiler *c, const void *data, size_t len)
{
	const uint8_t *rec = data;
	uint64_t hdr;
	uint32_t id;
	const struct fmt_def *f;

	if (len < 8)
		return 0;
	memcpy(&hdr, rec, 8);
	id = (uint32_t)hdr;
	if ((int)id >= c->nfmts)
		return 0;
	f = &c->fmts[id];
	if (len < f->size)
		return 0;
	/* after Ctrl-C the commands system() asked for before it are not
	 * run: a program that runs one per event (one per sched_switch,
	 * which each command causes more of) would keep strobe from ending */
	if ((hdr >> 32) == REC_SYSTEM && c->stopping)
		return 0;
	if ((hdr >> 32) == REC_HELPER_ERR) {
		int64_t code;

		memcpy(&code, rec + 8, 8);
		if (c->json)
			fprintf(c->out, "{\"type\": \"helper_error\", \"helper\": \"%s\", "
				"\"retcode\": %lld, \"line\": %d, \"col\": %d}\n", f->fmt,
				(long long)code, f->loc.line, f->loc.col);
		else if (code < 0)
			lang_warning(c->out, c->src, f->loc, "Failed to %s: %s (%lld)", f->fmt,
				     strerror((int)-code), (long long)code);
		else
			lang_warning(c->out, c->src, f->loc, "Failed to %s: %lld", f->fmt, (long long)code);
		return 0;
	}
	if ((hdr >> 32) == REC_WATCH || (hdr >> 32) == REC_UNWATCH) {
		uint64_t addr;

		memcpy(&addr, rec + 8, 8);
		if ((hdr >> 32) == REC_WATCH)
			watchpoint_on_record(c, f, addr);
		else
			watchpoint_unwatch(c, addr);
		return 0;
	}
	if (c->json && (hdr >> 32) != REC_EXIT && (hdr >> 32) != REC_PRINT_MAP &&
	    (hdr >> 32) != REC_CLEAR && (hdr >> 32) != REC_ZERO) {
		/* the text the record makes, then as one JSON object */
		static const char *const types[] = {
			[REC_PRINTF] = "printf", [REC_TIME] = "time", [REC_JOIN] = "join",
			[REC_CAT] = "cat", [REC_SYSTEM] = "syscall", [REC_PRINT_VAL] = "value",
		};
		char *text = NULL;
		size_t n = 0;
		FILE *o = c->out, *m;

		if ((hdr >> 32) == REC_PRINT_VAL) {
			fputs("{\"type\": \"value\", \"data\": ", o);
			json_value(c, o, &f->arg[0], rec + f->off[0]);
			fputs("}\n", o);
			return 0;
		}
		m = open_memstream(&text, &n);
		if (!m)
			return 0;
		c->out = m;
		c->json = false;
		out_event(c, data, len);
		c->json = true;
		c->out = o;
		fclose(m);
		json_record(c, types[hdr >> 32] ? types[hdr >> 32] : "printf", text, n,
			    (hdr >> 32) == REC_JOIN);
		free(text);
		return 0;
	}
	switch (hdr >> 32) {
	case REC_PRINTF:
		out_printf(c, c->out, f, rec);
		break;
	case REC_CAT:
	case REC_SYSTEM:
		out_run(c, f, rec);
		break;
	case REC_TIME:
		out_time(c, f->fmt);
		break;
	case REC_EXIT:
		return 1;
	case REC_PRINT_MAP:
		map_print(c, f->map, f->top, f->div);
		break;
	case REC_CLEAR:
	case REC_ZERO:
		map_clear(c, f->map, f->kind == REC_ZERO);
		break;
	case REC_PRINT_VAL:
		out_value(c, c->out, &f->arg[0], rec + f->off[0]);
		fputc('\n', c->out);
		break;
	case REC_JOIN:
		for (int i = 0; i < 16; i++) {
			const char *s = (const char *)rec + 8 + i * STR_SIZE;

			if (!*s)
				break;
			if (i)
				fputs(f->fmt, c->out);
			fprintf(c->out, "%.*s", STR_SIZE, s);
		}
		fputc('\n', c->out);
		break;
	}
	return 0;
}
