/*
 * Whole lines for the file family: every argument kind of open, stat,
 * fcntl, ioctl, xattr, mknod, mount and the like, under each decoding
 * option, and -y/-yy sequences.
 *
 * How the expected lines were obtained: tests/unit/golden/files.c run
 * under strace 6.1 on Debian 12 (`strace [-v|-X raw|-X verbose|-x|-xx|-y|
 * -yy|-s 8] -o OUT ./files`); each record below holds the register values
 * and the bytes that program passed or the kernel returned, and `want` is
 * the line strace printed for them.  Stack addresses, which differ from
 * run to run, were replaced by the record's.
 */
#include <fcntl.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>

#include "modes.h"

/* a device number of small major and minor, as the kernel encodes it */
#define DEV(ma, mi) ((ma) << 8 | (mi))
#define BUF 0x7ffc1000a000ull	/* some stack buffer */
#define STR 0x55550000b000ull	/* some string */
#define BAD 0x1000ull		/* an unmapped address */
#define NEG(n) ((uint64_t)(int64_t)(n))
#define CWD NEG(-100)
#define EBADF_ NEG(-9)
#define ENOENT_ NEG(-2)
#define EFAULT_ NEG(-14)

static const struct stat st_hostname = {
	.st_dev = DEV(0xfe, 0), .st_ino = 733, .st_mode = S_IFREG | 0755, .st_nlink = 1,
	.st_blksize = 4096, .st_blocks = 8, .st_size = 3,
	.st_atim = { 1795435988, 203475629 }, .st_mtim = { 1795435428, 894876936 },
	.st_ctim = { 1795435428, 894876936 },
};
static const struct stat st_root = {
	.st_dev = DEV(0xfe, 0), .st_ino = 2, .st_mode = S_IFDIR | 0755, .st_nlink = 21,
	.st_blksize = 4096, .st_blocks = 8, .st_size = 4096,
	.st_atim = { 1795435941, 190859165 }, .st_mtim = { 1795435481, 178875123 },
	.st_ctim = { 1795435481, 178875123 },
};
static const struct stat st_null = {
	.st_dev = DEV(0, 6), .st_ino = 3, .st_mode = S_IFCHR | 0666, .st_nlink = 1,
	.st_blksize = 4096, .st_rdev = DEV(1, 3),
	.st_atim = { 1795114592, 617735729 }, .st_mtim = { 1795114592, 617735729 },
	.st_ctim = { 1795114592, 617735729 },
};

