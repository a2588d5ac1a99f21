#!/bin/sh
# Check that two light skeletons declare the same struct (maps, programs and
# global data in the same order): src/session/load_tp.c loads the second
# object into the first one's struct.
# usage: lskel-same-layout.sh STRUCT A.lskel.h B.lskel.h
layout() {
	awk -v s="struct $1 {" '$0 == s { p = 1 } p { print } p && /^};/ { exit }' "$2"
}
a=$(layout "$1" "$2")
b=$(layout "$1" "$3")
if [ -z "$a" ] || [ "$a" != "$b" ]; then
	echo "$2 and $3 declare different 'struct $1' (maps and programs must match)" >&2
	exit 1
fi
