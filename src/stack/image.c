// SPDX-License-Identifier: GPL-2.0
/*
 * Process images and unwinding.  An image is the mappings of one process
 * (one exec of it) as text in /proc/PID/maps format, and a libdwfl session
 * built from them on first use: libdwfl unwinds a copied user stack with
 * the binaries' CFI (.eh_frame / .debug_frame, or frame pointers where a
 * module has none) and finds symbols and separate debug info.
 */
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "stack.h"
#include "internal.h"

static char *read_all(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 16384, n = 0;
	char *buf;
	ssize_t r;

	if (fd < 0)
		return NULL;
	buf = malloc(cap + 1);
	while (buf && (r = read(fd, buf + n, cap - n)) > 0) {
		n += r;
		if (n == cap) {
			char *b = realloc(buf, cap * 2 + 1);

			if (!b) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = b;
			cap *= 2;
		}
	}
	close(fd);
	if (buf)
		buf[n] = 0;
	return buf;
}

char *uimage_read_maps(pid_t pid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	return read_all(path);
}

char *uimage_read_maps_of(pid_t pid, pid_t tid)
{
	char path[80], *maps = uimage_read_maps(pid);

	/* a process whose main thread has exited: /proc/PID is that thread,
	 * a zombie with no memory map; its other threads still have it */
	if ((!maps || !*maps) && tid && tid != pid) {
		free(maps);
		snprintf(path, sizeof(path), "/proc/%d/task/%d/maps", pid, tid);
		maps = read_all(path);
	}
	return maps;
}

/* Every mapping with a name: for strace's file offsets, and the
 * executable ones for "is this address known". */
static void parse_maps(struct uimage *im)
{
	size_t cap = 0;

	for (char *line = im->maps; line && *line;) {
		char *nl = strchr(line, '\n'), perms[8];
		unsigned long long lo, hi, off;
		int name = 0, got;

		/* one line at a time: %n after a space would run on into the
		 * next line when this one has no name */
		if (nl)
			*nl = 0;
		got = sscanf(line, "%llx-%llx %7s %llx %*s %*s %n", &lo, &hi, perms, &off, &name);
		if (nl)
			*nl = '\n';
		if (got == 4 && name && line + name < (nl ? nl : line + strlen(line)) &&
		    line[name] != '\n') {
			if (im->nmap == cap) {
				struct umap *m = realloc(im->map, (cap ? cap * 2 : 64) * sizeof(*m));

				if (!m)
					return;
				im->map = m;
				cap = cap ? cap * 2 : 64;
			}
			im->map[im->nmap++] = (struct umap){
				.lo = lo, .hi = hi, .pgoff = off, .exec = perms[2] == 'x',
				.path = line + name, .path_len = nl ? (size_t)(nl - line - name)
								 : strlen(line + name),
			};
		}
		line = nl ? nl + 1 : NULL;
	}
}

struct uimage *uimage_new(pid_t pid, char *maps)
{
	struct uimage *im = calloc(1, sizeof(*im));

	if (!im) {
		free(maps);
		return NULL;
	}
	im->pid = pid;
	im->maps = maps;
	parse_maps(im);
	return im;
}

const char *uimage_maps(const struct uimage *im)
{
	return im->maps;
}

const struct umap *uimage_mapping(const struct uimage *im, uint64_t pc)
{
	for (size_t i = 0; i < im->nmap; i++)
		if (pc >= im->map[i].lo && pc < im->map[i].hi)
			return &im->map[i];
	return NULL;
}

bool uimage_knows(const struct uimage *im, uint64_t ip)
{
	const struct umap *m = uimage_mapping(im, ip);

	return m && m->exec;
}

void uimage_read_jit(struct uimage *im)
{
	char path[64], *text;
	size_t cap = 0;

	snprintf(path, sizeof(path), "/tmp/perf-%d.map", im->pid);
	text = read_all(path);
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		unsigned long long lo, size;
		int at;

		if (nl)
			*nl = 0;
		if (sscanf(line, "%llx %llx %n", &lo, &size, &at) == 2 && line[at]) {
			if (im->njit == cap) {
				struct jit_sym *j = realloc(im->jit, (cap ? cap * 2 : 64) * sizeof(*j));

				if (!j)
					break;
				im->jit = j;
				cap = cap ? cap * 2 : 64;
			}
			im->jit[im->njit++] = (struct jit_sym){ lo, lo + size, strdup(line + at) };
		}
		line = nl ? nl + 1 : NULL;
	}
	free(text);
}

bool uimage_has_jit(const struct uimage *im)
{
	return im->njit;
}

const char *uimage_jit_symbol(const struct uimage *im, uint64_t pc)
{
	for (size_t i = 0; i < im->njit; i++)
		if (pc >= im->jit[i].lo && pc < im->jit[i].hi)
			return im->jit[i].name;
	return NULL;
}

void uimage_free(struct uimage *im)
{
	if (!im)
		return;
	if (im->dwfl)
		dwfl_end(im->dwfl);
	uimage_free_modinfos(im);
	free(im->path_buf);
	for (size_t j = 0; j < im->njit; j++)
		free(im->jit[j].name);
	free(im->jit);
	free(im->map);
	free(im->maps);
	free(im);
}

/* ---- libdwfl callbacks: the one thread is the copy being unwound ---- */

static pid_t cb_next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	struct uimage *im = arg;

	if (*thread_argp)
		return 0;
	*thread_argp = im;
	return im->cur_tid;
}

static bool cb_get_thread(Dwfl *dwfl, pid_t tid, void *arg, void **thread_argp)
{
	*thread_argp = arg;
	return true;
}

