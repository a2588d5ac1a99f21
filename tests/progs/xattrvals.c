// SPDX-License-Identifier: GPL-2.0
/*
 * Extended attribute values as strace shows them: a NUL that ends the
 * shown part is left out (and then no "..."), on the file argv[1].
 */
#include <string.h>
#include <sys/xattr.h>

int main(int argc, char **argv)
{
	char v[64], big[44];

	if (argc < 2)
		return 1;
	setxattr(argv[1], "user.a", "AAAAAAAAAA", 11, 0);
	setxattr(argv[1], "user.b", "BB", 2, 0);
	setxattr(argv[1], "user.c", "C\0\0", 3, 0);
	setxattr(argv[1], "user.d", "\0", 1, 0);
	memset(big, 'x', sizeof(big));
	big[31] = 0;
	setxattr(argv[1], "user.e", big, sizeof(big), 0);
	big[31] = 'y';
	big[43] = 0;
	setxattr(argv[1], "user.f", big, sizeof(big), 0);
	getxattr(argv[1], "user.a", v, sizeof(v));
	getxattr(argv[1], "user.c", v, sizeof(v));
	getxattr(argv[1], "user.e", v, sizeof(v));
	return 0;
}
