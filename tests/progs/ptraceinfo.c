// SPDX-License-Identifier: GPL-2.0
/*
 * PTRACE_GET_SYSCALL_INFO at each kind of stop (a signal: op NONE; a
 * syscall's entry and exit), each struct given room for 1, 8, 24, 32, 33
 * and 88 bytes and put at the end of its page (the next unmapped): what
 * the kernel writes is what fits.  The tracee is the program's own child
 * (PTRACE_TRACEME), so it runs under strace too.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define PTRACE_GET_SYSCALL_INFO_ 0x420e

static char *page_end;

static void info(pid_t pid)
{
	static const unsigned long sizes[] = { 1, 8, 24, 32, 33, 88 };

	for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		syscall(SYS_ptrace, PTRACE_GET_SYSCALL_INFO_, pid, sizes[i],
			page_end - sizes[i]);
}

int main(void)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	pid_t pid;
	int st;

	if (p == MAP_FAILED)
		return 1;
	munmap(p + 4096, 4096);
	page_end = p + 4096;
	pid = fork();
	if (pid == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		raise(SIGSTOP);
		syscall(SYS_chdir, "/nonexistent-strobe", 0xbad1fed1, 0xbad2fed2, 0xbad3fed3,
			0xbad4fed4, 0xbad5fed5);
		_exit(0);
	}
	waitpid(pid, &st, 0);		/* the SIGSTOP */
	info(pid);
	/* syscall stops are told apart (op ENTRY and EXIT) with this only */
	ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD);
	/* each syscall's entry and exit until chdir's exit */
	for (int k = 0; k < 40; k++) {
		uint8_t op;
		uint64_t nr;

		ptrace(PTRACE_SYSCALL, pid, 0, 0);
		if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st))
			break;
		if (syscall(SYS_ptrace, PTRACE_GET_SYSCALL_INFO_, pid, 32L, p) < 0)
			break;
		op = (uint8_t)p[0];
		nr = *(uint64_t *)(p + 24);
		if (op == 1 && nr == SYS_chdir)
			info(pid);
		else if (op == 2 && k > 0 && *(int64_t *)(p + 24) == -2) {
			info(pid);
			break;
		}
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	return 0;
}
