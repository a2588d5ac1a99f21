// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl requests of the evdev, block, loop and file system families on
 * fd -1 (tests/e2e.py, test_ioctl_families_like_strace): their names
 * (with evdev's parameters: EVIOCGNAME(8), EVIOCGBIT(EV_KEY, 8),
 * EVIOCGABS(ABS_X)) and third arguments: NULL, an address, a number, an
 * int or a range the call reads, none; terminal requests with NULL.  Requests whose argument is a
 * struct strobe does not decode yet are made with NULL only.
 */
#include <linux/blkpg.h>
#include <linux/blktrace_api.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/input.h>
#include <linux/loop.h>
#include <stdint.h>
#include <sys/ioctl.h>

#define N(a) (sizeof(a) / sizeof(a[0]))

int main(void)
{
	/* with NULL, then with a buffer holding known numbers */
	static const unsigned long both[] = {
		EVIOCGVERSION, EVIOCGID, EVIOCGREP, EVIOCGKEYCODE, EVIOCGKEYCODE_V2, EVIOCGEFFECTS,
		EVIOCGNAME(8), EVIOCGPHYS(16), EVIOCGUNIQ(4), EVIOCGPROP(4), EVIOCGMTSLOTS(8),
		EVIOCGKEY(8), EVIOCGLED(8), EVIOCGSND(8), EVIOCGSW(8), EVIOCGBIT(0, 8),
		EVIOCGBIT(EV_KEY, 8), EVIOCGBIT(EV_ABS, 4), EVIOCGBIT(0x1f, 4), EVIOCGABS(ABS_X),
		EVIOCGABS(ABS_MT_SLOT), EVIOCGABS(0x3e), EVIOCSCLOCKID, EVIOCSREP, EVIOCGMASK,
		EVIOCSMASK,
		BLKROSET, BLKROGET, BLKRRPART, BLKGETSIZE, BLKFLSBUF, BLKRAGET, BLKFRAGET,
		BLKSECTSET, BLKSECTGET, BLKSSZGET, BLKBSZGET, BLKBSZSET, BLKGETSIZE64,
		BLKTRACESTART, BLKTRACESTOP, BLKTRACETEARDOWN, BLKDISCARD, BLKIOMIN, BLKIOOPT,
		BLKALIGNOFF, BLKPBSZGET, BLKDISCARDZEROES, BLKSECDISCARD, BLKROTATIONAL, BLKZEROOUT,
		LOOP_CLR_FD, LOOP_GET_STATUS, LOOP_GET_STATUS64, LOOP_SET_CAPACITY, LOOP_CTL_GET_FREE,
		FIFREEZE, FITHAW, FS_IOC_GETVERSION, FS_IOC_SETVERSION, FS_IOC_FSGETXATTR, FIBMAP,
		FIGETBSZ,
	};
	/* a struct as their argument: NULL only */
	static const unsigned long null_only[] = {
		EVIOCSABS(ABS_Y), EVIOCSFF, EVIOCSKEYCODE, BLKTRACESETUP, BLKPG, LOOP_SET_STATUS,
		LOOP_SET_STATUS64, LOOP_CONFIGURE, FITRIM, FS_IOC_FIEMAP, FS_IOC_FSSETXATTR,
		FICLONERANGE, FIDEDUPERANGE,
	};
	/* a number as their argument */
	static const unsigned long by_value[] = {
		EVIOCRMFF, EVIOCGRAB, EVIOCREVOKE, BLKRASET, BLKFRASET, LOOP_SET_FD,
		LOOP_CHANGE_FD, LOOP_SET_DIRECT_IO, LOOP_SET_BLOCK_SIZE, LOOP_CTL_ADD,
		LOOP_CTL_REMOVE,
	};
	/* terminal requests: NULL for a pointer, none for TIOCNOTTY */
	static const unsigned long term[] = {
		0x5401, 0x5402, 0x5403, 0x5404, 0x5405, 0x5406, 0x5407, 0x5408, 0x540f, 0x5410,
		0x5411, 0x5412, 0x5413, 0x5414, 0x5415, 0x5416, 0x5417, 0x5418, 0x541b, 0x5421,
		0x5422, 0x5429, 0x5452, 0x80045430, 0x40045431,
	};
	uint64_t buf[8] = { 0xdeadbeefcafe0123ULL, 0x1122334455667788ULL };

	for (unsigned i = 0; i < N(both); i++) {
		ioctl(-1, both[i], 0);
		ioctl(-1, both[i], buf);
	}
	for (unsigned i = 0; i < N(null_only); i++)
		ioctl(-1, null_only[i], 0);
	for (unsigned i = 0; i < N(term); i++)
		ioctl(-1, term[i], 0);
	for (unsigned i = 0; i < N(by_value); i++)
		ioctl(-1, by_value[i], 0xfacefeedbadc0dedULL);
	return 0;
}
