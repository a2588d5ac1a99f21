// SPDX-License-Identifier: GPL-2.0
/*
 * quotactl(2) and quotactl_fd(2): the command as QCMD(cmd, type), and the
 * id and address each command gives a meaning: a user or group id, a quota
 * format, Q_QUOTAON's quota file, the VFS structs (if_dqblk, if_nextdqblk,
 * if_dqinfo), XFS's (fs_disk_quota, fs_quota_stat, fs_quota_statv) and
 * flag sets.  Commands that take no id or address do not show them.
 *
 * The kernel side reads the address at exit (CK_QUOTA_ADDR): a path for
 * Q_QUOTAON, else 160 bytes (the largest struct) or what is readable of
 * them to the end of the page, so a 4-byte flag set the process put at the
 * end of its memory is still shown.  Structs the call reads print whatever
 * its result, those it writes only when it succeeded (the address when it
 * failed), as strace does.
 */
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

/* QCMD_CMD of the commands whose id or address strace shows */
enum {
	QC_SYNC = 0x800001, QC_QUOTAON, QC_QUOTAOFF, QC_GETFMT, QC_GETINFO, QC_SETINFO,
	QC_GETQUOTA, QC_SETQUOTA, QC_GETNEXTQUOTA,
	QC_XQUOTAON = 0x5801, QC_XQUOTAOFF, QC_XGETQUOTA, QC_XSETQLIM, QC_XGETQSTAT,
	QC_XQUOTARM, QC_XQUOTASYNC, QC_XGETQSTATV, QC_XGETNEXTQUOTA,
};

_Static_assert(QC_GETNEXTQUOTA == Q_GETNEXTQUOTA && QC_QUOTAON == Q_QUOTAON, "Q_*");
_Static_assert(QC_XGETNEXTQUOTA == Q_XGETNEXTQUOTA && QC_XQUOTAON == Q_XQUOTAON, "Q_X*");

/* strace reads struct if_dqblk without the 4 bytes of padding x86_64
 * gives it: 68 bytes */
#define DQBLK_SIZE (offsetof(struct if_dqblk, dqb_valid) + 4)

void decode_quota_cmd(struct sbuf *b, uint64_t v)
{
	uint32_t c = (uint32_t)v;
	size_t mark = b->len;

	sbuf_puts(b, "QCMD(");
	put_enum(b, c >> 8, xlat_quota_cmds, N(xlat_quota_cmds), "Q_???");
	sbuf_puts(b, ", ");
	put_enum(b, c & 0xff, xlat_quota_types, N(xlat_quota_types), "???QUOTA");
	sbuf_putc(b, ')');
	/* -X raw: the whole command in decimal; verbose: QCMD(...) after it */
	xlat_finish(b, mark, c, XF_UDEC);
}

/* the argument holding the command: the one the address's capture names */
static uint32_t quota_cmd(const struct syscall_desc *d, const struct ev_syscall *e)
{
	for (int i = 0; i < d->nargs; i++)
		if (d->args[i].kind == AK_QUOTA_CMD)
			return (uint32_t)e->args[i] >> 8;
	return 0;
}

bool quota_arg_hidden(const struct syscall_desc *d, const struct ev_syscall *e, int i)
{
	int kind = d->args[i].kind;
	uint32_t cmd;

	if (kind != AK_QUOTA_ID && kind != AK_QUOTA_ADDR)
		return false;
	cmd = quota_cmd(d, e);
	if (cmd == QC_SYNC || cmd == QC_QUOTAOFF || cmd == QC_XQUOTASYNC)
		return true;	/* neither */
	if (kind == AK_QUOTA_ADDR)
		return false;
	switch (cmd) {		/* the address alone */
	case QC_GETFMT: case QC_GETINFO: case QC_SETINFO: case QC_XQUOTAON:
	case QC_XQUOTAOFF: case QC_XGETQSTAT: case QC_XQUOTARM: case QC_XGETQSTATV:
		return true;
	}
	return false;
}

void put_quota_id(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i)
{
	uint32_t id = (uint32_t)e->args[i];

	(void)f, (void)size;
	if (quota_cmd(d, e) == QC_QUOTAON)
		put_enum_x(b, id, xlat_quota_formats, N(xlat_quota_formats), "QFMT_VFS_???");
	else if (id == 0xffffffffu)
		sbuf_puts(b, "-1");
	else
		sbuf_u64(b, id);
}

static void flags32(struct sbuf *b, uint32_t v, const struct flag *t, size_t n,
		    const char *unknown)
{
	put_flagset_qx(b, v, t, n, unknown);
}

#define U(name, v) sbuf_printf(b, name "=%llu", (unsigned long long)(v))
#define D(name, v) sbuf_printf(b, name "=%lld", (long long)(v))

