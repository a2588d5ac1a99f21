/*
 * Flag arguments with bits no name covers, and bits above 32 in an
 * unsigned long: each call fails (bad fd, missing path, bad address), and
 * strace shows each value whole ("MS_RDONLY|0xdead000000000000",
 * "0x1 /\* SOCK_??? *\/").  membarrier's cpu_id follows its flags only
 * with MEMBARRIER_CMD_FLAG_CPU.
 */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	unsigned long hi = 0xdead000000000000UL;

	syscall(SYS_mount, "/nonexistent-a", "/nonexistent-b", "none", 1 | hi, 0);
	syscall(SYS_mount, "/nonexistent-a", "/nonexistent-b", "none", 0xc0ed0000UL | 1 | hi, 0);
	syscall(SYS_accept4, -1, 0, 0, 1);
	syscall(SYS_accept4, -1, 0, 0, 02000000 | 1);
	syscall(SYS_signalfd4, -1, 0, 8, 1);
	syscall(SYS_timerfd_create, 1, 1);
	syscall(SYS_timerfd_create, 1, 02000000 | 4);
	syscall(SYS_name_to_handle_at, -1, "/nonexistent", 0, 0, 1);
	syscall(SYS_name_to_handle_at, -1, "/nonexistent", 0, 0, 0x1400);
	syscall(SYS_membarrier, 1, 1, 3);
	syscall(SYS_membarrier, 1, 2, 3);
	syscall(SYS_membarrier, 1, 0, 3);
	return 0;
}
