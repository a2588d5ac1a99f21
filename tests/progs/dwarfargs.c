/* Functions with typed parameters, for strobe ltrace's prototypes from
 * DWARF (built with -g).  main calls each once and prints on stdout the
 * line ltrace's format gives the call, from the values themselves. */
#include <stdio.h>

enum color { RED, GREEN = 7, BLUE };

__attribute__((noinline)) long dw_mix(int a, unsigned char b, long c, unsigned long d,
				      const char *s, void *p)
{
	return a + b + c + (long)d + (s[0] != 0) + (p != NULL);
}

__attribute__((noinline)) unsigned dw_small(unsigned x, short y, _Bool z)
{
	return x + y + z;
}

__attribute__((noinline)) const char *dw_name(enum color c, char *buf)
{
	buf[0] = 'g';
	return c == GREEN ? "green" : "other";
}

__attribute__((noinline)) void dw_void(long x)
{
	__asm__ volatile("" : : "r"(x));
}

/* a double goes in another register: no prototype, raw values */
__attribute__((noinline)) int dw_float(double x, int y)
{
	return (int)x + y;
}

int main(void)
{
	char buf[8] = "buffer";
	long r = dw_mix(-5, 200, -1234567890123L, 4000000000UL, "hello", buf);
	unsigned u = dw_small(4000000000U, -3, 1);
	const char *n = dw_name(GREEN, buf);
	int f;

	dw_void(-42);
	f = dw_float(2.5, 3);
	printf("dw_mix(-5, 200, -1234567890123, 4000000000, \"hello\", %p) = %ld\n",
	       (void *)buf, r);
	printf("dw_small(4000000000, -3, 1) = %u\n", u);
	printf("dw_name(7, \"buffer\") = \"%s\"\n", n);
	printf("dw_void(-42) = <void>\n");
	printf("dw_float %d\n", f);
	return 0;
}
