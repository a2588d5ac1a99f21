/* Known counts for -c: 100 nanosleeps of 10 ms, 1000 getpid, 50 failing
 * openat (ENOENT), 25 failing close (EBADF), 10 successful write. */
#include <fcntl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int fd = open("/dev/null", O_WRONLY);

	for (int i = 0; i < 100; i++)
		syscall(SYS_nanosleep, &ts, NULL);
	for (int i = 0; i < 1000; i++)
		syscall(SYS_getpid);
	for (int i = 0; i < 50; i++)
		syscall(SYS_openat, AT_FDCWD, "/nonexistent/strobe", O_RDONLY);
	for (int i = 0; i < 25; i++)
		syscall(SYS_close, -1);
	for (int i = 0; i < 10; i++)
		syscall(SYS_write, fd, "x", 1);
	return 0;
}
