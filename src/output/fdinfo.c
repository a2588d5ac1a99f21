// SPDX-License-Identifier: GPL-2.0
/*
 * -yy: what an fd is, from the struct fd_info the kernel side read when
 * the call completed: "<TCP:[127.0.0.1:40000->127.0.0.1:8080]>",
 * "<UNIX-STREAM:[1234->1235]>", "<pipe:[1236]>", "</dev/null<char 1:3>>",
 * as strace -yy prints them.  Without one (plain -y, or a record made
 * without -yy): the path -y knows.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "../../bpf/event.h"
#include "../decode/decode.h"
#include "../syscalls/nr_x86_64.h"

static void put_inet(struct sbuf *b, int family, const uint8_t *addr, unsigned port)
{
	char s[INET6_ADDRSTRLEN];

	if (!inet_ntop(family, addr, s, sizeof(s)))
		strcpy(s, "?");
	if (family == AF_INET6)
		sbuf_printf(b, "[%s]:%u", s, port);
	else
		sbuf_printf(b, "%s:%u", s, port);
}

static const char *netlink_name(unsigned proto)
{
	static const char *const t[] = {
		[0] = "ROUTE", [2] = "USERSOCK", [3] = "FIREWALL", [4] = "SOCK_DIAG",
		[5] = "NFLOG", [6] = "XFRM", [7] = "SELINUX", [8] = "ISCSI", [9] = "AUDIT",
		[10] = "FIB_LOOKUP", [11] = "CONNECTOR", [12] = "NETFILTER", [13] = "IP6_FW",
		[14] = "DNRTMSG", [15] = "KOBJECT_UEVENT", [16] = "GENERIC", [18] = "SCSITRANSPORT",
		[19] = "ECRYPTFS", [20] = "RDMA", [21] = "CRYPTO", [22] = "SMC",
	};

	return proto < sizeof(t) / sizeof(t[0]) ? t[proto] : NULL;
}

static void put_socket(struct sbuf *b, const struct fd_info *fi)
{
	bool inet = fi->family == AF_INET || fi->family == AF_INET6;

	/* as strace names them: raw sockets by their inode, whatever their
	 * protocol (a raw socket's protocol number is no port) */
	if (inet && fi->type == SOCK_RAW) {
		sbuf_printf(b, "%s:[%llu]", fi->family == AF_INET6 ? "RAWv6" : "RAW",
			    (unsigned long long)fi->ino);
	} else if (fi->family == AF_INET6 && fi->protocol == IPPROTO_UDPLITE) {
		sbuf_printf(b, "UDPLITEv6:[%llu]", (unsigned long long)fi->ino);
	} else if (inet && (fi->protocol == IPPROTO_TCP || fi->protocol == IPPROTO_UDP)) {
		sbuf_puts(b, fi->protocol == IPPROTO_TCP ? "TCP" : "UDP");
		if (fi->family == AF_INET6)
			sbuf_puts(b, "v6");
		sbuf_puts(b, ":[");
		if (!fi->sport) {
			sbuf_u64(b, fi->ino);
		} else {
			put_inet(b, fi->family, fi->src, fi->sport);
			if (fi->dport) {
				sbuf_puts(b, "->");
				put_inet(b, fi->family, fi->dst, fi->dport);
			}
		}
		sbuf_putc(b, ']');
	} else if (fi->family == AF_UNIX) {
		/* a peer that was closed first: the kernel forgets its inode
		 * number (sock_orphan clears it); strace still shows it, from
		 * the cache of what it printed for this inode before.  The
		 * last peer seen for each inode, the same way. */
		static struct { uint64_t ino, peer; } peers[256];
		uint64_t peer = fi->peer;

		if (peer) {
			peers[fi->ino % 256].ino = fi->ino;
			peers[fi->ino % 256].peer = peer;
		} else if (peers[fi->ino % 256].ino == fi->ino) {
			peer = peers[fi->ino % 256].peer;
		}
		sbuf_puts(b, fi->type == SOCK_STREAM ? "UNIX-STREAM:[" : "UNIX:[");
		sbuf_u64(b, fi->ino);
		if (peer) {
			sbuf_puts(b, "->");
			sbuf_u64(b, peer);
		}
		if (fi->pathlen) {
			size_t n = fi->pathlen <= FDI_PATH_MAX ? fi->pathlen : FDI_PATH_MAX;
			bool abstract = fi->path[0] == '\0';
			const char *p = fi->path + abstract;

			n -= abstract;
			n = strnlen(p, n);
			sbuf_puts(b, abstract ? ",@" : ",");
			decode_string(b, p, n, false);
		}
		sbuf_putc(b, ']');
	} else if (fi->family == AF_NETLINK) {
		const char *name = netlink_name(fi->protocol);

		sbuf_puts(b, "NETLINK:[");
		if (fi->portid && name)
			sbuf_printf(b, "%s:%u", name, fi->portid);
		else
			sbuf_u64(b, fi->ino);
		sbuf_putc(b, ']');
	} else {
		sbuf_printf(b, "socket:[%llu]", (unsigned long long)fi->ino);
	}
}

