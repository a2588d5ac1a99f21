/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Included just before a light skeleton's header (*.lskel.h) in a file
 * that calls its __load(): there, the skeleton's close() is lskel_close()
 * (util.h, util/lskel.c), which keeps the loader's own program and map
 * open between lskel_hold(true) and lskel_hold(false) and closes every
 * other fd at once.
 */
#ifndef STROBE_LSKEL_H
#define STROBE_LSKEL_H

#include <unistd.h>
#include "util.h"

#define close(fd) lskel_close(fd)

#endif
