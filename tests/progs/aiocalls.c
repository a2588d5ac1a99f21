/*
 * io_submit's iocbs as strace shows them: a read (its buffer's address),
 * a write (its data), fsync, readv and writev (their iovecs, the
 * writev's with data), poll (its events), an unknown opcode, the
 * priority and eventfd flags; an array whose second pointer leads
 * nowhere and third is NULL, one that runs into an unmapped page, a NULL
 * one, an empty one and a negative count.  The fd is /dev/null: the reads
 * and writes complete.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <poll.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

int main(void)
{
	aio_context_t ctx = 0;
	static char rbuf[64], wbuf[] = "strobe-aio";
	struct iovec v[2] = { { rbuf, 8 }, { wbuf, 6 } };
	struct iocb cb[8];
	struct iocb *list[8];
	int fd = open("/dev/null", O_RDWR), efd = eventfd(0, 0);
	char *page;

	if (syscall(SYS_io_setup, 16, &ctx))
		return 0;
	memset(cb, 0, sizeof(cb));
	for (int k = 0; k < 8; k++) {
		cb[k].aio_fildes = fd;
		cb[k].aio_data = 0x1000 + k;
		list[k] = &cb[k];
	}
	cb[0].aio_lio_opcode = IOCB_CMD_PREAD;
	cb[0].aio_buf = (unsigned long)rbuf;
	cb[0].aio_nbytes = sizeof(rbuf);
	cb[0].aio_offset = 7;
	cb[1].aio_lio_opcode = IOCB_CMD_PWRITE;
	cb[1].aio_buf = (unsigned long)wbuf;
	cb[1].aio_nbytes = strlen(wbuf);
	cb[1].aio_reqprio = (2 << 13) | 4;	/* IOPRIO_PRIO_VALUE(BE, 4) */
	cb[1].aio_flags = IOCB_FLAG_IOPRIO;
	cb[2].aio_lio_opcode = IOCB_CMD_PREADV;
	cb[2].aio_buf = (unsigned long)v;
	cb[2].aio_nbytes = 2;
	cb[3].aio_lio_opcode = IOCB_CMD_PWRITEV;
	cb[3].aio_buf = (unsigned long)v;
	cb[3].aio_nbytes = 2;
	cb[3].aio_flags = IOCB_FLAG_RESFD;
	cb[3].aio_resfd = efd;
	cb[4].aio_lio_opcode = IOCB_CMD_FSYNC;
	cb[4].aio_key = 5;	/* the kernel writes 0 there: shown as given */
	cb[5].aio_lio_opcode = IOCB_CMD_POLL;
	cb[5].aio_buf = POLLIN | POLLOUT;
	cb[6].aio_lio_opcode = 99;
	cb[6].aio_reqprio = 3;
	cb[7].aio_lio_opcode = IOCB_CMD_PWRITE;
	cb[7].aio_buf = 0;
	cb[7].aio_resfd = 0x77;
	syscall(SYS_io_submit, ctx, 4L, list);
	syscall(SYS_io_submit, ctx, 4L, list + 4);
	/* a pointer that leads nowhere, then an array cut by an unmapped page */
	list[1] = (struct iocb *)8;
	list[2] = NULL;
	syscall(SYS_io_submit, ctx, 3L, list);
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page != MAP_FAILED && !munmap(page + 4096, 4096)) {
		struct iocb **end = (struct iocb **)(page + 4096) - 1;

		end[0] = &cb[4];
		syscall(SYS_io_submit, ctx, 3L, end);
	}
	syscall(SYS_io_submit, ctx, 1L, NULL);
	syscall(SYS_io_submit, ctx, 0L, list);
	syscall(SYS_io_submit, ctx, -1L, list);
	syscall(SYS_io_destroy, ctx);
	return 0;
}
