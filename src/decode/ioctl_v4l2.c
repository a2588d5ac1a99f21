// SPDX-License-Identifier: GPL-2.0
/*
 * Video4Linux requests (linux/videodev2.h): their names, and the structs
 * of the ones strace 6.1 decodes (capabilities, formats by buffer type,
 * buffers, stream parameters, standards, inputs, controls, tuners,
 * cropping, frame sizes and intervals); the others print their argument
 * as a number.
 *
 * A request that both reads and writes its struct shows what it was given
 * and, after success, what it answered (after " => " when the same fields
 * come back).  Both come from one read at exit: the failed calls and the
 * injected ones leave the struct as it was given.  Two structs point to
 * arrays the kernel side reads as second captures (CAP_ELEM): an overlay
 * window's clips, and the extended controls, with one more capture for
 * each of the first controls' payloads (a string control's text).
 */
#include <linux/videodev2.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

#define ENUM(b, v, tab, unknown) put_enum_x(b, v, tab, N(tab), unknown)
#define FLAGS(b, v, tab, unknown) put_flagset_qx(b, (uint32_t)(v), tab, N(tab), unknown)

static void put_buf_type(struct sbuf *b, uint32_t v)
{
	ENUM(b, v, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
}

/* a fourcc as v4l2_fourcc('a', 'b', 'c', 'd'), its name in a comment when
 * the table has it; with -X raw the number */
static void put_fourcc(struct sbuf *b, uint32_t v, const struct flag *t, size_t n)
{
	if (decode_xlat() == XLAT_RAW) {
		put_hex0(b, v);
		return;
	}
	sbuf_puts(b, "v4l2_fourcc(");
	for (int i = 0; i < 4; i++) {
		unsigned char ch = (unsigned char)(v >> (8 * i));

		sbuf_puts(b, i ? ", '" : "'");
		if (ch == '\'' || ch == '\\')
			sbuf_printf(b, "\\%c", ch);
		else if (ch >= 0x20 && ch < 0x7f)
			sbuf_putc(b, (char)ch);
		else
			sbuf_printf(b, "\\x%02x", ch);
		sbuf_putc(b, '\'');
	}
	sbuf_putc(b, ')');
	for (size_t i = 0; i < n; i++)
		if (t[i].val == v) {
			sbuf_printf(b, " /* %s */", t[i].name);
			break;
		}
}

#define PIXFMT(b, v) put_fourcc(b, v, xlat_v4l2_pix_fmts, N(xlat_v4l2_pix_fmts))

/* a char array: cut ("...") when no NUL ends it */
static void put_name(struct sbuf *b, const char *field, const uint8_t *p, size_t size)
{
	size_t n = strnlen((const char *)p, size);

	sbuf_printf(b, "%s=", field);
	decode_string(b, (const char *)p, n < size ? n : size - 1, n == size);
}

static void put_rect(struct sbuf *b, const char *field, const uint8_t *p)
{
	sbuf_printf(b, "%s={left=%d, top=%d, width=%u, height=%u}", field, (int32_t)load_u32(p, 0),
		    (int32_t)load_u32(p, 4), load_u32(p, 8), load_u32(p, 12));
}

static void put_fract(struct sbuf *b, const char *field, const uint8_t *p)
{
	sbuf_printf(b, "%s=%u/%u", field, load_u32(p, 0), load_u32(p, 4));
}

/*
 * A control's id: its name, else its class and the offset in it
 * ("V4L2_CTRL_CLASS_USER+0x1"); the queries' ids carry flags in their top
 * bits (V4L2_CTRL_FLAG_NEXT_CTRL), each part printed as -X says.
 */
static void put_cid(struct sbuf *b, uint32_t id, bool query)
{
	uint32_t fl = query ? id & (V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND) : 0;
	size_t mark;

	if (decode_xlat() == XLAT_RAW) {
		put_hex0(b, id);
		return;
	}
	if (fl) {
		mark = b->len;
		put_flagset(b, fl, xlat_v4l2_control_query_flags, N(xlat_v4l2_control_query_flags));
		xlat_finish(b, mark, fl, XF_HEX);
		id &= ~fl;
		if (!id)
			return;
		sbuf_putc(b, '|');
	}
	mark = b->len;
	for (size_t i = 0; i < N(xlat_v4l2_control_ids); i++)
		if (xlat_v4l2_control_ids[i].val == id) {
			sbuf_puts(b, xlat_v4l2_control_ids[i].name);
			xlat_finish(b, mark, id, XF_HEX);
			return;
		}
	for (size_t i = 0; i < N(xlat_v4l2_control_classes); i++)
		if (xlat_v4l2_control_classes[i].val == (id & 0xffff0000)) {
			sbuf_printf(b, "%s+", xlat_v4l2_control_classes[i].name);
			put_hex0(b, id & 0xffff);
			xlat_finish(b, mark, id, XF_HEX);
			return;
		}
	put_hex0(b, id);
	sbuf_puts(b, " /* V4L2_CID_??? */");
}

/* the second capture of the argument (CAP_ELEM) number `nth`: an
 * overlay's clips, the controls' array, then their payloads */
static bool elem_cap(const struct ioctl_call *c, int nth, const uint8_t **p, size_t *len)
{
	struct capiter it;
	const struct cap *cp;
	const char *data;

	cap_begin(&it, c->e, c->size);
	while (cap_next(&it, &cp, &data))
		if (cp->arg == c->arg && (cp->flags & CAP_ELEM) && !nth--) {
			if (cp->flags & CAP_FAULT)
				return false;
			*p = (const uint8_t *)data;
			*len = cp->len;
			return true;
		}
	return false;
}

/* an array of n elements of `size` bytes at addr, of which `got` bytes
 * were read: -s of them without -v, "... /\* addr *\/" where the memory
 * ended */
static void put_elems(struct sbuf *b, const struct ioctl_call *c, uint64_t addr, uint32_t n,
		      size_t size, const uint8_t *p, size_t got,
		      void (*put)(struct sbuf *, const struct ioctl_call *, const uint8_t *, uint32_t))
{
	sbuf_putc(b, '[');
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		if (i == c->strsize && !decode_verbose()) {
			sbuf_puts(b, "...");
			break;
		}
		if ((i + 1) * size > got) {
			sbuf_puts(b, "... /* ");
			sbuf_hex(b, addr + i * size);
			sbuf_puts(b, " */");
			break;
		}
		put(b, c, p + i * size, i);
	}
	sbuf_putc(b, ']');
}

