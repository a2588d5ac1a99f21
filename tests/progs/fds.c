/* Fds and what they refer to, for -y: a relative open after chdir, an
 * openat relative to a directory fd, dup2, F_DUPFD_CLOEXEC, and writes to
 * the inherited stdout.  Everything stays open long enough to be read. */
#include <fcntl.h>
#include <unistd.h>

int main(void)
{
	char buf[64];
	int fd, dir, d2, d3;

	if (chdir("/etc"))
		return 1;
	fd = open("hostname", O_RDONLY);
	dir = open("/usr/share", O_RDONLY | O_DIRECTORY);
	d2 = openat(dir, "doc", O_RDONLY | O_DIRECTORY);
	if (fd < 0 || dir < 0 || d2 < 0)
		return 1;
	dup2(fd, 10);
	d3 = fcntl(10, F_DUPFD_CLOEXEC, 20);
	if (read(d3, buf, sizeof(buf)) < 0 || write(1, "x\n", 2) != 2)
		return 1;
	close(d3);
	close(10);
	close(d2);
	close(dir);
	close(fd);
	return 0;
}
