// SPDX-License-Identifier: GPL-2.0
/*
 * KVM's requests (linux/kvm.h) as strace shows them: capabilities by name,
 * memory regions, CPUID tables (their entries with -v: the table is read
 * whole, CAPR_BIG), a vCPU's registers and segment registers (the rest of
 * them with -v).  KVM_CREATE_VM and KVM_CREATE_VCPU return fds (-y's path:
 * ioctl_sys_returns_fd).
 */
#include <linux/kvm.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

static void put_x(struct sbuf *b, const char *sep, const char *name, uint64_t v)
{
	sbuf_printf(b, "%s%s=", sep, name);
	put_hex0(b, v);
}

/* struct kvm_cpuid2: nent, then its 40-byte entries (-v) */
static void put_cpuid(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint32_t n = load_u32(p, 0);
	size_t have = (c->len - 8) / 40;

	sbuf_printf(b, "{nent=%u, entries=[", n);
	if (!decode_verbose()) {
		sbuf_puts(b, n ? "...]}" : "]}");
		return;
	}
	for (uint32_t k = 0; k < n; k++) {
		const uint8_t *e = p + 8 + 40 * (size_t)k;

		if (k)
			sbuf_puts(b, ", ");
		if (k >= have) {
			sbuf_puts(b, "...");
			break;
		}
		put_x(b, "{", "function", load_u32(e, 0));
		put_x(b, ", ", "index", load_u32(e, 4));
		sbuf_puts(b, ", flags=");
		put_flagset_qx(b, load_u32(e, 8), xlat_kvm_cpuid_flags, N(xlat_kvm_cpuid_flags),
			       "KVM_CPUID_FLAG_???");
		put_x(b, ", ", "eax", load_u32(e, 12));
		put_x(b, ", ", "ebx", load_u32(e, 16));
		put_x(b, ", ", "ecx", load_u32(e, 20));
		put_x(b, ", ", "edx", load_u32(e, 24));
		sbuf_putc(b, '}');
	}
	sbuf_puts(b, "]}");
}

/* struct kvm_segment: base, limit, selector, then one byte each */
static void put_segment(struct sbuf *b, const char *name, const uint8_t *s)
{
	uint16_t sel;

	memcpy(&sel, s + 12, 2);
	sbuf_printf(b, "%s=", name);
	put_x(b, "{", "base", load_u64(s, 0));
	sbuf_printf(b, ", limit=%u, selector=%u, type=%u, present=%u, dpl=%u, db=%u, s=%u, "
		    "l=%u, g=%u, avl=%u}", load_u32(s, 8), sel, s[14], s[15], s[16], s[17],
		    s[18], s[19], s[20], s[21]);
}

static void put_dtable(struct sbuf *b, const char *name, const uint8_t *t)
{
	uint16_t limit;

	memcpy(&limit, t + 8, 2);
	sbuf_printf(b, ", %s=", name);
	put_x(b, "{", "base", load_u64(t, 0));
	sbuf_printf(b, ", limit=%u}", limit);
}

static void put_sregs(struct sbuf *b, const uint8_t *p)
{
	static const char *const segs[] = { "cs", "ds", "es", "fs", "gs", "ss", "tr", "ldt" };

	sbuf_putc(b, '{');
	put_segment(b, "cs", p);
	if (!decode_verbose()) {
		sbuf_puts(b, ", ...}");
		return;
	}
	for (int k = 1; k < 8; k++) {
		sbuf_puts(b, ", ");
		put_segment(b, segs[k], p + 24 * k);
	}
	put_dtable(b, "gdt", p + 192);
	put_dtable(b, "idt", p + 208);
	sbuf_printf(b, ", cr0=%llu, cr2=%llu, cr3=%llu, cr4=%llu, cr8=%llu, efer=%llu",
		    (unsigned long long)load_u64(p, 224), (unsigned long long)load_u64(p, 232),
		    (unsigned long long)load_u64(p, 240), (unsigned long long)load_u64(p, 248),
		    (unsigned long long)load_u64(p, 256), (unsigned long long)load_u64(p, 264));
	put_x(b, ", ", "apic_base", load_u64(p, 272));
	sbuf_puts(b, ", interrupt_bitmap=[");
	for (int k = 0; k < 4; k++) {
		sbuf_puts(b, k ? ", " : "");
		put_hex0(b, load_u64(p, 280 + 8 * k));
	}
	sbuf_puts(b, "]}");
}

static void put_regs(struct sbuf *b, const uint8_t *p)
{
	static const char *const names[] = {
		"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rsp", "rbp", "r8", "r9", "r10",
		"r11", "r12", "r13", "r14", "r15", "rip", "rflags",
	};
	bool v = decode_verbose();

	for (int k = 0; k < 18; k++) {
		/* without -v: rax, rsp, rbp, rip and rflags, as strace */
		if (!v && (k == 1 || k == 8)) {
			sbuf_puts(b, ", ...");
			k = k == 1 ? 5 : 15;
			continue;
		}
		put_x(b, k ? ", " : "{", names[k], load_u64(p, 8 * k));
	}
	sbuf_putc(b, '}');
}

bool ioctl_kvm_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	size_t mark = b->len;

	switch (c->req) {
	case KVM_CREATE_VM: case KVM_CREATE_VCPU:
		sbuf_printf(b, "%d", (int)c->addr);
		return true;
	case KVM_GET_API_VERSION: case KVM_GET_VCPU_MMAP_SIZE: case KVM_RUN:
		put_hex0(b, c->addr);
		return true;
	case KVM_CHECK_EXTENSION:
		put_enum(b, c->addr, xlat_kvm_cap, N(xlat_kvm_cap), "KVM_CAP_???");
		xlat_finish(b, mark, c->addr, XF_HEX);
		return true;
	case KVM_SET_USER_MEMORY_REGION:
		if ((p = ioc_in(b, c, 32))) {
			sbuf_printf(b, "{slot=%u, flags=", load_u32(p, 0));
			put_flagset_qx(b, load_u32(p, 4), xlat_kvm_mem_flags, N(xlat_kvm_mem_flags),
				       "KVM_MEM_???");
			put_x(b, ", ", "guest_phys_addr", load_u64(p, 8));
			sbuf_printf(b, ", memory_size=%llu", (unsigned long long)load_u64(p, 16));
			put_x(b, ", ", "userspace_addr", load_u64(p, 24));
			sbuf_putc(b, '}');
		}
		return true;
	case KVM_GET_SUPPORTED_CPUID: case KVM_GET_CPUID2:
		if ((p = ioc_out(b, c, 8)))
			put_cpuid(b, c, p);
		return true;
	case KVM_SET_CPUID2:
		if ((p = ioc_in(b, c, 8)))
			put_cpuid(b, c, p);
		return true;
	case KVM_GET_SREGS: case KVM_SET_SREGS:
		p = c->req == KVM_GET_SREGS ? ioc_out(b, c, 312) : ioc_in(b, c, 312);
		if (p)
			put_sregs(b, p);
		return true;
	case KVM_GET_REGS: case KVM_SET_REGS:
		p = c->req == KVM_GET_REGS ? ioc_out(b, c, 144) : ioc_in(b, c, 144);
		if (p)
			put_regs(b, p);
		return true;
	}
	return false;
}
