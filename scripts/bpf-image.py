#!/usr/bin/env python3
"""Turn a linked BPF object (bpftool gen object) into strobe's load image:
a C header of static tables that src/util/bpfimg.c loads with plain bpf()
calls, the programs in parallel (docs/design.md, Loading: strobe's own
loader).

    python3 scripts/bpf-image.py LINKED.o SKEL_STRUCT PREFIX > OUT.img.h

What is done here, at build time, is what a light skeleton's loader or
libbpf would do at every start: each program's instructions with the
functions it calls appended and the call offsets fixed, its func_info,
line_info and CO-RE records moved with them, the map references listed
(map index and offset; the fds are patched in at load), the maps'
definitions read from the object's BTF.  The linked object's BTF is
already finalised (data section sizes and variable offsets), and is loaded
as it is.  The layout facts used (ELF64, BPF relocations, .BTF/.BTF.ext)
are the formats' own.
"""
import struct
import sys

BPF_PSEUDO_CALL = 1
BPF_PSEUDO_FUNC = 4
BPF_PSEUDO_KFUNC_CALL = 2
R_BPF_64_64 = 1
R_BPF_64_32 = 10

# BTF kinds
INT, PTR, ARRAY, STRUCT, UNION, ENUM, FWD, TYPEDEF, VOLATILE, CONST, RESTRICT, \
    FUNC, FUNC_PROTO, VAR, DATASEC, FLOAT, DECL_TAG, TYPE_TAG, ENUM64 = range(1, 20)

# program section prefixes: (prog type, expected attach type, attach by BTF)
PROG_TYPE_RAW_TRACEPOINT, PROG_TYPE_TRACEPOINT, PROG_TYPE_TRACING = 17, 5, 26
TRACE_RAW_TP = 23
SECTIONS = {
    "tp_btf/": (PROG_TYPE_TRACING, TRACE_RAW_TP, True),
    "raw_tp/": (PROG_TYPE_RAW_TRACEPOINT, 0, False),
    "tracepoint": (PROG_TYPE_TRACEPOINT, 0, False),
}


def die(msg):
    sys.exit("bpf-image: " + msg)


class Elf:
    def __init__(self, data):
        self.data = data
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            die("not a little-endian ELF64 object")
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
        self.secs = []
        for i in range(shnum):
            f = struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
            self.secs.append({"name_off": f[0], "type": f[1], "flags": f[2], "off": f[4],
                              "size": f[5], "link": f[6], "info": f[7], "idx": i})
        strs = self.secs[shstrndx]
        for s in self.secs:
            s["name"] = self.cstr(strs["off"] + s["name_off"])
        self.by_name = {s["name"]: s for s in self.secs}
        symtab = next(s for s in self.secs if s["type"] == 2)
        self.syms = []
        for off in range(symtab["off"], symtab["off"] + symtab["size"], 24):
            name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", data, off)
            self.syms.append({"name": self.cstr(self.secs[symtab["link"]]["off"] + name),
                              "type": info & 15, "bind": info >> 4, "shndx": shndx,
                              "value": value, "size": size})
        # relocations by the section they apply to: {byte offset: (type, sym)}
        self.rels = {}
        for s in self.secs:
            if s["type"] != 9:	# SHT_REL
                continue
            r = self.rels.setdefault(s["info"], {})
            for off in range(s["off"], s["off"] + s["size"], 16):
                where, info = struct.unpack_from("<QQ", data, off)
                r[where] = (info & 0xffffffff, self.syms[info >> 32])

    def cstr(self, off):
        return self.data[off:self.data.index(b"\0", off)].decode()

    def body(self, sec):
        return self.data[sec["off"]:sec["off"] + sec["size"]]


