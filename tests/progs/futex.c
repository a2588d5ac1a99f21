/* futex operations that return at once, whatever the timing: wakes with
 * nobody waiting, waits whose value no longer matches, a wait that times
 * out, requeues of nobody. */
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static uint32_t word = 1, other = 2;

static long futex(uint32_t *uaddr, int op, uint32_t val, const void *timeout,
		  uint32_t *uaddr2, uint32_t val3)
{
	return syscall(SYS_futex, uaddr, op, val, timeout, uaddr2, val3);
}

int main(void)
{
	struct timespec short_wait = { 0, 1000000 };

	futex(&word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	futex(&word, FUTEX_WAKE, 2147483647, NULL, NULL, 0);
	futex(&word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);		/* EAGAIN */
	futex(&word, FUTEX_WAIT, 1, &short_wait, NULL, 0);		/* ETIMEDOUT */
	futex(&word, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME, 0, NULL, NULL,
	      FUTEX_BITSET_MATCH_ANY);					/* EAGAIN */
	futex(&word, FUTEX_WAKE_BITSET_PRIVATE, 1, NULL, NULL, 0x5);
	futex(&word, FUTEX_REQUEUE_PRIVATE, 1, (void *)2, &other, 0);
	futex(&word, FUTEX_CMP_REQUEUE_PRIVATE, 1, (void *)2, &other, 1);
	futex(&word, FUTEX_UNLOCK_PI_PRIVATE, 0, NULL, NULL, 0);	/* EPERM */
	futex(&word, 99, 0, NULL, NULL, 0);				/* ENOSYS */
	return 0;
}
