// SPDX-License-Identifier: GPL-2.0
/*
 * bpf(2) commands whose attribute strace decodes without following a
 * pointer: a hash map made (and one asked for on a NUMA node), its
 * elements updated, looked up, deleted and walked, ids walked and opened,
 * object info read (also into a buffer longer than the kernel's), a map
 * frozen, cgroup attach and detach refused on a bad target; sizes that
 * cut the attribute short, unknown types, an unknown command.
 */
#include <linux/bpf.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
static long sys(int cmd, union bpf_attr *a, unsigned size) { return syscall(SYS_bpf, cmd, a, size); }
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
 return 0;}
