// SPDX-License-Identifier: GPL-2.0
/*
 * Library prototypes and USDT markers strobe knows: argument names and
 * kinds written with the syscall table's kinds (AK_*, decoded by the same
 * decoders: open's flags print as openat's), the result's kind, and which
 * results are errors.  Functions not here print raw values.
 */
#include <fnmatch.h>
#include <string.h>

#include "probe.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"
#include "../../bpf/uprobe_desc.h"

/* an argument the function reads (AL: its length in argument l), or
 * writes (AO, ALO): the kinds and directions of src/syscalls/argkinds.def */
#define A(n, k) { .name = n, .kind = AK_##k, .dir = ARG_IN }
#define AL(n, k, l) { .name = n, .kind = AK_##k, .len_arg = l, .dir = ARG_IN }
#define AO(n, k) { .name = n, .kind = AK_##k, .dir = ARG_OUT }
#define ALO(n, k, l) { .name = n, .kind = AK_##k, .len_arg = l, .dir = ARG_OUT }
#define P(fn, r, e, n, ...) { { fn, n, 0, 0, { __VA_ARGS__ }, 0, NULL, 0, 0 }, LR_##r, UE_##e, 0, 0 }
#define PX(fn, r, e, x, n, ...) { { fn, n, 0, 0, { __VA_ARGS__ }, 0, NULL, 0, 0 }, LR_##r, UE_##e, x, 0 }
/* printf's family: a format as the last fixed argument, then varargs */
#define PV(fn, r, e, n, ...) { { fn, n, 0, 0, { __VA_ARGS__ }, 0, NULL, 0, 0 }, LR_##r, UE_##e, 0, 1 }

