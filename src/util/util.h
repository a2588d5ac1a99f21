/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers used everywhere: a growable string builder with fast
 * number formatting (the formatter's hot path never calls printf), and
 * time conversions.
 */
#ifndef STROBE_UTIL_H
#define STROBE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct sbuf {
	char *p;
	size_t len;
	size_t cap;
};

void sbuf_init(struct sbuf *b, size_t cap);
void sbuf_free(struct sbuf *b);
void sbuf_grow(struct sbuf *b, size_t need);
void sbuf_printf(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sbuf_u64(struct sbuf *b, uint64_t v);
void sbuf_s64(struct sbuf *b, int64_t v);
void sbuf_hex(struct sbuf *b, uint64_t v);	/* 0x1f */
void sbuf_oct(struct sbuf *b, uint64_t v);	/* 0644, or 0 */
/* Zero-padded decimal of exactly `width` digits. */
void sbuf_dec_pad(struct sbuf *b, uint64_t v, int width);

static inline void sbuf_reserve(struct sbuf *b, size_t n)
{
	if (b->len + n > b->cap)
		sbuf_grow(b, n);
}

static inline void sbuf_putc(struct sbuf *b, char c)
{
	sbuf_reserve(b, 1);
	b->p[b->len++] = c;
}

static inline void sbuf_mem(struct sbuf *b, const void *s, size_t n)
{
	sbuf_reserve(b, n);
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static inline void sbuf_puts(struct sbuf *b, const char *s)
{
	sbuf_mem(b, s, strlen(s));
}

/* Unaligned loads from captured bytes (native byte order). */
static inline uint64_t load_u64(const void *p, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)p + off, sizeof(v));
	return v;
}

static inline uint32_t load_u32(const void *p, size_t off)
{
	uint32_t v;

	memcpy(&v, (const char *)p + off, sizeof(v));
	return v;
}

/* json.c: s as a JSON string literal, quotes included */
void json_string(struct sbuf *b, const char *s, size_t len);

/* proc.c: the process's cwd into cwd (empty when unreadable; cwd may be
 * NULL), then each open fd with what /proc/PID/fd says it is (each may be
 * NULL); -1 if pid has no fd directory */
int proc_fds(int pid, char *cwd, size_t cwdlen,
	     void (*each)(void *ctx, int fd, const char *path), void *ctx);
/* ...and the value of field `key` of /proc/PID/status (pid 0: self), as
 * text; false if the process or the field is not there */
bool proc_status(int pid, const char *key, char *val, size_t len);
/* ...and the number a kernel file holds (a tracepoint's id under tracefs),
 * path relative to dirfd (AT_FDCWD: absolute or the cwd's): 0, or -errno
 * (-EINVAL when it holds no number) */
int read_ull_at(int dirfd, const char *path, unsigned long long *v);

/* cgroup.c: where the cgroup2 file system is mounted (NULL: nowhere); a
 * cgroup directory's id (the kernel's cgroup id, its inode number); an id's
 * path relative to that mount ("/app.slice"; "cgroup id N" when unknown) */
const char *cgroup2_mount(void);
int cgroup_id_of(const char *path, uint64_t *id);
const char *cgroup_path_of(uint64_t id, char *buf, size_t n);
/* put cgroup directory dir in slot 0 of a BPF_MAP_TYPE_CGROUP_ARRAY */
int cgroup_select(int map_fd, const char *dir);

/* Pad with spaces up to column `col` of the text since `start`. */
static inline void sbuf_pad_to(struct sbuf *b, size_t start, size_t col)
{
	size_t have = b->len - start;

	if (have >= col)
		return;
	sbuf_reserve(b, col - have);
	memset(b->p + b->len, ' ', col - have);
	b->len += col - have;
}

/* elfsym.c: fn(sym, name, ctx) for each defined symbol of .symtab and
 * .dynsym, in file order; stops at fn's first non-zero and returns it. */
