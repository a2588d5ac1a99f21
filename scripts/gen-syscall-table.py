#!/usr/bin/env python3
"""Generate src/syscalls/table_x86_64.c, the x86_64 syscall table.

Sources of truth, both from the machine it runs on:
  * numbers: the kernel UAPI header asm/unistd_64.h (Debian's linux-libc-dev),
    plus scripts/syscalls-extra-x86_64.txt for calls newer than that header;
  * argument names and C types: the kernel's own syscall trace event formats
    in tracefs (events/syscalls/sys_enter_*/format), which the kernel builds
    from its SYSCALL_DEFINE macros.
Argument kinds (how strobe decodes an argument) are derived from those types
and names by the rules below, plus a few per-syscall overrides.  Run by hand
(make syscall-table) on a machine whose kernel is at least as new as the
header, and commit the result: the build never needs tracefs.
"""
import os
import re
import sys

TRACEFS = os.path.join(os.environ.get("TRACEFS", "/sys/kernel/tracing"), "events/syscalls")
UNISTD = "/usr/include/x86_64-linux-gnu/asm/unistd_64.h"
HERE = os.path.dirname(os.path.abspath(__file__))
EXTRA = os.path.join(HERE, "syscalls-extra-x86_64.txt")

# syscall name -> name of its trace event when the kernel's SYSCALL_DEFINE
# name differs from the user-visible name.
EVENT_ALIAS = {
    "stat": "newstat", "fstat": "newfstat", "lstat": "newlstat",
    "uname": "newuname", "newfstatat": "newfstatat", "umount2": "umount",
    "sendfile": "sendfile64",
}

PATH_NAMES = {"filename", "pathname", "oldname", "newname", "path",
              "specialfile", "to_pathname", "from_pathname", "put_old",
              "new_root", "special", "library", "dev_name", "dir_name"}
FD_NAMES = {"fd", "oldfd", "newfd", "fd_in", "fd_out", "epfd", "ufd",
            "out_fd", "in_fd", "fdin", "fdout", "mqdes", "pidfd",
            "ruleset_fd", "from_dfd", "to_dfd", "fs_fd", "mnt_fd",
            "watch_fd"}
DIRFD_NAMES = {"dfd", "olddfd", "newdfd", "dirfd"}

