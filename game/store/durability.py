"""Forcing the wallet's commits to the disk on a thread of their own, so a busy disk never holds a frame.

A commit in WAL mode with ``synchronous=NORMAL`` writes the log but does not wait for the disk:
the change is in the operating system's hands, so a killed process loses nothing, but a power
cut could still undo it. :class:`DiskSync` closes that gap off the caller's thread: each commit
takes a ticket, and the thread forces the write-ahead log and the journal file to the disk
(``fsync``) and then marks every ticket up to it as on disk. The client starts showing a round
only once its wager's ticket is on disk, so what the player sees has been confirmed; while the
disk is slow the screen keeps drawing. The thread also checkpoints the log into the database
every hundred commits (SQLite's own automatic checkpoint would wait for the disk inside a commit).

Measured before this (README, "Rare stalls"): a commit under ``synchronous=FULL`` on a busy disk
held the frame for 0.1-1.1 s.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

# Off for the test suite, whose frames run faster than any disk: there each commit is synced
# inline, before it returns (the old behaviour), and a round is shown as soon as it is committed.
IN_BACKGROUND = True
CHECKPOINT_EVERY = 100  # commits between checkpoints: a round writes a few pages, so a log of a few MiB


class DiskSync:
    """Tickets for commits, and a thread that puts them on the disk in order.

    ``wal`` is the write-ahead log's path (None when the wallet is not in WAL mode: its commits
    wait for the disk themselves, and only the journal is synced here); ``journal_sync`` forces the
    journal file; ``database`` is opened by the thread for checkpoints.
    """

    def __init__(self, database: Path, wal: Path | None, journal_sync: Callable[[], None],
                 *, background: bool | None = None) -> None:
        self._database = database
        self._wal = wal
        self._journal_sync = journal_sync
        self._lock = threading.Condition()
        self._issued = 0  # the last ticket handed out
        self._on_disk = 0  # every ticket up to this one is on disk
        self._closing = False
        self._failure: str | None = None
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpointed = 0  # the ticket at the last checkpoint
        self._thread: threading.Thread | None = None
        if IN_BACKGROUND if background is None else background:
            self._thread = threading.Thread(target=self._run, name=f"disk sync {database.name}", daemon=True)
            self._thread.start()

    # -- the committing thread -------------------------------------------------------------------

    def committed(self) -> int:
        """A commit has just been written: its ticket (on disk soon after)."""
        with self._lock:
            self._issued += 1
            self._lock.notify_all()
            ticket = self._issued
        if self._thread is None:  # inline: on disk before the commit's method returns
            self._put_on_disk(ticket)
        return ticket

    @property
    def last(self) -> int:
        """The ticket of the latest commit."""
        with self._lock:
            return self._issued

    def on_disk(self, ticket: int) -> bool:
        with self._lock:
            return self._on_disk >= ticket

    def wait(self, ticket: int | None = None, timeout: float | None = None) -> bool:
        """Wait until ``ticket`` (default: the latest) is on disk; False when ``timeout`` ran out."""
        with self._lock:
            target = self._issued if ticket is None else ticket
            thread = self._thread
            return self._lock.wait_for(lambda: self._on_disk >= target or thread is None or not thread.is_alive(),
                                       timeout) and self._on_disk >= target

    @property
    def failure(self) -> str | None:
        """What went wrong the last time the disk refused a sync (None: nothing)."""
        with self._lock:
            return self._failure

    def close(self) -> None:
        """Put every commit on disk, then stop the thread (idempotent)."""
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        if self._thread is not None:
            self._thread.join()
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None

    # -- the thread ------------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._issued > self._on_disk or self._closing)
                if self._issued <= self._on_disk:  # closing with nothing left to write
                    return
                target = self._issued
            self._put_on_disk(target)

    def _put_on_disk(self, target: int) -> None:
        """Sync every commit up to ``target``; checkpoint now and then (on the syncing thread)."""
        problem = self._sync()
        with self._lock:
            self._failure = problem
            self._on_disk = max(self._on_disk, target)  # a refused sync is logged; waiting on it would never end
            self._lock.notify_all()
        if self._wal is not None and target - self._checkpointed >= CHECKPOINT_EVERY:
            self._checkpointer = self._checkpoint(self._checkpointer)
            self._checkpointed = target

    def _sync(self) -> str | None:
        """Force the log and the journal to the disk; what went wrong, or None."""
        try:
            if self._wal is not None:
                fd = os.open(self._wal, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            self._journal_sync()
        except FileNotFoundError:  # the log was checkpointed and removed: its commits are in the database
            return None
        except Exception as exc:  # the thread must outlive any failure, or rounds would wait forever
            log.error("The wallet %s could not be forced to the disk (%s)", self._database, exc)
            return str(exc)
        return None

    def _checkpoint(self, conn: sqlite3.Connection | None) -> sqlite3.Connection | None:
        """Copy the log into the database without waiting for the committing thread (PASSIVE)."""
        try:
            if conn is None:
                conn = sqlite3.connect(self._database, isolation_level=None, timeout=0, check_same_thread=False)
                conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except Exception as exc:  # a checkpoint can wait; the next one copies what this did not
            log.warning("Checkpoint of the wallet %s deferred (%s)", self._database, exc)
        return conn
