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

void decode_ipc_key(struct sbuf *b, uint64_t v)
{
	if ((int32_t)v == 0)
		sbuf_puts(b, "IPC_PRIVATE");
	else
		sbuf_hex(b, (uint32_t)v);
}

/* shmget/semget/msgget: IPC_CREAT|IPC_EXCL|...|0600 */
void decode_ipc_get_flags(struct sbuf *b, uint64_t v)
{
	uint64_t f = (uint32_t)v & ~0777u;
	int first = put_flags(b, &f, xlat_ipc_get_flags, N(xlat_ipc_get_flags), 1);

	if (f) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, f);
		first = 0;
	}
	if (!first)
		sbuf_putc(b, '|');
	sbuf_printf(b, "%#03o", (unsigned)v & 0777);
}

void decode_shmat_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_shmat_flags, N(xlat_shmat_flags));
}

/* shmctl/semctl/msgctl commands; which = 's' shm, 'm' msg, 'e' sem */
void decode_ipc_cmd(struct sbuf *b, uint64_t v, int which)
{
	uint32_t cmd = (uint32_t)v & ~0x100u;

	if (v & 0x100)
		sbuf_puts(b, "IPC_64|");
	if (cmd <= 3)
		put_enum(b, cmd, xlat_ipc_cmd_common, N(xlat_ipc_cmd_common), NULL);
	else if (which == 's')
		put_enum(b, cmd, xlat_ipc_cmd_shm, N(xlat_ipc_cmd_shm), "SHM_???");
	else if (which == 'm')
		put_enum(b, cmd, xlat_ipc_cmd_msg, N(xlat_ipc_cmd_msg), "MSG_???");
	else
		put_enum(b, cmd, xlat_ipc_cmd_sem, N(xlat_ipc_cmd_sem), "SEM_???");
}

/* struct sembuf {u16 sem_num; s16 sem_op; s16 sem_flg;}[n] */
void decode_sembufs(struct sbuf *b, const uint8_t *p, size_t len, size_t n)
{
	sbuf_putc(b, '[');
	for (size_t i = 0; i < n; i++) {
		uint16_t num;
		int16_t op, flg;
		uint64_t f;

		if ((i + 1) * 6 > len) {
			sbuf_puts(b, i ? ", ..." : "...");
			break;
		}
		memcpy(&num, p + i * 6, 2);
		memcpy(&op, p + i * 6 + 2, 2);
		memcpy(&flg, p + i * 6 + 4, 2);
		sbuf_printf(b, "%s{sem_num=%u, sem_op=%d, sem_flg=", i ? ", " : "", num, op);
		f = (uint16_t)flg;
		put_rest(b, f, put_flags(b, &f, xlat_sembufs, N(xlat_sembufs), 1), "0");
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
void decode_mq_attr(struct sbuf *b, const uint8_t *p, size_t len)
{
	int64_t a[4];

	if (too_short(b, len, sizeof(a)))
		return;
	memcpy(a, p, sizeof(a));
	sbuf_puts(b, "{mq_flags=");
	if (a[0] & 04000)
		sbuf_puts(b, "O_NONBLOCK");
	else
		sbuf_printf(b, "%lld", (long long)a[0]);
	sbuf_printf(b, ", mq_maxmsg=%lld, mq_msgsize=%lld, mq_curmsgs=%lld}", (long long)a[1],
		    (long long)a[2], (long long)a[3]);
}