/* if_dqblk and if_nextdqblk: their layouts agree up to dqb_valid */
static void put_dqblk(struct sbuf *b, const uint8_t *p, bool next)
{
	struct if_nextdqblk q;

	memcpy(&q, p, next ? sizeof(q) : DQBLK_SIZE);
	U("{dqb_bhardlimit", q.dqb_bhardlimit);
	U(", dqb_bsoftlimit", q.dqb_bsoftlimit);
	U(", dqb_curspace", q.dqb_curspace);
	U(", dqb_ihardlimit", q.dqb_ihardlimit);
	U(", dqb_isoftlimit", q.dqb_isoftlimit);
	U(", dqb_curinodes", q.dqb_curinodes);
	if (!decode_verbose()) {
		if (next)
			U(", dqb_id", q.dqb_id);
		sbuf_puts(b, ", ...}");
		return;
	}
	U(", dqb_btime", q.dqb_btime);
	U(", dqb_itime", q.dqb_itime);
	sbuf_puts(b, ", dqb_valid=");
	flags32(b, q.dqb_valid, xlat_if_dqblk_valid, N(xlat_if_dqblk_valid), "QIF_???");
	if (next)
		U(", dqb_id", q.dqb_id);
	sbuf_putc(b, '}');
}

static void put_dqinfo(struct sbuf *b, const uint8_t *p)
{
	struct if_dqinfo q;

	memcpy(&q, p, sizeof(q));
	U("{dqi_bgrace", q.dqi_bgrace);
	U(", dqi_igrace", q.dqi_igrace);
	sbuf_puts(b, ", dqi_flags=");
	flags32(b, q.dqi_flags, xlat_if_dqinfo_flags, N(xlat_if_dqinfo_flags), "DQF_???");
	sbuf_puts(b, ", dqi_valid=");
	flags32(b, q.dqi_valid, xlat_if_dqinfo_valid, N(xlat_if_dqinfo_valid), "IIF_???");
	sbuf_putc(b, '}');
}

static void put_disk_quota(struct sbuf *b, const uint8_t *p)
{
	struct fs_disk_quota q;

	memcpy(&q, p, sizeof(q));
	D("{d_version", q.d_version);
	sbuf_puts(b, ", d_flags=");
	flags32(b, (uint8_t)q.d_flags, xlat_xfs_dqblk_flags, N(xlat_xfs_dqblk_flags),
		"FS_???_QUOTA");
	sbuf_puts(b, ", d_fieldmask=");
	put_hex0(b, q.d_fieldmask);
	U(", d_id", q.d_id);
	U(", d_blk_hardlimit", q.d_blk_hardlimit);
	U(", d_blk_softlimit", q.d_blk_softlimit);
	U(", d_ino_hardlimit", q.d_ino_hardlimit);
	U(", d_ino_softlimit", q.d_ino_softlimit);
	U(", d_bcount", q.d_bcount);
	U(", d_icount", q.d_icount);
	if (!decode_verbose()) {
		sbuf_puts(b, ", ...}");
		return;
	}
	D(", d_itimer", q.d_itimer);
	D(", d_btimer", q.d_btimer);
	U(", d_iwarns", q.d_iwarns);
	U(", d_bwarns", q.d_bwarns);
	U(", d_rtb_hardlimit", q.d_rtb_hardlimit);
	U(", d_rtb_softlimit", q.d_rtb_softlimit);
	U(", d_rtbcount", q.d_rtbcount);
	D(", d_rtbtimer", q.d_rtbtimer);
	U(", d_rtbwarns", q.d_rtbwarns);
	sbuf_putc(b, '}');
}

/* fs_qfilestat and fs_qfilestatv: the same three fields first */
static void put_qfilestat(struct sbuf *b, const char *name, const struct fs_qfilestat *s)
{
	sbuf_printf(b, ", %s={qfs_ino=%llu, qfs_nblks=%llu, qfs_nextents=%u}", name,
		    (unsigned long long)s->qfs_ino, (unsigned long long)s->qfs_nblks,
		    s->qfs_nextents);
}

static void put_qfilestatv(struct sbuf *b, const char *name, const struct fs_qfilestatv *s)
{
	struct fs_qfilestat t = {
		.qfs_ino = s->qfs_ino, .qfs_nblks = s->qfs_nblks, .qfs_nextents = s->qfs_nextents,
	};

	put_qfilestat(b, name, &t);
}

static void put_qs_flags(struct sbuf *b, uint16_t v)
{
	sbuf_puts(b, ", qs_flags=");
	flags32(b, v, xlat_xfs_quota_flags, N(xlat_xfs_quota_flags), "FS_QUOTA_???");
}