# Per-syscall overrides: (syscall, arg name) -> kind.
OVERRIDE = {
    ("open", "flags"): "OPEN_FLAGS", ("open", "mode"): "OPEN_MODE",
    ("openat", "flags"): "OPEN_FLAGS", ("openat", "mode"): "OPEN_MODE",
    ("creat", "mode"): "MODE", ("dup", "fildes"): "FD",
    ("futex", "op"): "FUTEX_OP", ("futex", "utime"): "TIMESPEC",
    ("clone3", "uargs"): "CLONE_ARGS:1",
    ("uname", "name"): "UTSNAME", ("sysinfo", "info"): "SYSINFO",
    ("statfs", "buf"): "STATFS", ("fstatfs", "buf"): "STATFS",
    ("mmap", "prot"): "PROT", ("mmap", "flags"): "MMAP_FLAGS",
    ("mmap", "off"): "OFF", ("mmap", "fd"): "FD", ("mmap", "addr"): "PTR",
    ("mprotect", "prot"): "PROT", ("pkey_mprotect", "prot"): "PROT",
    ("mprotect", "start"): "PTR", ("munmap", "addr"): "PTR",
    ("brk", "brk"): "PTR", ("mremap", "addr"): "PTR",
    ("access", "mode"): "ACCESS_MODE", ("faccessat", "mode"): "ACCESS_MODE",
    ("faccessat2", "mode"): "ACCESS_MODE",
    ("faccessat2", "flags"): "AT_FLAGS", ("newfstatat", "flag"): "AT_FLAGS",
    ("unlinkat", "flag"): "AT_FLAGS", ("fchownat", "flag"): "AT_FLAGS",
    ("linkat", "flags"): "AT_FLAGS", ("utimensat", "flags"): "AT_FLAGS",
    ("statx", "flags"): "AT_FLAGS", ("fchmodat2", "flags"): "AT_FLAGS",
    ("execveat", "flags"): "AT_FLAGS",
    ("execve", "argv"): "ARGV", ("execve", "envp"): "ENVP",
    ("execveat", "argv"): "ARGV", ("execveat", "envp"): "ENVP",
    ("kill", "sig"): "SIGNAL", ("tkill", "sig"): "SIGNAL",
    ("tgkill", "sig"): "SIGNAL", ("rt_sigaction", "sig"): "SIGNAL",
    ("pidfd_send_signal", "sig"): "SIGNAL", ("pidfd_send_signal", "info"): "SIGINFO",
    ("pidfd_send_signal", "flags"): "HEX32",
    ("arch_prctl", "arg2"): "ARCH_PRCTL_ARG", ("lseek", "offset"): "LONG",
    ("lseek", "whence"): "WHENCE",
    ("mkdir", "mode"): "MODE", ("mkdirat", "mode"): "MODE",
    ("chmod", "mode"): "MODE", ("fchmod", "mode"): "MODE",
    ("fchmodat", "mode"): "MODE", ("fchmodat2", "mode"): "MODE",
    ("mknod", "mode"): "MODE", ("mknodat", "mode"): "MODE",
    ("umask", "mask"): "MODE", ("memfd_create", "uname"): "MEMFD_NAME",
    ("sethostname", "name"): "STR", ("setdomainname", "name"): "STR",
    ("mount", "type"): "MOUNT_TYPE",
    # A kind is NAME[/out][:N], NAME a row of src/syscalls/argkinds.def:
    # /out when the call writes the argument, N the argument holding its
    # length or count.  Buffers: "BUF:N" has its length in argument N,
    # "BUF/out" in the return value; "STR/out" is a string the call writes.
    ("write", "buf"): "BUF:2", ("pwrite64", "buf"): "BUF:2",
    ("sendto", "buff"): "BUF:2", ("sethostname", "name"): "HOSTNAME:1",
    ("setdomainname", "name"): "HOSTNAME:1",
    ("read", "buf"): "BUF/out", ("pread64", "buf"): "BUF/out",
    ("recvfrom", "ubuf"): "BUF/out:2", ("readlink", "buf"): "BUF/out",
    ("readlinkat", "buf"): "BUF/out", ("getcwd", "buf"): "STR/out",
    # Structs read from the process (captured whole) and enums.
    ("stat", "statbuf"): "STAT", ("fstat", "statbuf"): "STAT",
    ("lstat", "statbuf"): "STAT", ("newfstatat", "statbuf"): "STAT",
    ("nanosleep", "rqtp"): "TIMESPEC", ("clock_nanosleep", "rqtp"): "TIMESPEC",
    ("nanosleep", "rmtp"): "REMAIN", ("clock_nanosleep", "rmtp"): "REMAIN",
    ("clock_gettime", "tp"): "TIMESPEC/out", ("clock_getres", "tp"): "TIMESPEC/out",
    ("clock_gettime", "which_clock"): "CLOCKID", ("clock_getres", "which_clock"): "CLOCKID",
    ("clock_nanosleep", "which_clock"): "CLOCKID",
    ("clock_nanosleep", "flags"): "TIMER_FLAGS",
    ("rt_sigaction", "act"): "SIGACTION", ("rt_sigaction", "oact"): "SIGACTION/out",
    ("rt_sigprocmask", "how"): "SIGMASK_HOW", ("rt_sigprocmask", "nset"): "SIGSET",
    ("rt_sigprocmask", "oset"): "SIGSET/out",
    ("rt_sigsuspend", "unewset"): "SIGSET", ("rt_sigpending", "uset"): "SIGSET_N/out:1",
    ("prlimit64", "resource"): "RLIMIT_RESOURCE", ("getrlimit", "resource"): "RLIMIT_RESOURCE",
    ("setrlimit", "resource"): "RLIMIT_RESOURCE",
    ("prlimit64", "new_rlim"): "RLIMIT", ("prlimit64", "old_rlim"): "RLIMIT/out",
    ("getrlimit", "rlim"): "RLIMIT/out", ("setrlimit", "rlim"): "RLIMIT",
    ("arch_prctl", "option"): "ARCH_PRCTL",
    ("wait4", "stat_addr"): "WAIT_STATUS", ("wait4", "options"): "WAIT_OPTIONS",
    ("clone", "clone_flags"): "CLONE_FLAGS",
    ("statx", "mask"): "STATX_MASK", ("statx", "buffer"): "STATX",
    ("rseq", "rseq"): "HEX", ("rseq", "rseq_len"): "HEX", ("rseq", "sig"): "HEX",
    ("ioctl", "cmd"): "IOCTL_REQ", ("ioctl", "arg"): "IOCTL_ARG",
    ("fcntl", "cmd"): "FCNTL_CMD", ("fcntl", "arg"): "FCNTL_ARG",
    ("socket", "family"): "SOCK_FAMILY", ("socket", "type"): "SOCK_TYPE",
    ("socket", "protocol"): "SOCK_PROTO", ("socketpair", "family"): "SOCK_FAMILY",
    ("socketpair", "type"): "SOCK_TYPE", ("socketpair", "protocol"): "SOCK_PROTO",
    ("socketpair", "usockvec"): "FD_PAIR",
    ("madvise", "start"): "PTR", ("madvise", "behavior"): "MADV",
    ("fadvise64", "advice"): "FADV", ("fadvise64", "offset"): "LONG",
    ("getrandom", "ubuf"): "BUF_HEX", ("getrandom", "flags"): "GRND",
    ("epoll_create1", "flags"): "EPOLL_FLAGS",
    ("pipe", "fildes"): "FD_PAIR", ("pipe2", "fildes"): "FD_PAIR",
    ("pipe2", "flags"): "FD_FLAGS",
    ("getdents64", "dirent"): "DIRENTS", ("getdents", "dirent"): "DIRENTS",
    ("connect", "uservaddr"): "SOCKADDR:2", ("bind", "umyaddr"): "SOCKADDR:2",
    ("sendto", "addr"): "SOCKADDR:5",
    ("getsockname", "usockaddr"): "SOCKADDR/out", ("getpeername", "usockaddr"): "SOCKADDR/out",
    ("accept", "upeer_sockaddr"): "SOCKADDR/out", ("accept4", "upeer_sockaddr"): "SOCKADDR/out",
    ("recvfrom", "addr"): "SOCKADDR/out",
    ("getsockname", "usockaddr_len"): "SOCKLEN", ("getpeername", "usockaddr_len"): "SOCKLEN",
    ("accept", "upeer_addrlen"): "SOCKLEN", ("accept4", "upeer_addrlen"): "SOCKLEN",
    ("recvfrom", "addr_len"): "SOCKLEN", ("accept4", "flags"): "SOCK_FLAGS",
    # Waiting for fds: arrays read at exit (the kernel only adds revents),
    # and structs the call rewrites, read at entry too.
    ("poll", "ufds"): "POLLFDS:1", ("ppoll", "ufds"): "POLLFDS:1",
    ("ppoll", "tsp"): "TIMESPEC_INOUT", ("ppoll", "sigmask"): "SIGSET:4",
    ("select", "inp"): "FDSET", ("select", "outp"): "FDSET", ("select", "exp"): "FDSET",
    ("select", "tvp"): "TIMEVAL_INOUT",
    ("pselect6", "inp"): "FDSET", ("pselect6", "outp"): "FDSET",
    ("pselect6", "exp"): "FDSET", ("pselect6", "tsp"): "TIMESPEC_INOUT",
    ("pselect6", "sig"): "PSEL_SIGMASK",
    ("epoll_ctl", "op"): "EPOLL_OP", ("epoll_ctl", "event"): "EPOLL_EVENT",
    ("epoll_wait", "events"): "EPOLL_EVENTS", ("epoll_pwait", "events"): "EPOLL_EVENTS",
    ("epoll_pwait2", "events"): "EPOLL_EVENTS", ("epoll_pwait", "sigmask"): "SIGSET/out:5",
    # (strace decodes the epoll_pwait calls at exit: a failed one's structs
    # are addresses, as for what a call writes)
    ("epoll_pwait2", "sigmask"): "SIGSET/out:5", ("epoll_pwait2", "timeout"): "TIMESPEC/out",
    # Scatter/gather: iovec arrays (count in argument N) with their data,
    # msghdrs with name, iovecs and control; the data read: up to the result.
    ("readv", "fd"): "FD", ("writev", "fd"): "FD", ("preadv", "fd"): "FD",
    ("pwritev", "fd"): "FD", ("preadv2", "fd"): "FD", ("pwritev2", "fd"): "FD",
    ("readv", "vec"): "IOV/out:2", ("preadv", "vec"): "IOV/out:2",
    ("preadv2", "vec"): "IOV/out:2", ("writev", "vec"): "IOV:2",
    ("pwritev", "vec"): "IOV:2", ("pwritev2", "vec"): "IOV:2",
    ("sendmsg", "msg"): "MSGHDR", ("recvmsg", "msg"): "MSGHDR/out",
    ("sendmsg", "flags"): "MSG_FLAGS", ("recvmsg", "flags"): "MSG_FLAGS",
    ("sendmmsg", "mmsg"): "MMSG:2", ("recvmmsg", "mmsg"): "MMSG/out",
    ("sendmmsg", "flags"): "MSG_FLAGS", ("recvmmsg", "flags"): "MSG_FLAGS",
    ("recvmmsg", "timeout"): "TIMESPEC",
    ("sendto", "flags"): "MSG_FLAGS", ("recvfrom", "flags"): "MSG_FLAGS",
    # socket options: level, name, value read (length in optlen) or written
    # (length where optlen points, after the call)
    ("setsockopt", "level"): "SOCKOPT_LEVEL", ("getsockopt", "level"): "SOCKOPT_LEVEL",
    ("setsockopt", "optname"): "SOCKOPT_NAME", ("getsockopt", "optname"): "SOCKOPT_NAME",
    ("setsockopt", "optval"): "SOCKOPT:4", ("getsockopt", "optval"): "SOCKOPT/out:4",
    ("getsockopt", "optlen"): "SOCKLEN",
    # Mounts, namespaces and other system calls (src/decode/system.c, mount.c)
    ("mount", "flags"): "MOUNT_FLAGS", ("mount", "data"): "MOUNT_DATA",
    ("umount2", "name"): "PATH", ("umount2", "flags"): "UMOUNT_FLAGS",
    ("unshare", "unshare_flags"): "UNSHARE_FLAGS", ("setns", "flags"): "NSTYPE",
    ("process_mrelease", "flags"): "HEX32", ("ioperm", "from"): "HEX", ("ioperm", "num"): "HEX",
    ("splice", "flags"): "SPLICE_FLAGS", ("tee", "flags"): "SPLICE_FLAGS",
    ("vmsplice", "flags"): "SPLICE_FLAGS", ("vmsplice", "uiov"): "IOV:2",
    ("mlockall", "flags"): "MLOCKALL_FLAGS", ("sync_file_range", "flags"): "SFR_FLAGS",
    ("pidfd_open", "flags"): "PIDFD_FLAGS", ("personality", "personality"): "PERSONALITY",
    # System V IPC and POSIX message queues (src/decode/ipc.c)
    ("shmget", "key"): "IPC_KEY", ("semget", "key"): "IPC_KEY", ("msgget", "key"): "IPC_KEY",
    ("shmget", "shmflg"): "SHM_GET_FLAGS", ("semget", "semflg"): "IPC_GET_FLAGS",
    ("msgget", "msgflg"): "IPC_GET_FLAGS", ("shmat", "shmflg"): "SHMAT_FLAGS",
    ("shmctl", "buf"): "IPC_CTL_BUF", ("msgctl", "buf"): "IPC_CTL_BUF",
    ("shmctl", "cmd"): "SHM_CMD", ("msgctl", "cmd"): "MSG_CMD", ("semctl", "cmd"): "SEM_CMD",
    ("semctl", "arg"): "IPC_CTL_BUF", ("semop", "tsops"): "SEMBUFS:2", ("semtimedop", "tsops"): "SEMBUFS:2",
    ("semtimedop", "timeout"): "TIMESPEC",
    ("msgsnd", "msgp"): "MSGBUF:2", ("msgrcv", "msgp"): "MSGBUF/out:2",
    ("msgsnd", "msgflg"): "MSG_IPC_FLAGS", ("msgrcv", "msgflg"): "MSG_IPC_FLAGS",
    ("mq_open", "oflag"): "OPEN_FLAGS", ("mq_open", "u_attr"): "MQ_OPEN_ATTR",
    ("mq_open", "mode"): "OPEN_MODE", ("mq_open", "u_name"): "PATH", ("mq_unlink", "u_name"): "PATH",
    ("mq_notify", "u_notification"): "SIGEVENT",
    ("mq_timedsend", "u_msg_ptr"): "BUF:2", ("mq_timedsend", "u_abs_timeout"): "TIMESPEC",
    ("mq_timedreceive", "u_msg_ptr"): "BUF/out", ("mq_timedreceive", "u_msg_prio"): "INTP/out",
    ("mq_timedreceive", "u_abs_timeout"): "TIMESPEC",
    ("mq_getsetattr", "u_mqstat"): "MQ_ATTR", ("mq_getsetattr", "u_omqstat"): "MQ_ATTR/out",
    # Processes and signals (src/decode/process.c, signals.c)
    ("sigaltstack", "uss"): "STACK", ("sigaltstack", "uoss"): "STACK/out",
    ("rt_sigtimedwait", "uthese"): "SIGSET", ("rt_sigtimedwait", "uinfo"): "SIGINFO/out",
    ("rt_sigtimedwait", "uts"): "TIMESPEC",
    ("signalfd", "user_mask"): "SIGSET", ("signalfd4", "user_mask"): "SIGSET",
    ("signalfd4", "flags"): "SIGNALFD_FLAGS",
    ("rt_sigqueueinfo", "sig"): "SIGNAL", ("rt_sigqueueinfo", "uinfo"): "SIGINFO",
    ("rt_tgsigqueueinfo", "sig"): "SIGNAL", ("rt_tgsigqueueinfo", "uinfo"): "SIGINFO",
    ("getpriority", "which"): "PRIO_WHICH", ("setpriority", "which"): "PRIO_WHICH",
    ("getresuid", "ruidp"): "INTP/out", ("getresuid", "euidp"): "INTP/out",
    ("getresuid", "suidp"): "INTP/out", ("getresgid", "rgidp"): "INTP/out",
    ("getresgid", "egidp"): "INTP/out", ("getresgid", "sgidp"): "INTP/out",
    ("getgroups", "grouplist"): "GROUPS/out", ("setgroups", "grouplist"): "GROUPS:0",
    ("capget", "header"): "CAP_HEADER", ("capget", "dataptr"): "CAP_DATA/out",
    ("capset", "header"): "CAP_HEADER", ("capset", "data"): "CAP_DATA",
    ("sched_getparam", "param"): "INTP/out", ("sched_setparam", "param"): "INTP",
    ("preadv", "pos_l"): "LONG", ("pwritev", "pos_l"): "LONG",
    ("preadv2", "pos_l"): "LONG", ("pwritev2", "pos_l"): "LONG",
    ("preadv", "pos_h"): "SKIP", ("pwritev", "pos_h"): "SKIP",
    ("preadv2", "pos_h"): "SKIP", ("pwritev2", "pos_h"): "SKIP",
    ("preadv2", "flags"): "RWF_FLAGS", ("pwritev2", "flags"): "RWF_FLAGS",
    ("membarrier", "cmd"): "MEMBARRIER_CMD", ("membarrier", "flags"): "MEMBARRIER_FLAGS", ("io_submit", "iocbpp"): "IOCBS:1",
    ("io_uring_register", "arg"): "URING_REGISTER_ARG:3",
    ("membarrier", "cpu_id"): "INT", ("name_to_handle_at", "flag"): "HANDLE_AT_FLAGS",
    ("shutdown", "how"): "SHUT_HOW", ("time", "tloc"): "TIME_T_OUT",
    ("sendfile", "offset"): "LOFF_INOUT",
    ("copy_file_range", "off_in"): "LOFF_IN", ("copy_file_range", "off_out"): "LOFF_IN",
    ("splice", "off_in"): "LOFF_IN", ("splice", "off_out"): "LOFF_IN",
    ("sched_rr_get_interval", "interval"): "TIMESPEC/out",
    ("listxattr", "list"): "BUF/out:2", ("llistxattr", "list"): "BUF/out:2",
    ("flistxattr", "list"): "BUF/out:2", ("pkey_alloc", "init_val"): "PKEY_RIGHTS",
    ("sched_get_priority_max", "policy"): "SCHED_POLICY",
    ("sched_get_priority_min", "policy"): "SCHED_POLICY",
    ("ioprio_set", "which"): "IOPRIO_WHICH", ("ioprio_get", "which"): "IOPRIO_WHICH",
    ("ioprio_set", "ioprio"): "IOPRIO",
    ("sched_setscheduler", "policy"): "SCHED_POLICY", ("sched_setscheduler", "param"): "INTP",
    ("waitid", "which"): "IDTYPE", ("waitid", "infop"): "SIGINFO/out",
    ("waitid", "options"): "WAITID_OPTIONS", ("finit_module", "flags"): "MODULE_INIT_FLAGS",
    ("memfd_secret", "flags"): "MEMFD_SECRET_FLAGS", ("clock_settime", "tp"): "TIMESPEC", ("futex_waitv", "flags"): "HEX",
    ("futex_waitv", "clockid"): "CLOCKID", ("futex_waitv", "waiters"): "FUTEX_WAITV:1",
    ("futex_waitv", "timeout"): "TIMESPEC", ("waitid", "ru"): "RUSAGE",
    ("rt_sigqueueinfo", "pid"): "INT", ("kill", "pid"): "INT",
    # More file calls (src/decode/files.c)
    ("flock", "cmd"): "FLOCK_OP", ("renameat2", "flags"): "RENAME_FLAGS",
    ("setxattr", "value"): "BUF:3", ("lsetxattr", "value"): "BUF:3",
    ("fsetxattr", "value"): "BUF:3", ("setxattr", "flags"): "XATTR_FLAGS",
    ("lsetxattr", "flags"): "XATTR_FLAGS", ("fsetxattr", "flags"): "XATTR_FLAGS",
    ("getxattr", "value"): "BUF/out:3", ("lgetxattr", "value"): "BUF/out:3",
    ("fgetxattr", "value"): "BUF/out:3",
    ("inotify_init1", "flags"): "INOTIFY_INIT_FLAGS", ("inotify_add_watch", "mask"): "INOTIFY_MASK",
    ("eventfd2", "flags"): "EVENTFD_FLAGS", ("memfd_create", "flags"): "MEMFD_FLAGS",
    ("dup3", "flags"): "FD_FLAGS", ("openat2", "how"): "OPEN_HOW:3",
    ("utimensat", "utimes"): "UTIMES", ("mknod", "mode"): "MKNOD_MODE",
    ("mknodat", "mode"): "MKNOD_MODE", ("mknod", "dev"): "MKNOD_DEV", ("mknodat", "dev"): "MKNOD_DEV",
    # Clocks, timers, resource usage (src/decode/time.c, process.c)
    ("gettimeofday", "tv"): "TIMEVAL/out", ("settimeofday", "tv"): "TIMEVAL",
    ("gettimeofday", "tz"): "TIMEZONE/out", ("settimeofday", "tz"): "TIMEZONE",
    ("timerfd_create", "clockid"): "CLOCKID", ("timerfd_create", "flags"): "TFD_FLAGS",
    ("timerfd_settime", "flags"): "TFD_TIMER_FLAGS", ("timerfd_settime", "utmr"): "ITIMERSPEC",
    ("timerfd_settime", "otmr"): "ITIMERSPEC/out", ("timerfd_gettime", "otmr"): "ITIMERSPEC/out",
    ("timer_create", "which_clock"): "CLOCKID", ("timer_create", "timer_event_spec"): "SIGEVENT",
    ("timer_create", "created_timer_id"): "INTP/out", ("timer_settime", "flags"): "TIMER_FLAGS",
    ("timer_settime", "new_setting"): "ITIMERSPEC", ("timer_settime", "old_setting"): "ITIMERSPEC/out",
    ("timer_gettime", "setting"): "ITIMERSPEC/out",
    ("setitimer", "which"): "ITIMER_WHICH", ("getitimer", "which"): "ITIMER_WHICH",
    ("setitimer", "value"): "ITIMERVAL", ("setitimer", "ovalue"): "ITIMERVAL/out",
    ("getitimer", "value"): "ITIMERVAL/out",
    ("getrusage", "who"): "RUSAGE_WHO", ("getrusage", "ru"): "RUSAGE", ("wait4", "ru"): "WAIT4_RUSAGE",
    ("times", "tbuf"): "TMS", ("sched_getaffinity", "user_mask_ptr"): "CPUMASK/out",
    ("sched_setaffinity", "user_mask_ptr"): "CPUMASK:1",
    # Memory: addresses as pointers, msync and mremap flags
    ("msync", "start"): "PTR", ("msync", "flags"): "MSYNC_FLAGS", ("mincore", "start"): "PTR",
    ("mincore", "vec"): "MINCORE_VEC/out",
    ("mlock", "start"): "PTR", ("munlock", "start"): "PTR", ("mlock2", "start"): "PTR",
    ("mremap", "flags"): "MREMAP_FLAGS", ("mremap", "new_addr"): "PTR",
    ("ptrace", "request"): "PTRACE_REQ", ("ptrace", "data"): "PTRACE_DATA",
    ("ptrace", "addr"): "PTRACE_ADDR",
    ("seccomp", "op"): "SECCOMP_OP", ("seccomp", "flags"): "SECCOMP_FLAGS",
    ("seccomp", "uargs"): "SECCOMP_ARGS", ("prctl", "arg3"): "PRCTL_ARG3",
    ("_sysctl", "args"): "SYSCTL_ARGS", ("set_thread_area", "u_info"): "USER_DESC",
    ("get_thread_area", "u_info"): "USER_DESC", ("modify_ldt", "ptr"): "USER_DESC",
    ("kexec_load", "entry"): "PTR", ("kexec_load", "segments"): "KEXEC_SEGMENTS:1",
    ("kexec_load", "flags"): "KEXEC_FLAGS", ("kexec_file_load", "flags"): "KEXEC_FILE_FLAGS",
    ("kexec_file_load", "cmdline"): "BUF:2",
    ("keyctl", "option"): "KEYCTL_CMD", ("keyctl", "arg2"): "KEYCTL_ARG",
    ("keyctl", "arg3"): "KEYCTL_ARG", ("keyctl", "arg4"): "KEYCTL_ARG",
    ("keyctl", "arg5"): "KEYCTL_ARG",
    ("add_key", "_payload"): "BUF:3", ("add_key", "ringid"): "KEY_SERIAL",
    ("request_key", "destringid"): "KEY_SERIAL",
    ("syslog", "type"): "SYSLOG_TYPE", ("syslog", "buf"): "SYSLOG_BUF/out:2",
    ("syslog", "len"): "SYSLOG_LEN",
    ("getcpu", "cpup"): "INTP/out", ("getcpu", "nodep"): "INTP/out",
    ("mlock2", "flags"): "MLOCK2_FLAGS", ("kcmp", "type"): "KCMP_TYPE",
    ("reboot", "magic1"): "REBOOT_MAGIC", ("reboot", "magic2"): "REBOOT_MAGIC",
    ("reboot", "cmd"): "REBOOT_CMD", ("reboot", "arg"): "REBOOT_ARG",
    ("quotactl", "cmd"): "QUOTA_CMD", ("quotactl", "id"): "QUOTA_ID",
    ("quotactl", "addr"): "QUOTA_ADDR:0", ("quotactl_fd", "cmd"): "QUOTA_CMD",
    ("quotactl_fd", "id"): "QUOTA_ID", ("quotactl_fd", "addr"): "QUOTA_ADDR:1",
    ("kcmp", "idx1"): "KCMP_IDX", ("kcmp", "idx2"): "KCMP_IDX",
    ("get_robust_list", "head_ptr"): "PTRP/out", ("get_robust_list", "len_ptr"): "ULONGP/out",
    ("io_setup", "ctxp"): "PTRP/out",
    ("userfaultfd", "flags"): "UFFD_FLAGS", ("fanotify_init", "flags"): "FAN_INIT_FLAGS",
    ("fanotify_init", "event_f_flags"): "OPEN_FLAGS", ("fsopen", "flags"): "FSOPEN_FLAGS",
    ("open_tree", "flags"): "OPEN_TREE_FLAGS",
    ("recvmmsg", "timeout"): "TIMESPEC_INOUT",
    ("fallocate", "mode"): "FALLOC_MODE", ("close_range", "flags"): "CLOSE_RANGE_FLAGS",
    # strace 6.1 shows close_range's first fd bare, even with -y
    ("close_range", "fd"): "UINT",
    ("remap_file_pages", "start"): "PTR", ("remap_file_pages", "prot"): "PROT",
    ("remap_file_pages", "flags"): "MMAP_FLAGS",
    # NUMA memory policies (src/decode/memory.c)
    ("mbind", "start"): "PTR", ("mbind", "mode"): "MPOL_MODE", ("mbind", "nmask"): "NODEMASK:4",
    ("mbind", "flags"): "MBIND_FLAGS", ("set_mempolicy", "mode"): "MPOL_MODE32",
    ("set_mempolicy", "nmask"): "NODEMASK:2", ("get_mempolicy", "policy"): "MPOL_MODEP/out",
    ("get_mempolicy", "nmask"): "NODEMASK/out:2", ("get_mempolicy", "addr"): "PTR",
    ("get_mempolicy", "flags"): "GET_MEMPOLICY_FLAGS",
    ("migrate_pages", "old_nodes"): "NODEMASK:1", ("migrate_pages", "new_nodes"): "NODEMASK:1",
    ("move_pages", "flags"): "MOVE_PAGES_FLAGS",
    ("move_pages", "pages"): "PAGE_ADDRS:1", ("move_pages", "nodes"): "NODE_IDS:1",
    ("move_pages", "status"): "PAGE_STATUS/out:1",
    ("set_mempolicy_home_node", "start"): "PTR", ("set_mempolicy_home_node", "flags"): "HEX",
    ("pkey_alloc", "flags"): "HEX",
    ("utimes", "utimes"): "TIMEVALS", ("futimesat", "utimes"): "TIMEVALS",
    ("utime", "times"): "UTIMBUF",
    ("swapon", "swap_flags"): "SWAP_FLAGS", ("ustat", "dev"): "MKNOD_DEV",
    ("landlock_create_ruleset", "attr"): "LANDLOCK_RULESET_ATTR",
    ("landlock_create_ruleset", "size"): "ULONG",
    ("landlock_create_ruleset", "flags"): "LANDLOCK_CREATE_FLAGS",
    ("landlock_add_rule", "rule_type"): "LANDLOCK_RULE_TYPE",
    ("landlock_add_rule", "rule_attr"): "LANDLOCK_RULE_ATTR", ("landlock_add_rule", "flags"): "HEX",
    ("landlock_restrict_self", "flags"): "HEX",
    # aio: the context is an address-like handle, shown in hex
    ("io_submit", "ctx_id"): "HEX", ("io_getevents", "ctx_id"): "HEX",
    ("io_pgetevents", "ctx_id"): "HEX", ("io_cancel", "ctx_id"): "HEX",
    ("io_destroy", "ctx"): "HEX", ("io_getevents", "events"): "IO_EVENTS/out",
    ("io_pgetevents", "events"): "IO_EVENTS/out", ("io_cancel", "iocb"): "IOCB", ("io_getevents", "timeout"): "TIMESPEC",
    ("io_pgetevents", "timeout"): "TIMESPEC", ("io_pgetevents", "usig"): "PSEL_SIGMASK",
    ("sched_setattr", "uattr"): "SCHED_ATTR", ("sched_getattr", "uattr"): "SCHED_ATTR/out",
    ("perf_event_open", "attr_uptr"): "PERF_ATTR", ("perf_event_open", "group_fd"): "FD",
    ("perf_event_open", "flags"): "PERF_FLAGS",
    ("io_uring_setup", "params"): "URING_PARAMS",
    ("io_uring_enter", "flags"): "URING_ENTER_FLAGS", ("io_uring_enter", "argp"): "URING_ARGP",
    ("io_uring_register", "opcode"): "URING_REGISTER_OP",
    ("adjtimex", "txc_p"): "TIMEX/out", ("clock_adjtime", "utx"): "TIMEX/out",
    ("clock_adjtime", "which_clock"): "CLOCKID", ("clock_settime", "which_clock"): "CLOCKID",
    ("pidfd_getfd", "flags"): "HEX",
    # another process's fd: a number, not one of this process's (-y)
    ("pidfd_getfd", "fd"): "INT", ("execveat", "fd"): "DIRFD",
    ("process_madvise", "vec"): "IOV_ADDRS:2",
    ("process_madvise", "behavior"): "MADV", ("process_madvise", "flags"): "HEX32",
    ("process_vm_readv", "lvec"): "IOV/out:2", ("process_vm_writev", "lvec"): "IOV:2",
    ("process_vm_readv", "rvec"): "IOV_ADDRS:4", ("process_vm_writev", "rvec"): "IOV_ADDRS:4",
    ("process_vm_readv", "pid"): "INT", ("process_vm_writev", "pid"): "INT",
    ("fanotify_mark", "flags"): "FAN_MARK_FLAGS", ("fanotify_mark", "mask"): "FAN_MARK_MASK",
    ("fsconfig", "cmd"): "FSCONFIG_CMD", ("fsconfig", "_value"): "FSCONFIG_VALUE",
    ("fsconfig", "aux"): "FSCONFIG_AUX", ("fsconfig", "_key"): "FSCONFIG_KEY",
    ("fsmount", "flags"): "FSMOUNT_FLAGS", ("fsmount", "attr_flags"): "MOUNT_ATTR_FLAGS",
    ("fspick", "flags"): "FSPICK_FLAGS", ("move_mount", "flags"): "MOVE_MOUNT_FLAGS",
    ("move_mount", "from_dfd"): "DIRFD", ("move_mount", "to_dfd"): "DIRFD",
    ("mount_setattr", "flags"): "AT_FLAGS", ("mount_setattr", "uattr"): "MOUNT_ATTR:4",
    ("pkey_mprotect", "start"): "PTR",
    ("bpf", "cmd"): "BPF_CMD", ("bpf", "uattr"): "BPF_ATTR:2",
    ("rseq", "flags"): "HEX",
    # clone writes the child's tid (CLONE_PARENT_SETTID) or a pidfd
    # (CLONE_PIDFD) there: strace shows it as "parent_tid=[N]"
    ("clone", "parent_tidptr"): "INTP/out",
    # prctl's arguments mean what the option says (src/decode/prctl.c)
    ("prctl", "option"): "PRCTL_OPTION", ("prctl", "arg2"): "PRCTL_ARG",
    ("prctl", "arg5"): "PRCTL_ARG5", ("delete_module", "flags"): "DELETE_MODULE_FLAGS",
}
# Arguments the kernel does not take but strace shows, filled in by the BPF
# side: rt_sigreturn's signal mask, read from the frame on the user stack.
SYNTHETIC_ARGS = {"rt_sigreturn": [("frame_mask", "SIGFRAME_MASK")]}

