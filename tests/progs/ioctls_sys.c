// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl requests whose argument strace shows as a struct, of file
 * systems, loop devices, seccomp's listener, counters, perf events, nbd,
 * SCSI generic, memory technology devices, UBI, device mapper, BLKPG (tests/e2e.py,
 * test_ioctl_structs_like_strace): on fd -1 with NULL, a struct cut by the
 * end of its page (an address), known values and unknown flag bits; then
 * FS_IOC_FIEMAP and FS_IOC_GETFLAGS that succeed, on the program's own
 * file (its extents do not move between the two runs); a namespace's type
 * and owner; KVM's, when /dev/kvm is there.
 */
#include <fcntl.h>
#include <linux/blkpg.h>
#include <linux/counter.h>
#include <linux/dm-ioctl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/kvm.h>
#include <linux/loop.h>
#include <linux/nbd.h>
#include <linux/nsfs.h>
#include <linux/perf_event.h>
#include <mtd/mtd-abi.h>
#include <mtd/ubi-user.h>
#include <scsi/sg.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <linux/sockios.h>
#include <unistd.h>

/* the last n bytes of a page followed by an unmapped one */
static void *page_end(size_t n)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		exit(1);
	munmap(p + 4096, 4096);
	return p + 4096 - n;
}

int main(void)
{
	struct fiemap *fm = page_end(sizeof(*fm));
	struct fstrim_range *r = page_end(sizeof(*r));
	struct fsxattr *x = page_end(sizeof(*x));
	unsigned *fl = page_end(4);
	struct counter_watch *w = page_end(sizeof(*w));
	struct seccomp_notif *n = page_end(sizeof(*n));
	struct seccomp_notif_resp *rs = page_end(sizeof(*rs));
	struct seccomp_notif_addfd *a = page_end(sizeof(*a));
	uint64_t *id = page_end(8);
	struct { struct fiemap h; struct fiemap_extent e[4]; } big;
	char filter[64];
	struct loop_info64 lo;
	struct {
		struct dm_ioctl io;
		struct dm_target_spec t0;
		char p0[16];
		struct dm_target_spec t1;
		char p1[8];
	} dmt;
	struct erase_info_user er;
	struct ubi_rnvol_req *rn;
	struct dm_ioctl dm;
	struct blkpg_partition part;
	struct blkpg_ioctl_arg pg;
	int fd;

	ioctl(-1, FS_IOC_FIEMAP, 0);
	ioctl(-1, FS_IOC_FIEMAP, (char *)fm + 1);
	*fm = (struct fiemap){ .fm_start = 1, .fm_length = ~0ULL, .fm_flags = 0xfffffff9,
			       .fm_extent_count = 3 };
	ioctl(-1, FS_IOC_FIEMAP, fm);
	*r = (struct fstrim_range){ 0xdeadbeefcafef00dULL, 4096, 512 };
	ioctl(-1, FITRIM, r);
	ioctl(-1, FITRIM, (char *)r + 1);
	*x = (struct fsxattr){ .fsx_xflags = 0x8000000b, .fsx_extsize = 7, .fsx_projid = 0x20 };
	ioctl(-1, FS_IOC_FSSETXATTR, x);
	ioctl(-1, FS_IOC_FSGETXATTR, x);
	*fl = 0x0d000010;
	ioctl(-1, FS_IOC_SETFLAGS, fl);
	ioctl(-1, FS_IOC32_SETFLAGS, fl);
	ioctl(-1, FS_IOC_GETFLAGS, fl);
	ioctl(-1, FS_IOC_GETFLAGS, 0);
	*w = (struct counter_watch){ { COUNTER_COMPONENT_COUNT, COUNTER_SCOPE_SIGNAL, 1, 2 },
				     COUNTER_EVENT_INDEX, 3 };
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, w);
	w->component.type = 9;
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, w);
	ioctl(-1, COUNTER_ENABLE_EVENTS_IOCTL, 5);
	memset(n, 0, sizeof(*n));
	ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, n);
	n->id = 7;
	n->pid = 1;
	n->data.nr = 39;
	n->data.arch = 0xc000003e;
	n->data.args[1] = 0xff;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, n);
	*rs = (struct seccomp_notif_resp){ 7, -1, -13, 1 };
	ioctl(-1, SECCOMP_IOCTL_NOTIF_SEND, rs);
	*id = 0xfeed;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID, id);
	*a = (struct seccomp_notif_addfd){ 7, 3, 1, 9, O_CLOEXEC };
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ADDFD, a);

	memset(&lo, 0, sizeof(lo));
	lo.lo_offset = 4096;
	lo.lo_flags = LO_FLAGS_READ_ONLY | 0x100;
	strcpy((char *)lo.lo_file_name, "/tmp/image");
	ioctl(-1, LOOP_SET_STATUS64, &lo);
	lo.lo_encrypt_type = LO_CRYPT_XOR;
	lo.lo_encrypt_key_size = 3;
	ioctl(-1, LOOP_SET_STATUS64, &lo);
	er = (struct erase_info_user){ 0x1000, 0x2000 };
	ioctl(-1, MEMERASE, &er);
	ioctl(-1, MEMGETINFO, &er);
	ioctl(-1, MTDFILEMODE, MTD_FILE_MODE_RAW);
	/* UBI_IOCRNVOL's 4368 bytes: read past the 512 of other structs */
	rn = malloc(sizeof(*rn));
	memset(rn, 0, sizeof(*rn));	/* (every page touched: see filter) */
	rn->count = 2;
	rn->ents[0].vol_id = 1;
	rn->ents[0].name_len = 3;
	strcpy(rn->ents[0].name, "abc");
	rn->ents[1].vol_id = 2;
	rn->ents[1].name_len = 5;
	strcpy(rn->ents[1].name, "vol");
	ioctl(-1, UBI_IOCRNVOL, rn);
	ioctl(-1, UBI_IOCVOLRMBLK);
	memset(&dm, 0, sizeof(dm));
	dm.version[0] = DM_VERSION_MAJOR;
	dm.data_size = sizeof(dm);
	dm.dev = 0xfd01;
	strcpy(dm.name, "vg-root");
	dm.flags = DM_READONLY_FLAG | 0x100000;
	ioctl(-1, DM_VERSION, &dm);
	ioctl(-1, DM_DEV_REMOVE, &dm);
	dm.data_size = 10;
	ioctl(-1, DM_DEV_STATUS, &dm);
	/* the data after the struct (shown with -v): two targets, the
	 * second's next pointing past data_size; a message; a new name */
	memset(&dmt, 0, sizeof(dmt));
	dmt.io = dm;
	dmt.io.data_size = sizeof(dmt);
	dmt.io.data_start = offsetof(typeof(dmt), t0);
	dmt.io.target_count = 3;
	dmt.t0 = (struct dm_target_spec){ .sector_start = 16, .length = 32,
					  .next = offsetof(typeof(dmt), t1) - offsetof(typeof(dmt), t0) };
	strcpy(dmt.t0.target_type, "linear");
	strcpy(dmt.p0, "8:1 2048");
	dmt.t1 = (struct dm_target_spec){ .sector_start = 48, .next = 0x10000 };
	strcpy(dmt.t1.target_type, "zero");
	ioctl(-1, DM_TABLE_LOAD, &dmt);
	dmt.io.data_start = offsetof(typeof(dmt), p0) - 8;
	ioctl(-1, DM_TARGET_MSG, &dmt);
	dmt.io.data_start = offsetof(typeof(dmt), p0);
	ioctl(-1, DM_DEV_RENAME, &dmt);
	dmt.io.data_start = sizeof(dmt);
	ioctl(-1, DM_DEV_SET_GEOMETRY, &dmt);
	strcpy(filter, "br0");
	ioctl(-1, SIOCBRADDBR, filter);
	ioctl(-1, 0x89ff, 0);
	/* BLKPG: the partition its struct points to, read too */
	memset(&part, 0, sizeof(part));
	part.start = 2048;
	part.length = 1 << 20;
	part.pno = 2;
	strcpy(part.devname, "sda2");
	pg = (struct blkpg_ioctl_arg){ BLKPG_ADD_PARTITION, 0, sizeof(part), &part };
	ioctl(-1, BLKPG, &pg);
	pg.data = (void *)0x10;
	ioctl(-1, BLKPG, &pg);
	ioctl(-1, PERF_EVENT_IOC_ENABLE, 3);
	/* (in memory the process touched: a tracepoint cannot fault a page in) */
	strcpy(filter, "common_pid != 1");
	ioctl(-1, PERF_EVENT_IOC_SET_FILTER, filter);
	ioctl(-1, PERF_EVENT_IOC_PERIOD, id);
	ioctl(-1, NBD_SET_FLAGS, 0x80000003);
	ioctl(-1, NBD_DISCONNECT);
	*fl = 0x101;
	ioctl(-1, SG_SCSI_RESET, fl);
	ioctl(-1, SG_GET_TIMEOUT);

	fd = open("/proc/self/exe", O_RDONLY);
	memset(&big, 0, sizeof(big));
	big.h.fm_length = ~0ULL;
	big.h.fm_extent_count = 4;
	ioctl(fd, FS_IOC_FIEMAP, &big);
	ioctl(fd, FS_IOC_GETFLAGS, fl);
	close(fd);
	fd = open("/proc/self/ns/user", O_RDONLY);
	ioctl(fd, NS_GET_NSTYPE);
	ioctl(fd, NS_GET_OWNER_UID, fl);
	close(fd);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	ioctl(fd, FIOGETOWN, fl);
	ioctl(fd, SIOCATMARK, fl);
	close(fd);
	/* a VM and a vCPU, when this machine has KVM: capabilities, the
	 * registers of a vCPU just made (the same in both runs) */
	fd = open("/dev/kvm", O_RDWR);
	if (fd >= 0) {
		struct kvm_regs regs;
		struct kvm_sregs sregs;
		int vm = ioctl(fd, KVM_CREATE_VM, 0), vcpu;

		ioctl(fd, KVM_GET_API_VERSION, 0);
		ioctl(fd, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY);
		ioctl(fd, KVM_CHECK_EXTENSION, 0xfffff);
		vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
		ioctl(vcpu, KVM_GET_REGS, &regs);
		ioctl(vcpu, KVM_GET_SREGS, &sregs);
		regs.rip = 0x1000;
		ioctl(vcpu, KVM_SET_REGS, &regs);
	}
	return 0;
}