static void put_clip(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p, uint32_t i)
{
	(void)c;
	(void)i;
	sbuf_putc(b, '{');
	put_rect(b, "c", p);
	sbuf_putc(b, '}');
}

/* struct v4l2_window: its clips are the argument's first CAP_ELEM capture */
static void put_window(struct sbuf *b, const struct ioctl_call *c, const uint8_t *w)
{
	uint64_t clips = load_u64(w, 24), bitmap = load_u64(w, 40);
	uint32_t count = load_u32(w, 32);
	const uint8_t *q = NULL;
	size_t got = 0;

	sbuf_puts(b, "fmt.win={");
	put_rect(b, "w", w);
	sbuf_puts(b, ", field=");
	ENUM(b, load_u32(w, 16), xlat_v4l2_fields, "V4L2_FIELD_???");
	sbuf_printf(b, ", chromakey=%#x, clips=", load_u32(w, 20));
	if (count && (!clips || !elem_cap(c, 0, &q, &got)))
		put_ptr(b, clips);
	else
		put_elems(b, c, clips, count, 24, q, got, put_clip);
	sbuf_printf(b, ", clipcount=%u, bitmap=", count);
	put_ptr(b, bitmap);
	sbuf_puts(b, ", global_alpha=");
	put_hex0(b, w[48]);
	sbuf_putc(b, '}');
}

/* the union of struct v4l2_format by its type (p: the struct); false:
 * a type without one */
