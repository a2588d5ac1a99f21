// SPDX-License-Identifier: GPL-2.0
/*
 * Where CPython keeps what a profiler reads, per version (x86_64, release
 * builds).  These are facts of each version's headers: offsetof() of the
 * fields below compiled against the headers of 3.6.15, 3.7.16, 3.8.18,
 * 3.9.18, 3.10.13, 3.11.2 (Debian 12) and 3.11.7, 3.12.1 and 3.13.0, and
 * checked by tests/scripts/py_layout.py against each interpreter found on the
 * machine, from inside it (ctypes reads its own thread states, frames and
 * code objects).  3.11 and older have no _Py_DebugOffsets to read them from.
 *
 * The chain walked: the interpreter list's head (in _PyRuntime from 3.7;
 * the static interp_head in 3.6) -> the first interpreter's thread states
 * (next, thread_id) -> the thread's innermost frame (3.11 and 3.12 through
 * the _PyCFrame) -> frames by their back pointers, each naming its code
 * object and its last instruction.
 *
 * --gil reads the GIL (struct _gil_runtime_state: last_holder @8, locked
 * @16 in 3.7-3.13): _PyRuntime.ceval.gil in 3.7-3.11; from 3.12 each
 * interpreter may have its own, and the interpreter's ceval.gil points to
 * it (the main interpreter's own _gil).  3.6 keeps it in static variables
 * of ceval.c, out of reach.  Not gilstate.tstate_current (3.11 and older):
 * 3.12 made it a thread-local, and one rule for every version is simpler.
 * Thread names (threads.c) come from the threading module's objects, read
 * as the interpreter itself would: the interpreter's sys.modules dict
 * (PyInterpreterState.modules to 3.11, .imports.modules from 3.12) ->
 * "threading" -> its md_dict (@16 in PyModuleObject) -> "_active", a dict
 * of Thread objects -> each one's "_name" (a str) and "_native_id" (an
 * int: the thread's tid, set from 3.8).  Facts of those objects, the same
 * from 3.8 to 3.13 unless said:
 *   PyTypeObject: tp_basicsize @32, tp_flags @168, tp_dictoffset @288;
 *     Py_TPFLAGS_MANAGED_DICT 1<<4 (3.11+), Py_TPFLAGS_INLINE_VALUES 1<<2
 *     (3.13); PyHeapTypeObject.ht_cached_keys below (the keys that
 *     instances of a class share).
 *   PyDictObject: ma_used @16, ma_keys @32, ma_values @40 (split tables).
 *   PyDictKeysObject to 3.10: dk_size @8, dk_nentries @32, indices @40
 *     (1, 2, 4 or 8 bytes each as dk_size is under 2^8, 2^16, 2^32), then
 *     entries {hash, key, value} of 24 bytes.  From 3.11: dk_log2_size @8,
 *     dk_log2_index_bytes @9, dk_kind @10 (0 general, 1 unicode, 2 split),
 *     dk_nentries @24, indices @32 (1 << dk_log2_index_bytes bytes), then
 *     entries {hash, key, value} (general) or {key, value} (16 bytes).
 *   PyDictValues: the values from @0; 3.13: {capacity, size, embedded,
 *     valid} bytes, values from @8.
 *   An instance's attributes: to 3.10 the dict at tp_dictoffset; 3.11 the
 *     values pointer at -32 and the dict pointer at -24 from the object;
 *     3.12 one word at -24, values + 1 (bit 0 set) or a dict; 3.13 the
 *     dict pointer at -24, else values inline at tp_basicsize.  Values go
 *     with the class's ht_cached_keys.
 *   PyLongObject: 30-bit digits (uint32) from @24; the digit count and
 *     sign in ob_size @16 to 3.11, from 3.12 in lv_tag @16 (count << 3,
 *     sign 0 positive, 1 zero, 2 negative in the low bits).
 */
#include <string.h>

#include "python.h"

