// SPDX-License-Identifier: GPL-2.0
/*
 * Probe specs as bpftrace writes them ("uprobe:libc:malloc",
 * "usdt:/usr/bin/python3.11:python:function__entry"), resolved to files
 * and locations, attached, listed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const struct { const char *word; enum probe_kind kind; } kinds[] = {
	{ "uprobe", PK_UPROBE }, { "u", PK_UPROBE },
	{ "uretprobe", PK_URETPROBE }, { "ur", PK_URETPROBE },
	{ "usdt", PK_USDT }, { "U", PK_USDT },
	{ "tracepoint", PK_TRACEPOINT }, { "t", PK_TRACEPOINT },
};

int probe_spec_parse(const char *text, struct probe_spec *s, char *err, size_t errlen)
{
	char *f[4] = { 0 }, *p;
	int n = 0;

	memset(s, 0, sizeof(*s));
	if (strlen(text) >= sizeof(s->buf)) {
		snprintf(err, errlen, "probe '%.40s...' is too long", text);
		return -1;
	}
	strcpy(s->buf, text);
	for (p = s->buf; n < 4; n++) {
		f[n] = p;
		if (!(p = strchr(p, ':')))
			break;
		*p++ = 0;
	}
	if (n == 4 && p) {
		n = 3;	/* a ':' in the name part: keep it whole */
		f[3][strlen(f[3])] = ':';
	}
	s->kind = 0;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(f[0], kinds[i].word))
			s->kind = kinds[i].kind;
	if (!s->kind) {
		snprintf(err, errlen, "unknown probe type '%s' in '%s' (uprobe, uretprobe, usdt, "
			 "tracepoint)", f[0], text);
		return -1;
	}
	/* usdt::PROVIDER:NAME, usdt:::NAME: the files of -p's process;
	 * usdt:PATH::NAME any provider */
	if (n < 2 || (!*f[1] && s->kind != PK_USDT) || (!*f[2] && n != 3) ||
	    (n == 3 && !*f[3])) {
		snprintf(err, errlen, "probe '%s' is incomplete: write %s", text,
			 s->kind == PK_USDT ? "usdt:PATH:PROVIDER:NAME" :
			 s->kind == PK_TRACEPOINT ? "tracepoint:SYS:NAME" : "uprobe:LIB:FUNC");
		return -1;
	}
	s->target = f[1];
	if (s->kind == PK_USDT) {
		s->provider = n == 3 && *f[2] ? f[2] : "*";
		s->name = n == 3 ? f[3] : f[2];
	} else if (n == 3) {
		snprintf(err, errlen, "probe '%s' has too many parts", text);
		return -1;
	} else {
		s->name = f[2];
	}
	return 0;
}

static const char *kind_word(enum probe_kind k)
{
	return k == PK_URETPROBE ? "uretprobe" : k == PK_USDT ? "usdt" :
	       k == PK_TRACEPOINT ? "tracepoint" : "uprobe";
}

int probe_resolve(const struct probe_spec *s, pid_t pid, struct probe_set *set,
		  char *err, size_t errlen)
{
	char path[4096];
	int rc;

	memset(set, 0, sizeof(*set));
	set->kind = s->kind;
	if (s->kind == PK_TRACEPOINT) {
		snprintf(err, errlen, "tracepoint probes are not resolved to files");
		return -1;
	}
	if (!*s->target) {
		/* usdt::PROVIDER:NAME: the callers that take it (strobe script)
		 * expand it to the process's files first */
		snprintf(err, errlen, "a probe without a file ('%s::%s:%s') needs the process's "
			 "files: give the file", kind_word(s->kind), s->provider ? s->provider : "",
			 s->name);
		return -1;
	}
	if (probe_find_lib(s->target, pid, path, sizeof(path), err, errlen))
		return -1;
	if (!(set->path = strdup(path)))
		return -1;
	if (s->kind == PK_USDT) {
		rc = probe_elf_usdt(path, s->provider, s->name, set);
		if (rc == -ENOMSG) {
			snprintf(err, errlen, "%s has no USDT markers (no .note.stapsdt section)",
				 path);
			goto fail;
		}
	} else if (!strncmp(s->name, "0x", 2)) {
		/* an address in the file, as objdump shows it */
		struct probe_elf pe;
		uint64_t addr = strtoull(s->name, NULL, 16), off;

		if ((rc = probe_elf_open(path, &pe)) == 0) {
			rc = probe_elf_vaddr_to_off(pe.elf, addr, &off);
			probe_elf_close(&pe);
			if (!rc)
				rc = probe_set_add(set, s->name, addr, off);
			else
				snprintf(err, errlen, "address %s is not in a loaded segment of %s",
					 s->name, path);
		}
		if (rc && rc != -ENOENT)
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(-rc));
		if (rc)
			goto fail;
	} else {
		rc = probe_elf_funcs(path, s->name, set);
	}
	if (rc) {
		snprintf(err, errlen, "cannot read %s: %s", path,
			 rc == -ENOEXEC ? "not an ELF file" : strerror(-rc));
		goto fail;
	}
	if (!set->n) {
		if (s->kind == PK_USDT)
			snprintf(err, errlen, "no USDT marker matching %s:%s in %s", s->provider,
				 s->name, path);
		else if (set->ifunc_outside)
			snprintf(err, errlen, "'%s' in %s: %zu IFUNC%s whose choice is outside the "
				 "file (the vDSO's code): not probeable there (strobe ltrace probes "
				 "the program's PLT stub)", s->name, path, set->ifunc_outside,
				 set->ifunc_outside > 1 ? "s" : "");
		else
			snprintf(err, errlen, "no function matching '%s' in %s (looked in .dynsym "
				 "and .symtab%s)", s->name, path,
				 probe_elf_has_symtab(path) ? "" : "; the file is stripped");
		goto fail;
	}
	return 0;
