// SPDX-License-Identifier: GPL-2.0
/*
 * quotactl and quotactl_fd with the VFS and XFS commands, on a device that
 * does not exist (nothing is changed; Q_SYNC of no device syncs the quota
 * of every filesystem that has one, and fails or does nothing otherwise):
 * the commands' ids and structs, an unknown command and type, a flag set
 * just before an unmapped page, and quotactl_fd on a bad fd and on the
 * root directory.  The e2e test also runs it with every call's result
 * injected, so the structs the calls write are shown too.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_quotactl_fd
#define SYS_quotactl_fd 443
#endif

static const char dev[] = "/dev/strobe-no-such-device";

static long q(unsigned cmd, const char *special, unsigned id, void *addr)
{
	return syscall(SYS_quotactl, cmd, special, id, addr);
}

int main(void)
{
	struct if_dqblk dq;
	struct if_nextdqblk ndq;
	struct if_dqinfo di;
	struct fs_disk_quota xdq;
	struct fs_quota_stat xs;
	struct fs_quota_statv xsv;
	uint32_t fmt = QFMT_VFS_V0, flags = 0xdeadbeef, *end;
	char *page;
	int fd;

	memset(&dq, 0, sizeof(dq));
	dq.dqb_bhardlimit = 1000;
	dq.dqb_bsoftlimit = 900;
	dq.dqb_ihardlimit = 50;
	dq.dqb_valid = QIF_LIMITS | 0x100;
	memset(&ndq, 0, sizeof(ndq));
	ndq.dqb_curspace = 4096;
	ndq.dqb_id = 1000;
	ndq.dqb_valid = QIF_USAGE;
	memset(&di, 0, sizeof(di));
	di.dqi_bgrace = 604800;
	di.dqi_igrace = 86400;
	di.dqi_flags = DQF_ROOT_SQUASH | 0x40;
	di.dqi_valid = IIF_BGRACE | IIF_FLAGS;
	memset(&xdq, 0, sizeof(xdq));
	xdq.d_version = FS_DQUOT_VERSION;
	xdq.d_flags = FS_PROJ_QUOTA;
	xdq.d_fieldmask = FS_DQ_BSOFT | FS_DQ_BHARD;
	xdq.d_id = 42;
	xdq.d_blk_hardlimit = 2048;
	xdq.d_itimer = -1;
	xdq.d_rtbwarns = 3;
	memset(&xs, 0, sizeof(xs));
	xs.qs_version = FS_QSTAT_VERSION;
	xs.qs_flags = FS_QUOTA_UDQ_ACCT | FS_QUOTA_GDQ_ENFD;
	xs.qs_uquota.qfs_ino = 131;
	xs.qs_gquota.qfs_nblks = 8;
	xs.qs_incoredqs = 7;
	xs.qs_btimelimit = 604800;
	memset(&xsv, 0, sizeof(xsv));
	xsv.qs_version = FS_QSTATV_VERSION1;
	xsv.qs_flags = FS_QUOTA_PDQ_ACCT;
	xsv.qs_pquota.qfs_nextents = 5;
	xsv.qs_iwarnlimit = 9;

	/* the device's name faulted in: the kernel refuses an unknown
	 * command before it reads the name, and a tracepoint cannot fault
	 * in a page the process has not touched (strace reads it anyway) */
	*(volatile const char *)dev;
	/* an unknown command and type; the old commands have names too */
	q(0xbadc0ded, dev, 0xca7faced, NULL);
	q(QCMD(0x100, USRQUOTA), dev, 0, &dq);
	/* the VFS commands */
	q(QCMD(Q_QUOTAON, USRQUOTA), dev, QFMT_VFS_V0, "/strobe-no-such-dir/aquota.user");
	q(QCMD(Q_QUOTAON, 7), dev, 0xbad, NULL);
	q(QCMD(Q_QUOTAOFF, GRPQUOTA), dev, 1, &dq);
	q(QCMD(Q_GETQUOTA, USRQUOTA), dev, getuid(), &dq);
	q(QCMD(Q_GETNEXTQUOTA, GRPQUOTA), dev, -1, &ndq);
	q(QCMD(Q_SETQUOTA, PRJQUOTA), dev, 3141592653U, &dq);
	q(QCMD(Q_GETINFO, USRQUOTA), dev, 0, &di);
	q(QCMD(Q_SETINFO, GRPQUOTA), dev, 0, &di);
	q(QCMD(Q_GETFMT, PRJQUOTA), dev, 0, &fmt);
	q(QCMD(Q_SYNC, USRQUOTA), NULL, 0, NULL);
	/* the XFS commands */
	q(QCMD(Q_XQUOTAON, USRQUOTA), dev, 0, &flags);
	q(QCMD(Q_XQUOTAOFF, GRPQUOTA), dev, 0, NULL);
	q(QCMD(Q_XGETQUOTA, PRJQUOTA), dev, 42, &xdq);
	q(QCMD(Q_XSETQLIM, PRJQUOTA), dev, 42, &xdq);
	q(QCMD(Q_XGETNEXTQUOTA, USRQUOTA), dev, 0, &xdq);
	q(QCMD(Q_XGETQSTAT, USRQUOTA), dev, 0, &xs);
	q(QCMD(Q_XGETQSTATV, GRPQUOTA), dev, 0, &xsv);
	q(QCMD(Q_XQUOTARM, USRQUOTA), dev, 0, &flags);
	q(QCMD(Q_XQUOTASYNC, 0x33), dev, 0, NULL);
	/* a flag set in the last 4 bytes before an unmapped page, and one
	 * that starts in it */
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page != MAP_FAILED) {
		munmap(page + 4096, 4096);
		end = (uint32_t *)(page + 4096) - 1;
		*end = FS_USER_QUOTA | FS_GROUP_QUOTA;
		q(QCMD(Q_XQUOTARM, GRPQUOTA), dev, 0, end);
		q(QCMD(Q_XQUOTARM, GRPQUOTA), dev, 0, end + 1);
		q(QCMD(Q_GETFMT, USRQUOTA), dev, 0, end);
	}
	/* quotactl_fd: a bad fd, and a directory whose filesystem has no
	 * quota */
	syscall(SYS_quotactl_fd, -1, QCMD(Q_GETFMT, GRPQUOTA), 0, &fmt);
	fd = open("/", O_RDONLY | O_DIRECTORY);
	syscall(SYS_quotactl_fd, fd, QCMD(Q_GETINFO, USRQUOTA), 0, &di);
	syscall(SYS_quotactl_fd, fd, QCMD(Q_GETQUOTA, USRQUOTA), 0, &dq);
	close(fd);
	return 0;
}
