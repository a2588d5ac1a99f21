// SPDX-License-Identifier: GPL-2.0
/* time() and gettimeofday(): glibc's IFUNCs choose the vDSO's code, in no
 * library file; a known number of calls for strobe ltrace and ltrace. */
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

int main(void)
{
	struct timeval tv;
	long sum = 0;

	for (int i = 0; i < 3; i++)
		sum += time(NULL) > 0;
	for (int i = 0; i < 2; i++)
		sum += gettimeofday(&tv, NULL) == 0;
	printf("%ld\n", sum);
	return 0;
}
