// SPDX-License-Identifier: GPL-2.0
/*
 * Calls strace decodes that everyday tools make now and then: syslog
 * (dmesg), getcpu, mlock2, kcmp, get_robust_list, io_setup/io_destroy,
 * userfaultfd, fanotify_init, fsopen, open_tree.  Nothing is changed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/futex.h>
#include <linux/kcmp.h>
#include <linux/mount.h>
#include <linux/userfaultfd.h>
#include <sched.h>
#include <sys/fanotify.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(void)
{
 char buf[256]; unsigned cpu, node; void *head; size_t len; aio_context_t ctx = 0;
 syscall(SYS_syslog, 10, 0, 0); syscall(SYS_syslog, 9, 0, 0); syscall(SYS_syslog, 3, buf, sizeof buf); syscall(SYS_syslog, 99, 0, 0);
 syscall(SYS_getcpu, &cpu, &node, 0); syscall(SYS_getcpu, 0, &node, 0);
 mlock2(buf, 16, MLOCK_ONFAULT); mlock2(buf, 16, 0); munlock(buf, 16);
 syscall(SYS_kcmp, getpid(), getpid(), KCMP_FILE, 0, 1); syscall(SYS_kcmp, getpid(), getpid(), KCMP_VM, 0, 0); syscall(SYS_kcmp, getpid(), getpid(), 77, 0, 0);
 syscall(SYS_get_robust_list, 0, &head, &len);
 syscall(SYS_io_setup, 8, &ctx); syscall(SYS_io_destroy, ctx);
 close(syscall(SYS_userfaultfd, UFFD_USER_MODE_ONLY)); close(syscall(SYS_userfaultfd, O_CLOEXEC|O_NONBLOCK));
 close(fanotify_init(FAN_CLASS_NOTIF, O_RDONLY)); close(fanotify_init(FAN_CLOEXEC|FAN_NONBLOCK|FAN_CLASS_CONTENT, O_RDWR|O_LARGEFILE));
 close(syscall(SYS_fsopen, "tmpfs", FSOPEN_CLOEXEC)); close(syscall(SYS_fsopen, "nosuchfs", 0));
 close(syscall(SYS_open_tree, AT_FDCWD, "/tmp", OPEN_TREE_CLONE|OPEN_TREE_CLOEXEC|AT_RECURSIVE)); close(syscall(SYS_open_tree, AT_FDCWD, "/tmp", 0));
 return 0; }