RET_HEX = {"mmap", "brk", "mremap", "shmat"}
RET_OCT = {"umask"}
RET_SIGNAL = {"rt_sigtimedwait"}          # "= 12 (SIGUSR2)"
RET_SCHED = {"sched_getscheduler"}        # "= 0 (SCHED_OTHER)"
RET_PERSONALITY = {"personality"}          # "= 0 (PER_LINUX)"
RET_TIME = {"time"}                       # "= 1795624739 (2026-11-25T16:38:59+0000)"
RET_TIMEX = {"adjtimex", "clock_adjtime"}  # "= 5 (TIME_ERROR)"
RET_MEMBARRIER = {"membarrier"}           # MEMBARRIER_CMD_QUERY's "= 0x3ff (...)"
RET_IOPRIO = {"ioprio_get"}               # "= 0 (IOPRIO_PRIO_VALUE(IOPRIO_CLASS_NONE, 0))"
RET_NONE = {"exit", "exit_group"}
# calls that never fail (strace's NF): any result is a number, unsigned
RET_UDEC = {"getuid", "geteuid", "getgid", "getegid", "setfsuid", "setfsgid"}
# a pid: an int, whatever -e inject=...:retval= put in the register
RET_PID = {"getpid", "getppid", "gettid", "getpgrp", "getpgid", "getsid"}
RET_FD = {"open", "openat", "openat2", "creat", "dup", "dup2", "dup3",
          "socket", "accept", "accept4", "epoll_create", "epoll_create1",
          "eventfd", "eventfd2", "signalfd", "signalfd4", "timerfd_create",
          "inotify_init", "inotify_init1", "fanotify_init", "memfd_create",
          "memfd_secret", "perf_event_open", "pidfd_open", "pidfd_getfd",
          "userfaultfd", "io_uring_setup", "fsopen", "fsmount", "fspick",
          "open_tree", "open_tree_attr", "landlock_create_ruleset",
          "mq_open", "open_by_handle_at", "bpf"}

