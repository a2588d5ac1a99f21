/*
 * Whole lines for processes, signals, memory and time: every argument
 * kind of those calls under each decoding option; then traces of several
 * processes (fork, execve's two halves, exits, signals, "[pid N]" and the
 * -o pid column), calls in flight (<unfinished ...>, <... resumed>),
 * lost-event marks, and timestamps (-t, -tt, -ttt, -r, -T).
 *
 * How the expected lines were obtained: tests/unit/golden/procs.c and
 * unfinished.c run under strace 6.1 on Debian 12 (`strace -f [-v|-X raw|
 * -X verbose] -o OUT`, `strace -f` to stderr for the "[pid N]" form,
 * `strace -t|-tt|-ttt -T|-r|-t -r`); each record holds the values that
 * program passed or the kernel returned, and the line strace printed for
 * them.  Where strace split a call in two because another process printed
 * in between, the two halves are joined as tests/fidelity.py joins them:
 * strobe prints a call when it completes (docs/design.md, "Output").
 * Addresses that differ from run to run are the record's.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>

#include "modes.h"

#define NEG(n) ((uint64_t)(int64_t)(n))
#define BAD 0x1000ull
#define P 0x7ffc24d70a00ull	/* some stack address */
#define EBADF_ NEG(-9)
#define ENOMEM_ NEG(-12)
#define EFAULT_ NEG(-14)
#define ENOENT_ NEG(-2)
#define SIGBIT(s) (1ull << ((s) - 1))
#define HANDLER 0x55d14ad1f189ull
#define RESTORER 0x7f0000001000ull

struct ksigaction { uint64_t handler, flags, restorer, mask; };
struct rlim64 { uint64_t cur, max; };

static const uint8_t zeros144[144];

