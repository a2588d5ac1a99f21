// SPDX-License-Identifier: GPL-2.0
/* ltrace's forms for strobe ltrace to match: printf's variadic
 * arguments, snprintf's output string, a NULL string result (nil), a
 * NULL pointer argument (0), and exit, which does not return. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char buf[64];

	printf("%d %s %ld %c %u|\n", -42, "str", 7L, 'x', 3u);
	snprintf(buf, sizeof(buf), "n=%d %s", 5, "five");
	puts(buf);
	if (getenv("STROBE_NO_SUCH_VARIABLE"))
		return 2;
	fflush(NULL);
	exit(3);
}