static const struct lib_proto libc_protos[] = {
	P("open", INT, NEG1, 3, A("path", PATH), A("flags", OPEN_FLAGS), A("mode", OPEN_MODE)),
	P("open64", INT, NEG1, 3, A("path", PATH), A("flags", OPEN_FLAGS), A("mode", OPEN_MODE)),
	P("openat", INT, NEG1, 4, A("dirfd", DIRFD), A("path", PATH), A("flags", OPEN_FLAGS),
	  A("mode", OPEN_MODE)),
	P("creat", INT, NEG1, 2, A("path", PATH), A("mode", MODE)),
	P("close", INT, NEG1, 1, A("fd", FD)),
	P("read", LONG, NEG1, 3, A("fd", FD), AO("buf", BUF), A("count", ULONG)),
	P("write", LONG, NEG1, 3, A("fd", FD), AL("buf", BUF, 2), A("count", ULONG)),
	P("pread64", LONG, NEG1, 4, A("fd", FD), AO("buf", BUF), A("count", ULONG),
	  A("offset", LONG)),
	P("pwrite64", LONG, NEG1, 4, A("fd", FD), AL("buf", BUF, 2), A("count", ULONG),
	  A("offset", LONG)),
	P("lseek", LONG, NEG1, 3, A("fd", FD), A("offset", LONG), A("whence", WHENCE)),
	P("dup", INT, NEG1, 1, A("fd", FD)),
	P("dup2", INT, NEG1, 2, A("fd", FD), A("fd2", FD)),
	P("pipe", INT, NEG1, 1, A("fds", PTR)),
	P("unlink", INT, NEG1, 1, A("path", PATH)),
	P("rmdir", INT, NEG1, 1, A("path", PATH)),
	P("mkdir", INT, NEG1, 2, A("path", PATH), A("mode", MODE)),
	P("chdir", INT, NEG1, 1, A("path", PATH)),
	P("access", INT, NEG1, 2, A("path", PATH), A("mode", ACCESS_MODE)),
	P("rename", INT, NEG1, 2, A("old", PATH), A("new", PATH)),
	P("chmod", INT, NEG1, 2, A("path", PATH), A("mode", MODE)),
	P("readlink", LONG, NEG1, 3, A("path", PATH), AO("buf", BUF), A("size", ULONG)),
	P("puts", INT, NEG, 1, A("s", STR)),
	P("fputs", INT, NEG, 2, A("s", STR), A("stream", PTR)),
	P("putchar", INT, NEG, 1, A("c", INT)),
	PV("printf", INT, NEG, 1, A("format", STR)),
	PV("fprintf", INT, NEG, 2, A("stream", PTR), A("format", STR)),
	PV("dprintf", INT, NEG, 2, A("fd", FD), A("format", STR)),
	PV("sprintf", INT, NEG, 2, AO("str", STR), A("format", STR)),
	PV("snprintf", INT, NEG, 3, AO("str", STR), A("size", ULONG), A("format", STR)),
	P("fopen", PTR, NULL, 2, A("path", PATH), A("mode", STR)),
	P("fopen64", PTR, NULL, 2, A("path", PATH), A("mode", STR)),
	P("fdopen", PTR, NULL, 2, A("fd", FD), A("mode", STR)),
	P("fclose", INT, NEG, 1, A("stream", PTR)),
	P("fflush", INT, NEG, 1, A("stream", PTR)),
	P("fread", ULONG, NONE, 4, A("ptr", PTR), A("size", ULONG), A("n", ULONG),
	  A("stream", PTR)),
	P("fwrite", ULONG, NONE, 4, A("ptr", PTR), A("size", ULONG), A("n", ULONG),
	  A("stream", PTR)),
	P("fgets", STR, NULL, 3, A("s", PTR), A("size", INT), A("stream", PTR)),
	P("malloc", PTR, NULL, 1, A("size", ULONG)),
	P("calloc", PTR, NULL, 2, A("n", ULONG), A("size", ULONG)),
	P("realloc", PTR, NULL, 2, A("ptr", PTR), A("size", ULONG)),
	P("reallocarray", PTR, NULL, 3, A("ptr", PTR), A("n", ULONG), A("size", ULONG)),
	P("free", VOID, NONE, 1, A("ptr", PTR)),
	P("strlen", ULONG, NONE, 1, A("s", STR)),
	P("strnlen", ULONG, NONE, 2, A("s", STR), A("max", ULONG)),
	P("strcmp", INT, NONE, 2, A("s1", STR), A("s2", STR)),
	P("strncmp", INT, NONE, 3, A("s1", STR), A("s2", STR), A("n", ULONG)),
	P("strcasecmp", INT, NONE, 2, A("s1", STR), A("s2", STR)),
	P("strcpy", PTR, NONE, 2, A("dest", PTR), A("src", STR)),
	P("strncpy", PTR, NONE, 3, A("dest", PTR), A("src", STR), A("n", ULONG)),
	P("strcat", PTR, NONE, 2, A("dest", STR), A("src", STR)),
	P("strdup", STR, NULL, 1, A("s", STR)),
	P("strndup", STR, NULL, 2, A("s", STR), A("n", ULONG)),
	P("strchr", PTR, NONE, 2, A("s", STR), A("c", INT)),
	P("strrchr", PTR, NONE, 2, A("s", STR), A("c", INT)),
	P("strstr", PTR, NONE, 2, A("haystack", STR), A("needle", STR)),
	P("strtol", LONG, NONE, 3, A("s", STR), A("endptr", PTR), A("base", INT)),
	P("strtoul", ULONG, NONE, 3, A("s", STR), A("endptr", PTR), A("base", INT)),
	P("strtoll", LONG, NONE, 3, A("s", STR), A("endptr", PTR), A("base", INT)),
	/* a double result is in xmm0, which uprobes do not give: unknown */
	P("strtod", VOID, NONE, 2, A("s", STR), A("endptr", PTR)),
	P("atoi", INT, NONE, 1, A("s", STR)),
	P("atol", LONG, NONE, 1, A("s", STR)),
	/* ltrace shows the bytes copied, as a string of n bytes */
	P("memcpy", PTR, NONE, 3, A("dest", PTR), AL("src", BUF, 2), A("n", ULONG)),
	P("memmove", PTR, NONE, 3, A("dest", PTR), AL("src", BUF, 2), A("n", ULONG)),
	P("memset", PTR, NONE, 3, A("s", PTR), A("c", INT), A("n", ULONG)),
	P("memcmp", INT, NONE, 3, A("s1", PTR), A("s2", PTR), A("n", ULONG)),
	P("getenv", STR, NULL, 1, A("name", STR)),
	P("setenv", INT, NEG1, 3, A("name", STR), A("value", STR), A("overwrite", INT)),
	P("unsetenv", INT, NEG1, 1, A("name", STR)),
	P("exit", VOID, NONE, 1, A("status", INT)),
	P("_exit", VOID, NONE, 1, A("status", INT)),
	P("abort", VOID, NONE, 0),
	P("getpid", INT, NONE, 0),
	P("getppid", INT, NONE, 0),
	P("getuid", UINT, NONE, 0),
	P("geteuid", UINT, NONE, 0),
	P("getgid", UINT, NONE, 0),
	P("getegid", UINT, NONE, 0),
	P("fork", INT, NEG1, 0),
	P("execve", INT, NEG1, 3, A("path", PATH), A("argv", PTR), A("envp", PTR)),
	P("execvp", INT, NEG1, 2, A("file", STR), A("argv", PTR)),
	P("system", INT, NEG1, 1, A("command", STR)),
	P("waitpid", INT, NEG1, 3, A("pid", INT), A("status", PTR), A("options", WAIT_OPTIONS)),
	P("kill", INT, NEG1, 2, A("pid", INT), A("sig", SIGNAL)),
	P("raise", INT, NONZERO, 1, A("sig", SIGNAL)),
	P("signal", PTR, NONE, 2, A("sig", SIGNAL), A("handler", PTR)),
	P("sigprocmask", INT, NEG1, 3, A("how", LIB_SIGMASK_HOW), A("set", PTR), A("oldset", PTR)),
	P("sigaddset", INT, NEG1, 2, A("set", PTR), A("sig", SIGNAL)),
	P("sigdelset", INT, NEG1, 2, A("set", PTR), A("sig", SIGNAL)),
	P("sigismember", INT, NEG1, 2, A("set", PTR), A("sig", SIGNAL)),
	P("sleep", UINT, NONE, 1, A("seconds", UINT)),
	P("usleep", INT, NEG1, 1, A("usec", UINT)),
	P("time", LONG, NEG1, 1, A("t", PTR)),
	P("gettimeofday", INT, NEG1, 2, A("tv", PTR), A("tz", PTR)),
	P("rand", INT, NONE, 0),
	P("srand", VOID, NONE, 1, A("seed", UINT)),
	P("qsort", VOID, NONE, 4, A("base", PTR), A("n", ULONG), A("size", ULONG),
	  A("compar", PTR)),
	P("socket", INT, NEG1, 3, A("domain", SOCK_FAMILY), A("type", SOCK_TYPE),
	  A("protocol", INT)),
	P("connect", INT, NEG1, 3, A("fd", FD), A("addr", PTR), A("len", UINT)),
	P("bind", INT, NEG1, 3, A("fd", FD), A("addr", PTR), A("len", UINT)),
	P("listen", INT, NEG1, 2, A("fd", FD), A("backlog", INT)),
	P("accept", INT, NEG1, 3, A("fd", FD), A("addr", PTR), A("len", PTR)),
	P("send", LONG, NEG1, 4, A("fd", FD), AL("buf", BUF, 2), A("len", ULONG),
	  A("flags", MSG_FLAGS)),
	P("recv", LONG, NEG1, 4, A("fd", FD), AO("buf", BUF), A("len", ULONG),
	  A("flags", MSG_FLAGS)),
	P("getaddrinfo", INT, NONZERO, 4, A("node", STR), A("service", STR), A("hints", PTR),
	  A("res", PTR)),
	P("freeaddrinfo", VOID, NONE, 1, A("res", PTR)),
	P("gethostbyname", PTR, NULL, 1, A("name", STR)),
	P("pthread_create", INT, NONZERO, 4, A("thread", PTR), A("attr", PTR),
	  A("start", PTR), A("arg", PTR)),
	P("pthread_join", INT, NONZERO, 2, A("thread", HEX), A("retval", PTR)),
	P("pthread_mutex_lock", INT, NONZERO, 1, A("mutex", PTR)),
	P("pthread_mutex_unlock", INT, NONZERO, 1, A("mutex", PTR)),
	P("dlopen", PTR, NULL, 2, A("file", STR), A("mode", HEX)),
	P("dlsym", PTR, NULL, 2, A("handle", PTR), A("name", STR)),
	P("mmap", PTR, NONE, 6, A("addr", PTR), A("length", ULONG), A("prot", PROT),
	  A("flags", MMAP_FLAGS), A("fd", FD), A("offset", LONG)),
	P("munmap", INT, NEG1, 2, A("addr", PTR), A("length", ULONG)),
	P("setlocale", STR, NULL, 2, A("category", LC_CATEGORY), A("locale", STR)),
	P("isatty", INT, NONE, 1, A("fd", FD)),
	P("__libc_start_main", INT, NONE, 6, A("main", PTR), A("argc", INT), A("argv", PTR),
	  A("init", PTR), A("fini", PTR), A("rtld_fini", PTR)),
	P("__cxa_finalize", VOID, NONE, 1, A("d", PTR)),
	P("__stack_chk_fail", VOID, NONE, 0),

	/* libssl: the _ex variants return 1 and say the bytes through a pointer */
	P("SSL_read", INT, LE0, 3, A("ssl", PTR), AO("buf", BUF), A("num", INT)),
	P("SSL_write", INT, LE0, 3, A("ssl", PTR), AL("buf", BUF, 2), A("num", INT)),
	PX("SSL_read_ex", INT, LE0, UC_BUF_OUT_PLEN, 4, A("ssl", PTR), ALO("buf", BUF, 3),
	   A("num", ULONG), A("readbytes", PTR)),
	P("SSL_write_ex", INT, LE0, 4, A("ssl", PTR), AL("buf", BUF, 2), A("num", ULONG),
	   A("written", PTR)),
	P("SSL_new", PTR, NULL, 1, A("ctx", PTR)),
	P("SSL_free", VOID, NONE, 1, A("ssl", PTR)),
	P("SSL_connect", INT, LE0, 1, A("ssl", PTR)),
	P("SSL_accept", INT, LE0, 1, A("ssl", PTR)),
	P("SSL_do_handshake", INT, LE0, 1, A("ssl", PTR)),
	P("SSL_shutdown", INT, NEG, 1, A("ssl", PTR)),
	P("SSL_set_fd", INT, NULL, 2, A("ssl", PTR), A("fd", FD)),
	P("SSL_CTX_new", PTR, NULL, 1, A("method", PTR)),
	P("SSL_CTX_free", VOID, NONE, 1, A("ctx", PTR)),
	P("SSL_get_error", INT, NONE, 2, A("ssl", PTR), A("ret", INT)),
	/* libcrypto */
	P("EVP_MD_CTX_new", PTR, NULL, 0),
	P("EVP_DigestInit_ex", INT, LE0, 3, A("ctx", PTR), A("type", PTR), A("impl", PTR)),
	P("EVP_DigestUpdate", INT, LE0, 3, A("ctx", PTR), A("d", PTR), A("cnt", ULONG)),
	P("EVP_DigestFinal_ex", INT, LE0, 3, A("ctx", PTR), A("md", PTR), A("s", PTR)),
	P("RAND_bytes", INT, LE0, 2, A("buf", PTR), A("num", INT)),
	/* libz */
	P("compress", INT, NONZERO, 4, A("dest", PTR), A("destLen", PTR), A("source", PTR),
	  A("sourceLen", ULONG)),
	P("uncompress", INT, NONZERO, 4, A("dest", PTR), A("destLen", PTR), A("source", PTR),
	  A("sourceLen", ULONG)),
	P("deflate", INT, NEG, 2, A("strm", PTR), A("flush", INT)),
	P("inflate", INT, NEG, 2, A("strm", PTR), A("flush", INT)),
	P("crc32", ULONG, NONE, 3, A("crc", ULONG), A("buf", PTR), A("len", UINT)),
	P("zlibVersion", STR, NONE, 0),
};