static const struct row files[] = {
	{ .c = { .nr = SYS_openat, .a = { CWD, STR, O_RDONLY | O_CLOEXEC }, .ret = 3,
		 .cap = { CAP_STR(1, "/etc/hostname") } },
	  .def = "openat(AT_FDCWD, \"/etc/hostname\", O_RDONLY|O_CLOEXEC) = 3",
	  .raw = "openat(-100, \"/etc/hostname\", 0x80000)  = 3",
	  .verb = "openat(-100 /* AT_FDCWD */, \"/etc/hostname\", 0x80000 /* O_RDONLY|O_CLOEXEC */) = 3",
	  .xx = "openat(AT_FDCWD, \"\\x2f\\x65\\x74\\x63\\x2f\\x68\\x6f\\x73\\x74\\x6e\\x61\\x6d\\x65\", O_RDONLY|O_CLOEXEC) = 3" },
	{ .c = { .nr = SYS_read, .a = { 3, BUF, 4 }, .ret = 3, .cap = { CAP_STR(1, "vm\n") } },
	  .def = "read(3, \"vm\\n\", 4)                      = 3",
	  .xx = "read(3, \"\\x76\\x6d\\x0a\", 4)              = 3" },
	{ .c = { .nr = SYS_pread64, .a = { 3, BUF, 3, 2 }, .ret = 1, .cap = { CAP_STR(1, "\n") } },
	  .def = "pread64(3, \"\\n\", 3, 2)                  = 1",
	  .xx = "pread64(3, \"\\x0a\", 3, 2)                = 1" },
	{ .c = { .nr = SYS_fstat, .a = { 3, BUF }, .ret = 0,
		 .cap = { CAP_MEM(1, &st_hostname, sizeof(struct stat)) } },
	  .def = "fstat(3, {st_mode=S_IFREG|0755, st_size=3, ...}) = 0",
	  .v = "fstat(3, {st_dev=makedev(0xfe, 0), st_ino=733, st_mode=S_IFREG|0755, st_nlink=1, st_uid=0, st_gid=0, st_blksize=4096, st_blocks=8, st_size=3, st_atime=1795435988 /* 2026-11-23T12:13:08.203475629+0000 */, st_atime_nsec=203475629, st_mtime=1795435428 /* 2026-11-23T12:03:48.894876936+0000 */, st_mtime_nsec=894876936, st_ctime=1795435428 /* 2026-11-23T12:03:48.894876936+0000 */, st_ctime_nsec=894876936}) = 0",
	  .raw = "fstat(3, {st_mode=0100755, st_size=3, ...}) = 0",
	  .verb = "fstat(3, {st_mode=0100755 /* S_IFREG|0755 */, st_size=3, ...}) = 0" },
	{ .c = { .nr = SYS_lseek, .a = { 3, 0xfffffffe, SEEK_END }, .ret = 4294967297 },
	  .def = "lseek(3, 4294967294, SEEK_END)          = 4294967297",
	  .raw = "lseek(3, 4294967294, 0x2)               = 4294967297",
	  .verb = "lseek(3, 4294967294, 0x2 /* SEEK_END */) = 4294967297" },
	{ .c = { .nr = SYS_close, .a = { 3 } },
	  .def = "close(3)                                = 0" },
	{ .c = { .nr = SYS_open, .a = { STR, O_WRONLY | O_CREAT | O_TRUNC, 0640 }, .ret = ENOENT_,
		 .cap = { CAP_STR(0, "/nonexistent/file") } },
	  .def = "open(\"/nonexistent/file\", O_WRONLY|O_CREAT|O_TRUNC, 0640) = -1 ENOENT (No such file or directory)",
	  .raw = "open(\"/nonexistent/file\", 0x241, 0640)  = -1 ENOENT (No such file or directory)",
	  .verb = "open(\"/nonexistent/file\", 0x241 /* O_WRONLY|O_CREAT|O_TRUNC */, 0640) = -1 ENOENT (No such file or directory)",
	  .xx = "open(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\\x2f\\x66\\x69\\x6c\\x65\", O_WRONLY|O_CREAT|O_TRUNC, 0640) = -1 ENOENT (No such file or directory)" },
	/* a NULL path, and one the kernel side could not read */
	{ .c = { .nr = SYS_open, .a = { 0, O_RDONLY }, .ret = EFAULT_ },
	  .def = "open(NULL, O_RDONLY)                    = -1 EFAULT (Bad address)",
	  .raw = "open(NULL, 0)                           = -1 EFAULT (Bad address)",
	  .verb = "open(NULL, 0 /* O_RDONLY */)            = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_open, .a = { BAD, O_RDONLY }, .ret = EFAULT_, .cap = { CAP_BAD(0) } },
	  .def = "open(0x1000, O_RDONLY)                  = -1 EFAULT (Bad address)",
	  .raw = "open(0x1000, 0)                         = -1 EFAULT (Bad address)",
	  .verb = "open(0x1000, 0 /* O_RDONLY */)          = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_write, .a = { NEG(-1), STR, 14 }, .ret = EBADF_,
		 .cap = { CAP_STR(1, "hello\n\tworld\1\377") } },
	  .def = "write(-1, \"hello\\n\\tworld\\1\\377\", 14)   = -1 EBADF (Bad file descriptor)",
	  .x = "write(-1, \"\\x68\\x65\\x6c\\x6c\\x6f\\x0a\\x09\\x77\\x6f\\x72\\x6c\\x64\\x01\\xff\", 14) = -1 EBADF (Bad file descriptor)",
	  .xx = "write(-1, \"\\x68\\x65\\x6c\\x6c\\x6f\\x0a\\x09\\x77\\x6f\\x72\\x6c\\x64\\x01\\xff\", 14) = -1 EBADF (Bad file descriptor)" },
	/* 42 bytes, the kernel side keeps -s 32 of them */
	{ .c = { .nr = SYS_write, .a = { NEG(-1), STR, 42 }, .ret = EBADF_,
		 .cap = { CAP_TSTR(1, "0123456789abcdefghijklmnopqrstuv") } },
	  .def = "write(-1, \"0123456789abcdefghijklmnopqrstuv\"..., 42) = -1 EBADF (Bad file descriptor)",
	  .xx = "write(-1, \"\\x30\\x31\\x32\\x33\\x34\\x35\\x36\\x37\\x38\\x39\\x61\\x62\\x63\\x64\\x65\\x66\\x67\\x68\\x69\\x6a\\x6b\\x6c\\x6d\\x6e\\x6f\\x70\\x71\\x72\\x73\\x74\\x75\\x76\"..., 42) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_write, .a = { NEG(-1), BAD, 5 }, .ret = EBADF_, .cap = { CAP_BAD(1) } },
	  .def = "write(-1, 0x1000, 5)                    = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_stat, .a = { STR, BUF }, .cap = { CAP_STR(0, "/"),
		 CAP_MEM(1, &st_root, sizeof(struct stat)) } },
	  .def = "stat(\"/\", {st_mode=S_IFDIR|0755, st_size=4096, ...}) = 0",
	  .v = "stat(\"/\", {st_dev=makedev(0xfe, 0), st_ino=2, st_mode=S_IFDIR|0755, st_nlink=21, st_uid=0, st_gid=0, st_blksize=4096, st_blocks=8, st_size=4096, st_atime=1795435941 /* 2026-11-23T12:12:21.190859165+0000 */, st_atime_nsec=190859165, st_mtime=1795435481 /* 2026-11-23T12:04:41.178875123+0000 */, st_mtime_nsec=178875123, st_ctime=1795435481 /* 2026-11-23T12:04:41.178875123+0000 */, st_ctime_nsec=178875123}) = 0",
	  .raw = "stat(\"/\", {st_mode=040755, st_size=4096, ...}) = 0",
	  .verb = "stat(\"/\", {st_mode=040755 /* S_IFDIR|0755 */, st_size=4096, ...}) = 0",
	  .xx = "stat(\"\\x2f\", {st_mode=S_IFDIR|0755, st_size=4096, ...}) = 0" },
	/* failed: the struct was not written, the address shows */
	{ .c = { .nr = SYS_stat, .a = { STR, 0x7ffef75c59c0 }, .ret = ENOENT_,
		 .cap = { CAP_STR(0, "/nonexistent") } },
	  .def = "stat(\"/nonexistent\", 0x7ffef75c59c0)    = -1 ENOENT (No such file or directory)",
	  .xx = "stat(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\", 0x7ffef75c59c0) = -1 ENOENT (No such file or directory)" },
	{ .c = { .nr = SYS_newfstatat, .a = { CWD, STR, BUF, AT_SYMLINK_NOFOLLOW },
		 .cap = { CAP_STR(1, "/dev/null"), CAP_MEM(2, &st_null, sizeof(struct stat)) } },
	  .def = "newfstatat(AT_FDCWD, \"/dev/null\", {st_mode=S_IFCHR|0666, st_rdev=makedev(0x1, 0x3), ...}, AT_SYMLINK_NOFOLLOW) = 0",
	  .v = "newfstatat(AT_FDCWD, \"/dev/null\", {st_dev=makedev(0, 0x6), st_ino=3, st_mode=S_IFCHR|0666, st_nlink=1, st_uid=0, st_gid=0, st_blksize=4096, st_blocks=0, st_rdev=makedev(0x1, 0x3), st_atime=1795114592 /* 2026-11-19T18:56:32.617735729+0000 */, st_atime_nsec=617735729, st_mtime=1795114592 /* 2026-11-19T18:56:32.617735729+0000 */, st_mtime_nsec=617735729, st_ctime=1795114592 /* 2026-11-19T18:56:32.617735729+0000 */, st_ctime_nsec=617735729}, AT_SYMLINK_NOFOLLOW) = 0",
	  .raw = "newfstatat(-100, \"/dev/null\", {st_mode=020666, st_rdev=0x103, ...}, 0x100) = 0",
	  .verb = "newfstatat(-100 /* AT_FDCWD */, \"/dev/null\", {st_mode=020666 /* S_IFCHR|0666 */, st_rdev=0x103 /* makedev(0x1, 0x3) */, ...}, 0x100 /* AT_SYMLINK_NOFOLLOW */) = 0",
	  .xx = "newfstatat(AT_FDCWD, \"\\x2f\\x64\\x65\\x76\\x2f\\x6e\\x75\\x6c\\x6c\", {st_mode=S_IFCHR|0666, st_rdev=makedev(0x1, 0x3), ...}, AT_SYMLINK_NOFOLLOW) = 0" },
	/* -X raw: strace prints nothing for the zero flags (", ,"); strobe
	 * prints 0 (docs/design.md, Known differences: statx's flags) */
	{ .c = { .nr = SYS_statx, .a = { CWD, STR, AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, BAD },
		 .ret = EFAULT_, .cap = { CAP_STR(1, "/") } },
	  .def = "statx(AT_FDCWD, \"/\", AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, 0x1000) = -1 EFAULT (Bad address)",
	  .raw = "statx(-100, \"/\", 0, 0x7ff, 0x1000)      = -1 EFAULT (Bad address)",
	  .verb = "statx(-100 /* AT_FDCWD */, \"/\", 0 /* AT_STATX_SYNC_AS_STAT */, 0x7ff /* STATX_BASIC_STATS */, 0x1000) = -1 EFAULT (Bad address)",
	  .xx = "statx(AT_FDCWD, \"\\x2f\", AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, 0x1000) = -1 EFAULT (Bad address)" },
	{ .c = { .nr = SYS_statfs, .a = { STR, 0x7ffef75c5940 }, .ret = ENOENT_,
		 .cap = { CAP_STR(0, "/nonexistent") } },
	  .def = "statfs(\"/nonexistent\", 0x7ffef75c5940)  = -1 ENOENT (No such file or directory)",
	  .xx = "statfs(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\", 0x7ffef75c5940) = -1 ENOENT (No such file or directory)" },
	{ .c = { .nr = SYS_access, .a = { STR, R_OK | W_OK }, .cap = { CAP_STR(0, "/etc/passwd") } },
	  .def = "access(\"/etc/passwd\", R_OK|W_OK)        = 0",
	  .raw = "access(\"/etc/passwd\", 0x6)              = 0",
	  .verb = "access(\"/etc/passwd\", 0x6 /* R_OK|W_OK */) = 0",
	  .xx = "access(\"\\x2f\\x65\\x74\\x63\\x2f\\x70\\x61\\x73\\x73\\x77\\x64\", R_OK|W_OK) = 0" },
	{ .c = { .nr = SYS_faccessat2, .a = { CWD, STR, F_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW },
		 .cap = { CAP_STR(1, "x") } },
	  .def = "faccessat2(AT_FDCWD, \"x\", F_OK, AT_SYMLINK_NOFOLLOW|AT_EACCESS) = 0",
	  .raw = "faccessat2(-100, \"x\", 0, 0x300)         = 0",
	  .verb = "faccessat2(-100 /* AT_FDCWD */, \"x\", 0 /* F_OK */, 0x300 /* AT_SYMLINK_NOFOLLOW|AT_EACCESS */) = 0",
	  .xx = "faccessat2(AT_FDCWD, \"\\x78\", F_OK, AT_SYMLINK_NOFOLLOW|AT_EACCESS) = 0" },
	{ .c = { .nr = SYS_fcntl, .a = { NEG(-1), F_SETFD, FD_CLOEXEC }, .ret = EBADF_ },
	  .def = "fcntl(-1, F_SETFD, FD_CLOEXEC)          = -1 EBADF (Bad file descriptor)",
	  .raw = "fcntl(-1, 0x2, 0x1)                     = -1 EBADF (Bad file descriptor)",
	  .verb = "fcntl(-1, 0x2 /* F_SETFD */, 0x1 /* FD_CLOEXEC */) = -1 EBADF (Bad file descriptor)" },
	/* F_GETFL takes no third argument: not shown */
	{ .c = { .nr = SYS_fcntl, .a = { NEG(-1), F_GETFL, 0x7777 }, .ret = EBADF_ },
	  .def = "fcntl(-1, F_GETFL)                      = -1 EBADF (Bad file descriptor)",
	  .raw = "fcntl(-1, 0x3)                          = -1 EBADF (Bad file descriptor)",
	  .verb = "fcntl(-1, 0x3 /* F_GETFL */)            = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_fcntl, .a = { NEG(-1), F_DUPFD_CLOEXEC, 10 }, .ret = EBADF_ },
	  .def = "fcntl(-1, F_DUPFD_CLOEXEC, 10)          = -1 EBADF (Bad file descriptor)",
	  .raw = "fcntl(-1, 0x406, 10)                    = -1 EBADF (Bad file descriptor)",
	  .verb = "fcntl(-1, 0x406 /* F_DUPFD_CLOEXEC */, 10) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_fcntl, .a = { NEG(-1), F_SETFL, O_RDWR | O_NONBLOCK | O_APPEND }, .ret = EBADF_ },
	  .def = "fcntl(-1, F_SETFL, O_RDWR|O_APPEND|O_NONBLOCK) = -1 EBADF (Bad file descriptor)",
	  .raw = "fcntl(-1, 0x4, 0xc02)                   = -1 EBADF (Bad file descriptor)",
	  .verb = "fcntl(-1, 0x4 /* F_SETFL */, 0xc02 /* O_RDWR|O_APPEND|O_NONBLOCK */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_dup3, .a = { NEG(-1), 5, O_CLOEXEC }, .ret = EBADF_ },
	  .def = "dup3(-1, 5, O_CLOEXEC)                  = -1 EBADF (Bad file descriptor)",
	  .raw = "dup3(-1, 5, 0x80000)                    = -1 EBADF (Bad file descriptor)",
	  .verb = "dup3(-1, 5, 0x80000 /* O_CLOEXEC */)    = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_pipe2, .a = { BUF, O_CLOEXEC | O_NONBLOCK }, .cap = { CAP_ARR(0, int, { 3, 4 }) } },
	  .def = "pipe2([3, 4], O_NONBLOCK|O_CLOEXEC)     = 0",
	  .raw = "pipe2([3, 4], 0x80800)                  = 0",
	  .verb = "pipe2([3, 4], 0x80800 /* O_NONBLOCK|O_CLOEXEC */) = 0" },
	/* termios and winsize the call did not write: the address */
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x5401, BAD }, .ret = EBADF_, .cap = { CAP_BAD(2) } },
	  .def = "ioctl(-1, TCGETS, 0x1000)               = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x5401, 0x1000)               = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x5401 /* TCGETS */, 0x1000)  = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x5413, BAD }, .ret = EBADF_, .cap = { CAP_BAD(2) } },
	  .def = "ioctl(-1, TIOCGWINSZ, 0x1000)           = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x5413, 0x1000)               = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x5413 /* TIOCGWINSZ */, 0x1000) = -1 EBADF (Bad file descriptor)" },
	/* (lines from strace 6.1 on tests/progs/ioctls_sys.c) */
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0xc0185879, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint64_t, { 0xdeadbeefcafef00dull, 4096, 512 }) } },
	  .def = "ioctl(-1, FITRIM, {start=0xdeadbeefcafef00d, len=4096, minlen=512}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0xc0185879, {start=0xdeadbeefcafef00d, len=4096, minlen=512}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0xc0185879 /* FITRIM */, {start=0xdeadbeefcafef00d, len=4096, minlen=512}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x40063e00, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint8_t, { 9, 1, 1, 2, 4, 3 }) } },
	  .def = "ioctl(-1, COUNTER_ADD_WATCH_IOCTL, {component={type=0x9 /* COUNTER_COMPONENT_??? */, scope=COUNTER_SCOPE_SIGNAL, parent=1, id=2}, event=COUNTER_EVENT_INDEX, channel=3}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x40063e00, {component={type=0x9, scope=0x1, parent=1, id=2}, event=0x4, channel=3}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x40063e00 /* COUNTER_ADD_WATCH_IOCTL */, {component={type=0x9 /* COUNTER_COMPONENT_??? */, scope=0x1 /* COUNTER_SCOPE_SIGNAL */, parent=1, id=2}, event=0x4 /* COUNTER_EVENT_INDEX */, channel=3}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_flock, .a = { NEG(-1), LOCK_EX | LOCK_NB }, .ret = EBADF_ },
	  .def = "flock(-1, LOCK_EX|LOCK_NB)              = -1 EBADF (Bad file descriptor)",
	  .raw = "flock(-1, 0x6)                          = -1 EBADF (Bad file descriptor)",
	  .verb = "flock(-1, 0x6 /* LOCK_EX|LOCK_NB */)    = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_renameat2, .a = { CWD, STR, NEG(-1), STR + 8, RENAME_NOREPLACE | RENAME_WHITEOUT },
		 .ret = EBADF_, .cap = { CAP_STR(1, "a"), CAP_STR(3, "b") } },
	  .def = "renameat2(AT_FDCWD, \"a\", -1, \"b\", RENAME_NOREPLACE|RENAME_WHITEOUT) = -1 EBADF (Bad file descriptor)",
	  .raw = "renameat2(-100, \"a\", -1, \"b\", 0x5)      = -1 EBADF (Bad file descriptor)",
	  .verb = "renameat2(-100 /* AT_FDCWD */, \"a\", -1, \"b\", 0x5 /* RENAME_NOREPLACE|RENAME_WHITEOUT */) = -1 EBADF (Bad file descriptor)",
	  .xx = "renameat2(AT_FDCWD, \"\\x61\", -1, \"\\x62\", RENAME_NOREPLACE|RENAME_WHITEOUT) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_setxattr, .a = { STR, STR + 16, STR + 32, 2, XATTR_CREATE }, .ret = ENOENT_,
		 .cap = { CAP_STR(0, "/nonexistent"), CAP_STR(1, "user.x"), CAP_STR(2, "12") } },
	  .def = "setxattr(\"/nonexistent\", \"user.x\", \"12\", 2, XATTR_CREATE) = -1 ENOENT (No such file or directory)",
	  .raw = "setxattr(\"/nonexistent\", \"user.x\", \"12\", 2, 0x1) = -1 ENOENT (No such file or directory)",
	  .verb = "setxattr(\"/nonexistent\", \"user.x\", \"12\", 2, 0x1 /* XATTR_CREATE */) = -1 ENOENT (No such file or directory)",
	  .xx = "setxattr(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\", \"\\x75\\x73\\x65\\x72\\x2e\\x78\", \"\\x31\\x32\", 2, XATTR_CREATE) = -1 ENOENT (No such file or directory)" },
	/* a value longer than XATTR_SIZE_MAX: its address (strace 6.1's
	 * xattr test) */
	{ .c = { .nr = SYS_fsetxattr, .a = { NEG(-1), STR + 16, STR + 32, 65537, XATTR_CREATE }, .ret = NEG(-7),
		 .cap = { CAP_STR(1, "user.x"), CAP_TSTR(2, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx") } },
	  .def = "fsetxattr(-1, \"user.x\", 0x55550000b020, 65537, XATTR_CREATE) = -1 E2BIG (Argument list too long)",
	  .raw = "fsetxattr(-1, \"user.x\", 0x55550000b020, 65537, 0x1) = -1 E2BIG (Argument list too long)",
	  .verb = "fsetxattr(-1, \"user.x\", 0x55550000b020, 65537, 0x1 /* XATTR_CREATE */) = -1 E2BIG (Argument list too long)",
	  .xx = "fsetxattr(-1, \"\\x75\\x73\\x65\\x72\\x2e\\x78\", 0x55550000b020, 65537, XATTR_CREATE) = -1 E2BIG (Argument list too long)" },
	{ .c = { .nr = SYS_inotify_init1, .a = { IN_NONBLOCK | IN_CLOEXEC }, .ret = 5 },
	  .def = "inotify_init1(IN_NONBLOCK|IN_CLOEXEC)   = 5",
	  .raw = "inotify_init1(0x80800)                  = 5",
	  .verb = "inotify_init1(0x80800 /* IN_NONBLOCK|IN_CLOEXEC */) = 5" },
	{ .c = { .nr = SYS_inotify_add_watch, .a = { NEG(-1), STR, IN_CREATE | IN_DELETE | IN_ONLYDIR },
		 .ret = EBADF_, .cap = { CAP_STR(1, "/tmp") } },
	  .def = "inotify_add_watch(-1, \"/tmp\", IN_CREATE|IN_DELETE|IN_ONLYDIR) = -1 EBADF (Bad file descriptor)",
	  .raw = "inotify_add_watch(-1, \"/tmp\", 0x1000300) = -1 EBADF (Bad file descriptor)",
	  .verb = "inotify_add_watch(-1, \"/tmp\", 0x1000300 /* IN_CREATE|IN_DELETE|IN_ONLYDIR */) = -1 EBADF (Bad file descriptor)",
	  .xx = "inotify_add_watch(-1, \"\\x2f\\x74\\x6d\\x70\", IN_CREATE|IN_DELETE|IN_ONLYDIR) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_eventfd2, .a = { 3, EFD_CLOEXEC | EFD_SEMAPHORE }, .ret = 6 },
	  .def = "eventfd2(3, EFD_SEMAPHORE|EFD_CLOEXEC)  = 6",
	  .raw = "eventfd2(3, 0x80001)                    = 6",
	  .verb = "eventfd2(3, 0x80001 /* EFD_SEMAPHORE|EFD_CLOEXEC */) = 6" },
	/* (the name is read as 250 bytes: its NUL and what follows) */
	{ .c = { .nr = SYS_memfd_create, .a = { STR, MFD_CLOEXEC | MFD_ALLOW_SEALING }, .ret = 7,
		 .cap = { CAP_MEM(0, "strobe\0junk", 11) } },
	  .def = "memfd_create(\"strobe\", MFD_CLOEXEC|MFD_ALLOW_SEALING) = 7",
	  .raw = "memfd_create(\"strobe\", 0x3)             = 7",
	  .verb = "memfd_create(\"strobe\", 0x3 /* MFD_CLOEXEC|MFD_ALLOW_SEALING */) = 7",
	  .xx = "memfd_create(\"\\x73\\x74\\x72\\x6f\\x62\\x65\", MFD_CLOEXEC|MFD_ALLOW_SEALING) = 7" },
	{ .c = { .nr = SYS_openat2, .a = { NEG(-1), STR, BUF, 24 }, .ret = EBADF_,
		 .cap = { CAP_STR(1, "a"), CAP_OBJ(2, struct open_how,
			 { .flags = O_RDONLY | O_CLOEXEC, .resolve = RESOLVE_NO_SYMLINKS }) } },
	  .def = "openat2(-1, \"a\", {flags=O_RDONLY|O_CLOEXEC, resolve=RESOLVE_NO_SYMLINKS}, 24) = -1 EBADF (Bad file descriptor)",
	  .raw = "openat2(-1, \"a\", {flags=0x80000, resolve=0x4}, 24) = -1 EBADF (Bad file descriptor)",
	  .verb = "openat2(-1, \"a\", {flags=0x80000 /* O_RDONLY|O_CLOEXEC */, resolve=0x4 /* RESOLVE_NO_SYMLINKS */}, 24) = -1 EBADF (Bad file descriptor)",
	  .xx = "openat2(-1, \"\\x61\", {flags=O_RDONLY|O_CLOEXEC, resolve=RESOLVE_NO_SYMLINKS}, 24) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_utimensat, .a = { NEG(-1), STR, BUF, AT_SYMLINK_NOFOLLOW }, .ret = EBADF_,
		 .cap = { CAP_STR(1, "a"), CAP_ARR(2, struct timespec, { { 1, 0 }, { 0, UTIME_OMIT } }) } },
	  .def = "utimensat(-1, \"a\", [{tv_sec=1, tv_nsec=0} /* 1970-01-01T00:00:01+0000 */, UTIME_OMIT], AT_SYMLINK_NOFOLLOW) = -1 EBADF (Bad file descriptor)",
	  .raw = "utimensat(-1, \"a\", [{tv_sec=1, tv_nsec=0} /* 1970-01-01T00:00:01+0000 */, {tv_sec=0, tv_nsec=1073741822}], 0x100) = -1 EBADF (Bad file descriptor)",
	  .verb = "utimensat(-1, \"a\", [{tv_sec=1, tv_nsec=0} /* 1970-01-01T00:00:01+0000 */, {tv_sec=0, tv_nsec=1073741822} /* UTIME_OMIT */], 0x100 /* AT_SYMLINK_NOFOLLOW */) = -1 EBADF (Bad file descriptor)",
	  .xx = "utimensat(-1, \"\\x61\", [{tv_sec=1, tv_nsec=0} /* 1970-01-01T00:00:01+0000 */, UTIME_OMIT], AT_SYMLINK_NOFOLLOW) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_mknodat, .a = { CWD, STR, S_IFCHR | 0600, DEV(1, 3) }, .ret = ENOENT_,
		 .cap = { CAP_STR(1, "/nonexistent/dev") } },
	  .def = "mknodat(AT_FDCWD, \"/nonexistent/dev\", S_IFCHR|0600, makedev(0x1, 0x3)) = -1 ENOENT (No such file or directory)",
	  .raw = "mknodat(-100, \"/nonexistent/dev\", 020600, 0x103) = -1 ENOENT (No such file or directory)",
	  .verb = "mknodat(-100 /* AT_FDCWD */, \"/nonexistent/dev\", 020600 /* S_IFCHR|0600 */, 0x103 /* makedev(0x1, 0x3) */) = -1 ENOENT (No such file or directory)",
	  .xx = "mknodat(AT_FDCWD, \"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\\x2f\\x64\\x65\\x76\", S_IFCHR|0600, makedev(0x1, 0x3)) = -1 ENOENT (No such file or directory)" },
	/* a FIFO has no device number: not shown */
	{ .c = { .nr = SYS_mknod, .a = { STR, S_IFIFO | 0644, 0 }, .ret = ENOENT_,
		 .cap = { CAP_STR(0, "/nonexistent/fifo") } },
	  .def = "mknod(\"/nonexistent/fifo\", S_IFIFO|0644) = -1 ENOENT (No such file or directory)",
	  .raw = "mknod(\"/nonexistent/fifo\", 010644)      = -1 ENOENT (No such file or directory)",
	  .verb = "mknod(\"/nonexistent/fifo\", 010644 /* S_IFIFO|0644 */) = -1 ENOENT (No such file or directory)",
	  .xx = "mknod(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\\x2f\\x66\\x69\\x66\\x6f\", S_IFIFO|0644) = -1 ENOENT (No such file or directory)" },
	{ .c = { .nr = SYS_mkdir, .a = { STR, 0755 }, .ret = ENOENT_, .cap = { CAP_STR(0, "/nonexistent/d") } },
	  .def = "mkdir(\"/nonexistent/d\", 0755)           = -1 ENOENT (No such file or directory)",
	  .xx = "mkdir(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\\x2f\\x64\", 0755) = -1 ENOENT (No such file or directory)" },
	{ .c = { .nr = SYS_umask, .a = { 022 }, .ret = 022 },
	  .def = "umask(022)                              = 022" },
	{ .c = { .nr = SYS_truncate, .a = { STR, 4096 }, .ret = ENOENT_, .cap = { CAP_STR(0, "/nonexistent") } },
	  .def = "truncate(\"/nonexistent\", 4096)          = -1 ENOENT (No such file or directory)",
	  .xx = "truncate(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\", 4096) = -1 ENOENT (No such file or directory)" },
	{ .c = { .nr = SYS_getcwd, .a = { BUF, 256 }, .ret = 5, .cap = { CAP_STR(0, "/tmp") } },
	  .def = "getcwd(\"/tmp\", 256)                     = 5",
	  .xx = "getcwd(\"\\x2f\\x74\\x6d\\x70\", 256)         = 5" },
	/* getdents' old struct linux_dirent, as -v captures it: the type in
	 * the record's last byte, printed after the name (strace 6.1's
	 * tests/getdents-v lines) */
	{ .c = { .nr = SYS_getdents, .a = { 3, 0x7ffef75c5a50, 8192 }, .ret = 48,
		 .cap = { CAP_MEM(1, "\x84\xc4\x1d\0\0\0\0\0\x1e\0\0\0\0\0\0\x58\x18\0.\0\0\0\0\4"
				  "\x7d\xc4\x1d\0\0\0\0\0\xff\xff\xff\xff\xff\xff\xff\x7f\x18\0..\0\0\0\4", 48) } },
	  .def = "getdents(3, [{d_ino=1950852, d_off=6341068275337658398, d_reclen=24, d_name=\".\", d_type=DT_DIR}, {d_ino=1950845, d_off=9223372036854775807, d_reclen=24, d_name=\"..\", d_type=DT_DIR}], 8192) = 48",
	  .xx = "getdents(3, [{d_ino=1950852, d_off=6341068275337658398, d_reclen=24, d_name=\"\\x2e\", d_type=DT_DIR}, {d_ino=1950845, d_off=9223372036854775807, d_reclen=24, d_name=\"\\x2e\\x2e\", d_type=DT_DIR}], 8192) = 48" },
	{ .c = { .nr = SYS_getdents, .a = { 3, 0x7ffef75c5a50, 8192 }, .ret = 0 },
	  .def = "getdents(3, 0x7ffef75c5a50 /* 0 entries */, 8192) = 0",
	  .v = "getdents(3, [], 8192)                   = 0" },
	{ .c = { .nr = SYS_getdents64, .a = { NEG(-1), 0x7ffef75c5a50, 256 }, .ret = EBADF_ },
	  .def = "getdents64(-1, 0x7ffef75c5a50, 256)     = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_sync_file_range, .a = { NEG(-1), 0, 4096,
		 SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE }, .ret = EBADF_ },
	  .def = "sync_file_range(-1, 0, 4096, SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE) = -1 EBADF (Bad file descriptor)",
	  .raw = "sync_file_range(-1, 0, 4096, 0x3)       = -1 EBADF (Bad file descriptor)",
	  .verb = "sync_file_range(-1, 0, 4096, 0x3 /* SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_splice, .a = { NEG(-1), 0, NEG(-1), 0, 4096, SPLICE_F_MOVE | SPLICE_F_NONBLOCK },
		 .ret = EBADF_ },
	  .def = "splice(-1, NULL, -1, NULL, 4096, SPLICE_F_MOVE|SPLICE_F_NONBLOCK) = -1 EBADF (Bad file descriptor)",
	  .raw = "splice(-1, NULL, -1, NULL, 4096, 0x3)   = -1 EBADF (Bad file descriptor)",
	  .verb = "splice(-1, NULL, -1, NULL, 4096, 0x3 /* SPLICE_F_MOVE|SPLICE_F_NONBLOCK */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_fadvise64, .a = { NEG(-1), 0, 0, POSIX_FADV_SEQUENTIAL }, .ret = EBADF_ },
	  .def = "fadvise64(-1, 0, 0, POSIX_FADV_SEQUENTIAL) = -1 EBADF (Bad file descriptor)",
	  .raw = "fadvise64(-1, 0, 0, 0x2)                = -1 EBADF (Bad file descriptor)",
	  .verb = "fadvise64(-1, 0, 0, 0x2 /* POSIX_FADV_SEQUENTIAL */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_mount, .a = { STR, STR + 8, STR + 32, MS_RDONLY | MS_NOSUID, STR + 48 },
		 .ret = ENOENT_, .cap = { CAP_STR(0, "none"), CAP_STR(1, "/nonexistent"),
		 CAP_STR(2, "tmpfs"), CAP_STR(4, "size=1m") } },
	  .def = "mount(\"none\", \"/nonexistent\", \"tmpfs\", MS_RDONLY|MS_NOSUID, \"size=1m\") = -1 ENOENT (No such file or directory)",
	  .raw = "mount(\"none\", \"/nonexistent\", \"tmpfs\", 0x3, \"size=1m\") = -1 ENOENT (No such file or directory)",
	  .verb = "mount(\"none\", \"/nonexistent\", \"tmpfs\", 0x3 /* MS_RDONLY|MS_NOSUID */, \"size=1m\") = -1 ENOENT (No such file or directory)",
	  .xx = "mount(\"\\x6e\\x6f\\x6e\\x65\", \"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\", \"\\x74\\x6d\\x70\\x66\\x73\", MS_RDONLY|MS_NOSUID, \"\\x73\\x69\\x7a\\x65\\x3d\\x31\\x6d\") = -1 ENOENT (No such file or directory)" },
	{ .c = { .nr = SYS_umount2, .a = { STR, MNT_DETACH | UMOUNT_NOFOLLOW }, .ret = ENOENT_,
		 .cap = { CAP_STR(0, "/nonexistent") } },
	  .def = "umount2(\"/nonexistent\", MNT_DETACH|UMOUNT_NOFOLLOW) = -1 ENOENT (No such file or directory)",
	  .raw = "umount2(\"/nonexistent\", 0xa)            = -1 ENOENT (No such file or directory)",
	  .verb = "umount2(\"/nonexistent\", 0xa /* MNT_DETACH|UMOUNT_NOFOLLOW */) = -1 ENOENT (No such file or directory)",
	  .xx = "umount2(\"\\x2f\\x6e\\x6f\\x6e\\x65\\x78\\x69\\x73\\x74\\x65\\x6e\\x74\", MNT_DETACH|UMOUNT_NOFOLLOW) = -1 ENOENT (No such file or directory)" },
	{ .c = { .nr = SYS_exit_group, .a = { 0 }, .flags = EVF_NORETURN },
	  .def = "exit_group(0)                           = ?" },
};

