/*
 * Whole lines for sockets, epoll, System V IPC, signalfd, pidfd, waitid,
 * scheduling and namespaces (default options), and which argument kinds
 * of src/syscalls/argkinds.def the formatter tests cover.
 *
 * How the expected lines were obtained: tests/unit/golden/net_ipc.c run
 * under `strace -o OUT` (strace 6.1, Debian 12); each record holds the
 * values it passed and the results the kernel returned.
 */
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "modes.h"

#define NEG(n) ((uint64_t)(int64_t)(n))
#define P 0x7ffd5a5a1000ull
#define EBADF_ NEG(-9)
#define EINVAL_ NEG(-22)

struct epoll_ev { uint32_t events; uint64_t data; } __attribute__((packed));

/* Netlink messages, as tests/progs/netlink.c sends them (its lines under
 * strace 6.1); the record's aux2 says the fd is a netlink socket of
 * protocol aux2 >> 8 less one (the kernel side looked at entry). */
static const uint8_t nl_getroute[44] = {
	0x2c, 0, 0, 0, 0x1a, 0, 1, 0, 7, 0, 0, 0, 0, 0, 0, 0,
	2, 32, 0, 0, 254, 3, 0, 1, 0, 0, 0, 0,
	8, 0, 1, 0, 127, 0, 0, 1, 8, 0, 4, 0, 1, 0, 0, 0,
};
static const uint8_t nl_capped_ack[44] = {
	0x2c, 0, 0, 0, 2, 0, 0, 1, 7, 0, 0, 0, 0, 0, 0, 0,
	0xf3, 0xff, 0xff, 0xff, 0x28, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	7, 0, 1, 0, 'n', 'o', 0, 0,
};
/* what is readable up to an unmapped page: the header and 2 bytes of 4 */
static const uint8_t nl_page_end[18] = {
	0x14, 0, 0, 0, 0, 0x0a, 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0,
};
/* a packet socket's classic BPF filter (nlattr_packet_diag_msg's, and a
 * conditional jump as seccomp-filter-v prints one) */
static const uint8_t nl_packet_filter[60] = {
	60, 0, 0, 0, 20, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0,
	17, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	28, 0, 7, 0, 0x30, 0, 0, 0, 0x04, 0xf0, 0xff, 0xff,
	0x15, 0, 0, 1, 0x2a, 0, 0, 0, 0x06, 0, 0, 0, 0x2a, 0, 0, 0,
};
/* IFLA_PROTINFO of AF_INET6: IFLA_INET6_* (nlattr_ifla_protinfo's) */
static const uint8_t nl_protinfo6[56] = {
	56, 0, 0, 0, 18, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0,
	10, 0, 0x04, 0x03, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
	24, 0, 12, 0, 8, 0, 1, 0, 0xde, 0xc0, 0xad, 0xde,
	12, 0, 2, 0, 0xde, 0xc0, 0xad, 0xde, 1, 0, 0, 0,
};
/* IFLA_AF_SPEC of AF_BRIDGE: IFLA_BRIDGE_* (nlattr_ifla_af_spec's) */
static const uint8_t nl_af_spec_br[44] = {
	44, 0, 0, 0, 18, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0,
	7, 0, 0x04, 0x03, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
	12, 0, 26, 0, 8, 0, 2, 0, 0x69, 0, 0xce, 0xfa,
};
/* IFLA_PROTINFO of AF_BRIDGE: IFLA_BRPORT_* (nlattr_ifla_brport's) */
static const uint8_t nl_brport[48] = {
	48, 0, 0, 0, 18, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0,
	7, 0, 0x04, 0x03, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
	16, 0, 12, 0, 12, 0, 13, 0, 0xab, 0xcd, 0xab, 0xcd, 0xef, 0xac, 0xbc, 0xcd,
};
/* IFLA_VFINFO_LIST down to a VF's vlan (nlattr_ifla_vfinfo's) */
static const uint8_t nl_vfinfo[64] = {
	64, 0, 0, 0, 18, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0x04, 0x03, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
	32, 0, 22, 0, 28, 0, 1, 0, 24, 0, 12, 0, 20, 0, 1, 0,
	1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xfb, 0xfb, 0, 0,
};