static const struct row procs[] = {
	{ .c = { .nr = SYS_rt_sigaction, .a = { SIGUSR1, P, 0, 8 },
		 .cap = { CAP_OBJ(1, struct ksigaction, { HANDLER, 0x14000000, RESTORER, SIGBIT(SIGUSR2) }) } },
	  .def = "rt_sigaction(SIGUSR1, {sa_handler=0x55d14ad1f189, sa_mask=[USR2], sa_flags=SA_RESTORER|SA_RESTART, sa_restorer=0x7f0000001000}, NULL, 8) = 0",
	  .raw = "rt_sigaction(10, {sa_handler=0x55d14ad1f189, sa_mask=[12], sa_flags=0x14000000, sa_restorer=0x7f0000001000}, NULL, 8) = 0",
	  .verb = "rt_sigaction(10 /* SIGUSR1 */, {sa_handler=0x55d14ad1f189, sa_mask=[12 /* USR2 */], sa_flags=0x14000000 /* SA_RESTORER|SA_RESTART */, sa_restorer=0x7f0000001000}, NULL, 8) = 0" },
	{ .c = { .nr = SYS_rt_sigaction, .a = { SIGUSR1, 0, P, 8 },
		 .cap = { CAP_OBJ(2, struct ksigaction, { HANDLER, 0x14000000, RESTORER, SIGBIT(SIGUSR2) }) } },
	  .def = "rt_sigaction(SIGUSR1, NULL, {sa_handler=0x55d14ad1f189, sa_mask=[USR2], sa_flags=SA_RESTORER|SA_RESTART, sa_restorer=0x7f0000001000}, 8) = 0",
	  .raw = "rt_sigaction(10, NULL, {sa_handler=0x55d14ad1f189, sa_mask=[12], sa_flags=0x14000000, sa_restorer=0x7f0000001000}, 8) = 0",
	  .verb = "rt_sigaction(10 /* SIGUSR1 */, NULL, {sa_handler=0x55d14ad1f189, sa_mask=[12 /* USR2 */], sa_flags=0x14000000 /* SA_RESTORER|SA_RESTART */, sa_restorer=0x7f0000001000}, 8) = 0" },
	{ .c = { .nr = SYS_rt_sigprocmask, .a = { SIG_BLOCK, P, P + 8, 8 },
		 .cap = { CAP_ARR(1, uint64_t, { SIGBIT(SIGINT) | SIGBIT(SIGTERM) }), CAP_ARR(2, uint64_t, { 0 }) } },
	  .def = "rt_sigprocmask(SIG_BLOCK, [INT TERM], [], 8) = 0",
	  .raw = "rt_sigprocmask(0, [2 15], [], 8)        = 0",
	  .verb = "rt_sigprocmask(0 /* SIG_BLOCK */, [2 /* INT */ 15 /* TERM */], [], 8) = 0" },
	{ .c = { .nr = SYS_rt_sigprocmask, .a = { SIG_SETMASK, P, 0, 8 }, .cap = { CAP_ARR(1, uint64_t, { 0 }) } },
	  .def = "rt_sigprocmask(SIG_SETMASK, [], NULL, 8) = 0",
	  .raw = "rt_sigprocmask(0x2, [], NULL, 8)        = 0",
	  .verb = "rt_sigprocmask(0x2 /* SIG_SETMASK */, [], NULL, 8) = 0" },
	{ .c = { .nr = SYS_kill, .a = { 311, SIGUSR1 } },
	  .def = "kill(311, SIGUSR1)                      = 0",
	  .raw = "kill(311, 10)                           = 0",
	  .verb = "kill(311, 10 /* SIGUSR1 */)             = 0" },
	{ .c = { .nr = SYS_rt_sigreturn, .a = { P }, .cap = { CAP_ARR(0, uint64_t, { 0 }) } },
	  .def = "rt_sigreturn({mask=[]})                 = 0" },
	{ .c = { .nr = SYS_tgkill, .a = { 311, 311, 0 } },
	  .def = "tgkill(311, 311, 0)                     = 0" },
	{ .c = { .nr = SYS_prlimit64, .a = { 0, RLIMIT_NOFILE, 0, P },
		 .cap = { CAP_OBJ(3, struct rlim64, { 20000, 20000 }) } },
	  .def = "prlimit64(0, RLIMIT_NOFILE, NULL, {rlim_cur=20000, rlim_max=20000}) = 0",
	  .raw = "prlimit64(0, 0x7, NULL, {rlim_cur=20000, rlim_max=20000}) = 0",
	  .verb = "prlimit64(0, 0x7 /* RLIMIT_NOFILE */, NULL, {rlim_cur=20000, rlim_max=20000}) = 0" },
	{ .c = { .nr = SYS_prlimit64, .a = { 0, RLIMIT_CORE, P, 0 },
		 .cap = { CAP_OBJ(2, struct rlim64, { 1024, 4096 }) } },
	  .def = "prlimit64(0, RLIMIT_CORE, {rlim_cur=1024, rlim_max=4*1024}, NULL) = 0",
	  .raw = "prlimit64(0, 0x4, {rlim_cur=1024, rlim_max=4096}, NULL) = 0",
	  .verb = "prlimit64(0, 0x4 /* RLIMIT_CORE */, {rlim_cur=1024, rlim_max=4096 /* 4*1024 */}, NULL) = 0" },
	{ .c = { .nr = SYS_prlimit64, .a = { 0, RLIMIT_STACK, 0, P },
		 .cap = { CAP_OBJ(3, struct rlim64, { 8192 * 1024, ~0ull }) } },
	  .def = "prlimit64(0, RLIMIT_STACK, NULL, {rlim_cur=8192*1024, rlim_max=RLIM64_INFINITY}) = 0",
	  .raw = "prlimit64(0, 0x3, NULL, {rlim_cur=8388608, rlim_max=18446744073709551615}) = 0",
	  .verb = "prlimit64(0, 0x3 /* RLIMIT_STACK */, NULL, {rlim_cur=8388608 /* 8192*1024 */, rlim_max=18446744073709551615 /* RLIM64_INFINITY */}) = 0" },
	{ .c = { .nr = SYS_getpriority, .a = { PRIO_PROCESS, 0 }, .ret = 20 },
	  .def = "getpriority(PRIO_PROCESS, 0)            = 20",
	  .raw = "getpriority(0, 0)                       = 20",
	  .verb = "getpriority(0 /* PRIO_PROCESS */, 0)    = 20" },
	{ .c = { .nr = SYS_sched_getscheduler, .a = { 0 } },
	  .def = "sched_getscheduler(0)                   = 0 (SCHED_OTHER)" },
	{ .c = { .nr = SYS_personality, .a = { 0xffffffff } },
	  .def = "personality(0xffffffff)                 = 0 (PER_LINUX)",
	  .raw = "personality(0xffffffff)                 = 0 (0)",
	  .verb = "personality(0xffffffff)                 = 0 (0 /* PER_LINUX */)" },
	/* strace 6.1's tests/personality.c: the domain is the low byte */
	{ .c = { .nr = SYS_personality, .a = { 0x7010006 }, .ret = 0x1f },
	  .def = "personality(PER_BSD|SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS|0x10000) = 0x1f (0x1f /* PER_??? */)",
	  .raw = "personality(0x6|0x7010000)              = 0x1f (0x1f)",
	  .verb = "personality(0x6 /* PER_BSD */|0x7010000 /* SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS|0x10000 */) = 0x1f (0x1f /* PER_??? */)" },
	{ .c = { .nr = SYS_personality, .a = { 0x4000000 }, .ret = 0x7010006 },
	  .def = "personality(PER_LINUX|STICKY_TIMEOUTS)  = 0x7010006 (PER_BSD|SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS|0x10000)",
	  .raw = "personality(0|0x4000000)                = 0x7010006 (0x6|0x7010000)",
	  .verb = "personality(0 /* PER_LINUX */|0x4000000 /* STICKY_TIMEOUTS */) = 0x7010006 (0x6 /* PER_BSD */|0x7010000 /* SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS|0x10000 */)" },
	/* strace 6.1's tests/caps.c: version 1 has one set of 32 bits (12
	 * bytes); an unreadable header leaves the sets as their address */
	{ .c = { .nr = SYS_capset, .a = { P, P + 16 }, .ret = NEG(-1),
		 .cap = { CAP_ARR(0, uint32_t, { 0x19980330, 0 }), CAP_ARR(1, uint32_t, { 2, 4, 0 }) } },
	  .def = "capset({version=_LINUX_CAPABILITY_VERSION_1, pid=0}, {effective=1<<CAP_DAC_OVERRIDE, permitted=1<<CAP_DAC_READ_SEARCH, inheritable=0}) = -1 EPERM (Operation not permitted)",
	  .raw = "capset({version=0x19980330, pid=0}, {effective=0x2, permitted=0x4, inheritable=0}) = -1 EPERM (Operation not permitted)",
	  .verb = "capset({version=0x19980330 /* _LINUX_CAPABILITY_VERSION_1 */, pid=0}, {effective=0x2 /* 1<<CAP_DAC_OVERRIDE */, permitted=0x4 /* 1<<CAP_DAC_READ_SEARCH */, inheritable=0}) = -1 EPERM (Operation not permitted)" },
	{ .c = { .nr = SYS_capset, .a = { BAD, P + 16 }, .ret = EFAULT_,
		 .cap = { CAP_BAD(0), CAP_ARR(1, uint32_t, { 2, 4, 0, 0, 0, 0 }) } },
	  .def = "capset(0x1000, 0x7ffc24d70a10)          = -1 EFAULT (Bad address)" },
	/* strace 6.1's tests/kexec_load.c and kexec_file_load.c (and strace
	 * -X raw|verbose on them): the architecture apart from the flags */
	{ .c = { .nr = SYS_kexec_load, .a = { 0, 0, 0, 0xbadc0dedda7a1054ull }, .ret = NEG(-38) },
	  .def = "kexec_load(NULL, 0, NULL, 0xda7a0000 /* KEXEC_ARCH_??? */|0xbadc0ded00001054 /* KEXEC_??? */) = -1 ENOSYS (Function not implemented)",
	  .raw = "kexec_load(NULL, 0, NULL, 0xda7a0000|0xbadc0ded00001054) = -1 ENOSYS (Function not implemented)",
	  .verb = "kexec_load(NULL, 0, NULL, 0xda7a0000 /* KEXEC_ARCH_??? */|0xbadc0ded00001054 /* KEXEC_??? */) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_kexec_load, .a = { 0xdeadca57badda7a1ull, 2, P, 0x2a0003 }, .ret = NEG(-38),
		 .cap = { CAP_ARR(2, uint64_t, { 0, 16, 0, 4096, BAD, 1, P, 2 }) } },
	  .def = "kexec_load(0xdeadca57badda7a1, 2, [{buf=NULL, bufsz=16, mem=NULL, memsz=4096}, {buf=0x1000, bufsz=1, mem=0x7ffc24d70a00, memsz=2}], KEXEC_ARCH_SH|KEXEC_ON_CRASH|KEXEC_PRESERVE_CONTEXT) = -1 ENOSYS (Function not implemented)",
	  .raw = "kexec_load(0xdeadca57badda7a1, 2, [{buf=NULL, bufsz=16, mem=NULL, memsz=4096}, {buf=0x1000, bufsz=1, mem=0x7ffc24d70a00, memsz=2}], 0x2a0000|0x3) = -1 ENOSYS (Function not implemented)",
	  .verb = "kexec_load(0xdeadca57badda7a1, 2, [{buf=NULL, bufsz=16, mem=NULL, memsz=4096}, {buf=0x1000, bufsz=1, mem=0x7ffc24d70a00, memsz=2}], 0x2a0000 /* KEXEC_ARCH_SH */|0x3 /* KEXEC_ON_CRASH|KEXEC_PRESERVE_CONTEXT */) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_kexec_load, .a = { 0xdeadca57badda7a1ull, 17, P, 0 }, .ret = NEG(-38) },
	  .def = "kexec_load(0xdeadca57badda7a1, 17, 0x7ffc24d70a00, KEXEC_ARCH_DEFAULT) = -1 ENOSYS (Function not implemented)",
	  .raw = "kexec_load(0xdeadca57badda7a1, 17, 0x7ffc24d70a00, 0) = -1 ENOSYS (Function not implemented)",
	  .verb = "kexec_load(0xdeadca57badda7a1, 17, 0x7ffc24d70a00, 0 /* KEXEC_ARCH_DEFAULT */) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_kexec_file_load, .a = { 3, 4, 7, P, 0xdeadbeef }, .ret = NEG(-38),
		 .cap = { CAP_MEM(3, "abcdef", 7) } },
	  .def = "kexec_file_load(3, 4, 7, \"abcdef\\0\", KEXEC_FILE_UNLOAD|KEXEC_FILE_ON_CRASH|KEXEC_FILE_NO_INITRAMFS|0xdeadbee8) = -1 ENOSYS (Function not implemented)",
	  .raw = "kexec_file_load(3, 4, 7, \"abcdef\\0\", 0xdeadbeef) = -1 ENOSYS (Function not implemented)",
	  .verb = "kexec_file_load(3, 4, 7, \"abcdef\\0\", 0xdeadbeef /* KEXEC_FILE_UNLOAD|KEXEC_FILE_ON_CRASH|KEXEC_FILE_NO_INITRAMFS|0xdeadbee8 */) = -1 ENOSYS (Function not implemented)",
	  .x = "kexec_file_load(3, 4, 7, \"\\x61\\x62\\x63\\x64\\x65\\x66\\x00\", KEXEC_FILE_UNLOAD|KEXEC_FILE_ON_CRASH|KEXEC_FILE_NO_INITRAMFS|0xdeadbee8) = -1 ENOSYS (Function not implemented)",
	  .xx = "kexec_file_load(3, 4, 7, \"\\x61\\x62\\x63\\x64\\x65\\x66\\x00\", KEXEC_FILE_UNLOAD|KEXEC_FILE_ON_CRASH|KEXEC_FILE_NO_INITRAMFS|0xdeadbee8) = -1 ENOSYS (Function not implemented)" },
	/* strace 6.1's tests/mq_sendrecv.c: mq_open's mode and attributes
	 * only with O_CREAT, its mq_flags in hex; mq_getsetattr's by name */
	{ .c = { .nr = SYS_mq_open, .a = { 0, 0, 0xfacefeedfacefeedull, BAD }, .ret = EFAULT_ },
	  .def = "mq_open(NULL, O_RDONLY)                 = -1 EFAULT (Bad address)",
	  .raw = "mq_open(NULL, 0)                        = -1 EFAULT (Bad address)",
	  .verb = "mq_open(NULL, 0 /* O_RDONLY */)         = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_mq_open, .a = { BAD, 04100, 0700, P }, .ret = 3,
		 .cap = { CAP_STR(0, "/q"), CAP_ARR(3, int64_t, { 0x800, 2, 64, 0, 0, 0, 0, 0 }) } },
	  .def = "mq_open(\"/q\", O_RDONLY|O_CREAT|O_NONBLOCK, 0700, {mq_flags=0x800, mq_maxmsg=2, mq_msgsize=64, mq_curmsgs=0}) = 3",
	  .raw = "mq_open(\"/q\", 0x840, 0700, {mq_flags=0x800, mq_maxmsg=2, mq_msgsize=64, mq_curmsgs=0}) = 3",
	  .verb = "mq_open(\"/q\", 0x840 /* O_RDONLY|O_CREAT|O_NONBLOCK */, 0700, {mq_flags=0x800, mq_maxmsg=2, mq_msgsize=64, mq_curmsgs=0}) = 3",
	  .xx = "mq_open(\"\\x2f\\x71\", O_RDONLY|O_CREAT|O_NONBLOCK, 0700, {mq_flags=0x800, mq_maxmsg=2, mq_msgsize=64, mq_curmsgs=0}) = 3" },
	{ .c = { .nr = SYS_mq_getsetattr, .a = { 3, 0, P },
		 .cap = { CAP_ARR(2, int64_t, { 0x800, 2, 64, 1, 0, 0, 0, 0 }) } },
	  .def = "mq_getsetattr(3, NULL, {mq_flags=O_NONBLOCK, mq_maxmsg=2, mq_msgsize=64, mq_curmsgs=1}) = 0" },
	/* strace 6.1's tests/sysctl.c, xet_thread_area_x86.c, modify_ldt.c:
	 * one argument each, struct user_desc, modify_ldt's unsigned error */
	{ .c = { .nr = SYS__sysctl, .a = { P }, .ret = NEG(-38),
		 .cap = { CAP_ARR(0, uint64_t, { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }) } },
	  .def = "_sysctl({name=NULL, nlen=0, oldval=NULL, oldlenp=NULL, newval=NULL, newlen=0}) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_set_thread_area, .a = { P }, .ret = NEG(-38),
		 .cap = { CAP_ARR(0, uint32_t, { 0xffffffff, 0, 0, 0x53 }) } },
	  .def = "set_thread_area({entry_number=-1, base_addr=00000000, limit=00000000, seg_32bit=1, contents=1, read_exec_only=0, limit_in_pages=1, seg_not_present=0, useable=1, lm=0}) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_get_thread_area, .a = { P }, .ret = NEG(-38),
		 .cap = { CAP_ARR(0, uint32_t, { 12 }) } },
	  .def = "get_thread_area({entry_number=12, ...}) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_modify_ldt, .a = { 0xda7a1057, P, 16 }, .ret = 0xffffffda,
		 .cap = { CAP_ARR(1, uint32_t, { 0x83828180, 0x87868584, 0x8b8a8988, 0x8f8e8d8c }) } },
	  .def = "modify_ldt(-629534633, {entry_number=2206368128, base_addr=0x87868584, limit=0x8b8a8988, seg_32bit=0, contents=2, read_exec_only=1, limit_in_pages=0, seg_not_present=0, useable=0, lm=1}, 16) = 4294967258 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_modify_ldt, .a = { 0xda7a1057, P, 42 }, .ret = 0xffffffda,
		 .cap = { CAP_ARR(1, uint32_t, { 0x83828180, 0x87868584, 0x8b8a8988, 0x8f8e8d8c }) } },
	  .def = "modify_ldt(-629534633, 0x7ffc24d70a00, 42) = 4294967258 ENOSYS (Function not implemented)" },
	/* strace 6.1's tests/ptrace.c, ptrace_syscall_info.c: the requests
	 * whose address is a size, a signal set of that size, a siginfo */
	{ .c = { .nr = SYS_ptrace, .a = { 0x420b, 311, 8, P }, .ret = NEG(-3),
		 .cap = { CAP_ARR(3, uint64_t, { SIGBIT(SIGUSR1) }) } },
	  .def = "ptrace(PTRACE_SETSIGMASK, 311, 8, [USR1]) = -1 ESRCH (No such process)",
	  .raw = "ptrace(0x420b, 311, 8, [10])            = -1 ESRCH (No such process)",
	  .verb = "ptrace(0x420b /* PTRACE_SETSIGMASK */, 311, 8, [10 /* USR1 */]) = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_ptrace, .a = { 0x420a, 311, 8, P }, .ret = NEG(-3),
		 .cap = { CAP_ARR(3, uint64_t, { SIGBIT(SIGUSR1) }) } },
	  .def = "ptrace(PTRACE_GETSIGMASK, 311, 8, 0x7ffc24d70a00) = -1 ESRCH (No such process)",
	  .raw = "ptrace(0x420a, 311, 8, 0x7ffc24d70a00)  = -1 ESRCH (No such process)",
	  .verb = "ptrace(0x420a /* PTRACE_GETSIGMASK */, 311, 8, 0x7ffc24d70a00) = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_ptrace, .a = { 0x420e, 311, 0, 0 }, .ret = NEG(-3) },
	  .def = "ptrace(PTRACE_GET_SYSCALL_INFO, 311, 0, NULL) = -1 ESRCH (No such process)",
	  .raw = "ptrace(0x420e, 311, 0, NULL)            = -1 ESRCH (No such process)",
	  .verb = "ptrace(0x420e /* PTRACE_GET_SYSCALL_INFO */, 311, 0, NULL) = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_ptrace, .a = { 0x420d, 311, 16, P }, .ret = NEG(-3),
		 .cap = { CAP_ARR(3, uint64_t, { 42, 0 }) } },
	  .def = "ptrace(PTRACE_SECCOMP_GET_METADATA, 311, 16, {filter_off=42}) = -1 ESRCH (No such process)",
	  .raw = "ptrace(0x420d, 311, 16, {filter_off=42}) = -1 ESRCH (No such process)",
	  .verb = "ptrace(0x420d /* PTRACE_SECCOMP_GET_METADATA */, 311, 16, {filter_off=42}) = -1 ESRCH (No such process)" },
	/* strace 6.1's tests/keyctl.c: each command's arguments, no more */
	{ .c = { .nr = SYS_keyctl, .a = { 2, 0xfffffff8, 0, 0, 0xdeadfee4badc0de8ull }, .ret = NEG(-126) },
	  .def = "keyctl(KEYCTL_UPDATE, KEY_SPEC_REQUESTOR_KEYRING, NULL, 0) = -1 ENOKEY (Required key not available)",
	  .raw = "keyctl(0x2, -8, NULL, 0)                = -1 ENOKEY (Required key not available)",
	  .verb = "keyctl(0x2 /* KEYCTL_UPDATE */, -8 /* KEY_SPEC_REQUESTOR_KEYRING */, NULL, 0) = -1 ENOKEY (Required key not available)" },
	{ .c = { .nr = SYS_keyctl, .a = { 10, 0xdec0ded1dec0ded2ull, P, P + 16, 0x1eefdead }, .ret = NEG(-22),
		 .cap = { CAP_MEM(2, "shrt type", 10), CAP_MEM(3, "shrt desc", 10) } },
	  .def = "keyctl(KEYCTL_SEARCH, -557785390, \"shrt type\", \"shrt desc\", 519036589) = -1 EINVAL (Invalid argument)",
	  .raw = "keyctl(0xa, -557785390, \"shrt type\", \"shrt desc\", 519036589) = -1 EINVAL (Invalid argument)",
	  .verb = "keyctl(0xa /* KEYCTL_SEARCH */, -557785390, \"shrt type\", \"shrt desc\", 519036589) = -1 EINVAL (Invalid argument)",
	  .xx = "keyctl(KEYCTL_SEARCH, -557785390, \"\\x73\\x68\\x72\\x74\\x20\\x74\\x79\\x70\\x65\", \"\\x73\\x68\\x72\\x74\\x20\\x64\\x65\\x73\\x63\", 519036589) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_keyctl, .a = { 6, 0xffffffff, P, 256 }, .ret = 26,
		 .cap = { CAP_MEM(2, "keyring;0;0;3f010000;_tid", 26) } },
	  .def = "keyctl(KEYCTL_DESCRIBE, KEY_SPEC_THREAD_KEYRING, \"keyring;0;0;3f010000;_tid\", 256) = 26",
	  .raw = "keyctl(0x6, -1, \"keyring;0;0;3f010000;_tid\", 256) = 26",
	  .verb = "keyctl(0x6 /* KEYCTL_DESCRIBE */, -1 /* KEY_SPEC_THREAD_KEYRING */, \"keyring;0;0;3f010000;_tid\", 256) = 26",
	  .xx = "keyctl(KEYCTL_DESCRIBE, KEY_SPEC_THREAD_KEYRING, \"\\x6b\\x65\\x79\\x72\\x69\\x6e\\x67\\x3b\\x30\\x3b\\x30\\x3b\\x33\\x66\\x30\\x31\\x30\\x30\\x30\\x30\\x3b\\x5f\\x74\\x69\\x64\", 256) = 26" },
	{ .c = { .nr = SYS_keyctl, .a = { 4, 0xdeadf00d, 2718281828u, 3141592653u }, .ret = NEG(-22) },
	  .def = "keyctl(KEYCTL_CHOWN, -559026163, 2718281828, 3141592653) = -1 EINVAL (Invalid argument)",
	  .raw = "keyctl(0x4, -559026163, 2718281828, 3141592653) = -1 EINVAL (Invalid argument)",
	  .verb = "keyctl(0x4 /* KEYCTL_CHOWN */, -559026163, 2718281828, 3141592653) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_keyctl, .a = { 19, 0xdec0ded1dec0ded2ull, 0xbadc0ded, 19, 0 }, .ret = NEG(-1) },
	  .def = "keyctl(KEYCTL_REJECT, -557785390, 3134983661, ENODEV, 0) = -1 EPERM (Operation not permitted)",
	  .raw = "keyctl(0x13, -557785390, 3134983661, 19, 0) = -1 EPERM (Operation not permitted)",
	  .verb = "keyctl(0x13 /* KEYCTL_REJECT */, -557785390, 3134983661, 19 /* ENODEV */, 0) = -1 EPERM (Operation not permitted)" },
	{ .c = { .nr = SYS_keyctl, .a = { 14, 0xbadc0ded }, .ret = NEG(-22) },
	  .def = "keyctl(KEYCTL_SET_REQKEY_KEYRING, -1159983635 /* KEY_REQKEY_DEFL_??? */) = -1 EINVAL (Invalid argument)",
	  .raw = "keyctl(0xe, -1159983635)                = -1 EINVAL (Invalid argument)",
	  .verb = "keyctl(0xe /* KEYCTL_SET_REQKEY_KEYRING */, -1159983635 /* KEY_REQKEY_DEFL_??? */) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_keyctl, .a = { 30, 0xffffffff, 0xbadc0ded, 0xffffffff, 0xffffffff }, .ret = NEG(-22) },
	  .def = "keyctl(KEYCTL_MOVE, KEY_SPEC_THREAD_KEYRING, -1159983635, KEY_SPEC_THREAD_KEYRING, KEYCTL_MOVE_EXCL|0xfffffffe) = -1 EINVAL (Invalid argument)",
	  .raw = "keyctl(0x1e, -1, -1159983635, -1, 0xffffffff) = -1 EINVAL (Invalid argument)",
	  .verb = "keyctl(0x1e /* KEYCTL_MOVE */, -1 /* KEY_SPEC_THREAD_KEYRING */, -1159983635, -1 /* KEY_SPEC_THREAD_KEYRING */, 0xffffffff /* KEYCTL_MOVE_EXCL|0xfffffffe */) = -1 EINVAL (Invalid argument)" },
	/* strace 6.1's tests/sched_xetattr.c: the size given, and the one the
	 * kernel wrote back with E2BIG; KEEP_PARAMS leaves the parameters out */
	{ .c = { .nr = SYS_sched_setattr, .a = { 0, P, 0 }, .ret = NEG(-7),
		 .cap = { CAP_MEMF(1, CAP_ENTRY, ((uint32_t[]){ 1, 0 }), 8),
			  CAP_ARR(1, uint32_t, { 56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }) } },
	  .def = "sched_setattr(0, {size=1} => {size=56}, 0) = -1 E2BIG (Argument list too long)" },
	{ .c = { .nr = SYS_sched_setattr, .a = { 0, P, 0 }, .ret = NEG(-22),
		 .cap = { CAP_ARR(1, uint32_t, { 56, 0xdefaced, 0x10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0 }) } },
	  .def = "sched_setattr(0, {size=56, sched_flags=SCHED_FLAG_KEEP_PARAMS, sched_util_min=0, sched_util_max=0}, 0) = -1 EINVAL (Invalid argument)",
	  .raw = "sched_setattr(0, {size=56, sched_flags=0x10, sched_util_min=0, sched_util_max=0}, 0) = -1 EINVAL (Invalid argument)",
	  .verb = "sched_setattr(0, {size=56, sched_flags=0x10 /* SCHED_FLAG_KEEP_PARAMS */, sched_util_min=0, sched_util_max=0}, 0) = -1 EINVAL (Invalid argument)" },
	/* strace 6.1's tests/ptrace.c: what follows si_addr by code, a
	 * seccomp signal's call by name, SI_SIGIO's band and fd */
	{ .c = { .nr = SYS_ptrace, .a = { 0x4203, 311, 0, P }, .ret = NEG(-3),
		 .cap = { CAP_ARR(3, uint32_t, { SIGBUS, 0xfffffffe, 4, 0, 0xdeadbeef, 0xfacefeed, 0xdead, 0,
						 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }) } },
	  .def = "ptrace(PTRACE_SETSIGINFO, 311, NULL, {si_signo=SIGBUS, si_code=BUS_MCEERR_AR, si_errno=4294967294, si_addr=0xfacefeeddeadbeef, si_addr_lsb=0xdead}) = -1 ESRCH (No such process)",
	  .raw = "ptrace(0x4203, 311, NULL, {si_signo=7, si_code=0x4, si_errno=4294967294, si_addr=0xfacefeeddeadbeef, si_addr_lsb=0xdead}) = -1 ESRCH (No such process)",
	  .verb = "ptrace(0x4203 /* PTRACE_SETSIGINFO */, 311, NULL, {si_signo=7 /* SIGBUS */, si_code=0x4 /* BUS_MCEERR_AR */, si_errno=4294967294, si_addr=0xfacefeeddeadbeef, si_addr_lsb=0xdead}) = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_ptrace, .a = { 0x4203, 311, 0, P }, .ret = NEG(-3),
		 .cap = { CAP_ARR(3, uint32_t, { SIGSYS, 0, 1, 0, 0, 0, 0, 0xc000003e,
						 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }) } },
	  .def = "ptrace(PTRACE_SETSIGINFO, 311, NULL, {si_signo=SIGSYS, si_code=SYS_SECCOMP, si_call_addr=NULL, si_syscall=__NR_read, si_arch=AUDIT_ARCH_X86_64}) = -1 ESRCH (No such process)",
	  .raw = "ptrace(0x4203, 311, NULL, {si_signo=31, si_code=0x1, si_call_addr=NULL, si_syscall=0, si_arch=0xc000003e}) = -1 ESRCH (No such process)",
	  .verb = "ptrace(0x4203 /* PTRACE_SETSIGINFO */, 311, NULL, {si_signo=31 /* SIGSYS */, si_code=0x1 /* SYS_SECCOMP */, si_call_addr=NULL, si_syscall=0 /* __NR_read */, si_arch=0xc000003e /* AUDIT_ARCH_X86_64 */}) = -1 ESRCH (No such process)" },
	/* strace 6.1's tests/ptrace.c: PEEKSIGINFO's arguments */
	{ .c = { .nr = SYS_ptrace, .a = { 0x4209, 311, P, 0xdeadbeeffffffeedull }, .ret = NEG(-3),
		 .cap = { CAP_ARR(2, uint64_t, { 0xdeadbeeffacefeedull, 42ull << 32 | 1 }) } },
	  .def = "ptrace(PTRACE_PEEKSIGINFO, 311, {off=16045690985305276141, flags=PTRACE_PEEKSIGINFO_SHARED, nr=42}, 0xdeadbeeffffffeed) = -1 ESRCH (No such process)",
	  .raw = "ptrace(0x4209, 311, {off=16045690985305276141, flags=0x1, nr=42}, 0xdeadbeeffffffeed) = -1 ESRCH (No such process)",
	  .verb = "ptrace(0x4209 /* PTRACE_PEEKSIGINFO */, 311, {off=16045690985305276141, flags=0x1 /* PTRACE_PEEKSIGINFO_SHARED */, nr=42}, 0xdeadbeeffffffeed) = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_arch_prctl, .a = { 0x1001, BAD } },
	  .def = "arch_prctl(ARCH_SET_GS, 0x1000)         = 0",
	  .raw = "arch_prctl(0x1001, 0x1000)              = 0",
	  .verb = "arch_prctl(0x1001 /* ARCH_SET_GS */, 0x1000) = 0" },
	{ .c = { .nr = SYS_mmap, .a = { 0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 NEG(-1), 0 }, .ret = 0x7f9c23890000 },
	  .def = "mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f9c23890000",
	  .raw = "mmap(NULL, 8192, 0x3, 0x22, -1, 0)      = 0x7f9c23890000",
	  .verb = "mmap(NULL, 8192, 0x3 /* PROT_READ|PROT_WRITE */, 0x22 /* MAP_PRIVATE|MAP_ANONYMOUS */, -1, 0) = 0x7f9c23890000" },
	{ .c = { .nr = SYS_mmap, .a = { BAD, 4096, PROT_NONE, MAP_SHARED | MAP_FIXED, 5, 0x2000 }, .ret = EBADF_ },
	  .def = "mmap(0x1000, 4096, PROT_NONE, MAP_SHARED|MAP_FIXED, 5, 0x2000) = -1 EBADF (Bad file descriptor)",
	  .raw = "mmap(0x1000, 4096, 0, 0x11, 5, 0x2000)  = -1 EBADF (Bad file descriptor)",
	  .verb = "mmap(0x1000, 4096, 0 /* PROT_NONE */, 0x11 /* MAP_SHARED|MAP_FIXED */, 5, 0x2000) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_mprotect, .a = { BAD, 4096, PROT_READ | PROT_EXEC }, .ret = ENOMEM_ },
	  .def = "mprotect(0x1000, 4096, PROT_READ|PROT_EXEC) = -1 ENOMEM (Cannot allocate memory)",
	  .raw = "mprotect(0x1000, 4096, 0x5)             = -1 ENOMEM (Cannot allocate memory)",
	  .verb = "mprotect(0x1000, 4096, 0x5 /* PROT_READ|PROT_EXEC */) = -1 ENOMEM (Cannot allocate memory)" },
	{ .c = { .nr = SYS_munmap, .a = { BAD, 4096 } },
	  .def = "munmap(0x1000, 4096)                    = 0" },
	{ .c = { .nr = SYS_madvise, .a = { BAD, 4096, MADV_DONTNEED }, .ret = ENOMEM_ },
	  .def = "madvise(0x1000, 4096, MADV_DONTNEED)    = -1 ENOMEM (Cannot allocate memory)",
	  .raw = "madvise(0x1000, 4096, 0x4)              = -1 ENOMEM (Cannot allocate memory)",
	  .verb = "madvise(0x1000, 4096, 0x4 /* MADV_DONTNEED */) = -1 ENOMEM (Cannot allocate memory)" },
	{ .c = { .nr = SYS_msync, .a = { BAD, 4096, MS_SYNC | MS_INVALIDATE }, .ret = ENOMEM_ },
	  .def = "msync(0x1000, 4096, MS_SYNC|MS_INVALIDATE) = -1 ENOMEM (Cannot allocate memory)",
	  .raw = "msync(0x1000, 4096, 0x6)                = -1 ENOMEM (Cannot allocate memory)",
	  .verb = "msync(0x1000, 4096, 0x6 /* MS_SYNC|MS_INVALIDATE */) = -1 ENOMEM (Cannot allocate memory)" },
	/* without MREMAP_FIXED the fifth argument is not shown */
	{ .c = { .nr = SYS_mremap, .a = { BAD, 4096, 8192, MREMAP_MAYMOVE, 0x5555 }, .ret = EFAULT_ },
	  .def = "mremap(0x1000, 4096, 8192, MREMAP_MAYMOVE) = -1 EFAULT (Bad address)",
	  .raw = "mremap(0x1000, 4096, 8192, 0x1)         = -1 EFAULT (Bad address)",
	  .verb = "mremap(0x1000, 4096, 8192, 0x1 /* MREMAP_MAYMOVE */) = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_mlockall, .a = { MCL_CURRENT | MCL_FUTURE } },
	  .def = "mlockall(MCL_CURRENT|MCL_FUTURE)        = 0",
	  .raw = "mlockall(0x3)                           = 0",
	  .verb = "mlockall(0x3 /* MCL_CURRENT|MCL_FUTURE */) = 0" },
	{ .c = { .nr = SYS_brk, .a = { 0 }, .ret = 0x5593e7d12000 },
	  .def = "brk(NULL)                               = 0x5593e7d12000" },
	{ .c = { .nr = SYS_nanosleep, .a = { P, 0 }, .cap = { CAP_OBJ(0, struct timespec, { 0, 1000000 }) } },
	  .def = "nanosleep({tv_sec=0, tv_nsec=1000000}, NULL) = 0" },
	{ .c = { .nr = SYS_nanosleep, .a = { BAD, 0 }, .ret = EFAULT_, .cap = { CAP_BAD(0) } },
	  .def = "nanosleep(0x1000, NULL)                 = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_clock_nanosleep, .a = { CLOCK_MONOTONIC, TIMER_ABSTIME, P, 0 },
		 .cap = { CAP_OBJ(2, struct timespec, { 0, 1000000 }) } },
	  .def = "clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, {tv_sec=0, tv_nsec=1000000}, NULL) = 0",
	  .raw = "clock_nanosleep(0x1, 0x1, {tv_sec=0, tv_nsec=1000000}, NULL) = 0",
	  .verb = "clock_nanosleep(0x1 /* CLOCK_MONOTONIC */, 0x1 /* TIMER_ABSTIME */, {tv_sec=0, tv_nsec=1000000}, NULL) = 0" },
	{ .c = { .nr = SYS_clock_getres, .a = { CLOCK_REALTIME, P }, .cap = { CAP_OBJ(1, struct timespec, { 0, 1 }) } },
	  .def = "clock_getres(CLOCK_REALTIME, {tv_sec=0, tv_nsec=1}) = 0",
	  .raw = "clock_getres(0, {tv_sec=0, tv_nsec=1})  = 0",
	  .verb = "clock_getres(0 /* CLOCK_REALTIME */, {tv_sec=0, tv_nsec=1}) = 0" },
	/* structs a failed call did not write: the address */
	{ .c = { .nr = SYS_getrusage, .a = { RUSAGE_SELF, BAD }, .ret = EFAULT_ },
	  .def = "getrusage(RUSAGE_SELF, 0x1000)          = -1 EFAULT (Bad address)",
	  .raw = "getrusage(0, 0x1000)                    = -1 EFAULT (Bad address)",
	  .verb = "getrusage(0 /* RUSAGE_SELF */, 0x1000)  = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_times, .a = { BAD }, .ret = EFAULT_ },
	  .def = "times(0x1000)                           = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_uname, .a = { BAD }, .ret = EFAULT_ },
	  .def = "uname(0x1000)                           = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_setitimer, .a = { ITIMER_REAL, P, 0 },
		 .cap = { CAP_OBJ(1, struct itimerval, { { 0, 0 }, { 0, 500000 } }) } },
	  .def = "setitimer(ITIMER_REAL, {it_interval={tv_sec=0, tv_usec=0}, it_value={tv_sec=0, tv_usec=500000}}, NULL) = 0",
	  .raw = "setitimer(0, {it_interval={tv_sec=0, tv_usec=0}, it_value={tv_sec=0, tv_usec=500000}}, NULL) = 0",
	  .verb = "setitimer(0 /* ITIMER_REAL */, {it_interval={tv_sec=0, tv_usec=0}, it_value={tv_sec=0, tv_usec=500000}}, NULL) = 0" },
	{ .c = { .nr = SYS_setitimer, .a = { ITIMER_REAL, 0, 0 } },
	  .def = "setitimer(ITIMER_REAL, NULL, NULL)      = 0",
	  .raw = "setitimer(0, NULL, NULL)                = 0",
	  .verb = "setitimer(0 /* ITIMER_REAL */, NULL, NULL) = 0" },
	{ .c = { .nr = SYS_getitimer, .a = { ITIMER_PROF, BAD }, .ret = EFAULT_ },
	  .def = "getitimer(ITIMER_PROF, 0x1000)          = -1 EFAULT (Bad address)",
	  .raw = "getitimer(0x2, 0x1000)                  = -1 EFAULT (Bad address)",
	  .verb = "getitimer(0x2 /* ITIMER_PROF */, 0x1000) = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_gettimeofday, .a = { BAD, 0 }, .ret = EFAULT_ },
	  .def = "gettimeofday(0x1000, NULL)              = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_timerfd_create, .a = { CLOCK_BOOTTIME, TFD_NONBLOCK | TFD_CLOEXEC }, .ret = 3 },
	  .def = "timerfd_create(CLOCK_BOOTTIME, TFD_CLOEXEC|TFD_NONBLOCK) = 3",
	  .raw = "timerfd_create(0x7, 0x80800)            = 3",
	  .verb = "timerfd_create(0x7 /* CLOCK_BOOTTIME */, 0x80800 /* TFD_CLOEXEC|TFD_NONBLOCK */) = 3" },
	{ .c = { .nr = SYS_getrandom, .a = { BAD, 16, GRND_NONBLOCK | GRND_RANDOM }, .ret = EFAULT_ },
	  .def = "getrandom(0x1000, 16, GRND_NONBLOCK|GRND_RANDOM) = -1 EFAULT (Bad address)",
	  .raw = "getrandom(0x1000, 16, 0x3)              = -1 EFAULT (Bad address)",
	  .verb = "getrandom(0x1000, 16, 0x3 /* GRND_NONBLOCK|GRND_RANDOM */) = -1 EFAULT (Bad address)" },
	/* clone's registers: flags, stack, parent_tid, child_tid, tls */
	{ .c = { .nr = SYS_clone, .a = { 0x1200000 | SIGCHLD, 0, 0, 0x7f9c236a2a10, 0 }, .ret = 317 },
	  .def = "clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f9c236a2a10) = 317",
	  .raw = "clone(child_stack=NULL, flags=0x1200000|17, child_tidptr=0x7f9c236a2a10) = 317",
	  .verb = "clone(child_stack=NULL, flags=0x1200000 /* CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID */|17 /* SIGCHLD */, child_tidptr=0x7f9c236a2a10) = 317" },
	{ .c = { .nr = SYS_wait4, .a = { 317, P, 0, 0 }, .ret = 317, .cap = { CAP_ARR(1, int, { 7 << 8 }) } },
	  .def = "wait4(317, [{WIFEXITED(s) && WEXITSTATUS(s) == 7}], 0, NULL) = 317" },
	/* nothing to reap: the status was not written */
	{ .c = { .nr = SYS_wait4, .a = { NEG(-1), 0x7ffc24d7080c, WNOHANG | __WALL, 0 }, .ret = 0,
		 .cap = { CAP_ARR(1, int, { 0 }) } },
	  .def = "wait4(-1, 0x7ffc24d7080c, WNOHANG|__WALL, NULL) = 0",
	  .raw = "wait4(-1, 0x7ffc24d7080c, 0x40000001, NULL) = 0",
	  .verb = "wait4(-1, 0x7ffc24d7080c, 0x40000001 /* WNOHANG|__WALL */, NULL) = 0" },
	{ .c = { .nr = SYS_wait4, .a = { NEG(-1), P, 0, 0 }, .ret = 318, .cap = { CAP_ARR(1, int, { SIGTERM }) } },
	  .def = "wait4(-1, [{WIFSIGNALED(s) && WTERMSIG(s) == SIGTERM}], 0, NULL) = 318" },
	{ .c = { .nr = SYS_exit_group, .a = { 3 }, .flags = EVF_NORETURN },
	  .def = "exit_group(3)                           = ?" },
	/* wait4 with WNOHANG and no child reaped: strace shows the rusage's
	 * address, not what is there (strace 6.1, /tmp/w4 of a child that
	 * sleeps) */
	{ .c = { .nr = SYS_wait4, .a = { 10935, 0x7ffd134b39bcull, 1, 0x7ffd134b39c0ull }, .ret = 0,
		 .cap = { CAP_ARR(1, int, { 0 }), CAP_MEM(3, zeros144, 144) } },
	  .def = "wait4(10935, 0x7ffd134b39bc, WNOHANG, 0x7ffd134b39c0) = 0",
	  .raw = "wait4(10935, 0x7ffd134b39bc, 0x1, 0x7ffd134b39c0) = 0",
	  .verb = "wait4(10935, 0x7ffd134b39bc, 0x1 /* WNOHANG */, 0x7ffd134b39c0) = 0" },
	/* int arguments with garbage in the register's upper half, as
	 * strace's tests pass them (tests/progs/widths.c): what the kernel
	 * reads, 32 bits (a mode: 16) */
	{ .c = { .nr = SYS_close, .a = { 0xfacefeedffffffffull }, .ret = EBADF_ },
	  .def = "close(-1)                               = -1 EBADF (Bad file descriptor)",
	  .raw = "close(-1)                               = -1 EBADF (Bad file descriptor)",
	  .verb = "close(-1)                               = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_umask, .a = { 0xffff0012ull }, .ret = 022 },
	  .def = "umask(022)                              = 022",
	  .raw = "umask(022)                              = 022",
	  .verb = "umask(022)                              = 022" },
	{ .c = { .nr = SYS_prctl, .a = { 26, 0xdeadc0defacebeefull }, .ret = NEG(-22) },
	  .def = "prctl(PR_SET_TSC, 0xfacebeef /* PR_TSC_??? */) = -1 EINVAL (Invalid argument)",
	  .raw = "prctl(0x1a, 0xfacebeef)                 = -1 EINVAL (Invalid argument)",
	  .verb = "prctl(0x1a /* PR_SET_TSC */, 0xfacebeef /* PR_TSC_??? */) = -1 EINVAL (Invalid argument)" },
	/* reboot's magic numbers and commands (strace 6.1, Debian 12) */
	{ .c = { .nr = SYS_reboot, .a = { 0, 0, 0, 0 }, .ret = NEG(-22) },
	  .def = "reboot(0 /* LINUX_REBOOT_MAGIC_??? */, 0 /* LINUX_REBOOT_MAGIC_??? */, LINUX_REBOOT_CMD_CAD_OFF) = -1 EINVAL (Invalid argument)",
	  .raw = "reboot(0, 0, 0)                         = -1 EINVAL (Invalid argument)",
	  .verb = "reboot(0 /* LINUX_REBOOT_MAGIC_??? */, 0 /* LINUX_REBOOT_MAGIC_??? */, 0 /* LINUX_REBOOT_CMD_CAD_OFF */) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_reboot, .a = { 0xfee1dead, 0x13111992, 0xa1b2c3d4, P }, .ret = NEG(-22),
		 .cap = { CAP_MEM(3, "reboot", 7) } },
	  .def = "reboot(LINUX_REBOOT_MAGIC1, 0x13111992 /* LINUX_REBOOT_MAGIC_??? */, LINUX_REBOOT_CMD_RESTART2, \"reboot\") = -1 EINVAL (Invalid argument)",
	  .raw = "reboot(0xfee1dead, 0x13111992, 0xa1b2c3d4, \"reboot\") = -1 EINVAL (Invalid argument)",
	  .verb = "reboot(0xfee1dead /* LINUX_REBOOT_MAGIC1 */, 0x13111992 /* LINUX_REBOOT_MAGIC_??? */, 0xa1b2c3d4 /* LINUX_REBOOT_CMD_RESTART2 */, \"reboot\") = -1 EINVAL (Invalid argument)",
	  .xx = "reboot(LINUX_REBOOT_MAGIC1, 0x13111992 /* LINUX_REBOOT_MAGIC_??? */, LINUX_REBOOT_CMD_RESTART2, \"\\x72\\x65\\x62\\x6f\\x6f\\x74\") = -1 EINVAL (Invalid argument)" },
	/* the 256 bytes strace reads of RESTART2's string: 254 readable
	 * before an unmapped page and no NUL is an address (strace 6.1's
	 * reboot test) */
	{ .c = { .nr = SYS_reboot, .a = { 0xfee1dead, 0x28121969, 0xa1b2c3d4, P }, .ret = NEG(-22),
		 .cap = { CAP_MEM(3, "AbCdEfGhIjKlMnOpQrStUvWxYz012345AbCdEfGhIjKlMnOpQrStUvWxYz012345AbCdEfGhIjKlMnOpQrStUvWxYz012345AbCdEfGhIjKlMnOpQrStUvWxYz012345"
				  "AbCdEfGhIjKlMnOpQrStUvWxYz012345AbCdEfGhIjKlMnOpQrStUvWxYz012345AbCdEfGhIjKlMnOpQrStUvWxYz012345AbCdEfGhIjKlMnOpQrStUvWxYz012345", 254) } },
	  .def = "reboot(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_RESTART2, 0x7ffc24d70a00) = -1 EINVAL (Invalid argument)",
	  .raw = "reboot(0xfee1dead, 0x28121969, 0xa1b2c3d4, 0x7ffc24d70a00) = -1 EINVAL (Invalid argument)",
	  .verb = "reboot(0xfee1dead /* LINUX_REBOOT_MAGIC1 */, 0x28121969 /* LINUX_REBOOT_MAGIC2 */, 0xa1b2c3d4 /* LINUX_REBOOT_CMD_RESTART2 */, 0x7ffc24d70a00) = -1 EINVAL (Invalid argument)" },
	/* syslog's buffer only for the reads, SYSLOG_ACTION_CONSOLE_LEVEL's
	 * level (strace 6.1, the same in every -X style) */
	{ .c = { .nr = SYS_syslog, .a = { 8, 0xfacefeeddeadbeefull, 9 }, .ret = NEG(-22) },
	  .def = "syslog(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, 0xfacefeeddeadbeef, 9 /* LOGLEVEL_??? */) = -1 EINVAL (Invalid argument)", .raw = "syslog(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, 0xfacefeeddeadbeef, 9 /* LOGLEVEL_??? */) = -1 EINVAL (Invalid argument)", .verb = "syslog(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, 0xfacefeeddeadbeef, 9 /* LOGLEVEL_??? */) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_syslog, .a = { 11, 0xfacefeeddeadbeefull, 0 }, .ret = NEG(-22) },
	  .def = "syslog(11 /* SYSLOG_ACTION_??? */, 0xfacefeeddeadbeef, 0) = -1 EINVAL (Invalid argument)", .raw = "syslog(11 /* SYSLOG_ACTION_??? */, 0xfacefeeddeadbeef, 0) = -1 EINVAL (Invalid argument)", .verb = "syslog(11 /* SYSLOG_ACTION_??? */, 0xfacefeeddeadbeef, 0) = -1 EINVAL (Invalid argument)" },
	/* the time zone (strace 6.1's xettimeofday test) */
	{ .c = { .nr = SYS_gettimeofday, .a = { P, P + 16 },
		 .cap = { CAP_ARR(0, uint64_t, { 1795812439, 745576 }), CAP_ARR(1, int32_t, { 0, 0 }) } },
	  .def = "gettimeofday({tv_sec=1795812439, tv_usec=745576}, {tz_minuteswest=0, tz_dsttime=0}) = 0" },
	/* getrusage under -v: every counter (strace 6.1 -v, Debian 12) */
	{ .c = { .nr = SYS_getrusage, .a = { RUSAGE_SELF, P },
		 .cap = { CAP_ARR(1, uint64_t, { 0, 1442, 0, 0, 784, 0, 0, 0, 55, 0, 0, 0, 0, 0, 0, 0, 64, 0 }) } },
	  .def = "getrusage(RUSAGE_SELF, {ru_utime={tv_sec=0, tv_usec=1442}, ru_stime={tv_sec=0, tv_usec=0}, ...}) = 0",
	  .v = "getrusage(RUSAGE_SELF, {ru_utime={tv_sec=0, tv_usec=1442}, ru_stime={tv_sec=0, tv_usec=0}, ru_maxrss=784, ru_ixrss=0, ru_idrss=0, ru_isrss=0, ru_minflt=55, ru_majflt=0, ru_nswap=0, ru_inblock=0, ru_oublock=0, ru_msgsnd=0, ru_msgrcv=0, ru_nsignals=0, ru_nvcsw=64, ru_nivcsw=0}) = 0",
	  .raw = "getrusage(0, {ru_utime={tv_sec=0, tv_usec=1442}, ru_stime={tv_sec=0, tv_usec=0}, ...}) = 0",
	  .verb = "getrusage(0 /* RUSAGE_SELF */, {ru_utime={tv_sec=0, tv_usec=1442}, ru_stime={tv_sec=0, tv_usec=0}, ...}) = 0" },
	/* a host name longer than the kernel takes: its address (strace 6.1) */
	{ .c = { .nr = SYS_sethostname, .a = { 0x404040, 65 }, .ret = NEG(-22),
		 .cap = { CAP_ARR(0, char, { 'a', 'b', 'c' }) } },
	  .def = "sethostname(0x404040, 65)               = -1 EINVAL (Invalid argument)" },
	/* an I/O priority the macro cannot make: its class is all the
	 * bits above the level (strace 6.1, Debian 12) */
	{ .c = { .nr = SYS_ioprio_set, .a = { 0xfa57beef, NEG(-629534633), 0xfacefeed }, .ret = NEG(-22) },
	  .def = "ioprio_set(0xfa57beef /* IOPRIO_WHO_??? */, -629534633, IOPRIO_PRIO_VALUE(0x7d677 /* IOPRIO_CLASS_??? */, 7917)) = -1 EINVAL (Invalid argument)",
	  .raw = "ioprio_set(0xfa57beef, -629534633, -87097619) = -1 EINVAL (Invalid argument)",
	  .verb = "ioprio_set(0xfa57beef /* IOPRIO_WHO_??? */, -629534633, -87097619 /* IOPRIO_PRIO_VALUE(0x7d677 /* IOPRIO_CLASS_??? */, 7917) */) = -1 EINVAL (Invalid argument)" },
	/* kcmp's indexes by type (strace 6.1, Debian 12) */
	{ .c = { .nr = SYS_kcmp, .a = { NEG(-1), NEG(-1), 1, 5, 6 }, .ret = NEG(-3) },
	  .def = "kcmp(-1, -1, KCMP_VM)                   = -1 ESRCH (No such process)",
	  .raw = "kcmp(-1, -1, 0x1)                       = -1 ESRCH (No such process)",
	  .verb = "kcmp(-1, -1, 0x1 /* KCMP_VM */)         = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_kcmp, .a = { NEG(-1), NEG(-1), 0, 5, 6 }, .ret = NEG(-3) },
	  .def = "kcmp(-1, -1, KCMP_FILE, 5, 6)           = -1 ESRCH (No such process)",
	  .raw = "kcmp(-1, -1, 0, 5, 6)                   = -1 ESRCH (No such process)",
	  .verb = "kcmp(-1, -1, 0 /* KCMP_FILE */, 5, 6)   = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_kcmp, .a = { NEG(-1), NEG(-1), 7, 5, P }, .ret = NEG(-3),
		 .cap = { CAP_ARR(4, uint32_t, { 23, 42, 0 }) } },
	  .def = "kcmp(-1, -1, KCMP_EPOLL_TFD, 5, {efd=23, tfd=42, toff=0}) = -1 ESRCH (No such process)",
	  .raw = "kcmp(-1, -1, 0x7, 5, {efd=23, tfd=42, toff=0}) = -1 ESRCH (No such process)",
	  .verb = "kcmp(-1, -1, 0x7 /* KCMP_EPOLL_TFD */, 5, {efd=23, tfd=42, toff=0}) = -1 ESRCH (No such process)" },
	{ .c = { .nr = SYS_kcmp, .a = { NEG(-1), NEG(-1), 9, 5, 0 }, .ret = NEG(-3) },
	  .def = "kcmp(-1, -1, 0x9 /* KCMP_??? */, 0x5, 0) = -1 ESRCH (No such process)",
	  .raw = "kcmp(-1, -1, 0x9, 0x5, 0)               = -1 ESRCH (No such process)" },
	/* futex's clock on a command that takes none, FUTEX_FD's private
	 * flag, a zero bitset (strace 6.1, Debian 12) */
	{ .c = { .nr = SYS_futex, .a = { 0x40401c, 0x101, 1 }, .ret = NEG(-38) },
	  .def = "futex(0x40401c, 0x101 /* FUTEX_??? */, 1) = -1 ENOSYS (Function not implemented)",
	  .raw = "futex(0x40401c, 0x101, 1)               = -1 ENOSYS (Function not implemented)",
	  .verb = "futex(0x40401c, 0x101 /* FUTEX_??? */, 1) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_futex, .a = { 0x40401c, 0x82, 1 }, .ret = NEG(-38) },
	  .def = "futex(0x40401c, FUTEX_FD|FUTEX_PRIVATE_FLAG, 1) = -1 ENOSYS (Function not implemented)",
	  .raw = "futex(0x40401c, 0x82, 1)                = -1 ENOSYS (Function not implemented)",
	  .verb = "futex(0x40401c, 0x82 /* FUTEX_FD|FUTEX_PRIVATE_FLAG */, 1) = -1 ENOSYS (Function not implemented)" },
	{ .c = { .nr = SYS_futex, .a = { 0x40401c, 10, 1 }, .ret = NEG(-22) },
	  .def = "futex(0x40401c, FUTEX_WAKE_BITSET, 1, 0) = -1 EINVAL (Invalid argument)",
	  .raw = "futex(0x40401c, 0xa, 1, 0)              = -1 EINVAL (Invalid argument)",
	  .verb = "futex(0x40401c, 0xa /* FUTEX_WAKE_BITSET */, 1, 0) = -1 EINVAL (Invalid argument)" },
	/* sigsets only of the kernel's size (strace 6.1, Debian 12) */
	{ .c = { .nr = SYS_rt_sigprocmask, .a = { SIG_SETMASK, 0x404020, 0x404038, 16 }, .ret = NEG(-22),
		 .cap = { CAP_ARR(1, uint64_t, { 1 }) } },
	  .def = "rt_sigprocmask(SIG_SETMASK, 0x404020, 0x404038, 16) = -1 EINVAL (Invalid argument)",
	  .raw = "rt_sigprocmask(0x2, 0x404020, 0x404038, 16) = -1 EINVAL (Invalid argument)",
	  .verb = "rt_sigprocmask(0x2 /* SIG_SETMASK */, 0x404020, 0x404038, 16) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_rt_sigpending, .a = { P, 4 }, .cap = { CAP_ARR(0, uint32_t, { 0 }) } },
	  .def = "rt_sigpending([], 4)                    = 0" },
	{ .c = { .nr = SYS_setgroups, .a = { 1, P }, .ret = NEG(-22), .cap = { CAP_ARR(1, uint32_t, { UINT32_MAX }) } },
	  .def = "setgroups(1, [-1])                      = -1 EINVAL (Invalid argument)" },
	/* arrays as strace's print_array: none read for a count of 0, the
	 * readable part of one that runs into unmapped memory and the first
	 * unreadable element's address, -s of them, more groups than
	 * NGROUPS_MAX as the address (strace 6.1's setgroups, readv,
	 * process_madvise and process_vm_readv tests) */
	{ .c = { .nr = SYS_setgroups, .a = { 2, P }, .ret = NEG(-22), .cap = { CAP_MEMF(1, 0, ((uint32_t[]){ UINT32_MAX }), 4) } },
	  .def = "setgroups(2, [-1, ... /* 0x7ffc24d70a04 */]) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_setgroups, .a = { 0x100000003ull, P }, .ret = NEG(-22), .cap = { CAP_ARR(1, uint32_t, { 0, 1, 2 }) } },
	  .def = "setgroups(3, [0, 1, 2])                 = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_setgroups, .a = { 65537, P }, .ret = NEG(-22) },
	  .def = "setgroups(65537, 0x7ffc24d70a00)        = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_writev, .a = { 1, P, 0 } },
	  .def = "writev(1, [], 0)                        = 0" },
	{ .c = { .nr = SYS_writev, .a = { 1, P, 2 }, .ret = EFAULT_,
		 .cap = { CAP_MEMF(1, CAP_ELEM, ((uint8_t[]){ 0x10, 0x0a, 0xd7, 0x24, 0xfc, 0x7f, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 'a', 'b', 'c' }), 19),
			  CAP_MEMF(1, CAP_ELEM | CAP_FAULT, ((uint64_t[]){ P + 16 }), 8) } },
	  .def = "writev(1, [{iov_base=\"abc\", iov_len=3}, ... /* 0x7ffc24d70a10 */], 2) = -1 EFAULT (Bad address)",
	  .xx = "writev(1, [{iov_base=\"\\x61\\x62\\x63\", iov_len=3}, ... /* 0x7ffc24d70a10 */], 2) = -1 EFAULT (Bad address)" },
	{ .c = { .nr = 440, .a = { 0, P, 0, 21, 0 }, .ret = NEG(-22) },
	  .def = "process_madvise(0, [], 0, MADV_PAGEOUT, 0) = -1 EINVAL (Invalid argument)",
	  .raw = "process_madvise(0, [], 0, 0x15, 0)      = -1 EINVAL (Invalid argument)",
	  .verb = "process_madvise(0, [], 0, 0x15 /* MADV_PAGEOUT */, 0) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = 440, .a = { NEG(-1), P, 2, 21, 0 }, .ret = NEG(-22), .cap = { CAP_ARR(1, uint64_t, { 0x1000, 5 }) } },
	  .def = "process_madvise(-1, [{iov_base=0x1000, iov_len=5}, ... /* 0x7ffc24d70a10 */], 2, MADV_PAGEOUT, 0) = -1 EINVAL (Invalid argument)",
	  .raw = "process_madvise(-1, [{iov_base=0x1000, iov_len=5}, ... /* 0x7ffc24d70a10 */], 2, 0x15, 0) = -1 EINVAL (Invalid argument)",
	  .verb = "process_madvise(-1, [{iov_base=0x1000, iov_len=5}, ... /* 0x7ffc24d70a10 */], 2, 0x15 /* MADV_PAGEOUT */, 0) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_process_vm_readv, .a = { 1, P, 0, P + 64, 0, 0 } },
	  .def = "process_vm_readv(1, [], 0, [], 0, 0)    = 0" },
	/* fd_sets of 64 fds at a page end: the 8 bytes the kernel side read
	 * at entry; one of 65 fds needs 16 (strace 6.1's select test) */
	{ .c = { .nr = SYS_select, .a = { 5, P, P + 0x100, P + 0x200, 0 }, .ret = EFAULT_,
		 .cap = { CAP_MEMF(1, CAP_ENTRY, ((uint64_t[]){ 0x18 }), 8),
			  CAP_MEMF(2, CAP_ENTRY, ((uint64_t[]){ 0x18 }), 8),
			  CAP_MEMF(3, CAP_ENTRY, ((uint64_t[]){ 0x18 }), 8) } },
	  .def = "select(5, [3 4], [3 4], [3 4], NULL)    = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_select, .a = { 65, P, P + 0x100, P + 0x200, 0 }, .ret = EFAULT_,
		 .cap = { CAP_MEMF(1, CAP_ENTRY, ((uint64_t[]){ 0x8, 1 }), 16),
			  CAP_MEMF(2, CAP_ENTRY, ((uint64_t[]){ 0x10, 1 }), 16),
			  CAP_MEMF(3, CAP_ENTRY, ((uint64_t[]){ 0x18 }), 8) } },
	  .def = "select(65, [3 64], [4 64], 0x7ffc24d70c00, NULL) = -1 EFAULT (Bad address)" },
	/* mincore's vector: the byte before an unmapped page */
	{ .c = { .nr = SYS_mincore, .a = { 0x7f0000000000ull, 4096, P }, .cap = { CAP_ARR(2, uint8_t, { 1 }) } },
	  .def = "mincore(0x7f0000000000, 4096, [1])      = 0" },
	/* fsconfig's key: not read by its CMD_* commands (strace 6.1's
	 * fsconfig test) */
	{ .c = { .nr = 431, .a = { NEG(-100), 6, P, P + 16, 3 }, .ret = NEG(-22), .cap = { CAP_STR(2, "") } },
	  .def = "fsconfig(-100, FSCONFIG_CMD_CREATE, 0x7ffc24d70a00, 0x7ffc24d70a10, 3) = -1 EINVAL (Invalid argument)",
	  .raw = "fsconfig(-100, 0x6, 0x7ffc24d70a00, 0x7ffc24d70a10, 3) = -1 EINVAL (Invalid argument)",
	  .verb = "fsconfig(-100, 0x6 /* FSCONFIG_CMD_CREATE */, 0x7ffc24d70a00, 0x7ffc24d70a10, 3) = -1 EINVAL (Invalid argument)" },
	/* mount_setattr's attributes: IDMAP and NOSYMFOLLOW by name there
	 * (not fsmount's), strace 6.1's mount_setattr test */
	{ .c = { .nr = 442, .a = { NEG(-1), 0, 0, P, 32 }, .ret = NEG(-22),
		 .cap = { CAP_ARR(3, uint64_t, { 0x300001, 0, 0x40000, 9 }) } },
	  .def = "mount_setattr(-1, NULL, 0, {attr_set=MOUNT_ATTR_RDONLY|MOUNT_ATTR_IDMAP|MOUNT_ATTR_NOSYMFOLLOW, attr_clr=0, propagation=MS_PRIVATE, userns_fd=9}, 32) = -1 EINVAL (Invalid argument)",
	  .raw = "mount_setattr(-1, NULL, 0, {attr_set=0x300001, attr_clr=0, propagation=0x40000, userns_fd=9}, 32) = -1 EINVAL (Invalid argument)",
	  .verb = "mount_setattr(-1, NULL, 0, {attr_set=0x300001 /* MOUNT_ATTR_RDONLY|MOUNT_ATTR_IDMAP|MOUNT_ATTR_NOSYMFOLLOW */, attr_clr=0, propagation=0x40000 /* MS_PRIVATE */, userns_fd=9}, 32) = -1 EINVAL (Invalid argument)" },
	/* futex_waitv's waiters (strace 6.1's futex_waitv test) */
	{ .c = { .nr = 449, .a = { P, 0xdefaced00000000ull, 1, 0, 1 }, .ret = NEG(-22) },
	  .def = "futex_waitv([], 0, 0x1, NULL, CLOCK_MONOTONIC) = -1 EINVAL (Invalid argument)",
	  .raw = "futex_waitv([], 0, 0x1, NULL, 0x1)      = -1 EINVAL (Invalid argument)",
	  .verb = "futex_waitv([], 0, 0x1, NULL, 0x1 /* CLOCK_MONOTONIC */) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = 449, .a = { P, 2, 0, 0, 1 }, .ret = EFAULT_,
		 .cap = { CAP_ARR(0, uint64_t, { UINT64_MAX, 0, 0xffffffff00000082ull }) } },
	  .def = "futex_waitv([{val=0xffffffffffffffff, uaddr=NULL, flags=FUTEX_32|FUTEX_PRIVATE_FLAG, __reserved=0xffffffff}, ... /* 0x7ffc24d70a18 */], 2, 0, NULL, CLOCK_MONOTONIC) = -1 EFAULT (Bad address)",
	  .raw = "futex_waitv([{val=0xffffffffffffffff, uaddr=NULL, flags=FUTEX_32|FUTEX_PRIVATE_FLAG, __reserved=0xffffffff}, ... /* 0x7ffc24d70a18 */], 2, 0, NULL, 0x1) = -1 EFAULT (Bad address)",
	  .verb = "futex_waitv([{val=0xffffffffffffffff, uaddr=NULL, flags=FUTEX_32|FUTEX_PRIVATE_FLAG, __reserved=0xffffffff}, ... /* 0x7ffc24d70a18 */], 2, 0, NULL, 0x1 /* CLOCK_MONOTONIC */) = -1 EFAULT (Bad address)" },
	/* unshare's and setns's flags, process_mrelease's, ioperm's (strace
	 * 6.1, Debian 12) */
	{ .c = { .nr = SYS_unshare, .a = { 0xdeadcaf5 }, .ret = NEG(-22) },
	  .def = "unshare(CLONE_NEWTIME|CLONE_FS|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_NEWCGROUP|CLONE_NEWUTS|CLONE_NEWIPC|CLONE_NEWUSER|CLONE_NEWNET|0x80a8c075) = -1 EINVAL (Invalid argument)",
	  .raw = "unshare(0xdeadcaf5)                     = -1 EINVAL (Invalid argument)",
	  .verb = "unshare(0xdeadcaf5 /* CLONE_NEWTIME|CLONE_FS|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_NEWCGROUP|CLONE_NEWUTS|CLONE_NEWIPC|CLONE_NEWUSER|CLONE_NEWNET|0x80a8c075 */) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_setns, .a = { NEG(-1), 0x81fdff7f }, .ret = EBADF_ },
	  .def = "setns(-1, 0x81fdff7f /* CLONE_NEW??? */) = -1 EBADF (Bad file descriptor)",
	  .raw = "setns(-1, 0x81fdff7f)                   = -1 EBADF (Bad file descriptor)",
	  .verb = "setns(-1, 0x81fdff7f /* CLONE_NEW??? */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_setns, .a = { NEG(-1), 0x80 }, .ret = EBADF_ },
	  .def = "setns(-1, CLONE_NEWTIME)                = -1 EBADF (Bad file descriptor)",
	  .raw = "setns(-1, 0x80)                         = -1 EBADF (Bad file descriptor)",
	  .verb = "setns(-1, 0x80 /* CLONE_NEWTIME */)     = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = 448, .a = { 0, 0xfacefeed }, .ret = NEG(-22) },
	  .def = "process_mrelease(0, 0xfacefeed)         = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_ioperm, .a = { 0xdeafbeefffffffffull, 1, 0 }, .ret = NEG(-38) },
	  .def = "ioperm(0xdeafbeefffffffff, 0x1, 0)      = -1 ENOSYS (Function not implemented)" },
	/* arch_prctl's second argument by option (strace 6.1, Debian 12) */
	{ .c = { .nr = SYS_arch_prctl, .a = { 0x1003, P }, .cap = { CAP_ARR(1, uint64_t, { 0x7fe41d69d740ull }) } },
	  .def = "arch_prctl(ARCH_GET_FS, [0x7fe41d69d740]) = 0",
	  .raw = "arch_prctl(0x1003, [0x7fe41d69d740])    = 0",
	  .verb = "arch_prctl(0x1003 /* ARCH_GET_FS */, [0x7fe41d69d740]) = 0" },
	{ .c = { .nr = SYS_arch_prctl, .a = { 0x1004, 0 }, .ret = EFAULT_ },
	  .def = "arch_prctl(ARCH_GET_GS, NULL)           = -1 EFAULT (Bad address)",
	  .raw = "arch_prctl(0x1004, NULL)                = -1 EFAULT (Bad address)",
	  .verb = "arch_prctl(0x1004 /* ARCH_GET_GS */, NULL) = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_arch_prctl, .a = { 0x1021, P }, .cap = { CAP_ARR(1, uint64_t, { 7 }) } },
	  .def = "arch_prctl(ARCH_GET_XCOMP_SUPP, [0x7 /* XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM */]) = 0",
	  .raw = "arch_prctl(0x1021, [0x7])               = 0",
	  .verb = "arch_prctl(0x1021 /* ARCH_GET_XCOMP_SUPP */, [0x7 /* XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM */]) = 0" },
	{ .c = { .nr = SYS_arch_prctl, .a = { 0x1023, 0x12 }, .ret = NEG(-95) },
	  .def = "arch_prctl(ARCH_REQ_XCOMP_PERM, 0x12 /* XFEATURE_XTILE_DATA */) = -1 EOPNOTSUPP (Operation not supported)",
	  .raw = "arch_prctl(0x1023, 0x12)                = -1 EOPNOTSUPP (Operation not supported)",
	  .verb = "arch_prctl(0x1023 /* ARCH_REQ_XCOMP_PERM */, 0x12 /* XFEATURE_XTILE_DATA */) = -1 EOPNOTSUPP (Operation not supported)" },
	{ .c = { .nr = SYS_arch_prctl, .a = { 0x1011, 0xdeadc0de }, .ret = 1 },
	  .def = "arch_prctl(ARCH_GET_CPUID)              = 1",
	  .raw = "arch_prctl(0x1011)                      = 1",
	  .verb = "arch_prctl(0x1011 /* ARCH_GET_CPUID */) = 1" },
	/* prctl's CPU-feature options (strace 6.1 -X abbrev|raw|verbose on
	 * a program making these calls, Debian 12) */
	{ .c = { .nr = SYS_prctl, .a = { 50, 0xfacefeedull, 1, 2, 3 }, .ret = NEG(-22) },
	  .def = "prctl(PR_SVE_SET_VL, PR_SVE_SET_VL_ONEXEC|PR_SVE_VL_INHERIT|0xfac80000|0xfeed) = -1 EINVAL (Invalid argument)",
	  .raw = "prctl(0x32, 0xfacefeed)                 = -1 EINVAL (Invalid argument)",
	  .verb = "prctl(0x32 /* PR_SVE_SET_VL */, 0xfacefeed /* PR_SVE_SET_VL_ONEXEC|PR_SVE_VL_INHERIT|0xfac80000|0xfeed */) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_prctl, .a = { 63, 0x10000, 1, 2, 3 }, .ret = NEG(-22) },
	  .def = "prctl(PR_SME_SET_VL, 0x10000|0)         = -1 EINVAL (Invalid argument)",
	  .raw = "prctl(0x3f, 0x10000)                    = -1 EINVAL (Invalid argument)",
	  .verb = "prctl(0x3f /* PR_SME_SET_VL */, 0x10000 /* 0x10000|0 */) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_prctl, .a = { 55, 0x57ae57f4, 1, 2, 3 }, .ret = NEG(-22) },
	  .def = "prctl(PR_SET_TAGGED_ADDR_CTRL, !PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_ASYNC|0xcafe<<PR_MTE_TAG_SHIFT|0x57a80000, 0x1, 0x2, 0x3) = -1 EINVAL (Invalid argument)",
	  .raw = "prctl(0x37, 0x57ae57f4, 0x1, 0x2, 0x3)  = -1 EINVAL (Invalid argument)",
	  .verb = "prctl(0x37 /* PR_SET_TAGGED_ADDR_CTRL */, 0x57ae57f4 /* !PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_ASYNC|0xcafe<<PR_MTE_TAG_SHIFT|0x57a80000 */, 0x1, 0x2, 0x3) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_prctl, .a = { 54, 0x20 }, .ret = NEG(-22) },
	  .def = "prctl(PR_PAC_RESET_KEYS, 0x20 /* PR_PAC_??? */, 0, 0, 0) = -1 EINVAL (Invalid argument)",
	  .raw = "prctl(0x36, 0x20, 0, 0, 0)              = -1 EINVAL (Invalid argument)",
	  .verb = "prctl(0x36 /* PR_PAC_RESET_KEYS */, 0x20 /* PR_PAC_??? */, 0, 0, 0) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_prctl, .a = { 60, 7, 0, 0, 1 }, .ret = NEG(-22) },
	  .def = "prctl(PR_PAC_SET_ENABLED_KEYS, PR_PAC_APIAKEY|PR_PAC_APIBKEY|PR_PAC_APDAKEY, 0, 0, 0x1) = -1 EINVAL (Invalid argument)",
	  .raw = "prctl(0x3c, 0x7, 0, 0, 0x1)             = -1 EINVAL (Invalid argument)",
	  .verb = "prctl(0x3c /* PR_PAC_SET_ENABLED_KEYS */, 0x7 /* PR_PAC_APIAKEY|PR_PAC_APIBKEY|PR_PAC_APDAKEY */, 0, 0, 0x1) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_prctl, .a = { 59, 2, 1, 1, 0 } },
	  .def = "prctl(PR_SET_SYSCALL_USER_DISPATCH, 0x2 /* PR_SYS_DISPATCH_??? */, 0x1, 0x1, NULL) = 0",
	  .raw = "prctl(0x3b, 0x2, 0x1, 0x1, NULL)        = 0",
	  .verb = "prctl(0x3b /* PR_SET_SYSCALL_USER_DISPATCH */, 0x2 /* PR_SYS_DISPATCH_??? */, 0x1, 0x1, NULL) = 0" },
	{ .c = { .nr = SYS_seccomp, .a = { NEG(-1), NEG(-1), 0xfacefeeddeadbeefull }, .ret = NEG(-22) },
	  .def = "seccomp(0xffffffff /* SECCOMP_SET_MODE_??? */, 0xffffffff, 0xfacefeeddeadbeef) = -1 EINVAL (Invalid argument)",
	  .raw = "seccomp(0xffffffff, 0xffffffff, 0xfacefeeddeadbeef) = -1 EINVAL (Invalid argument)",
	  .verb = "seccomp(0xffffffff /* SECCOMP_SET_MODE_??? */, 0xffffffff, 0xfacefeeddeadbeef) = -1 EINVAL (Invalid argument)" },
	{ .c = { .nr = SYS_seccomp, .a = { 0xfacefeed00000003ull, 0xdeadbeefdeadbeefull, 0 },
		 .ret = NEG(-22) },
	  .def = "seccomp(SECCOMP_GET_NOTIF_SIZES, 0xdeadbeef, NULL) = -1 EINVAL (Invalid argument)",
	  .raw = "seccomp(0x3, 0xdeadbeef, NULL)          = -1 EINVAL (Invalid argument)",
	  .verb = "seccomp(0x3 /* SECCOMP_GET_NOTIF_SIZES */, 0xdeadbeef, NULL) = -1 EINVAL (Invalid argument)" },
};

