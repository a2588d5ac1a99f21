// SPDX-License-Identifier: GPL-2.0
/*
 * Structs strace decodes behind a pointer: a network interface's struct
 * ifreq (SIOCGIF*, and SIOCSIF* on an interface that does not exist, so
 * nothing is changed), SIOCGIFCONF's list of them, an inode's flags, f_owner_ex, sched_attr, mincore's
 * vector, remap_file_pages's flags, shmctl's and msgctl's buffers, and
 * flistxattr's size query; and named values -X shows as numbers in
 * prctl, capget, epoll, statfs, personality and poll; fcntl's lease,
 * notify and seal commands, fallocate's and close_range's flags, modes
 * and umask's result of three digits.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/close_range.h>
#include <linux/fs.h>
#include <linux/sched/types.h>
#include <net/if.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

static void ifreqs(void)
{
	static const unsigned long gets[] = {
		SIOCGIFINDEX, SIOCGIFFLAGS, SIOCGIFMTU, SIOCGIFHWADDR, SIOCGIFADDR,
		SIOCGIFNETMASK, SIOCGIFBRDADDR, SIOCGIFDSTADDR, SIOCGIFMETRIC, SIOCGIFTXQLEN,
		SIOCGIFMAP,
	};
	static const unsigned long sets[] = { SIOCSIFMTU, SIOCSIFFLAGS, SIOCSIFNAME };
	int s = socket(AF_INET, SOCK_DGRAM, 0), s6 = socket(AF_INET6, SOCK_DGRAM, 0);
	struct ifreq r;

	for (size_t i = 0; i < sizeof(gets) / sizeof(gets[0]); i++) {
		memset(&r, 0, sizeof(r));
		strcpy(r.ifr_name, "lo");
		ioctl(s, gets[i], &r);
	}
	memset(&r, 0, sizeof(r));
	r.ifr_ifindex = 1;
	ioctl(s, SIOCGIFNAME, &r);		/* lo is 1 */
	r.ifr_ifindex = 99999;
	ioctl(s, SIOCGIFNAME, &r);		/* ENODEV */
	strcpy(r.ifr_name, "nosuch0");
	ioctl(s, SIOCGIFINDEX, &r);		/* ENODEV: the name alone */
	memcpy(r.ifr_name, "0123456789abcdef", 16);
	ioctl(s, SIOCGIFINDEX, &r);		/* no NUL: cut */
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		memset(&r, 0, sizeof(r));
		strcpy(r.ifr_name, "nosuch0");
		r.ifr_mtu = 1234;
		ioctl(s, sets[i], &r);		/* ENODEV: what was given */
	}
	ioctl(s, SIOCGIFINDEX, NULL);
	/* SIOCGIFCONF: the room needed (no buffer), one interface, all
	 * (ifc_len given => written), too little room, a bad buffer */
	{
		struct ifreq rs[8];
		struct ifconf ic = { .ifc_len = 12345, .ifc_buf = NULL };

		ioctl(s, SIOCGIFCONF, &ic);
		ic.ifc_buf = (char *)rs;
		ic.ifc_len = sizeof(rs[0]);
		ioctl(s, SIOCGIFCONF, &ic);
		ic.ifc_len = sizeof(rs) + 2;
		ioctl(s, SIOCGIFCONF, &ic);
		ic.ifc_len = 1;
		ioctl(s, SIOCGIFCONF, &ic);
		ic.ifc_len = sizeof(rs[0]);
		ic.ifc_buf = (char *)8;
		ioctl(s, SIOCGIFCONF, &ic);
	}
	strcpy(r.ifr_name, "lo");
	ioctl(s6, SIOCGIFADDR, &r);		/* ENOTTY */
	close(s);
	close(s6);
}

static void ipcs(void)
{
	struct shmid_ds ds;
	struct msqid_ds md;
	struct shminfo si;
	int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);

	memset(&ds, 0, sizeof(ds));
	shmctl(id, IPC_STAT, &ds);
	ds.shm_perm.mode = 0640;
	shmctl(id, IPC_SET, &ds);
	shmctl(id, SHM_STAT, &ds);
	shmctl(id, IPC_INFO, (void *)&si);
	shmctl(id, IPC_RMID, NULL);
	shmctl(id, IPC_STAT, &ds);		/* EINVAL: the address */
	msgctl(q, IPC_STAT, &md);
	md.msg_qbytes = 1000;
	msgctl(q, IPC_SET, &md);
	msgctl(q, IPC_RMID, NULL);
}