static const struct sc net_ipc[] = {
	{ .want = "socket(AF_INET, SOCK_STREAM|SOCK_CLOEXEC, IPPROTO_TCP) = 3",
	  .nr = SYS_socket, .a = { AF_INET, SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_TCP }, .ret = 3 },
	{ .want = "socket(AF_UNIX, SOCK_DGRAM, 0)          = 4",
	  .nr = SYS_socket, .a = { AF_UNIX, SOCK_DGRAM, 0 }, .ret = 4 },
	{ .want = "accept4(-1, NULL, NULL, SOCK_CLOEXEC|SOCK_NONBLOCK) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_accept4, .a = { NEG(-1), 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC }, .ret = EBADF_ },
	{ .want = "setsockopt(-1, SOL_SOCKET, SO_REUSEADDR, [1], 4) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_setsockopt, .a = { NEG(-1), SOL_SOCKET, SO_REUSEADDR, P, 4 }, .ret = EBADF_,
	  .cap = { CAP_ARR(3, int, { 1 }) } },
	{ .want = "sendto(-1, \"hi\", 2, MSG_DONTWAIT|MSG_NOSIGNAL, NULL, 0) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_sendto, .a = { NEG(-1), P, 2, MSG_DONTWAIT | MSG_NOSIGNAL, 0, 0 }, .ret = EBADF_,
	  .cap = { CAP_STR(1, "hi") } },
	{ .want = "sendto(3, [{nlmsg_len=44, nlmsg_type=RTM_GETROUTE, nlmsg_flags=NLM_F_REQUEST, "
		  "nlmsg_seq=7, nlmsg_pid=0}, {rtm_family=AF_INET, rtm_dst_len=32, rtm_src_len=0, "
		  "rtm_tos=0, rtm_table=RT_TABLE_MAIN, rtm_protocol=RTPROT_BOOT, "
		  "rtm_scope=RT_SCOPE_UNIVERSE, rtm_type=RTN_UNICAST, rtm_flags=0}, "
		  "[[{nla_len=8, nla_type=RTA_DST}, inet_addr(\"127.0.0.1\")], [{nla_len=8, "
		  "nla_type=RTA_OIF}, if_nametoindex(\"lo\")]]], 44, MSG_DONTWAIT, NULL, 0) = 44",
	  .nr = SYS_sendto, .a = { 3, P, 44, MSG_DONTWAIT, 0, 0 }, .ret = 44, .aux2 = 1 << 8,
	  .cap = { CAP_MEM(1, nl_getroute, sizeof(nl_getroute)) } },
	{ .want = "sendto(3, [{nlmsg_len=44, nlmsg_type=NLMSG_ERROR, nlmsg_flags=NLM_F_CAPPED, "
		  "nlmsg_seq=7, nlmsg_pid=0}, [{error=-EACCES, msg={nlmsg_len=40, "
		  "nlmsg_type=NLMSG_NOOP, nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}}, "
		  "[{nla_len=7, nla_type=NLMSGERR_ATTR_MSG}, \"no\"]]], 44, MSG_DONTWAIT, NULL, 0) = 44",
	  .nr = SYS_sendto, .a = { 3, P, 44, MSG_DONTWAIT, 0, 0 }, .ret = 44, .aux2 = 5 << 8,
	  .cap = { CAP_MEM(1, nl_capped_ack, sizeof(nl_capped_ack)) } },
	{ .want = "sendto(3, [{nlmsg_len=20, nlmsg_type=NFNL_SUBSYS_NFTABLES<<8|NFT_MSG_NEWTABLE, "
		  "nlmsg_flags=NLM_F_REQUEST|NLM_F_CREATE, nlmsg_seq=0, nlmsg_pid=0}, 0x7ffd5a5a1010], "
		  "20, MSG_DONTWAIT, NULL, 0) = -1 EFAULT (Bad address)",
	  .nr = SYS_sendto, .a = { 3, P, 20, MSG_DONTWAIT, 0, 0 }, .ret = NEG(-14), .aux2 = 13 << 8,
	  .cap = { CAP_MEM(1, nl_page_end, sizeof(nl_page_end)) } },
	{ .want = "sendto(3, [{nlmsg_len=60, nlmsg_type=SOCK_DIAG_BY_FAMILY, nlmsg_flags=NLM_F_DUMP, "
		  "nlmsg_seq=0, nlmsg_pid=0}, {pdiag_family=AF_PACKET, pdiag_type=SOCK_STREAM, "
		  "pdiag_num=ETH_P_ALL, pdiag_ino=0, pdiag_cookie=[0, 0]}, [{nla_len=28, "
		  "nla_type=PACKET_DIAG_FILTER}, [BPF_STMT(BPF_LD|BPF_B|BPF_ABS, "
		  "SKF_AD_OFF+SKF_AD_PKTTYPE), BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x2a, 0, 0x1), "
		  "BPF_STMT(BPF_RET|BPF_K, 0x2a)]]], 60, MSG_DONTWAIT, NULL, 0) = 60",
	  .nr = SYS_sendto, .a = { 3, P, 60, MSG_DONTWAIT, 0, 0 }, .ret = 60, .aux2 = 5 << 8,
	  .cap = { CAP_MEM(1, nl_packet_filter, sizeof(nl_packet_filter)) } },
	{ .want = "sendto(3, [{nlmsg_len=56, nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP, "
		  "nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_INET6, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, ifi_change=0}, [{nla_len=24, "
		  "nla_type=IFLA_PROTINFO}, [[{nla_len=8, nla_type=IFLA_INET6_FLAGS}, "
		  "IF_RS_SENT|IF_RA_MANAGED|IF_RA_OTHERCONF|IF_READY|0x5eadc00e], [{nla_len=12, "
		  "nla_type=IFLA_INET6_CONF}, [[DEVCONF_FORWARDING]=-559038242, "
		  "[DEVCONF_HOPLIMIT]=1]]]]], 56, MSG_DONTWAIT, NULL, 0) = 56",
	  .nr = SYS_sendto, .a = { 3, P, 56, MSG_DONTWAIT, 0, 0 }, .ret = 56, .aux2 = 1 << 8,
	  .cap = { CAP_MEM(1, nl_protinfo6, sizeof(nl_protinfo6)) } },
	{ .want = "sendto(3, [{nlmsg_len=44, nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP, "
		  "nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_BRIDGE, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, ifi_change=0}, [{nla_len=12, "
		  "nla_type=IFLA_AF_SPEC}, [{nla_len=8, nla_type=IFLA_BRIDGE_VLAN_INFO}, "
		  "{flags=BRIDGE_VLAN_INFO_MASTER|BRIDGE_VLAN_INFO_RANGE_BEGIN|BRIDGE_VLAN_INFO_BRENTRY"
		  "|BRIDGE_VLAN_INFO_ONLY_OPTS, vid=64206}]]], 44, MSG_DONTWAIT, NULL, 0) = 44",
	  .nr = SYS_sendto, .a = { 3, P, 44, MSG_DONTWAIT, 0, 0 }, .ret = 44, .aux2 = 1 << 8,
	  .cap = { CAP_MEM(1, nl_af_spec_br, sizeof(nl_af_spec_br)) } },
	{ .want = "sendto(3, [{nlmsg_len=48, nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP, "
		  "nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_BRIDGE, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, ifi_change=0}, [{nla_len=16, "
		  "nla_type=IFLA_PROTINFO}, [{nla_len=12, nla_type=IFLA_BRPORT_ROOT_ID}, "
		  "{prio=[171, 205], addr=ab:cd:ef:ac:bc:cd}]]], 48, MSG_DONTWAIT, NULL, 0) = 48",
	  .nr = SYS_sendto, .a = { 3, P, 48, MSG_DONTWAIT, 0, 0 }, .ret = 48, .aux2 = 1 << 8,
	  .cap = { CAP_MEM(1, nl_brport, sizeof(nl_brport)) } },
	{ .want = "sendto(3, [{nlmsg_len=64, nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP, "
		  "nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_UNSPEC, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, ifi_change=0}, [{nla_len=32, "
		  "nla_type=IFLA_VFINFO_LIST}, [{nla_len=28, nla_type=IFLA_VF_INFO}, [{nla_len=24, "
		  "nla_type=IFLA_VF_VLAN_LIST}, [{nla_len=20, nla_type=IFLA_VF_VLAN_INFO}, {vf=1, "
		  "vlan=2, qos=3, vlan_proto=htons(ETH_P_AF_IUCV)}]]]]], 64, MSG_DONTWAIT, NULL, 0) = 64",
	  .nr = SYS_sendto, .a = { 3, P, 64, MSG_DONTWAIT, 0, 0 }, .ret = 64, .aux2 = 1 << 8,
	  .cap = { CAP_MEM(1, nl_vfinfo, sizeof(nl_vfinfo)) } },
	{ .want = "epoll_create1(EPOLL_CLOEXEC)            = 5",
	  .nr = SYS_epoll_create1, .a = { EPOLL_CLOEXEC }, .ret = 5 },
	{ .want = "epoll_ctl(-1, EPOLL_CTL_ADD, -1, {events=EPOLLIN|EPOLLET, data={u32=7, u64=7}}) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_epoll_ctl, .a = { NEG(-1), EPOLL_CTL_ADD, NEG(-1), P }, .ret = EBADF_,
	  .cap = { CAP_OBJ(3, struct epoll_ev, { EPOLLIN | EPOLLET, 7 }) } },
	{ .want = "shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_EXCL|0600) = 36",
	  .nr = SYS_shmget, .a = { IPC_PRIVATE, 4096, IPC_CREAT | IPC_EXCL | 0600 }, .ret = 36 },
	{ .want = "semget(0x1234, 2, 000)                  = -1 ENOENT (No such file or directory)",
	  .nr = SYS_semget, .a = { 0x1234, 2, 0 }, .ret = NEG(-2) },
	{ .want = "msgget(IPC_PRIVATE, IPC_CREAT|0644)     = 18",
	  .nr = SYS_msgget, .a = { IPC_PRIVATE, IPC_CREAT | 0644 }, .ret = 18 },
	{ .want = "shmat(-1, NULL, SHM_RDONLY)             = -1 EINVAL (Invalid argument)",
	  .nr = SYS_shmat, .a = { NEG(-1), 0, SHM_RDONLY }, .ret = EINVAL_ },
	{ .want = "shmctl(-1, IPC_RMID, NULL)              = -1 EINVAL (Invalid argument)",
	  .nr = SYS_shmctl, .a = { NEG(-1), IPC_RMID, 0 }, .ret = EINVAL_ },
	{ .want = "msgctl(-1, IPC_STAT, NULL)              = -1 EINVAL (Invalid argument)",
	  .nr = SYS_msgctl, .a = { NEG(-1), IPC_STAT, 0 }, .ret = EINVAL_ },
	{ .want = "semctl(-1, 0, IPC_RMID, NULL)           = -1 EINVAL (Invalid argument)",
	  .nr = SYS_semctl, .a = { NEG(-1), 0, IPC_RMID, 0 }, .ret = EINVAL_ },
	{ .want = "msgrcv(-1, NULL, 16, 0, MSG_NOERROR|IPC_NOWAIT) = -1 EINVAL (Invalid argument)",
	  .nr = SYS_msgrcv, .a = { NEG(-1), 0, 16, 0, IPC_NOWAIT | MSG_NOERROR }, .ret = EINVAL_ },
	{ .want = "signalfd4(-1, [HUP], 8, SFD_CLOEXEC|SFD_NONBLOCK) = 6",
	  .nr = SYS_signalfd4, .a = { NEG(-1), P, 8, SFD_NONBLOCK | SFD_CLOEXEC }, .ret = 6,
	  .cap = { CAP_ARR(1, uint64_t, { 1ull << (SIGHUP - 1) }) } },
	{ .want = "pidfd_open(1, 0)                        = 7",
	  .nr = SYS_pidfd_open, .a = { 1, 0 }, .ret = 7 },
	{ .want = "waitid(P_PID, 99999, NULL, WNOHANG|WEXITED, NULL) = -1 ECHILD (No child processes)",
	  .nr = SYS_waitid, .a = { P_PID, 99999, 0, WEXITED | WNOHANG, 0 }, .ret = NEG(-10) },
	{ .want = "sched_setscheduler(99999, SCHED_FIFO, NULL) = -1 EINVAL (Invalid argument)",
	  .nr = SYS_sched_setscheduler, .a = { 99999, SCHED_FIFO, 0 }, .ret = EINVAL_ },
	{ .want = "unshare(CLONE_NEWNS|CLONE_NEWUTS)       = 0",
	  .nr = SYS_unshare, .a = { CLONE_NEWUTS | CLONE_NEWNS } },
	{ .want = "setns(-1, CLONE_NEWNET)                 = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_setns, .a = { NEG(-1), CLONE_NEWNET }, .ret = EBADF_ },
};

/*
 * System V IPC's flags, commands and structs under -X: the lines strace
 * 6.1 printed for tests/unit/golden/ipc_x.c (strace -e trace=%ipc
 * [-X raw|-X verbose]).  x86-64 layouts: struct ipc64_perm (48 bytes),
 * semid64_ds, seminfo, msginfo, shm_info.
 */
struct perm64 { uint32_t key, uid, gid, cuid, cgid, mode; uint16_t seq, pad; uint32_t pad2;
		uint64_t unused[2]; };
struct semid64 { struct perm64 perm; int64_t otime; uint64_t u1; int64_t ctime; uint64_t u2;
		 uint64_t nsems, u3, u4; };
struct msginfo_ { int32_t v[7]; uint16_t msgseg, pad; };
struct shm_info_ { int32_t used_ids, pad; uint64_t v[5]; };

#define SEMID 688170
#define SEM_DS CAP_OBJ(3, struct semid64, { .perm = { .mode = 0600 }, .ctime = 1795823089, \
					    .nsems = 1 })

