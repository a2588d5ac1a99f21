/* Known syscalls with known results, for comparing strobe with strace.
 * Exits with status 3. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	char buf[16];
	int fd;

	syscall(SYS_openat, AT_FDCWD, "/nonexistent/strobe-test", O_RDONLY);
	fd = syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDWR | O_CLOEXEC);
	syscall(SYS_write, fd, "hello", 5);
	syscall(SYS_read, fd, buf, sizeof(buf));
	syscall(SYS_lseek, fd, 0, SEEK_SET);
	syscall(SYS_dup, fd);
	syscall(SYS_close, 99);
	syscall(SYS_access, "/etc/passwd", R_OK | W_OK);
	syscall(SYS_access, "/nonexistent", F_OK);
	syscall(SYS_getpid);
	syscall(SYS_mkdir, "/proc/strobe-cannot", 0755);
	syscall(SYS_unlink, "/nonexistent/file");
	void *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(p, 8192);
	syscall(SYS_openat, AT_FDCWD, "/tmp", O_WRONLY | O_CREAT | O_EXCL, 0600);
	syscall(SYS_close, fd);
	syscall(SYS_exit_group, 3);
	return 0;
}
