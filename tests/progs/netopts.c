// SPDX-License-Identifier: GPL-2.0
/*
 * Socket options and addresses strace decodes as structs: multicast
 * groups joined and left on lo (struct ip_mreq, struct ipv6_mreq, and an
 * interface that does not exist), and a packet socket bound to lo (struct
 * sockaddr_ll, with a hardware address, with unknown values, too short).
 * No packet is sent.
 */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void)
{
	struct ip_mreq m4;
	struct ipv6_mreq m6;
	struct sockaddr_ll a;
	int s = socket(AF_INET, SOCK_DGRAM, 0), s6 = socket(AF_INET6, SOCK_DGRAM, 0), p;

	inet_pton(AF_INET, "224.0.0.251", &m4.imr_multiaddr);
	m4.imr_interface.s_addr = 0;
	setsockopt(s, IPPROTO_IP, IP_ADD_MEMBERSHIP, &m4, sizeof(m4));
	setsockopt(s, IPPROTO_IP, IP_DROP_MEMBERSHIP, &m4, sizeof(m4));
	inet_pton(AF_INET6, "ff02::fb", &m6.ipv6mr_multiaddr);
	m6.ipv6mr_interface = 1;
	setsockopt(s6, IPPROTO_IPV6, IPV6_ADD_MEMBERSHIP, &m6, sizeof(m6));
	setsockopt(s6, IPPROTO_IPV6, IPV6_DROP_MEMBERSHIP, &m6, sizeof(m6));
	m6.ipv6mr_interface = 99;
	setsockopt(s6, IPPROTO_IPV6, IPV6_ADD_MEMBERSHIP, &m6, sizeof(m6));

	p = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	memset(&a, 0, sizeof(a));
	a.sll_family = AF_PACKET;
	a.sll_protocol = htons(ETH_P_IP);
	a.sll_ifindex = 1;
	a.sll_hatype = 1;
	a.sll_pkttype = PACKET_BROADCAST;
	a.sll_halen = 6;
	memcpy(a.sll_addr, "\x01\x02\x03\x04\x05\x06", 6);
	bind(p, (struct sockaddr *)&a, sizeof(a));
	a.sll_ifindex = 77;
	a.sll_protocol = htons(0x9999);
	a.sll_hatype = 999;
	a.sll_pkttype = 9;
	a.sll_halen = 9;
	bind(p, (struct sockaddr *)&a, sizeof(a));
	memset(&a, 0, sizeof(a));
	a.sll_family = AF_PACKET;
	a.sll_ifindex = 1;
	bind(p, (struct sockaddr *)&a, sizeof(a));
	bind(p, (struct sockaddr *)&a, 12);
	return 0;
}
