// SPDX-License-Identifier: GPL-2.0
/*
 * Loop devices' structs (linux/loop.h): struct loop_info (LOOP_SET_STATUS,
 * LOOP_GET_STATUS), loop_info64 and loop_config (LOOP_CONFIGURE), as
 * strace shows them: without -v the device numbers, inode, lo_init and
 * (with no encryption) the encryption fields are left out ("...").
 */
#include <linux/ioctl.h>
#include <linux/loop.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

/* a device number as glibc's major() and minor() split it: 32 bits each */
static void put_dev(struct sbuf *b, uint64_t dev)
{
	uint32_t major = (uint32_t)(((dev >> 8) & 0xfff) | ((dev >> 32) & 0xfffff000));
	uint32_t minor = (uint32_t)((dev & 0xff) | ((dev >> 12) & 0xffffff00));

	size_t mark = b->len;

	sbuf_printf(b, "makedev(%#x, %#x)", major, minor);
	xlat_finish(b, mark, dev, XF_HEX);	/* -X: the number */
}

/* a char array: to its NUL, cut ("...") when it has none */
static void put_name(struct sbuf *b, const char *field, const uint8_t *p, size_t size)
{
	size_t n = strnlen((const char *)p, size);

	sbuf_printf(b, ", %s=", field);
	decode_string(b, (const char *)p, n < size ? n : size - 1, n == size);
}

/* the key: as many of its 32 bytes as lo_encrypt_key_size says */
static void put_key(struct sbuf *b, const uint8_t *p, uint32_t size)
{
	sbuf_puts(b, ", lo_encrypt_key=");
	decode_string(b, (const char *)p, size < 32 ? size : 32, false);
}

static void put_crypt(struct sbuf *b, uint32_t type, uint32_t key_size, bool v)
{
	sbuf_puts(b, ", lo_encrypt_type=");
	put_enum_x(b, type, xlat_lo_crypt, N(xlat_lo_crypt), "LO_CRYPT_???");
	sbuf_printf(b, v ? ", lo_encrypt_key_size=%u" : ", lo_encrypt_key_size=%d", key_size);
}

static void put_lo_flags(struct sbuf *b, uint32_t f)
{
	sbuf_puts(b, ", lo_flags=");
	put_flagset_qx(b, f, xlat_lo_flags, N(xlat_lo_flags), "LO_FLAGS_???");
}

static void put_init(struct sbuf *b, const uint8_t *p)
{
	sbuf_puts(b, ", lo_init=[");
	put_hex0(b, load_u64(p, 0));
	sbuf_puts(b, ", ");
	put_hex0(b, load_u64(p, 8));
	sbuf_putc(b, ']');
}

static void put_info(struct sbuf *b, const uint8_t *p)
{
	bool v = decode_verbose();
	uint32_t type = load_u32(p, 36);

	sbuf_printf(b, "{lo_number=%d", (int32_t)load_u32(p, 0));
	if (v) {
		sbuf_puts(b, ", lo_device=");
		put_dev(b, load_u64(p, 8));
		sbuf_printf(b, ", lo_inode=%llu, lo_rdevice=", (unsigned long long)load_u64(p, 16));
		put_dev(b, load_u64(p, 24));
	}
	sbuf_printf(b, ", lo_offset=%#x", load_u32(p, 32));
	if (v || type != LO_CRYPT_NONE)
		put_crypt(b, type, load_u32(p, 40), v);
	put_lo_flags(b, load_u32(p, 44));
	put_name(b, "lo_name", p + 48, 64);
	if (v || type != LO_CRYPT_NONE)
		put_key(b, p + 112, load_u32(p, 40));
	if (!v) {
		sbuf_puts(b, ", ...}");
		return;
	}
	put_init(b, p + 144);
	sbuf_printf(b, ", reserved=[%#x, %#x, %#x, %#x]}", p[160], p[161], p[162], p[163]);
}

static void put_info64(struct sbuf *b, const uint8_t *p)
{
	bool v = decode_verbose();
	uint32_t type = load_u32(p, 44);

	sbuf_putc(b, '{');
	if (v) {
		sbuf_puts(b, "lo_device=");
		put_dev(b, load_u64(p, 0));
		sbuf_printf(b, ", lo_inode=%llu, lo_rdevice=", (unsigned long long)load_u64(p, 8));
		put_dev(b, load_u64(p, 16));
		sbuf_puts(b, ", ");
	}
	sbuf_puts(b, "lo_offset=");
	put_hex0(b, load_u64(p, 24));
	if (v)
		sbuf_printf(b, ", lo_sizelimit=%llu", (unsigned long long)load_u64(p, 32));
	sbuf_printf(b, ", lo_number=%u", load_u32(p, 40));
	if (v || type != LO_CRYPT_NONE)
		put_crypt(b, type, load_u32(p, 48), v);
	put_lo_flags(b, load_u32(p, 52));
	put_name(b, "lo_file_name", p + 56, 64);
	if (v || type != LO_CRYPT_NONE) {
		put_name(b, "lo_crypt_name", p + 120, 64);
		put_key(b, p + 184, load_u32(p, 48));
	}
	if (!v) {
		sbuf_puts(b, ", ...}");
		return;
	}
	put_init(b, p + 216);
	sbuf_putc(b, '}');
}

static void put_config(struct sbuf *b, const uint8_t *p)
{
	static const uint8_t zero[64];

	sbuf_printf(b, "{fd=%d, block_size=%u, info=", (int32_t)load_u32(p, 0), load_u32(p, 4));
	put_info64(b, p + 8);
	if (memcmp(p + 240, zero, 64)) {	/* shown when not all zero */
		sbuf_puts(b, ", __reserved=[");
		for (int k = 0; k < 8; k++) {
			if (k)
				sbuf_puts(b, ", ");
			put_hex0(b, load_u64(p, 240 + 8 * k));
		}
		sbuf_putc(b, ']');
	}
	sbuf_putc(b, '}');
}

bool ioctl_loop_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;

	switch (c->req) {
	case LOOP_SET_STATUS: case LOOP_GET_STATUS: case LOOP_SET_STATUS64:
	case LOOP_GET_STATUS64: case LOOP_CONFIGURE:
		/* -e verbose=none: the structs as addresses */
		if (!decode_structs() && c->addr) {
			sbuf_hex(b, c->addr);
			return true;
		}
	}
	switch (c->req) {
	case LOOP_SET_STATUS: case LOOP_GET_STATUS:
		p = c->req == LOOP_SET_STATUS ? ioc_in(b, c, 168) : ioc_out(b, c, 168);
		if (p)
			put_info(b, p);
		return true;
	case LOOP_SET_STATUS64: case LOOP_GET_STATUS64:
		p = c->req == LOOP_SET_STATUS64 ? ioc_in(b, c, 232) : ioc_out(b, c, 232);
		if (p)
			put_info64(b, p);
		return true;
	case LOOP_CONFIGURE:
		if ((p = ioc_in(b, c, 304)))
			put_config(b, p);
		return true;
	}
	return false;
}
