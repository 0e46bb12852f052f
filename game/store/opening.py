"""Opening the wallet's file: checking it before anything writes to it, creating or upgrading it,
setting a damaged one aside (nothing is ever deleted), and reconciling it with its journal.

Only damage to the file itself sets it aside; a lock held by another copy of the game, a
read-only file or a disk error stops the start with a message and leaves the player's wallet
as it is.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import game.store.journal as journal
import game.store.reconcile as reconcile
import game.store.replica as replica
import game.store.sealing as sealing
from game.engine.money import format_cents
from game.store.checks import iso
from game.store.errors import DiskFull, StoreError, is_disk_full
from game.store.schema import (
    CREATE_SQL,
    MIGRATIONS,
    SCHEMA_VERSION,
    SchemaProblem,
    check_structure,
    read_version,
    user_tables,
)
from game.store.seal import Keys, Seal

logger = logging.getLogger(__name__)

# How long to wait for another connection's write lock before giving up.
BUSY_TIMEOUT_S = 5.0

# Files SQLite may keep next to the database; all move together when it is set aside.
SIBLING_SUFFIXES = ("-wal", "-shm", "-journal")

Clock = Callable[[], datetime]

INTEGRITY_FAILED = "integrity check failed"


DAMAGED = "damaged"
NOT_A_WALLET = "not a Festive Slots wallet"


class _Unusable(Exception):
    """The file is not a wallet we can trust; it must be set aside. Internal.

    ``cause`` is what the file is: DAMAGED, or NOT_A_WALLET (readable, but another program's file).
    """

    def __init__(self, problem: str, cause: str = DAMAGED) -> None:
        super().__init__(problem)
        self.cause = cause


def prepare_dir(data_dir: Path) -> None:
    """Create the data folder and prove it is writable, or raise StoreError naming it."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise StoreError(
            f"The data folder {data_dir} could not be created ({reason})."
        ) from exc
    if not data_dir.is_dir():
        raise StoreError(f"The data folder {data_dir} is not a folder.")
    try:
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=data_dir)
        os.close(fd)
        os.unlink(probe)  # our own empty probe file, never player data
    except OSError as exc:
        if is_disk_full(exc):
            raise DiskFull(data_dir) from exc
        reason = exc.strerror or exc.__class__.__name__
        raise StoreError(
            f"The data folder {data_dir} is not writable ({reason})."
        ) from exc


def _check_files_writable(paths: Sequence[Path]) -> None:
    """Each existing file can be opened for writing, or StoreError names it.

    Opened, not written: a read-only wallet (mode 444, a read-only disk) must stop the start-up
    with one line, not crash at the first spin. Permission bits are not asked (root passes
    ``os.access``); the system's answer to an open for writing is what counts.
    """
    for path in paths:
        if not path.exists():
            continue
        if path.is_dir():
            raise StoreError(f"{path} is a folder where the wallet's file should be; move it away, "
                             "or choose another --data-dir.")
        try:
            fd = os.open(path, os.O_RDWR)
        except OSError as exc:
            reason = exc.strerror or exc.__class__.__name__
            raise StoreError(
                f"The wallet file {path} is read-only ({reason}); make it writable, or choose another --data-dir."
            ) from exc
        os.close(fd)


def _classify(exc: sqlite3.Error, path: Path) -> Exception:
    """Turn an SQLite error met while opening into _Unusable (set aside) or StoreError (stop).

    Only damage to the file itself justifies setting it aside; a lock held by another copy
    of the game, a read-only file or a disk error must not cost the player their wallet.
    """
    name = getattr(exc, "sqlite_errorname", "") or ""
    if is_disk_full(exc):
        return DiskFull(path)
    if name.startswith("SQLITE_NOTADB"):
        return _Unusable(str(exc), NOT_A_WALLET)
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_IOERR_SHORT_READ")):
        return _Unusable(str(exc))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return StoreError(
            f"The wallet file {path} is in use by another program "
            "(is Festive Slots already running?)."
        )
    return StoreError(f"The wallet file {path} could not be opened ({exc}).")


def _apply_pragmas(conn: sqlite3.Connection, path: Path) -> None:
    mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        logger.warning("Wallet %s: WAL journal mode unavailable, using %s", path, mode)
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")


