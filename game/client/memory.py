"""Give freed memory back to the system, so a left game screen's pixels leave the process.

glibc serves blocks above its mmap threshold with their own mappings, returned to the system
when freed, but it raises that threshold (up to 32 MiB) each time such a block is freed. After
the first screen is left, every surface below the new threshold comes from the heap instead,
and a heap keeps its pages while anything above them lives: the demo's resident memory then
grows with each game visited although nothing leaks. Setting the threshold once fixes it there.
Smaller pictures and Python's own objects still come from the heap, where a freed chunk between
two live ones stays resident; :func:`return_freed_pages` hands those pages back at each screen
switch. Elsewhere (another C library, another system) both do nothing.

Python's collector is kept out of the frames too. Its full pass walks every tracked object (some
30,000, mostly the modules' functions and classes, scattered over the heap): 5-20 ms, at a moment
of its own choosing, in the middle of a spin. At each switch, between the left screen's disposal
and the next one's build, :func:`collect_and_set_aside` collects what is garbage and sets aside
everything still alive (``gc.freeze``): the app's long-lived objects, never screens, which are
not alive then. The collector's passes walk only what was made since: a screen and its rounds.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import logging
import sys
from typing import Any

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # mallopt parameter numbers from glibc's malloc.h
# 64 KiB: a 128x128 RGBA picture and larger get mappings of their own, handed back when freed.
# Against 256 KiB (a 256x256 one) the demo measured no different over eight cycles of its games
# (lows of 130-139 MiB either way: the text cache and Python's objects are smaller still); the
# two-hour soak in the README ran with this.
MMAP_THRESHOLD = 64 * 1024


@functools.cache
def _glibc(name: str, *argtypes: Any) -> Any:
    """glibc's function ``name`` with its argument types, or None off Linux or without it."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):
        return None
    function.argtypes = argtypes
    function.restype = ctypes.c_int
    return function


def keep_big_blocks_returnable() -> bool:
    """Fix glibc's mmap threshold; True when it was set."""
    mallopt = _glibc("mallopt", ctypes.c_int, ctypes.c_int)
    done = mallopt is not None and bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    log.debug("malloc mmap threshold %s", "fixed at 64 KiB" if done else "left as it was")
    return done


def return_freed_pages() -> bool:
    """Hand the heap's wholly free pages back to the system (``malloc_trim``); True when some went.

    Called once per screen switch, at the fade's darkest point: after a screen is left its heap
    is full of holes, and over hours of switching the process would ratchet up with them.
    """
    trim = _glibc("malloc_trim", ctypes.c_size_t)
    return trim is not None and bool(trim(0))


def collect_and_set_aside() -> int:
    """Collect the garbage, then set every survivor aside (``gc.freeze``) so that later passes do
    not walk it again; the number of unreachable objects found. Called between two screens, when
    the survivors are what lives for the whole session: what has been set aside is only freed by
    reference counting, so a screen, whose parts refer to each other, must never be among them."""
    found = gc.collect()
    set_aside()
    return found


def set_aside() -> None:
    """Set every object alive now aside without a pass (start-up, before the first screen: its
    few cycles are the modules' own, which live as long as the process)."""
    gc.freeze()


def give_back_set_aside() -> None:
    """The app is done: what was set aside goes back to the collector (in one process, a later
    app, a test's, would otherwise never see the last one's cycles collected)."""
    gc.unfreeze()
