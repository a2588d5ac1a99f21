// SPDX-License-Identifier: GPL-2.0
/*
 * TEE requests (linux/tee.h): cancelling and closing a session, shared
 * memory, and the four requests whose struct tee_ioctl_buf_data points to
 * an argument struct followed by its parameters (invoke, open session,
 * the supplicant's receive and send).  That buffer is shown only when
 * buf_len is the size its num_params says, as strace does, from a second
 * capture of the argument (CAP_ELEM) the kernel side reads at buf_ptr.
 */
#include <linux/ioctl.h>
#include <linux/tee.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

/* not in every version of the header (strace names it nonetheless) */
#define TEE_IOC_SHM_REGISTER_FD_ _IOC(_IOC_READ | _IOC_WRITE, TEE_IOC_MAGIC, TEE_IOC_BASE + 8, 32)

static void put_shm_flags(struct sbuf *b, uint32_t v)
{
	put_flagset_qx(b, v, xlat_tee_shm_flags, N(xlat_tee_shm_flags), "TEE_IOCTL_SHM_???");
}

static void put_param(struct sbuf *b, const uint8_t *p)
{
	uint64_t attr = load_u64(p, 0), type = attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK;

	/* the type as -X says, the META flag by name in every style (strace's) */
	sbuf_puts(b, "{attr=");
	put_enum_x(b, type, xlat_tee_param_types, N(xlat_tee_param_types),
		   "TEE_IOCTL_PARAM_ATTR_TYPE_???");
	if (attr & TEE_IOCTL_PARAM_ATTR_META)
		sbuf_puts(b, "|TEE_IOCTL_PARAM_ATTR_META");
	if (attr & ~(uint64_t)TEE_IOCTL_PARAM_ATTR_MASK)
		sbuf_printf(b, "|%#llx",
			    (unsigned long long)(attr & ~(uint64_t)TEE_IOCTL_PARAM_ATTR_MASK));
	switch (type) {
	case TEE_IOCTL_PARAM_ATTR_TYPE_NONE:
		break;
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT: case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
		sbuf_printf(b, ", shm_offs=%#llx, size=%#llx, shm_id=%llu",
			    (unsigned long long)load_u64(p, 8), (unsigned long long)load_u64(p, 16),
			    (unsigned long long)load_u64(p, 24));
		break;
	default:
		sbuf_printf(b, ", a=%#llx, b=%#llx, c=%#llx", (unsigned long long)load_u64(p, 8),
			    (unsigned long long)load_u64(p, 16), (unsigned long long)load_u64(p, 24));
	}
	sbuf_putc(b, '}');
}

static void put_params(struct sbuf *b, const uint8_t *p, uint32_t n)
{
	sbuf_puts(b, "params=[");
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		put_param(b, p + i * 32);
	}
	sbuf_putc(b, ']');
}

/* ret and ret_origin at off */
static void put_ret(struct sbuf *b, const uint8_t *q, size_t off)
{
	sbuf_printf(b, "ret=%u, ret_origin=", load_u32(q, off));
	put_enum_x(b, load_u32(q, off + 4), xlat_tee_origins, N(xlat_tee_origins),
		   "TEEC_ORIGIN_???");
	sbuf_puts(b, ", ");
}

/* the argument struct (hdr bytes, num_params at np) and its parameters;
 * false: not that size, not read */
