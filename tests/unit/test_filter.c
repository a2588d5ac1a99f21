/* The -e trace= / status= set parser, against strace's documented rules. */
#include "check.h"
#include "cli/cli.h"
#include "syscalls/syscalls.h"
#include "../../bpf/event.h"

static int has(const uint64_t *sel, const char *name)
{
	int nr = syscall_lookup(name);

	return nr >= 0 && ((sel[nr >> 6] >> (nr & 63)) & 1);
}

static int count(const uint64_t *sel)
{
	int n = 0;

	for (int i = 0; i < SYSCALL_TABLE_SIZE; i++)
		n += (sel[i >> 6] >> (i & 63)) & 1;
	return n;
}

int main(void)
{
	uint64_t sel[SEL_WORDS_CLI];
	char err[512];
	uint8_t mask;

	CHECK(filter_parse_trace("open,close", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "open") && has(sel, "close") && !has(sel, "read"));
	CHECK(count(sel) == 2);

	CHECK(filter_parse_trace("!open,close", sel, err, sizeof(err)) == 0);
	CHECK(!has(sel, "open") && !has(sel, "close") && has(sel, "read"));
	CHECK(count(sel) == SYSCALL_TABLE_SIZE - 2);

	CHECK(filter_parse_trace("none", sel, err, sizeof(err)) == 0 && count(sel) == 0);
	/* strace 6.1: a decimal number names its call; past the table, or
	 * in another base, it is an invalid system call (strace's words) */
	CHECK(filter_parse_trace("0,1,257", sel, err, sizeof(err)) == 0 && count(sel) == 3 &&
	      has(sel, "read") && has(sel, "write") && has(sel, "openat"));
	CHECK(filter_parse_trace("!0", sel, err, sizeof(err)) == 0 && !has(sel, "read") &&
	      has(sel, "write"));
	CHECK(filter_parse_trace("1000", sel, err, sizeof(err)) == -1);
	CHECK_STR(err, "invalid system call '1000'");
	CHECK(filter_parse_trace("0x1", sel, err, sizeof(err)) == -1);
	CHECK(syscall_number("59") == syscall_lookup("execve") && syscall_number("-1") == -1);
	CHECK(filter_parse_trace("!all", sel, err, sizeof(err)) == 0 && count(sel) == 0);
	CHECK(filter_parse_trace("all", sel, err, sizeof(err)) == 0 &&
	      count(sel) == SYSCALL_TABLE_SIZE);
	CHECK(filter_parse_trace("!none", sel, err, sizeof(err)) == 0 &&
	      count(sel) == SYSCALL_TABLE_SIZE);

	/* classes: %file takes a path; %desc an fd; %process lifecycle */
	CHECK(filter_parse_trace("%file", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "open") && has(sel, "openat") && has(sel, "stat") &&
	      has(sel, "execve") && has(sel, "unlink") && has(sel, "rename"));
	CHECK(!has(sel, "read") && !has(sel, "close") && !has(sel, "mmap"));
	CHECK(filter_parse_trace("%desc", sel, err, sizeof(err)) == 0);
	/* strace 6.1's %desc: not socket, sendto or getsockname (%network) */
	CHECK(has(sel, "read") && has(sel, "close") && has(sel, "openat") &&
	      has(sel, "pipe2") && !has(sel, "socket") && !has(sel, "sendto") &&
	      !has(sel, "getsockname") && !has(sel, "getpid"));
	CHECK(filter_parse_trace("%process", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "clone") && has(sel, "execve") && has(sel, "exit_group") &&
	      has(sel, "wait4") && !has(sel, "read"));
	CHECK(filter_parse_trace("%network", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "socket") && has(sel, "connect") && has(sel, "recvmsg") &&
	      !has(sel, "read"));
	CHECK(filter_parse_trace("%memory", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "mmap") && has(sel, "brk") && has(sel, "munmap") && !has(sel, "read"));
	CHECK(filter_parse_trace("%%stat", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "stat") && has(sel, "lstat") && has(sel, "fstat") &&
	      has(sel, "newfstatat") && has(sel, "statx") && count(sel) == 5);
	CHECK(filter_parse_trace("%fstat", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "fstat") && has(sel, "newfstatat") && !has(sel, "stat"));
	CHECK(filter_parse_trace("%pure", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "getpid") && has(sel, "gettid") && !has(sel, "kill"));
	CHECK(filter_parse_trace("%creds,%clock,%signal,%ipc", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "setuid") && has(sel, "clock_gettime") && has(sel, "rt_sigaction") &&
	      has(sel, "semop"));

	/* regex, mixed with names and classes */
	CHECK(filter_parse_trace("/^(read|write)$", sel, err, sizeof(err)) == 0);
	CHECK(count(sel) == 2 && has(sel, "read") && has(sel, "write"));
	CHECK(filter_parse_trace("!/^(read|write)$", sel, err, sizeof(err)) == 0);
	CHECK(!has(sel, "read") && has(sel, "readv") && has(sel, "pwrite64"));
	CHECK(filter_parse_trace("brk,%process,/^mprot", sel, err, sizeof(err)) == 0);
	CHECK(has(sel, "brk") && has(sel, "clone") && has(sel, "mprotect") &&
	      has(sel, "pkey_mprotect") == 0);

	/* errors: one line with close matches */
	CHECK(filter_parse_trace("opena", sel, err, sizeof(err)) == -1);
	CHECK(strstr(err, "invalid system call 'opena'") && strstr(err, "openat"));
	CHECK(filter_parse_trace("open,BADNAME", sel, err, sizeof(err)) == -1);
	CHECK(strstr(err, "'BADNAME'") != NULL);
	CHECK(filter_parse_trace("%foo", sel, err, sizeof(err)) == -1);
	CHECK(strstr(err, "class '%foo'") != NULL);
	CHECK(filter_parse_trace("/[", sel, err, sizeof(err)) == -1);
	CHECK(strstr(err, "regular expression") != NULL);
	CHECK(filter_parse_trace("?nosuchcall,read", sel, err, sizeof(err)) == 0 && count(sel) == 1);
	CHECK(!strchr(err, '\n'));

	/* status sets */
	CHECK(filter_parse_status("failed", &mask, err, sizeof(err)) == 0 && mask == ST_FAILED);
	CHECK(filter_parse_status("successful,unfinished", &mask, err, sizeof(err)) == 0 &&
	      mask == (ST_SUCCESSFUL | ST_UNFINISHED));
	CHECK(filter_parse_status("!failed", &mask, err, sizeof(err)) == 0 &&
	      mask == (ST_SUCCESSFUL | ST_UNFINISHED));
	CHECK(filter_parse_status("all", &mask, err, sizeof(err)) == 0 && mask == ST_ALL);
	CHECK(filter_parse_status("bogus", &mask, err, sizeof(err)) == -1);
	CHECK(strstr(err, "invalid status 'bogus'") != NULL);

	/* sizes for -m */
	CHECK(parse_size("64K") == 65536);
	CHECK(parse_size("8M") == 8 << 20);
	CHECK(parse_size("1G") == 1 << 30);
	CHECK(parse_size("12x") == -1 && parse_size("") == -1 && parse_size("-5") == -1);
	return CHECK_REPORT();
}
