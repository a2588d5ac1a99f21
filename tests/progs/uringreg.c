/*
 * io_uring_register's arguments strobe decodes by opcode: the buffers'
 * iovecs, the files' and eventfd's fds (-y's paths); each call is made on
 * a ring and fails or succeeds as the kernel says, the same under both
 * tracers.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/io_uring.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

int main(void)
{
	struct io_uring_params p;
	static char buf[2][4096];
	struct iovec v[2] = { { buf[0], 4096 }, { buf[1], 4096 } };
	int fds[3] = { open("/dev/null", O_RDONLY), -1, open("/dev/zero", O_RDONLY) };
	int ring;

	memset(&p, 0, sizeof(p));
	ring = syscall(SYS_io_uring_setup, 4, &p);
	if (ring < 0)
		return 0;	/* no io_uring here: nothing to compare */
	syscall(SYS_io_uring_register, ring, IORING_REGISTER_BUFFERS, v, 2);
	syscall(SYS_io_uring_register, ring, IORING_UNREGISTER_BUFFERS, NULL, 0);
	syscall(SYS_io_uring_register, ring, IORING_REGISTER_FILES, fds, 3);
	syscall(SYS_io_uring_register, ring, IORING_UNREGISTER_FILES, NULL, 0);
	syscall(SYS_io_uring_register, ring, IORING_REGISTER_EVENTFD, fds, 1);
	syscall(SYS_io_uring_register, ring, IORING_REGISTER_EVENTFD_ASYNC, fds + 2, 1);
	syscall(SYS_io_uring_register, ring, IORING_REGISTER_FILES, NULL, 2);
	syscall(SYS_io_uring_register, ring, IORING_REGISTER_BUFFERS, v, 0);
	close(ring);
	return 0;
}