# What calls do to a process's fds and working directory (syscall_desc.fx),
# which -y follows (src/output/fdpaths.c) even for calls not printed.
FX = {
    "close": "CLOSE", "close_range": "CLOSE_RANGE",
    "dup": "DUP", "dup2": "DUP", "dup3": "DUP", "fcntl": "DUP",   # fcntl: F_DUPFD*
    "chdir": "CHDIR", "fchdir": "CHDIR", "execve": "EXEC", "execveat": "EXEC",
    "pipe": "FD_PAIR", "pipe2": "FD_PAIR", "socketpair": "FD_PAIR",
    "openat": "AT", "openat2": "AT",   # the path is relative to argument 0
    "open_tree": "AT", "open_tree_attr": "AT",   # (AT_EMPTY_PATH: argument 0's)
}
# What /proc/PID/fd/N says for the fds a call creates without a path
# (syscall_desc.fdkind): the prefix -y must see before trusting /proc.
FDKIND = dict(
    [(c, "SOCKET") for c in ("socket", "accept", "accept4", "socketpair")] +
    [(c, "PIPE") for c in ("pipe", "pipe2")] +
    [(c, "ANON") for c in ("eventfd", "eventfd2", "signalfd", "signalfd4",
                           "timerfd_create", "epoll_create", "epoll_create1",
                           "inotify_init", "inotify_init1", "fanotify_init",
                           "userfaultfd", "perf_event_open", "bpf",
                           "io_uring_setup", "pidfd_open")] +
    [("memfd_create", "MEMFD")])

