/* SPDX-License-Identifier: GPL-2.0 */
/* A call made under a frame larger than -k's stack copy (16K at most):
 * its outer frames cannot be unwound, and strobe must say so. */
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) static void deep(size_t n)
{
	char buf[n];

	memset(buf, 1, n);
	getppid();
	__asm__ volatile("" : : "r"(buf) : "memory");
}

int main(int argc, char **argv)
{
	(void)argv;
	deep(argc > 1 ? 40000 : 64);
	return 0;
}
