/* Python thread names (src/python/threads.c) read from objects laid out
 * as CPython 3.11 lays them out (the facts in src/python/layouts.c), built
 * in this process's own memory and read through process_vm_readv of its
 * own pid as a profiled process's are; then corrupted the ways a broken
 * or hostile process could be: each read must end, without a name, never
 * a crash (this runs under ASan and UBSan). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "python/internal.h"

#define W(p, off) (*(uint64_t *)((char *)(p) + (off)))

static _Alignas(16) char str_type[512], dict_type[512], long_type[512], mod_type[512];
static _Alignas(16) char thread_type[1024];	/* a heap type: ht_cached_keys @872 */
static _Alignas(16) char interp[1024];
static uint64_t head;	/* _PyRuntime's interpreters.head */
static void *made[64];
static int nmade;

static void *alloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p || nmade == 64)
		abort();
	return made[nmade++] = p;
}

/* A compact ASCII str: PyASCIIObject (48 bytes in 3.11), then the text. */
static void *mkstr(const char *s)
{
	size_t n = strlen(s);
	char *o = alloc(48 + n + 1);

	W(o, 0) = 1;
	W(o, 8) = (uintptr_t)str_type;
	W(o, 16) = n;
	*(uint32_t *)(o + 32) = 1 << 2 | 1 << 5 | 1 << 6 | 1 << 7;	/* kind 1, compact, ascii */
	memcpy(o + 48, s, n);
	return o;
}

static void *mklong(int64_t size, uint32_t d0, uint32_t d1)
{
	char *o = alloc(40);

	W(o, 0) = 1;
	W(o, 8) = (uintptr_t)long_type;
	W(o, 16) = size;
	((uint32_t *)(o + 24))[0] = d0;
	((uint32_t *)(o + 24))[1] = d1;
	return o;
}

/* A keys object of n entries: general ({hash, key, value}) or unicode
 * ({key, value}); 8 one-byte indices. */
static char *mkkeys(int general, int n, void **kv)
{
	int stride = general ? 3 : 2;
	char *k = alloc(40 + n * stride * 8);

	W(k, 0) = 1;
	k[8] = 3;	/* dk_log2_size: 8 slots */
	k[9] = 3;	/* dk_log2_index_bytes: 8 bytes of indices */
	k[10] = general ? 0 : 1;
	W(k, 24) = n;	/* dk_nentries */
	for (int i = 0; i < n; i++) {
		W(k, 40 + (i * stride + stride - 2) * 8) = (uintptr_t)kv[2 * i];
		W(k, 40 + (i * stride + stride - 1) * 8) = (uintptr_t)kv[2 * i + 1];
	}
	return k;
}

static char *mkdict(char *keys)
{
	char *d = alloc(48);

	W(d, 0) = 1;
	W(d, 8) = (uintptr_t)dict_type;
	W(d, 32) = (uintptr_t)keys;
	return d;
}

/* A Thread with a managed dict's values (3.11): the values pointer 32
 * bytes before the object, the keys in its type's ht_cached_keys. */
static char *mkthread(void **values)
{
	char *mem = alloc(64);
	char *o = mem + 32;

	W(mem, 0) = (uintptr_t)values;
	W(o, 0) = 1;
	W(o, 8) = (uintptr_t)thread_type;
	return o;
}

static const char *name_of(struct pyproc *pp, pid_t tid)
{
	pythreads_read(pp);
	return pythreads_name(pp, tid);
}

