// SPDX-License-Identifier: GPL-2.0
/*
 * Reading BPF ring buffers (BPF_MAP_TYPE_RINGBUF), strobe's own reader.
 *
 * Why not libbpf's ring_buffer: it stores the consumer position after every
 * record, and the kernel reads that position at every bpf_ringbuf_reserve().
 * While the reader keeps up, each of the traced program's records then finds
 * the position's cache line written by the other CPU: a miss per traced call,
 * on the traced thread's time.  This reader stores the position once per
 * pass, after the records the pass found.
 *
 * The layout is the kernel's: a consumer page (the consumer position, ours
 * to write), then a producer page (the producer position) and the data area,
 * mapped twice in a row so that a record that wraps reads straight on.  Each
 * record starts with 8 bytes, its length (with a busy and a discard bit) and
 * a page offset, and takes its length rounded up to 8.
 *
 * The rings are watched edge-triggered: the epoll fd is readable after the
 * kernel's wakeup (which the programs send when enough is waiting, or
 * enough time has passed), not whenever a record is there.  Level-triggered,
 * a reader faster than the traced program chases it a record or two at a
 * time, and stores the position as often.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <linux/bpf.h>

#include "util.h"

#define RB_BUSY		(1u << 31)
#define RB_DISCARD	(1u << 30)
#define RB_HDR		8

struct ring_one {
	ring_cb cb;
	void *ctx;
	unsigned long *consumer;	/* the consumer page */
	const unsigned long *producer;	/* the producer page, then the data */
	const unsigned char *data;
	unsigned long mask;
	size_t map_len;			/* of the producer mapping */
};

struct ring {
	struct ring_one *r;
	int n, epfd;
	size_t page;
};

struct ring *ring_new(int map_fd, ring_cb cb, void *ctx)
{
	struct ring *rb = calloc(1, sizeof(*rb));

	if (!rb)
		return NULL;
	rb->page = sysconf(_SC_PAGESIZE);
	rb->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (rb->epfd < 0 || ring_add(rb, map_fd, cb, ctx)) {
		int err = errno;

		ring_free(rb);
		errno = err;
		return NULL;
	}
	return rb;
}

int ring_add(struct ring *rb, int map_fd, ring_cb cb, void *ctx)
{
	struct bpf_map_info info = { 0 };
	__u32 len = sizeof(info);
	struct epoll_event ev = { .events = EPOLLIN | EPOLLET };
	struct ring_one *o, *grown;
	void *p;

	if (bpf_obj_get_info_by_fd(map_fd, &info, &len))
		return -1;
	if (info.type != BPF_MAP_TYPE_RINGBUF || !info.max_entries ||
	    (info.max_entries & (info.max_entries - 1))) {
		errno = EINVAL;
		return -1;
	}
	grown = realloc(rb->r, (rb->n + 1) * sizeof(*rb->r));
	if (!grown)
		return -1;
	rb->r = grown;
	o = &rb->r[rb->n];
	*o = (struct ring_one){ .cb = cb, .ctx = ctx, .mask = info.max_entries - 1 };
	p = mmap(NULL, rb->page, PROT_READ | PROT_WRITE, MAP_SHARED, map_fd, 0);
	if (p == MAP_FAILED)
		return -1;
	o->consumer = p;
	o->map_len = rb->page + 2 * (size_t)info.max_entries;
	p = mmap(NULL, o->map_len, PROT_READ, MAP_SHARED, map_fd, rb->page);
	if (p == MAP_FAILED) {
		int err = errno;

		munmap(o->consumer, rb->page);
		errno = err;
		return -1;
	}
	o->producer = p;
	o->data = (const unsigned char *)p + rb->page;
	ev.data.u32 = rb->n;
	if (epoll_ctl(rb->epfd, EPOLL_CTL_ADD, map_fd, &ev)) {
		int err = errno;

		munmap(o->consumer, rb->page);
		munmap(p, o->map_len);
		errno = err;
		return -1;
	}
	rb->n++;
	return 0;
}

int ring_epoll_fd(const struct ring *rb)
{
	return rb->epfd;
}

/* One pass over one ring: what the producer had committed when it began,
 * and again while an eighth of the ring or more waits (a reader that fell
 * behind catches up before it sleeps). */
static long pass(struct ring_one *o)
{
	unsigned long cons = *o->consumer;
	unsigned long prod = __atomic_load_n(o->producer, __ATOMIC_ACQUIRE);
	long got = 0;
	int err = 0;

again:
	while (cons < prod) {
		const unsigned char *h = o->data + (cons & o->mask);
		__u32 len = __atomic_load_n((const __u32 *)h, __ATOMIC_ACQUIRE);

		if (len & RB_BUSY)	/* reserved, not yet committed */
			break;
		cons += ((len & ~(RB_BUSY | RB_DISCARD)) + RB_HDR + 7) & ~7ul;
		if (len & RB_DISCARD)
			continue;
		got++;
		err = o->cb(o->ctx, (void *)(h + RB_HDR), len & ~(RB_BUSY | RB_DISCARD));
		if (err)
			break;
	}
	/* once per pass: the kernel reads it at every reserve */
	__atomic_store_n(o->consumer, cons, __ATOMIC_RELEASE);
	if (!err && cons == prod) {
		prod = __atomic_load_n(o->producer, __ATOMIC_ACQUIRE);
		if (prod - cons > (o->mask + 1) / 8)
			goto again;
	}
	return err ? err : got;
}

long ring_consume(struct ring *rb)
{
	struct epoll_event ev[8];
	long total = 0;

	/* take the wakeups: until the next, the epoll fd is not readable */
	while (epoll_wait(rb->epfd, ev, 8, 0) == 8)
		;

	for (int i = 0; i < rb->n; i++) {
		long got = pass(&rb->r[i]);

		if (got < 0)
			return got;
		total += got;
	}
	return total;
}

long ring_poll(struct ring *rb, int timeout_ms)
{
	struct epoll_event ev;

	if (epoll_wait(rb->epfd, &ev, 1, timeout_ms) < 0 && errno != EINTR)
		return -errno;
	return ring_consume(rb);
}

long ring_drain(struct ring *rb)
{
	long total = 0, got;

	while ((got = ring_consume(rb)) > 0)
		total += got;
	return got < 0 ? got : total;
}

void ring_free(struct ring *rb)
{
	if (!rb)
		return;
	for (int i = 0; i < rb->n; i++) {
		munmap(rb->r[i].consumer, rb->page);
		munmap((void *)rb->r[i].producer, rb->r[i].map_len);
	}
	if (rb->epfd >= 0)
		close(rb->epfd);
	free(rb->r);
	free(rb);
}