static bool cb_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct uimage *im = arg;
	uint64_t sp = im->cur_regs[UREG_SP];

	if (addr < sp || addr + 8 > sp + im->cur_len || addr + 8 < addr) {
		if (addr >= sp + im->cur_len)
			im->cur_beyond = true;
		return false;
	}
	memcpy(result, im->cur_stack + (addr - sp), sizeof(*result));
	return true;
}

static bool cb_set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	struct uimage *im = arg;
	Dwarf_Word regs[UREG_IP];

	for (int i = 0; i < UREG_IP; i++)
		regs[i] = im->cur_regs[i];
	if (!dwfl_thread_state_registers(thread, 0, UREG_IP, regs))
		return false;
	dwfl_thread_state_register_pc(thread, im->cur_regs[UREG_IP]);
	return true;
}

static const Dwfl_Thread_Callbacks thread_cbs = {
	.next_thread = cb_next_thread,
	.get_thread = cb_get_thread,
	.memory_read = cb_memory_read,
	.set_initial_registers = cb_set_initial_registers,
};

/*
 * The vDSO is not a file, and libdwfl would read it from the process's
 * memory, which is gone when the process is.  Every process of this kernel
 * maps the same image: use strobe's own.
 */
static int find_elf(Dwfl_Module *mod, void **userdata, const char *module_name,
		    Dwarf_Addr base, char **file_name, Elf **elfp)
{
	static void *image;
	static size_t image_len;

	if (strncmp(module_name, "[vdso", 5))
		return dwfl_linux_proc_find_elf(mod, userdata, module_name, base, file_name,
						elfp);
	if (!image) {
		char *maps = read_all("/proc/self/maps");
		uint64_t at = getauxval(AT_SYSINFO_EHDR);

		for (char *l = maps; l && *l;) {
			unsigned long long lo, hi;

			if (sscanf(l, "%llx-%llx", &lo, &hi) == 2 && lo == at && strstr(l, "[vdso]")) {
				image = malloc(hi - lo);
				if (image) {
					memcpy(image, (void *)(uintptr_t)lo, hi - lo);
					image_len = hi - lo;
				}
				break;
			}
			l = strchr(l, '\n');
			l = l ? l + 1 : NULL;
		}
		free(maps);
	}
	*file_name = NULL;
	elf_version(EV_CURRENT);
	*elfp = image ? elf_memory(image, image_len) : NULL;
	return -1;
}

static char *debuginfo_path;
static const Dwfl_Callbacks proc_cbs = {
	.find_elf = find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

/* -k takes symbols where strace 6.1 takes them: the mapped files alone */
static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
			Dwarf_Addr base, const char *file_name, const char *debuglink_file,
			GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	return -1;
}

static const Dwfl_Callbacks main_only_cbs = {
	.find_elf = find_elf,
	.find_debuginfo = no_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

Dwfl *uimage_dwfl(struct uimage *im)
{
	FILE *f;

	if (im->dwfl || im->dwfl_failed)
		return im->dwfl;
	im->dwfl_failed = true;
	if (!im->maps)
		return NULL;
	im->dwfl = dwfl_begin(im->main_only ? &main_only_cbs : &proc_cbs);
	if (!im->dwfl)
		return NULL;
	f = fmemopen(im->maps, strlen(im->maps), "r");
	dwfl_report_begin(im->dwfl);
	if (!f || dwfl_linux_proc_maps_report(im->dwfl, f)) {
		if (f)
			fclose(f);
		dwfl_end(im->dwfl);
		im->dwfl = NULL;
		return NULL;
	}
	fclose(f);
	/* the maps report leaves the vDSO out: it has no file */
	for (size_t i = 0; i < im->nmap; i++)
		if (im->map[i].path_len == 6 && !strncmp(im->map[i].path, "[vdso]", 6)) {
			dwfl_report_module(im->dwfl, "[vdso]", im->map[i].lo, im->map[i].hi);
			break;
		}
	dwfl_report_end(im->dwfl, NULL, NULL);
	/* without it, symbols still work */
	im->can_unwind = dwfl_attach_state(im->dwfl, NULL, im->pid, &thread_cbs, im);
	im->dwfl_failed = false;
	return im->dwfl;
}

struct walk {
	uint64_t *pcs;
	bool *act;
	int n, max;
};

static int frame_cb(Dwfl_Frame *frame, void *arg)
{
	struct walk *w = arg;
	Dwarf_Addr pc;
	bool act;

	if (!dwfl_frame_pc(frame, &pc, &act) || !pc)
		return DWARF_CB_ABORT;
	if (w->n == w->max)
		return DWARF_CB_ABORT;
	w->pcs[w->n] = pc;
	if (w->act)
		w->act[w->n] = act || !w->n;
	w->n++;
	return DWARF_CB_OK;
}

int uimage_unwind(struct uimage *im, pid_t tid, const uint64_t *regs, const void *stack,
		  uint32_t len, uint64_t *pcs, bool *act, int max, bool *complete)
{
	struct walk w = { pcs, act, 0, max };
	int rc;

	*complete = false;
	if (!uimage_dwfl(im) || !im->can_unwind)
		return -1;
	im->cur_regs = regs;
	im->cur_stack = stack;
	im->cur_len = len;
	im->cur_beyond = false;
	im->cur_tid = tid;
	rc = dwfl_getthread_frames(im->dwfl, tid, frame_cb, &w);
	im->cur_regs = NULL;
	im->cur_stack = NULL;
	*complete = rc == 0;
	return w.n;
}

bool uimage_last_cut(const struct uimage *im)
{
	return im->cur_beyond;
}
