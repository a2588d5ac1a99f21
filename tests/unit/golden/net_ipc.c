// SPDX-License-Identifier: GPL-2.0
/* Sockets, polling, IPC and process calls whose strace lines
 * tests/unit/test_format_net_ipc.c holds (fds -1: nothing happens). */
#define _GNU_SOURCE
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	int one = 1, shm, msq;
	struct epoll_event ev = { .events = EPOLLIN | EPOLLET, .data.u64 = 7 };
	unsigned long mask = 1ul << (SIGHUP - 1);

	syscall(SYS_socket, AF_INET, SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_TCP);
	syscall(SYS_socket, AF_UNIX, SOCK_DGRAM, 0);
	syscall(SYS_accept4, -1, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
	syscall(SYS_setsockopt, -1, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	syscall(SYS_sendto, -1, "hi", 2, MSG_DONTWAIT | MSG_NOSIGNAL, NULL, 0);
	syscall(SYS_epoll_create1, EPOLL_CLOEXEC);
	syscall(SYS_epoll_ctl, -1, EPOLL_CTL_ADD, -1, &ev);
	shm = syscall(SYS_shmget, IPC_PRIVATE, 4096, IPC_CREAT | IPC_EXCL | 0600);
	syscall(SYS_semget, 0x1234, 2, 0);
	msq = syscall(SYS_msgget, IPC_PRIVATE, IPC_CREAT | 0644);
	syscall(SYS_shmat, -1, NULL, SHM_RDONLY);
	syscall(SYS_shmctl, -1, IPC_RMID, NULL);
	syscall(SYS_msgctl, -1, IPC_STAT, NULL);
	syscall(SYS_semctl, -1, 0, IPC_RMID, 0);
	syscall(SYS_msgrcv, -1, NULL, 16, 0, IPC_NOWAIT | MSG_NOERROR);
	syscall(SYS_signalfd4, -1, &mask, 8, SFD_NONBLOCK | SFD_CLOEXEC);
	syscall(SYS_pidfd_open, 1, 0);
	syscall(SYS_waitid, P_PID, 99999, NULL, WEXITED | WNOHANG, NULL);
	syscall(SYS_sched_setscheduler, 99999, SCHED_FIFO, NULL);
	syscall(SYS_unshare, CLONE_NEWUTS | CLONE_NEWNS);
	syscall(SYS_setns, -1, CLONE_NEWNET);
	shmctl(shm, IPC_RMID, NULL);
	msgctl(msq, IPC_RMID, NULL);
	return 0;
}