def _initialise(conn: sqlite3.Connection, starting_balance: int, now: str, keys: Keys) -> bool:
    """Create the schema and the opening balance in one transaction, sealed (the key is made if this
    install has none yet), with its verified mark at its first record.

    Returns False when another process initialised the file first.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        if user_tables(conn):
            conn.execute("ROLLBACK")
            return False
        for statement in CREATE_SQL.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.executemany(
            "INSERT INTO meta (key, value) VALUES (?, ?)",
            [
                ("schema_version", str(SCHEMA_VERSION)),
                ("starting_balance", str(starting_balance)),
                ("created_at", now),
            ],
        )
        conn.execute(
            "INSERT INTO wallet (id, balance) VALUES (1, ?)", (starting_balance,)
        )
        seal = keys.get()
        sealing.store(conn, replica.capture(conn, "wallet", meta=replica.meta_of(conn)), seal)
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (sealing.SEAL_KEY, seal.key_id))
        sealing.write_mark(conn, seal)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return True


def _migrate(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Bring an older schema up to SCHEMA_VERSION in one transaction."""
    missing = [v for v in range(version, SCHEMA_VERSION) if v not in MIGRATIONS]
    if missing:
        raise SchemaProblem(f"its schema version {version} cannot be upgraded")
    conn.execute("BEGIN IMMEDIATE")
    try:
        for v in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[v].split(";"):
                if statement.strip():
                    conn.execute(statement)
        conn.execute(
            "UPDATE meta SET value = ? WHERE key = 'schema_version'",
            (str(SCHEMA_VERSION),),
        )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    logger.info(
        "Wallet %s upgraded from schema %d to %d", path, version, SCHEMA_VERSION
    )


def _inspect(conn: sqlite3.Connection, path: Path, *, integrity: bool) -> int | None:
    """Check an open file; returns its schema version, or None when it has no tables yet.

    Raises SchemaProblem / sqlite3.Error for a damaged or foreign file, and StoreError for
    a wallet written by a newer version of the game (which must be left alone).
    """
    if integrity:
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if [tuple(r) for r in rows] != [("ok",)]:
            first = rows[0][0] if rows else "no result"
            raise SchemaProblem(f"{INTEGRITY_FAILED}: {first}")
    tables = user_tables(conn)
    if not tables:
        return None
    version = read_version(conn, tables)
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"The wallet file {path} was written by a newer version of Festive Slots "
            f"(schema {version}; this version understands up to {SCHEMA_VERSION}). "
            "Please update the game; the file was left untouched."
        )
    if version == SCHEMA_VERSION:
        check_structure(conn)
    return version


def _cause_of(problem: SchemaProblem) -> str:
    """A database that fails its integrity check is damaged; one that passes but lacks our schema is foreign."""
    return DAMAGED if str(problem).startswith(INTEGRITY_FAILED) else NOT_A_WALLET


def _check_read_only(path: Path) -> bool:
    """Inspect an existing file through a read-only connection before writing to it.

    Read-only matters: closing the last read-write connection lets SQLite checkpoint and
    delete a ``-wal`` file, even next to a damaged database, and WAL mode would rewrite
    the header of a foreign file. A read-only connection changes nothing.
    Returns False when the file still needs its integrity check (new file, or read-only
    access was not possible).
    """
    wal = path.with_name(path.name + "-wal")
    size = path.stat().st_size if path.exists() else 0
    if size == 0:
        # SQLite deletes the -wal of an empty or missing database; keep it aside instead.
        if wal.exists() and wal.stat().st_size > 0:
            state = "empty" if path.exists() else "missing"
            raise _Unusable(
                f"the file is {state} but its write-ahead log {wal.name} is not"
            )
        return False
    uri = path.absolute().as_uri() + "?mode=ro"
    try:
        conn = sqlite3.connect(
            uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_S
        )
    except sqlite3.Error as exc:
        raise _classify(exc, path) from exc
    try:
        _inspect(conn, path, integrity=True)
        return True
    except SchemaProblem as exc:
        raise _Unusable(str(exc), _cause_of(exc)) from exc
    except sqlite3.Error as exc:
        problem = _classify(exc, path)
        if isinstance(problem, _Unusable):
            raise problem from exc
        name = getattr(exc, "sqlite_errorname", "") or ""
        if not name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")):
            raise problem from exc
        # e.g. a hot rollback journal only a writer can undo: check read-write instead.
        logger.info("Read-only check of %s not possible (%s)", path, exc)
        return False
    finally:
        conn.close()


def _connect(path: Path, starting_balance: int, now: str, keys: Keys) -> tuple[sqlite3.Connection, bool]:
    """Open (or create) the wallet file after checking it thoroughly; True when it was created.

    Raises _Unusable when the file must be set aside, StoreError when it must be left alone.
    """
    checked = _check_read_only(path)
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as exc:
        raise _classify(exc, path) from exc
    try:
        version = _inspect(conn, path, integrity=not checked)
        _apply_pragmas(conn, path)
        created = False
        if version is None:
            # A new file, or one whose creating transaction never committed.
            created = _initialise(conn, starting_balance, now, keys)
            if created:
                logger.info(
                    "Created a new wallet %s with %d cents", path, starting_balance
                )
            check_structure(conn)
        elif version < SCHEMA_VERSION:
            _migrate(conn, path, version)
            check_structure(conn)
        return conn, created
    except SchemaProblem as exc:
        conn.close()
        raise _Unusable(str(exc), _cause_of(exc)) from exc
    except sqlite3.Error as exc:
        conn.close()
        raise _classify(exc, path) from exc
    except BaseException:
        conn.close()
        raise


