// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl requests of device families with their structs, on fd -1
 * (tests/e2e.py, test_ioctl_device_structs_like_strace): evdev, GPIO (a
 * v2 line request is 592 bytes, more than other structs' captures),
 * ATA/IDE drives, real-time clocks, PTP clocks, LIRC, watchdogs, the random device,
 * inotify, the modem lines, termios2 and termio, video4linux (an overlay's
 * clips and the extended controls, which the structs point to), TEE
 * (the invoke buffer it points to) and userfaultfd (UFFDIO_API on a real
 * userfaultfd, whose features come back changed).  Each fails with EBADF, or returns what
 * `-e inject=ioctl:retval=N` says, when strace and strobe show what the
 * call "wrote": the structs below already hold it.
 */
#include <asm/termbits.h>
#include <fcntl.h>
#include <linux/tee.h>
#include <linux/userfaultfd.h>
#include <linux/videodev2.h>
#include <linux/gpio.h>
#include <linux/hdreg.h>
#include <linux/input.h>
#include <linux/lirc.h>
#include <linux/ptp_clock.h>
#include <linux/random.h>
#include <linux/rtc.h>
#include <linux/watchdog.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void fill(void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((uint8_t *)p)[i] = 0x80 + i;
}

static void evdev(void)
{
	struct input_keymap_entry ike;
	struct ff_effect ffe;
	struct input_absinfo abs;
	struct input_id id = { 1, 2, 3, 4 };
	unsigned int keys[2] = { 0xdeadbeef, KEY_ESC };
	unsigned long bits[12] = { 1 << EV_KEY | 1 << EV_ABS | 1 << EV_LED, 0x6 };
	unsigned int slots[3] = { ABS_MT_SLOT, 1, 3 };

	fill(&ike, sizeof(ike));
	ike.keycode = KEY_1;
	fill(&ffe, sizeof(ffe));
	fill(&abs, sizeof(abs));
	ioctl(-1, EVIOCSKEYCODE, keys);
	ioctl(-1, EVIOCSKEYCODE_V2, &ike);
	ffe.type = FF_PERIODIC;
	ioctl(-1, EVIOCSFF, &ffe);
	ffe.type = FF_RUMBLE;
	ioctl(-1, EVIOCSFF, &ffe);
	ioctl(-1, EVIOCGID, &id);
	ioctl(-1, EVIOCGABS(ABS_Y), &abs);
	ioctl(-1, EVIOCGBIT(0, 0), bits);
	ioctl(-1, EVIOCGBIT(EV_KEY, 16), bits);
	ioctl(-1, EVIOCGMTSLOTS(12), slots);
}

static void gpio(void)
{
	struct gpiochip_info chip = { .lines = 8 };
	struct gpioline_info line = { .line_offset = 3, .flags = GPIOLINE_FLAG_ACTIVE_LOW };
	struct gpiohandle_request hr = { .lines = 3, .lineoffsets = { 4, 5, 6 },
					 .default_values = { 1, 0, 1 },
					 .flags = GPIOHANDLE_REQUEST_OUTPUT, .fd = 9 };
	struct gpio_v2_line_request lr = { .offsets = { 7, 8 }, .num_lines = 2, .fd = 10 };
	struct gpio_v2_line_config cfg = { .flags = GPIO_V2_LINE_FLAG_INPUT, .num_attrs = 2 };
	struct gpio_v2_line_values vals = { .bits = 0x5, .mask = 0xf };

	strcpy(chip.name, "gpiochip0");
	strcpy(chip.label, "strobe");
	strcpy(line.name, "led");
	strcpy(hr.consumer_label, "test");
	strcpy(lr.consumer, "v2");
	lr.config.num_attrs = 1;
	lr.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
	lr.config.attrs[0].attr.debounce_period_us = 100;
	lr.config.attrs[0].mask = 1;
	cfg.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
	cfg.attrs[0].attr.values = 3;
	cfg.attrs[1].attr.id = GPIO_V2_LINE_ATTR_ID_FLAGS;
	cfg.attrs[1].attr.flags = GPIO_V2_LINE_FLAG_OUTPUT | (1ULL << 40);
	ioctl(-1, GPIO_GET_CHIPINFO_IOCTL, &chip);
	ioctl(-1, GPIO_GET_LINEINFO_IOCTL, &line);
	ioctl(-1, GPIO_GET_LINEHANDLE_IOCTL, &hr);
	ioctl(-1, GPIO_V2_GET_LINE_IOCTL, &lr);
	ioctl(-1, GPIO_V2_LINE_SET_CONFIG_IOCTL, &cfg);
	ioctl(-1, GPIO_V2_LINE_GET_VALUES_IOCTL, &vals);
	ioctl(-1, GPIO_V2_LINE_SET_VALUES_IOCTL, &vals);
}