class Btf:
    def __init__(self, raw):
        self.raw = raw
        magic, ver, flags, hdr_len, type_off, type_len, str_off, str_len = \
            struct.unpack_from("<HBBIIIII", raw, 0)
        if magic != 0xeB9F:
            die("bad .BTF magic")
        self.strs = hdr_len + str_off
        self.types = [None]
        off, end = hdr_len + type_off, hdr_len + type_off + type_len
        while off < end:
            name_off, info, size = struct.unpack_from("<III", raw, off)
            kind, vlen = (info >> 24) & 0x1f, info & 0xffff
            t = {"name": self.str(name_off), "kind": kind, "vlen": vlen, "size": size,
                 "off": off + 12}
            extra = {INT: 4, ARRAY: 12, STRUCT: 12 * vlen, UNION: 12 * vlen, ENUM: 8 * vlen,
                     FUNC_PROTO: 8 * vlen, VAR: 4, DATASEC: 12 * vlen, DECL_TAG: 4,
                     ENUM64: 12 * vlen}.get(kind, 0)
            self.types.append(t)
            off += 12 + extra

    def str(self, off):
        s = self.strs + off
        return self.raw[s:self.raw.index(b"\0", s)].decode()

    def members(self, t):
        for i in range(t["vlen"]):
            name, typ, off = struct.unpack_from("<III", self.raw, t["off"] + 12 * i)
            yield self.str(name), typ, off

    def skip(self, tid):
        while self.types[tid]["kind"] in (TYPEDEF, VOLATILE, CONST, RESTRICT, TYPE_TAG):
            tid = self.types[tid]["size"]
        return tid

    def sizeof(self, tid):
        tid = self.skip(tid)
        t = self.types[tid]
        if t["kind"] == PTR:
            return 8
        if t["kind"] == ARRAY:
            elem, _, n = struct.unpack_from("<III", self.raw, t["off"])
            return n * self.sizeof(elem)
        return t["size"]

    def array_len(self, tid):
        """A map definition's `int (*name)[N]`: N."""
        t = self.types[self.skip(tid)]
        a = self.types[self.skip(t["size"])]
        return struct.unpack_from("<III", self.raw, a["off"])[2]

    def datasecs(self):
        for tid, t in enumerate(self.types):
            if t and t["kind"] == DATASEC:
                yield tid, t


def fix_ksyms(raw):
    """The kernel refuses a data section that lists functions: the
    .ksyms section of the kernel functions called (externs) lists them.
    As libbpf does, each entry is pointed at one int variable added for
    the purpose, the functions' linkage made global and their nameless
    parameters named (the kernel wants names).  The BTF's own layout."""
    btf = Btf(raw)
    ksyms = next((t for _, t in btf.datasecs() if t["name"] == ".ksyms"), None)
    if ksyms is None:
        return raw
    magic, ver, flags, hdr_len, type_off, type_len, str_off, str_len = \
        struct.unpack_from("<HBBIIIII", raw, 0)
    if str_off != type_off + type_len:
        die(".BTF: strings do not follow the types")
    buf = bytearray(raw)
    int_id = next(i for i, t in enumerate(btf.types)
                  if t and t["kind"] == INT and t["size"] == 4)
    name = b"strobe_ksym"
    name_off = str_len
    dummy = len(btf.types)
    for i in range(ksyms["vlen"]):
        at = ksyms["off"] + 12 * i
        tid, _, _ = struct.unpack_from("<III", buf, at)
        t = btf.types[tid]
        if t["kind"] != FUNC:
            die(".ksyms: only kernel functions are supported")
        info_at = t["off"] - 8
        info, = struct.unpack_from("<I", buf, info_at)
        struct.pack_into("<I", buf, info_at, (info & ~0xffff) | 1)	# BTF_FUNC_GLOBAL
        proto = btf.types[t["size"]]
        for j in range(proto["vlen"]):
            p_at = proto["off"] + 8 * j
            pname, ptype = struct.unpack_from("<II", buf, p_at)
            if ptype and not pname:
                struct.pack_into("<I", buf, p_at, name_off)
        struct.pack_into("<III", buf, at, dummy, 4 * i, 4)
    struct.pack_into("<I", buf, ksyms["off"] - 4, 4 * ksyms["vlen"])	# the section's size
    var = struct.pack("<IIII", name_off, VAR << 24, int_id, 1)	# global, allocated
    types_end = hdr_len + type_off + type_len
    out = buf[:types_end] + var + buf[types_end:] + name + b"\0"
    struct.pack_into("<HBBIIIII", out, 0, magic, ver, flags, hdr_len, type_off,
                     type_len + len(var), str_off + len(var), str_len + len(name) + 1)
    return bytes(out)


