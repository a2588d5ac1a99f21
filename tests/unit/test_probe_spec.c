/*
 * The probe engine's reading of what users and binaries write: specs
 * (src/probe/spec.c) as bpftrace accepts them, USDT argument notes
 * (src/probe/usdt.c) in the forms compilers emit, and the files a target
 * names (src/probe/libs.c).  No root, no BPF.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "probe/probe.h"

#define RSP 152		/* offsetof(struct pt_regs, sp) */
#define RAX 80		/* offsetof(struct pt_regs, ax) */

static void specs(void)
{
	struct probe_spec s;
	char err[256];

	/* usdt::PROVIDER:NAME: no file (the process's files, with -p) */
	CHECK(!probe_spec_parse("usdt::tracetest:testprobe", &s, err, sizeof(err)));
	CHECK_STR(s.target, "");
	CHECK_STR(s.provider, "tracetest");
	CHECK_STR(s.name, "testprobe");
	/* usdt:FILE::NAME: any provider */
	CHECK(!probe_spec_parse("usdt:./prog::*probe2", &s, err, sizeof(err)));
	CHECK_STR(s.target, "./prog");
	CHECK_STR(s.provider, "*");
	CHECK_STR(s.name, "*probe2");
	CHECK(!probe_spec_parse("usdt:::*probe2", &s, err, sizeof(err)));
	CHECK_STR(s.target, "");
	/* resolved alone, a spec without a file says so */
	{
		struct probe_set set;

		CHECK(!probe_spec_parse("usdt::tracetest:testprobe", &s, err, sizeof(err)));
		CHECK(probe_resolve(&s, 0, &set, err, sizeof(err)) == -1);
		CHECK(strstr(err, "without a file") != NULL);
	}
	/* a uprobe still needs its file */
	CHECK(probe_spec_parse("uprobe::malloc", &s, err, sizeof(err)) == -1);
	CHECK(strstr(err, "incomplete") != NULL);
}

static void usdt_args(void)
{
	struct probe_loc l = { 0 };

	/* gcc's array element: base, index, scale ("usdt addr+index") */
	CHECK(!probe_usdt_parse_args("8@-88(%rsp,%rax,8) -4@-88(%rsp,%rax,4)", &l));
	CHECK(l.nargs == 2);
	CHECK(l.args[0].type == USDT_DEREF && l.args[0].size == 8);
	CHECK(l.args[0].reg_off == RSP && l.args[0].idx_off == RAX);
	CHECK(l.args[0].scale == 8 && l.args[0].val == -88);
	CHECK(l.args[1].size == -4 && l.args[1].scale == 4);
	/* the plain forms have no index */
	CHECK(!probe_usdt_parse_args("-4@%eax 8@-8(%rbp) 2@$7", &l));
	CHECK(l.nargs == 3);
	CHECK(l.args[0].idx_off == -1 && l.args[1].idx_off == -1);
	/* a scale the instruction set has not */
	CHECK(probe_usdt_parse_args("8@-88(%rsp,%rax,3)", &l) == -1);
}

static void targets(void)
{
	char tmp[] = "/tmp/strobe-unit-targets-XXXXXX", path[128], pat[160], err[256];
	const char *names[] = { "prog_a", "prog_b", "other" };
	char **v;
	size_t n;

	if (!mkdtemp(tmp)) {
		CHECK(!"mkdtemp");
		return;
	}
	for (int i = 0; i < 3; i++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", tmp, names[i]);
		f = fopen(path, "w");
		if (f)
			fclose(f);
	}
	/* a glob over files: each file matching, directories not */
	snprintf(pat, sizeof(pat), "%s/prog*", tmp);
	CHECK(!probe_targets(pat, 0, &v, &n, err, sizeof(err)));
	CHECK(n == 2);
	if (n == 2) {
		CHECK(strstr(v[0], "prog_a") || strstr(v[1], "prog_a"));
		CHECK(strstr(v[0], "prog_b") || strstr(v[1], "prog_b"));
	}
	probe_targets_free(v, n);
	/* matching nothing is no file, not an error */
	snprintf(pat, sizeof(pat), "%s/none*", tmp);
	CHECK(!probe_targets(pat, 0, &v, &n, err, sizeof(err)) && n == 0);
	probe_targets_free(v, n);
	/* no file and no process: said */
	CHECK(probe_targets("", 0, &v, &n, err, sizeof(err)) == -1);
	CHECK(strstr(err, "-p") != NULL);
	/* a process's files: this one's executable is among them */
	CHECK(!probe_targets("", getpid(), &v, &n, err, sizeof(err)));
	{
		bool self = false;

		for (size_t i = 0; i < n; i++)
			self |= strstr(v[i], "test_probe_spec") != NULL;
		CHECK(self);
	}
	probe_targets_free(v, n);
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", tmp, names[i]);
		unlink(path);
	}
	rmdir(tmp);
}

int main(void)
{
	specs();
	usdt_args();
	targets();
	return CHECK_REPORT();
}