/* "anon_inode:[io_uring]" of a new fd the kernel side described (-y), for
 * the fd table: an fd that later appears inside a struct (io_uring's
 * wq_fd) has no description of its own, and /proc may be gone by then */
bool fd_info_anon_path(const struct ev_syscall *e, size_t size, int capid, int fd,
		       char *out, size_t n)
{
	const struct cap *c;
	const char *data;
	struct fd_info fi;

	if (fd < 0 || !cap_find(e, size, capid, &c, &data) || c->len < sizeof(fi))
		return false;
	memcpy(&fi, data, sizeof(fi));
	if (!fi.mode || fi.fd != fd || (fi.mode & 0170000) || !fi.pathlen)
		return false;
	snprintf(out, n, "anon_inode:%.*s", (int)(fi.pathlen < 64 ? fi.pathlen : 64), fi.path);
	return true;
}

static bool is_pidfd(const struct fd_info *fi)
{
	return !(fi->mode & 0170000) && fi->peer && fi->pathlen == 7 &&
	       !memcmp(fi->path, "[pidfd]", 7);
}

/*
 * pidfd_getfd's new fd (-y): the same file as fd args[1] of the pidfd's
 * process.  Nothing said which when it was made (its kind is unknown), so
 * /proc's word is taken, from this process's new fd or else the other's,
 * only for the inode the kernel side saw at the call (live); a device's
 * node when both are gone already (the other process often exits at
 * once), and in a report.
 */
void learn_getfd(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	const struct cap *c;
	const char *data;
	struct fd_info res, pidfd;
	struct fdpaths *t = formatter_fdpaths(f);
	int fd = (int)e->ret;

	if (!t || e->nr != NR_pidfd_getfd || e->ret < 0 || fd_path_of(f, e->h.pid, fd) ||
	    !cap_find(e, size, FDI_RESULT, &c, &data) || c->len < sizeof(res))
		return;
	memcpy(&res, data, sizeof(res));
	if (res.fd != fd || !res.mode || fdpaths_adopt(t, e->h.pid, fd, e->h.pid, fd, res.ino))
		return;
	if (cap_find(e, size, FDI_ARG, &c, &data) && c->len >= sizeof(pidfd)) {
		memcpy(&pidfd, data, sizeof(pidfd));
		if (pidfd.fd == (int)e->args[0] && is_pidfd(&pidfd) &&
		    fdpaths_adopt(t, e->h.pid, fd, (uint32_t)pidfd.peer, (int)e->args[1], res.ino))
			return;
	}
	if ((res.mode & 0170000) == 0020000 || (res.mode & 0170000) == 0060000)
		fdpaths_device(t, e->h.pid, fd, (res.mode & 0170000) == 0060000, (uint32_t)res.peer);
}

/* -y, or -e decode-fds= with some of its kinds: as strace, a socket's
 * endpoints (socket), a device's numbers (dev), a pidfd's pid (pidfd),
 * else what /proc would say of it (path); false: the fd table's path if
 * path is shown, else nothing */
