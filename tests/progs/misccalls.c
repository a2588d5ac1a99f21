// SPDX-License-Identifier: GPL-2.0
/*
 * Calls strace decodes that everyday tools make now and then: syslog
 * (dmesg), getcpu, mlock2, kcmp, get_robust_list, io_setup/io_destroy,
 * userfaultfd, fanotify_init, fsopen, open_tree; the key calls (su and
 * login make them), on keys of this process's own; seccomp and
 * prctl(PR_SET_SECCOMP) with a filter that allows everything, last;
 * recvmmsg's timeout, as given and as left, and its messages' name lengths
 * as given and as the call left them (one room too small for the sender's
 * address, one large enough); ptrace's requests, on a pid
 * that does not exist (no PTRACE_TRACEME: strobe, not ptrace, is the
 * tracer, and would be made this process's); kexec_load, mq_open,
 * capget, the thread area and _sysctl (others()).
 * Nothing else is changed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/futex.h>
#include <linux/filter.h>
#include <linux/kcmp.h>
#include <linux/keyctl.h>
#include <linux/mount.h>
#include <linux/ptrace.h>
#include <linux/seccomp.h>
#include <linux/userfaultfd.h>
#include <sched.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/klog.h>
#include <elf.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
/* calls that fail before they change anything: kexec with an unknown
 * architecture or flags, message queues without O_CREAT and one made and
 * removed, capget's version 1, the x86 thread area and _sysctl */
static void others(void)
{
	uint32_t hdr[2] = { 0x19980330, 0 }, caps[3];
	int q;

	syscall(SYS_kexec_load, 0, 0, 0, 0xdead0000ul);
	syscall(SYS_kexec_file_load, -1, -1, 0, 0, 0xdeadbeeful);
	syscall(SYS_mq_open, 0, O_RDONLY, 0600, 0);
	q = syscall(SYS_mq_open, "/strobe-misccalls", O_RDWR | O_CREAT | O_EXCL, 0600, 0);
	if (q >= 0)
		close(q);
	syscall(SYS_mq_unlink, "/strobe-misccalls");
	syscall(SYS_capget, hdr, caps);
	syscall(SYS_get_thread_area, 0);
	syscall(SYS_set_thread_area, 0);
	syscall(SYS__sysctl, 0);
}

static void keys(void)
{
	char buf[64];
	long k = syscall(SYS_add_key, "user", "mykey", "secret", 6, KEY_SPEC_PROCESS_KEYRING);

	syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_PROCESS_KEYRING, 0);
	syscall(SYS_keyctl, KEYCTL_READ, k, buf, sizeof(buf));
	syscall(SYS_keyctl, KEYCTL_DESCRIBE, k, buf, sizeof(buf));
	syscall(SYS_keyctl, KEYCTL_SETPERM, k, 0x3f3f0000);
	syscall(SYS_keyctl, KEYCTL_SET_TIMEOUT, k, 100);
	syscall(SYS_keyctl, KEYCTL_LINK, k, KEY_SPEC_THREAD_KEYRING);
	syscall(SYS_keyctl, KEYCTL_UNLINK, k, KEY_SPEC_THREAD_KEYRING);
	syscall(SYS_keyctl, KEYCTL_CHOWN, k, -1, -1);
	syscall(SYS_request_key, "user", "mykey", NULL, 0);
	syscall(SYS_request_key, "user", "strobe-no-such-key", NULL, KEY_SPEC_PROCESS_KEYRING);
	syscall(SYS_keyctl, KEYCTL_SET_REQKEY_KEYRING, KEY_REQKEY_DEFL_NO_CHANGE);
	syscall(SYS_keyctl, KEYCTL_REVOKE, k);
	syscall(SYS_keyctl, KEYCTL_READ, k, buf, sizeof(buf));	/* EKEYREVOKED */
	syscall(SYS_keyctl, KEYCTL_INVALIDATE, k);
	syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, "strobe-test");
	syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, 0);
	syscall(SYS_keyctl, 100, 1, 2, 3, 4);			/* no such command */
	/* the commands with structs or iovecs behind their arguments */
	{
		static char t[] = "user", d[] = "strobe-iov";
		struct iovec iv[3] = { { t, sizeof(t) }, { d, sizeof(d) }, { (void *)8, 3 } };
		struct keyctl_dh_params dh = { .private = 1, .prime = KEY_SPEC_USER_KEYRING,
					       .base = -12345 };
		static char other[] = { 1, 2, 0, 'x' };
		struct keyctl_kdf_params kdf = { .hashname = "sha256", .otherinfo = other,
						 .otherinfolen = sizeof(other) };
		struct keyctl_pkey_params pp = { .key_id = KEY_SPEC_SESSION_KEYRING,
						 .in_len = 4, .out_len = 3 };
		unsigned char caps[4];

		syscall(SYS_keyctl, KEYCTL_INSTANTIATE_IOV, 0, iv, 3, KEY_SPEC_THREAD_KEYRING);
		syscall(SYS_keyctl, KEYCTL_INSTANTIATE_IOV, 0, NULL, 0, 0);
		syscall(SYS_keyctl, KEYCTL_DH_COMPUTE, &dh, buf, 16, NULL);
		syscall(SYS_keyctl, KEYCTL_DH_COMPUTE, &dh, buf, 16, &kdf);
		kdf.hashname = (char *)8;
		kdf.__spare[7] = 0xbeef;
		syscall(SYS_keyctl, KEYCTL_DH_COMPUTE, &dh, buf, 16, &kdf);
		syscall(SYS_keyctl, KEYCTL_PKEY_QUERY, KEY_SPEC_SESSION_KEYRING, 0, "enc=raw", buf);
		syscall(SYS_keyctl, KEYCTL_PKEY_ENCRYPT, &pp, "enc=pkcs1", "abcd", buf);
		pp.__spare[2] = 7;
		syscall(SYS_keyctl, KEYCTL_PKEY_VERIFY, &pp, "", "abcd", "xyz");
		syscall(SYS_keyctl, KEYCTL_PKEY_SIGN, NULL, NULL, NULL, NULL);
		syscall(SYS_keyctl, KEYCTL_CAPABILITIES, caps, sizeof(caps));
		syscall(SYS_keyctl, KEYCTL_CAPABILITIES, NULL, 0);
	}
}