static bool put_format_union(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	const uint8_t *f = p + 8;
	uint32_t type = load_u32(p, 0);
	size_t mark;

	switch (type) {
	case V4L2_BUF_TYPE_VIDEO_CAPTURE: case V4L2_BUF_TYPE_VIDEO_OUTPUT:
		sbuf_printf(b, "fmt.pix={width=%u, height=%u, pixelformat=", load_u32(f, 0),
			    load_u32(f, 4));
		PIXFMT(b, load_u32(f, 8));
		sbuf_puts(b, ", field=");
		ENUM(b, load_u32(f, 12), xlat_v4l2_fields, "V4L2_FIELD_???");
		sbuf_printf(b, ", bytesperline=%u, sizeimage=%u, colorspace=", load_u32(f, 16),
			    load_u32(f, 20));
		ENUM(b, load_u32(f, 24), xlat_v4l2_colorspaces, "V4L2_COLORSPACE_???");
		sbuf_putc(b, '}');
		return true;
	case V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE: case V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE: {
		uint32_t planes = f[180];

		sbuf_printf(b, "fmt.pix_mp={width=%u, height=%u, pixelformat=", load_u32(f, 0),
			    load_u32(f, 4));
		PIXFMT(b, load_u32(f, 8));
		sbuf_puts(b, ", field=");
		ENUM(b, load_u32(f, 12), xlat_v4l2_fields, "V4L2_FIELD_???");
		sbuf_puts(b, ", colorspace=");
		ENUM(b, load_u32(f, 16), xlat_v4l2_colorspaces, "V4L2_COLORSPACE_???");
		sbuf_puts(b, ", plane_fmt=[");
		for (uint32_t i = 0; i < planes && i < VIDEO_MAX_PLANES; i++)
			sbuf_printf(b, "%s{sizeimage=%u, bytesperline=%u}", i ? ", " : "",
				    load_u32(f, 20 + i * 20), load_u32(f, 24 + i * 20));
		sbuf_printf(b, "], num_planes=%u}", planes);
		return true;
	}
	case V4L2_BUF_TYPE_VIDEO_OVERLAY: case V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY:
		put_window(b, c, f);
		return true;
	case V4L2_BUF_TYPE_VBI_CAPTURE: case V4L2_BUF_TYPE_VBI_OUTPUT:
		sbuf_printf(b, "fmt.vbi={sampling_rate=%u, offset=%u, samples_per_line=%u, "
			    "sample_format=", load_u32(f, 0), load_u32(f, 4), load_u32(f, 8));
		PIXFMT(b, load_u32(f, 12));
		sbuf_printf(b, ", start=[%d, %d], count=[%u, %u], flags=", (int32_t)load_u32(f, 16),
			    (int32_t)load_u32(f, 20), load_u32(f, 24), load_u32(f, 28));
		FLAGS(b, load_u32(f, 32), xlat_v4l2_vbi_flags, "V4L2_VBI_???");
		sbuf_putc(b, '}');
		return true;
	case V4L2_BUF_TYPE_SLICED_VBI_CAPTURE: case V4L2_BUF_TYPE_SLICED_VBI_OUTPUT: {
		uint16_t set, line;

		memcpy(&set, f, 2);
		sbuf_puts(b, "fmt.sliced={service_set=");
		mark = b->len;
		put_flagset(b, set, xlat_v4l2_sliced_flags, N(xlat_v4l2_sliced_flags));
		xlat_finish(b, mark, set, XF_HEX);
		sbuf_puts(b, ", service_lines=[");
		for (int i = 0; i < 2; i++) {
			sbuf_puts(b, i ? ", [" : "[");
			for (int j = 0; j < 24; j++) {
				memcpy(&line, f + 2 + (i * 24 + j) * 2, 2);
				if (j)
					sbuf_puts(b, ", ");
				put_hex0(b, line);
			}
			sbuf_putc(b, ']');
		}
		sbuf_printf(b, "], io_size=%u}", load_u32(f, 100));
		return true;
	}
	case V4L2_BUF_TYPE_SDR_CAPTURE: case V4L2_BUF_TYPE_SDR_OUTPUT:
		sbuf_puts(b, "fmt.sdr={pixelformat=");
		put_fourcc(b, load_u32(f, 0), xlat_v4l2_sdr_fmts, N(xlat_v4l2_sdr_fmts));
		sbuf_printf(b, ", buffersize=%u}", load_u32(f, 4));
		return true;
	case V4L2_BUF_TYPE_META_CAPTURE: case V4L2_BUF_TYPE_META_OUTPUT:
		sbuf_puts(b, "fmt.meta={dataformat=");
		put_fourcc(b, load_u32(f, 0), xlat_v4l2_meta_fmts, N(xlat_v4l2_meta_fmts));
		sbuf_printf(b, ", buffersize=%u}", load_u32(f, 4));
		return true;
	}
	return false;
}

/* struct v4l2_format: the type, then its union; `answer`: after a
 * successful call that changes it, " => " and the union again (not for
 * an overlay's window, which the call does not give back whole) */
static void put_format(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p, bool given,
		       bool answer)
{
	uint32_t type = load_u32(p, 0);

	sbuf_puts(b, "{type=");
	put_buf_type(b, type);
	if (given || c->ret >= 0) {
		size_t mark = b->len;

		sbuf_puts(b, ", ");
		if (!put_format_union(b, c, p))
			b->len = mark;
		else if (given && answer && c->ret >= 0 && type != V4L2_BUF_TYPE_VIDEO_OVERLAY &&
			 type != V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY) {
			sbuf_puts(b, "} => {");
			put_format_union(b, c, p);
		}
	}
	sbuf_putc(b, '}');
}

/* struct v4l2_buffer's flags: the flags, the timestamp's type, its
 * source, each part as -X says */
