/* -e inject= / fault= parsing and when= counting, against strace's
 * documented rules (strace(1), "-e inject="). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "inject/inject.h"
#include "syscalls/syscalls.h"

static struct inject_rule *rule(struct inject_opts *io, const char *name)
{
	return &io->rule[syscall_lookup(name)];
}

/* Which of the first 12 calls are injected, as "1 3 5". */
static const char *picks(const struct inject_rule *r)
{
	static char buf[64];
	size_t len = 0;

	buf[0] = 0;
	for (int n = 1; n <= 12; n++)
		if (inject_when(r, n))
			len += snprintf(buf + len, sizeof(buf) - len, "%s%d", len ? " " : "", n);
	return buf;
}

static int parses(const char *arg)
{
	struct inject_opts *io = NULL;
	int rc;

	fflush(stderr);
	rc = inject_parse(&io, arg, false);
	free(io);
	return rc == 0;
}

int main(void)
{
	struct inject_opts *io = NULL;
	static const struct { const char *when, *picks; } whens[] = {
		{ "", "1 2 3 4 5 6 7 8 9 10 11 12" }, { ":when=3", "3" },
		{ ":when=3+", "3 4 5 6 7 8 9 10 11 12" }, { ":when=2..4", "2 3 4" },
		{ ":when=3+2", "3 5 7 9 11" }, { ":when=2..7+2", "2 4 6" },
		{ ":when=2..5+", "2 3 4 5" }, { ":when=1:when=4", "4" },
	};

	for (size_t i = 0; i < sizeof(whens) / sizeof(whens[0]); i++) {
		char arg[64];

		snprintf(arg, sizeof(arg), "socket:error=EMFILE%s", whens[i].when);
		CHECK(inject_parse(&io, arg, false) == 0);
		CHECK(!strcmp(picks(rule(io, "socket")), whens[i].picks));
	}
	CHECK(rule(io, "socket")->error == EMFILE && rule(io, "socket")->has_error);
	CHECK(!rule(io, "read")->on);

	/* fault= is ENOSYS by default; names are case-insensitive */
	CHECK(inject_parse(&io, "openat:when=3", true) == 0);
	CHECK(rule(io, "openat")->error == ENOSYS);
	CHECK(inject_parse(&io, "openat:error=eacces", true) == 0);
	CHECK(rule(io, "openat")->error == EACCES);

	/* retval as an unsigned long; signals by name or number; delays */
	CHECK(inject_parse(&io, "unlink,unlinkat:retval=0x10:signal=SIGUSR2", false) == 0);
	CHECK(rule(io, "unlinkat")->retval == 16 && rule(io, "unlink")->sig == SIGUSR2);
	CHECK(inject_parse(&io, "getpid:retval=-1", false) == 0);
	CHECK(rule(io, "getpid")->retval == UINT64_MAX);
	CHECK(inject_parse(&io, "read:delay_enter=1.5ms", false) == 0);
	CHECK(rule(io, "read")->delay_ns == 1500000 && rule(io, "read")->has_delay);
	CHECK(inject_parse(&io, "read:delay_enter=200", false) == 0);
	CHECK(rule(io, "read")->delay_ns == 200000);

	/* a later rule replaces an earlier one for the calls it names */
	CHECK(inject_parse(&io, "socket,getpid:retval=7:when=2", false) == 0);
	CHECK(rule(io, "socket")->has_retval && !rule(io, "socket")->has_error);

	/* poke_enter: bytes and argument */
	CHECK(inject_parse(&io, "write:poke_enter=@arg2=414243,@arg3=00", false) == 0);
	CHECK(rule(io, "write")->poke_n == 2);
	CHECK(io->pokes[rule(io, "write")->poke_first].arg == 2 &&
	      io->pokes[rule(io, "write")->poke_first].len == 3 &&
	      io->pokes[rule(io, "write")->poke_first].data[2] == 0x43);

	/* which calls the filter fails by itself: unconditional, with -f */
	CHECK(inject_parse(&io, "socket:error=EPERM", false) == 0);
	CHECK(inject_in_filter(rule(io, "socket"), true));
	CHECK(!inject_in_filter(rule(io, "socket"), false));
	CHECK(!inject_in_filter(rule(io, "getpid"), true));	/* when=2 */
	CHECK(!inject_in_filter(rule(io, "unlink"), true));	/* retval=16, a signal */
	free(io);

	/* bad input (each prints one line) */
	CHECK(parses("socket:error=EMFILE:when=65535"));
	CHECK(parses("socket:error=EMFILE:when=2..65534"));
	CHECK(!parses("socket:error=EMFILE:when=65536"));
	CHECK(!parses("socket:error=EMFILE:when=2..65535"));
	CHECK(!parses("socket:error=EMFILE:when=3..2"));
	CHECK(!parses("socket:error=EMFILE:when=0"));
	CHECK(!parses("socket:error=EMFILE:when=2+0"));
	CHECK(!parses("socket:error=EMFILE:when=2."));
	CHECK(!parses("socket:error=4096") && !parses("socket:error=0"));
	CHECK(!parses("socket:error=EMFILE:retval=1"));
	CHECK(!parses("socket:signal=65") && !parses("socket:signal=0"));
	CHECK(!parses("socket:delay_enter=1h") && !parses("socket:delay_enter=-1"));
	CHECK(!parses("socket:delay_exit=1ms"));
	CHECK(!parses("socket:syscall=open:error=EPERM") && !parses("socket:syscall=getpid"));
	CHECK(parses("socket:syscall=getpid:error=EPERM"));
	CHECK(parses("socket:signal=USR1:syscall=getpid"));	/* strace: no substitute */
	CHECK(!parses("socket") && !parses("socket:when=2"));
	return CHECK_REPORT();
}
