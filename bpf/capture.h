/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Capturing arguments from the traced process into the per-CPU scratch
 * record: strings, buffers, structs, argv, and counts (environment,
 * directory entries).  Included once, by syscalls.bpf.c, after its maps.
 *
 * The *_g functions are global BPF functions taking only scalars: the
 * verifier checks each once, on its own, and callers see an opaque result,
 * which keeps the programs that use them cheap to verify.  Offsets and
 * lengths are masked right where they are used, behind empty asm barriers,
 * because clang otherwise drops masks it can prove redundant and indexes
 * with a register the verifier has no bound for.
 */
#ifndef STROBE_CAPTURE_H
#define STROBE_CAPTURE_H

/*
 * The cap header at `off` in the scratch record, its argument and flags
 * set; NULL from SCRATCH_CAP_LIMIT on.  Its data follows at (c + 1).  The
 * offset is masked here, behind an empty asm barrier: clang drops masks it
 * can prove redundant, and the verifier needs one on the register it sees.
 */
static __always_inline struct cap *cap_at(__u8 *buf, __u32 off, __u8 arg, __u8 flags)
{
	struct cap *c;

	if (!buf || off >= SCRATCH_CAP_LIMIT)
		return NULL;
	asm volatile("" : "+r"(off));
	off &= SCRATCH_CAP_LIMIT - 1;
	c = (struct cap *)(buf + off);
	c->arg = arg;
	c->flags = flags;
	c->len = 0;
	return c;
}

/* Append one captured string at `off`; returns the bytes used. */
static __always_inline __u32 cap_str(__u8 *buf, __u32 off, __u64 uptr,
				     __u32 limit, __u8 arg, __u8 flags)
{
	struct cap *c = cap_at(buf, off, arg, flags);
	long n;

	if (!c)
		return 0;
	limit &= 0x1fff;
	if (limit < 2)
		limit = 2;
	n = bpf_probe_read_user_str(c + 1, limit, (void *)uptr);
	if (n <= 0) {
		c->flags |= CAP_FAULT;
		return CAP_SIZE(0);
	}
	n -= 1;			/* the NUL */
	/* Strings are read one byte past the limit to know they went on. */
	if (!(flags & CAP_ARGV) && limit == PATH_CAP) {
		if (n >= PATH_CAP - 1)
			c->flags |= CAP_TRUNC;
	} else if (n > str_max) {
		n = str_max;
		c->flags |= CAP_TRUNC;
	}
	c->len = n & 0x1fff;
	return CAP_SIZE(c->len);
}

/*
 * cap_str as a global function: the verifier checks it once on its own,
 * and callers see a scalar, which keeps the capture loops cheap to verify.
 * argflags = arg | flags << 8.
 */
__noinline int cap_str_g(__u32 off, __u64 uptr, __u32 limit, __u32 argflags)
{
	__u32 zero = 0;
	__u8 *buf = bpf_map_lookup_elem(&scratch, &zero);

	if (!buf)
		return 0;
	return cap_str(buf, off, uptr, limit, argflags & 0xff, (argflags >> 8) & 0xff);
}

/* `len` bytes at uptr, at most `limit` (and TRUNC beyond it). */
static __always_inline int cap_bytes_f(__u32 off, __u64 uptr, __u64 len, __u32 arg,
				       __u32 limit, __u8 flags)
{
	__u32 zero = 0;
	struct cap *c = cap_at(bpf_map_lookup_elem(&scratch, &zero), off, arg, flags);
	__u32 n;

	if (!c)
		return 0;
	n = len > limit ? limit : len;
	if (len > limit)
		c->flags |= CAP_TRUNC;
	asm volatile("" : "+r"(n));	/* keep the mask for the verifier */
	n &= 0x1fff;
	if (n && bpf_probe_read_user(c + 1, n, (void *)uptr)) {
		c->len = 0;
		c->flags = CAP_FAULT;
		return CAP_SIZE(0);
	}
	c->len = n;
	return CAP_SIZE(n);
}

static __always_inline int cap_bytes(__u32 off, __u64 uptr, __u64 len, __u32 arg,
				     __u32 limit)
{
	return cap_bytes_f(off, uptr, len, arg, limit, 0);
}

/* A buffer of known length: up to the -s limit of it. */
__noinline int cap_buf_g(__u32 off, __u64 uptr, __u64 len, __u32 arg)
{
	return cap_bytes(off, uptr, len, arg, str_max);
}

/* A buffer whole, up to DUMP_MAX: flagged CAP_DUMP for -e read=/write=,
 * not for getdents64's entries with -v.  argflags = arg | flags << 8. */