# Classes as strace documents them (man strace, -e trace=%CLASS).
CLASS_LISTS = {
    "PROCESS": "clone clone3 fork vfork execve execveat exit exit_group wait4 "
               "waitid kill tkill tgkill rt_sigqueueinfo rt_tgsigqueueinfo "
               "pidfd_send_signal pidfd_open unshare setns arch_prctl",
    "NETWORK": "socket socketpair bind connect listen accept accept4 "
               "getsockname getpeername sendto recvfrom sendmsg recvmsg "
               "sendmmsg recvmmsg shutdown setsockopt getsockopt",
    "SIGNAL": "rt_sigaction rt_sigprocmask rt_sigreturn rt_sigpending "
              "rt_sigtimedwait rt_sigqueueinfo rt_tgsigqueueinfo "
              "rt_sigsuspend sigaltstack kill tkill tgkill pause signalfd "
              "signalfd4 pidfd_send_signal",
    "IPC": "msgget msgsnd msgrcv msgctl semget semop semctl semtimedop "
           "shmget shmat shmctl shmdt",
    "MEMORY": "brk mmap munmap mremap mprotect madvise mlock munlock "
              "mlockall munlockall mlock2 mincore msync remap_file_pages "
              "mbind set_mempolicy get_mempolicy migrate_pages move_pages "
              "pkey_mprotect pkey_alloc pkey_free process_madvise "
              "map_shadow_stack mseal set_mempolicy_home_node shmat shmdt",
    "CREDS": "getuid geteuid getgid getegid setuid setgid setreuid setregid "
             "setresuid getresuid setresgid getresgid setfsuid setfsgid "
             "getgroups setgroups capget capset",
    "CLOCK": "adjtimex clock_adjtime clock_getres clock_gettime "
             "clock_settime gettimeofday settimeofday time",
    "STAT": "stat", "LSTAT": "lstat", "FSTAT": "fstat newfstatat statx",
    "STAT_ALL": "stat lstat fstat newfstatat statx",
    "STATFS": "statfs", "FSTATFS": "fstatfs",
    "STATFS_ALL": "statfs fstatfs ustat",
    "PURE": "getegid geteuid getgid getpgrp getpid getppid gettid getuid",
    # fd-related calls that take no fd argument but return or fill in fds
    "DESC": "pipe pipe2 socketpair select pselect6 poll ppoll epoll_wait "
            "epoll_pwait epoll_pwait2 " + " ".join(sorted(RET_FD)),
}
CLASS_ORDER = ["FILE", "DESC", "PROCESS", "NETWORK", "SIGNAL", "IPC",
               "MEMORY", "CREDS", "CLOCK", "STAT", "LSTAT", "FSTAT",
               "STAT_ALL", "STATFS", "FSTATFS", "STATFS_ALL", "PURE"]