#include <gelf.h>
int elf_each_sym(Elf *elf, int (*fn)(const GElf_Sym *sym, const char *name, void *ctx),
		 void *ctx);

/* ring.c: BPF ring buffers read by strobe's own reader (why: ring.c).
 * ring_consume reads once what each ring holds, ring_poll after waiting
 * up to timeout_ms for a wakeup, ring_drain until they are empty; each
 * returns the records read or a negative error (a callback's).
 * ring_new and ring_add return NULL or -1 with errno set. */
struct ring;
typedef int (*ring_cb)(void *ctx, void *data, size_t size);
struct ring *ring_new(int map_fd, ring_cb cb, void *ctx);
int ring_add(struct ring *rb, int map_fd, ring_cb cb, void *ctx);
int ring_epoll_fd(const struct ring *rb);
long ring_consume(struct ring *rb);
long ring_poll(struct ring *rb, int timeout_ms);
long ring_drain(struct ring *rb);
void ring_free(struct ring *rb);

/* lskel.c: the light skeletons' loader program and map, kept open from
 * lskel_hold(true) to lskel_release() (why: lskel.c); lskel.h makes a
 * skeleton's close() this lskel_close(). */
void lskel_hold(bool on);
int lskel_close(int fd);
void lskel_release(void);
/* The runs the kernel skipped of a light skeleton's programs (&skel->progs,
 * sizeof(skel->progs)): the sum of their recursion_misses.  The kernel
 * does not run a program on a CPU where it (for a classic tracepoint's or
 * a uprobe's: any tracing program) is already running. */
uint64_t lskel_missed(const void *progs, size_t size);

/* bpfimg.c: strobe's own loader of a BPF object prepared at build time
 * (scripts/bpf-image.py writes the tables below into BUILD/NAME.img.h): the
 * maps created and the programs loaded straight into a light skeleton's
 * struct (its map and program descriptors at desc_off), the programs
 * verified on several CPUs at once.  docs/design.md, Loading. */
struct bpfimg_map {
	const char *name;
	uint32_t desc_off, type, key_size, value_size, max_entries, flags;
	uint32_t btf_key, btf_value;
	uint32_t data;	/* 0: a map; 1: read-only global data; 2: global data */
};
struct bpfimg_reloc {
	uint32_t insn, map, off;	/* ld_imm64 at insn: map's fd (+ off) */
};
struct bpfimg_kfunc {
	uint32_t insn;		/* a call of a kernel function: its BTF id at load */
	const char *name;
};
struct bpfimg_prog {
	const char *name;
	uint32_t desc_off, type, attach_type;
	const char *attach;	/* tp_btf: the vmlinux typedef btf_trace_NAME */
	const void *insns;
	uint32_t ninsns;
	const struct bpfimg_reloc *relocs;
	uint32_t nrelocs;
	const struct bpfimg_kfunc *kfuncs;
	uint32_t nkfuncs;
	const void *func;	/* struct bpf_func_info[] */
	uint32_t nfunc;
	const void *line;	/* struct bpf_line_info[] */
	uint32_t nline;
	const void *core;	/* struct bpf_core_relo[] */
	uint32_t ncore;
};
struct bpfimg {
	const char *btf;
	uint32_t btf_size;
	const struct bpfimg_map *maps;
	uint32_t nmaps;
	const struct bpfimg_prog *progs;
	uint32_t nprogs;
};
/* 0, or -errno: skel is a light skeleton's struct after its __open(), whose
 * ctx may ask for the verifier's log; a program whose descriptor holds -1
 * is not loaded; on failure the fds made so far are in it for its
 * __destroy() */
int bpfimg_load(const struct bpfimg *img, void *skel);
/* kbtf.c: vmlinux BTF's ids of the given names of kind (BTF_KIND_*): 0
 * where absent; kbtf_scan looks in BTF bytes already read */
int kbtf_find(const char *const *names, const int *kinds, int n, uint32_t *ids);
int kbtf_scan(const void *data, size_t size, const char *const *names, const int *kinds,
	      int n, uint32_t *ids);

#endif
