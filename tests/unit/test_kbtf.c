/* The kernel-BTF name search of strobe's BPF loader (src/util/kbtf.c):
 * its ids against libbpf's on this kernel's BTF, then the same bytes cut
 * short and corrupted, where it must neither read out of bounds (ASan)
 * nor find what is not there. */
#include <errno.h>
#include <stdlib.h>

#include <bpf/btf.h>
#include <linux/btf.h>

#include "check.h"
#include "util/util.h"

#define VMLINUX "/sys/kernel/btf/vmlinux"

static const char *const names[] = {
	"btf_trace_sys_enter", "btf_trace_sched_process_fork", "bpf_iter_num_new",
	"task_struct", "no_such_name_anywhere",
};
static const int kinds[] = {
	BTF_KIND_TYPEDEF, BTF_KIND_TYPEDEF, BTF_KIND_FUNC, BTF_KIND_STRUCT, BTF_KIND_FUNC,
};
#define N ((int)(sizeof(names) / sizeof(names[0])))

static char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 20, n = 0, r;
	char *buf = malloc(cap);

	if (!f || !buf) {
		free(buf);
		if (f)
			fclose(f);
		return NULL;
	}
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	*size = n;
	return buf;
}

/* a copy of exactly size bytes: ASan sees a read past it */
static int scan_copy(const char *data, size_t size, uint32_t *ids)
{
	char *copy = malloc(size ? size : 1);
	int err;

	memcpy(copy, data, size);
	err = kbtf_scan(copy, size, names, kinds, N, ids);
	free(copy);
	return err;
}

int main(void)
{
	uint32_t ids[N], want[N], got[N];
	struct btf *btf = btf__parse(VMLINUX, NULL);
	size_t size = 0;
	char *data = slurp(VMLINUX, &size);

	CHECK(btf != NULL && data != NULL);
	if (!btf || !data)
		return CHECK_REPORT();
	for (int i = 0; i < N; i++) {
		int id = btf__find_by_name_kind(btf, names[i], kinds[i]);

		want[i] = id > 0 ? id : 0;
	}
	CHECK(want[0] && want[1] && want[2] && want[3] && !want[4]);
	CHECK(kbtf_find(names, kinds, N, ids) == 0);
	CHECK(!memcmp(ids, want, sizeof(ids)));
	CHECK(kbtf_scan(data, size, names, kinds, N, got) == 0 && !memcmp(got, want, sizeof(got)));

	/* cut short: the file, then the type section (a record cut in two);
	 * never a wrong id */
	int wrong = 0;
	struct btf_header h;

	memcpy(&h, data, sizeof(h));
	for (int k = 0; k < 48; k++) {
		size_t cut = size / 48 * k + k;
		char *copy = malloc(size);

		if (!scan_copy(data, cut, got))
			for (int i = 0; i < N; i++)
				wrong += got[i] && got[i] != want[i];
		memcpy(copy, data, size);
		((struct btf_header *)copy)->type_len = h.type_len / 48 * k + k;
		kbtf_scan(copy, size, names, kinds, N, got);
		for (int i = 0; i < N; i++)
			wrong += got[i] && got[i] != want[i];
		free(copy);
	}
	CHECK(!wrong);
	/* corrupted: bytes of the header and of the first types flipped; the
	 * ids may change, the reads must stay inside */
	srand(1);
	for (int round = 0; round < 60; round++) {
		char *copy = malloc(size);

		memcpy(copy, data, size);
		for (int k = 0; k < 4; k++)
			copy[rand() % (round < 30 ? 24 : 4096)] ^= 1 << (rand() % 8);
		kbtf_scan(copy, size, names, kinds, N, got);
		free(copy);
	}
	CHECK(kbtf_scan("", 0, names, kinds, N, got) == -EINVAL);
	btf__free(btf);
	free(data);
	return CHECK_REPORT();
}