static void put_buf_flags(struct sbuf *b, uint32_t v)
{
	uint32_t ts = v & V4L2_BUF_FLAG_TIMESTAMP_MASK, src = v & V4L2_BUF_FLAG_TSTAMP_SRC_MASK;
	uint32_t rest = v & ~(ts | src);
	size_t mark;

	if (decode_xlat() == XLAT_RAW) {
		put_hex0(b, v);
		return;
	}
	if (rest) {
		mark = b->len;
		put_flagset(b, rest, xlat_v4l2_buf_flags, N(xlat_v4l2_buf_flags));
		xlat_finish(b, mark, rest, XF_HEX);
		sbuf_putc(b, '|');
	}
	ENUM(b, ts, xlat_v4l2_buf_ts_type, "V4L2_BUF_FLAG_TIMESTAMP_???");
	sbuf_putc(b, '|');
	ENUM(b, src, xlat_v4l2_buf_ts_src, "V4L2_BUF_FLAG_TSTAMP_SRC_???");
}

static void put_buffer(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	bool dq = c->req == VIDIOC_DQBUF;
	uint32_t mem = load_u32(p, 60);

	sbuf_puts(b, "{type=");
	put_buf_type(b, load_u32(p, 4));
	if (!dq || c->ret >= 0)
		sbuf_printf(b, ", index=%u", load_u32(p, 0));
	if (c->ret >= 0) {
		sbuf_puts(b, ", memory=");
		ENUM(b, mem, xlat_v4l2_memories, "V4L2_MEMORY_???");
		if (mem == V4L2_MEMORY_MMAP) {
			sbuf_printf(b, ", m.offset=%#x", load_u32(p, 64));
		} else if (mem == V4L2_MEMORY_USERPTR) {
			sbuf_puts(b, ", m.userptr=");
			put_ptr(b, load_u64(p, 64));
		} else if (mem == V4L2_MEMORY_DMABUF) {
			sbuf_printf(b, ", m.fd=%d", (int32_t)load_u32(p, 64));
		}
		sbuf_printf(b, ", length=%u, bytesused=%u, flags=", load_u32(p, 72), load_u32(p, 8));
		put_buf_flags(b, load_u32(p, 12));
		if (dq)
			sbuf_printf(b, ", timestamp={tv_sec=%lld, tv_usec=%llu}",
				    (long long)load_u64(p, 24), (unsigned long long)load_u64(p, 32));
		sbuf_puts(b, ", ...");
	}
	sbuf_putc(b, '}');
}

/* struct v4l2_streamparm's union: for the video types only */
static bool put_parm(struct sbuf *b, const uint8_t *p)
{
	uint32_t type = load_u32(p, 0);
	bool out = type == V4L2_BUF_TYPE_VIDEO_OUTPUT;

	if (type != V4L2_BUF_TYPE_VIDEO_CAPTURE && !out)
		return false;
	sbuf_printf(b, "parm.%s={capability=", out ? "output" : "capture");
	FLAGS(b, load_u32(p, 4), xlat_v4l2_streaming_caps, "V4L2_CAP_???");
	sbuf_printf(b, ", %s=", out ? "outputmode" : "capturemode");
	FLAGS(b, load_u32(p, 8), xlat_v4l2_capture_modes, "V4L2_MODE_???");
	sbuf_puts(b, ", ");
	put_fract(b, "timeperframe", p + 12);
	sbuf_printf(b, ", extendedmode=%#x, %s=%u}", load_u32(p, 20),
		    out ? "writebuffers" : "readbuffers", load_u32(p, 24));
	return true;
}

static void put_tuner_rest(struct sbuf *b, const uint8_t *p)
{
	put_name(b, "name", p + 4, 32);
	sbuf_puts(b, ", type=");
	ENUM(b, load_u32(p, 36), xlat_v4l2_tuner_types, "V4L2_TUNER_???");
	sbuf_puts(b, ", capability=");
	FLAGS(b, load_u32(p, 40), xlat_v4l2_tuner_caps, "V4L2_TUNER_CAP_???");
	sbuf_printf(b, ", rangelow=%u, rangehigh=%u, rxsubchans=", load_u32(p, 44), load_u32(p, 48));
	FLAGS(b, load_u32(p, 52), xlat_v4l2_tuner_rxsubchans, "V4L2_TUNER_SUB_???");
	sbuf_puts(b, ", audmode=");
	ENUM(b, load_u32(p, 56), xlat_v4l2_tuner_audmodes, "V4L2_TUNER_MODE_???");
	sbuf_printf(b, ", signal=%d, afc=%d", (int32_t)load_u32(p, 60), (int32_t)load_u32(p, 64));
}