/* A trace of several processes through one formatter: each record's
 * output (possibly none) against strace's. */
static struct harness h;
static uint64_t now = 5000000000;

static void call(uint32_t pid, const struct sc *c, const char *want, int line)
{
	check_line(__FILE__, line, "", harness_call(&h, c, pid, pid, now += 1000), want, c->bug);
}

#define CALL(pid, want, ...) call(pid, &(struct sc){ __VA_ARGS__ }, want, __LINE__)

static void expect(const char *got, const char *want, int line)
{
	check_line(__FILE__, line, "", got, want, false);
}

static void quiet(const char *got, int line)
{
	if (!*got)
		check_passed++;
	else {
		check_failed++;
		fprintf(stderr, "%s:%d: FAILED: printed \"%s\", want nothing\n", __FILE__, line, got);
	}
}

static void signal_ev(uint32_t pid, int sig, const struct test_siginfo *si, const char *want, int line)
{
	size_t n = build_signal(h.buf, pid, pid, now += 1000, sig, si, sizeof(*si));

	expect(harness_feed(&h, h.buf, n), want, line);
}

static void exit_ev(uint32_t pid, int status, const char *want, int line)
{
	size_t n = build_exit(h.buf, pid, pid, now += 1000, status);

	expect(harness_feed(&h, h.buf, n), want, line);
}

