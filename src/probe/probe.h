/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probe engine: attach a loaded BPF program to probes named by spec,
 * and take it off again.  Used by every front end (strace's --event,
 * strobe ltrace, strobe sslsniff) and by the probe language.
 *
 *   spec                              what it names
 *   uprobe:LIB:FUNC                   function entries (FUNC a glob)
 *   uretprobe:LIB:FUNC                their returns
 *   uprobe:LIB:0x1234                 a file offset... as an address
 *   usdt:PATH:PROVIDER:NAME           USDT markers (.note.stapsdt; globs)
 *   usdt:PATH:NAME                    ...any provider
 *   tracepoint:SYS:NAME               a kernel tracepoint (no globs here)
 *
 * LIB is "libc", "libssl.so.3", or a path.  For a process (pid > 0) the
 * name is looked up in /proc/PID/maps first; otherwise in ld.so.cache and
 * the standard library directories.  Symbols come from .dynsym and
 * .symtab (libelf), as file offsets (what the kernel's uprobes take).
 *
 * Attaching: one uprobe_multi link per (file, entry|return) when the
 * kernel has it (6.6+; Debian's libbpf 1.1 lacks the wrapper, so the
 * bpf() syscall is called directly), else one perf event uprobe per
 * location.  A uprobe_multi link needs a program loaded with
 * expected_attach_type BPF_TRACE_UPROBE_MULTI (48); a perf event one a
 * program loaded without it: pass both when you can (struct probe_prog).
 * Every location carries a BPF cookie (bpf_get_attach_cookie()) so one
 * program can tell which probe fired.  Everything is file descriptors:
 * probe_detach() or the process's exit takes all of it away.
 */
#ifndef STROBE_PROBE_H
#define STROBE_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "../syscalls/syscalls.h"
#include "../util/util.h"

#define PROBE_BPF_TRACE_UPROBE_MULTI 48		/* enum bpf_attach_type */

enum probe_kind {
	PK_UPROBE = 1,
	PK_URETPROBE,
	PK_USDT,
	PK_TRACEPOINT,
};

/* A parsed spec; the strings point into `buf`. */
struct probe_spec {
	enum probe_kind kind;
	const char *target;	/* LIB or PATH; tracepoint: SYS */
	const char *provider;	/* usdt: provider glob ("*" if not given) */
	const char *name;	/* FUNC glob, usdt name glob, tracepoint name */
	char buf[512];
};

/* One USDT argument, as `-4@%eax` or `8@-8(%rbp)` describe it. */
enum usdt_arg_type { USDT_CONST, USDT_REG, USDT_DEREF };
struct usdt_arg {
	enum usdt_arg_type type;
	int8_t size;		/* bytes, negative when signed */
	int16_t reg_off;	/* offsetof(struct pt_regs, reg); -1: none */
	int64_t val;		/* the constant, or the dereference's offset */
	/* "-88(%rsp,%rax,8)": the address adds index * scale (idx_off is
	 * the index register's pt_regs offset; -1: no index) */
	int16_t idx_off;
	uint8_t scale;
};
#define USDT_MAX_ARGS 12

/* One place to put a probe. */
struct probe_loc {
	char *name;		/* function, or "provider:name" */
	uint64_t addr;		/* virtual address in the file */
	uint64_t offset;	/* file offset: what the kernel wants */
	uint64_t ref_ctr;	/* usdt semaphore, file offset; 0: none */
	int nargs;		/* usdt */
	struct usdt_arg args[USDT_MAX_ARGS];
	bool bad_insn;		/* starts with an instruction uprobes refuse */
	/* ltrace: another location of the set is at the same offset (an
	 * alias the program imports too): a call counts as this one only
	 * when its call site is seen to go through this name's GOT slot */
	bool alias;
};

/* The locations a spec resolved to, in one file. */
struct probe_set {
	enum probe_kind kind;
	char *path;		/* the file, as the kernel should open it */
	struct probe_loc *loc;
	size_t n, cap;
	/* matching IFUNCs whose choice is in no file (gettimeofday, time:
	 * the vDSO's), left out */
	size_t ifunc_outside;
};

/* Split "uprobe:libc:malloc" into *s; -1 with a message in err. */
int probe_spec_parse(const char *text, struct probe_spec *s, char *err, size_t errlen);

/* The file a library name refers to, for pid (0: the system's).
 * 0, or -1 with "what was not found, where strobe looked" in err. */
int probe_find_lib(const char *name, pid_t pid, char *path, size_t len,
		   char *err, size_t errlen);

/* The files a target names (*paths, n of them; probe_targets_free):
 * a glob over paths (over the files the process maps executable, with
 * pid > 0), "" every file the process maps, else the one file
 * probe_find_lib finds.  A glob matching nothing is 0 files.  0, or -1
 * with err. */
int probe_targets(const char *target, pid_t pid, char ***paths, size_t *n, char *err,
		  size_t errlen);
void probe_targets_free(char **paths, size_t n);

/* Resolve a uprobe/uretprobe/usdt spec for pid (0: any process) into a
 * set of locations.  No match is an error (-1, with err saying where
 * strobe looked); 0 otherwise.  probe_set_free() frees it. */
int probe_resolve(const struct probe_spec *s, pid_t pid, struct probe_set *set,
		  char *err, size_t errlen);
void probe_set_free(struct probe_set *set);
/* Add a location to a set built by hand; -ENOMEM or 0. */
int probe_set_add(struct probe_set *set, const char *name, uint64_t addr, uint64_t off);

/* Symbols of an ELF file matching a glob, deduplicated by address (the
 * global, exact-matching, least-underscored alias named).  Functions
 * only; IFUNCs are resolved to their implementation when strobe's own
 * libc is the same file.  -errno, or 0 (maybe with set->n == 0). */
int probe_elf_funcs(const char *path, const char *glob, struct probe_set *set);
/* The same with every alias of an address kept (ltrace: the name the
 * program imports may be any of them). */
int probe_elf_funcs_aliases(const char *path, const char *glob, struct probe_set *set);
/* The USDT notes of a file matching provider/name globs. */
int probe_elf_usdt(const char *path, const char *provider, const char *name,
		   struct probe_set *set);
/* Whether a file has a .symtab (1), i.e. is not stripped. */
int probe_elf_has_symtab(const char *path);
/* The PLT stub (.plt.sec, .plt, .plt.got) through which a program calls
 * an imported function: its vaddr and file offset; -ENOENT without one
 * (-fno-plt calls go through the GOT directly). */
int probe_elf_plt_stub(const char *path, const char *name, uint64_t *vaddr, uint64_t *off);
/* Parse one note's argument string ("-4@%eax 8@-8(%rbp)"); -1 if malformed. */
int probe_usdt_parse_args(const char *text, struct probe_loc *loc);

/* What a dynamically linked program imports: undefined function symbols
 * of .dynsym (names[], malloc'd) and its DT_NEEDED libraries resolved to
 * paths (libs[]).  -errno on failure. */
struct probe_imports {
	char **names;
	size_t nnames;
	char **libs;
	size_t nlibs;
};
int probe_elf_imports(const char *path, struct probe_imports *imp);
void probe_imports_free(struct probe_imports *imp);

/* A loaded program, in one or both of its flavours (-1: not loaded). */
struct probe_prog {
	int multi_fd;		/* expected_attach_type BPF_TRACE_UPROBE_MULTI */
	int perf_fd;		/* plain kprobe-type program: perf event links */
};

struct probe_attach_opts {
	pid_t pid;		/* only this process (0: every process) */
	bool retprobe;		/* at the functions' returns */
	/* cookie of location i: cookies[i] if given, else cookie + i when
	 * cookie_per_loc, else cookie */
	const uint64_t *cookies;
	uint64_t cookie;
	bool cookie_per_loc;
	bool force_perf;	/* per-location perf events (tests, old kernels) */
	/* leave out locations the kernel cannot probe (ENOTSUPP: uprobes
	 * refuse some instructions), telling on_skip */
	bool skip_unprobeable;
	void (*on_skip)(void *ctx, const struct probe_loc *loc);
	void *skip_ctx;
};

/* An attachment: the fds that hold probes up, closed by probe_detach. */
struct probe_link {
	int *fds;
	size_t n, cap;
	bool multi;		/* through uprobe_multi links */
	size_t nprobes;		/* locations attached */
};

/* Attach prog at every location of set; -errno (nothing left attached)
 * or 0.  Links accumulate in *l (zero it first), so one handle can hold
 * several sets. */
int probe_attach(const struct probe_prog *prog, const struct probe_set *set,
		 const struct probe_attach_opts *o, struct probe_link *l);
/* A kernel tracepoint "sys:name" (tracefs mounted), with a cookie. */
int probe_attach_tracepoint(int prog_fd, const char *sys, const char *name,
			    uint64_t cookie, struct probe_link *l);
/* Parse a spec, resolve it for pid and attach: the short way. */
int probe_attach_spec(const struct probe_prog *prog, const char *spec,
		      const struct probe_attach_opts *o, struct probe_link *l,
		      char *err, size_t errlen);
void probe_detach(struct probe_link *l);

/* Whether the kernel takes uprobe_multi links (cached). */
bool probe_have_uprobe_multi(void);

/* --list: print the probes matching a spec (globs), one a line, as
 * "uprobe:/usr/lib/x86_64-linux-gnu/libc.so.6:malloc".  -1 with err. */
int probe_list(const char *pattern, pid_t pid, void (*emit)(void *ctx, const char *line),
	       void *ctx, char *err, size_t errlen);

/* protos.c: prototypes of library functions and USDT markers, their
 * arguments in the syscall table's kinds (struct syscall_desc), decoded
 * by the same decoders. */
enum lib_ret { LR_INT, LR_LONG, LR_UINT, LR_ULONG, LR_PTR, LR_STR, LR_VOID };
struct lib_proto {
	struct syscall_desc d;	/* name, nargs, args[] (name, AK_ kind, len_arg) */
	uint8_t ret;		/* enum lib_ret */
	uint8_t err;		/* enum up_err of bpf/uprobe_desc.h */
	uint8_t cap_override;	/* enum up_cap for the AK_BUF_OUT argument */
	uint8_t varargs;	/* printf's family: the last argument is a format */
};
/* By function name, or "provider:name" for a USDT marker; NULL if unknown. */
const struct lib_proto *proto_find(const char *name, bool usdt);
/* The built-in library prototypes, one by one (NULL after the last). */
const struct lib_proto *proto_builtin(size_t i);
/* dwarf.c: a prototype from the debug info of the file (or of its
 * separate debug file, by build id), when it has some, by name or else by
 * the function's address in the file (another alias); NULL otherwise.
 * Cached for the run; proto_dwarf_free() lets it all go. */
const struct lib_proto *proto_dwarf(const char *path, const char *func, uint64_t addr);
void proto_dwarf_free(void);
/* dwarf_params.c: a function's parameters from the file's DWARF, as C
 * names them ("int* n"): how many (up to max described), or -1 when the
 * file has no DWARF entry for it. */
struct probe_param {
	char name[64];
	char type[128];		/* "int*", "struct Foo*", "char" */
	int size;		/* an integer's or a pointer's bytes; 0: neither */
	bool is_signed;
	int ptr_level;		/* 1: a pointer */
	int elem_size;		/* a pointer to an integer: its size (0: other) */
	bool elem_signed;
};
int probe_dwarf_params(const char *path, const char *func, struct probe_param *out, int max);
struct up_desc;
/* What the kernel side should capture for a prototype's arguments. */
void proto_fill_desc(const struct lib_proto *p, struct up_desc *d);

/* uprog.c: strobe's own probe program (bpf/uprobes.bpf.c), for --event,
 * ltrace and sslsniff: one struct up_desc per location says what to do. */
struct uprog_opts {
	bool all;		/* every process but strobe */
	const char *cgroup;	/* with all: only inside this cgroup v2 dir (--cgroup) */
	bool follow;		/* children of targets join them */
	bool tasks;		/* fork, exit and exec records */
	/* stop a traced process at its exec (SIGSTOP, from the kernel side)
	 * until user space has probed what the new program imports */
	bool stop_on_exec;
	int strsize;		/* bytes of a string or buffer */
	int summary_by;		/* enum sum_by of bpf/hist.h */
	bool summary;		/* -c: size the summary's maps */
	size_t bufsize;		/* ring buffer bytes (0: 4 MiB) */
	int debug;
	/* ltrace -w: what entries with UD_STACK send (1: registers, 2: and
	 * stack_bytes of the user stack) */
	int ustack_mode;
	unsigned stack_bytes;
};

/* One probe location (its cookie is its index): for printing. */
struct up_probe {
	char *name;		/* "uprobe:/usr/lib/x86_64-linux-gnu/libc.so.6:malloc" */
	char *func;		/* "malloc", "python:function__entry" */
	char *lib;		/* the file */
	enum probe_kind kind;
	const struct lib_proto *proto;	/* NULL: raw values */
	int nargs;		/* usdt: arguments the note describes */
	bool paired;		/* --event uprobe: with uretprobe: of it: one probe */
};

struct uprog {
	void *skel;		/* struct uprobes_bpf */
	struct probe_link link;
	int task_links[4], ntask_links;
	struct up_probe *probes;
	size_t nprobes, cap;
	bool detached;
	uint64_t lost_final;
	uint64_t missed_final;	/* uprog_missed_total at detach */
	/* uprog_add leaves out what cannot be probed when this is set */
	bool skip_unprobeable;
	size_t nskipped;
	struct sbuf skipped_names;	/* the first of them, for a message */
	int summary_by;
	uint32_t hist_slots;	/* -c: latency histograms per CPU */
	/* functions without a built-in prototype: try their DWARF (ltrace) */
	bool dwarf_protos;
	/* the files uprog_add_caller took, by the kernel's (dev, ino) */
	struct up_caller_name { uint64_t ino; uint32_t dev; char *name; } *callers;
	size_t ncallers;
};

int uprog_load(struct uprog *u, const struct uprog_opts *o);
/* Watch a process (pending_exec: the launched command, before execve). */
int uprog_target(struct uprog *u, pid_t tgid, bool pending_exec);
/* Calls from code in this file count as the program's (ltrace); lib: a
 * library's code, whose calls through function pointers do not count. */
int uprog_add_caller(struct uprog *u, const char *path, bool lib);
/* The name of a caller file (its path's last part), from the kernel's
 * (dev, ino) of an UP_CAP_CALLER capture; NULL if not one of them. */
const char *uprog_caller_name(const struct uprog *u, uint64_t ino, uint32_t dev);
/* One probe per location of set, each with tmpl (plus what its prototype
 * or USDT note says), attached at entries and/or returns.  display names
 * the file in up_probe.name (NULL: its path). */
int uprog_add(struct uprog *u, const struct probe_set *set, const struct up_desc *tmpl,
	      bool entry, bool ret, pid_t pid, const char *display);
const struct up_probe *uprog_probe(const struct uprog *u, uint32_t cookie);
/* A probe's description without attaching it (strobe report: from the
 * recording's PROBES block); its cookie is the next index. */
int uprog_add_info(struct uprog *u, enum probe_kind kind, const char *func, const char *lib,
		   int nargs, bool paired);
int uprog_ringbuf_fd(const struct uprog *u);
struct sum_maps;
/* -c: the summary's maps, for summary_collect() */
void uprog_summary_maps(const struct uprog *u, struct sum_maps *m);
int64_t uprog_live(const struct uprog *u);
uint64_t uprog_not_counted(const struct uprog *u);
uint64_t uprog_not_in_hist(const struct uprog *u);
uint64_t uprog_lost_total(const struct uprog *u);
uint64_t uprog_missed_total(const struct uprog *u);
void uprog_detach(struct uprog *u);
void uprog_destroy(struct uprog *u);

#endif
