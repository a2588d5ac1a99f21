// SPDX-License-Identifier: GPL-2.0
/*
 * Events as JSON lines (--json, export --format=jsonl).  Arguments are the
 * strings strace would print for them, so a consumer needs no decoder:
 *   {"type":"syscall","ts":1795273840.075825,"pid":1,"tid":1,"name":"openat",
 *    "args":["AT_FDCWD","\"/etc/hostname\"","O_RDONLY"],"ret":"3","retval":3,
 *    "dur_us":4.2}
 */
#include "output.h"
#include "internal.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"

void json_head(struct formatter *f, struct sbuf *b, const char *type,
	       const struct ev_header *h)
{
	int64_t real = formatter_real_ns(f, h->ts);

	sbuf_printf(b, "{\"type\":\"%s\",\"ts\":%lld.%06lld,\"pid\":%u,\"tid\":%u", type,
		    (long long)(real / 1000000000), (long long)(real % 1000000000 / 1000),
		    h->pid, h->tid);
}

void json_syscall(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, bool unfinished)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	struct sbuf t;
	int n = formatter_nargs(e);

	sbuf_init(&t, 256);
	json_head(f, b, "syscall", &e->h);
	sbuf_puts(b, ",\"name\":");
	if (d) {
		json_string(b, d->name, strlen(d->name));
	} else {
		sbuf_printf(&t, "syscall_%#x", e->nr);
		json_string(b, t.p, t.len);
		t.len = 0;
	}
	sbuf_puts(b, ",\"args\":[");
	for (int i = 0; i < n; i++) {
		t.len = 0;
		formatter_arg_text(f, &t, e, size, i);
		if (i)
			sbuf_putc(b, ',');
		json_string(b, t.p, t.len);
	}
	sbuf_putc(b, ']');
	if (unfinished) {
		sbuf_puts(b, ",\"unfinished\":true}");
		sbuf_free(&t);
		return;
	}
	t.len = 0;
	formatter_result_text(&t, e);
	sbuf_puts(b, ",\"ret\":");
	json_string(b, t.p, t.len);
	if (e->flags & EVF_KILLED)
		sbuf_puts(b, ",\"killed\":true");
	else if (!(e->flags & EVF_NORETURN) && !(d && d->ret == RK_NONE)) {
		sbuf_printf(b, ",\"retval\":%lld", (long long)e->ret);
		if (RET_IS_ERROR(e->ret) && errno_name(-e->ret))
			sbuf_printf(b, ",\"errno\":\"%s\"", errno_name(-e->ret));
		if (e->inj & INJ_INJECTED)
			sbuf_puts(b, ",\"injected\":true");
		if (e->inj & INJ_DELAYED)
			sbuf_puts(b, ",\"delayed\":true");
		sbuf_printf(b, ",\"dur_us\":%.3f", e->dur / 1000.0);
	}
	if (e->flags & EVF_RESUMED)
		sbuf_puts(b, ",\"resumed\":true");
	sbuf_putc(b, '}');
	sbuf_free(&t);
}

void json_signal(struct formatter *f, struct sbuf *b, const struct ev_signal *s)
{
	struct sbuf t;

	sbuf_init(&t, 128);
	json_head(f, b, "signal", &s->h);
	decode_signal(&t, s->sig);
	sbuf_puts(b, ",\"signal\":");
	json_string(b, t.p, t.len);
	t.len = 0;
	decode_siginfo(&t, s->sig, s->info);
	sbuf_puts(b, ",\"siginfo\":");
	json_string(b, t.p, t.len);
	sbuf_putc(b, '}');
	sbuf_free(&t);
}

void json_exit(struct formatter *f, struct sbuf *b, const struct ev_exit *x)
{
	struct sbuf t;

	sbuf_init(&t, 64);
	json_head(f, b, "exit", &x->h);
	decode_exit_status(&t, x->code);
	sbuf_puts(b, ",\"text\":");
	/* "+++ exited with 0 +++" without the pluses */
	json_string(b, t.p + 4, t.len > 8 ? t.len - 8 : 0);
	if ((x->code & 0x7f) == 0)
		sbuf_printf(b, ",\"exit_code\":%d}", (x->code >> 8) & 0xff);
	else
		sbuf_printf(b, ",\"signal\":%d}", x->code & 0x7f);
	sbuf_free(&t);
}
