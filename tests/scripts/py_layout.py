"""Check one CPython layout of src/python/layouts.c against the running
interpreter, from inside it: ctypes reads this process's own interpreter
state, thread state, frames and code objects at the offsets the layout
gives, and compares them with what the interpreter says through its API
(PyInterpreterState_Head, PyThreadState_Get, threading.get_ident,
sys._getframe, id()).  argv[1]: the layout as JSON.  Prints one line per
failed check, then "N checks, N failed".  Runs on CPython 3.6+.
"""
import ctypes
import json
import sys
import threading

L = json.loads(sys.argv[1])
api = ctypes.pythonapi
api.PyInterpreterState_Head.restype = ctypes.c_void_p
api.PyThreadState_Get.restype = ctypes.c_void_p
api.PyInterpreterState_ThreadHead.restype = ctypes.c_void_p
api.PyInterpreterState_ThreadHead.argtypes = [ctypes.c_void_p]
api.PyThreadState_Next.restype = ctypes.c_void_p
api.PyThreadState_Next.argtypes = [ctypes.c_void_p]
checks = []
failed = []


def ptr(addr):
    return ctypes.c_void_p.from_address(addr).value or 0


def u64(addr):
    return ctypes.c_uint64.from_address(addr).value


def i32(addr):
    return ctypes.c_int32.from_address(addr).value


def u8(addr):
    return ctypes.c_uint8.from_address(addr).value


def check(what, got, want):
    checks.append(what)
    if got != want:
        failed.append(what)
        print("FAIL %s: read %r, the interpreter says %r" % (what, got, want))


def code_checks(code, what):
    a = id(code)
    check(what + " co_filename", ptr(a + L["code_filename"]), id(code.co_filename))
    check(what + " co_name", ptr(a + L["code_name"]), id(code.co_name))
    check(what + " co_firstlineno", i32(a + L["code_firstlineno"]), code.co_firstlineno)
    table = code.co_lnotab if L["lines"] == "PYL_LNOTAB" else code.co_linetable
    check(what + " line table", ptr(a + L["code_linetable"]), id(table))


def strings():
    for s in ("spin_and_more", "h\xe9llo w\xf6rld"):
        a = id(s)
        state = ctypes.c_uint32.from_address(a + 32).value
        check("str %r length" % s, u64(a + 16), len(s))
        check("str %r compact" % s, state >> 5 & 1, 1)
        ascii = state >> 6 & 1
        check("str %r ascii bit" % s, ascii, int(all(ord(c) < 128 for c in s)))
        off = L["ascii_size"] if ascii else L["compact_size"]
        check("str %r characters" % s, ctypes.string_at(a + off, len(s)), s.encode("latin-1"))
    b = b"line\x00table"
    check("bytes size", u64(id(b) + 16), len(b))
    check("bytes contents", ctypes.string_at(id(b) + 32, len(b)), b)


def inner():
    """The innermost Python frame while ctypes reads: this function's."""
    me = sys._getframe()
    caller = me.f_back
    interp = api.PyInterpreterState_Head()
    ts = api.PyThreadState_Get()
    if L["runtime_interp_head"] >= 0:
        rt = ctypes.addressof(ctypes.c_char.in_dll(api, "_PyRuntime"))
        check("_PyRuntime interpreters.head", ptr(rt + L["runtime_interp_head"]), interp)
    if L.get("interp_modules", -1) >= 0:
        # thread names start there (src/python/threads.c)
        check("interpreter's sys.modules", ptr(interp + L["interp_modules"]), id(sys.modules))
        check("module's md_dict", ptr(id(threading) + 16), id(threading.__dict__))
    head = ptr(interp + L["interp_tstate_head"])
    check("interpreter's first thread state", head, api.PyInterpreterState_ThreadHead(interp))
    check("thread state next", ptr(head + L["tstate_next"]), api.PyThreadState_Next(head) or 0)
    check("thread_id", u64(ts + L["tstate_thread_id"]), threading.get_ident())
    gil_checks(interp, ts)
    # the reads below run in ptr(): its frame is the innermost
    frame = ptr(ts + L["tstate_frame"])
    if L["cframe_frame"] >= 0:
        frame = ptr(frame + L["cframe_frame"])
    chain = []
    f = frame
    while f and len(chain) < 20:
        chain.append(f)
        f = ptr(f + L["frame_back"])
    # (plain loops: a comprehension would push a frame where ptr's was)
    codes = []
    for f in chain[:4]:
        codes.append(ptr(f + L["frame_code"]))
    check("frames' code", codes,
          [id(ptr.__code__), id(me.f_code), id(caller.f_code), id(caller.f_back.f_code)])
    if L["kind"] == "PYK_FRAMEOBJ":
        check("frame objects", chain[1:3], [id(me), id(caller)])
        check("caller f_lasti", i32(chain[2] + L["frame_instr"]) * L["lasti_unit"],
              caller.f_lasti)
        return
    # 3.11+: interpreter frames are not objects; check them by content
    lasti = u64(chain[2] + L["frame_instr"]) - (id(caller.f_code) + L["code_adaptive"])
    check("caller's instruction", lasti, caller.f_lasti)
    # the lambda started an eval call (3.11: is_entry on its frame; 3.12+:
    # a shim frame owned by the C stack under it); ptr, inner, outer ran in it
    flags = []
    for f in chain[:5]:
        flags.append(u8(f + L["frame_flag"]))
    if L["kind"] == "PYK_IS_ENTRY":
        check("is_entry flags", flags[:4], [0, 0, 0, 1])
    else:
        check("owner bytes", flags[:5], [0, 0, 0, 0, 3])


def gil_checks(interp, ts):
    """--gil's fields: the GIL names this thread and is locked while it
    runs Python; while it waits in C with the GIL released (ctypes.CDLL
    calls release it) the GIL is unlocked and still names it, so its last
    holder alone does not say who holds it; another thread that takes it
    is named in turn."""
    if L.get("runtime_gil", -1) >= 0:
        gil = ctypes.addressof(ctypes.c_char.in_dll(api, "_PyRuntime")) + L["runtime_gil"]
    elif L.get("interp_gil", -1) >= 0:
        gil = ptr(interp + L["interp_gil"])
    else:
        return
    holder, locked = gil + L["gil_holder"], gil + L["gil_locked"]
    check("GIL last holder, held", ptr(holder), ts)
    check("GIL locked, held", i32(locked), 1)
    libc = ctypes.CDLL(None)
    libc.memcpy.restype = ctypes.c_void_p
    libc.memcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    h, lk = ctypes.c_uint64(), ctypes.c_int32()
    libc.memcpy(ctypes.addressof(lk), locked, 4)
    libc.memcpy(ctypes.addressof(h), holder, 8)
    check("GIL locked, released", lk.value, 0)
    check("GIL last holder, released", h.value, ts)
    seen = []
    t = threading.Thread(target=lambda: seen.append(
        (ptr(holder), i32(locked), api.PyThreadState_Get())))
    t.start()
    t.join()
    check("GIL last holder, another thread", seen[0][0], seen[0][2])
    check("GIL locked, another thread", seen[0][1], 1)
    check("GIL last holder, back", ptr(holder), ts)


def outer():
    inner()  # this call's instruction is the caller's last


def main():
    # map calls the lambda from C: the lambda's frame starts an eval call
    # (3.11: is_entry; 3.12+: a shim under it), outer and inner run in it
    list(map(lambda _: outer(), [0]))
    code_checks(inner.__code__, "inner")
    code_checks(main.__code__, "main")
    strings()
    print("%d checks, %d failed" % (len(checks), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
