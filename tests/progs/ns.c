// SPDX-License-Identifier: GPL-2.0
/* Namespaces, mounts and other flag-heavy calls a container runtime
 * makes: unshare, setns, mount, umount2, pidfd_open, pidfd_send_signal,
 * splice/tee, mlockall, personality, sync_file_range; in a child, so the
 * test's own namespaces stay as they are. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	pid_t child = fork();
	int p[2], q[2], fd, pfd;

	if (child == 0) {
		unshare(CLONE_NEWNS | CLONE_NEWUTS);
		mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
		mount("tmpfs", "/mnt", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=1m");
		umount2("/mnt", MNT_DETACH);
		umount2("/nonexistent", 0);
		fd = open("/proc/1/ns/uts", O_RDONLY);
		setns(fd, CLONE_NEWUTS);
		_exit(0);
	}
	waitpid(child, NULL, 0);
	pfd = syscall(SYS_pidfd_open, getpid(), 0);
	syscall(SYS_pidfd_send_signal, pfd, 0, NULL, 0);
	if (pipe(p) || pipe(q) || write(p[1], "data", 4) != 4)
		return 1;
	tee(p[0], q[1], 4, SPLICE_F_NONBLOCK);
	splice(p[0], NULL, q[1], NULL, 4, SPLICE_F_MOVE | SPLICE_F_MORE);
	mlockall(MCL_CURRENT | MCL_FUTURE);
	munlockall();
	personality(0xffffffff);
	fd = open("/tmp", O_RDONLY);
	sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WAIT_BEFORE);
	return 0;
}