static void put_quota_stat(struct sbuf *b, const uint8_t *p)
{
	struct fs_quota_stat q;

	memcpy(&q, p, sizeof(q));
	D("{qs_version", q.qs_version);
	if (!decode_verbose()) {
		sbuf_puts(b, ", ...}");
		return;
	}
	put_qs_flags(b, q.qs_flags);
	put_qfilestat(b, "qs_uquota", &q.qs_uquota);
	put_qfilestat(b, "qs_gquota", &q.qs_gquota);
	U(", qs_incoredqs", q.qs_incoredqs);
	D(", qs_btimelimit", q.qs_btimelimit);
	D(", qs_itimelimit", q.qs_itimelimit);
	D(", qs_rtbtimelimit", q.qs_rtbtimelimit);
	U(", qs_bwarnlimit", q.qs_bwarnlimit);
	U(", qs_iwarnlimit", q.qs_iwarnlimit);
	sbuf_putc(b, '}');
}

static void put_quota_statv(struct sbuf *b, const uint8_t *p)
{
	struct fs_quota_statv q;

	memcpy(&q, p, sizeof(q));
	D("{qs_version", q.qs_version);
	if (!decode_verbose()) {
		sbuf_puts(b, ", ...}");
		return;
	}
	put_qs_flags(b, q.qs_flags);
	U(", qs_incoredqs", q.qs_incoredqs);
	put_qfilestatv(b, "qs_uquota", &q.qs_uquota);
	put_qfilestatv(b, "qs_gquota", &q.qs_gquota);
	put_qfilestatv(b, "qs_pquota", &q.qs_pquota);
	D(", qs_btimelimit", q.qs_btimelimit);
	D(", qs_itimelimit", q.qs_itimelimit);
	D(", qs_rtbtimelimit", q.qs_rtbtimelimit);
	U(", qs_bwarnlimit", q.qs_bwarnlimit);
	U(", qs_iwarnlimit", q.qs_iwarnlimit);
	sbuf_putc(b, '}');
}

void put_quota_addr(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		    const struct ev_syscall *e, size_t size, int i)
{
	uint32_t cmd = quota_cmd(d, e), v;
	const struct cap *c;
	const char *data;
	size_t want;
	bool out = false;
	const uint8_t *p;

	if (cmd == QC_QUOTAON) {
		put_string_arg(f, b, d, e, size, i);
		return;
	}
	switch (cmd) {
	case QC_GETQUOTA: case QC_XGETQUOTA: case QC_XGETNEXTQUOTA: case QC_GETINFO:
	case QC_GETFMT: case QC_XGETQSTAT: case QC_XGETQSTATV: case QC_GETNEXTQUOTA:
		out = true;
		break;
	case QC_SETQUOTA: case QC_SETINFO: case QC_XSETQLIM: case QC_XQUOTAON:
	case QC_XQUOTAOFF: case QC_XQUOTARM:
		break;
	default:
		put_ptr(b, e->args[i]);
		return;
	}
	switch (cmd) {
	case QC_GETQUOTA: case QC_SETQUOTA:	want = DQBLK_SIZE; break;
	case QC_GETNEXTQUOTA:			want = sizeof(struct if_nextdqblk); break;
	case QC_GETINFO: case QC_SETINFO:	want = sizeof(struct if_dqinfo); break;
	case QC_XGETQSTAT:			want = sizeof(struct fs_quota_stat); break;
	case QC_XGETQSTATV:			want = sizeof(struct fs_quota_statv); break;
	case QC_XGETQUOTA: case QC_XSETQLIM: case QC_XGETNEXTQUOTA:
		want = sizeof(struct fs_disk_quota);
		break;
	default:				want = 4; break;
	}
	/* -e verbose=SET, a call outside it: the address, as any struct */
	if (!e->args[i] || !decode_structs() || (out && e->ret < 0) ||
	    !cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT) || c->len < want) {
		put_ptr(b, e->args[i]);
		return;
	}
	p = (const uint8_t *)data;
	switch (cmd) {
	case QC_GETQUOTA: case QC_SETQUOTA: case QC_GETNEXTQUOTA:
		put_dqblk(b, p, cmd == QC_GETNEXTQUOTA);
		break;
	case QC_GETINFO: case QC_SETINFO:
		put_dqinfo(b, p);
		break;
	case QC_XGETQUOTA: case QC_XSETQLIM: case QC_XGETNEXTQUOTA:
		put_disk_quota(b, p);
		break;
	case QC_XGETQSTAT:
		put_quota_stat(b, p);
		break;
	case QC_XGETQSTATV:
		put_quota_statv(b, p);
		break;
	default:
		v = load_u32(p, 0);
		sbuf_putc(b, '[');
		if (cmd == QC_GETFMT)
			put_enum_x(b, v, xlat_quota_formats, N(xlat_quota_formats),
				   "QFMT_VFS_???");
		else if (cmd == QC_XQUOTARM)
			flags32(b, v, xlat_xfs_dqblk_flags, N(xlat_xfs_dqblk_flags),
				"FS_???_QUOTA");
		else
			flags32(b, v, xlat_xfs_quota_flags, N(xlat_xfs_quota_flags),
				"FS_QUOTA_???");
		sbuf_putc(b, ']');
		break;
	}
}
