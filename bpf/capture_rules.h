/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each capture rule (struct cap_rule, one per syscall) makes of a
 * call's arguments: the structs read at entry into the thread's stash,
 * the dispatch of each argument by capture kind at exit, and what was read
 * at entry (stash, -yy's fds) added to the record.  Global functions: the
 * verifier checks each once.  Included once, by syscalls.bpf.c, after
 * capture.h.
 */
#ifndef STROBE_CAPTURE_RULES_H
#define STROBE_CAPTURE_RULES_H

/* The structs a call rewrites, as given, and with -yy what its fds are:
 * into the thread's stash. */
__noinline int stash_entry_g(struct task_state *st, __u32 nr)
{
	__u32 key = nr;
	struct cap_rule *r = bpf_map_lookup_elem(&caprules, &key);
	int i;

	if (!st)
		return 0;
	st->stash_mask = 0;
	if (!r)
		return 0;
	if (fd_infos && r->fdmask & 0x3f) {
		int k = 0;

		for (i = 0; i < 6; i++) {
			if (!(r->fdmask & (1 << i)) || (__s32)st->args[i] < 0 || k >= FDI_SLOTS)
				continue;
			fill_fdinfo_g(&st->fdi[k & 1], (__u32)st->args[i]);
			st->fdi_arg[k & 1] = i;
			st->fdi_mask |= 1 << k;
			k++;
		}
	}
	for (i = 0; i < 6; i++) {
		__u32 n = r->entry[i];

		if (!n || !st->args[i])
			continue;
		if (n > STASH_SIZE)
			n = STASH_SIZE;
		if (!bpf_probe_read_user(st->stash[i], n, (void *)st->args[i]))
			st->stash_mask |= 1 << i;
	}
	return 0;
}

/*
 * What was read at entry (the structs the call rewrites, -yy's fds) and
 * -yy's new fds, as caps from `off`.  Returns bytes used | caps << 16.
 */
__noinline int cap_entry_fds_g(__u32 off, struct task_state *st, struct cap_rule *r, __s64 ret)
{
	__u32 zero = 0, start = off, n = 0;
	__u8 *buf = bpf_map_lookup_elem(&scratch, &zero);
	int i;

	if (!buf || !st || !r)
		return 0;
	if (fd_infos) {
		for (i = 0; i < FDI_SLOTS; i++) {
			if (!(st->fdi_mask & (1 << i)))
				continue;
			off += cap_fdinfo_copy_g(off, &st->fdi[i],
						 FDI_ARG + (st->fdi_arg[i] & 7)) & 0x3fff;
			n++;
		}
		if ((r->fdmask & FDM_RESULT) && ret >= 0) {
			fill_fdinfo_g(&st->fdi[FDI_SLOTS], ret);
			off += cap_fdinfo_copy_g(off, &st->fdi[FDI_SLOTS], FDI_RESULT) & 0x3fff;
			n++;
		}
		if (r->fdpair < 6 && ret >= 0) {
			__s32 pair[2] = { -1, -1 };

			bpf_probe_read_user(pair, sizeof(pair), (void *)st->args[r->fdpair & 7]);
			for (i = 0; i < 2; i++) {
				if (pair[i] < 0)
					continue;
				fill_fdinfo_g(&st->fdi[FDI_SLOTS], pair[i]);
				off += cap_fdinfo_copy_g(off, &st->fdi[FDI_SLOTS], FDI_PAIR + i) &
				       0x3fff;
				n++;
			}
		}
	}
	/* the thread's stash: the structs as the call got them */
	for (i = 0; i < 6; i++) {
		struct cap *c;
		__u32 len = r->entry[i];

		if (!(st->stash_mask & (1 << i)) || !(c = cap_at(buf, off, i, CAP_ENTRY)))
			continue;
		c->len = len > STASH_SIZE ? STASH_SIZE : len;
		__builtin_memcpy(c + 1, st->stash[i], STASH_SIZE);
		off += CAP_SIZE(STASH_SIZE);
		n++;
	}
	return ((off - start) & 0x7fff) | n << 16;
}

/*
 * One argument's captures, by its capture kind: a global function, so that
 * the verifier checks this dispatch once rather than in every program and
 * for every argument.  packed = kind | arg << 5 | len_arg << 8 | dump << 11
 * | size << 16; `len` is argument len_arg's value.  Returns the bytes used
 * | the captures written << 16.
 */
__noinline int cap_arg_g(__u32 off, __u64 a, __u64 len, __s64 ret, __u32 packed)
{
	__u32 k = packed & 31, i = (packed >> 5) & 7, la = (packed >> 8) & 7;
	__u32 size = (packed >> 16) & 0xfff, n;
	bool dump = packed & (1 << 11);

	switch (k) {
	case CK_PATH: case CK_STR:
		n = cap_str_g(off, a, k == CK_PATH ? PATH_CAP : str_limit(), i);
		break;
	case CK_BUF_IN:
		if (la >= 6)
			return 0;
		n = dump ? cap_whole_g(off, a, len, i | CAP_DUMP << 8) : cap_buf_g(off, a, len, i);
		break;
	case CK_BUF_OUT:
		if (ret < 0)
			return 0;
		n = dump ? cap_whole_g(off, a, ret, i | CAP_DUMP << 8) : cap_buf_g(off, a, ret, i);
		break;
	case CK_STR_OUT:
		if (ret < 0)
			return 0;
		n = cap_str_g(off, a, PATH_CAP, i);
		break;
	case CK_MSGBUF_OUT:
		if (ret < 0)
			return 0;
		/* fall through */
	case CK_MSGBUF_IN:
		if (la >= 6)
			return 0;
		n = cap_struct_g(off, a, 8 + (len > 128 ? 128 : len), i);
		break;
	case CK_WHOLE_OUT:
		if (ret <= 0)
			return 0;
		n = cap_whole_g(off, a, ret, i);
		break;
	case CK_MMSG_IN: case CK_MMSG_OUT: {
		__u32 used = 0, caps = 0, rr;
		int m;

		/* the messages sent or received: as many as the result says */
		for (m = 0; m < MMSG_CAP_MAX && m < ret; m++) {
			__u32 mlen = 0;

			if (k == CK_MMSG_OUT)
				bpf_probe_read_user(&mlen, sizeof(mlen), (void *)(a + m * 64 + 56));
			rr = cap_msghdr_g(off + used, a + m * 64, k == CK_MMSG_OUT ? mlen : ~0ULL,
					  i | 1 << 8);
			used += rr & 0x3fff;
			caps += rr >> 16;
		}
		return (used & 0xffff) | caps << 16;
	}
	case CK_STRUCT_OUT:
		if (ret < 0)
			return 0;
		/* fall through */
	case CK_STRUCT_IN:
		n = cap_struct_g(off, a, size, i);
		break;
	case CK_STRUCT_IN_LEN:
		if (la >= 6)
			return 0;
		n = cap_struct_g(off, a, len > 128 ? 128 : len, i);
		break;
	case CK_ARRAY: {
		__s64 cnt = la < 6 ? (__s64)len : la == LEN_RET ? ret : 0;

		if (cnt <= 0 || cnt > 4096)
			return 0;
		n = cap_array_g(off, a, cnt * size, i);
		break;
	}
	case CK_SIGMASK_PAIR:
		n = cap_sigmask_pair_g(off, a, i);
		break;
	case CK_STRUCT_OUT_LENP: {
		__u32 got = 0;

		if (ret < 0 || la >= 6)
			return 0;
		bpf_probe_read_user(&got, sizeof(got), (void *)len);
		n = cap_struct_g(off, a, got > 256 ? 256 : got, i);
		break;
	}
	case CK_IOV_IN: case CK_IOV_OUT:
		if (la >= 6)
			return 0;
		/* a failed read: the iovecs, without data */
		return cap_iov_g(off, a, len, k == CK_IOV_IN ? ~0ULL : ret < 0 ? 0 : ret, i);
	case CK_MSGHDR_IN: case CK_MSGHDR_OUT:
		/* a failed recvmsg: its msghdr alone (strace shows namelen) */
		if (k == CK_MSGHDR_OUT && ret < 0)
			return (cap_struct_g(off, a, 56, i) & 0x3fff) | 1 << 16;
		return cap_msghdr_g(off, a, k == CK_MSGHDR_OUT ? ret : ~0ULL, i);
	default:
		return 0;
	}
	return (n & 0x3fff) | 1 << 16;
}

#endif
