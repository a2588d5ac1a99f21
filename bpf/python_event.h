/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Python frames in profile samples, shared by bpf/py_walk.bpf.inc and
 * src/python/.  User space finds a CPython interpreter in a process, and
 * puts where its interpreter list is and how its structures are laid out
 * (struct py_proc) in the pyprocs map under the process's tgid; the
 * sampling program then walks the sampled thread's frame chain and
 * appends py_len bytes of struct py_frame (innermost first) to the sample.
 */
#ifndef STROBE_PYTHON_EVENT_H
#define STROBE_PYTHON_EVENT_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

#define PY_MAX_FRAMES 128
#define PY_WINDOW 128		/* bytes of a frame read at once */
#define PY_MAX_THREADS 128	/* thread states looked at per sample */

/* How the frames of one C-level evaluation are marked. */
enum py_kind {
	PYK_FRAMEOBJ = 1,	/* <= 3.10: PyFrameObject, one per eval call;
				 * instr is f_lasti (an int) */
	PYK_IS_ENTRY = 2,	/* 3.11: _PyInterpreterFrame, flag byte is_entry
				 * on the outermost frame of an eval call */
	PYK_SHIM = 3,		/* 3.12+: a frame whose owner byte is 3
				 * (FRAME_OWNED_BY_CSTACK) sits under each eval
				 * call's frames, and is not Python code */
};

struct py_proc {
	__u64 head;		/* address of the first interpreter's pointer */
	__u8 kind;		/* enum py_kind */
	__u8 frame_span;		/* bytes of the window a frame needs */
	__u16 interp_tstate_head;	/* interpreter -> first thread state */
	__u16 tstate_next;
	__u16 tstate_thread_id;		/* pthread_self() of the thread */
	__u16 tstate_frame;		/* -> frame, or -> cframe */
	__u16 cframe_frame;		/* cframe -> frame; 0xffff: no cframe */
	__u16 frame_win;		/* the window read starts here... */
	__u16 frame_code;		/* ...and these are relative to it */
	__u16 frame_back;
	__u16 frame_instr;
	__u16 frame_flag;		/* is_entry or owner (one byte) */
	__u16 instr_size;		/* 4: an int f_lasti; 8: a pointer */
	__u16 code_names;		/* code -> co_filename, co_name after it */
	__u16 interp_gil;		/* interpreter -> its GIL (a pointer, 3.12+);
					 * 0xffff: gil below is the GIL */
	__u16 gil_holder;		/* in the GIL: the thread state last to take it */
	__u16 gil_locked;		/* ...and whether it is taken now (an int) */
	__u64 gil;			/* the GIL (in _PyRuntime, 3.7-3.11); 0: see
					 * interp_gil, or not known (3.6) */
};

/* py_frame.code's top byte: the frame's flag byte (is_entry or owner) */
#define PY_FLAG_SHIFT 56
#define PY_ADDR_MASK ((1ull << PY_FLAG_SHIFT) - 1)

struct py_frame {
	__u64 code;		/* PyCodeObject *, flag byte << PY_FLAG_SHIFT */
	__u64 instr;		/* f_lasti, or the instruction pointer */
	__u64 sig;		/* the code's co_filename + 3 * co_name pointers:
				 * a code object freed and another made at its
				 * address (modules after import) differ here */
};

/* Why a sample of a Python process has no Python frames (prof_sample.py_state) */
enum py_state {
	PYS_NONE = 0,		/* not a Python process (as far as known) */
	PYS_OK = 1,
	PYS_NO_TSTATE = 2,	/* the thread has no Python thread state */
	PYS_READ_FAILED = 3,
	PYS_TRUNCATED = 4,	/* more than PY_MAX_FRAMES frames */
};

#endif