static void mmsgs(void)
{
	char b1[8], b2[8];
	struct iovec v[2] = { { b1, sizeof(b1) }, { b2, sizeof(b2) } };
	struct mmsghdr m[2];
	struct timespec t = { 1, 0 };
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return;
	send(sv[0], "a", 1, 0);
	send(sv[0], "b", 1, 0);
	memset(m, 0, sizeof(m));
	m[0].msg_hdr.msg_iov = &v[0];
	m[0].msg_hdr.msg_iovlen = 1;
	m[1].msg_hdr.msg_iov = &v[1];
	m[1].msg_hdr.msg_iovlen = 1;
	recvmmsg(sv[1], m, 2, MSG_WAITFORONE, &t);
	recvmmsg(sv[1], m, 2, MSG_DONTWAIT, NULL);	/* EAGAIN */
	/* from a sender with an (abstract) address: 14 bytes, into one
	 * byte of room and into a whole sockaddr_un */
	struct sockaddr_un me = { .sun_family = AF_UNIX }, got;
	char small[4];

	memcpy(me.sun_path, "\0strobe-mmsg", 12);
	if (!bind(sv[0], (struct sockaddr *)&me, 2 + 12)) {
		send(sv[0], "c", 1, 0);
		send(sv[0], "d", 1, 0);
		m[0].msg_hdr.msg_name = small;
		m[0].msg_hdr.msg_namelen = 1;
		m[1].msg_hdr.msg_name = &got;
		m[1].msg_hdr.msg_namelen = sizeof(got);
		recvmmsg(sv[1], m, 2, MSG_DONTWAIT, NULL);
	}
	close(sv[0]);
	close(sv[1]);
}

