// SPDX-License-Identifier: GPL-2.0
/*
 * The HTTP side of --metrics: libmicrohttpd with one internal epoll
 * thread.  Everything a client can do to the server happens on that
 * thread, never on the event loop's: a scrape builds its exposition there
 * (one read of the kernel's maps), and the response is sent without
 * blocking, so a slow reader costs a buffer, not a thread.  Limits keep a
 * hostile or broken client from holding more: a few connections in all and
 * per address, an idle timeout for half-open ones, a small per-connection
 * memory pool (a request whose headers do not fit is answered 431 and
 * closed), strict request parsing.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <dlfcn.h>
#include <microhttpd.h>

#include "metrics.h"

/*
 * libmicrohttpd is opened when --metrics is given, not linked: linked, it
 * and its TLS libraries (gnutls, nettle, gmp, p11-kit, ...) are loaded and
 * relocated at every start, 3-4 ms and 2.7 MB of every run that serves no
 * metrics (bench/startup.py).
 */
static struct {
	__typeof__(MHD_start_daemon) *start_daemon;
	__typeof__(MHD_stop_daemon) *stop_daemon;
	__typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
	__typeof__(MHD_add_response_header) *add_response_header;
	__typeof__(MHD_queue_response) *queue_response;
	__typeof__(MHD_destroy_response) *destroy_response;
	__typeof__(MHD_lookup_connection_value) *lookup_connection_value;
} mhd;

static int mhd_open(void)
{
	static const char *const names[] = { "libmicrohttpd.so.12", "libmicrohttpd.so" };
	void *h = NULL;

	if (mhd.start_daemon)
		return 0;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !h; i++)
		h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "strobe: --metrics needs libmicrohttpd (apt-get install "
			"libmicrohttpd12): %s\n", dlerror());
		return -1;
	}
#define MHD_SYM(f) (*(void **)&mhd.f = dlsym(h, "MHD_" #f))
	if (!MHD_SYM(stop_daemon) || !MHD_SYM(create_response_from_buffer) ||
	    !MHD_SYM(add_response_header) || !MHD_SYM(queue_response) ||
	    !MHD_SYM(destroy_response) || !MHD_SYM(lookup_connection_value) ||
	    !MHD_SYM(start_daemon)) {
		fprintf(stderr, "strobe: --metrics: this libmicrohttpd lacks a function strobe "
			"calls: %s\n", dlerror());
		mhd.start_daemon = NULL;
		return -1;
	}
#undef MHD_SYM
	return 0;
}

#define CONN_LIMIT 16		/* Prometheus keeps one; room for a few curls */
#define CONN_PER_IP 8
#define CONN_TIMEOUT_S 10	/* idle or half-open connections are closed */
#define CONN_MEMORY (16 * 1024)	/* request line + headers per connection */

struct metrics_server {
	struct MHD_Daemon *d;
	mx_collect_fn fn;
	void *ctx;
	uint64_t max_series;
	uint64_t scrapes;
	pthread_mutex_t lock;	/* serializes collects should MHD ever run two */
};

int metrics_parse_listen(const char *s, char *addr, size_t n, int *port)
{
	const char *colon = strrchr(s, ':'), *p = colon ? colon + 1 : s;
	char *end;
	long v;

	snprintf(addr, n, "127.0.0.1");
	if (colon && colon != s) {
		size_t len = colon - s;

		if (s[0] == '[' && colon[-1] == ']') {	/* [::1]:9435 */
			s++;
			len -= 2;
		}
		if (len >= n)
			goto bad;
		memcpy(addr, s, len);
		addr[len] = 0;
	}
	v = strtol(p, &end, 10);
	if (!*p || *end || v < 0 || v > 65535)
		goto bad;
	*port = v;
	return 0;
bad:
	fprintf(stderr, "strobe: invalid --metrics '%s': expected [ADDR:]PORT, e.g. 9435 or 0.0.0.0:9435\n",
		s);
	return -1;
}

