// SPDX-License-Identifier: GPL-2.0
/*
 * System V IPC and POSIX message queues: keys, get flags with their mode,
 * shmat flags, ctl commands, semaphore operations, message buffers,
 * mq_attr.  Values as <linux/ipc.h>, <linux/shm.h>, <linux/sem.h>,
 * <linux/msg.h>.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

/* IPC_PRIVATE by name; -X raw "0", verbose "0 /\* IPC_PRIVATE *\/" */
void decode_ipc_key(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	if ((int32_t)v == 0) {
		sbuf_puts(b, "IPC_PRIVATE");
		xlat_finish(b, mark, 0, XF_HEX);
	} else {
		sbuf_hex(b, (uint32_t)v);
	}
}

/* The flags of a get call, their names (or with -X raw the number, with
 * verbose both) apart from shmget's page size and the mode:
 * "IPC_CREAT|IPC_EXCL|0xface0000|21<<SHM_HUGE_SHIFT|0600", "0600" */
static void put_get_flags(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
			  bool shm)
{
	uint64_t f = (uint32_t)v & ~0777u, huge = 0;
	bool any = false;

	if (shm) {	/* SHM_HUGE_SHIFT 26, SHM_HUGE_MASK 0x3f */
		huge = (f >> 26) & 0x3f;
		f &= ~(0x3full << 26);
	}
	if (f) {
		size_t mark = b->len;
		uint64_t rest = f;

		put_rest(b, rest, put_flags(b, &rest, t, n, 1), "0");
		xlat_finish(b, mark, f, XF_HEX);
		any = true;
	}
	if (huge) {
		if (any)
			sbuf_putc(b, '|');
		if (decode_xlat() == XLAT_ABBREV)
			sbuf_printf(b, "%u<<SHM_HUGE_SHIFT", (unsigned)huge);
		else
			sbuf_printf(b, "%u<<26%s", (unsigned)huge,
				    decode_xlat() == XLAT_VERBOSE ? " /* SHM_HUGE_SHIFT */" : "");
		any = true;
	}
	if (any)
		sbuf_putc(b, '|');
	sbuf_printf(b, "%#03o", (unsigned)v & 0777);
}

/* msgget/semget: IPC_CREAT|IPC_EXCL|IPC_NOWAIT|0600 */
void decode_ipc_get_flags(struct sbuf *b, uint64_t v)
{
	put_get_flags(b, v, xlat_ipc_get_flags, N(xlat_ipc_get_flags), false);
}

/* shmget: IPC_CREAT|IPC_EXCL|SHM_HUGETLB|SHM_NORESERVE, the page size */
void decode_shm_get_flags(struct sbuf *b, uint64_t v)
{
	put_get_flags(b, v, xlat_shm_get_flags, N(xlat_shm_get_flags), true);
}

void decode_shmat_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_shmat_flags, N(xlat_shmat_flags));
}

/* shmctl/semctl/msgctl commands; which = 's' shm, 'm' msg, 'e' sem.
 * -X raw and verbose each part apart: "0x100 /\* IPC_64 *\/|0x2 /\* IPC_STAT *\/" */
void decode_ipc_cmd(struct sbuf *b, uint64_t v, int which)
{
	uint32_t cmd = (uint32_t)v & ~0x100u;
	size_t mark = b->len;

	if (v & 0x100) {
		sbuf_puts(b, "IPC_64");
		xlat_finish(b, mark, 0x100, XF_HEX);
		sbuf_putc(b, '|');
		mark = b->len;
	}
	if (cmd <= 3)
		put_enum(b, cmd, xlat_ipc_cmd_common, N(xlat_ipc_cmd_common), NULL);
	else if (which == 's')
		put_enum(b, cmd, xlat_ipc_cmd_shm, N(xlat_ipc_cmd_shm), "SHM_???");
	else if (which == 'm')
		put_enum(b, cmd, xlat_ipc_cmd_msg, N(xlat_ipc_cmd_msg), "MSG_???");
	else
		put_enum(b, cmd, xlat_ipc_cmd_sem, N(xlat_ipc_cmd_sem), "SEM_???");
	xlat_finish(b, mark, cmd, XF_HEX);
}

/* struct sembuf {u16 sem_num; s16 sem_op; s16 sem_flg;}[n] */
/* end: where the process's memory ended the capture ("... /\* addr *\/"),
 * 0 when it was cut for size; max: -s elements */
