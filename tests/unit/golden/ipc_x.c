// SPDX-License-Identifier: GPL-2.0
/* System V IPC calls whose strace lines, default, -X raw and -X verbose,
 * tests/unit/test_format_net_ipc.c holds (ipc_rows). */
#define _GNU_SOURCE
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	struct semid_ds sds;
	struct seminfo si;
	struct msginfo mi;
	struct shm_info shi;
	int sem, msq, shm;

	syscall(SYS_msgget, 0xfdb9f531, IPC_EXCL | IPC_NOWAIT | 0xface1000 | 0125);
	syscall(SYS_shmget, 0x1234, 4096, IPC_EXCL | SHM_HUGETLB | 0x2ce0000 | 21 << 26 | 0600);
	syscall(SYS_shmget, 0x1234, 4096, 21 << 26);
	sem = syscall(SYS_semget, IPC_PRIVATE, 1, IPC_CREAT | 0600);
	syscall(SYS_semctl, sem, 0, IPC_STAT, &sds);
	syscall(SYS_semctl, sem, 0, IPC_SET, &sds);
	syscall(SYS_semctl, sem, 0, IPC_INFO, &si);
	msq = syscall(SYS_msgget, IPC_PRIVATE, 0600);
	syscall(SYS_msgctl, msq, MSG_INFO, &mi);
	shm = syscall(SYS_shmget, IPC_PRIVATE, 4096, 0600);
	syscall(SYS_shmctl, shm, SHM_INFO, &shi);
	syscall(SYS_semctl, sem, 0, 0x100 /* IPC_64 */ | IPC_RMID, 0);
	syscall(SYS_semctl, sem, 0, IPC_RMID, 0);
	syscall(SYS_msgctl, msq, IPC_RMID, NULL);
	syscall(SYS_shmctl, shm, IPC_RMID, NULL);
	return 0;
}