__noinline int cap_whole_g(__u32 off, __u64 uptr, __u64 len, __u32 argflags)
{
	return cap_bytes_f(off, uptr, len, argflags & 0xff, DUMP_MAX, (argflags >> 8) & 0xff);
}

/* A struct of known size, whole (not cut at -s): up to STRUCT_CAP_MAX. */
__noinline int cap_struct_g(__u32 off, __u64 uptr, __u32 len, __u32 arg)
{
	return cap_bytes(off, uptr, len, arg, STRUCT_CAP_MAX - 1);
}

/* An array of structs: up to STRUCT_CAP_MAX bytes of it (TRUNC beyond). */
__noinline int cap_array_g(__u32 off, __u64 uptr, __u32 len, __u32 arg)
{
	return cap_bytes(off, uptr, len, arg, STRUCT_CAP_MAX - 1);
}

/* A sockaddr or control buffer of a msghdr, flagged: up to 256 bytes. */
__noinline int cap_flagged_g(__u32 off, __u64 uptr, __u32 len, __u32 argflags)
{
	return cap_bytes_f(off, uptr, len, argflags & 0xff, 256, (argflags >> 8) & 0xff);
}

/*
 * One iovec: a CAP_ELEM cap holding iov_base and iov_len (16 bytes), then
 * up to the -s limit of its data, and no more than `left` bytes of it (what
 * a read returned).
 */
__noinline int cap_iov_elem_g(__u32 off, __u64 base, __u64 len, __u64 left, __u32 arg)
{
	__u32 zero = 0;
	struct cap *c = cap_at(bpf_map_lookup_elem(&scratch, &zero), off, arg, CAP_ELEM);
	__u64 want = len < left ? len : left;
	__u8 *data;
	__u32 n;

	if (!c)
		return 0;
	data = (__u8 *)(c + 1);
	__builtin_memcpy(data, &base, 8);
	__builtin_memcpy(data + 8, &len, 8);
	n = want > str_max ? str_max : want;
	if (want > str_max)
		c->flags |= CAP_TRUNC;
	asm volatile("" : "+r"(n));
	n &= 0x1fff;
	if (n && bpf_probe_read_user(data + 16, n, (void *)base)) {
		c->flags |= CAP_FAULT;
		n = 0;
	}
	c->len = 16 + n;
	return CAP_SIZE(16 + n);
}

struct iov_ctx {
	__u64 uiov, left;
	__u32 off, used, n, arg;
};

static long iov_cb(__u32 i, struct iov_ctx *c)
{
	__u64 iov[2];

	if (c->off + c->used >= SCRATCH_CAP_LIMIT ||
	    bpf_probe_read_user(iov, sizeof(iov), (void *)(c->uiov + i * 16)))
		return 1;
	c->used += cap_iov_elem_g(c->off + c->used, iov[0], iov[1], c->left, c->arg) & 0x3fff;
	c->n++;
	c->left -= iov[1] < c->left ? iov[1] : c->left;
	return 0;
}

/* An iovec array: up to IOV_CAP_MAX elements.  Returns bytes | caps << 16. */
__noinline int cap_iov_g(__u32 off, __u64 uiov, __u64 cnt, __u64 left, __u32 arg)
{
	struct iov_ctx c = { .uiov = uiov, .left = left, .off = off, .arg = arg };

	if (!uiov)
		return 0;
	bpf_loop(cnt < IOV_CAP_MAX ? cnt : IOV_CAP_MAX, iov_cb, &c, 0);
	return (c.used & 0xffff) | c.n << 16;
}

/* A msghdr: the struct, then its name, iovecs and control, each its own
 * cap; argflags = arg | 1 << 8 for an mmsghdr (the struct with msg_len,
 * 64 bytes).  Returns bytes | caps << 16. */
__noinline int cap_msghdr_g(__u32 off, __u64 umsg, __u64 left, __u32 argflags)
{
	__u32 arg = argflags & 0xff, hdr = argflags >> 8 ? 64 : 56;
	struct {
		__u64 name;
		__u32 namelen, pad;
		__u64 iov, iovlen, control, controllen;
		__u32 flags, pad2;
	} m;
	__u32 used, n = 1, r;

	if (bpf_probe_read_user(&m, sizeof(m), (void *)umsg))
		return cap_struct_g(off, umsg, 0, arg) | 1 << 16;	/* a faulted cap */
	used = cap_struct_g(off, umsg, hdr, arg) & 0x3fff;
	if (m.name && m.namelen) {
		used += cap_flagged_g(off + used, m.name, m.namelen, arg | CAP_NAME << 8) & 0x3fff;
		n++;
	}
	r = cap_iov_g(off + used, m.iov, m.iovlen, left, arg);
	used += r & 0x3fff;
	n += r >> 16;
	if (m.control && m.controllen) {
		used += cap_flagged_g(off + used, m.control, m.controllen,
				      arg | CAP_CTRL << 8) & 0x3fff;
		n++;
	}
	return used | n << 16;
}

