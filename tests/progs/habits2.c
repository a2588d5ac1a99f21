// SPDX-License-Identifier: GPL-2.0
/*
 * More of strace's habits, from a hunt on language runtimes and admin
 * tools: a CPU-time clock id and other unknown ones; rseq's flags;
 * seccomp's flags outside SECCOMP_SET_MODE_FILTER (refused: nothing is
 * set); every netlink protocol; timestamps of the epoch itself; a child
 * killed by a signal; SO_ERROR after a refused connect; task names of 15
 * characters and more (JVM threads).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts, zero[2] = { { 0, 0 }, { 0, 0 } }, one[2] = { { 0, 1 }, { 1, 0 } };
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons(1) };
	int err, fd, s;
	socklen_t len = sizeof(err);
	siginfo_t si;
	clockid_t c;
	pid_t k;

	clock_getcpuclockid(getpid(), &c);
	clock_gettime(c, &ts);
	syscall(SYS_clock_getres, -1, &ts);
	syscall(SYS_clock_gettime, 0x7fffffff, &ts);
	syscall(SYS_rseq, NULL, 0, 1, 0);
	syscall(SYS_seccomp, SECCOMP_SET_MODE_STRICT, 1, NULL);
	syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 1, NULL);
	for (int p = 0; p < 24; p++) {
		s = socket(AF_NETLINK, SOCK_RAW, p);
		if (s >= 0)
			close(s);
	}
	fd = memfd_create("times", 0);
	futimens(fd, zero);
	futimens(fd, one);

	s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	inet_pton(AF_INET, "127.0.0.1", &sin.sin_addr);
	connect(s, (struct sockaddr *)&sin, sizeof(sin));
	usleep(100000);
	getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len);
	getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len);

	prctl(PR_SET_NAME, "0123456789abcdefghij", 0, 0, 0);
	prctl(PR_SET_NAME, "0123456789abcde", 0, 0, 0);
	prctl(PR_SET_NAME, "0123456789abcd", 0, 0, 0);

	k = fork();
	if (!k) {
		pause();
		_exit(0);
	}
	kill(k, SIGTERM);
	memset(&si, 0, sizeof(si));
	waitid(P_PID, k, &si, WEXITED);
	return 0;
}
