// SPDX-License-Identifier: GPL-2.0
/* prctl options with each shape of arguments, and failures, for comparison
 * with strace. */
#include <linux/capability.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>

int main(void)
{
	char n[16];
	int v;

	prctl(PR_SET_NAME, "strobe-test");
	prctl(PR_GET_NAME, n);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	prctl(PR_GET_PDEATHSIG, &v);
	prctl(PR_GET_DUMPABLE);
	prctl(PR_SET_DUMPABLE, 1);
	prctl(PR_CAPBSET_READ, CAP_SYS_ADMIN);
	prctl(PR_CAPBSET_READ, 99);
	prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0);
	prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	prctl(PR_GET_CHILD_SUBREAPER, &v);
	prctl(PR_GET_SECCOMP);
	prctl(PR_SET_TIMERSLACK, 50000);
	prctl(PR_GET_TIMERSLACK);
	prctl(PR_GET_KEEPCAPS);
	prctl(PR_SET_KEEPCAPS, 0);
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_CHOWN, 0, 0);
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0);
	prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0);
	prctl(PR_SET_PTRACER, 0);
	prctl(0x7777, 1, 2, 3, 4);
	prctl(PR_GET_TID_ADDRESS, &n);
	prctl(PR_SET_TSC, PR_TSC_ENABLE);
	prctl(PR_GET_TSC, &v);
	prctl(PR_SET_DUMPABLE, 1);
	prctl(PR_GET_TIMING);
	prctl(PR_SET_NAME, NULL);
	prctl(PR_GET_PDEATHSIG, NULL);
	/* an anonymous mapping's name (none is mapped at 0: it fails) */
	prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0, 1, "strobe-anon");
	prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0, 2, "0123456789012345678901234567890123456789");
	prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0, 3, NULL);
	prctl(PR_SET_VMA, 7, 0, 4, 5);
	/* controls that change nothing: a value the kernel refuses, an
	 * unknown control */
	prctl(PR_SET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0x20, 0, 0);
	prctl(PR_SET_SPECULATION_CTRL, 7, PR_SPEC_ENABLE, 0, 0);
	prctl(PR_GET_SPECULATION_CTRL, 7, 0, 0, 0);
	return 0;
}