/*
 * -yy: what fd `fd` of the current task is, into *fi: the inode's mode and
 * number, for sockets their family, type, protocol and endpoints (inet:
 * addresses and ports; unix: peer inode and path; netlink: port id), for
 * devices the device number, for anonymous inodes their name.
 */
__noinline int fill_fdinfo_g(struct fd_info *fi, __u64 fd)
{
	struct task_struct *t = bpf_get_current_task_btf();
	struct fdtable *fdt;
	struct file **arr, *f = NULL;
	struct inode *in;

	if (!fi)
		return 0;
	__builtin_memset(fi, 0, sizeof(*fi));
	fi->fd = fd;
	fdt = BPF_CORE_READ(t, files, fdt);
	if (!fdt || fd >= BPF_CORE_READ(fdt, max_fds))
		return 0;
	arr = BPF_CORE_READ(fdt, fd);
	bpf_probe_read_kernel(&f, sizeof(f), &arr[fd]);
	if (!f)
		return 0;
	in = BPF_CORE_READ(f, f_inode);
	fi->mode = BPF_CORE_READ(in, i_mode);
	fi->ino = BPF_CORE_READ(in, i_ino);
	if ((fi->mode & 0170000) == 0020000 || (fi->mode & 0170000) == 0060000)
		fi->peer = BPF_CORE_READ(in, i_rdev);
	if (!(fi->mode & 0170000)) {
		/* an anonymous inode: its name ("[eventpoll]") */
		const unsigned char *name = BPF_CORE_READ(f, f_path.dentry, d_name.name);
		long n = bpf_probe_read_kernel_str(fi->path, 64, name);

		fi->mode |= 1;		/* known, even with no mode bits */
		fi->pathlen = n > 1 ? n - 1 : 0;
		return 0;
	}
	if ((fi->mode & 0170000) != 0140000)
		return 0;

	struct socket *so = BPF_CORE_READ(f, private_data);
	struct sock *sk = BPF_CORE_READ(so, sk);

	if (!sk)
		return 0;
	fi->family = BPF_CORE_READ(sk, __sk_common.skc_family);
	fi->type = BPF_CORE_READ(sk, sk_type);
	fi->protocol = BPF_CORE_READ(sk, sk_protocol);
	fi->state = BPF_CORE_READ(sk, __sk_common.skc_state);
	if (fi->family == 2) {			/* AF_INET */
		__u32 a = BPF_CORE_READ(sk, __sk_common.skc_rcv_saddr);
		__u32 b = BPF_CORE_READ(sk, __sk_common.skc_daddr);

		__builtin_memcpy(fi->src, &a, 4);
		__builtin_memcpy(fi->dst, &b, 4);
	} else if (fi->family == 10) {		/* AF_INET6 */
		bpf_core_read(fi->src, 16, &sk->__sk_common.skc_v6_rcv_saddr);
		bpf_core_read(fi->dst, 16, &sk->__sk_common.skc_v6_daddr);
	}
	if (fi->family == 2 || fi->family == 10) {
		fi->sport = BPF_CORE_READ(sk, __sk_common.skc_num);
		fi->dport = bpf_ntohs(BPF_CORE_READ(sk, __sk_common.skc_dport));
	} else if (fi->family == 1) {		/* AF_UNIX */
		struct unix_sock *u = (struct unix_sock *)sk;
		struct sock *peer = BPF_CORE_READ(u, peer);
		struct unix_address *ua = BPF_CORE_READ(u, addr);

		if (peer) {
			/* newer kernels keep the inode number in the sock itself,
			 * which outlives its socket when the peer closes first */
			if (bpf_core_field_exists(peer->sk_ino)) {
				fi->peer = BPF_CORE_READ(peer, sk_ino);
			} else {
				struct socket_alloc *ps =
					(struct socket_alloc *)BPF_CORE_READ(peer, sk_socket);

				if (ps)
					fi->peer = BPF_CORE_READ(ps, vfs_inode.i_ino);
			}
		}
		if (ua) {
			int len = BPF_CORE_READ(ua, len) - 2;	/* less sun_family */
			__u32 n;

			if (len > FDI_PATH_MAX)
				len = FDI_PATH_MAX;
			n = len > 0 ? len : 0;
			asm volatile("" : "+r"(n));	/* keep the mask for the verifier */
			n &= 0x7f;
			if (n && n <= FDI_PATH_MAX &&
			    !bpf_probe_read_kernel(fi->path, n, (void *)ua->name[0].sun_path))
				fi->pathlen = n;
		}
	} else if (fi->family == 16) {		/* AF_NETLINK */
		fi->portid = BPF_CORE_READ((struct netlink_sock *)sk, portid);
	}
	return 0;
}

