/* Path and string arguments: long, odd bytes, unreadable pointers. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	char path[300];

	memset(path, 'a', sizeof(path) - 1);
	path[0] = '/';
	path[sizeof(path) - 1] = 0;
	syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);
	syscall(SYS_openat, AT_FDCWD, "/tmp/\t\n\"quote\\\001\0012\377", O_RDONLY);
	syscall(SYS_openat, AT_FDCWD, (char *)8, O_RDONLY);
	syscall(SYS_openat, AT_FDCWD, NULL, O_RDONLY);
	/* a string argument (-s applies) of a harmless call */
	syscall(SYS_memfd_create, "a-name-longer-than-thirty-two-bytes", 0);
	syscall(SYS_memfd_create, "strobe", 0);
	return 0;
}
