/*
 * Whole lines for sockets, epoll, System V IPC, signalfd, pidfd, waitid,
 * scheduling and namespaces (default options), and which argument kinds
 * of src/syscalls/argkinds.def the formatter tests cover.
 *
 * How the expected lines were obtained: tests/unit/golden/net_ipc.c run
 * under `strace -o OUT` (strace 6.1, Debian 12); each record holds the
 * values it passed and the results the kernel returned.
 */
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "records.h"

#define NEG(n) ((uint64_t)(int64_t)(n))
#define P 0x7ffd5a5a1000ull
#define EBADF_ NEG(-9)
#define EINVAL_ NEG(-22)

struct epoll_ev { uint32_t events; uint64_t data; } __attribute__((packed));

static const struct sc net_ipc[] = {
	{ .want = "socket(AF_INET, SOCK_STREAM|SOCK_CLOEXEC, IPPROTO_TCP) = 3",
	  .nr = SYS_socket, .a = { AF_INET, SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_TCP }, .ret = 3 },
	{ .want = "socket(AF_UNIX, SOCK_DGRAM, 0)          = 4",
	  .nr = SYS_socket, .a = { AF_UNIX, SOCK_DGRAM, 0 }, .ret = 4 },
	{ .want = "accept4(-1, NULL, NULL, SOCK_CLOEXEC|SOCK_NONBLOCK) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_accept4, .a = { NEG(-1), 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC }, .ret = EBADF_ },
	{ .want = "setsockopt(-1, SOL_SOCKET, SO_REUSEADDR, [1], 4) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_setsockopt, .a = { NEG(-1), SOL_SOCKET, SO_REUSEADDR, P, 4 }, .ret = EBADF_,
	  .cap = { CAP_ARR(3, int, { 1 }) } },
	{ .want = "sendto(-1, \"hi\", 2, MSG_DONTWAIT|MSG_NOSIGNAL, NULL, 0) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_sendto, .a = { NEG(-1), P, 2, MSG_DONTWAIT | MSG_NOSIGNAL, 0, 0 }, .ret = EBADF_,
	  .cap = { CAP_STR(1, "hi") } },
	{ .want = "epoll_create1(EPOLL_CLOEXEC)            = 5",
	  .nr = SYS_epoll_create1, .a = { EPOLL_CLOEXEC }, .ret = 5 },
	{ .want = "epoll_ctl(-1, EPOLL_CTL_ADD, -1, {events=EPOLLIN|EPOLLET, data={u32=7, u64=7}}) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_epoll_ctl, .a = { NEG(-1), EPOLL_CTL_ADD, NEG(-1), P }, .ret = EBADF_,
	  .cap = { CAP_OBJ(3, struct epoll_ev, { EPOLLIN | EPOLLET, 7 }) } },
	{ .want = "shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_EXCL|0600) = 36",
	  .nr = SYS_shmget, .a = { IPC_PRIVATE, 4096, IPC_CREAT | IPC_EXCL | 0600 }, .ret = 36 },
	{ .want = "semget(0x1234, 2, 000)                  = -1 ENOENT (No such file or directory)",
	  .nr = SYS_semget, .a = { 0x1234, 2, 0 }, .ret = NEG(-2) },
	{ .want = "msgget(IPC_PRIVATE, IPC_CREAT|0644)     = 18",
	  .nr = SYS_msgget, .a = { IPC_PRIVATE, IPC_CREAT | 0644 }, .ret = 18 },
	{ .want = "shmat(-1, NULL, SHM_RDONLY)             = -1 EINVAL (Invalid argument)",
	  .nr = SYS_shmat, .a = { NEG(-1), 0, SHM_RDONLY }, .ret = EINVAL_ },
	{ .want = "shmctl(-1, IPC_RMID, NULL)              = -1 EINVAL (Invalid argument)",
	  .nr = SYS_shmctl, .a = { NEG(-1), IPC_RMID, 0 }, .ret = EINVAL_ },
	{ .want = "msgctl(-1, IPC_STAT, NULL)              = -1 EINVAL (Invalid argument)",
	  .nr = SYS_msgctl, .a = { NEG(-1), IPC_STAT, 0 }, .ret = EINVAL_ },
	{ .want = "semctl(-1, 0, IPC_RMID, NULL)           = -1 EINVAL (Invalid argument)",
	  .nr = SYS_semctl, .a = { NEG(-1), 0, IPC_RMID, 0 }, .ret = EINVAL_ },
	{ .want = "msgrcv(-1, NULL, 16, 0, MSG_NOERROR|IPC_NOWAIT) = -1 EINVAL (Invalid argument)",
	  .nr = SYS_msgrcv, .a = { NEG(-1), 0, 16, 0, IPC_NOWAIT | MSG_NOERROR }, .ret = EINVAL_ },
	{ .want = "signalfd4(-1, [HUP], 8, SFD_CLOEXEC|SFD_NONBLOCK) = 6",
	  .nr = SYS_signalfd4, .a = { NEG(-1), P, 8, SFD_NONBLOCK | SFD_CLOEXEC }, .ret = 6,
	  .cap = { CAP_ARR(1, uint64_t, { 1ull << (SIGHUP - 1) }) } },
	{ .want = "pidfd_open(1, 0)                        = 7",
	  .nr = SYS_pidfd_open, .a = { 1, 0 }, .ret = 7 },
	{ .want = "waitid(P_PID, 99999, NULL, WNOHANG|WEXITED, NULL) = -1 ECHILD (No child processes)",
	  .nr = SYS_waitid, .a = { P_PID, 99999, 0, WEXITED | WNOHANG, 0 }, .ret = NEG(-10) },
	{ .want = "sched_setscheduler(99999, SCHED_FIFO, NULL) = -1 EINVAL (Invalid argument)",
	  .nr = SYS_sched_setscheduler, .a = { 99999, SCHED_FIFO, 0 }, .ret = EINVAL_ },
	{ .want = "unshare(CLONE_NEWNS|CLONE_NEWUTS)       = 0",
	  .nr = SYS_unshare, .a = { CLONE_NEWUTS | CLONE_NEWNS } },
	{ .want = "setns(-1, CLONE_NEWNET)                 = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_setns, .a = { NEG(-1), CLONE_NEWNET }, .ret = EBADF_ },
};

int main(void)
{
	struct fmt_opts o = { .strsize = 32 };

	RUN_TABLE(net_ipc, &o);
	return CHECK_BUG_REPORT();
}
