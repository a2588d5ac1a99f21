// SPDX-License-Identifier: GPL-2.0
/* errno names and messages: glibc knows the user-visible ones; the codes
 * the kernel uses internally and never lets user space see (but tracepoints
 * do) are listed here. */
#include <string.h>

#include "decode.h"

static const struct {
	int err;
	const char *name, *msg;
} kernel_errnos[] = {
	{ 512, "ERESTARTSYS", "To be restarted if SA_RESTART is set" },
	{ 513, "ERESTARTNOINTR", "To be restarted" },
	{ 514, "ERESTARTNOHAND", "To be restarted if no handler" },
	{ 515, "ENOIOCTLCMD", "No ioctl command" },
	{ 516, "ERESTART_RESTARTBLOCK", "Interrupted by signal" },
	{ 517, "EPROBE_DEFER", "Driver requests probe retry" },
	{ 518, "EOPENSTALE", "Open found a stale dentry" },
	{ 519, "ENOPARAM", "Parameter not supported" },
	{ 521, "EBADHANDLE", "Illegal NFS file handle" },
	{ 522, "ENOTSYNC", "Update synchronization mismatch" },
	{ 523, "EBADCOOKIE", "Cookie is stale" },
	{ 524, "ENOTSUPP", "Operation is not supported" },
	{ 525, "ETOOSMALL", "Buffer or request is too small" },
	{ 526, "ESERVERFAULT", "An untranslatable error occurred" },
	{ 527, "EBADTYPE", "Type not supported by server" },
	{ 528, "EJUKEBOX", "Request initiated, but will not complete before timeout" },
	{ 529, "EIOCBQUEUED", "iocb queued, will get completion event" },
	{ 530, "ERECALLCONFLICT", "Conflict with recalled state" },
};

#define N_KERNEL (sizeof(kernel_errnos) / sizeof(kernel_errnos[0]))

const char *errno_name(int err)
{
	for (size_t i = 0; i < N_KERNEL; i++)
		if (kernel_errnos[i].err == err)
			return kernel_errnos[i].name;
	if (err <= 0 || err >= 512)
		return NULL;
	return strerrorname_np(err);
}

const char *errno_msg(int err)
{
	for (size_t i = 0; i < N_KERNEL; i++)
		if (kernel_errnos[i].err == err)
			return kernel_errnos[i].msg;
	if (err <= 0 || err >= 512 || !strerrorname_np(err))
		return NULL;
	return strerrordesc_np(err);
}

bool errno_is_restart(int err)
{
	return err >= 512 && err <= 516 && err != 515;
}
