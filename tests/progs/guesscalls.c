/* Calls libguess.so (found through DT_RUNPATH's $ORIGIN, as a program run
 * from a build tree finds its libraries), with values on both sides of
 * ltrace's switch from decimal to hex (tests/e2e_probe.py). */
long guess(long a, long b, long c, long d, long e, long f);

int main(void)
{
	static const long v[] = { 0, 1, -1, 10000, 10001, -10000, -10001, 4096,
				  65535, 0x7fffffff, 0x100000000L, -65536 };
	long s = 0;

	for (unsigned i = 0; i + 3 < sizeof(v) / sizeof(v[0]); i += 4)
		s += guess(v[i], v[i + 1], v[i + 2], v[i + 3], 7, 8);
	return (int)(s & 1);
}
