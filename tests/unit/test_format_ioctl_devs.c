/*
 * Whole lines for ioctl requests of device families (src/decode/ioctl_*.c)
 * in each -X style.  The expected lines are the ones strace 6.1's own
 * tests print for the same values (tests/ioctl_evdev.c, ioctl_hdio.c,
 * ioctl_rtc.c, ioctl_tiocm.c, ioctl_gpio.c, ioctl_kd.c, ioctl_v4l2.c), padded as
 * strace pads them.
 */
#include <stdint.h>
#include <stdlib.h>

#include "modes.h"

#define BUF 0x7ffc1000a000ull	/* some stack buffer */
#define NEG(n) ((uint64_t)(int64_t)(n))
#define EBADF_ NEG(-9)

static const struct row ioctls[] = {
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x40084504, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint32_t, { 0xdeadbeef, 1 }) } },
	  .def = "ioctl(-1, EVIOCSKEYCODE, [3735928559, KEY_ESC]) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x40084504, [3735928559, 0x1]) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x40084504 /* EVIOCSKEYCODE */, [3735928559, 0x1 /* KEY_ESC */]) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x329, 0xfacefeedded2ffffull }, .ret = EBADF_ },
	  .def = "ioctl(-1, HDIO_SET_NICE, 1 << IDE_NICE_DSC_OVERLAP|1 << IDE_NICE_ATAPI_OVERLAP|1 << IDE_NICE_1|1 << IDE_NICE_0|1 << IDE_NICE_2|0xfacefeedded2ffe0) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x329, 0xfacefeedded2ffff)    = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x329 /* HDIO_SET_NICE */, 0xfacefeedded2ffff /* 1 << IDE_NICE_DSC_OVERLAP|1 << IDE_NICE_ATAPI_OVERLAP|1 << IDE_NICE_1|1 << IDE_NICE_0|1 << IDE_NICE_2|0xfacefeedded2ffe0 */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x7002, 0xdeadbeefbadc0dedull }, .ret = EBADF_ },
	  .def = "ioctl(-1, RTC_AIE_OFF)                  = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x7002)                       = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x7002 /* RTC_AIE_OFF */)     = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x5416, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint32_t, { 0xffff1e00 }) } },
	  .def = "ioctl(-1, TIOCMBIS, [0xffff1e00 /* TIOCM_??? */]) = -1 EBADF (Bad file descriptor)",
	  /* (ioctl_tiocm.c's XLAT_SEL and XLAT_UNKNOWN in these styles) */
	  .raw = "ioctl(-1, 0x5416, [0xffff1e00])         = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x5416 /* TIOCMBIS */, [0xffff1e00 /* TIOCM_??? */]) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x8044b401, 0 }, .ret = EBADF_ },
	  .def = "ioctl(-1, GPIO_GET_CHIPINFO_IOCTL, NULL) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x8044b401, NULL)             = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x8044b401 /* GPIO_GET_CHIPINFO_IOCTL */, NULL) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b30, 0xdeadfaceull }, .ret = EBADF_ },
	  .def = "ioctl(-1, KDMKTONE, 57005<<16|64206 /* 18 Hz, 57005 ms */) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b30, 57005<<16|64206)      = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b30 /* KDMKTONE */, 57005<<16|64206 /* 18 Hz, 57005 ms */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b32, 0xdeadc0defeedfaceull }, .ret = EBADF_ },
	  .def = "ioctl(-1, KDSETLED, LED_NUM|LED_CAP|0xc8) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b32, 0xce)                 = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b32 /* KDSETLED */, 0xce /* LED_NUM|LED_CAP|0xc8 */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b44, BUF }, .ret = 42,
		 .cap = { CAP_ARR(2, uint32_t, { 0xfeeddead }) } },
	  .def = "ioctl(-1, KDGKBMODE, [-17965395 /* K_??? */]) = 42",
	  .raw = "ioctl(-1, 0x4b44, [-17965395])          = 42",
	  .verb = "ioctl(-1, 0x4b44 /* KDGKBMODE */, [-17965395 /* K_??? */]) = 42" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b34, 0x3c0 }, .ret = EBADF_ },
	  .def = "ioctl(-1, KDADDIO, 0x3c0 /* GPFIRST + 12 */) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b34, 0x3c0)                = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b34 /* KDADDIO */, 0x3c0 /* GPFIRST + 12 */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b41, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint64_t, { 0, 0, 0, 0, 0 }) } },
	  .def = "ioctl(-1, PIO_SCRNMAP, \"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\"...) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b41, \"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\"...) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b41 /* PIO_SCRNMAP */, \"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\"...) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b47, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint8_t, { 0xa8, 3, 0x5c, 0xd }) } },
	  .def = "ioctl(-1, KDSKBENT, {kb_table=1<<KG_ALT|1<<KG_SHIFTR|1<<KG_CTRLR, kb_index=3, kb_value=0xd5c /* K(KT_DEAD2, '\\\\') */}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b47, {kb_table=0xa8, kb_index=3, kb_value=0xd5c}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b47 /* KDSKBENT */, {kb_table=0xa8 /* 1<<KG_ALT|1<<KG_SHIFTR|1<<KG_CTRLR */, kb_index=3, kb_value=0xd5c /* K(KT_DEAD2, '\\\\') */}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b49, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, char, { 0x19, 'l', 's', 0, 'x' }) } },
	  .def = "ioctl(-1, KDSKBSENT, {kb_func=KVAL(K_PGDN), kb_string=\"ls\"}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b49, {kb_func=0x19, kb_string=\"ls\"}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b49 /* KDSKBSENT */, {kb_func=0x19 /* KVAL(K_PGDN) */, kb_string=\"ls\"}) = -1 EBADF (Bad file descriptor)",
	  .xx = "ioctl(-1, KDSKBSENT, {kb_func=KVAL(K_PGDN), kb_string=\"\\x6c\\x73\"}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b4b, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint8_t, { 2, 0, 0, 0, '\n', '\\', 0xff, 'a', '"', 0 }) } },
	  .def = "ioctl(-1, KDSKBDIACR, {kb_cnt=2, kbdiacr=[{diacr='\\n', base='\\\\', result='\\xff'}, {diacr='a', base='\"', result='\\x00'}]}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b4b, {kb_cnt=2, kbdiacr=[{diacr='\\n', base='\\\\', result='\\xff'}, {diacr='a', base='\"', result='\\x00'}]}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b4b /* KDSKBDIACR */, {kb_cnt=2, kbdiacr=[{diacr='\\n', base='\\\\', result='\\xff'}, {diacr='a', base='\"', result='\\x00'}]}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b52, BUF }, .ret = 0,
		 .cap = { CAP_ARR(2, int32_t, { -1234567890, 0 }) } },
	  .def = "ioctl(-1, KDKBDREP, {delay=-1234567890, period=0} => {delay=-1234567890, period=0}) = 0",
	  .raw = "ioctl(-1, 0x4b52, {delay=-1234567890, period=0} => {delay=-1234567890, period=0}) = 0",
	  .verb = "ioctl(-1, 0x4b52 /* KDKBDREP */, {delay=-1234567890, period=0} => {delay=-1234567890, period=0}) = 0" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b65, 0xfe }, .ret = EBADF_ },
	  .def = "ioctl(-1, KDSKBLED, LED_NUM|LED_CAP|LED_SCR<<4|LED_NUM<<4|LED_CAP<<4|0x88) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b65, 0xfe)                 = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b65 /* KDSKBLED */, 0xfe /* LED_NUM|LED_CAP|LED_SCR<<4|LED_NUM<<4|LED_CAP<<4|0x88 */) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b66, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint64_t, { 0xdead, 0 }) } },
	  .def = "ioctl(-1, GIO_UNIMAP, {entry_ct=57005 => 57005, entries=NULL}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b66, {entry_ct=57005 => 57005, entries=NULL}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b66 /* GIO_UNIMAP */, {entry_ct=57005 => 57005, entries=NULL}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4b72, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint32_t, { 3, 0, 1, 0, 0, 0, 0, 0 }) } },
	  .def = "ioctl(-1, KDFONTOP, {op=KD_FONT_OP_COPY, height=0}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4b72, {op=0x3, height=0})   = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4b72 /* KDFONTOP */, {op=0x3 /* KD_FONT_OP_COPY */, height=0}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0x4bfb, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint32_t, { 1, 0x80a0c0e0, 0x80a0c0e1, 0x80a0c0e2 }) } },
	  .def = "ioctl(-1, KDSKBDIACRUC, {kb_cnt=1, kbdiacruc=[{diacr=0x80a0c0e0, base=0x80a0c0e1, result=0x80a0c0e2}]}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0x4bfb, {kb_cnt=1, kbdiacruc=[{diacr=0x80a0c0e0, base=0x80a0c0e1, result=0x80a0c0e2}]}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0x4bfb /* KDSKBDIACRUC */, {kb_cnt=1, kbdiacruc=[{diacr=0x80a0c0e0, base=0x80a0c0e1, result=0x80a0c0e2}]}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0xc008561b, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint32_t, { 0xa31234, 0 }) } },
	  .def = "ioctl(-1, VIDIOC_G_CTRL, {id=V4L2_CTRL_CLASS_DETECT+0x1234}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0xc008561b, {id=0xa31234})    = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0xc008561b /* VIDIOC_G_CTRL */, {id=0xa31234 /* V4L2_CTRL_CLASS_DETECT+0x1234 */}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0xc0445624, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint32_t, { 0x9b9a9998, [16] = 0 }) } },
	  .def = "ioctl(-1, VIDIOC_QUERYCTRL, {id=V4L2_CTRL_FLAG_NEXT_CTRL|0x1b9a9998 /* V4L2_CID_??? */}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0xc0445624, {id=0x9b9a9998})  = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0xc0445624 /* VIDIOC_QUERYCTRL */, {id=0x80000000 /* V4L2_CTRL_FLAG_NEXT_CTRL */|0x1b9a9998 /* V4L2_CID_??? */}) = -1 EBADF (Bad file descriptor)" },
	{ .c = { .nr = SYS_ioctl, .a = { NEG(-1), 0xc02c564a, BUF }, .ret = EBADF_,
		 .cap = { CAP_ARR(2, uint32_t, { 0xdeadbeef, 0xfa5c2741, [10] = 0 }) } },
	  .def = "ioctl(-1, VIDIOC_ENUM_FRAMESIZES, {index=3735928559, pixel_format=v4l2_fourcc('A', '\\'', '\\\\', '\\xfa')}) = -1 EBADF (Bad file descriptor)",
	  .raw = "ioctl(-1, 0xc02c564a, {index=3735928559, pixel_format=0xfa5c2741}) = -1 EBADF (Bad file descriptor)",
	  .verb = "ioctl(-1, 0xc02c564a /* VIDIOC_ENUM_FRAMESIZES */, {index=3735928559, pixel_format=v4l2_fourcc('A', '\\'', '\\\\', '\\xfa')}) = -1 EBADF (Bad file descriptor)" },
};

int main(void)
{
	RUN_ROWS(ioctls);
	return CHECK_BUG_REPORT();
}
