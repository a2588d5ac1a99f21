// SPDX-License-Identifier: GPL-2.0
/*
 * bpf(2) commands whose attribute strace decodes without following a
 * pointer: a hash map made (and one asked for on a NUMA node), its
 * elements updated, looked up, deleted and walked, ids walked and opened,
 * object info read (also into a buffer longer than the kernel's), a map
 * frozen, cgroup attach and detach refused on a bad target; sizes that
 * cut the attribute short, unknown types, an unknown command.  Then
 * classic BPF: a socket filter attached (its special offsets, jumps) and
 * read back, one cut by an unmapped page, an optlen that is not a struct
 * sock_fprog's; a seccomp filter (returns by action, every class) that
 * allows everything, installed by seccomp(2) and by prctl.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
static long sys(int cmd, union bpf_attr *a, unsigned size) { return syscall(SYS_bpf, cmd, a, size); }
/* the other commands: a program loaded (its license, kernel version,
 * name), pins, a raw tracepoint, BTF, a query, links, batches; sizes of 0,
 * more than a page, and bytes after the struct */
static void more(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	char log[64] = "", big[300];
	union bpf_attr a;
	unsigned ids[4] = { 0 };
	long p;

	memset(&a, 0, sizeof a);
	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insn_cnt = 2;
	a.insns = (long)insns;
	a.license = (long)"GPL";
	/* (no log: the kernel writes it, and log_true_size after the
	 * struct, where strace reads the attribute before the call) */
	a.kern_version = 0x60112;
	strcpy(a.prog_name, "p1");
	p = sys(BPF_PROG_LOAD, &a, sizeof a);
	a.log_level = 99;	/* refused before any log is written */
	a.log_size = sizeof log;
	a.log_buf = (long)log;
	sys(BPF_PROG_LOAD, &a, 48);
	a.prog_flags = BPF_F_SLEEPABLE | 0x100;
	a.prog_type = 77;
	sys(BPF_PROG_LOAD, &a, 72);
	sys(BPF_PROG_LOAD, &a, 0);
	sys(BPF_PROG_LOAD, &a, 5000);
	memset(&a, 0, sizeof a);
	a.pathname = (long)"/sys/fs/bpf/strobe-test/none";
	a.bpf_fd = p;
	sys(BPF_OBJ_PIN, &a, sizeof a);
	a.file_flags = BPF_F_RDONLY;
	sys(BPF_OBJ_GET, &a, 16);
	memset(&a, 0, sizeof a);
	a.raw_tracepoint.name = (long)"sys_enter";
	a.raw_tracepoint.prog_fd = p;
	sys(BPF_RAW_TRACEPOINT_OPEN, &a, sizeof a);
	memset(&a, 0, sizeof a);
	a.btf = (long)"\x9f\xeb\1\0junk";
	a.btf_size = 8;
	sys(BPF_BTF_LOAD, &a, sizeof a);
	memset(&a, 0, sizeof a);
	a.query.target_fd = -1;
	a.query.attach_type = BPF_CGROUP_INET_INGRESS;
	a.query.query_flags = BPF_F_QUERY_EFFECTIVE;
	a.query.prog_ids = (long)ids;
	a.query.prog_cnt = 4;
	sys(BPF_PROG_QUERY, &a, sizeof a);
	memset(&a, 0, sizeof a);
	a.link_create.prog_fd = p;
	a.link_create.target_fd = -1;
	a.link_create.attach_type = BPF_PERF_EVENT;
	a.link_create.perf_event.bpf_cookie = 0x1234;
	sys(BPF_LINK_CREATE, &a, sizeof a);
	a.link_create.attach_type = BPF_CGROUP_INET_EGRESS;
	a.link_create.flags = 0;
	sys(BPF_LINK_CREATE, &a, sizeof a);
	{
		const char *syms[3] = { "foo", NULL, "bar" };
		unsigned long long addrs[3] = { 0, 1, 0xffffffff81000000ull };

		memset(&a, 0, sizeof a);
		a.link_create.prog_fd = p;
		a.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
		a.link_create.kprobe_multi.flags = BPF_F_KPROBE_MULTI_RETURN;
		a.link_create.kprobe_multi.cnt = 3;
		a.link_create.kprobe_multi.syms = (long)syms;
		a.link_create.kprobe_multi.addrs = (long)addrs;
		sys(BPF_LINK_CREATE, &a, sizeof a);
	}
	memset(&a, 0, sizeof a);
	a.link_update.link_fd = -1;
	a.link_update.new_prog_fd = p;
	a.link_update.flags = BPF_F_REPLACE;
	a.link_update.old_prog_fd = 7;
	sys(BPF_LINK_UPDATE, &a, sizeof a);
	memset(&a, 0, sizeof a);
	a.batch.map_fd = -1;
	a.batch.count = 2;
	a.batch.keys = (long)ids;
	sys(BPF_MAP_LOOKUP_BATCH, &a, sizeof a);
	sys(BPF_MAP_DELETE_BATCH, &a, sizeof a);
	memset(&a, 0, sizeof a);
	a.test.prog_fd = p;
	a.test.repeat = 1;
	sys(BPF_PROG_TEST_RUN, &a, sizeof a);
	/* a struct followed by bytes that are not zero */
	memset(big, 0, sizeof big);
	memcpy(big, &a, 4);
	big[200] = 1;
	sys(BPF_MAP_FREEZE, (union bpf_attr *)big, sizeof big);
	close(p);
}