static void hdio(void)
{
	struct hd_geometry geo = { 16, 63, 1024, 2048 };
	unsigned char cmd[4 + 40] = { 0xca, 1, 2, 0 };
	int args[3] = { 1, 2, 3 };
	unsigned long v = 7;

	ioctl(-1, HDIO_GETGEO, &geo);
	ioctl(-1, HDIO_DRIVE_CMD, cmd);
	ioctl(-1, HDIO_DRIVE_RESET, args);
	ioctl(-1, HDIO_GET_DMA, &v);
	ioctl(-1, HDIO_SET_DMA, 1UL);
	ioctl(-1, HDIO_SET_NICE, 0x13UL);
	ioctl(-1, HDIO_SET_BUSSTATE, 2UL);
	ioctl(-1, HDIO_GET_QDMA, 0);
}

static void rtc(void)
{
	struct rtc_time tm = { 1, 2, 3, 4, 5, 126, 6, 7, 0 };
	struct rtc_wkalrm wk = { .enabled = 1, .time = tm };
	struct rtc_pll_info pll = { 1, 2, 3, 4, 5, 6, 7 };
	struct rtc_param param = { .param = RTC_PARAM_FEATURES, .uvalue = 0x25, .index = 1 };
	unsigned int vl = RTC_VL_BACKUP_LOW;

	ioctl(-1, RTC_AIE_ON, 0);
	ioctl(-1, RTC_IRQP_SET, 64UL);
	ioctl(-1, RTC_SET_TIME, &tm);
	ioctl(-1, RTC_RD_TIME, &tm);
	ioctl(-1, RTC_WKALM_SET, &wk);
	ioctl(-1, RTC_PLL_SET, &pll);
	ioctl(-1, RTC_VL_READ, &vl);
	ioctl(-1, RTC_PARAM_SET, &param);
	param.param = RTC_PARAM_BACKUP_SWITCH_MODE;
	param.uvalue = 2;
	ioctl(-1, RTC_PARAM_GET, &param);
}

static void ptp(void)
{
	struct ptp_extts_request ext = { .index = 2, .flags = PTP_ENABLE_FEATURE | 0x100,
					 .rsv = { 0, 5 } };
	struct ptp_perout_request per = { .start = { 1800000000, 5 }, .period = { 1, 0 },
					  .index = 1, .flags = PTP_PEROUT_DUTY_CYCLE,
					  .on = { .sec = 0, .nsec = 500 } };
	struct ptp_sys_offset off = { .n_samples = 2 };
	struct ptp_pin_desc pin = { .name = "SDP0", .index = 3, .func = PTP_PF_PEROUT };

	for (int i = 0; i < 5; i++)
		off.ts[i].sec = 1800000000 + i;
	ioctl(-1, PTP_EXTTS_REQUEST2, &ext);
	ioctl(-1, PTP_PEROUT_REQUEST, &per);
	ioctl(-1, PTP_SYS_OFFSET, &off);
	ioctl(-1, PTP_PIN_GETFUNC, &pin);
	ioctl(-1, PTP_PIN_SETFUNC2, &pin);
}

static void chardevs(void)
{
	unsigned int mode = LIRC_MODE_MODE2, features = LIRC_CAN_SEND_PULSE | LIRC_CAN_REC_MODE2;
	unsigned int lines = TIOCM_DTR | TIOCM_RTS | 0x100000;
	int timeout = 30;
	struct termios2 t2;
	struct termio tio;
	union {
		struct rand_pool_info info;
		char space[sizeof(struct rand_pool_info) + 8];
	} u = { .info = { .entropy_count = 3, .buf_size = 8 } };

	memcpy(u.info.buf, "entropy!", 8);
	ioctl(-1, LIRC_SET_REC_MODE, &mode);
	mode = 3;
	ioctl(-1, LIRC_SET_SEND_MODE, &mode);
	ioctl(-1, LIRC_GET_FEATURES, &features);
	ioctl(-1, WDIOC_SETTIMEOUT, &timeout);
	ioctl(-1, WDIOC_KEEPALIVE, 0);
	ioctl(-1, RNDADDENTROPY, &u.info);
	ioctl(-1, RNDCLEARPOOL, 0);
	ioctl(-1, _IOW('I', 0, int), -5L);		/* INOTIFY_IOC_SETNEXTWD */
	ioctl(-1, TIOCMBIS, &lines);
	fill(&t2, sizeof(t2));
	ioctl(-1, TCSETS2, &t2);
	ioctl(-1, TCSETSW, &t2);
	fill(&tio, sizeof(tio));
	ioctl(-1, TCSETA, &tio);
	ioctl(-1, TIOCMGET, &lines);
}

/* the last n bytes of a page followed by an unmapped one */
static void *page_end(size_t n)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	munmap(p + 4096, 4096);
	return p + 4096 - n;
}