int main(void)
{
	struct pyproc pp = { .pid = getpid(), .state = PP_PYTHON };
	void *kv[8];

	pp.l = py_layout_find(3, 11);
	CHECK(pp.l && pp.l->interp_modules == 888 && pp.l->heap_cached_keys == 872);
	if (!pp.l)
		return CHECK_REPORT();
	pp.head = (uintptr_t)&head;
	pp.str_type = (uintptr_t)str_type;
	pp.dict_type = (uintptr_t)dict_type;
	pp.long_type = (uintptr_t)long_type;
	head = (uintptr_t)interp;

	/* Thread: _name, _native_id in the class's shared keys */
	void *k_name = mkstr("_name"), *k_native = mkstr("_native_id");
	void *cached_kv[4] = { k_name, NULL, k_native, NULL };
	char *cached = mkkeys(0, 2, cached_kv);

	W(thread_type, 168) = 1 << 4 | 1 << 9;	/* MANAGED_DICT, HEAPTYPE */
	W(thread_type, 32) = 16;
	W(thread_type, 872) = (uintptr_t)cached;
	void *vals1[2] = { mkstr("CustomThreadName-3"), mklong(1, 4242, 0) };
	void *vals2[2] = { mkstr("Thread-1 (work;er)\n"), mklong(2, 5, 1) };	/* 5 + 2^30 */
	char *t1 = mkthread(vals1), *t2 = mkthread(vals2);

	/* _active: {ident: Thread} (int keys: a general table) */
	kv[0] = mklong(1, 1, 0);
	kv[1] = t1;
	kv[2] = mklong(1, 2, 0);
	kv[3] = t2;
	char *active_keys = mkkeys(1, 2, kv), *active = mkdict(active_keys);
	/* threading's module dict, the module, sys.modules */
	kv[0] = mkstr("Thread");
	kv[1] = mkstr("x");
	kv[2] = mkstr("_active");
	kv[3] = active;
	char *md = mkdict(mkkeys(0, 2, kv)), *mod = alloc(32);

	W(mod, 8) = (uintptr_t)mod_type;
	W(mod, 16) = (uintptr_t)md;
	kv[0] = (void *)(uintptr_t)16;	/* a key that cannot be read, before it */
	kv[1] = mkstr("not a module");
	kv[2] = mkstr("threading");
	kv[3] = mod;
	char *modules_keys = mkkeys(0, 2, kv);

	W(interp, 888) = (uintptr_t)mkdict(modules_keys);

	const char *n = name_of(&pp, 4242);

	CHECK(n && !strcmp(n, "CustomThreadName-3"));
	/* two digits of 30 bits; ';' and control characters made printable */
	n = pythreads_name(&pp, 5 + (1 << 30));
	CHECK(!n);	/* over PID_MAX_LIMIT: not a tid */
	vals2[1] = mklong(2, 5, 0);	/* 5, in two digits */
	n = name_of(&pp, 5);
	CHECK(n && !strcmp(n, "Thread-1 (work?er)?"));
	CHECK(!pythreads_name(&pp, 4243));

	/* a thread that ended (gone from _active) keeps the name read */
	W(active_keys, 24) = 1;
	CHECK((n = name_of(&pp, 5)) && !strcmp(n, "Thread-1 (work?er)?"));
	W(active_keys, 24) = 2;

	/* while profiling: a thread's first sample reads the names at once
	 * (20 ms apart at most); the same unnamed tid again waits a gap
	 * that doubles (a native thread) */
	struct pyinfo pi = { .want_names = true };
	uint64_t t0 = 1000000000ull;

	pythreads_free(&pp);
	pythreads_note(&pi, &pp, 7, t0);
	CHECK(pp.names_ts == t0 && pythreads_name(&pp, 4242) && pp.names_gap == 40000000ull);
	pythreads_note(&pi, &pp, 7, t0 + 30000000ull);
	CHECK(pp.names_ts == t0);			/* 30 ms < 40 ms */
	pythreads_note(&pi, &pp, 8, t0 + 30000000ull);
	CHECK(pp.names_ts == t0 + 30000000ull);	/* a new tid: read */
	pythreads_note(&pi, &pp, 4242, t0 + 40000000ull);
	CHECK(pp.names_ts == t0 + 30000000ull);	/* named: nothing to read */
	for (int i = 0; i < 12; i++)
		pythreads_note(&pi, &pp, 7, t0 + (i + 1) * 2000000000ull);
	CHECK(pp.names_gap == 1000000000ull);		/* doubled up to 1 s */

	/* corruptions: each read ends, and names no new thread */
	pythreads_free(&pp);
	W(active_keys, 24) = 1ull << 40;	/* more entries than slots */
	CHECK(!name_of(&pp, 4242));
	active_keys[8] = 62;			/* a huge table: read up to the cap
						 * (the heap after it), or not at all */
	name_of(&pp, 4242);
	pythreads_free(&pp);
	active_keys[8] = 3;
	active_keys[9] = 200;			/* indices past any address */
	CHECK(!name_of(&pp, 4242));
	active_keys[9] = 3;
	W(active_keys, 24) = 2;
	CHECK(name_of(&pp, 4242));		/* whole again */

	pythreads_free(&pp);
	W(vals1[0], 16) = 1ull << 40;		/* a name's length */
	CHECK(!name_of(&pp, 4242));
	W(vals1[0], 16) = strlen("CustomThreadName-3");
	W(vals1[0], 8) = (uintptr_t)dict_type;	/* not a str */
	CHECK(!name_of(&pp, 4242));
	W(vals1[0], 8) = (uintptr_t)str_type;
	vals1[1] = mklong(-1, 4242, 0);		/* negative */
	CHECK(!name_of(&pp, 4242));
	vals1[1] = mklong(3, 4242, 0);		/* three digits */
	CHECK(!name_of(&pp, 4242));
	vals1[1] = (void *)(uintptr_t)8;	/* an unmapped address */
	CHECK(!name_of(&pp, 4242));
	vals1[1] = mklong(1, 4242, 0);
	W(t1 - 32, 0) = 0x10;			/* the values pointer, unmapped */
	CHECK(!name_of(&pp, 4242));
	W(t1 - 32, 0) = 0;			/* no values: the dict pointer... */
	W(t1 - 32, 8) = (uintptr_t)t1;		/* ...to the thread, not a dict */
	CHECK(!name_of(&pp, 4242));
	W(t1 - 32, 8) = 0;
	W(t1 - 32, 0) = (uintptr_t)vals1;
	W(thread_type, 872) = (uintptr_t)active_keys;	/* the wrong keys */
	CHECK(!name_of(&pp, 4242));
	W(thread_type, 872) = (uintptr_t)cached;
	CHECK(name_of(&pp, 4242));

	/* sys.modules without threading (not imported yet), then a cycle:
	 * _active is sys.modules itself */
	pythreads_free(&pp);
	pp.threading_dict = 0;
	W(modules_keys, 40 + 16) = (uintptr_t)mkstr("threadin");
	CHECK(!name_of(&pp, 4242) && !pp.threading_dict);
	W(modules_keys, 40 + 16) = (uintptr_t)mkstr("threading");
	/* sys.modules is looked through again only once its keys change
	 * (CPython appends an entry or makes new keys for an import) */
	CHECK(!name_of(&pp, 4242) && !pp.threading_dict);
	pp.modules_n = 0;
	CHECK(name_of(&pp, 4242) && pp.threading_dict);
	pythreads_free(&pp);
	pp.threading_dict = 0;
	W(md, 32) = (uintptr_t)modules_keys;
	CHECK(!name_of(&pp, 4242));
	head = 0;				/* no interpreter */
	pp.threading_dict = 0;
	CHECK(!name_of(&pp, 4242));
	pythreads_free(&pp);
	while (nmade)
		free(made[--nmade]);
	return CHECK_REPORT();
}