static void put_ctrl_type_name(struct sbuf *b, const uint8_t *p)
{
	sbuf_puts(b, ", type=");
	ENUM(b, load_u32(p, 4), xlat_v4l2_control_types, "V4L2_CTRL_TYPE_???");
	sbuf_puts(b, ", ");
	put_name(b, "name", p + 8, 32);
}

static void put_ctrl_flags(struct sbuf *b, uint32_t v)
{
	sbuf_puts(b, ", flags=");
	FLAGS(b, v, xlat_v4l2_control_flags, "V4L2_CTRL_FLAG_???");
}

/* n u32s in hex, "reserved=[...]" when any is set */
static void put_reserved(struct sbuf *b, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n && !load_u32(p, i * 4); i++)
		;
	if (i == n)
		return;
	sbuf_puts(b, ", reserved=[");
	for (i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		put_hex0(b, load_u32(p, i * 4));
	}
	sbuf_putc(b, ']');
}

/* one struct v4l2_ext_control (20 bytes, packed); a payload (size > 0)
 * from the capture after the array's, in the array's order */
static void put_ext_control(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p,
			    uint32_t i)
{
	uint32_t size = load_u32(p, 4);
	const uint8_t *s;
	size_t len;

	sbuf_puts(b, "{id=");
	put_cid(b, load_u32(p, 0), false);
	sbuf_printf(b, ", size=%u, ", size);
	if (!size) {
		sbuf_printf(b, "value=%d, value64=%lld}", (int32_t)load_u32(p, 12),
			    (long long)load_u64(p, 12));
		return;
	}
	sbuf_puts(b, "string=");
	/* all size bytes, NULs too, up to -s */
	if (elem_cap(c, 1 + (int)i, &s, &len) && len) {
		size_t n = len < size ? len : size;
		bool cut = n > c->strsize;

		decode_string(b, (const char *)s, cut ? c->strsize : n, cut);
	} else {
		put_ptr(b, load_u64(p, 12));
	}
	sbuf_putc(b, '}');
}

/* the controls: false when they could not be read (their address printed) */
static bool put_ext_controls(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint32_t count = load_u32(p, 4);
	uint64_t addr = load_u64(p, 24);
	const uint8_t *q;
	size_t got;

	sbuf_puts(b, "controls=");
	if (!addr || !elem_cap(c, 0, &q, &got) || got < 20) {
		put_ptr(b, addr);
		return false;
	}
	put_elems(b, c, addr, count, 20, q, got, put_ext_control);
	return got >= (size_t)count * 20;
}

static void put_ext_ctrls(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint32_t count = load_u32(p, 4), err = load_u32(p, 8);
	size_t mark;

	sbuf_puts(b, "{ctrl_class=");
	mark = b->len;
	put_enum(b, load_u32(p, 0), xlat_v4l2_control_classes, N(xlat_v4l2_control_classes),
		 "V4L2_CTRL_CLASS_???");
	xlat_finish(b, mark, load_u32(p, 0), XF_HEX);
	sbuf_printf(b, ", count=%u", count);
	if (!count) {
		sbuf_putc(b, '}');
		return;
	}
	/* error_idx: which control failed, after a failure only */
	if (c->req == VIDIOC_G_EXT_CTRLS) {
		sbuf_puts(b, ", ");
		put_ext_controls(b, c, p);
	} else {
		sbuf_puts(b, ", ");
		if (!put_ext_controls(b, c, p)) {
			sbuf_putc(b, '}');
			return;
		}
		sbuf_puts(b, "} => {");
		put_ext_controls(b, c, p);
	}
	if (c->ret < 0)
		sbuf_printf(b, ", error_idx=%u", err);
	sbuf_putc(b, '}');
}

static void put_frmsize(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint32_t type = load_u32(p, 8);

	sbuf_printf(b, "{index=%u, pixel_format=", load_u32(p, 0));
	PIXFMT(b, load_u32(p, 4));
	if (c->ret >= 0) {
		sbuf_puts(b, ", type=");
		ENUM(b, type, xlat_v4l2_framesize_types, "V4L2_FRMSIZE_TYPE_???");
		if (type == V4L2_FRMSIZE_TYPE_DISCRETE)
			sbuf_printf(b, ", discrete={width=%u, height=%u}", load_u32(p, 12),
				    load_u32(p, 16));
		else if (type == V4L2_FRMSIZE_TYPE_STEPWISE)
			sbuf_printf(b, ", stepwise={min_width=%u, max_width=%u, step_width=%u, "
				    "min_height=%u, max_height=%u, step_height=%u}", load_u32(p, 12),
				    load_u32(p, 16), load_u32(p, 20), load_u32(p, 24), load_u32(p, 28),
				    load_u32(p, 32));
	}
	sbuf_putc(b, '}');
}