void decode_sembufs(struct sbuf *b, const uint8_t *p, size_t len, size_t n, uint64_t end,
		    size_t max)
{
	sbuf_putc(b, '[');
	for (size_t i = 0; i < n; i++) {
		uint16_t num;
		int16_t op, flg;
		size_t mark;
		uint64_t f;

		if ((i + 1) * 6 > len || i >= max) {
			sbuf_puts(b, i ? ", ..." : "...");
			if ((i + 1) * 6 > len && end)
				sbuf_printf(b, " /* %#llx */", (unsigned long long)(end + i * 6));
			break;
		}
		memcpy(&num, p + i * 6, 2);
		memcpy(&op, p + i * 6 + 2, 2);
		memcpy(&flg, p + i * 6 + 4, 2);
		sbuf_printf(b, "%s{sem_num=%u, sem_op=%d, sem_flg=", i ? ", " : "", num, op);
		f = (uint16_t)flg;
		mark = b->len;
		put_flagset_q(b, f, xlat_sembufs, N(xlat_sembufs), "SEM_???");
		xlat_finish(b, mark, (uint16_t)flg, XF_HEX);
		sbuf_putc(b, '}');
	}
	sbuf_putc(b, ']');
}

void decode_msg_ipc_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_msg_ipc_flags, N(xlat_msg_ipc_flags));
}

/* struct msgbuf {long mtype; char mtext[];}: mtext as msgsz bytes */
void decode_msgbuf(struct sbuf *b, const uint8_t *p, size_t len, size_t msgsz, size_t max)
{
	int64_t type;
	size_t n;

	if (too_short(b, len, 8))
		return;
	memcpy(&type, p, 8);
	n = len - 8 < msgsz ? len - 8 : msgsz;
	sbuf_printf(b, "{mtype=%lld, mtext=", (long long)type);
	decode_string(b, (const char *)p + 8, n < max ? n : max, n > max || n < msgsz);
	sbuf_putc(b, '}');
}

/* struct mq_attr {long mq_flags, mq_maxmsg, mq_msgsize, mq_curmsgs;} */
static void put_mq_attr(struct sbuf *b, const uint8_t *p, size_t len, bool flags)
{
	int64_t a[4];

	if (too_short(b, len, 64))
		return;
	memcpy(a, p, sizeof(a));
	sbuf_puts(b, "{mq_flags=");
	if (!flags)
		put_hex0(b, (uint64_t)a[0]);
	else
		put_flagset_q64(b, (uint64_t)a[0], xlat_mq_attr_flags, N(xlat_mq_attr_flags), "O_???");
	sbuf_printf(b, ", mq_maxmsg=%lld, mq_msgsize=%lld, mq_curmsgs=%lld}", (long long)a[1],
		    (long long)a[2], (long long)a[3]);
}

/* mq_getsetattr's: mq_flags by name */
void decode_mq_attr(struct sbuf *b, const uint8_t *p, size_t len)
{
	put_mq_attr(b, p, len, true);
}

void decode_mq_open_attr(struct sbuf *b, const uint8_t *p, size_t len)
{
	put_mq_attr(b, p, len, false);
}

/*
 * shmctl's and msgctl's buffer and semctl's argument, by command: struct
 * shmid64_ds, msqid64_ds or semid64_ds (x86-64 layouts: ipc64_perm is
 * key, uid, gid, cuid, cgid, mode as 32-bit words, then seq and padding
 * to 48 bytes), what IPC_SET takes of it, the IPC_INFO and *_INFO structs
 * (shminfo, shm_info, msginfo, seminfo).  False: a command whose buffer
 * is not decoded, nothing printed.
 */
static void put_ipc_perm(struct sbuf *b, const char *name, const uint8_t *p, bool full)
{
	sbuf_printf(b, "%s={uid=%u, gid=%u, mode=%#03o", name, load_u32(p, 4), load_u32(p, 8),
		    load_u32(p, 20) & 0777);
	if (full)
		sbuf_printf(b, ", key=%d, cuid=%u, cgid=%u", (int32_t)load_u32(p, 0), load_u32(p, 12),
			    load_u32(p, 16));
	sbuf_putc(b, '}');
}

/* ints at p, named: "{a=1, b=2" (the caller closes it) */
static void put_ints(struct sbuf *b, const uint8_t *p, const char *const *names, size_t n)
{
	for (size_t k = 0; k < n; k++)
		sbuf_printf(b, "%s%s=%d", k ? ", " : "{", names[k], (int32_t)load_u32(p, 4 * k));
}