def _copy_wal(path: Path) -> Path | None:
    """A copy of the wallet's write-ahead log, taken before SQLite reads it (None when there is none).

    SQLite ignores a log's frames from the first bad checksum on, by design, and deletes the log
    once it has checkpointed; if the journal then shows that committed changes were lost, this
    copy is what is kept aside as the damaged log.
    """
    wal = path.with_name(path.name + "-wal")
    try:
        if wal.stat().st_size == 0:
            return None
    except FileNotFoundError:
        return None
    copy = path.with_name(path.name + "-wal.launch-copy")
    try:
        shutil.copyfile(wal, copy)
    except OSError as exc:
        logger.warning("no copy of %s (%s)", wal, exc)
        return None
    return copy


def _set_aside(path: Path, when: datetime, cause: str = DAMAGED) -> Path:
    """Rename the file and its SQLite siblings to ``<name>.corrupt-<UTC stamp>[-n]``.

    Nothing is ever deleted. The siblings keep their suffix (``...-wal``) so the set can
    still be opened together for inspection, and so a stale WAL can never be replayed into
    the fresh wallet.
    """
    stamp = when.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    base = f"{path.name}.corrupt-{stamp}"
    counter = 0
    while True:
        stem = base if counter == 0 else f"{base}-{counter}"
        targets = {s: path.with_name(stem + s) for s in ("", *SIBLING_SUFFIXES)}
        if not any(t.exists() for t in targets.values()):
            break
        counter += 1
    moved: list[Path] = []
    for suffix, target in targets.items():
        source = path.with_name(path.name + suffix)
        if not source.exists():
            continue
        try:
            os.rename(source, target)
        except OSError as exc:
            reason = exc.strerror or exc.__class__.__name__
            raise StoreError(
                f"The wallet file {source} is damaged and could not be moved aside to "
                f"{target} ({reason}). Please move it away by hand and start the game again."
            ) from exc
        logger.warning("Kept the wallet file %s (%s) as %s", source, cause, target)
        moved.append(target)
    return moved[0] if moved else targets[""]


@dataclass(frozen=True)
class OpenedFile:
    """The wallet's file, open and reconciled: its connection, what the player is told, and where
    a file set aside went (None when none was)."""

    conn: sqlite3.Connection
    notices: list[str]
    kept_as: Path | None
    keys: Keys


def open_file(path: Path, starting_balance: int, clock: Clock) -> OpenedFile:
    """Open (or create) the wallet file at ``path`` in a locked data folder, checked and reconciled
    with its journal. Raises StoreError when it must be left alone, DiskFull when the disk has no
    room: a wallet file this call began to create is removed then, never left behind empty."""
    siblings = [path.with_name(path.name + suffix) for suffix in ("", *SIBLING_SUFFIXES)]
    new_files = [p for p in siblings if not p.exists()] if not path.exists() or path.stat().st_size == 0 else []
    try:
        return _open_file(path, starting_balance, clock)
    except (DiskFull, OSError) as exc:
        if not isinstance(exc, DiskFull) and not is_disk_full(exc):
            raise
        for created in new_files:  # nothing in them: the wallet was never written
            created.unlink(missing_ok=True)
        raise DiskFull(path) from exc