static void ptraces(void)
{
	long d;
	struct iovec io = { &d, sizeof(d) };
	const long pid = 999999;		/* ESRCH */

	syscall(SYS_ptrace, PTRACE_ATTACH, pid, 0, 0);
	syscall(SYS_ptrace, PTRACE_SEIZE, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACECLONE);
	syscall(SYS_ptrace, PTRACE_PEEKDATA, pid, 0x1000, &d);
	syscall(SYS_ptrace, PTRACE_POKEDATA, pid, 0x1000, 0x1234);
	syscall(SYS_ptrace, PTRACE_CONT, pid, 0, SIGUSR1);
	syscall(SYS_ptrace, PTRACE_SYSCALL, pid, 0, 0);
	syscall(SYS_ptrace, PTRACE_DETACH, pid, 0, 0);
	syscall(SYS_ptrace, PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL);
	syscall(SYS_ptrace, PTRACE_GETEVENTMSG, pid, 0, &d);
	syscall(SYS_ptrace, PTRACE_INTERRUPT, pid, 0, 0);
	syscall(SYS_ptrace, PTRACE_KILL, pid, 0, 0);
	syscall(SYS_ptrace, PTRACE_GETREGSET, pid, NT_PRSTATUS, &io);
	syscall(SYS_ptrace, PTRACE_GETREGS, pid, 0, &d);
	syscall(SYS_ptrace, 0x7777, pid, 1, 2);
	/* the requests whose address is a size; a siginfo given */
	{
		uint64_t mask = 1ull << (SIGUSR1 - 1);
		siginfo_t si = { .si_signo = SIGUSR2, .si_code = SI_QUEUE };

		syscall(SYS_ptrace, PTRACE_SETSIGMASK, pid, 8, &mask);
		syscall(SYS_ptrace, PTRACE_GETSIGMASK, pid, 8, &mask);
		syscall(SYS_ptrace, PTRACE_SECCOMP_GET_FILTER, pid, 42, 0);
		syscall(SYS_ptrace, PTRACE_GET_SYSCALL_INFO, pid, 0, 0);
		syscall(SYS_ptrace, PTRACE_SETSIGINFO, pid, 0, &si);
	}
}

static void seccomps(void)
{
	struct sock_filter f[] = { BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	struct sock_fprog p = { 1, f };
	unsigned a = SECCOMP_RET_KILL_PROCESS;
	struct seccomp_notif_sizes sz;

	syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &a);
	a = 0x12345678;
	syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &a);	/* EOPNOTSUPP */
	syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sz);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &p);
	syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0x40, &p);	/* EINVAL */
	syscall(SYS_seccomp, 9, 0, 0);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p);
	prctl(PR_GET_SECCOMP);
}

int main(void)
{
	char buf[256];
	unsigned cpu, node;
	void *head;
	size_t len;
	aio_context_t ctx = 0;

	syscall(SYS_syslog, 10, 0, 0);
	syscall(SYS_syslog, 9, 0, 0);
	syscall(SYS_syslog, 3, buf, sizeof(buf));
	syscall(SYS_syslog, 99, 0, 0);
	syscall(SYS_getcpu, &cpu, &node, 0);
	syscall(SYS_getcpu, 0, &node, 0);
	mlock2(buf, 16, MLOCK_ONFAULT);
	mlock2(buf, 16, 0);
	munlock(buf, 16);
	syscall(SYS_kcmp, getpid(), getpid(), KCMP_FILE, 0, 1);
	syscall(SYS_kcmp, getpid(), getpid(), KCMP_VM, 0, 0);
	syscall(SYS_kcmp, getpid(), getpid(), 77, 0, 0);
	syscall(SYS_get_robust_list, 0, &head, &len);
	syscall(SYS_io_setup, 8, &ctx);
	/* a read done, its event collected; a cancel of it too late, with
	 * a key and a priority; events into no room */
	{
		static char data[16];
		struct iocb cb = { .aio_data = 0xfeed, .aio_lio_opcode = IOCB_CMD_PREAD,
				   .aio_fildes = open("/dev/zero", O_RDONLY),
				   .aio_buf = (unsigned long)data, .aio_nbytes = sizeof(data) };
		struct iocb *cbs[] = { &cb };
		struct io_event ev[2];

		syscall(SYS_io_submit, ctx, 1, cbs);
		syscall(SYS_io_getevents, ctx, 1, 2, ev, NULL);
		cb.aio_key = 7;
		cb.aio_reqprio = 3;
		syscall(SYS_io_cancel, ctx, &cb, ev);
		cb.aio_lio_opcode = 99;
		syscall(SYS_io_cancel, ctx, &cb, ev);
		syscall(SYS_io_getevents, ctx, 0, 1, NULL, NULL);
		close(cb.aio_fildes);
	}
	syscall(SYS_io_destroy, ctx);
	close(syscall(SYS_userfaultfd, UFFD_USER_MODE_ONLY));
	close(syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK));
	close(fanotify_init(FAN_CLASS_NOTIF, O_RDONLY));
	close(fanotify_init(FAN_CLOEXEC | FAN_NONBLOCK | FAN_CLASS_CONTENT, O_RDWR));
	close(syscall(SYS_fsopen, "tmpfs", FSOPEN_CLOEXEC));
	syscall(SYS_fsopen, "nosuchfs", 0);
	close(syscall(SYS_open_tree, AT_FDCWD, "/tmp",
		      OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE));
	close(syscall(SYS_open_tree, AT_FDCWD, "/tmp", 0));
	keys();
	others();
	mmsgs();
	ptraces();
	seccomps();
	return 0;
}
