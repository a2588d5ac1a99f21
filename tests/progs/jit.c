/*
 * A stand-in for a JIT: copies a spinning loop into an anonymous executable
 * mapping, writes /tmp/perf-PID.map naming it (as JITs do for perf), prints
 * its address and runs it until killed.  The profiler can only name that
 * code from the map file.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	/* 1: pause; jmp 1b */
	static const unsigned char loop[] = { 0xf3, 0x90, 0xeb, 0xfc };
	unsigned char *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char path[64];
	FILE *f;

	if (code == MAP_FAILED)
		return 1;
	memcpy(code, loop, sizeof(loop));
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", getpid());
	f = fopen(path, "w");
	if (!f)
		return 1;
	fprintf(f, "%lx %zx jitted_spin_loop\n", (unsigned long)code, sizeof(loop));
	fclose(f);
	printf("%p\n", (void *)code);
	fflush(stdout);
	((void (*)(void))code)();
	return 0;
}