static void v4l2(void)
{
	struct v4l2_format f;
	struct v4l2_clip *clips = page_end(2 * sizeof(*clips));
	struct v4l2_ext_controls ec = { .ctrl_class = V4L2_CTRL_CLASS_USER, .count = 2 };
	struct v4l2_ext_control *ctl = page_end(2 * sizeof(*ctl));
	char *text = page_end(3);
	struct v4l2_create_buffers cb;
	struct v4l2_fmtdesc fd;
	struct v4l2_buffer buf;
	struct v4l2_queryctrl qc;
	struct v4l2_capability cap;
	int type = V4L2_BUF_TYPE_VIDEO_CAPTURE;

	if (!clips || !ctl || !text)
		return;
	fill(&cap, sizeof(cap));
	memcpy(cap.driver, "vivid", 6);
	ioctl(-1, VIDIOC_QUERYCAP, &cap);
	fill(&fd, sizeof(fd));
	fd.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
	fd.pixelformat = V4L2_PIX_FMT_YUYV;
	ioctl(-1, VIDIOC_ENUM_FMT, &fd);
	fill(&f, sizeof(f));
	f.type = V4L2_BUF_TYPE_VIDEO_OVERLAY;
	f.fmt.win.field = V4L2_FIELD_ANY;
	f.fmt.win.clips = clips;
	f.fmt.win.clipcount = 3;	/* the third is past the page */
	f.fmt.win.bitmap = NULL;
	fill(clips, 2 * sizeof(*clips));
	ioctl(-1, VIDIOC_S_FMT, &f);
	f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
	f.fmt.pix.pixelformat = V4L2_PIX_FMT_MJPEG;
	f.fmt.pix.field = V4L2_FIELD_NONE;
	f.fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
	ioctl(-1, VIDIOC_TRY_FMT, &f);
	ioctl(-1, VIDIOC_G_FMT, &f);
	fill(&cb, sizeof(cb));
	cb.memory = V4L2_MEMORY_MMAP;
	cb.format.type = V4L2_BUF_TYPE_META_CAPTURE;
	ioctl(-1, VIDIOC_CREATE_BUFS, &cb);
	fill(&buf, sizeof(buf));
	buf.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
	buf.memory = V4L2_MEMORY_MMAP;
	buf.flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | 0x200000;
	ioctl(-1, VIDIOC_DQBUF, &buf);
	fill(&qc, sizeof(qc));
	qc.id = V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CID_SATURATION;
	qc.type = V4L2_CTRL_TYPE_INTEGER;
	ioctl(-1, VIDIOC_QUERYCTRL, &qc);
	ioctl(-1, VIDIOC_STREAMON, &type);
	ioctl(-1, VIDIOC_OVERLAY, 0);
	ctl[0] = (struct v4l2_ext_control){ .id = V4L2_CID_BRIGHTNESS, .value64 = -2 };
	ctl[1] = (struct v4l2_ext_control){ .id = V4L2_CID_CONTRAST, .size = 3, .string = text };
	memcpy(text, "ab", 3);
	ec.controls = ctl;
	ioctl(-1, VIDIOC_S_EXT_CTRLS, &ec);
	ec.count = 3;			/* the third is past the page */
	ioctl(-1, VIDIOC_TRY_EXT_CTRLS, &ec);
	ioctl(-1, VIDIOC_G_EXT_CTRLS, &ec);
}

static void tee_uffd(void)
{
	struct {
		struct tee_ioctl_invoke_arg arg;
		struct tee_ioctl_param params[2];
	} inv = { .arg = { .func = 7, .session = 0x2a, .num_params = 2 },
		  .params = { { .attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, .a = 1, .b = 2 },
			      { .attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, .c = 3 } } };
	struct tee_ioctl_buf_data bd = { .buf_ptr = (uintptr_t)&inv, .buf_len = sizeof(inv) };
	struct tee_ioctl_cancel_arg cancel = { 5, 6 };
	struct {
		struct tee_ioctl_open_session_arg arg;
		struct tee_ioctl_param params[1];
	} os = { .arg = { .uuid = { 0xde, 0xad }, .clnt_login = TEE_IOCTL_LOGIN_GROUP,
			  .clnt_uuid = { 7 }, .session = 9, .ret = 2, .ret_origin = 3,
			  .num_params = 1 },
		 .params = { { .attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT |
				       TEE_IOCTL_PARAM_ATTR_META, .a = 5 } } };
	struct tee_ioctl_version_data ver = { TEE_IMPL_ID_OPTEE, 3, TEE_GEN_CAP_GP | 0x100 };
	struct tee_ioctl_shm_alloc_data shm = { 0x1000, 0x81, 4 };
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_range range = { 0x10000, 0x1000 };
	int fd = syscall(SYS_userfaultfd, O_NONBLOCK | O_CLOEXEC);

	ioctl(-1, TEE_IOC_INVOKE, &bd);
	bd.buf_len--;			/* not what num_params says: the address */
	ioctl(-1, TEE_IOC_INVOKE, &bd);
	ioctl(-1, TEE_IOC_CANCEL, &cancel);
	bd.buf_ptr = (uintptr_t)&os;
	bd.buf_len = sizeof(os);
	ioctl(-1, TEE_IOC_OPEN_SESSION, &bd);
	ioctl(-1, TEE_IOC_VERSION, &ver);
	ioctl(-1, TEE_IOC_SHM_ALLOC, &shm);
	ioctl(-1, UFFDIO_WAKE, &range);
	if (fd >= 0) {
		ioctl(fd, UFFDIO_API, &api);	/* the kernel answers its features */
		close(fd);
	}
}

int main(void)
{
	evdev();
	gpio();
	hdio();
	rtc();
	ptp();
	chardevs();
	v4l2();
	tee_uffd();
	return 0;
}