def map_defs(elf, btf):
    """The maps: .maps' variables (BTF-defined), then the global data
    sections, in the light skeleton's order (the skeleton struct's)."""
    maps = []
    maps_sec = elf.by_name.get(".maps")
    for tid, sec in btf.datasecs():
        if sec["name"] != ".maps":
            continue
        for i in range(sec["vlen"]):
            vtid, voff, vsize = struct.unpack_from("<III", btf.raw, sec["off"] + 12 * i)
            var = btf.types[vtid]
            st = btf.types[btf.skip(var["size"])]
            m = {"name": var["name"], "off": voff, "type": 0, "key_size": 0, "value_size": 0,
                 "max_entries": 0, "flags": 0, "btf_key": 0, "btf_value": 0, "init": None,
                 "sec": None}
            for name, typ, _ in btf.members(st):
                if name in ("type", "max_entries", "key_size", "value_size", "map_flags"):
                    m[{"map_flags": "flags"}.get(name, name)] = btf.array_len(typ)
                elif name in ("key", "value"):
                    target = btf.types[btf.skip(typ)]["size"]
                    m[name + "_size"] = btf.sizeof(target)
                    m["btf_" + name] = target
                elif name == "pinning":
                    die(f"map {m['name']}: pinning is not supported")
                else:
                    die(f"map {m['name']}: field {name} is not supported")
            maps.append(m)
    maps.sort(key=lambda m: m["off"])
    if maps_sec is None and maps:
        die("no .maps section")
    for tid, sec in btf.datasecs():
        if sec["name"] in (".maps", "license", ".ksyms"):
            continue
        name = sec["name"]
        if not (name.startswith(".rodata") or name in (".bss", ".data")):
            die(f"data section {name} is not supported")
        esec = elf.by_name[name]
        ro = name.startswith(".rodata")
        maps.append({"name": name, "off": 0, "type": 2, "key_size": 4,
                     "value_size": sec["size"], "max_entries": 1,
                     "flags": (1 << 10) | ((1 << 7) if ro else 0),	# MMAPABLE, RDONLY_PROG
                     "btf_key": 0, "btf_value": tid, "sec": esec["idx"],
                     "init": None if esec["type"] == 8 else elf.body(esec), "ro": ro})
    return maps


