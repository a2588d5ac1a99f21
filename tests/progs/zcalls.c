/* zlib called from a program (tests/e2e_probe.py): libz calls its own
 * functions through its PLT and tail jumps (compress -> compress2,
 * deflateReset -> deflateResetKeep, adler32 -> adler32_z), and libc's
 * malloc, memcpy and free; printf's work inside libc goes through no PLT.
 * The input holds every byte from 0 to 63, which memcpy's string shows. */
#include <stdio.h>
#include <zlib.h>

int main(void)
{
	unsigned char in[64], out[256];
	uLongf n = sizeof(out);

	for (int i = 0; i < 64; i++)
		in[i] = (unsigned char)i;
	if (compress(out, &n, in, sizeof(in)) != Z_OK)
		return 1;
	printf("%lu\n", (unsigned long)n);
	return 0;
}