static void put_frmival(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint32_t type = load_u32(p, 16);

	sbuf_printf(b, "{index=%u, pixel_format=", load_u32(p, 0));
	PIXFMT(b, load_u32(p, 4));
	sbuf_printf(b, ", width=%u, height=%u", load_u32(p, 8), load_u32(p, 12));
	if (c->ret >= 0) {
		sbuf_puts(b, ", type=");
		ENUM(b, type, xlat_v4l2_frameinterval_types, "V4L2_FRMIVAL_TYPE_???");
		if (type == V4L2_FRMIVAL_TYPE_DISCRETE) {
			sbuf_puts(b, ", ");
			put_fract(b, "discrete", p + 20);
		} else if (type == V4L2_FRMIVAL_TYPE_CONTINUOUS ||
			   type == V4L2_FRMIVAL_TYPE_STEPWISE) {
			sbuf_puts(b, ", stepwise={");
			put_fract(b, "min", p + 20);
			sbuf_puts(b, ", ");
			put_fract(b, "max", p + 28);
			sbuf_puts(b, ", ");
			put_fract(b, "step", p + 36);
			sbuf_putc(b, '}');
		}
	}
	sbuf_putc(b, '}');
}

static void put_query_ext_ctrl(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint32_t dims = load_u32(p, 84);

	sbuf_puts(b, "{id=");
	put_cid(b, load_u32(p, 0), true);
	if (c->ret >= 0) {
		put_ctrl_type_name(b, p);
		if (!decode_verbose()) {
			sbuf_puts(b, ", ...}");
			return;
		}
		sbuf_printf(b, ", minimum=%lld, maximum=%lld, step=%llu, default_value=%lld",
			    (long long)load_u64(p, 40), (long long)load_u64(p, 48),
			    (unsigned long long)load_u64(p, 56), (long long)load_u64(p, 64));
		put_ctrl_flags(b, load_u32(p, 72));
		sbuf_printf(b, ", elem_size=%u, elems=%u, nr_of_dims=%u, dims=[", load_u32(p, 76),
			    load_u32(p, 80), dims);
		for (uint32_t i = 0; i < dims && i < V4L2_CTRL_MAX_DIMS; i++)
			sbuf_printf(b, "%s%u", i ? ", " : "", load_u32(p, 88 + i * 4));
		sbuf_putc(b, ']');
		put_reserved(b, p + 104, 32);
	}
	sbuf_putc(b, '}');
}

static void put_queryctrl(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	sbuf_puts(b, "{id=");
	put_cid(b, load_u32(p, 0), true);
	if (c->ret >= 0) {
		put_ctrl_type_name(b, p);
		if (!decode_verbose()) {
			sbuf_puts(b, ", ...}");
			return;
		}
		sbuf_printf(b, ", minimum=%d, maximum=%d, step=%d, default_value=%d",
			    (int32_t)load_u32(p, 40), (int32_t)load_u32(p, 44), (int32_t)load_u32(p, 48),
			    (int32_t)load_u32(p, 52));
		put_ctrl_flags(b, load_u32(p, 56));
		put_reserved(b, p + 60, 2);
	}
	sbuf_putc(b, '}');
}

static void put_capability(struct sbuf *b, const uint8_t *p)
{
	uint32_t ver = load_u32(p, 80), caps = load_u32(p, 84);
	size_t mark;

	put_name(b, "{driver", p, 16);
	put_name(b, ", card", p + 16, 32);
	put_name(b, ", bus_info", p + 48, 32);
	sbuf_puts(b, ", version=");
	mark = b->len;
	sbuf_printf(b, "KERNEL_VERSION(%u, %u, %u)", ver >> 16, (ver >> 8) & 0xff, ver & 0xff);
	xlat_finish(b, mark, ver, XF_HEX);
	sbuf_puts(b, ", capabilities=");
	FLAGS(b, caps, xlat_v4l2_device_caps, "V4L2_CAP_???");
	if (caps & V4L2_CAP_DEVICE_CAPS) {
		sbuf_puts(b, ", device_caps=");
		FLAGS(b, load_u32(p, 88), xlat_v4l2_device_caps, "V4L2_CAP_???");
	}
	sbuf_putc(b, '}');
}