static void classic(void)
{
	struct sock_filter sf[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_LL_OFF + 4),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, SKF_NET_OFF + 8),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_PKTTYPE),
		BPF_STMT(BPF_LDX | BPF_B | BPF_MSH, 14),
		BPF_STMT(BPF_LD | BPF_W | BPF_IND, SKF_AD_OFF),
		BPF_JUMP(BPF_JMP | BPF_K | BPF_JEQ, IPPROTO_UDP, 0, 3),
		BPF_STMT(BPF_ALU | BPF_X | BPF_AND, 0),
		BPF_STMT(BPF_MISC | BPF_TAX, 0),
		BPF_JUMP(BPF_JMP | BPF_X | BPF_JGT, 0, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	struct sock_filter cf[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_K | BPF_JEQ, 0x7fffff, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 5),
		BPF_STMT(BPF_ST, 1),
		BPF_STMT(BPF_LDX | BPF_W | BPF_MEM, 1),
		BPF_STMT(BPF_JMP | BPF_JA, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog p = { sizeof(sf) / 8, sf };
	struct sock_filter back[16];
	socklen_t len = 16;
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &p, sizeof p);
	getsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, back, &len);
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &p, 12);
	/* the last two instructions on the page, then none */
	munmap(page + 4096, 4096);
	memcpy(page + 4096 - 16, sf, 16);
	p.filter = (struct sock_filter *)(page + 4096 - 16);
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &p, sizeof p);
	p.len = 0;
	setsockopt(s, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &p, sizeof p);
	p.len = sizeof(cf) / 8;
	p.filter = cf;
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &p);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p);
	syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, page + 4095);
}

int main(void){
 union bpf_attr a; int k = 1; long v = 2, info[8];
 memset(&a,0,sizeof a); a.map_type=BPF_MAP_TYPE_HASH; a.key_size=4; a.value_size=8; a.max_entries=16; a.map_flags=BPF_F_NO_PREALLOC|BPF_F_RDONLY_PROG; strcpy(a.map_name,"m1");
 long m = sys(BPF_MAP_CREATE, &a, sizeof a);
 sys(BPF_MAP_CREATE, &a, 48);
 a.map_type = 99; a.map_flags = 0x40000000; sys(BPF_MAP_CREATE, &a, 72);
 memset(&a,0,sizeof a); a.map_fd=m; a.key=(long)&k; a.value=(long)&v; a.flags=BPF_NOEXIST; sys(BPF_MAP_UPDATE_ELEM, &a, sizeof a);
 a.flags=BPF_EXIST|BPF_F_LOCK; sys(BPF_MAP_UPDATE_ELEM, &a, 32);
 a.flags=0; sys(BPF_MAP_LOOKUP_ELEM, &a, sizeof a);
 memset(&a,0,sizeof a); a.map_fd=m; a.key=(long)&k; sys(BPF_MAP_DELETE_ELEM, &a, sizeof a);
 a.value=5; sys(BPF_MAP_DELETE_ELEM, &a, sizeof a);
 memset(&a,0,sizeof a); a.map_fd=m; a.next_key=(long)&k; sys(BPF_MAP_GET_NEXT_KEY, &a, sizeof a);
 memset(&a,0,sizeof a); sys(BPF_MAP_GET_NEXT_ID, &a, sizeof a); a.start_id = 0xffffff00; sys(BPF_PROG_GET_NEXT_ID, &a, 12); sys(BPF_BTF_GET_NEXT_ID, &a, 8);
 memset(&a,0,sizeof a); a.map_id=0xfffffff; sys(BPF_MAP_GET_FD_BY_ID, &a, sizeof a); a.open_flags = BPF_F_RDONLY; sys(BPF_MAP_GET_FD_BY_ID, &a, sizeof a);
 memset(&a,0,sizeof a); a.btf_id=0xfffffff; sys(BPF_BTF_GET_FD_BY_ID, &a, sizeof a);
 memset(&a,0,sizeof a); a.link_id=0xfffffff; sys(BPF_LINK_GET_FD_BY_ID, &a, sizeof a);
 memset(&a,0,sizeof a); a.info.bpf_fd=m; a.info.info_len=sizeof info; a.info.info=(long)info; sys(BPF_OBJ_GET_INFO_BY_FD, &a, sizeof a);
 a.info.info_len=16; sys(BPF_OBJ_GET_INFO_BY_FD, &a, sizeof a);
 memset(&a,0,sizeof a); a.map_fd=m; sys(BPF_MAP_FREEZE, &a, sizeof a);
 memset(&a,0,sizeof a); a.target_fd=0; a.attach_bpf_fd=m; a.attach_type=BPF_CGROUP_INET_EGRESS; a.attach_flags=BPF_F_ALLOW_MULTI|BPF_F_REPLACE; sys(BPF_PROG_ATTACH, &a, sizeof a); sys(BPF_PROG_DETACH, &a, sizeof a);

 /* object info longer than the kernel's: it says how much it wrote */
 char big[4096]; memset(big, 0, sizeof big); memset(&a,0,sizeof a); a.info.bpf_fd=m; a.info.info_len=sizeof big; a.info.info=(long)big; sys(BPF_OBJ_GET_INFO_BY_FD, &a, sizeof a);
 /* a NUMA node asked for; an unknown command; no attribute */
 memset(&a,0,sizeof a); a.map_type=BPF_MAP_TYPE_ARRAY; a.key_size=4; a.value_size=4; a.max_entries=1; a.map_flags=BPF_F_NUMA_NODE; sys(BPF_MAP_CREATE, &a, sizeof a);
 sys(99, &a, 8); sys(BPF_MAP_CREATE, NULL, 0);
 for (int t = 30; t < 34; t++) { memset(&a,0,sizeof a); a.map_type = t; sys(BPF_MAP_CREATE, &a, 8); }
 for (int t = 40; t < 46; t++) { memset(&a,0,sizeof a); a.attach_type = t; a.target_fd = -1; sys(BPF_PROG_DETACH, &a, 16); }
 more();
 classic();
 return 0;}