/* A struct fd_info (kept in the thread's state) as a cap at `off`. */
__noinline int cap_fdinfo_copy_g(__u32 off, struct fd_info *fi, __u32 arg)
{
	__u32 zero = 0;
	struct cap *c = cap_at(bpf_map_lookup_elem(&scratch, &zero), off, arg, 0);

	if (!c || !fi)
		return 0;
	c->len = sizeof(*fi);
	bpf_probe_read_kernel(c + 1, sizeof(*fi), fi);
	return CAP_SIZE(sizeof(*fi));
}

/* pselect6's sixth argument, {const sigset_t *ss; size_t ss_len}: the pair,
 * then 8 bytes of the set it points to (zeros if none or unreadable). */
__noinline int cap_sigmask_pair_g(__u32 off, __u64 uptr, __u32 arg)
{
	__u32 zero = 0;
	struct cap *c = cap_at(bpf_map_lookup_elem(&scratch, &zero), off, arg, 0);
	__u64 pair[3] = {};

	if (!c)
		return 0;
	c->len = 24;
	if (bpf_probe_read_user(pair, 16, (void *)uptr)) {
		c->len = 0;
		c->flags = CAP_FAULT;
		return CAP_SIZE(0);
	}
	if (pair[0] && bpf_probe_read_user(&pair[2], 8, (void *)pair[0]))
		c->flags = CAP_FAULT;
	__builtin_memcpy(c + 1, pair, sizeof(pair));
	return CAP_SIZE(24);
}

static __always_inline __u32 str_limit(void)
{
	return str_max + 2;
}

struct argv_ctx {
	__u64 uargv;
	__u32 off, used, n, arg;
};

static long argv_cb(__u32 i, struct argv_ctx *c)
{
	__u64 p = 0;

	if (bpf_probe_read_user(&p, sizeof(p), (void *)(c->uargv + i * 8)) || !p ||
	    c->off + c->used >= SCRATCH_CAP_LIMIT)
		return 1;
	c->used += cap_str_g(c->off + c->used, p, str_limit(), c->arg | CAP_ARGV << 8) & 0x3fff;
	c->n++;
	return 0;
}

struct count_ctx {
	__u64 uarr;
	__u32 n;
};

static long count_cb(__u32 i, struct count_ctx *c)
{
	__u64 chunk[8];
	int j;

	if (bpf_probe_read_user(chunk, sizeof(chunk), (void *)(c->uarr + i * 64)))
		return 1;
	for (j = 0; j < 8; j++) {
		if (!chunk[j])
			return 1;
		c->n++;
	}
	return 0;
}

/*
 * execve's argv (or with -v its environment): up to `max` strings from
 * `off` (fewer when the scratch area fills), then a count of the rest (up
 * to 64).  Returns used bytes | captures << 16 | uncaptured << 24.
 */
__noinline int cap_argv_g(__u32 off, __u64 uargv, __u32 arg, __u32 max)
{
	struct argv_ctx c = { .uargv = uargv, .off = off, .arg = arg };
	struct count_ctx m = { 0 };

	bpf_loop(max > ARGV_MAX_V ? ARGV_MAX_V : max, argv_cb, &c, 0);
	/* the rest, up to 64, counted eight at a time by a loop the verifier
	 * walks once, not 64 times (a third of the start-up time); the
	 * loader has no room for one more function of our own */
	m.uarr = uargv + c.n * 8;
	bpf_loop(8, count_cb, &m, 0);
	return (c.used & 0xffff) | (c.n & 0xff) << 16 | m.n << 24;
}

/* Count a NULL-terminated pointer array (the environment), up to 4096. */
__noinline int count_ptrs_g(__u64 uarr)
{
	struct count_ctx c = { .uarr = uarr };

	bpf_loop(512, count_cb, &c, 0);
	return c.n;
}

struct dirent_ctx {
	__u64 buf, len, off;
	__u32 n;
};

static long dirent_cb(__u32 i, struct dirent_ctx *c)
{
	__u16 reclen = 0;

	if (c->off >= c->len ||
	    bpf_probe_read_user(&reclen, sizeof(reclen), (void *)(c->buf + c->off + 16)) ||
	    !reclen)
		return 1;
	c->off += reclen;
	c->n++;
	return 0;
}

/* Entries in a getdents buffer: walk d_reclen (offset 16 in both layouts). */
__noinline int count_dirents_g(__u64 buf, __u64 len)
{
	struct dirent_ctx c = { .buf = buf, .len = len };

	bpf_loop(4096, dirent_cb, &c, 0);
	return c.n;
}

#endif
