/* Two threads, each making known calls, for -f over threads. */
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void *worker(void *arg)
{
	for (int i = 0; i < 3; i++)
		syscall(SYS_getppid);
	return arg;
}

int main(void)
{
	pthread_t t[2];

	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	/* let both finish first, so that whether pthread_join has to wait (a
	 * futex call) does not depend on timing, slowed down by a tracer */
	nanosleep(&(struct timespec){ 0, 50000000 }, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	syscall(SYS_getpid);
	return 0;
}