fail:
	probe_set_free(set);
	return -1;
}

int probe_elf_has_symtab(const char *path)
{
	struct probe_elf pe;
	GElf_Shdr sh;
	int has;

	if (probe_elf_open(path, &pe))
		return 0;
	has = probe_elf_section(pe.elf, ".symtab", &sh) != NULL;
	probe_elf_close(&pe);
	return has;
}

int probe_attach_spec(const struct probe_prog *prog, const char *text,
		      const struct probe_attach_opts *o, struct probe_link *l,
		      char *err, size_t errlen)
{
	struct probe_spec s;
	struct probe_set set;
	struct probe_attach_opts oo = *o;
	int rc;

	if (probe_spec_parse(text, &s, err, errlen))
		return -EINVAL;
	if (s.kind == PK_TRACEPOINT) {
		int fd = prog->perf_fd >= 0 ? prog->perf_fd : prog->multi_fd;

		rc = probe_attach_tracepoint(fd, s.target, s.name, o->cookie, l);
		if (rc)
			snprintf(err, errlen, "cannot attach to tracepoint %s:%s: %s", s.target,
				 s.name, strerror(-rc));
		return rc;
	}
	if (probe_resolve(&s, o->pid, &set, err, errlen))
		return -ENOENT;
	oo.retprobe = o->retprobe || s.kind == PK_URETPROBE;
	rc = probe_attach(prog, &set, &oo, l);
	if (rc)
		snprintf(err, errlen, "cannot attach %zu probes to %s: %s", set.n, set.path,
			 strerror(-rc));
	probe_set_free(&set);
	return rc;
}

/* One file's probes for -l; errors are the caller's to report when the
 * file was named alone. */
static int list_file(const struct probe_spec *s, const char *path, const char *display,
		     void (*emit)(void *ctx, const char *line), void *ctx)
{
	struct probe_set set = { .kind = s->kind };
	char line[4096 + 600];
	int rc;

	if (s->kind == PK_USDT)
		rc = probe_elf_usdt(path, s->provider, s->name, &set);
	else
		rc = probe_elf_funcs(path, s->name, &set);
	for (size_t i = 0; !rc && i < set.n; i++) {
		snprintf(line, sizeof(line), "%s:%s:%s", kind_word(s->kind), display,
			 set.loc[i].name);
		emit(ctx, line);
	}
	probe_set_free(&set);
	return rc;
}

int probe_list(const char *pattern, pid_t pid, void (*emit)(void *ctx, const char *line),
	       void *ctx, char *err, size_t errlen)
{
	struct probe_spec s;
	char **paths, full[600], line[4096 + 600];
	size_t n;

	/* "uprobe:*" / "usdt:*" with -p: every file of the process */
	if (pid > 0 && strchr(pattern, ':') && !strchr(strchr(pattern, ':') + 1, ':')) {
		snprintf(full, sizeof(full), "%.*s:*", (int)(sizeof(full) - 3), pattern);
		pattern = full;
	}
	if (probe_spec_parse(pattern, &s, err, errlen))
		return -1;
	if (s.kind == PK_TRACEPOINT) {
		snprintf(err, errlen, "--list takes uprobe:, uretprobe: and usdt: patterns");
		return -1;
	}
	if (*s.target && !strpbrk(s.target, "*?[")) {
		/* one file: what is wrong with it, or why nothing matches */
		struct probe_set set;

		if (probe_resolve(&s, pid, &set, err, errlen))
			return -1;
		for (size_t i = 0; i < set.n; i++) {
			snprintf(line, sizeof(line), "%s:%s:%s", kind_word(s.kind), set.path,
				 set.loc[i].name);
			emit(ctx, line);
		}
		probe_set_free(&set);
		return 0;
	}
	/* files matching a glob, or a process's: those without symbols or
	 * markers are just not listed */
	if (probe_targets(s.target, pid, &paths, &n, err, errlen))
		return -1;
	for (size_t i = 0; i < n; i++)
		list_file(&s, paths[i], paths[i], emit, ctx);
	probe_targets_free(paths, n);
	return 0;
}
