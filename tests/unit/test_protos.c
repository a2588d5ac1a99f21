/*
 * The built-in library prototypes (src/probe/protos.c) against libc's own
 * DWARF types (Debian's libc6-dbg, found by build id): every function of
 * the table that libc's debug info describes must agree on where the
 * result and each argument are pointers, and on which are 64-bit integers
 * (an int read where a long is passed would be cut).  And functions
 * written in assembly (getgid, _setjmp: DW_TAG_unspecified_type) get no
 * DWARF prototype, not a pointer result.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "probe/probe.h"
#include "syscalls/syscalls.h"

#define LIBC "/lib/x86_64-linux-gnu/libc.so.6"

/* 'p' pointer, 'l' 64-bit integer, 'i' 32-bit or smaller integer */
static char builtin_arg(const struct syscall_arg *a)
{
	struct arg_capture c;

	if (a->kind == AK_PTR || (arg_capture(a, &c) && c.ck))
		return 'p';
	return a->kind == AK_LONG || a->kind == AK_ULONG ? 'l' : 'i';
}

static char builtin_ret(int r)
{
	switch (r) {
	case LR_PTR: case LR_STR: return 'p';
	case LR_LONG: case LR_ULONG: return 'l';
	case LR_VOID: return 'v';
	}
	return 'i';
}

static char dwarf_arg(const struct syscall_arg *a)
{
	switch (a->kind) {
	case AK_PTR: case AK_STR: return 'p';
	case AK_LONG: case AK_ULONG: return 'l';
	}
	return 'i';
}

static uint64_t addr_of(const char *name)
{
	struct probe_set set = { 0 };
	uint64_t a = 0;

	if (!probe_elf_funcs(LIBC, name, &set) && set.n)
		a = set.loc[0].addr;
	probe_set_free(&set);
	return a;
}

int main(void)
{
	const struct lib_proto *b, *d;
	int compared = 0;

	char cache[] = "/tmp/strobe-unit-protos-XXXXXX";

	/* read the DWARF itself: a cache of its own, empty */
	if (!mkdtemp(cache))
		return 1;
	setenv("XDG_CACHE_HOME", cache, 1);
	if (!proto_dwarf(LIBC, "malloc", addr_of("malloc"))) {
		printf("skipped: no debug info for libc (apt-get install libc6-dbg)\n");
		rmdir(cache);
		return CHECK_REPORT();
	}
	for (size_t i = 0; (b = proto_builtin(i)); i++) {
		uint64_t a = addr_of(b->d.name);
		char want[16], got[16];
		int n = 0;

		if (!a || !(d = proto_dwarf(LIBC, b->d.name, a)))
			continue;	/* not in libc, or not described */
		compared++;
		/* a varargs function: the table names the fixed arguments */
		n = b->d.nargs < d->d.nargs ? b->d.nargs : d->d.nargs;
		want[0] = builtin_ret(b->ret);
		got[0] = d->ret == LR_VOID ? 'v' : d->ret == LR_PTR || d->ret == LR_STR ? 'p' :
			 d->ret == LR_LONG || d->ret == LR_ULONG ? 'l' : 'i';
		for (int k = 0; k < n && k < 14; k++) {
			want[k + 1] = builtin_arg(&b->d.args[k]);
			got[k + 1] = dwarf_arg(&d->d.args[k]);
			if (b->d.args[k].kind == AK_HEX && got[k + 1] != 'p')
				want[k + 1] = got[k + 1];	/* printed whole, any width */
		}
		want[n + 1] = got[n + 1] = 0;
		if (strcmp(want, got))
			fprintf(stderr, "%s: table %s, DWARF %s (%d)\n", b->d.name, want, got, d->ret);
		CHECK_STR(want, got);
		if (b->d.nargs != d->d.nargs)
			fprintf(stderr, "%s: %d arguments, DWARF %d\n", b->d.name, b->d.nargs, d->d.nargs);
		CHECK(b->d.nargs == d->d.nargs || !strcmp(b->d.name, "open") ||
		      strstr(b->d.name, "printf") || !strcmp(b->d.name, "openat") ||
		      !strcmp(b->d.name, "open64"));
	}
	CHECK(compared > 50);
	/* assembly: no types, so no prototype from DWARF (raw values) */
	CHECK(!proto_dwarf(LIBC, "_setjmp", addr_of("_setjmp")));
	CHECK(!proto_dwarf(LIBC, "getgid", addr_of("getgid")));
	d = proto_find("getgid", false);
	CHECK(d && d->ret == LR_UINT);
	d = proto_find("geteuid", false);
	CHECK(d && d->ret == LR_UINT);
	proto_dwarf_free();
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", cache);
		if (system(cmd))
			fprintf(stderr, "cannot remove %s\n", cache);
	}
	return CHECK_REPORT();
}