/* fcntl's lease, notify and seal commands and results, an unknown
 * command; fallocate's and close_range's flags */
static void fcntls(void)
{
	char dir[] = "/tmp/strobe-kstructs-XXXXXX", path[64];
	int fd, d, m;

	if (!mkdtemp(dir))
		return;
	snprintf(path, sizeof(path), "%s/f", dir);
	fd = open(path, O_RDWR | O_CREAT, 0644);
	fcntl(fd, F_GETLEASE);
	fcntl(fd, F_SETLEASE, F_RDLCK);		/* EAGAIN: open for writing */
	fcntl(fd, F_SETLEASE, 7);		/* EINVAL */
	fcntl(fd, F_GETSIG);
	fcntl(fd, F_SETSIG, SIGUSR1);
	fcntl(fd, F_GETSIG);
	d = open(dir, O_RDONLY);		/* nothing writes there meanwhile */
	fcntl(d, F_NOTIFY, DN_MODIFY | DN_MULTISHOT);
	fcntl(d, F_NOTIFY, 0);
	m = memfd_create("seals", MFD_ALLOW_SEALING);
	fcntl(m, F_GET_SEALS);
	fcntl(m, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW);
	fcntl(m, F_GET_SEALS);
	fcntl(fd, 0x40c, 0);			/* no such command */
	fallocate(fd, 0, 0, 4096);
	fallocate(fd, FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE, 0, 4096);
	fallocate(fd, 0x100, 0, 1);
	fchmod(fd, 0);				/* modes of three digits at least */
	fchmod(fd, 07);
	umask(umask(0));
	close_range(100, ~0U, CLOSE_RANGE_CLOEXEC);
	close_range(100, 200, 0x10);		/* EINVAL */
	close(fd);
	close(d);
	close(m);
	unlink(path);
	rmdir(dir);
}

static void named_values(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	struct epoll_event ev = { EPOLLIN | EPOLLET, { .u64 = 5 } }, out[2];
	struct pollfd pf[2];
	struct statfs sf;
	int p[2], ep;

	prctl(PR_SET_NAME, "kstructs");
	prctl(PR_GET_DUMPABLE);
	prctl(PR_SET_PDEATHSIG, 9);
	prctl(PR_CAPBSET_READ, 1);
	prctl(PR_GET_TIMERSLACK);
	syscall(SYS_capget, &h, d);
	if (pipe(p))
		return;
	(void)!write(p[1], "x", 1);
	ep = epoll_create1(EPOLL_CLOEXEC);
	epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
	epoll_wait(ep, out, 2, 0);
	statfs("/", &sf);
	personality(0xffffffff);
	personality(PER_LINUX | ADDR_NO_RANDOMIZE);
	personality(PER_LINUX);
	pf[0] = (struct pollfd){ p[0], POLLIN | POLLPRI, 0 };
	pf[1] = (struct pollfd){ p[1], POLLOUT, 0 };
	poll(pf, 2, 0);
}

int main(int argc, char **argv)
{
	struct f_owner_ex ow = { F_OWNER_PID, getpid() };
	struct sched_attr sa[2];
	unsigned char vec[64];
	char buf[64];
	long fl = 0;
	int fd = open(argc > 1 ? argv[1] : argv[0], O_RDONLY), s;
	char *m, *m2;

	ifreqs();
	ioctl(fd, FS_IOC_GETFLAGS, &fl);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	fcntl(s, F_SETOWN_EX, &ow);
	memset(&ow, 0, sizeof(ow));
	fcntl(s, F_GETOWN_EX, &ow);
	memset(sa, 0, sizeof(sa));
	syscall(SYS_sched_getattr, 0, sa, 48, 0);
	syscall(SYS_sched_getattr, 0, sa, sizeof(sa), 0);
	sa[0].sched_flags = 0x80;		/* EINVAL: an unknown flag */
	syscall(SYS_sched_setattr, 0, sa, 0);
	m = mmap(NULL, 40 * 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	*(volatile char *)m;
	mincore(m, 3 * 4096, vec);
	mincore(m, 40 * 4096, vec);		/* more pages than strace shows */
	m2 = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	remap_file_pages(m2, 4096, 0, 1, MAP_NONBLOCK);
	ipcs();
	flistxattr(fd, buf, 0);
	named_values();
	fcntls();
	return 0;
}