static void fork_ev(uint32_t parent, uint32_t child, int line)
{
	size_t n = build_fork(h.buf, parent, parent, now += 1000, child, child);

	quiet(harness_feed(&h, h.buf, n), line);
}

#define CLONE_FL (0x1200000 | SIGCHLD)
static const struct test_siginfo chld_exited = { SIGCHLD, 0, CLD_EXITED, 0,
	.u.chld = { 325, 0, 7, 0, 0, 0 } };
static const struct test_siginfo chld_killed = { SIGCHLD, 0, CLD_KILLED, 0,
	.u.chld = { 326, 0, SIGTERM, 0, 0, 0 } };
static const struct test_siginfo term_tkill = { SIGTERM, 0, SI_TKILL, 0, .u.rt = { 326, 0, 0 } };

/* execve in two halves: the entry (path, argv, the environment's size)
 * prints nothing, the exit prints the whole call */
static void execve_ev(uint32_t pid, const char *path, int64_t ret, const char *want, int line)
{
	struct sc entry = { .nr = SYS_execve, .a = { 0x55550000a000, 0x7ffcad6f2000, 0x7ffcad6f20b0 },
			    .flags = EVF_ENTRY, .aux = 2,
			    .cap = { CAP_MEM(0, path, strlen(path)), CAP_ARG(1, "./g_procs"), CAP_ARG(1, "7") } };
	struct sc exit = { .nr = SYS_execve, .ret = ret, .flags = EVF_EXIT };

	quiet(harness_call(&h, &entry, pid, pid, now += 1000), line);
	expect(harness_call(&h, &exit, pid, pid, now += 1000), want, line);
}

