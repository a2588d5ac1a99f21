// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl requests of device families with their structs, on fd -1
 * (tests/e2e.py, test_ioctl_device_structs_like_strace): evdev, GPIO (a
 * v2 line request is 592 bytes, more than other structs' captures),
 * ATA/IDE drives, real-time clocks, PTP clocks, LIRC, watchdogs, the random device,
 * inotify, the modem lines, termios2 and termio.  Each fails with EBADF, or returns what
 * `-e inject=ioctl:retval=N` says, when strace and strobe show what the
 * call "wrote": the structs below already hold it.
 */
#include <asm/termbits.h>
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

int main(void)
{
	evdev();
	gpio();
	hdio();
	rtc();
	ptp();
	chardevs();
	return 0;
}
