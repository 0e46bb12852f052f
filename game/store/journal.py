"""The journal file: the second, independent copy of every money movement and settlement.

``wallet.journal`` sits next to ``wallet.db``. It is append-only text, one record per line::

    <CRC-32 of the rest of the line, 8 hex digits> <seal: 64 hex digits> <record: canonical JSON with "seq">\\n

The seal (schema 7) is the record's HMAC (``game.store.seal``); a line written before the seals has
none (``<CRC-32> <record>``), and is read as such only for a wallet not sealed yet.

Records are numbered 1, 2, 3, ... (``seq``) in the order their SQLite transactions committed;
the same text is stored in the wallet's ``journal`` table inside each transaction (see
``game.store.replica``). A line is written after its transaction commits, before the wallet
method returns, so after a kill the file holds every committed record, or all but the last one
(killed between the commit and the write); the wallet's disk-sync thread then forces it to the
disk (``fsync``) with the commit (``game.store.durability``).

This module only reads and writes the file; what a record means is ``replica``'s, and what to
do when the two copies differ is ``reconcile``'s.
"""

from __future__ import annotations

import logging
import os
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

JOURNAL_SUFFIX = ".journal"


def journal_path(db_path: Path) -> Path:
    """``wallet.db`` -> ``wallet.journal`` (in the same folder)."""
    return db_path.with_suffix(JOURNAL_SUFFIX)


MAC_DIGITS = 64
_HEX = frozenset(b"0123456789abcdef")


def encode(text: str, mac: str | None) -> bytes:
    """One journal line for a record's text and its seal (None: a line from before the seals)."""
    data = text.encode("ascii") if mac is None else b"%s %s" % (mac.encode("ascii"), text.encode("ascii"))
    return b"%08x %s\n" % (zlib.crc32(data), data)


def _decode(line: bytes) -> tuple[int, str, str | None] | None:
    """(seq, text, seal) of a sound line (checksum right, a record ending in its ``"seq":N}``), else None.

    Records are canonical JSON with sorted keys, so the top-level ``seq`` is always the last
    key: it is read from the end without parsing the whole record (the text is compared with
    the wallet's copy, and parsed where it is used).
    """
    if len(line) < 10 or line[8:9] != b" ":
        return None
    data = line[9:]
    mac: str | None = None
    try:
        if int(line[:8], 16) != zlib.crc32(data):
            return None
        if data[:1] != b"{":  # a sealed line: the seal, a space, the record
            if data[MAC_DIGITS:MAC_DIGITS + 1] != b" " or not _HEX.issuperset(data[:MAC_DIGITS]):
                return None
            mac = data[:MAC_DIGITS].decode("ascii")
            data = data[MAC_DIGITS + 1:]
        text = data.decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None
    head, marker, tail = text.rpartition('"seq":')
    if not marker or not head.startswith("{") or not tail.endswith("}") or not tail[:-1].isdigit():
        return None
    seq = int(tail[:-1])
    return (seq, text, mac) if seq >= 1 else None


@dataclass
class JournalFile:
    """What a journal file holds: its sound records by ``seq`` and what was wrong with the rest."""

    records: dict[int, str] = field(default_factory=dict)
    macs: dict[int, str | None] = field(default_factory=dict)  # each record's seal (None: a line without one)
    bad_lines: int = 0  # lines with a wrong checksum, unreadable or out of order (damaged_lines + the rest)
    damaged_lines: list[int] = field(default_factory=list)  # line numbers (from 1) that do not read as a record
    torn_tail: bytes = b""  # bytes after the last newline (a write cut short)
    line_ends: list[int] = field(default_factory=list)  # file offset after each sound, in-order line

    @property
    def contiguous(self) -> int:
        """The highest ``n`` such that records 1..n are all present."""
        n = 0
        while n + 1 in self.records:
            n += 1
        return n

    @property
    def damaged(self) -> bool:
        return bool(self.bad_lines) or bool(self.torn_tail) or len(self.records) != self.contiguous

    def problem(self) -> str:
        """A short description of the damage for the player and the log."""
        parts = []
        damaged = len(self.damaged_lines)
        if damaged:
            first = self.damaged_lines[0]
            parts.append(f"line {first} damaged" if damaged == 1 else f"{damaged} lines damaged, from line {first}")
        if self.bad_lines > damaged:
            parts.append(f"{self.bad_lines - damaged} record(s) repeated or out of order")
        if self.torn_tail:
            parts.append("its last record cut short")
        missing = max(self.records, default=0) - len(self.records)
        if missing > damaged:  # more gaps than the damaged lines explain: records were lost
            parts.append(f"records missing after number {self.contiguous}")
        return ", ".join(parts) or "no damage"


def read(path: Path) -> JournalFile | None:
    """The journal at ``path``, or None when there is no file. Damage is reported, never raised."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    result = JournalFile()
    lines = data.split(b"\n")
    result.torn_tail = lines.pop()  # b"" when the file ends with a newline
    offset = 0
    expected = 1  # the next record of the sound, in-order start of the file
    highest = 0  # the highest record read so far
    for number, line in enumerate(lines, start=1):
        offset += len(line) + 1
        decoded = _decode(line)
        if decoded is None:
            result.bad_lines += 1
            result.damaged_lines.append(number)
            continue
        seq, text, mac = decoded
        if seq in result.records or seq <= highest:
            result.bad_lines += 1  # repeated, or out of order: sound in itself, but the file is not as written
            continue
        result.records[seq] = text
        result.macs[seq] = mac
        highest = seq
        if seq == expected:
            result.line_ends.append(offset)
            expected += 1
    return result


class JournalWriter:
    """Appends lines to the journal file and forces each to disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def _open(self) -> int:
        if self._fd is None:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        return self._fd

    def append(self, text: str, mac: str | None) -> None:
        """Write one record's line with its seal (to the system: :meth:`sync` forces it to the disk);
        OSError when the disk refuses (the caller decides)."""
        fd = self._open()
        line = encode(text, mac)
        written = os.write(fd, line)
        while written < len(line):  # a short write on a full disk: finish it or fail
            written += os.write(fd, line[written:])

    def sync(self) -> None:
        """Force the lines written so far to the disk (from the wallet's disk-sync thread)."""
        fd = self._fd
        if fd is not None:
            os.fsync(fd)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def truncate(path: Path, size: int) -> None:
    """Cut the file to ``size`` bytes (the end of its last sound line), durably."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.ftruncate(fd, size)
        os.fsync(fd)
    finally:
        os.close(fd)


def rewrite(path: Path, lines: Iterable[tuple[str, str | None]]) -> None:
    """Write a whole new journal of (record, seal) lines beside ``path`` and move it into place (atomic rename)."""
    temporary = path.with_name(path.name + ".new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        for text, mac in lines:
            line = encode(text, mac)
            view = memoryview(line)
            while view:
                view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temporary, path)
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX; Windows has no directory fsync and needs none)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