/* strace -f (to stderr): "[pid N] " while more than one process lives */
static void trace_prefix(void)
{
	struct fmt_opts o = { .strsize = 32 };

	harness_start(&h, &o);
	fork_ev(322, 325, __LINE__);
	CALL(322, "clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7fed15b6ea10) = 325",
	     .nr = SYS_clone, .a = { CLONE_FL, 0, 0, 0x7fed15b6ea10 }, .ret = 325);
	execve_ev(325, "./g_procs", 0,
		  "[pid   325] execve(\"./g_procs\", [\"./g_procs\", \"7\"], 0x7ffcad6f20b0 /* 2 vars */) = 0", __LINE__);
	CALL(325, "[pid   325] exit_group(7)               = ?", .nr = SYS_exit_group, .a = { 7 },
	     .flags = EVF_NORETURN);
	exit_ev(325, 7 << 8, "[pid   325] +++ exited with 7 +++", __LINE__);
	CALL(322, "wait4(325, [{WIFEXITED(s) && WEXITSTATUS(s) == 7}], 0, NULL) = 325",
	     .nr = SYS_wait4, .a = { 325, P }, .ret = 325, .cap = { CAP_ARR(1, int, { 7 << 8 }) });
	signal_ev(322, SIGCHLD, &chld_exited, "--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=325, si_uid=0, si_status=7, si_utime=0, si_stime=0} ---", __LINE__);
	fork_ev(322, 326, __LINE__);
	CALL(322, "clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7fed15b6ea10) = 326",
	     .nr = SYS_clone, .a = { CLONE_FL, 0, 0, 0x7fed15b6ea10 }, .ret = 326);
	CALL(326, "[pid   326] set_robust_list(0x7fed15b6ea20, 24) = 0",
	     .nr = SYS_set_robust_list, .a = { 0x7fed15b6ea20, 24 });
	CALL(322, "[pid   322] wait4(-1, 0x7ffcad6f1dcc, WNOHANG|__WALL, NULL) = 0",
	     .nr = SYS_wait4, .a = { NEG(-1), 0x7ffcad6f1dcc, WNOHANG | __WALL }, .cap = { CAP_ARR(1, int, { 0 }) });
	CALL(326, "[pid   326] gettid()                    = 326", .nr = SYS_gettid, .ret = 326);
	CALL(326, "[pid   326] getpid()                    = 326", .nr = SYS_getpid, .ret = 326);
	CALL(326, "[pid   326] tgkill(326, 326, SIGTERM)   = 0", .nr = SYS_tgkill, .a = { 326, 326, SIGTERM });
	signal_ev(326, SIGTERM, &term_tkill, "[pid   326] --- SIGTERM {si_signo=SIGTERM, si_code=SI_TKILL, si_pid=326, si_uid=0} ---", __LINE__);
	exit_ev(326, SIGTERM, "[pid   326] +++ killed by SIGTERM +++", __LINE__);
	CALL(322, "wait4(-1, [{WIFSIGNALED(s) && WTERMSIG(s) == SIGTERM}], 0, NULL) = 326",
	     .nr = SYS_wait4, .a = { NEG(-1), P }, .ret = 326, .cap = { CAP_ARR(1, int, { SIGTERM }) });
	signal_ev(322, SIGCHLD, &chld_killed, "--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_KILLED, si_pid=326, si_uid=0, si_status=SIGTERM, si_utime=0, si_stime=0} ---", __LINE__);
	execve_ev(322, "/nonexistent", ENOENT_,
		  "execve(\"/nonexistent\", [\"./g_procs\", \"7\"], 0x7ffcad6f20b0 /* 2 vars */) = -1 ENOENT (No such file or directory)", __LINE__);
	CALL(322, "exit_group(3)                           = ?", .nr = SYS_exit_group, .a = { 3 },
	     .flags = EVF_NORETURN);
	exit_ev(322, 3 << 8, "+++ exited with 3 +++", __LINE__);
	harness_end(&h);
}

