"""One program per data folder: an operating-system lock on a file in the folder.

The lock is ``filelock``'s native lock (``flock`` on Linux and macOS, ``LockFileEx`` on byte 0 on
Windows) on ``<data folder>/festive-slots.lock``. The operating system releases it when the process
ends, however it ends (a ``kill -9`` included), so a lock file left behind never blocks a relaunch:
only a live process holds the lock. The file itself is never deleted (``preserve_lock_file``:
deleting a lock file another process is about to lock would let two programs in), and no folder
without a real lock is ever taken for locked (no fallback to an existence file).

filelock's import is the price (20-25 ms and some 4 MiB at start, the README's speed table):
one kept implementation for every system instead of two of our own.

Inside one process the lock is shared: every wallet opened on the same folder (the app's, a
test's second look) holds one reference, and the lock is released with the last.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import filelock

from game.store.errors import StoreError

logger = logging.getLogger(__name__)

LOCK_NAME = "festive-slots.lock"
_PID_OFFSET = 1  # byte 0 is the one Windows locks; the holder's process id follows it


class FolderInUse(StoreError):
    """Another running program holds the data folder's lock."""

    def __init__(self, folder: Path, holder: str) -> None:
        who = f" (process {holder})" if holder else ""
        super().__init__(f"Festive Slots is already open on the data folder {folder}{who}; "
                         "close it first, or choose another --data-dir.")
        self.folder = folder


_held: dict[str, filelock.FileLock] = {}


def _key(folder: Path) -> str:
    return os.path.realpath(folder)


def _write_pid(fd: int) -> None:
    """Label the held lock with this process's id, for the second launch's message."""
    try:
        os.lseek(fd, _PID_OFFSET, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode().ljust(24))
    except OSError as exc:  # the lock is what matters, not its label
        logger.debug("lock file: pid not written (%s)", exc)


def _holder(path: Path) -> str:
    """The process id the holder wrote (best effort; empty when unreadable)."""
    try:
        with path.open("rb") as file:
            file.seek(_PID_OFFSET)
            text = file.read(32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""


def acquire(folder: Path) -> None:
    """Hold the folder's lock (one more reference if this process holds it already).

    Raises FolderInUse when another process holds it, StoreError when the lock file cannot be
    opened at all.
    """
    key = _key(folder)
    held = _held.get(key)
    if held is not None:
        held.acquire(blocking=False)  # held already: filelock counts the reference
        return
    path = Path(folder) / LOCK_NAME
    # thread_local=False: the wallet may be closed on another thread than the one that opened it.
    folder_lock = filelock.FileLock(path, thread_local=False, preserve_lock_file=True, fallback_to_soft=False,
                                    on_acquired=_write_pid)
    try:
        folder_lock.acquire(blocking=False)
    except filelock.Timeout:
        raise FolderInUse(Path(folder), _holder(path)) from None
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise StoreError(f"The data folder {folder} cannot be used: its lock file {path.name} "
                         f"could not be opened ({reason}).") from exc
    _held[key] = folder_lock
    logger.debug("holding the lock of %s", folder)


def release(folder: Path) -> None:
    """Drop one reference; the last one unlocks (the file stays)."""
    key = _key(folder)
    held = _held.get(key)
    if held is None:
        return
    held.release()
    if not held.is_locked:
        del _held[key]


def held_here(folder: Path) -> bool:
    """Whether this process holds the folder's lock."""
    return _key(folder) in _held