def btf_ext(elf, btf):
    """.BTF.ext's func_info, line_info and CO-RE records by section name,
    each as (insn index in its section, record bytes)."""
    sec = elf.by_name.get(".BTF.ext")
    out = {"func": {}, "line": {}, "core": {}}
    if not sec:
        return out
    raw = elf.body(sec)
    magic, ver, flags, hdr_len = struct.unpack_from("<HBBI", raw, 0)
    if magic != 0xeB9F:
        die("bad .BTF.ext magic")
    fields = struct.unpack_from("<" + "I" * ((hdr_len - 8) // 4), raw, 8)
    parts = [("func", fields[0], fields[1]), ("line", fields[2], fields[3])]
    if len(fields) >= 6:
        parts.append(("core", fields[4], fields[5]))
    for what, off, length in parts:
        if not length:
            continue
        p, end = hdr_len + off, hdr_len + off + length
        rec_size, = struct.unpack_from("<I", raw, p)
        p += 4
        while p < end:
            name_off, n = struct.unpack_from("<II", raw, p)
            p += 8
            recs = out[what].setdefault(btf.str(name_off), [])
            for _ in range(n):
                rec = raw[p:p + rec_size]
                recs.append((struct.unpack_from("<I", rec, 0)[0] // 8, rec))
                p += rec_size
    return out


def link_program(elf, sec, sym, maps, ext):
    """One program's final instructions: its own, then each function it
    (or a function appended before) calls or takes the address of."""
    text = elf.by_name.get(".text")
    funcs = {s["value"] // 8: s for s in elf.syms
             if text and s["shndx"] == text["idx"] and s["type"] == 2}
    start = sym["value"] // 8
    n = sym["size"] // 8
    body = elf.body(sec)
    insns = [list(struct.unpack_from("<BBhi", body, 8 * (start + i))) for i in range(n)]
    origin = [(sec, start + i) for i in range(n)]	# each insn's section and index
    chunks = [(sec["name"], start, n, 0)]
    placed = {}	# .text function start -> index in insns
    relocs = []
    kfuncs = []
    i = 0
    while i < len(insns):
        code, regs, off, imm = insns[i]
        osec, oidx = origin[i]
        rel = elf.rels.get(osec["idx"], {}).get(oidx * 8)
        src = regs >> 4
        is_call = code == 0x85 and src == BPF_PSEUDO_CALL
        is_ld64 = code == 0x18
        target = None
        if is_call and rel and rel[1]["shndx"] == 0:
            # a kernel function (an extern): its id in vmlinux's BTF, found at load
            insns[i][1] = (regs & 0x0f) | (BPF_PSEUDO_KFUNC_CALL << 4)
            insns[i][3] = 0
            kfuncs.append((i, rel[1]["name"]))
        elif is_call:
            if rel:
                rsym = rel[1]
                if rsym["shndx"] != (text or {}).get("idx"):
                    die(f"{sym['name']}: call outside .text")
                target = rsym["value"] // 8 + imm + 1 if rsym["type"] == 3 else rsym["value"] // 8
            elif osec is text:
                target = oidx + imm + 1
            else:
                die(f"{sym['name']}: call without a relocation")
        elif is_ld64 and rel and rel[1]["shndx"] == (text or {}).get("idx"):
            target = (rel[1]["value"] + imm) // 8
            insns[i][1] = (regs & 0x0f) | (BPF_PSEUDO_FUNC << 4)
        elif is_ld64 and rel:
            rtype, rsym = rel
            if rtype != R_BPF_64_64:
                die(f"{sym['name']}: relocation type {rtype}")
            m = map_for(maps, elf, rsym)
            if maps[m]["sec"] is None:
                relocs.append((i, m, 0))
            else:
                relocs.append((i, m, rsym["value"] + imm))
        elif code == 0x85 and src == BPF_PSEUDO_KFUNC_CALL:
            die(f"{sym['name']}: a kernel function call without its extern")
        if target is not None:
            fstart = max((f for f in funcs if f <= target), default=None)
            if fstart is None or target >= fstart + funcs[fstart]["size"] // 8:
                die(f"{sym['name']}: call target {target} is in no function")
            if fstart not in placed:
                fn = funcs[fstart]["size"] // 8
                placed[fstart] = len(insns)
                tb = elf.body(text)
                for k in range(fn):
                    insns.append(list(struct.unpack_from("<BBhi", tb, 8 * (fstart + k))))
                    origin.append((text, fstart + k))
                chunks.append((".text", fstart, fn, placed[fstart]))
            insns[i][3] = placed[fstart] + (target - fstart) - (i + 1)
        i += 2 if is_ld64 else 1
    info = {}
    for what in ("func", "line", "core"):
        recs = []
        for name, cstart, cn, ostart in chunks:
            for idx, rec in ext[what].get(name, []):
                if cstart <= idx < cstart + cn:
                    new = ostart + idx - cstart
					# func/line info count instructions, CO-RE records bytes
                    recs.append((new, struct.pack("<I", new * 8 if what == "core" else new)
                                 + rec[4:]))
        recs.sort(key=lambda r: r[0])
        info[what] = b"".join(r[1] for r in recs)
    return insns, relocs, kfuncs, info


def map_for(maps, elf, rsym):
    secname = elf.secs[rsym["shndx"]]["name"]
    for k, m in enumerate(maps):
        if secname == ".maps" and m["sec"] is None and m["off"] == rsym["value"]:
            return k
        if m["sec"] == rsym["shndx"]:
            return k
    die(f"reference to {rsym['name'] or secname}: no map")


def c_bytes(b):
    out, line = [], ""
    for i in range(0, len(b)):
        line += "\\x%02x" % b[i]
        if len(line) >= 96:
            out.append('"' + line + '"')
            line = ""
    if line or not out:
        out.append('"' + line + '"')
    return "\n\t".join(out)


def main():
    if len(sys.argv) != 4:
        die("usage: bpf-image.py LINKED.o SKEL_STRUCT PREFIX")
    path, skel, prefix = sys.argv[1:]
    elf = Elf(open(path, "rb").read())
    btf_raw = fix_ksyms(elf.body(elf.by_name[".BTF"]))
    btf = Btf(btf_raw)
    maps = map_defs(elf, btf)
    ext = btf_ext(elf, btf)
    progs = []
    for sec in elf.secs:
        kind = next((v for k, v in SECTIONS.items() if sec["name"].startswith(k)), None)
        if sec["name"] == ".text" or not sec["flags"] & 4 or sec["type"] != 1:
            continue
        if kind is None:
            die(f"section {sec['name']}: unknown program type")
        for s in elf.syms:
            if s["shndx"] == sec["idx"] and s["type"] == 2:
                insns, relocs, kfuncs, info = link_program(elf, sec, s, maps, ext)
                attach = sec["name"].split("/", 1)[1] if kind[2] else None
                progs.append((s, kind, attach, insns, relocs, kfuncs, info))
    out = [f"/* Generated by scripts/bpf-image.py from {path.split('/')[-1]}: do not edit. */",
           "#include <stddef.h>", ""]
    out.append(f"static const char {prefix}_btf[] = {c_bytes(btf_raw)};")
    out.append(f"static const struct bpfimg_map {prefix}_maps[] = {{")
    for m in maps:
        desc = m["name"].lstrip(".").replace(".", "_")
        out.append(f'\t{{ "{m["name"][:15]}", offsetof(struct {skel}, maps.{desc}), '
                   f'{m["type"]}, {m["key_size"]}, {m["value_size"]}, {m["max_entries"]}, '
                   f'{m["flags"]}, {m["btf_key"]}, {m["btf_value"]}, '
                   f'{1 if m.get("ro") else 2 if m["sec"] is not None else 0} }},')
    out.append("};")
    for k, (s, kind, attach, insns, relocs, kfuncs, info) in enumerate(progs):
        raw = b"".join(struct.pack("<BBhi", *x) for x in insns)
        out.append(f"static const struct bpfimg_kfunc {prefix}_p{k}_kfuncs[] = {{")
        out.extend(f'\t{{ {i}, "{name}" }},' for i, name in kfuncs)
        if not kfuncs:
            out.append('\t{ 0, "" },')
        out.append("};")
        out.append(f"static const char {prefix}_p{k}_insns[] = {c_bytes(raw)};")
        out.append(f"static const struct bpfimg_reloc {prefix}_p{k}_relocs[] = {{")
        out.extend(f"\t{{ {i}, {m}, {o} }}," for i, m, o in relocs)
        if not relocs:
            out.append("\t{ 0, 0, 0 },")
        out.append("};")
        for what in ("func", "line", "core"):
            out.append(f"static const char {prefix}_p{k}_{what}[] = {c_bytes(info[what])};")
    out.append(f"static const struct bpfimg_prog {prefix}_progs[] = {{")
    for k, (s, kind, attach, insns, relocs, kfuncs, info) in enumerate(progs):
        out.append(f'\t{{ "{s["name"][:15]}", offsetof(struct {skel}, progs.{s["name"]}), '
                   f'{kind[0]}, {kind[1]}, {"NULL" if attach is None else chr(34) + "btf_trace_" + attach + chr(34)}, '
                   f'(const void *){prefix}_p{k}_insns, {len(insns)}, '
                   f'{prefix}_p{k}_relocs, {len(relocs)}, '
                   f'{prefix}_p{k}_kfuncs, {len(kfuncs)}, '
                   f'{prefix}_p{k}_func, {len(info["func"]) // 8}, '
                   f'{prefix}_p{k}_line, {len(info["line"]) // 16}, '
                   f'{prefix}_p{k}_core, {len(info["core"]) // 16} }},')
    out.append("};")
    out.append(f"static const struct bpfimg {prefix}_image = {{ {prefix}_btf, sizeof({prefix}_btf) - 1, "
               f"{prefix}_maps, {len(maps)}, {prefix}_progs, {len(progs)} }};")
    print("\n".join(out))


if __name__ == "__main__":
    main()