/* strace -f -o FILE: the pid on every line */
static void trace_pid_column(void)
{
	struct fmt_opts o = { .strsize = 32, .pid_column = true };
	static const struct test_siginfo usr1 = { SIGUSR1, 0, SI_USER, 0, .u.rt = { 311, 0, 0 } };
	static const struct test_siginfo exited = { SIGCHLD, 0, CLD_EXITED, 0,
		.u.chld = { 317, 0, 7, 0, 0, 0 } };

	harness_start(&h, &o);
	CALL(311, "311   getpid()                          = 311", .nr = SYS_getpid, .ret = 311);
	CALL(311, "311   kill(311, SIGUSR1)                = 0", .nr = SYS_kill, .a = { 311, SIGUSR1 });
	signal_ev(311, SIGUSR1, &usr1, "311   --- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=311, si_uid=0} ---", __LINE__);
	CALL(311, "311   rt_sigreturn({mask=[]})           = 0", .nr = SYS_rt_sigreturn, .a = { P },
	     .cap = { CAP_ARR(0, uint64_t, { 0 }) });
	fork_ev(311, 317, __LINE__);
	CALL(311, "311   clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f9c236a2a10) = 317",
	     .nr = SYS_clone, .a = { CLONE_FL, 0, 0, 0x7f9c236a2a10 }, .ret = 317);
	CALL(317, "317   set_robust_list(0x7f9c236a2a20, 24) = 0",
	     .nr = SYS_set_robust_list, .a = { 0x7f9c236a2a20, 24 });
	CALL(317, "317   exit_group(7)                     = ?", .nr = SYS_exit_group, .a = { 7 },
	     .flags = EVF_NORETURN);
	exit_ev(317, 7 << 8, "317   +++ exited with 7 +++", __LINE__);
	CALL(311, "311   wait4(317, [{WIFEXITED(s) && WEXITSTATUS(s) == 7}], 0, NULL) = 317",
	     .nr = SYS_wait4, .a = { 317, P }, .ret = 317, .cap = { CAP_ARR(1, int, { 7 << 8 }) });
	signal_ev(311, SIGCHLD, &exited, "311   --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=317, si_uid=0, si_status=7, si_utime=0, si_stime=0} ---", __LINE__);
	CALL(311, "311   exit_group(3)                     = ?", .nr = SYS_exit_group, .a = { 3 },
	     .flags = EVF_NORETURN);
	exit_ev(311, 3 << 8, "311   +++ exited with 3 +++", __LINE__);
	harness_end(&h);
}