/* Layouts of the frame object (<= 3.10) or interpreter frame (3.11+). */
#define FRAMEOBJ(lasti) .kind = PYK_FRAMEOBJ, .cframe_frame = -1, .frame_back = 24, \
	.frame_code = 32, .frame_instr = (lasti), .frame_flag = -1, .instr_size = 4, \
	.code_adaptive = -1, .ascii_size = 48, .compact_size = 72, .interp_gil = -1, \
	.gil_holder = 8, .gil_locked = 16

const struct py_layout py_layouts[] = {
	{ 3, 6, FRAMEOBJ(120), .lines = PYL_LNOTAB, .lasti_unit = 1,
	  .interp_modules = -1, .heap_cached_keys = -1,
	  .runtime_interp_head = -1, .interp_tstate_head = 8, .tstate_next = 8,
	  .tstate_thread_id = 152, .tstate_frame = 24, .runtime_gil = -1,
	  .code_filename = 96, .code_name = 104, .code_firstlineno = 36, .code_linetable = 112 },
	{ 3, 7, FRAMEOBJ(104), .lines = PYL_LNOTAB, .lasti_unit = 1,
	  .interp_modules = -1, .heap_cached_keys = -1,
	  .runtime_interp_head = 24, .interp_tstate_head = 8, .tstate_next = 8,
	  .tstate_thread_id = 176, .tstate_frame = 24, .runtime_gil = 1264,
	  .code_filename = 96, .code_name = 104, .code_firstlineno = 36, .code_linetable = 112 },
	{ 3, 8, FRAMEOBJ(104), .lines = PYL_LNOTAB, .lasti_unit = 1,
	  .interp_modules = 56, .heap_cached_keys = 872,
	  .runtime_interp_head = 32, .interp_tstate_head = 8, .tstate_next = 8,
	  .tstate_thread_id = 176, .tstate_frame = 24, .runtime_gil = 1152,
	  .code_filename = 104, .code_name = 112, .code_firstlineno = 40, .code_linetable = 120 },
	{ 3, 9, FRAMEOBJ(104), .lines = PYL_LNOTAB, .lasti_unit = 1,
	  .interp_modules = 856, .heap_cached_keys = 864,
	  .runtime_interp_head = 32, .interp_tstate_head = 8, .tstate_next = 8,
	  .tstate_thread_id = 176, .tstate_frame = 24, .runtime_gil = 352,
	  .code_filename = 104, .code_name = 112, .code_firstlineno = 40, .code_linetable = 120 },
	/* 3.10: f_lasti counts 2-byte code units */
	{ 3, 10, FRAMEOBJ(96), .lines = PYL_310, .lasti_unit = 2,
	  .interp_modules = 856, .heap_cached_keys = 872,
	  .runtime_interp_head = 32, .interp_tstate_head = 8, .tstate_next = 8,
	  .tstate_thread_id = 176, .tstate_frame = 24, .runtime_gil = 352,
	  .code_filename = 104, .code_name = 112, .code_firstlineno = 40, .code_linetable = 120 },
	/* 3.11: _PyInterpreterFrame {f_code @32, previous @48, prev_instr @56,
	 * is_entry @68}; the thread's _PyCFrame @56 -> current_frame @8 */
	{ 3, 11, .kind = PYK_IS_ENTRY, .lines = PYL_LOCATIONS,
	  .interp_modules = 888, .heap_cached_keys = 872,
	  .runtime_interp_head = 40, .interp_tstate_head = 16, .tstate_next = 8,
	  .tstate_thread_id = 152, .tstate_frame = 56, .cframe_frame = 8,
	  .frame_code = 32, .frame_back = 48, .frame_instr = 56, .frame_flag = 68,
	  .instr_size = 8, .code_filename = 112, .code_name = 120, .code_firstlineno = 72,
	  .code_linetable = 136, .code_adaptive = 184, .ascii_size = 48, .compact_size = 72,
	  .runtime_gil = 360, .interp_gil = -1, .gil_holder = 8, .gil_locked = 16 },
	/* 3.12: {f_code @0, previous @8, prev_instr @56, owner @70} */
	{ 3, 12, .kind = PYK_SHIM, .lines = PYL_LOCATIONS,
	  .interp_modules = 944, .heap_cached_keys = 880,
	  .runtime_interp_head = 40, .interp_tstate_head = 72, .tstate_next = 8,
	  .tstate_thread_id = 136, .tstate_frame = 56, .cframe_frame = 0,
	  .frame_code = 0, .frame_back = 8, .frame_instr = 56, .frame_flag = 70,
	  .instr_size = 8, .code_filename = 112, .code_name = 120, .code_firstlineno = 68,
	  .code_linetable = 136, .code_adaptive = 192, .ascii_size = 40, .compact_size = 56,
	  .runtime_gil = -1, .interp_gil = 384, .gil_holder = 8, .gil_locked = 16 },
	/* 3.13: {f_executable @0, previous @8, instr_ptr @56, owner @70}; no
	 * _PyCFrame; _PyRuntime starts with _Py_DebugOffsets */
	{ 3, 13, .kind = PYK_SHIM, .lines = PYL_LOCATIONS,
	  .interp_modules = 7656, .heap_cached_keys = 880,
	  .runtime_interp_head = 632, .interp_tstate_head = 7344, .tstate_next = 8,
	  .tstate_thread_id = 152, .tstate_frame = 72, .cframe_frame = -1,
	  .frame_code = 0, .frame_back = 8, .frame_instr = 56, .frame_flag = 70,
	  .instr_size = 8, .code_filename = 112, .code_name = 120, .code_firstlineno = 68,
	  .code_linetable = 136, .code_adaptive = 200, .ascii_size = 40, .compact_size = 56,
	  .runtime_gil = -1, .interp_gil = 16, .gil_holder = 8, .gil_locked = 16 },
};
const int py_nlayouts = sizeof(py_layouts) / sizeof(py_layouts[0]);

