// SPDX-License-Identifier: GPL-2.0
/*
 * Attach points: "tracepoint:sched:sched_*" and friends, expanded into one
 * probe_point (one BPF program) each.  Kinds this kernel cannot do fail
 * here with the reason, at the place in the source.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"

/* Split "a:b:c" at colons outside quotes; quotes removed. */
static int split(const char *s, char parts[4][256])
{
	int n = 0;
	size_t k = 0;
	bool q = false;

	memset(parts, 0, 4 * 256);
	for (; *s; s++) {
		/* "\"probe1\"": a quote inside a quoted name */
		if (q && *s == '\\' && s[1] == '"') {
			if (k < 255)
				parts[n][k++] = '"';
			s++;
			continue;
		}
		if (*s == '"') {
			q = !q;
			continue;
		}
		if (*s == ':' && !q) {
			if (++n == 4)
				return -1;
			k = 0;
			continue;
		}
		if (k < 255)
			parts[n][k++] = *s;
	}
	return n + 1;
}

struct probe_point *add_point(struct compiler *c, enum lang_probe_kind k, int probe, int ap,
			      const char *name, const char *func)
{
	struct probe_point *p;

	c->pts = realloc(c->pts, (c->npts + 1) * sizeof(*c->pts));
	if (!c->pts)
		abort();
	p = &c->pts[c->npts++];
	memset(p, 0, sizeof(*p));
	p->kind = k;
	p->probe = probe;
	p->ap = ap;
	p->name = strdup(name);
	p->func = strdup(func);
	p->prog_fd = -1;
	p->name_id = pname_add(c, name);
	return p;
}

static int expand_one(struct compiler *c, int pi, int ai)
{
	const struct attach *a = &c->prog->probes[pi].ap[ai];
	char part[4][256];
	int n = split(a->text, part);
	const struct provider *pv;

	if (n < 0)
		return lang_error(c->src, a->l, "invalid attach point: %s", a->text);
	if (!(pv = provider_find(part[0])))
		return lang_error(c->src, a->l, "Invalid probe type: %s", part[0]);
	return pv->expand(c, pv, pi, ai, part, n);
}

/* "i:ms:$1", "BEG$1": positional parameters in an attach point are
 * replaced by their text before it is read, as bpftrace does. */
static void ap_positional(struct compiler *c, struct attach *a)
{
	char *out, *o;
	size_t need = strlen(a->text) + 1;

	if (!strchr(a->text, '$'))
		return;
	for (int i = 0; i < c->npos; i++)
		need += strlen(c->pos[i]);
	out = o = malloc(need);
	if (!out)
		abort();
	for (const char *p = a->text; *p; ) {
		char *end;
		long k;

		if (*p == '$' && isdigit((unsigned char)p[1])) {
			k = strtol(p + 1, &end, 10);
			if (k >= 1 && k <= c->npos)
				o = stpcpy(o, c->pos[k - 1]);
			p = end;
			continue;
		}
		*o++ = *p++;
	}
	*o = 0;
	free(a->text);
	a->text = out;
}

int probes_expand(struct compiler *c)
{
	for (int i = 0; i < c->prog->nprobes; i++) {
		int before = c->npts;

		for (int k = 0; k < c->prog->probes[i].nap; k++)
			ap_positional(c, &c->prog->probes[i].ap[k]);

		for (int k = 0; k < c->prog->probes[i].nap; k++)
			if (expand_one(c, i, k))
				return -1;
		if (c->prog->probes[i].left_out && c->npts == before)
			continue;
		if (c->npts == before)
			return lang_error(c->src, c->prog->probes[i].ap[0].l,
					  "No probes to attach: %s matches nothing",
					  c->prog->probes[i].ap[0].text);
	}
	if (c->nleft_out)
		fprintf(stderr, "%s: WARNING: %d attach point%s left out, as bpftrace does (%s%s)\n",
			c->src->name, c->nleft_out, c->nleft_out == 1 ? "" : "s", c->left_out,
			c->nleft_out > 1 ? "; and others" : "");
	return 0;
}

/* -l: the probes a pattern matches, one a line, as bpftrace lists them:
 * "PATTERN" is a glob over the whole "kind:...:name"; "kind:REST" (a
 * kind or an alias) asks that provider alone.  With -p, the probes in the
 * process's files. */
int probes_list(const char *pattern, pid_t pid, bool verbose)
{
	const char *p = pattern && *pattern ? pattern : "*";
	const struct provider *pv;
	char word[64];
	size_t k = strcspn(p, ":");

	/* what an attach point cannot hold: bpftrace's lexer error */
	for (const char *q = p; *q; q++)
		if (!isalnum((unsigned char)*q) && !strchr("_-:*?./[]!,+", *q)) {
			struct src s = { "stdin", p, strlen(p) };
			struct loc l = { 1, (int)(q - p) + 1, (int)(q - p) + 2 };

			return lang_error(&s, l, "invalid character '%c'", *q);
		}
	snprintf(word, sizeof(word), "%.*s", (int)(k < 63 ? k : 63), p);
	if (p[k] == ':' && (pv = provider_find(word))) {
		char full[1100];

		if (!pv->list)
			return 0;
		/* an alias stands for the kind's name in what is listed */
		snprintf(full, sizeof(full), "%s%s", pv->name, p + k);
		return pv->list(pv, full, pid, verbose);
	}
	for (pv = provider_next(NULL); pv; pv = provider_next(pv)) {
		if (!pv->list)
			continue;
		/* user-space probes: only where a file or a process says where */
		if ((pv->offers & PV_USER) && !pid && !strchr(p, '/'))
			continue;
		pv->list(pv, p, pid, verbose);
	}
	return 0;
}