/* Calls in flight when tracing began or ended: strace's two halves of a
 * split call, as it printed them for a child in pause() (unfinished.c);
 * -v: the environment's strings */
static void trace_unfinished(void)
{
	struct fmt_opts o = { .strsize = 32, .always_prefix = true };
	static const struct test_siginfo usr1 = { SIGUSR1, 0, SI_USER, 0, .u.rt = { 830, 0, 0 } };
	struct sc entry = { .nr = SYS_execve, .a = { 0x55550000a000, 0x7ffcad6f2000, 0x7ffcad6f20b0 },
			    .flags = EVF_ENTRY, .aux = 2,
			    .cap = { CAP_STR(0, "./g_procs"), CAP_ARG(1, "./g_procs"), CAP_ARG(1, "7"),
				     CAP_ARG(2, "A=1"), CAP_ARG(2, "HOME=/root") } };

	harness_start(&h, &o);
	CALL(831, "[pid   831] <... pause resumed>)        = ? ERESTARTNOHAND (To be restarted if no handler)",
	     .nr = SYS_pause, .ret = NEG(-514), .flags = EVF_RESUMED);
	signal_ev(831, SIGUSR1, &usr1, "[pid   831] --- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=830, si_uid=0} ---", __LINE__);
	CALL(831, "[pid   831] rt_sigreturn({mask=[]})     = -1 EINTR (Interrupted system call)",
	     .nr = SYS_rt_sigreturn, .a = { P }, .ret = NEG(-4), .cap = { CAP_ARR(0, uint64_t, { 0 }) });
	CALL(831, "[pid   831] pause( <unfinished ...>", .nr = SYS_pause, .flags = EVF_UNFINISHED);
	/* an execve whose exit half never came: printed at the end */
	decode_set_verbose(true);
	quiet(harness_call(&h, &entry, 832, 832, now += 1000), __LINE__);
	formatter_finish(h.f);
	expect(harness_take(&h), "[pid   832] execve(\"./g_procs\", [\"./g_procs\", \"7\"], [\"A=1\", \"HOME=/root\"] <unfinished ...>", __LINE__);
	/* the same with its exit half: -v's environment, from strace -f -v */
	quiet(harness_call(&h, &entry, 832, 832, now += 1000), __LINE__);
	CALL(832, "[pid   832] execve(\"./g_procs\", [\"./g_procs\", \"7\"], [\"A=1\", \"HOME=/root\"]) = 0",
	     .nr = SYS_execve, .flags = EVF_EXIT);
	decode_set_verbose(false);
	harness_end(&h);
}

