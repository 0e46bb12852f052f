"""Give big freed blocks back to the system, so a left game screen's pixels leave the process.

glibc serves blocks above its mmap threshold with their own mappings, returned to the system
when freed, but it raises that threshold (up to 32 MiB) each time such a block is freed. After
the first screen is left, every surface below the new threshold comes from the heap instead,
and a heap keeps its pages while anything above them lives: the demo's resident memory then
grows with each game visited although nothing leaks. Setting the threshold once fixes it there.
Elsewhere (another C library, another system) this does nothing.
"""

from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # mallopt parameter numbers from glibc's malloc.h
MMAP_THRESHOLD = 256 * 1024  # a 128x128 RGBA surface and larger: every picture worth returning


def keep_big_blocks_returnable() -> bool:
    """Fix glibc's mmap threshold; True when it was set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    log.debug("malloc mmap threshold %s", "fixed at 256 KiB" if done else "left as it was")
    return done