/* CPython's markers (Include/pydtrace.d) and the test's own */
static const struct lib_proto usdt_protos[] = {
	P("python:function__entry", VOID, NONE, 3, A("filename", STR), A("funcname", STR),
	  A("lineno", INT)),
	P("python:function__return", VOID, NONE, 3, A("filename", STR), A("funcname", STR),
	  A("lineno", INT)),
	P("python:line", VOID, NONE, 3, A("filename", STR), A("funcname", STR),
	  A("lineno", INT)),
	P("python:import__find__load__start", VOID, NONE, 1, A("modulename", STR)),
	P("python:import__find__load__done", VOID, NONE, 2, A("modulename", STR),
	  A("found", INT)),
	P("python:gc__start", VOID, NONE, 1, A("generation", INT)),
	P("python:gc__done", VOID, NONE, 1, A("collected", LONG)),
	P("python:audit", VOID, NONE, 2, A("event", STR), A("args", PTR)),
};

const struct lib_proto *proto_builtin(size_t i)
{
	return i < sizeof(libc_protos) / sizeof(libc_protos[0]) ? &libc_protos[i] : NULL;
}

const struct lib_proto *proto_find(const char *name, bool usdt)
{
	const struct lib_proto *t = usdt ? usdt_protos : libc_protos;
	size_t n = usdt ? sizeof(usdt_protos) / sizeof(usdt_protos[0])
			: sizeof(libc_protos) / sizeof(libc_protos[0]);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].d.name, name))
			return &t[i];
	return NULL;
}