static bool put_buf(struct sbuf *b, const struct ioctl_call *c, const uint8_t *q, size_t got,
		    uint64_t len, size_t hdr, size_t np)
{
	uint32_t n;
	const uint8_t *u;

	if (got < hdr || len < hdr)
		return false;
	n = load_u32(q, np);
	if (len != hdr + (uint64_t)n * 32 || got < len)
		return false;
	sbuf_putc(b, '{');
	switch (c->req) {
	case TEE_IOC_INVOKE:
		sbuf_printf(b, "func=%u, session=%#x, cancel_id=%u, ", load_u32(q, 0), load_u32(q, 4),
			    load_u32(q, 8));
		break;
	case TEE_IOC_OPEN_SESSION: {
		uint32_t login = load_u32(q, 32);

		u = q;
		sbuf_printf(b, "uuid=%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
			    "%02x%02x%02x%02x%02x%02x, clnt_login=", u[0], u[1], u[2], u[3], u[4],
			    u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
		put_enum_x(b, login, xlat_tee_logins, N(xlat_tee_logins), "TEE_IOCTL_LOGIN_???");
		if (login == TEE_IOCTL_LOGIN_GROUP || login == TEE_IOCTL_LOGIN_GROUP_APPLICATION) {
			sbuf_printf(b, ", clnt_uuid=%u", load_u32(q, 16));
		} else if (login != TEE_IOCTL_LOGIN_PUBLIC && login != TEE_IOCTL_LOGIN_USER &&
			   login != TEE_IOCTL_LOGIN_APPLICATION &&
			   login != TEE_IOCTL_LOGIN_USER_APPLICATION) {
			sbuf_puts(b, ", clnt_uuid=[");
			for (int i = 0; i < 16; i++) {
				if (i)
					sbuf_puts(b, ", ");
				put_hex0(b, q[16 + i]);
			}
			sbuf_putc(b, ']');
		}
		sbuf_printf(b, ", cancel_id=%u, ", load_u32(q, 36));
		break;
	}
	case TEE_IOC_SUPPL_RECV:
		sbuf_printf(b, "func=%u, ", load_u32(q, 0));
		break;
	}
	sbuf_printf(b, "num_params=%u, ", n);
	put_params(b, q + hdr, n);
	/* what a successful call answered */
	if (c->ret >= 0) {
		sbuf_puts(b, "} => {");
		switch (c->req) {
		case TEE_IOC_INVOKE:
			put_ret(b, q, 12);
			break;
		case TEE_IOC_OPEN_SESSION:
			sbuf_printf(b, "session=%#x, ", load_u32(q, 40));
			put_ret(b, q, 44);
			break;
		case TEE_IOC_SUPPL_RECV:
			sbuf_printf(b, "num_params=%u, ", n);
			break;
		case TEE_IOC_SUPPL_SEND:
			sbuf_printf(b, "ret=%u, ", load_u32(q, 0));
			break;
		}
		put_params(b, q + hdr, n);
	}
	sbuf_putc(b, '}');
	return true;
}

static void put_buf_data(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	static const struct { uint32_t req; uint8_t hdr, np; } hdrs[] = {
		{ TEE_IOC_INVOKE, 24, 20 }, { TEE_IOC_OPEN_SESSION, 56, 52 },
		{ TEE_IOC_SUPPL_RECV, 8, 4 }, { TEE_IOC_SUPPL_SEND, 8, 4 },
	};
	uint64_t ptr = load_u64(p, 0), len = load_u64(p, 8);
	const struct cap *cp;
	const char *data;

	sbuf_printf(b, "{buf_len=%llu, buf_ptr=", (unsigned long long)len);
	for (size_t i = 0; i < N(hdrs); i++)
		if (hdrs[i].req == c->req && ptr &&
		    cap_find_flagged(c->e, c->size, c->arg, CAP_ELEM, &cp, &data) &&
		    !(cp->flags & CAP_FAULT) &&
		    put_buf(b, c, (const uint8_t *)data, cp->len, len, hdrs[i].hdr, hdrs[i].np)) {
			sbuf_putc(b, '}');
			return;
		}
	put_ptr(b, ptr);
	sbuf_putc(b, '}');
}

bool ioctl_tee_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;

	switch (c->req) {
	case TEE_IOC_VERSION:
		if ((p = ioc_out(b, c, 12))) {
			uint32_t id = load_u32(p, 0);

			sbuf_puts(b, "{impl_id=");
			put_enum_x(b, id, xlat_tee_impl_ids, N(xlat_tee_impl_ids), "TEE_IMPL_ID_???");
			sbuf_puts(b, ", gen_caps=");
			put_flagset_qx(b, load_u32(p, 8), xlat_tee_gen_caps, N(xlat_tee_gen_caps),
				       "TEE_GEN_CAP_???");
			sbuf_puts(b, ", impl_caps=");
			if (id == TEE_IMPL_ID_OPTEE)
				put_flagset_qx(b, load_u32(p, 4), xlat_tee_optee_caps,
					       N(xlat_tee_optee_caps), "TEE_OPTEE_CAP_???");
			else
				put_hex0(b, load_u32(p, 4));
			sbuf_putc(b, '}');
		}
		return true;
	case TEE_IOC_CANCEL:
		if ((p = ioc_in(b, c, 8)))
			sbuf_printf(b, "{cancel_id=%u, session=%#x}", load_u32(p, 0), load_u32(p, 4));
		return true;
	case TEE_IOC_CLOSE_SESSION:
		if ((p = ioc_in(b, c, 4)))
			sbuf_printf(b, "{session=%#x}", load_u32(p, 0));
		return true;
	case TEE_IOC_SHM_ALLOC:
		if ((p = ioc_in(b, c, 16))) {
			sbuf_printf(b, "{size=%#llx, flags=", (unsigned long long)load_u64(p, 0));
			put_shm_flags(b, load_u32(p, 8));
			if (c->ret >= 0) {
				sbuf_printf(b, "} => {size=%#llx, flags=",
					    (unsigned long long)load_u64(p, 0));
				put_shm_flags(b, load_u32(p, 8));
				sbuf_printf(b, ", id=%d", (int32_t)load_u32(p, 12));
			}
			sbuf_putc(b, '}');
		}
		return true;
	case TEE_IOC_SHM_REGISTER:
		if ((p = ioc_in(b, c, 24))) {
			sbuf_printf(b, "{addr=%#llx, length=%#llx, flags=",
				    (unsigned long long)load_u64(p, 0), (unsigned long long)load_u64(p, 8));
			put_shm_flags(b, load_u32(p, 16));
			if (c->ret >= 0) {
				sbuf_printf(b, "} => {length=%#llx, flags=",
					    (unsigned long long)load_u64(p, 8));
				put_shm_flags(b, load_u32(p, 16));
				sbuf_printf(b, ", id=%d", (int32_t)load_u32(p, 20));
			}
			sbuf_putc(b, '}');
		}
		return true;
	case TEE_IOC_SHM_REGISTER_FD_:
		if ((p = ioc_in(b, c, 32))) {
			sbuf_printf(b, "{fd=%lld, flags=", (long long)load_u64(p, 0));
			put_shm_flags(b, load_u32(p, 16));
			if (c->ret >= 0)
				sbuf_printf(b, "} => {size=%#llx, id=%d",
					    (unsigned long long)load_u64(p, 8), (int32_t)load_u32(p, 24));
			sbuf_putc(b, '}');
		}
		return true;
	case TEE_IOC_INVOKE: case TEE_IOC_OPEN_SESSION: case TEE_IOC_SUPPL_RECV:
	case TEE_IOC_SUPPL_SEND:
		if ((p = ioc_in(b, c, 16)))
			put_buf_data(b, c, p);
		return true;
	}
	return false;
}