def _open_file(path: Path, starting_balance: int, clock: Clock) -> OpenedFile:
    _check_files_writable([path.with_name(path.name + suffix) for suffix in ("", *SIBLING_SUFFIXES)]
                          + [journal.journal_path(path)])
    wal_copy = _copy_wal(path)  # SQLite drops a damaged log's frames and later deletes it: keep it first
    keys = Keys()
    notices: list[str] = []
    kept_as: Path | None = None
    unreadable = ""
    try:
        conn, created = _connect(path, starting_balance, iso(clock()), keys)
    except _Unusable as problem:
        kept_as = _set_aside(path, clock(), problem.cause)
        try:
            conn, created = _connect(path, starting_balance, iso(clock()), keys)
        except _Unusable as again:
            raise StoreError(
                f"A new wallet file {path} could not be created ({again})."
            ) from again
        what = "is damaged" if problem.cause == DAMAGED else f"is {problem.cause}"
        unreadable = f"The wallet file {path} {what} ({problem}); it was kept as {kept_as}"
        logger.warning("%s", unreadable)

    def replace_db() -> tuple[sqlite3.Connection, Path]:
        conn.close()
        aside = _set_aside(path, clock())
        fresh, _ = _connect(path, starting_balance, iso(clock()), keys)
        return fresh, aside

    try:
        outcome = reconcile.reconcile(conn, path, replace_db=replace_db, fresh=created or kept_as is not None,
                                      now=clock(), keys=keys)
    except BaseException:
        conn.close()
        raise
    conn = outcome.conn
    if kept_as is not None:
        notices.append(f"{unreadable}." if outcome.rebuilt else
                       f"{unreadable} and a new play-money wallet of {format_cents(starting_balance)} was opened.")
    elif outcome.wallet_kept_as is not None:
        kept_as = outcome.wallet_kept_as
    notices.extend(outcome.notices)
    if outcome.wallet_kept_as is not None:
        notices.append(f"The wallet file as it was is kept as {outcome.wallet_kept_as}.")
    if wal_copy is not None:
        if outcome.restored:
            aside = reconcile.keep_aside(wal_copy, "damaged", clock(), name=f"{path.name}-wal")
            notices.append(f"The damaged write-ahead log {path.name}-wal was kept as {aside.name}.")
        else:
            wal_copy.unlink()  # our own copy: the log it copied was sound
    return OpenedFile(conn, notices, kept_as, keys)


def _verified_records(lines: Sequence[tuple[str, str | None]], seal: Seal, seq: int, tip: str) -> list[str] | None:
    """Records 1..seq of ``lines`` when each carries its chained seal and record ``seq``'s is ``tip``."""
    if len(lines) < seq:
        return None
    previous = ""
    for text, mac in lines[:seq]:
        if mac is None or mac != seal.record(previous, text):
            return None
        previous = mac
    return [text for text, _ in lines[:seq]] if previous == tip else None


def _sealed_copies(path: Path) -> tuple[str | None, list[tuple[str, str | None]], list[tuple[str, str]]]:
    """The wallet file's verified mark, its records and its settings (what can be read of them, read-only)."""
    if not path.exists():
        return None, [], []
    try:
        conn = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error:
        return None, [], []
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (sealing.MARK_KEY,)).fetchone()
        records = [(text, mac) for text, mac in conn.execute("SELECT record, mac FROM journal ORDER BY seq")]
        settings = [(key, value) for key, value in conn.execute("SELECT key, value FROM settings")]
        return (row[0] if row else None), records, settings
    except sqlite3.Error:
        return None, [], []
    finally:
        conn.close()


def restore_verified(path: Path, clock: Clock) -> list[Path]:
    """Rebuild the wallet at ``path`` from its records up to its verified mark (the wallet file's copy
    of them, else the journal's), after keeping both files aside as ``*.attention-<time>``; returns
    where they went. StoreError, with the files left as they are, when neither copy holds them sealed."""
    keys = Keys()
    seal = keys.seal
    if seal is None:
        raise StoreError(f"The wallet cannot be restored: its key {keys.path} is missing.")
    mark_text, sql_lines, settings = _sealed_copies(path)
    mark = seal.read_mark(mark_text)
    if mark is None:
        raise StoreError(f"The wallet {path} cannot be restored: it holds no verified mark.")
    seq, tip = mark
    texts = _verified_records(sql_lines, seal, seq, tip)
    jpath = journal.journal_path(path)
    if texts is None:
        file = journal.read(jpath)
        if file is not None:
            lines = [(file.records[n], file.macs.get(n)) for n in range(1, file.contiguous + 1)]
            texts = _verified_records(lines, seal, seq, tip)
    if texts is None:
        raise StoreError(f"The wallet {path} cannot be restored: neither it nor its journal holds its records "
                         f"up to its verified mark (record {seq}) with their seals.")
    now = clock()
    kept = [reconcile.keep_aside(p, "attention", now)
            for p in (*(path.with_name(path.name + s) for s in ("", *SIBLING_SUFFIXES)), jpath) if p.exists()]
    conn, _ = _connect(path, 0, iso(now), keys)
    try:
        reconcile.apply_all(conn, texts, seal)
        conn.execute("BEGIN IMMEDIATE")
        sealing.write_mark(conn, seal, seq)
        conn.executemany("INSERT INTO settings (key, value) VALUES (?, ?)", settings)  # the player's, not money
        conn.execute("COMMIT")
        journal.rewrite(jpath, sealing.lines(conn))
    finally:
        conn.close()
    logger.warning("Wallet %s restored to its verified mark (record %d); its files were kept as %s",
                   path, seq, ", ".join(p.name for p in kept))
    return kept
