// SPDX-License-Identifier: GPL-2.0
/*
 * GPIO character device requests (linux/gpio.h, type 0xb4), v1 and v2:
 * chip and line info, line requests, values and configurations.  Most
 * are _IOWR: what the call is given, then " => " what it answered after
 * success (the new fd of a request, the info of a line).
 */
#include <linux/gpio.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

/* a name in a char[32]: cut ("...") when no NUL ends it */
static void put_name(struct sbuf *b, const char *field, const uint8_t *p)
{
	size_t n = strnlen((const char *)p, GPIO_MAX_NAME_SIZE);

	sbuf_printf(b, "%s=", field);
	decode_string(b, (const char *)p, n, n == GPIO_MAX_NAME_SIZE);
}

/* ", padding=[...]" when any of the n words is not 0 */
static void put_padding(struct sbuf *b, const uint8_t *p, size_t n)
{
	bool any = false;

	for (size_t i = 0; i < n; i++)
		any |= load_u32(p, i * 4) != 0;
	if (!any)
		return;
	sbuf_puts(b, ", padding=[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		put_hex0(b, load_u32(p, i * 4));
	}
	sbuf_putc(b, ']');
}

static void put_v2_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_qx(b, v, xlat_gpio_v2_line_flags, N(xlat_gpio_v2_line_flags),
		       "GPIO_V2_LINE_FLAG_???");
}

/* struct gpio_v2_line_attribute's fields by its id; with padding, all */
static void put_attr_body(struct sbuf *b, const uint8_t *p)
{
	uint32_t id = load_u32(p, 0), pad = load_u32(p, 4);
	uint64_t data = load_u64(p, 8);

	if (pad || id < GPIO_V2_LINE_ATTR_ID_FLAGS || id > GPIO_V2_LINE_ATTR_ID_DEBOUNCE) {
		sbuf_printf(b, "id=%u, ", id);
		if (pad)
			sbuf_printf(b, "padding=%#x, ", pad);
		sbuf_printf(b, "data=%#llx", (unsigned long long)data);
		return;
	}
	switch (id) {
	case GPIO_V2_LINE_ATTR_ID_FLAGS:
		sbuf_puts(b, "flags=");
		put_v2_flags(b, data);
		break;
	case GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES:
		sbuf_printf(b, "values=%#llx", (unsigned long long)data);
		break;
	default:
		sbuf_printf(b, "debounce_period_us=%u", (uint32_t)data);
		break;
	}
}

static void put_attrs(struct sbuf *b, const uint8_t *p, uint32_t n, size_t stride, bool mask)
{
	if (n > GPIO_V2_LINE_NUM_ATTRS_MAX)
		n = GPIO_V2_LINE_NUM_ATTRS_MAX;
	sbuf_puts(b, ", attrs=[");
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *a = p + i * stride;

		sbuf_puts(b, i ? ", {" : "{");
		if (mask && load_u32(a, 4)) {	/* a padded attribute whole */
			sbuf_puts(b, "attr={");
			put_attr_body(b, a);
			sbuf_putc(b, '}');
		} else {
			put_attr_body(b, a);
		}
		if (mask)
			sbuf_printf(b, ", mask=%#llx", (unsigned long long)load_u64(a, 16));
		sbuf_putc(b, '}');
	}
	sbuf_putc(b, ']');
}

/* struct gpio_v2_line_config */
static void put_v2_config(struct sbuf *b, const uint8_t *p)
{
	uint32_t n = load_u32(p, 8);

	sbuf_puts(b, "{flags=");
	put_v2_flags(b, load_u64(p, 0));
	sbuf_printf(b, ", num_attrs=%u", n);
	put_padding(b, p + 12, 5);
	if (n)
		put_attrs(b, p + 32, n, 24, true);
	sbuf_putc(b, '}');
}

static void put_fd_answer(struct sbuf *b, const struct ioctl_call *c, size_t off)
{
	if (c->ret >= 0)
		sbuf_printf(b, " => {fd=%d}", (int32_t)load_u32(c->p, off));
}

static void put_u32_flags(struct sbuf *b, uint32_t v, const struct flag *t, size_t n,
			  const char *unknown)
{
	put_flagset_qx(b, v, t, n, unknown);
}