/* Losses: marked where they happened (docs/design.md, "Lost events") */
static void trace_lost(void)
{
	struct fmt_opts o = { .strsize = 32 };
	struct sc c = { .nr = SYS_getpid, .ret = 311 };
	size_t n;

	harness_start(&h, &o);
	n = build_syscall(h.buf, &c, 311, 311, now += 1000);
	((struct ev_header *)h.buf)->lost = 3;
	expect(harness_feed(&h, h.buf, n), "strobe: 3 events lost here (ring buffer full; raise -m)\n"
	       "getpid()                                = 311", __LINE__);
	CHECK(formatter_lost(h.f) == 3);
	n = build_exit(h.buf, 311, 311, now += 1000, 0);
	((struct ev_header *)h.buf)->lost = 1;
	expect(harness_feed(&h, h.buf, n), "strobe: 1 events lost here (ring buffer full; raise -m)\n"
	       "+++ exited with 0 +++", __LINE__);
	/* the kernel counted 10: 6 more after the last record */
	formatter_lost_tail(h.f, 10);
	expect(harness_take(&h), "strobe: 6 events lost here (ring buffer full; raise -m)", __LINE__);
	CHECK(formatter_lost(h.f) == 10);
	formatter_lost_tail(h.f, 10);
	quiet(harness_take(&h), __LINE__);
	/* malformed records are counted, not printed */
	((struct ev_header *)h.buf)->lost = 0;
	((struct ev_header *)h.buf)->size = 4;
	((struct ev_header *)h.buf)->kind = EV_SYSCALL;
	quiet(harness_feed(&h, h.buf, sizeof(struct ev_header)), __LINE__);
	((struct ev_header *)h.buf)->kind = 99;
	((struct ev_header *)h.buf)->size = sizeof(struct ev_header);
	quiet(harness_feed(&h, h.buf, sizeof(struct ev_header)), __LINE__);
	CHECK(formatter_malformed(h.f) == 2);
	harness_end(&h);
}

/* Timestamps: strace -ttt -T, -tt, -t, -r and -t -r on the first three
 * calls of unfinished.c, at the times (UTC) and durations strace printed;
 * the formatter's clock is set so that CLOCK_MONOTONIC is CLOCK_REALTIME */
struct stamped {
	struct fmt_opts o;
	uint64_t ts[3], dur[3];
	uint64_t envp, brk, mmap;
	const char *want[3];
};

static const struct stamped stamped[] = {
	{ { .timestamps = 3, .syscall_times = true, .strsize = 32 },
	  { 1795437776748302123, 1795437776748669999, 1795437776748937000 },
	  { 221000, 12345, 19999 }, 0x7ffd86fd5bc0, 0x556424bfd000, 0x7fd929543000,
	  { "1795437776.748302 execve(\"./g_unf\", [\"./g_unf\"], 0x7ffd86fd5bc0 /* 37 vars */) = 0 <0.000221>",
	    "1795437776.748669 brk(NULL)             = 0x556424bfd000 <0.000012>",
	    "1795437776.748937 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7fd929543000 <0.000019>" } },
	{ { .timestamps = 2, .strsize = 32 },
	  { 1795437776858143000, 1795437776858611000, 1795437776859015000 }, { 0 },
	  0x7ffde0e34578, 0x5624f3f08000, 0x7ff9d7a65000,
	  { "12:42:56.858143 execve(\"./g_unf\", [\"./g_unf\"], 0x7ffde0e34578 /* 37 vars */) = 0",
	    "12:42:56.858611 brk(NULL)               = 0x5624f3f08000",
	    "12:42:56.859015 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7ff9d7a65000" } },
	{ { .timestamps = 1, .strsize = 32 },
	  { 1795437776100000000, 1795437776200000000, 1795437776300000000 }, { 0 },
	  0x7ffd0b00e928, 0x559d34713000, 0x7f34647c8000,
	  { "12:42:56 execve(\"./g_unf\", [\"./g_unf\"], 0x7ffd0b00e928 /* 37 vars */) = 0",
	    "12:42:56 brk(NULL)                      = 0x559d34713000",
	    "12:42:56 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f34647c8000" } },
	{ { .relative = true, .strsize = 32 },
	  { 7000000000, 7000688000, 7001207000 }, { 0 },
	  0x7ffefc2328c8, 0x556e5d586000, 0x7faa4ac1c000,
	  { "     0.000000 execve(\"./g_unf\", [\"./g_unf\"], 0x7ffefc2328c8 /* 37 vars */) = 0",
	    "     0.000688 brk(NULL)                 = 0x556e5d586000",
	    "     0.000519 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7faa4ac1c000" } },
	{ { .timestamps = 1, .relative = true, .strsize = 32 },
	  { 1795437777000001000, 1795437777000369000, 1795437777000696000 }, { 0 },
	  0x7ffcaa9b5380, 0x5636beeff000, 0x7f7feca7b000,
	  { "12:42:57 (+     0.000000) execve(\"./g_unf\", [\"./g_unf\"], 0x7ffcaa9b5380 /* 37 vars */) = 0",
	    "12:42:57 (+     0.000368) brk(NULL)     = 0x5636beeff000",
	    "12:42:57 (+     0.000327) mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f7feca7b000" } },
};

static void trace_times(void)
{
	for (size_t i = 0; i < sizeof(stamped) / sizeof(stamped[0]); i++) {
		const struct stamped *t = &stamped[i];
		struct sc entry = { .nr = SYS_execve, .a = { 0x55550000a000, 0x7ffd00000000, t->envp },
				    .flags = EVF_ENTRY, .aux = 37,
				    .cap = { CAP_STR(0, "./g_unf"), CAP_ARG(1, "./g_unf") } };
		struct sc exit = { .nr = SYS_execve, .flags = EVF_EXIT, .dur = t->dur[0] };
		struct sc brk = { .nr = SYS_brk, .ret = t->brk, .dur = t->dur[1] };
		struct sc mmap = { .nr = SYS_mmap, .a = { 0, 8192, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, NEG(-1), 0 }, .ret = t->mmap, .dur = t->dur[2] };

		harness_start(&h, &t->o);
		quiet(harness_call(&h, &entry, 842, 842, t->ts[0]), __LINE__);
		expect(harness_call(&h, &exit, 842, 842, t->ts[0] + t->dur[0]), t->want[0], __LINE__);
		expect(harness_call(&h, &brk, 842, 842, t->ts[1]), t->want[1], __LINE__);
		expect(harness_call(&h, &mmap, 842, 842, t->ts[2]), t->want[2], __LINE__);
		harness_end(&h);
	}
}

/* strace's precisions (--absolute-timestamps=FORMAT,PRECISION,
 * --relative-timestamps=, --syscall-times=): brk and mmap of /bin/true as
 * strace 6.1 printed them (TZ=UTC), at the times and durations it printed */
struct precise {
	struct fmt_opts o;
	uint64_t ts[2], dur[2], brk, mmap;
	const char *want[2];
};

static const struct precise precise[] = {
	{ { .timestamps = 3, .ts_prec = PREC_NS, .syscall_times = true, .times_prec = PREC_NS,
	    .strsize = 32 },
	  { 1795801668804343252, 1795801668804656315 }, { 13354, 16401 }, 0x556d9d3b7000,
	  0x7fd54da05000,
	  { "1795801668.804343252 brk(NULL)          = 0x556d9d3b7000 <0.000013354>",
	    "1795801668.804656315 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7fd54da05000 <0.000016401>" } },
	{ { .timestamps = 1, .ts_prec = PREC_MS, .syscall_times = true, .times_prec = PREC_MS,
	    .strsize = 32 },
	  { 1795801668841000000, 1795801668841000000 }, { 1000, 1000 }, 0x563e27400000,
	  0x7f9d6a2be000,
	  { "17:47:48.841 brk(NULL)                  = 0x563e27400000 <0.000>",
	    "17:47:48.841 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f9d6a2be000 <0.000>" } },
	{ { .relative = true, .rel_prec = PREC_NS, .strsize = 32 },
	  { 7000000000, 7000275544 }, { 0 }, 0x561e6c888000, 0x7f2f754b9000,
	  { "     0.000000000 brk(NULL)              = 0x561e6c888000",
	    "     0.000275544 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f2f754b9000" } },
	{ { .timestamps = 3, .ts_prec = PREC_S, .syscall_times = true, .times_prec = PREC_S,
	    .strsize = 32 },
	  { 1795801668000000000, 1795801668000000000 }, { 1000, 1000 }, 0x55846c4aa000,
	  0x7f989f1da000,
	  { "1795801668 brk(NULL)                    = 0x55846c4aa000 <0>",
	    "1795801668 mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f989f1da000 <0>" } },
	{ { .timestamps = 1, .relative = true, .rel_prec = PREC_MS, .strsize = 32 },
	  { 1795801668000000000, 1795801668000000000 }, { 0 }, 0x564425c38000, 0x7fc5c2e03000,
	  { "17:47:48 (+     0.000) brk(NULL)        = 0x564425c38000",
	    "17:47:48 (+     0.000) mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7fc5c2e03000" } },
};

static void trace_precisions(void)
{
	for (size_t i = 0; i < sizeof(precise) / sizeof(precise[0]); i++) {
		const struct precise *t = &precise[i];
		struct sc brk = { .nr = SYS_brk, .ret = t->brk, .dur = t->dur[0] };
		struct sc mmap = { .nr = SYS_mmap, .a = { 0, 8192, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, NEG(-1), 0 }, .ret = t->mmap, .dur = t->dur[1] };

		harness_start(&h, &t->o);
		expect(harness_call(&h, &brk, 842, 842, t->ts[0]), t->want[0], __LINE__);
		expect(harness_call(&h, &mmap, 842, 842, t->ts[1]), t->want[1], __LINE__);
		harness_end(&h);
	}
}

/*
 * clone3 under -e inject=clone3:retval=42 (the call does not run): what
 * strace 6.1 printed for tests/unit/golden/clone3_x.c.  A struct of 96
 * bytes of which 88 are readable; pidfd, parent_tid and set_tid's pids
 * read from the process.  Captures in CK_CLONE_ARGS's order: the struct,
 * set_tid's pids, the int at pidfd, the int at parent_tid.
 */
static const uint64_t clone3_zero[11];
static const uint64_t clone3_pids[11] = {
	0x101000, 0x7ffffce3a41c, 0, 0x7ffffce3a418, SIGCHLD, 0, 0, 0, P, 2, 0,
};
static const struct row clone3_rows[] = {
	{ { .nr = SYS_clone3, .a = { 0x7f3fb31aefa8, 96 }, .ret = 42, .inj = INJ_INJECTED,
	    .cap = { CAP_MEM(0, clone3_zero, 88), CAP_MEM(0, NULL, 0), CAP_MEM(0, NULL, 0),
		     CAP_MEM(0, NULL, 0) } },
	  .def = "clone3({flags=0, exit_signal=0, stack=NULL, stack_size=0, ???} => {???}, 96) = 42 (INJECTED)" },
	{ { .nr = SYS_clone3, .a = { 0x7ffffce3a420, 88 }, .ret = 42, .inj = INJ_INJECTED,
	    .cap = { CAP_MEM(0, clone3_pids, 88), CAP_ARR(0, int32_t, { 7, 8 }),
		     CAP_ARR(0, int32_t, { (int32_t)0xbadc0ded }),
		     CAP_ARR(0, int32_t, { (int32_t)0xfeedbeef }) } },
	  .def = "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, pidfd=0x7ffffce3a41c, parent_tid=0x7ffffce3a418, exit_signal=SIGCHLD, stack=NULL, stack_size=0, set_tid=[7, 8], set_tid_size=2} => {pidfd=[-1159983635], parent_tid=[-17973521]}, 88) = 42 (INJECTED)",
	  .raw = "clone3({flags=0x101000, pidfd=0x7ffffce3a41c, parent_tid=0x7ffffce3a418, exit_signal=17, stack=NULL, stack_size=0, set_tid=[7, 8], set_tid_size=2} => {pidfd=[-1159983635], parent_tid=[-17973521]}, 88) = 42 (INJECTED)",
	  .verb = "clone3({flags=0x101000 /* CLONE_PIDFD|CLONE_PARENT_SETTID */, pidfd=0x7ffffce3a41c, parent_tid=0x7ffffce3a418, exit_signal=17 /* SIGCHLD */, stack=NULL, stack_size=0, set_tid=[7, 8], set_tid_size=2} => {pidfd=[-1159983635], parent_tid=[-17973521]}, 88) = 42 (INJECTED)" },
};

int main(void)
{
	setenv("TZ", "UTC", 1);
	tzset();
	RUN_ROWS(procs);
	RUN_ROWS(clone3_rows);
	trace_prefix();
	trace_pid_column();
	trace_unfinished();
	trace_lost();
	trace_times();
	trace_precisions();
	return CHECK_BUG_REPORT();
}