def read_strace_classes():
    """scripts/syscall-classes-x86_64.txt (scripts/strace-classes.py): the
    classes of each call strace knows, as strace selects them."""
    classes, known = {}, set()
    path = os.path.join(HERE, "syscall-classes-x86_64.txt")
    with open(path) as f:
        for line in f:
            if line.startswith("#") or ":" not in line:
                continue
            key, names = line.split(":", 1)
            if key == "KNOWN":
                known = set(names.split())
            else:
                for n in names.split():
                    classes.setdefault(n, set()).add(key)
    return classes, known


def read_numbers():
    nums = {}
    with open(UNISTD) as f:
        for line in f:
            m = re.match(r"#define __NR_(\w+)\s+(\d+)", line)
            if m:
                nums[m.group(1)] = int(m.group(2))
    with open(EXTRA) as f:
        for line in f:
            line = line.split("#")[0].split()
            if len(line) == 2:
                nums[line[1]] = int(line[0])
    return nums


# Real syscalls this kernel builds without trace event metadata (module and
# kexec loading, shadow stacks): their arguments as the man pages name them.
FALLBACK = {
    "init_module": [("void *", "module_image"), ("unsigned long", "len"),
                    ("const char *", "param_values")],
    "finit_module": [("int", "fd"), ("const char *", "param_values"),
                     ("int", "flags")],
    "delete_module": [("const char *", "name"), ("unsigned int", "flags")],
    "kexec_load": [("unsigned long", "entry"), ("unsigned long", "nr_segments"),
                   ("void *", "segments"), ("unsigned long", "flags")],
    "kexec_file_load": [("int", "kernel_fd"), ("int", "initrd_fd"),
                        ("unsigned long", "cmdline_len"),
                        ("const char *", "cmdline"), ("unsigned long", "flags")],
    "lookup_dcookie": [("u64", "cookie64"), ("char *", "buf"), ("size_t", "len")],
    "map_shadow_stack": [("unsigned long", "addr"), ("unsigned long", "size"),
                         ("unsigned int", "flags")],
    # x86-64 builds these without trace event metadata too
    "_sysctl": [("struct __sysctl_args *", "args")],
    "set_thread_area": [("struct user_desc *", "u_info")],
    "get_thread_area": [("struct user_desc *", "u_info")],
}