static bool put_fd_info_some(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			     const struct fd_info *fi, unsigned set, int fd)
{
	uint32_t type = fi->mode & 0170000;
	bool all = formatter_decode_fds(f) >= 2;

	if (type == 0140000 && all && (set & DFD_SOCKET)) {
		sbuf_putc(b, '<');
		put_socket(b, fi);
		sbuf_putc(b, '>');
	} else if (is_pidfd(fi) && all && (set & DFD_PIDFD)) {
		sbuf_printf(b, "<pid:%llu>", (unsigned long long)fi->peer);
	} else if ((type == 0020000 || type == 0060000) && all && (set & DFD_DEV)) {
		char dev[48];
		uint32_t rdev = (uint32_t)fi->peer;

		snprintf(dev, sizeof(dev), "<%s %u:%u>", type == 0020000 ? "char" : "block",
			 rdev >> 20, rdev & 0xfffff);
		return put_fd_path_ex(f, b, e->h.pid, fd, dev);
	} else if (!(set & DFD_PATH)) {
		return true;	/* nothing */
	} else if (type == 0140000) {
		sbuf_printf(b, "<socket:[%llu]>", (unsigned long long)fi->ino);
	} else if (type == 0010000) {
		sbuf_printf(b, "<pipe:[%llu]>", (unsigned long long)fi->ino);
	} else if (!type && fi->pathlen) {
		sbuf_printf(b, "<anon_inode:%.*s>", (int)(fi->pathlen < 64 ? fi->pathlen : 64),
			    fi->path);
	} else {
		return false;
	}
	return true;
}

bool put_fd_info(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		 size_t size, int capid, int fd)
{
	const struct cap *c;
	const char *data;
	struct fd_info fi;
	uint32_t type;
	unsigned set;

	if (fd < 0 || !formatter_decode_fds(f) || formatter_json(f) ||
	    !cap_find(e, size, capid, &c, &data) ||
	    c->len < sizeof(fi))
		return false;
	memcpy(&fi, data, sizeof(fi));
	type = fi.mode & 0170000;
	if (!fi.mode || fi.fd != fd)
		return false;
	set = formatter_fd_set(f);
	if (formatter_decode_fds(f) == 1 || set != DFD_ALL)
		return put_fd_info_some(f, b, e, &fi, set, fd);
	if (formatter_decode_fds(f) == 1) {
		/* -y: what /proc would have said at the call, for what has no
		 * path; files and devices by the path the fd table knows */
		if (type == 0140000)
			sbuf_printf(b, "<socket:[%llu]>", (unsigned long long)fi.ino);
		else if (type == 0010000)
			sbuf_printf(b, "<pipe:[%llu]>", (unsigned long long)fi.ino);
		else if (!type && fi.pathlen)
			sbuf_printf(b, "<anon_inode:%.*s>", (int)(fi.pathlen < 64 ? fi.pathlen : 64),
				    fi.path);
		else
			return false;
		return true;
	}
	if (type == 0140000) {
		sbuf_putc(b, '<');
		put_socket(b, &fi);
		sbuf_putc(b, '>');
		return true;
	}
	if (type == 0010000) {
		sbuf_printf(b, "<pipe:[%llu]>", (unsigned long long)fi.ino);
		return true;
	}
	if (is_pidfd(&fi)) {
		sbuf_printf(b, "<pid:%llu>", (unsigned long long)fi.peer);
		return true;
	}
	if (!type && fi.pathlen) {	/* an anonymous inode */
		sbuf_printf(b, "<anon_inode:%.*s>", (int)(fi.pathlen < 64 ? fi.pathlen : 64),
			    fi.path);
		return true;
	}
	if (type == 0020000 || type == 0060000) {
		/* the path -y knows, with the device: "</dev/null<char 1:3>>" */
		char dev[48];
		uint32_t rdev = (uint32_t)fi.peer;	/* the kernel's: major << 20 | minor */

		snprintf(dev, sizeof(dev), "<%s %u:%u>", type == 0020000 ? "char" : "block",
			 rdev >> 20, rdev & 0xfffff);
		return put_fd_path_ex(f, b, e->h.pid, fd, dev);
	}
	return false;
}

/* Did the kernel side find no file at fd when the call was made?  (dup2's
 * new fd before the call: strace shows it bare, and the fd table or /proc
 * would already name what the call put there.) */
static bool fd_was_closed(const struct ev_syscall *e, size_t size, int capid, int fd)
{
	const struct cap *c;
	const char *data;
	struct fd_info fi;

	if (capid < FDI_ARG || capid >= FDI_RESULT || !cap_find(e, size, capid, &c, &data) ||
	    c->len < sizeof(fi))
		return false;
	memcpy(&fi, data, sizeof(fi));
	return fi.fd == fd && !fi.mode;
}

void put_fd_decor(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, int capid, int fd)
{
	if (!put_fd_info(f, b, e, size, capid, fd) && !fd_was_closed(e, size, capid, fd))
		put_fd_path(f, b, e->h.pid, fd);
}