/* struct fd_info as the kernel side fills it (-y, -yy) */
#define FDI_FILE(capid, n, m, i) CAP_OBJ(capid, struct fd_info, { .mode = (m), .fd = (n), .ino = (i) })
#define FDI_ANON(capid, n, name) CAP_OBJ(capid, struct fd_info, { .mode = 1, .fd = (n), \
		.ino = 1055, .pathlen = sizeof(name) - 1, .path = name })

/* strace -y, one process whose cwd is /tmp: the fds keep what they were
 * opened as */
static const struct sc files_y[] = {
	{ .want = "openat(AT_FDCWD</tmp>, \"/etc/hostname\", O_RDONLY|O_CLOEXEC) = 3</etc/hostname>",
	  .nr = SYS_openat, .a = { CWD, STR, O_RDONLY | O_CLOEXEC }, .ret = 3,
	  .cap = { CAP_STR(1, "/etc/hostname"), FDI_FILE(FDI_RESULT, 3, S_IFREG | 0755, 733) } },
	{ .want = "read(3</etc/hostname>, \"vm\\n\", 4)       = 3",
	  .nr = SYS_read, .a = { 3, BUF, 4 }, .ret = 3,
	  .cap = { CAP_STR(1, "vm\n"), FDI_FILE(FDI_ARG + 0, 3, S_IFREG | 0755, 733) } },
	{ .want = "pread64(3</etc/hostname>, \"\\n\", 3, 2)   = 1",
	  .nr = SYS_pread64, .a = { 3, BUF, 3, 2 }, .ret = 1, .cap = { CAP_STR(1, "\n") } },
	{ .want = "fstat(3</etc/hostname>, {st_mode=S_IFREG|0755, st_size=3, ...}) = 0",
	  .nr = SYS_fstat, .a = { 3, BUF }, .cap = { CAP_MEM(1, &st_hostname, sizeof(struct stat)) } },
	{ .want = "lseek(3</etc/hostname>, 4294967294, SEEK_END) = 4294967297",
	  .nr = SYS_lseek, .a = { 3, 0xfffffffe, SEEK_END }, .ret = 4294967297 },
	{ .want = "close(3</etc/hostname>)                 = 0", .nr = SYS_close, .a = { 3 } },
	/* the fd is closed: no path */
	{ .want = "read(3, 0x7ffc1000a000, 4)              = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_read, .a = { 3, BUF, 4 }, .ret = EBADF_ },
	{ .want = "newfstatat(AT_FDCWD</tmp>, \"/dev/null\", {st_mode=S_IFCHR|0666, st_rdev=makedev(0x1, 0x3), ...}, AT_SYMLINK_NOFOLLOW) = 0",
	  .nr = SYS_newfstatat, .a = { CWD, STR, BUF, AT_SYMLINK_NOFOLLOW },
	  .cap = { CAP_STR(1, "/dev/null"), CAP_MEM(2, &st_null, sizeof(struct stat)) } },
	{ .want = "statx(AT_FDCWD</tmp>, \"/\", AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, 0x1000) = -1 EFAULT (Bad address)",
	  .nr = SYS_statx, .a = { CWD, STR, AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, BAD },
	  .ret = EFAULT_, .cap = { CAP_STR(1, "/") } },
	{ .want = "pipe2([3<pipe:[186226]>, 4<pipe:[186226]>], O_NONBLOCK|O_CLOEXEC) = 0",
	  .nr = SYS_pipe2, .a = { BUF, O_CLOEXEC | O_NONBLOCK },
	  .cap = { CAP_ARR(0, int, { 3, 4 }), FDI_FILE(FDI_PAIR + 0, 3, S_IFIFO | 0600, 186226),
		   FDI_FILE(FDI_PAIR + 1, 4, S_IFIFO | 0600, 186226) } },
	{ .want = "renameat2(AT_FDCWD</tmp>, \"a\", -1, \"b\", RENAME_NOREPLACE|RENAME_WHITEOUT) = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_renameat2, .a = { CWD, STR, NEG(-1), STR + 8, RENAME_NOREPLACE | RENAME_WHITEOUT },
	  .ret = EBADF_, .cap = { CAP_STR(1, "a"), CAP_STR(3, "b") } },
	{ .want = "inotify_init1(IN_NONBLOCK|IN_CLOEXEC)   = 5<anon_inode:inotify>",
	  .nr = SYS_inotify_init1, .a = { IN_NONBLOCK | IN_CLOEXEC }, .ret = 5,
	  .cap = { FDI_ANON(FDI_RESULT, 5, "inotify") } },
	{ .want = "eventfd2(3, EFD_SEMAPHORE|EFD_CLOEXEC)  = 6<anon_inode:[eventfd]>",
	  .nr = SYS_eventfd2, .a = { 3, EFD_CLOEXEC | EFD_SEMAPHORE }, .ret = 6,
	  .cap = { FDI_ANON(FDI_RESULT, 6, "[eventfd]") } },
	{ .want = "mknodat(AT_FDCWD</tmp>, \"/nonexistent/dev\", S_IFCHR|0600, makedev(0x1, 0x3)) = -1 ENOENT (No such file or directory)",
	  .nr = SYS_mknodat, .a = { CWD, STR, S_IFCHR | 0600, DEV(1, 3) }, .ret = ENOENT_,
	  .cap = { CAP_STR(1, "/nonexistent/dev") } },
	/* the pipe's ends, by what the kernel side saw at the call */
	{ .want = "write(4<pipe:[186226]>, \"x\", 1)         = 1",
	  .nr = SYS_write, .a = { 4, STR, 1 }, .ret = 1,
	  .cap = { CAP_STR(1, "x"), FDI_FILE(FDI_ARG + 0, 4, S_IFIFO | 0600, 186226) } },
};

/* strace -y: the pidfd clone and clone3 wrote, as the kernel side
 * described it at the call's exit (FDI_PAIR); strace's lines in the
 * conformance test clone-flags, and for tests/progs/clone3.c */
static const struct sc clone_y[] = {
	{ .want = "clone(child_stack=0x7f588279eff0, flags=CLONE_PIDFD|SIGCHLD, parent_tid=[9<anon_inode:[pidfd]>]) = 23936",
	  .nr = SYS_clone, .a = { 0x1000 /* CLONE_PIDFD */ | 17 /* SIGCHLD */, 0x7f588279eff0, 0x7ffd5a5a1000 }, .ret = 23936,
	  .cap = { CAP_ARR(2, int32_t, { 9 }), FDI_ANON(FDI_PAIR, 9, "[pidfd]") } },
	{ .want = "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID|CLONE_CLEAR_SIGHAND, pidfd=0x7fff0df82c4c, parent_tid=0x7fff0df82c48, exit_signal=SIGCHLD, stack=NULL, stack_size=0} => {pidfd=[9<anon_inode:[pidfd]>], parent_tid=[32284]}, 88) = 32284",
	  .nr = SYS_clone3, .a = { 0x7ffd5a5a1000, 88 }, .ret = 32284,
	  .cap = { CAP_ARR(0, uint64_t, { 0x100101000, 0x7fff0df82c4c, 0, 0x7fff0df82c48, 17,
					  0, 0, 0, 0, 0, 0 }),
		   CAP_MEM(0, NULL, 0), CAP_ARR(0, int32_t, { 9 }), CAP_ARR(0, int32_t, { 32284 }),
		   FDI_ANON(FDI_PAIR, 9, "[pidfd]") } },
};

/* -s 8: the kernel side keeps 8 bytes of each string */
static const struct sc files_s8[] = {
	{ .want = "write(-1, \"hello\\n\\tw\"..., 14)          = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_write, .a = { NEG(-1), STR, 14 }, .ret = EBADF_,
	  .cap = { CAP_TSTR(1, "hello\n\tw") } },
	{ .want = "write(-1, \"01234567\"..., 42)            = -1 EBADF (Bad file descriptor)",
	  .nr = SYS_write, .a = { NEG(-1), STR, 42 }, .ret = EBADF_, .cap = { CAP_TSTR(1, "01234567") } },
	/* paths are not cut at -s */
	{ .want = "open(\"/nonexistent/file\", O_WRONLY|O_CREAT|O_TRUNC, 0640) = -1 ENOENT (No such file or directory)",
	  .nr = SYS_open, .a = { STR, O_WRONLY | O_CREAT | O_TRUNC, 0640 }, .ret = ENOENT_,
	  .cap = { CAP_STR(0, "/nonexistent/file") } },
	{ .want = "read(3, \"vm\\n\", 4)                      = 3",
	  .nr = SYS_read, .a = { 3, BUF, 4 }, .ret = 3, .cap = { CAP_STR(1, "vm\n") } },
};

/*
 * quotactl and quotactl_fd: the lines strace 6.1 printed for
 * tests/progs/quotas.c (`strace -e trace=quotactl,quotactl_fd [-v|-X raw|
 * -X verbose|-xx] -o OUT`, and with -e inject=quotactl:retval=0 for the
 * structs the calls write), with the values that program passed.
 */
#define QDEV "\"/dev/strobe-no-such-device\""
#define QDEV_XX "\"\\x2f\\x64\\x65\\x76\\x2f\\x73\\x74\\x72\\x6f\\x62\\x65\\x2d\\x6e\\x6f" \
		"\\x2d\\x73\\x75\\x63\\x68\\x2d\\x64\\x65\\x76\\x69\\x63\\x65\""
#define QCAP CAP_STR(1, "/dev/strobe-no-such-device")
#define QERR " = -1 ENOENT (No such file or directory)"
#define ESRCH_ NEG(-3)
#define EINVAL_ NEG(-22)

static const struct row quotas[] = {
	/* an unknown command and type; the id in decimal */
	{ .c = { .nr = SYS_quotactl, .a = { 0xbadc0ded, STR, 0xca7faced, 0 }, .ret = EINVAL_,
		 .cap = { QCAP } },
	  .def = "quotactl(QCMD(0xbadc0d /* Q_??? */, 0xed /* ???QUOTA */), " QDEV ", 3397364973, NULL) = -1 EINVAL (Invalid argument)",
	  .raw = "quotactl(3134983661, " QDEV ", 3397364973, NULL) = -1 EINVAL (Invalid argument)",
	  .verb = "quotactl(3134983661 /* QCMD(0xbadc0d /* Q_??? */, 0xed /* ???QUOTA */) */, " QDEV ", 3397364973, NULL) = -1 EINVAL (Invalid argument)",
	  .xx = "quotactl(QCMD(0xbadc0d /* Q_??? */, 0xed /* ???QUOTA */), " QDEV_XX ", 3397364973, NULL) = -1 EINVAL (Invalid argument)" },
	/* Q_QUOTAON: a quota format and the quota file */
	{ .c = { .nr = SYS_quotactl, .a = { 0x80000200, STR, QFMT_VFS_V0, STR + 64 }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_STR(3, "/strobe-no-such-dir/aquota.user") } },
	  .def = "quotactl(QCMD(Q_QUOTAON, USRQUOTA), " QDEV ", QFMT_VFS_V0, \"/strobe-no-such-dir/aquota.user\")" QERR,
	  .raw = "quotactl(2147484160, " QDEV ", 0x2, \"/strobe-no-such-dir/aquota.user\")" QERR,
	  .verb = "quotactl(2147484160 /* QCMD(Q_QUOTAON, USRQUOTA) */, " QDEV ", 0x2 /* QFMT_VFS_V0 */, \"/strobe-no-such-dir/aquota.user\")" QERR,
	  .xx = "quotactl(QCMD(Q_QUOTAON, USRQUOTA), " QDEV_XX ", QFMT_VFS_V0, \"\\x2f\\x73\\x74\\x72\\x6f\\x62\\x65\\x2d\\x6e\\x6f\\x2d\\x73\\x75\\x63\\x68\\x2d\\x64\\x69\\x72\\x2f\\x61\\x71\\x75\\x6f\\x74\\x61\\x2e\\x75\\x73\\x65\\x72\")" QERR },
	/* Q_QUOTAOFF: neither id nor address */
	{ .c = { .nr = SYS_quotactl, .a = { 0x80000301, STR, 1, BUF }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_OBJ(3, struct if_dqinfo, { 0 }) } },
	  .def = "quotactl(QCMD(Q_QUOTAOFF, GRPQUOTA), " QDEV ")" QERR,
	  .raw = "quotactl(2147484417, " QDEV ")" QERR,
	  .verb = "quotactl(2147484417 /* QCMD(Q_QUOTAOFF, GRPQUOTA) */, " QDEV ")" QERR,
	  .xx = "quotactl(QCMD(Q_QUOTAOFF, GRPQUOTA), " QDEV_XX ")" QERR },
	/* Q_SETQUOTA: the struct the call reads, whatever its result */
	{ .c = { .nr = SYS_quotactl, .a = { 0x80000802, STR, 3141592653u, BUF }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_OBJ(3, struct if_dqblk, { .dqb_bhardlimit = 1000,
			  .dqb_bsoftlimit = 900, .dqb_ihardlimit = 50, .dqb_valid = 0x105 }) } },
	  .def = "quotactl(QCMD(Q_SETQUOTA, PRJQUOTA), " QDEV ", 3141592653, {dqb_bhardlimit=1000, dqb_bsoftlimit=900, dqb_curspace=0, dqb_ihardlimit=50, dqb_isoftlimit=0, dqb_curinodes=0, ...})" QERR,
	  .v = "quotactl(QCMD(Q_SETQUOTA, PRJQUOTA), " QDEV ", 3141592653, {dqb_bhardlimit=1000, dqb_bsoftlimit=900, dqb_curspace=0, dqb_ihardlimit=50, dqb_isoftlimit=0, dqb_curinodes=0, dqb_btime=0, dqb_itime=0, dqb_valid=QIF_BLIMITS|QIF_ILIMITS|0x100})" QERR,
	  .raw = "quotactl(2147485698, " QDEV ", 3141592653, {dqb_bhardlimit=1000, dqb_bsoftlimit=900, dqb_curspace=0, dqb_ihardlimit=50, dqb_isoftlimit=0, dqb_curinodes=0, ...})" QERR,
	  .verb = "quotactl(2147485698 /* QCMD(Q_SETQUOTA, PRJQUOTA) */, " QDEV ", 3141592653, {dqb_bhardlimit=1000, dqb_bsoftlimit=900, dqb_curspace=0, dqb_ihardlimit=50, dqb_isoftlimit=0, dqb_curinodes=0, ...})" QERR,
	  .xx = "quotactl(QCMD(Q_SETQUOTA, PRJQUOTA), " QDEV_XX ", 3141592653, {dqb_bhardlimit=1000, dqb_bsoftlimit=900, dqb_curspace=0, dqb_ihardlimit=50, dqb_isoftlimit=0, dqb_curinodes=0, ...})" QERR },
	/* Q_GETINFO failed: the address, no id */
	{ .c = { .nr = SYS_quotactl, .a = { 0x80000500, STR, 0, BUF }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_OBJ(3, struct if_dqinfo, { 0 }) } },
	  .def = "quotactl(QCMD(Q_GETINFO, USRQUOTA), " QDEV ", 0x7ffc1000a000)" QERR,
	  .raw = "quotactl(2147484928, " QDEV ", 0x7ffc1000a000)" QERR,
	  .verb = "quotactl(2147484928 /* QCMD(Q_GETINFO, USRQUOTA) */, " QDEV ", 0x7ffc1000a000)" QERR,
	  .xx = "quotactl(QCMD(Q_GETINFO, USRQUOTA), " QDEV_XX ", 0x7ffc1000a000)" QERR },
	/* Q_SETINFO: its flags in every -X style */
	{ .c = { .nr = SYS_quotactl, .a = { 0x80000601, STR, 0, BUF }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_OBJ(3, struct if_dqinfo, { 604800, 86400, 0x41, 5 }) } },
	  .def = "quotactl(QCMD(Q_SETINFO, GRPQUOTA), " QDEV ", {dqi_bgrace=604800, dqi_igrace=86400, dqi_flags=DQF_ROOT_SQUASH|0x40, dqi_valid=IIF_BGRACE|IIF_FLAGS})" QERR,
	  .raw = "quotactl(2147485185, " QDEV ", {dqi_bgrace=604800, dqi_igrace=86400, dqi_flags=0x41, dqi_valid=0x5})" QERR,
	  .verb = "quotactl(2147485185 /* QCMD(Q_SETINFO, GRPQUOTA) */, " QDEV ", {dqi_bgrace=604800, dqi_igrace=86400, dqi_flags=0x41 /* DQF_ROOT_SQUASH|0x40 */, dqi_valid=0x5 /* IIF_BGRACE|IIF_FLAGS */})" QERR,
	  .xx = "quotactl(QCMD(Q_SETINFO, GRPQUOTA), " QDEV_XX ", {dqi_bgrace=604800, dqi_igrace=86400, dqi_flags=DQF_ROOT_SQUASH|0x40, dqi_valid=IIF_BGRACE|IIF_FLAGS})" QERR },
	/* Q_XSETQLIM: fs_disk_quota, all of it with -v */
	{ .c = { .nr = SYS_quotactl, .a = { 0x580402, STR, 42, BUF }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_OBJ(3, struct fs_disk_quota, { .d_version = 1, .d_flags = 2,
			  .d_fieldmask = 0xc, .d_id = 42, .d_blk_hardlimit = 2048, .d_itimer = -1,
			  .d_rtbwarns = 3 }) } },
	  .def = "quotactl(QCMD(Q_XSETQLIM, PRJQUOTA), " QDEV ", 42, {d_version=1, d_flags=FS_PROJ_QUOTA, d_fieldmask=0xc, d_id=42, d_blk_hardlimit=2048, d_blk_softlimit=0, d_ino_hardlimit=0, d_ino_softlimit=0, d_bcount=0, d_icount=0, ...})" QERR,
	  .v = "quotactl(QCMD(Q_XSETQLIM, PRJQUOTA), " QDEV ", 42, {d_version=1, d_flags=FS_PROJ_QUOTA, d_fieldmask=0xc, d_id=42, d_blk_hardlimit=2048, d_blk_softlimit=0, d_ino_hardlimit=0, d_ino_softlimit=0, d_bcount=0, d_icount=0, d_itimer=-1, d_btimer=0, d_iwarns=0, d_bwarns=0, d_rtb_hardlimit=0, d_rtb_softlimit=0, d_rtbcount=0, d_rtbtimer=0, d_rtbwarns=3})" QERR,
	  .raw = "quotactl(5768194, " QDEV ", 42, {d_version=1, d_flags=0x2, d_fieldmask=0xc, d_id=42, d_blk_hardlimit=2048, d_blk_softlimit=0, d_ino_hardlimit=0, d_ino_softlimit=0, d_bcount=0, d_icount=0, ...})" QERR,
	  .verb = "quotactl(5768194 /* QCMD(Q_XSETQLIM, PRJQUOTA) */, " QDEV ", 42, {d_version=1, d_flags=0x2 /* FS_PROJ_QUOTA */, d_fieldmask=0xc, d_id=42, d_blk_hardlimit=2048, d_blk_softlimit=0, d_ino_hardlimit=0, d_ino_softlimit=0, d_bcount=0, d_icount=0, ...})" QERR,
	  .xx = "quotactl(QCMD(Q_XSETQLIM, PRJQUOTA), " QDEV_XX ", 42, {d_version=1, d_flags=FS_PROJ_QUOTA, d_fieldmask=0xc, d_id=42, d_blk_hardlimit=2048, d_blk_softlimit=0, d_ino_hardlimit=0, d_ino_softlimit=0, d_bcount=0, d_icount=0, ...})" QERR },
	/* Q_XQUOTARM: a flag set */
	{ .c = { .nr = SYS_quotactl, .a = { 0x580600, STR, 0, BUF }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_ARR(3, uint32_t, { 0xdeadbeef }) } },
	  .def = "quotactl(QCMD(Q_XQUOTARM, USRQUOTA), " QDEV ", [FS_USER_QUOTA|FS_PROJ_QUOTA|FS_GROUP_QUOTA|0xdeadbee8])" QERR,
	  .raw = "quotactl(5768704, " QDEV ", [0xdeadbeef])" QERR,
	  .verb = "quotactl(5768704 /* QCMD(Q_XQUOTARM, USRQUOTA) */, " QDEV ", [0xdeadbeef /* FS_USER_QUOTA|FS_PROJ_QUOTA|FS_GROUP_QUOTA|0xdeadbee8 */])" QERR,
	  .xx = "quotactl(QCMD(Q_XQUOTARM, USRQUOTA), " QDEV_XX ", [FS_USER_QUOTA|FS_PROJ_QUOTA|FS_GROUP_QUOTA|0xdeadbee8])" QERR },
	/* Q_GETFMT, Q_XGETQSTATV: what a successful call wrote */
	{ .c = { .nr = SYS_quotactl, .a = { 0x80000402, STR, 0, BUF }, .inj = INJ_INJECTED,
		 .cap = { QCAP, CAP_ARR(3, uint32_t, { QFMT_VFS_V0 }) } },
	  .def = "quotactl(QCMD(Q_GETFMT, PRJQUOTA), " QDEV ", [QFMT_VFS_V0]) = 0 (INJECTED)",
	  .raw = "quotactl(2147484674, " QDEV ", [0x2]) = 0 (INJECTED)",
	  .verb = "quotactl(2147484674 /* QCMD(Q_GETFMT, PRJQUOTA) */, " QDEV ", [0x2 /* QFMT_VFS_V0 */]) = 0 (INJECTED)",
	  .xx = "quotactl(QCMD(Q_GETFMT, PRJQUOTA), " QDEV_XX ", [QFMT_VFS_V0]) = 0 (INJECTED)" },
	{ .c = { .nr = SYS_quotactl, .a = { 0x580801, STR, 0, BUF }, .inj = INJ_INJECTED,
		 .cap = { QCAP, CAP_OBJ(3, struct fs_quota_statv, { .qs_version = 1, .qs_flags = 0x10,
			  .qs_pquota = { .qfs_nextents = 5 }, .qs_iwarnlimit = 9 }) } },
	  .def = "quotactl(QCMD(Q_XGETQSTATV, GRPQUOTA), " QDEV ", {qs_version=1, ...}) = 0 (INJECTED)",
	  .v = "quotactl(QCMD(Q_XGETQSTATV, GRPQUOTA), " QDEV ", {qs_version=1, qs_flags=FS_QUOTA_PDQ_ACCT, qs_incoredqs=0, qs_uquota={qfs_ino=0, qfs_nblks=0, qfs_nextents=0}, qs_gquota={qfs_ino=0, qfs_nblks=0, qfs_nextents=0}, qs_pquota={qfs_ino=0, qfs_nblks=0, qfs_nextents=5}, qs_btimelimit=0, qs_itimelimit=0, qs_rtbtimelimit=0, qs_bwarnlimit=0, qs_iwarnlimit=9}) = 0 (INJECTED)",
	  .raw = "quotactl(5769217, " QDEV ", {qs_version=1, ...}) = 0 (INJECTED)",
	  .verb = "quotactl(5769217 /* QCMD(Q_XGETQSTATV, GRPQUOTA) */, " QDEV ", {qs_version=1, ...}) = 0 (INJECTED)",
	  .xx = "quotactl(QCMD(Q_XGETQSTATV, GRPQUOTA), " QDEV_XX ", {qs_version=1, ...}) = 0 (INJECTED)" },
	/* a flag set that could not be read: its address */
	{ .c = { .nr = SYS_quotactl, .a = { 0x80000400, STR, 0, BAD }, .ret = ENOENT_,
		 .cap = { QCAP, CAP_BAD(3) } },
	  .def = "quotactl(QCMD(Q_GETFMT, USRQUOTA), " QDEV ", 0x1000)" QERR,
	  .raw = "quotactl(2147484672, " QDEV ", 0x1000)" QERR,
	  .verb = "quotactl(2147484672 /* QCMD(Q_GETFMT, USRQUOTA) */, " QDEV ", 0x1000)" QERR,
	  .xx = "quotactl(QCMD(Q_GETFMT, USRQUOTA), " QDEV_XX ", 0x1000)" QERR },
	/* quotactl_fd: the command second */
	{ .c = { .nr = SYS_quotactl_fd, .a = { 3, 0x80000700, 0, BUF }, .ret = ESRCH_,
		 .cap = { CAP_OBJ(3, struct if_dqblk, { 0 }) } },
	  .def = "quotactl_fd(3, QCMD(Q_GETQUOTA, USRQUOTA), 0, 0x7ffc1000a000) = -1 ESRCH (No such process)",
	  .raw = "quotactl_fd(3, 2147485440, 0, 0x7ffc1000a000) = -1 ESRCH (No such process)",
	  .verb = "quotactl_fd(3, 2147485440 /* QCMD(Q_GETQUOTA, USRQUOTA) */, 0, 0x7ffc1000a000) = -1 ESRCH (No such process)" },
};

int main(void)
{
	struct fmt_opts y = { .strsize = 32, .decode_fds = 1 };
	struct fmt_opts yy = { .strsize = 32, .decode_fds = 2 };
	struct fmt_opts s8 = { .strsize = 8 };

	setenv("TZ", "UTC", 1);
	tzset();
	RUN_ROWS(files);
	RUN_ROWS(quotas);
	RUN_SEQ(files_y, &y, "/tmp");
	RUN_SEQ(clone_y, &y, "/tmp");
	/* strace -yy printed the same lines for these fds */
	RUN_SEQ(files_y, &yy, "/tmp");
	RUN_SEQ(files_s8, &s8, NULL);
	return CHECK_BUG_REPORT();
}