def read_format(name):
    if name in FALLBACK:
        return FALLBACK[name]
    ev = EVENT_ALIAS.get(name, name)
    path = os.path.join(TRACEFS, "sys_enter_" + ev, "format")
    if not os.path.exists(path):
        return None
    args = []
    with open(path) as f:
        for line in f:
            m = re.match(r"\tfield:(.*);\toffset:\d+;", line)
            if not m or "common_" in m.group(1) or "__syscall_nr" in m.group(1):
                continue
            decl = m.group(1).strip()
            m2 = re.match(r"(.*?)\s*(\w+)$", decl)
            args.append((m2.group(1).strip(), m2.group(2)))
    return args


def kind_of(sc, ctype, aname):
    if (sc, aname) in OVERRIDE:
        return OVERRIDE[(sc, aname)]
    ptr = "*" in ctype
    if aname in PATH_NAMES and ptr and "char" in ctype:
        return "PATH"
    if ctype in ("const char *",) and aname in ("name", "buf", "_type",
                                                  "_description", "_key",
                                                  "_callout_info", "_fs_name",
                                                  "u_name", "type",
                                                  "param_values", "cmdline"):
        return "STR"
    if ptr:
        return "PTR"
    if aname in DIRFD_NAMES:
        return "DIRFD"
    if aname in FD_NAMES and ("int" in ctype or ctype == "mqd_t"):
        return "FD"
    if ctype == "umode_t":
        return "MODE"
    # int arguments arrive in 64-bit registers whose upper half the ABI
    # leaves undefined, so 32-bit kinds are printed from the low half.
    if ctype in ("unsigned long", "size_t", "u64", "aio_context_t"):
        return "ULONG"
    if ctype in ("uid_t", "gid_t"):
        return "ID"
    if ctype.startswith("unsigned") or ctype in ("u32", "const __u32", "__u32", "qid_t"):
        return "UINT"
    if ctype in ("long", "loff_t", "off_t", "ssize_t"):
        return "LONG"
    return "INT"


