"""One program per data folder: an operating-system lock on a file in the folder.

The lock is ``flock`` on Linux and macOS and ``msvcrt.locking`` on Windows, on
``<data folder>/festive-slots.lock``. The operating system releases it when the process ends,
however it ends (a ``kill -9`` included), so a lock file left behind never blocks a relaunch:
only a live process holds the lock. The file itself is never deleted (deleting a lock file
another process is about to lock would let two programs in).

Inside one process the lock is shared: every wallet opened on the same folder (the app's, a
test's second look) holds one reference, and the lock is released with the last.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from game.store.errors import StoreError

logger = logging.getLogger(__name__)

LOCK_NAME = "festive-slots.lock"


class FolderInUse(StoreError):
    """Another running program holds the data folder's lock."""

    def __init__(self, folder: Path, holder: str) -> None:
        who = f" (process {holder})" if holder else ""
        super().__init__(f"Festive Slots is already open on the data folder {folder}{who}; "
                         "close it first, or choose another --data-dir.")
        self.folder = folder


@dataclass
class _Held:
    fd: int
    count: int


_held: dict[str, _Held] = {}


def _key(folder: Path) -> str:
    return os.path.realpath(folder)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # byte 0; the process id is written after it
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _holder(fd: int) -> str:
    """The process id the holder wrote (best effort; empty when unreadable)."""
    try:
        os.lseek(fd, 1, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
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
        held.count += 1
        return
    path = Path(folder) / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise StoreError(f"The data folder {folder} cannot be used: its lock file {path.name} "
                         f"could not be opened ({reason}).") from exc
    try:
        if not _try_lock(fd):
            raise FolderInUse(Path(folder), _holder(fd))
        try:  # byte 0 stays as it is (locked on Windows); the pid follows, for the message above
            os.lseek(fd, 1, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode().ljust(24))
        except OSError as exc:  # the lock is what matters, not its label
            logger.debug("lock file %s: pid not written (%s)", path, exc)
    except BaseException:
        os.close(fd)
        raise
    _held[key] = _Held(fd, 1)
    logger.debug("holding the lock of %s", folder)


def release(folder: Path) -> None:
    """Drop one reference; the last one unlocks (the file stays)."""
    key = _key(folder)
    held = _held.get(key)
    if held is None:
        return
    held.count -= 1
    if held.count > 0:
        return
    del _held[key]
    try:
        _unlock(held.fd)
    finally:
        os.close(held.fd)


def held_here(folder: Path) -> bool:
    """Whether this process holds the folder's lock."""
    return _key(folder) in _held