static const struct row ipc_rows[] = {
	{ { .nr = SYS_msgget, .a = { 0xfdb9f531, 0xface1c55 }, .ret = NEG(-2) },
	  .def = "msgget(0xfdb9f531, IPC_EXCL|IPC_NOWAIT|0xface1000|0125) = -1 ENOENT (No such file or directory)",
	  .raw = "msgget(0xfdb9f531, 0xface1c00|0125)     = -1 ENOENT (No such file or directory)",
	  .verb = "msgget(0xfdb9f531, 0xface1c00 /* IPC_EXCL|IPC_NOWAIT|0xface1000 */|0125) = -1 ENOENT (No such file or directory)" },
	{ { .nr = SYS_shmget, .a = { 0x1234, 4096, 0x56ce0d80 }, .ret = NEG(-2) },
	  .def = "shmget(0x1234, 4096, IPC_EXCL|SHM_HUGETLB|0x2ce0000|21<<SHM_HUGE_SHIFT|0600) = -1 ENOENT (No such file or directory)",
	  .raw = "shmget(0x1234, 4096, 0x2ce0c00|21<<26|0600) = -1 ENOENT (No such file or directory)",
	  .verb = "shmget(0x1234, 4096, 0x2ce0c00 /* IPC_EXCL|SHM_HUGETLB|0x2ce0000 */|21<<26 /* SHM_HUGE_SHIFT */|0600) = -1 ENOENT (No such file or directory)" },
	{ { .nr = SYS_shmget, .a = { 0x1234, 4096, 21 << 26 }, .ret = NEG(-2) },
	  .def = "shmget(0x1234, 4096, 21<<SHM_HUGE_SHIFT|000) = -1 ENOENT (No such file or directory)",
	  .raw = "shmget(0x1234, 4096, 21<<26|000)        = -1 ENOENT (No such file or directory)",
	  .verb = "shmget(0x1234, 4096, 21<<26 /* SHM_HUGE_SHIFT */|000) = -1 ENOENT (No such file or directory)" },
	{ { .nr = SYS_semget, .a = { 0, 1, 01000 | 0600 }, .ret = SEMID },
	  .def = "semget(IPC_PRIVATE, 1, IPC_CREAT|0600)  = 688170",
	  .raw = "semget(0, 1, 0x200|0600)                = 688170",
	  .verb = "semget(0 /* IPC_PRIVATE */, 1, 0x200 /* IPC_CREAT */|0600) = 688170" },
	{ { .nr = SYS_semctl, .a = { SEMID, 0, 2, P }, .cap = { SEM_DS } },
	  .def = "semctl(688170, 0, IPC_STAT, {sem_perm={uid=0, gid=0, mode=0600, key=0, cuid=0, cgid=0}, sem_otime=0, sem_ctime=1795823089, sem_nsems=1}) = 0",
	  .raw = "semctl(688170, 0, 0x2, {sem_perm={uid=0, gid=0, mode=0600, key=0, cuid=0, cgid=0}, sem_otime=0, sem_ctime=1795823089, sem_nsems=1}) = 0",
	  .verb = "semctl(688170, 0, 0x2 /* IPC_STAT */, {sem_perm={uid=0, gid=0, mode=0600, key=0, cuid=0, cgid=0}, sem_otime=0, sem_ctime=1795823089, sem_nsems=1}) = 0" },
	{ { .nr = SYS_semctl, .a = { SEMID, 0, 1, P }, .cap = { SEM_DS } },
	  .def = "semctl(688170, 0, IPC_SET, {sem_perm={uid=0, gid=0, mode=0600}}) = 0",
	  .raw = "semctl(688170, 0, 0x1, {sem_perm={uid=0, gid=0, mode=0600}}) = 0",
	  .verb = "semctl(688170, 0, 0x1 /* IPC_SET */, {sem_perm={uid=0, gid=0, mode=0600}}) = 0" },
	{ { .nr = SYS_semctl, .a = { SEMID, 0, 3, P }, .ret = 42,
	    .cap = { CAP_ARR(3, int32_t, { 1024000000, 32000, 1024000000, 1024000000, 32000, 500,
					   500, 20, 32767, 32767 }) } },
	  .def = "semctl(688170, 0, IPC_INFO, {semmap=1024000000, semmni=32000, semmns=1024000000, semmnu=1024000000, semmsl=32000, semopm=500, semume=500, semusz=20, semvmx=32767, semaem=32767}) = 42",
	  .raw = "semctl(688170, 0, 0x3, {semmap=1024000000, semmni=32000, semmns=1024000000, semmnu=1024000000, semmsl=32000, semopm=500, semume=500, semusz=20, semvmx=32767, semaem=32767}) = 42",
	  .verb = "semctl(688170, 0, 0x3 /* IPC_INFO */, {semmap=1024000000, semmni=32000, semmns=1024000000, semmnu=1024000000, semmsl=32000, semopm=500, semume=500, semusz=20, semvmx=32767, semaem=32767}) = 42" },
	{ { .nr = SYS_msgctl, .a = { 884796, 12, P }, .ret = 60,
	    .cap = { CAP_OBJ(2, struct msginfo_, { .v = { 1, 0, 8192, 16384, 32000, 16, 0 }, .msgseg = 65535 }) } },
	  .def = "msgctl(884796, MSG_INFO, {msgpool=1, msgmap=0, msgmax=8192, msgmnb=16384, msgmni=32000, msgssz=16, msgtql=0, msgseg=65535}) = 60",
	  .raw = "msgctl(884796, 0xc, {msgpool=1, msgmap=0, msgmax=8192, msgmnb=16384, msgmni=32000, msgssz=16, msgtql=0, msgseg=65535}) = 60",
	  .verb = "msgctl(884796, 0xc /* MSG_INFO */, {msgpool=1, msgmap=0, msgmax=8192, msgmnb=16384, msgmni=32000, msgssz=16, msgtql=0, msgseg=65535}) = 60" },
	{ { .nr = SYS_shmctl, .a = { 655382, 14, P }, .ret = 63,
	    .cap = { CAP_OBJ(2, struct shm_info_, { .used_ids = 32, .v = { 3918719254129709ull } }) } },
	  .def = "shmctl(655382, SHM_INFO, {used_ids=32, shm_tot=3918719254129709, shm_rss=0, shm_swp=0, swap_attempts=0, swap_successes=0}) = 63",
	  .raw = "shmctl(655382, 0xe, {used_ids=32, shm_tot=3918719254129709, shm_rss=0, shm_swp=0, swap_attempts=0, swap_successes=0}) = 63",
	  .verb = "shmctl(655382, 0xe /* SHM_INFO */, {used_ids=32, shm_tot=3918719254129709, shm_rss=0, shm_swp=0, swap_attempts=0, swap_successes=0}) = 63" },
	{ { .nr = SYS_semctl, .a = { SEMID, 0, 0x100, 0 }, .ret = EINVAL_ },
	  .def = "semctl(688170, 0, IPC_64|IPC_RMID, NULL) = -1 EINVAL (Invalid argument)",
	  .raw = "semctl(688170, 0, 0x100|0, NULL)        = -1 EINVAL (Invalid argument)",
	  .verb = "semctl(688170, 0, 0x100 /* IPC_64 */|0 /* IPC_RMID */, NULL) = -1 EINVAL (Invalid argument)" },
};

int main(void)
{
	struct fmt_opts o = { .strsize = 32 };

	RUN_TABLE(net_ipc, &o);
	RUN_ROWS(ipc_rows);
	return CHECK_BUG_REPORT();
}
