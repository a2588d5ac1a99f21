// SPDX-License-Identifier: GPL-2.0
/*
 * 8 x 4097 add_key calls whose payload is 0 to 4096 bytes of letters, as
 * strace's printstrn tests make them (tests/e2e.py,
 * test_long_strings_lose_nothing): a burst of long strings faster than any
 * consumer prints them.  add_key fails (no type): nothing is created.
 */
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	const unsigned max = 4096;
	char *p = mmap(NULL, 2 * max + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	if (p == MAP_FAILED)
		return 1;
	for (unsigned i = 0; i < 2 * max + 4096; i++)
		p[i] = 'a' + i % 26;
	for (unsigned k = 1; k <= 8; k++)
		for (unsigned i = 0; i <= max; i++)
			syscall(SYS_add_key, 0, 0, p + k + (max - i), i, -1);
	return 0;
}