static int gpio_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = c->p;
	uint32_t n;

	if (_IOC_TYPE(c->req) != 0xb4 || !b)
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case GPIO_GET_CHIPINFO_IOCTL:
		if (!ioctl_out(c, sizeof(struct gpiochip_info)))
			return ioctl_ptr(b, c);
		sbuf_putc(b, '{');
		put_name(b, "name", p);
		sbuf_puts(b, ", ");
		put_name(b, "label", p + 32);
		sbuf_printf(b, ", lines=%u}", load_u32(p, 64));
		return IOCTL_SHOWN;
	case GPIO_GET_LINEINFO_IOCTL: case GPIO_GET_LINEINFO_WATCH_IOCTL:
		if (!ioctl_in(c, sizeof(struct gpioline_info)))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{line_offset=%u}", load_u32(p, 0));
		if (c->ret >= 0) {
			sbuf_puts(b, " => {flags=");
			put_u32_flags(b, load_u32(p, 4), xlat_gpio_line_flags,
				      N(xlat_gpio_line_flags), "GPIOLINE_FLAG_???");
			sbuf_puts(b, ", ");
			put_name(b, "name", p + 8);
			sbuf_puts(b, ", ");
			put_name(b, "consumer", p + 40);
			sbuf_putc(b, '}');
		}
		return IOCTL_SHOWN;
	case GPIO_GET_LINEINFO_UNWATCH_IOCTL:
		if (!ioctl_in(c, 4))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{offset=%u}", load_u32(p, 0));
		return IOCTL_SHOWN;
	case GPIO_GET_LINEHANDLE_IOCTL:
		if (!ioctl_in(c, sizeof(struct gpiohandle_request)))
			return ioctl_ptr(b, c);
		n = load_u32(p, 356);
		if (n > GPIOHANDLES_MAX)
			n = GPIOHANDLES_MAX;
		sbuf_printf(b, "{lines=%u, lineoffsets=", load_u32(p, 356));
		ioctl_uarray(b, c, p, n, 4, false);
		sbuf_puts(b, ", flags=");
		put_u32_flags(b, load_u32(p, 256), xlat_gpio_handle_flags,
			      N(xlat_gpio_handle_flags), "GPIOHANDLE_REQUEST_???");
		sbuf_puts(b, ", default_values=");
		ioctl_uarray(b, c, p + 260, n, 1, false);
		sbuf_puts(b, ", ");
		put_name(b, "consumer_label", p + 324);
		sbuf_putc(b, '}');
		put_fd_answer(b, c, 360);
		return IOCTL_SHOWN;
	case GPIO_GET_LINEEVENT_IOCTL:
		if (!ioctl_in(c, sizeof(struct gpioevent_request)))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{lineoffset=%u, handleflags=", load_u32(p, 0));
		put_u32_flags(b, load_u32(p, 4), xlat_gpio_handle_flags,
			      N(xlat_gpio_handle_flags), "GPIOHANDLE_REQUEST_???");
		sbuf_puts(b, ", eventflags=");
		put_u32_flags(b, load_u32(p, 8), xlat_gpio_event_flags,
			      N(xlat_gpio_event_flags), "GPIOEVENT_REQUEST_???");
		sbuf_puts(b, ", ");
		put_name(b, "consumer_label", p + 12);
		sbuf_putc(b, '}');
		put_fd_answer(b, c, 44);
		return IOCTL_SHOWN;
	case GPIOHANDLE_GET_LINE_VALUES_IOCTL:
		if (!ioctl_out(c, GPIOHANDLES_MAX))
			return ioctl_ptr(b, c);
		/* fall through */
	case GPIOHANDLE_SET_LINE_VALUES_IOCTL:
		if (!ioctl_in(c, GPIOHANDLES_MAX))
			return ioctl_ptr(b, c);
		sbuf_puts(b, "{values=");
		ioctl_uarray(b, c, p, GPIOHANDLES_MAX, 1, false);
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	case GPIOHANDLE_SET_CONFIG_IOCTL:
		if (!ioctl_in(c, sizeof(struct gpiohandle_config)))
			return ioctl_ptr(b, c);
		sbuf_puts(b, "{flags=");
		put_u32_flags(b, load_u32(p, 0), xlat_gpio_handle_flags,
			      N(xlat_gpio_handle_flags), "GPIOHANDLE_REQUEST_???");
		sbuf_puts(b, ", default_values=");
		ioctl_uarray(b, c, p + 4, GPIOHANDLES_MAX, 1, false);
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	case GPIO_V2_GET_LINEINFO_IOCTL: case GPIO_V2_GET_LINEINFO_WATCH_IOCTL:
		if (!ioctl_in(c, sizeof(struct gpio_v2_line_info)))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{offset=%u}", load_u32(p, 64));
		if (c->ret < 0)
			return IOCTL_SHOWN;
		n = load_u32(p, 68);
		sbuf_puts(b, " => {");
		put_name(b, "name", p);
		sbuf_puts(b, ", ");
		put_name(b, "consumer", p + 32);
		sbuf_puts(b, ", flags=");
		put_v2_flags(b, load_u64(p, 72));
		sbuf_printf(b, ", num_attrs=%u", n);
		put_padding(b, p + 240, 4);
		if (n)
			put_attrs(b, p + 80, n, 16, false);
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	case GPIO_V2_GET_LINE_IOCTL:
		if (!ioctl_in(c, sizeof(struct gpio_v2_line_request)))
			return ioctl_ptr(b, c);
		n = load_u32(p, 560);
		sbuf_printf(b, "{num_lines=%u, offsets=", n);
		ioctl_uarray(b, c, p, n > GPIO_V2_LINES_MAX ? GPIO_V2_LINES_MAX : n, 4, false);
		sbuf_puts(b, ", ");
		put_name(b, "consumer", p + 256);
		sbuf_puts(b, ", config=");
		put_v2_config(b, p + 288);
		if (load_u32(p, 564))
			sbuf_printf(b, ", event_buffer_size=%u", load_u32(p, 564));
		put_padding(b, p + 568, 5);
		sbuf_putc(b, '}');
		put_fd_answer(b, c, 588);
		return IOCTL_SHOWN;
	case GPIO_V2_LINE_SET_CONFIG_IOCTL:
		if (!ioctl_in(c, sizeof(struct gpio_v2_line_config)))
			return ioctl_ptr(b, c);
		put_v2_config(b, p);
		return IOCTL_SHOWN;
	case GPIO_V2_LINE_GET_VALUES_IOCTL:
		if (!ioctl_in(c, 16))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{mask=%#llx}", (unsigned long long)load_u64(p, 8));
		if (c->ret >= 0)
			sbuf_printf(b, " => {bits=%#llx}", (unsigned long long)load_u64(p, 0));
		return IOCTL_SHOWN;
	case GPIO_V2_LINE_SET_VALUES_IOCTL:
		if (!ioctl_in(c, 16))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{bits=%#llx, mask=%#llx}", (unsigned long long)load_u64(p, 0),
			    (unsigned long long)load_u64(p, 8));
		return IOCTL_SHOWN;
	}
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_gpio = {
	.names = xlat_ioctl_gpio, .nnames = N(xlat_ioctl_gpio), .arg = gpio_arg,
};