# How many of the register's bits the kernel reads: a 32-bit int or a
# 16-bit umode_t arrives in a 64-bit register whose upper bits the ABI
# leaves undefined, and the kernel never sees them.  strace prints what the
# kernel reads, so the table records each argument's width and signedness
# from its C type (syscall_arg.bytes, .sign) and the formatter extends the
# low bits as the kernel's C would before any decoder runs
# (syscall_narrow_args).  Types not listed are 64-bit.
S32_TYPES = {"int", "__s32", "s32", "pid_t", "key_t", "clockid_t", "mqd_t",
             "timer_t", "key_serial_t", "rwf_t"}
U32_TYPES = {"unsigned int", "unsigned", "u32", "__u32", "uid_t", "gid_t", "qid_t"}
U16_TYPES = {"umode_t"}


def arg_width(ctype):
    """(bytes, signed) of an argument the kernel reads as a narrower
    integer, else (0, False)."""
    t = re.sub(r"^const\s+", "", ctype.strip())
    if "*" in t:
        return 0, False
    if t in U16_TYPES:
        return 2, False
    if t in S32_TYPES or t.startswith("enum "):
        return 4, True
    if t in U32_TYPES:
        return 4, False
    return 0, False


def read_kinds():
    """Kind name -> the direction its arguments get when only one side of
    the kind is captured ("in", "out"), or None when both are."""
    kinds = {}
    with open(os.path.join(HERE, "..", "src", "syscalls", "argkinds.def")) as f:
        for m in re.finditer(r"^ARGKIND\((\w+),\s*(\w+),\s*(\w+),", f.read(), re.M):
            name, cin, cout = m.groups()
            kinds[name] = ("out" if cin == "NONE" and cout != "NONE" else
                           "in" if cout == "NONE" and cin != "NONE" else None)
    return kinds


def c_arg(kinds, sc, n, spec, width=(0, False)):
    """One argument's initializer from its NAME[/out][:N] kind and the
    bytes of the register the kernel reads (0: all of them)."""
    k, _, ln = spec.partition(":")
    k, _, d = k.partition("/")
    if k not in kinds:
        sys.exit("gen-syscall-table: %s: %s: no kind %s in argkinds.def" % (sc, n, k))
    if d and kinds[k] and d != kinds[k]:
        sys.exit("gen-syscall-table: %s: %s: kind %s is only captured %s" % (sc, n, k, kinds[k]))
    d = d or kinds[k] or "in"
    extra = (", " + ln if ln else ", 0" if d == "out" else "") + (", ARG_OUT" if d == "out" else "")
    if width[0]:
        extra += ", .bytes = %d" % width[0] + (", .sign = 1" if width[1] else "")
    return '{ "%s", AK_%s%s }' % (n, k, extra)


def main(out):
    kinds = read_kinds()
    nums = read_numbers()
    strace_classes, strace_known = read_strace_classes()
    unknown = sorted(set(strace_classes) - set(nums))
    if unknown:
        print("strace classes name calls this kernel does not: " + " ".join(unknown))
    by_nr = {}
    for name, nr in nums.items():
        by_nr[nr] = name
    rows = []
    missing = []
    for nr in sorted(by_nr):
        name = by_nr[nr]
        fmt = read_format(name)
        if fmt is None:
            missing.append(name)
            fmt = []
            known = False
        else:
            known = True
        args = [(a, kind_of(name, t, a), arg_width(t)) for t, a in fmt][:6]
        args += [(a, k, (0, False)) for a, k in SYNTHETIC_ARGS.get(name, [])]
        classes = set()
        if any(k == "PATH" for _, k, _ in args):
            classes.add("FILE")
        if any(k in ("FD", "DIRFD") for _, k, _ in args):
            classes.add("DESC")
        for cls, lst in CLASS_LISTS.items():
            if name in lst.split():
                classes.add(cls)
        if name in ("execve", "execveat"):
            classes.add("FILE")
        if name in strace_known:
            # strace's classes, for every call strace knows
            classes = set(strace_classes.get(name, ()))
        ret = ("HEX" if name in RET_HEX else "NONE" if name in RET_NONE
               else "UDEC" if name in RET_UDEC else "PID" if name in RET_PID
               else "FD" if name in RET_FD else "OCT" if name in RET_OCT
               else "SIGNAL" if name in RET_SIGNAL else "SCHED" if name in RET_SCHED
               else "PERSONALITY" if name in RET_PERSONALITY
               else "IOPRIO" if name in RET_IOPRIO else "TIME" if name in RET_TIME
               else "MEMBARRIER" if name in RET_MEMBARRIER
               else "TIMEX" if name in RET_TIMEX else "INT")
        rows.append((nr, name, args, classes, ret, known))

    o = []
    o.append("/* Generated by scripts/gen-syscall-table.py from asm/unistd_64.h and")
    o.append(" * the kernel's syscall trace event formats; do not edit by hand. */")
    o.append('#include "syscalls.h"\n')
    o.append("const struct syscall_desc syscall_table[SYSCALL_TABLE_SIZE] = {")
    for nr, name, args, classes, ret, known in rows:
        cl = "|".join("SC_" + c for c in CLASS_ORDER if c in classes) or "0"
        a = ", ".join(c_arg(kinds, name, n, k, w) for n, k, w in args)
        flags = "" if known else ", .flags = SCF_NO_FORMAT"
        fx = [FX[name]] if name in FX else []
        if ret == "FD":
            fx.append("NEW_FD")
        if fx:
            flags += ", .fx = " + "|".join("FX_" + x for x in fx)
        if name in FDKIND:
            flags += ", .fdkind = FDK_" + FDKIND[name]
        ev = EVENT_ALIAS.get(name, name)
        if known and name not in FALLBACK and ev != name:
            flags += ', .event = "%s"' % ev
        o.append('\t[%d] = { "%s", %d, RK_%s, %s, { %s }%s },' %
                 (nr, name, len(args), ret, cl, a, flags))
    o.append("};")
    text = "\n".join(o) + "\n"
    with open(out, "w") as f:
        f.write(text)
    # Syscall numbers by name, for the code that means one call (both the
    # BPF side and user space include it): NR_execve, not 59.
    h = ["/* Generated by scripts/gen-syscall-table.py from asm/unistd_64.h; do not edit. */",
         "#ifndef STROBE_NR_X86_64_H", "#define STROBE_NR_X86_64_H", ""]
    h += ["#define NR_%s %d" % (name, nr) for nr, name, _, _, _, _ in rows]
    h += ["", "#endif", ""]
    with open(os.path.join(os.path.dirname(out), "nr_x86_64.h"), "w") as f:
        f.write("\n".join(h))
    if missing:
        print("no trace event format (arguments unknown): " + " ".join(missing),
              file=sys.stderr)
    print("%d syscalls, highest %d" % (len(rows), max(by_nr)), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else
         os.path.join(HERE, "..", "src", "syscalls", "table_x86_64.c"))
