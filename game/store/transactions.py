"""The wallet's file at run time: its connection, one write transaction at a time with its journal
record, consistent reads, and the commits' way to the disk.

Every state change is exactly one ``BEGIN IMMEDIATE`` ... ``COMMIT`` transaction on a
connection in autocommit mode (``isolation_level=None``), with WAL journaling: a crash or kill
at any point leaves either the state before or the state after the change, never a half-written
round or an unbalanced ledger. A commit is in the operating system's hands when its method
returns (a killed process loses nothing); :mod:`game.store.durability` forces it to the disk
on its own thread, and :meth:`WalletFile.on_disk` says when it is there.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Self

import game.store.journal as journal
import game.store.lock as lock
import game.store.replica as replica
import game.store.sealing as sealing
from game.store.checks import iso
from game.store.durability import DiskSync
from game.store.errors import DiskFull, StoreError, is_disk_full
from game.store.records import Account
from game.store.seal import Seal

logger = logging.getLogger(__name__)

Clock = Callable[[], datetime]
ACCOUNT_NAMES: tuple[Account, ...] = ("cash", "bonus")


@dataclass
class Tx:
    """One write transaction: its connection, and the rows it wrote (its journal record names them)."""

    conn: sqlite3.Connection
    path: Path  # the wallet's file, for messages
    moved: dict[str, list[int]] = field(default_factory=lambda: {name: [] for name in ACCOUNT_NAMES})
    states: list[str] = field(default_factory=list)  # carried states written, by game id
    pool: list[int] = field(default_factory=list)  # jackpot pool movements
    grants: list[int] = field(default_factory=list)  # grants of free games written or changed
    journal_lines: list[tuple[str, str]] = field(default_factory=list)  # (record, seal): written once committed


class WalletFile:
    """The open wallet file every part of the wallet works through (the parts are its subclasses).

    Not thread-safe: use it from the thread that opened it. Each mutating method is one
    transaction; commit happens before the method returns.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, clock: Clock, data_dir: Path, seal: Seal) -> None:
        self._conn: sqlite3.Connection | None = conn
        self._seal = seal  # every record and money row written is sealed with it
        self._path = path
        self._data_dir = data_dir  # its lock is held (one reference) until close
        self._opened_at = iso(clock())
        self._journal = journal.JournalWriter(journal.journal_path(path))
        self._clock = clock
        row = conn.execute("SELECT value FROM meta WHERE key = 'starting_balance'").fetchone()
        self._starting_balance = int(row[0])
        wal = str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
        if wal:  # commits stop waiting for the disk: the sync thread puts them there, checkpoints included
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA wal_autocheckpoint=0")
        self._disk = DiskSync(path, path.with_name(f"{path.name}-wal") if wal else None, self._journal.sync)

    def close(self) -> None:
        """Close the connection (idempotent). Later calls raise StoreError."""
        self._shut(release=True)

    def _shut(self, *, release: bool) -> None:
        """Close the connection; the folder's lock too when ``release`` (else its opener releases it)."""
        if self._conn is not None:
            try:
                self._disk.close()  # every commit on disk first
                self._conn.close()
                self._journal.close()
            finally:
                self._conn = None
                if release:
                    lock.release(self._data_dir)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def path(self) -> Path:
        return self._path

    @property
    def closed(self) -> bool:
        return self._conn is None

    @property
    def starting_balance(self) -> int:
        return self._starting_balance

    @property
    def opened_at(self) -> str:
        """When this wallet was opened (ISO UTC, the format of ``created_at``)."""
        return self._opened_at

    @property
    def commit_ticket(self) -> int:
        """The latest commit's ticket, for :meth:`on_disk` (0 before the first)."""
        return self._disk.last

    def on_disk(self, ticket: int) -> bool:
        """Whether the commit of ``ticket`` (and every one before it) is on the disk, not only in the
        system's cache: what a round waits for before it is shown. Never blocks."""
        return self._disk.on_disk(ticket)

    def wait_on_disk(self, ticket: int | None = None, timeout: float | None = None) -> bool:
        """Block until ``ticket`` (default: the latest commit) is on disk; False on ``timeout``."""
        return self._disk.wait(ticket, timeout)

    # ----------------------------------------------------------------- plumbing

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"The wallet {self._path} is closed.")
        return self._conn

    def _now(self) -> str:
        return iso(self._clock())

    def _unreadable(self, exc: sqlite3.Error) -> StoreError:
        return StoreError(f"The wallet {self._path} could not be read ({exc}).")

    def _unwritable(self, exc: sqlite3.Error) -> StoreError:
        """DiskFull when the disk has no room (the transaction rolled back: nothing of it is kept)."""
        if is_disk_full(exc):
            # the log file's line; the player's one line is the entry point's
            logger.error("The wallet %s could not be written: the disk is full (%s)", self._path, exc,
                         extra={"console": False})
            return DiskFull(self._path)
        return StoreError(f"The wallet {self._path} could not be written ({exc}).")

    @contextmanager
    def _write(self) -> Iterator[Tx]:
        """One write transaction: everything inside commits together or not at all."""
        conn = self._db()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._unwritable(exc) from exc
        tx = Tx(conn, self._path)
        try:
            yield tx
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    logger.exception("Rollback failed on wallet %s", self._path)
            if isinstance(exc, sqlite3.Error):
                raise self._unwritable(exc) from exc
            raise
        self._flush_journal(tx.journal_lines)
        self._disk.committed()

    def _journal_record(self, tx: Tx, kind: str, *, rounds: Sequence[int] = (),
                        decisions: Sequence[tuple[int, int]] = ()) -> None:
        """Keep this transaction's record in the journal table; its line follows the commit."""
        record = replica.capture(tx.conn, kind, rounds=rounds, decisions=decisions, ledger=tx.moved["cash"],
                                 game_states=tx.states, pool=tx.pool, grants=tx.grants, bonus=tx.moved["bonus"])
        tx.journal_lines.append(sealing.store(tx.conn, record, self._seal))

    def _flush_journal(self, lines: list[tuple[str, str]]) -> None:
        """Write the committed transaction's journal lines (the second copy) and force them to disk.

        A failure is logged, not raised: the change is committed, and the next launch writes the
        journal again from the wallet. A full disk is raised (DiskFull) after the commit, so play
        stops at the step just kept rather than at the next write.
        """
        for text, mac in lines:
            try:
                self._journal.append(text, mac)
            except OSError as exc:
                logger.error("Journal %s could not be written (%s); it will be rebuilt at the next start",
                             self._journal.path, exc, extra={"console": not is_disk_full(exc)})
                if is_disk_full(exc):  # committed, but the next write would fail too: stop here, at this step
                    raise DiskFull(self._journal.path) from exc
                return

    def journal_problems(self) -> list[str]:
        """Where the journal file and the wallet differ (an empty list: the two copies agree)."""
        with self._read() as conn:
            sql = [text for _, text in conn.execute("SELECT seq, record FROM journal ORDER BY seq")]
            problems = replica.compare(conn, sql)
        file = journal.read(self._journal.path)
        if file is None:
            return [*problems, "the journal file is missing"]
        if file.damaged:
            problems.append(f"the journal file is damaged ({file.problem()})")
        texts = [file.records.get(seq) for seq in range(1, len(sql) + 1)]
        if texts != sql:
            problems.append("the journal file's records differ from the wallet's")
        if len(file.records) > len(sql):
            problems.append("the journal file holds records the wallet does not")
        return problems

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for reads spanning several statements."""
        conn = self._db()
        try:
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise self._unreadable(exc) from exc