/* How the kernel side captures argument i of a prototype: by its kind's
 * capture in argkinds.def, as for a syscall. */
static int cap_of(const struct lib_proto *p, int i, int *len_arg)
{
	struct arg_capture c;

	*len_arg = p->d.args[i].len_arg;
	if (!arg_capture(&p->d.args[i], &c))
		return UC_NONE;
	if (p->cap_override && c.ck == CK_BUF_OUT)
		return p->cap_override;
	switch (c.ck) {
	case CK_PATH: case CK_STR: return UC_STR;
	case CK_BUF_IN: return UC_BUF_IN;
	case CK_BUF_OUT: return UC_BUF_OUT;
	case CK_STR_OUT: return UC_STR_OUT;
	}
	return UC_NONE;
}

void proto_fill_desc(const struct lib_proto *p, struct up_desc *d)
{
	if (!p)
		return;
	d->err = p->err;
	if (p->ret == LR_STR)
		d->flags |= UD_RET_STR;
	for (int i = 0; i < p->d.nargs && i < 6; i++) {
		int la;

		d->cap[i] = cap_of(p, i, &la);
		d->len_arg[i] = la;
	}
	/* printf's variadic registers: each read as a string, which only
	 * the format's %s use (a read of an integer fails, costs little) */
	if (p->varargs)
		for (int i = p->d.nargs; i < 6; i++)
			d->cap[i] = UC_STR;
}