static enum MHD_Result reply(struct MHD_Connection *c, unsigned code, const char *type,
			     char *body, size_t len, bool owned)
{
	struct MHD_Response *r =
		mhd.create_response_from_buffer(len, body, owned ? MHD_RESPMEM_MUST_FREE
								 : MHD_RESPMEM_PERSISTENT);
	enum MHD_Result ret;

	if (!r) {
		if (owned)
			free(body);
		return MHD_NO;
	}
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	ret = mhd.queue_response(c, code, r);
	mhd.destroy_response(r);
	return ret;
}

static bool wants_openmetrics(struct MHD_Connection *c)
{
	const char *a = mhd.lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);

	return a && strstr(a, "application/openmetrics-text");
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
				  const char *method, const char *version,
				  const char *upload, size_t *upload_size, void **state)
{
	static char not_found[] = "not found: strobe serves /metrics\n";
	static char not_allowed[] = "method not allowed\n";
	static char index_page[] = "strobe: metrics at /metrics\n";
	struct metrics_server *s = cls;
	struct mx m = { 0 };

	(void)version;
	(void)upload;
	if (*upload_size) {	/* a body nobody asked for: drop it */
		*upload_size = 0;
		return MHD_YES;
	}
	(void)state;
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return reply(c, MHD_HTTP_METHOD_NOT_ALLOWED, "text/plain", not_allowed,
			     sizeof(not_allowed) - 1, false);
	if (!strcmp(url, "/"))
		return reply(c, MHD_HTTP_OK, "text/plain", index_page, sizeof(index_page) - 1,
			     false);
	if (strcmp(url, "/metrics"))
		return reply(c, MHD_HTTP_NOT_FOUND, "text/plain", not_found, sizeof(not_found) - 1,
			     false);
	m.openmetrics = wants_openmetrics(c);
	m.max_series = s->max_series;
	sbuf_init(&m.b, 16384);
	pthread_mutex_lock(&s->lock);
	s->fn(&m, s->ctx);
	s->scrapes++;
	pthread_mutex_unlock(&s->lock);
	mx_end(&m);
	return reply(c, MHD_HTTP_OK,
		     m.openmetrics ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
				   : "text/plain; version=0.0.4; charset=utf-8",
		     m.b.p, m.b.len, true);
}

struct metrics_server *metrics_start(const struct metrics_opts *o, mx_collect_fn fn, void *ctx)
{
	struct metrics_server *s = calloc(1, sizeof(*s));
	struct sockaddr_storage ss = { 0 };
	struct sockaddr_in *in4 = (void *)&ss;
	struct sockaddr_in6 *in6 = (void *)&ss;
	unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD;
	sigset_t all, old;
	char addr[64];
	int port;

	if (!s)
		return NULL;
	if (metrics_parse_listen(o->listen, addr, sizeof(addr), &port) || mhd_open())
		goto fail;
	if (inet_pton(AF_INET, addr, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		in4->sin_port = htons(port);
	} else if (inet_pton(AF_INET6, addr, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons(port);
		flags |= MHD_USE_IPv6;
	} else {
		fprintf(stderr, "strobe: --metrics: '%s' is not an IP address (e.g. 127.0.0.1, [::1])\n",
			addr);
		goto fail;
	}
	s->fn = fn;
	s->ctx = ctx;
	s->max_series = o->max_series;
	pthread_mutex_init(&s->lock, NULL);
	/* the server's thread inherits this mask: Ctrl-C and the child's
	 * SIGCHLD stay with the thread that handles them */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	s->d = mhd.start_daemon(flags, port, NULL, NULL, on_request, s,
				MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
				MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONN_LIMIT,
				MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)CONN_PER_IP,
				MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)CONN_TIMEOUT_S,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONN_MEMORY,
				MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
				MHD_OPTION_END);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!s->d) {
		fprintf(stderr, "strobe: --metrics: cannot listen on %s port %d (in use, or not an address of this machine)\n",
			addr, port);
		pthread_mutex_destroy(&s->lock);
		goto fail;
	}
	return s;
fail:
	free(s);
	return NULL;
}

void metrics_stop(struct metrics_server *s)
{
	if (!s)
		return;
	mhd.stop_daemon(s->d);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

uint64_t metrics_scrapes(const struct metrics_server *s)
{
	return s ? s->scrapes : 0;
}