const struct py_layout *py_layout_find(int major, int minor)
{
	for (int i = 0; i < py_nlayouts; i++)
		if (py_layouts[i].major == major && py_layouts[i].minor == minor)
			return &py_layouts[i];
	return NULL;
}

void py_layout_bpf(const struct py_layout *l, uint64_t head, uint64_t runtime,
		   struct py_proc *o)
{
	int lo = l->frame_code, hi;

	memset(o, 0, sizeof(*o));
	o->head = head;
	o->kind = l->kind;
	o->interp_tstate_head = l->interp_tstate_head;
	o->tstate_next = l->tstate_next;
	o->tstate_thread_id = l->tstate_thread_id;
	o->tstate_frame = l->tstate_frame;
	o->cframe_frame = l->cframe_frame < 0 ? 0xffff : l->cframe_frame;
	/* one read per frame: a window from the lowest field, 8-aligned so the
	 * pointers in it are aligned too, to the end of the highest */
	if (l->frame_back < lo)
		lo = l->frame_back;
	if (l->frame_instr < lo)
		lo = l->frame_instr;
	lo &= ~7;
	hi = l->frame_instr + l->instr_size;
	if (l->frame_code + 8 > hi)
		hi = l->frame_code + 8;
	if (l->frame_back + 8 > hi)
		hi = l->frame_back + 8;
	if (l->frame_flag >= 0 && l->frame_flag + 1 > hi)
		hi = l->frame_flag + 1;
	o->frame_win = lo;
	o->frame_span = hi - lo;
	o->frame_code = l->frame_code - lo;
	o->frame_back = l->frame_back - lo;
	o->frame_instr = l->frame_instr - lo;
	/* no flag byte (<= 3.10): point at a byte of the code pointer that is
	 * always zero in a user address */
	o->frame_flag = l->frame_flag >= 0 ? l->frame_flag - lo : l->frame_code - lo + 7;
	o->instr_size = l->instr_size;
	o->code_names = l->code_filename;	/* co_name follows it in every version */
	/* the GIL: at a fixed place in _PyRuntime, or the interpreter's
	 * pointer read at the sample (NULL until the runtime is set up);
	 * neither (3.6's are static variables): no thread holds it */
	o->gil = runtime && l->runtime_gil >= 0 ? runtime + l->runtime_gil : 0;
	o->interp_gil = l->interp_gil >= 0 ? l->interp_gil : 0xffff;
	o->gil_holder = l->gil_holder;
	o->gil_locked = l->gil_locked;
}