static void put_fmtdesc(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	sbuf_printf(b, "{index=%u, type=", load_u32(p, 0));
	put_buf_type(b, load_u32(p, 4));
	if (c->ret >= 0) {
		sbuf_puts(b, ", flags=");
		FLAGS(b, load_u32(p, 8), xlat_v4l2_fmtdesc_flags, "V4L2_FMT_FLAG_???");
		sbuf_puts(b, ", ");
		put_name(b, "description", p + 12, 32);
		sbuf_puts(b, ", pixelformat=");
		PIXFMT(b, load_u32(p, 44));
	}
	sbuf_putc(b, '}');
}

static int v4l2_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	uint32_t v;

	if (_IOC_TYPE(c->req) != 'V')
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case VIDIOC_QUERYCAP:
		if (b && (p = ioc_out(b, c, 104)))
			put_capability(b, p);
		break;
	case VIDIOC_ENUM_FMT:
		if (b && (p = ioc_in(b, c, 64)))
			put_fmtdesc(b, c, p);
		break;
	case VIDIOC_G_FMT: case VIDIOC_S_FMT: case VIDIOC_TRY_FMT:
		if (b && (p = ioc_in(b, c, 208)))
			put_format(b, c, p, c->req != VIDIOC_G_FMT, true);
		break;
	case VIDIOC_CREATE_BUFS:
		if (b && (p = ioc_in(b, c, 256))) {
			sbuf_printf(b, "{count=%u, memory=", load_u32(p, 4));
			ENUM(b, load_u32(p, 8), xlat_v4l2_memories, "V4L2_MEMORY_???");
			sbuf_puts(b, ", format=");
			put_format(b, c, p + 16, true, false);
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_REQBUFS:
		if (b && (p = ioc_in(b, c, 20))) {
			sbuf_puts(b, "{type=");
			put_buf_type(b, load_u32(p, 4));
			sbuf_puts(b, ", memory=");
			ENUM(b, load_u32(p, 8), xlat_v4l2_memories, "V4L2_MEMORY_???");
			sbuf_printf(b, ", count=%u", load_u32(p, 0));
			if (c->ret >= 0)
				sbuf_printf(b, " => %u", load_u32(p, 0));
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_QUERYBUF: case VIDIOC_QBUF: case VIDIOC_DQBUF:
		if (b && (p = ioc_in(b, c, 88)))
			put_buffer(b, c, p);
		break;
	case VIDIOC_G_FBUF: case VIDIOC_S_FBUF:
		if (b && (p = c->req == VIDIOC_G_FBUF ? ioc_out(b, c, 48) : ioc_in(b, c, 48))) {
			sbuf_printf(b, "{capability=%#x, flags=%#x, base=", load_u32(p, 0),
				    load_u32(p, 4));
			put_ptr(b, load_u64(p, 8));
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_STREAMON: case VIDIOC_STREAMOFF:
		if (b && (p = ioc_in(b, c, 4))) {
			sbuf_putc(b, '[');
			put_buf_type(b, load_u32(p, 0));
			sbuf_putc(b, ']');
		}
		break;
	case VIDIOC_G_PARM: case VIDIOC_S_PARM:
		if (b && (p = ioc_in(b, c, 204))) {
			bool set = c->req == VIDIOC_S_PARM;
			size_t mark;

			sbuf_puts(b, "{type=");
			put_buf_type(b, load_u32(p, 0));
			if (set || c->ret >= 0) {
				mark = b->len;
				sbuf_puts(b, ", ");
				if (!put_parm(b, p))
					b->len = mark;
				else if (set && c->ret >= 0) {
					sbuf_puts(b, "} => {");
					put_parm(b, p);
				}
			}
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_G_STD: case VIDIOC_S_STD:
		if (b && (p = c->req == VIDIOC_G_STD ? ioc_out(b, c, 8) : ioc_in(b, c, 8))) {
			sbuf_putc(b, '[');
			put_hex0(b, load_u64(p, 0));
			sbuf_putc(b, ']');
		}
		break;
	case VIDIOC_ENUMSTD:
		if (b && (p = ioc_in(b, c, 72))) {
			sbuf_printf(b, "{index=%u", load_u32(p, 0));
			if (c->ret >= 0) {
				put_name(b, ", name", p + 16, 24);
				sbuf_puts(b, ", ");
				put_fract(b, "frameperiod", p + 40);
				sbuf_printf(b, ", framelines=%u", load_u32(p, 48));
			}
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_ENUMINPUT:
		if (b && (p = ioc_in(b, c, 80))) {
			sbuf_printf(b, "{index=%u", load_u32(p, 0));
			if (c->ret >= 0) {
				put_name(b, ", name", p + 4, 32);
				sbuf_puts(b, ", type=");
				ENUM(b, load_u32(p, 36), xlat_v4l2_input_types, "V4L2_INPUT_TYPE_???");
			}
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_G_CTRL: case VIDIOC_S_CTRL:
		if (b && (p = ioc_in(b, c, 8))) {
			bool set = c->req == VIDIOC_S_CTRL;

			sbuf_puts(b, "{id=");
			put_cid(b, load_u32(p, 0), false);
			if (set || c->ret >= 0)
				sbuf_printf(b, ", value=%d", (int32_t)load_u32(p, 4));
			if (set && c->ret >= 0)
				sbuf_printf(b, " => %d", (int32_t)load_u32(p, 4));
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_G_TUNER: case VIDIOC_S_TUNER:
		if (b && (p = ioc_in(b, c, 84))) {
			bool set = c->req == VIDIOC_S_TUNER;

			sbuf_printf(b, "{index=%u", load_u32(p, 0));
			if (set || c->ret >= 0) {
				sbuf_puts(b, ", ");
				put_tuner_rest(b, p);
			}
			if (set && c->ret >= 0) {
				sbuf_puts(b, "} => {");
				put_tuner_rest(b, p);
			}
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_QUERYCTRL:
		if (b && (p = ioc_in(b, c, 68)))
			put_queryctrl(b, c, p);
		break;
	case VIDIOC_QUERY_EXT_CTRL:
		if (b && (p = ioc_in(b, c, 232)))
			put_query_ext_ctrl(b, c, p);
		break;
	case VIDIOC_G_INPUT: case VIDIOC_S_INPUT:
		if (b && (p = c->req == VIDIOC_G_INPUT ? ioc_out(b, c, 4) : ioc_in(b, c, 4))) {
			memcpy(&v, p, 4);
			sbuf_printf(b, "[%u]", v);
		}
		break;
	case VIDIOC_CROPCAP:
		if (b && (p = ioc_in(b, c, 44))) {
			sbuf_puts(b, "{type=");
			put_buf_type(b, load_u32(p, 0));
			if (c->ret >= 0) {
				sbuf_puts(b, ", ");
				put_rect(b, "bounds", p + 4);
				sbuf_puts(b, ", ");
				put_rect(b, "defrect", p + 20);
				sbuf_puts(b, ", ");
				put_fract(b, "pixelaspect", p + 36);
			}
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_G_CROP: case VIDIOC_S_CROP:
		if (b && (p = ioc_in(b, c, 20))) {
			sbuf_puts(b, "{type=");
			put_buf_type(b, load_u32(p, 0));
			if (c->req == VIDIOC_S_CROP || c->ret >= 0) {
				sbuf_puts(b, ", ");
				put_rect(b, "c", p + 4);
			}
			sbuf_putc(b, '}');
		}
		break;
	case VIDIOC_S_EXT_CTRLS: case VIDIOC_TRY_EXT_CTRLS: case VIDIOC_G_EXT_CTRLS:
		if (b && (p = ioc_in(b, c, 32)))
			put_ext_ctrls(b, c, p);
		break;
	case VIDIOC_ENUM_FRAMESIZES:
		if (b && (p = ioc_in(b, c, 44)))
			put_frmsize(b, c, p);
		break;
	case VIDIOC_ENUM_FRAMEINTERVALS:
		if (b && (p = ioc_in(b, c, 52)))
			put_frmival(b, c, p);
		break;
	default:
		return IOCTL_NOT_MINE;	/* named, not decoded: the number */
	}
	return IOCTL_SHOWN;
}

/* VIDIOC_CREATE_BUFS's answer, after the result as strace shows it:
 * "42 ({index=0, count=2})"; false: not that request */
bool ioctl_v4l2_result(struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	const struct cap *cp;
	const char *data;
	uint32_t v[2];

	if ((uint32_t)e->args[1] != VIDIOC_CREATE_BUFS || e->ret < 0 || !e->args[2] ||
	    !cap_find(e, size, 2, &cp, &data) || (cp->flags & CAP_FAULT) || cp->len < 256)
		return false;
	memcpy(v, data, 8);
	sbuf_printf(b, "%lld ({index=%u, count=%u})", (long long)e->ret, v[0], v[1]);
	return true;
}

const struct ioctl_dev ioctl_dev_v4l2 = {
	.names = xlat_ioctl_v4l2, .nnames = N(xlat_ioctl_v4l2), .arg = v4l2_arg,
};
