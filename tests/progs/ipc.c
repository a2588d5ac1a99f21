// SPDX-License-Identifier: GPL-2.0
/* System V IPC and POSIX message queues: shared memory, semaphores and
 * message queues made, used and removed, with flags and failures, for
 * comparison with strace. */
#include <fcntl.h>
#include <mqueue.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>

int main(void)
{
	struct { long type; char text[8]; } msg = { 1, "hello" };
	struct sembuf op = { 0, 1, IPC_NOWAIT };
	struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 16 };
	int shm, sem, q;
	mqd_t mq;
	void *p;

	shm = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	p = shmat(shm, NULL, SHM_RDONLY);
	shmdt(p);
	shmctl(shm, IPC_RMID, NULL);
	shmget(IPC_PRIVATE, 4096, 0);			/* ENOENT */
	sem = semget(IPC_PRIVATE, 1, IPC_CREAT | IPC_EXCL | 0600);
	semop(sem, &op, 1);
	semctl(sem, 0, IPC_RMID);
	q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	msgsnd(q, &msg, 6, IPC_NOWAIT);
	msgrcv(q, &msg, sizeof(msg.text), 0, IPC_NOWAIT | MSG_NOERROR);
	msgctl(q, IPC_RMID, NULL);
	mq = mq_open("/strobe-test", O_CREAT | O_RDWR, 0600, &attr);
	mq_send(mq, "hi", 2, 1);
	mq_close(mq);
	mq_unlink("/strobe-test");
	return 0;
}