static bool put_shm_buf(struct sbuf *b, uint64_t cmd, const uint8_t *p, size_t len)
{
	if ((cmd == 2 || cmd == 13 || cmd == 15) && len >= 112) {	/* IPC_STAT, SHM_STAT(_ANY) */
		put_ipc_perm(b, "{shm_perm", p, true);
		sbuf_printf(b, ", shm_segsz=%llu, shm_cpid=%d, shm_lpid=%d, shm_nattch=%llu, "
			    "shm_atime=%lld, shm_dtime=%lld, shm_ctime=%lld}",
			    (unsigned long long)load_u64(p, 48), (int32_t)load_u32(p, 80),
			    (int32_t)load_u32(p, 84), (unsigned long long)load_u64(p, 88),
			    (long long)load_u64(p, 56), (long long)load_u64(p, 64), (long long)load_u64(p, 72));
	} else if (cmd == 1 && len >= 48) {				/* IPC_SET */
		put_ipc_perm(b, "{shm_perm", p, false);
		sbuf_putc(b, '}');
	} else if (cmd == 3 && len >= 40) {				/* IPC_INFO: shminfo */
		sbuf_printf(b, "{shmmax=%llu, shmmin=%llu, shmmni=%llu, shmseg=%llu, shmall=%llu}",
			    (unsigned long long)load_u64(p, 0), (unsigned long long)load_u64(p, 8),
			    (unsigned long long)load_u64(p, 16), (unsigned long long)load_u64(p, 24),
			    (unsigned long long)load_u64(p, 32));
	} else if (cmd == 14 && len >= 48) {				/* SHM_INFO: shm_info */
		sbuf_printf(b, "{used_ids=%d, shm_tot=%llu, shm_rss=%llu, shm_swp=%llu, "
			    "swap_attempts=%llu, swap_successes=%llu}", (int32_t)load_u32(p, 0),
			    (unsigned long long)load_u64(p, 8), (unsigned long long)load_u64(p, 16),
			    (unsigned long long)load_u64(p, 24), (unsigned long long)load_u64(p, 32),
			    (unsigned long long)load_u64(p, 40));
	} else {
		return false;
	}
	return true;
}

static bool put_msg_buf(struct sbuf *b, uint64_t cmd, const uint8_t *p, size_t len)
{
	static const char *const info[] = {
		"msgpool", "msgmap", "msgmax", "msgmnb", "msgmni", "msgssz", "msgtql",
	};

	if ((cmd == 2 || cmd == 11 || cmd == 13) && len >= 104) {	/* IPC_STAT, MSG_STAT(_ANY) */
		put_ipc_perm(b, "{msg_perm", p, true);
		sbuf_printf(b, ", msg_stime=%lld, msg_rtime=%lld, msg_ctime=%lld, msg_qnum=%llu, "
			    "msg_qbytes=%llu, msg_lspid=%d, msg_lrpid=%d}",
			    (long long)load_u64(p, 48), (long long)load_u64(p, 56), (long long)load_u64(p, 64),
			    (unsigned long long)load_u64(p, 80), (unsigned long long)load_u64(p, 88),
			    (int32_t)load_u32(p, 96), (int32_t)load_u32(p, 100));
	} else if (cmd == 1 && len >= 96) {				/* IPC_SET */
		put_ipc_perm(b, "{msg_perm", p, false);
		sbuf_printf(b, ", msg_qbytes=%llu}", (unsigned long long)load_u64(p, 88));
	} else if ((cmd == 3 || cmd == 12) && len >= 32) {		/* IPC_INFO, MSG_INFO: msginfo */
		put_ints(b, p, info, N(info));
		sbuf_printf(b, ", msgseg=%u}", (unsigned)(uint16_t)load_u32(p, 28));
	} else {
		return false;
	}
	return true;
}

static bool put_sem_buf(struct sbuf *b, uint64_t cmd, const uint8_t *p, size_t len)
{
	static const char *const info[] = {
		"semmap", "semmni", "semmns", "semmnu", "semmsl", "semopm", "semume", "semusz",
		"semvmx", "semaem",
	};

	if ((cmd == 2 || cmd == 18 || cmd == 20) && len >= 88) {	/* IPC_STAT, SEM_STAT(_ANY) */
		put_ipc_perm(b, "{sem_perm", p, true);
		sbuf_printf(b, ", sem_otime=%lld, sem_ctime=%lld, sem_nsems=%llu}",
			    (long long)load_u64(p, 48), (long long)load_u64(p, 64),
			    (unsigned long long)load_u64(p, 80));
	} else if (cmd == 1 && len >= 48) {				/* IPC_SET */
		put_ipc_perm(b, "{sem_perm", p, false);
		sbuf_putc(b, '}');
	} else if ((cmd == 3 || cmd == 19) && len >= 40) {		/* IPC_INFO, SEM_INFO: seminfo */
		put_ints(b, p, info, N(info));
		sbuf_putc(b, '}');
	} else {
		return false;
	}
	return true;
}

bool decode_ipc_ctl_buf(struct sbuf *b, int which, uint64_t cmd, const uint8_t *p, size_t len)
{
	cmd &= ~0x100u;		/* IPC_64 */
	if (which == 's')
		return put_shm_buf(b, cmd, p, len);
	if (which == 'm')
		return put_msg_buf(b, cmd, p, len);
	return put_sem_buf(b, cmd, p, len);
}
