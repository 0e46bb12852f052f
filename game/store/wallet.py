"""The play-money wallet and the round journal, kept in one SQLite file.

Every state change is exactly one ``BEGIN IMMEDIATE`` ... ``COMMIT`` transaction on a
connection in autocommit mode (``isolation_level=None``), with WAL journaling: a crash or kill
at any point leaves either the state before or the state after the change, never a half-written
round or an unbalanced ledger. A commit is in the operating system's hands when its method
returns (a killed process loses nothing); :mod:`game.store.durability` forces it to the disk
on its own thread, and :meth:`Wallet.on_disk` says when it is there (opening, which may repair
the file, stays ``synchronous=FULL`` throughout).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

import platformdirs

from game.engine.money import format_cents
from game.store import journal, lock, reconcile, replica
from game.store.durability import DiskSync
from game.store.errors import InsufficientFunds, RoundNotOpen, StoreError
from game.store.records import POOL_INFLOWS, FreeGames, LedgerEntry, PoolEntry, PoolRound, RoundRecord
from game.store.schema import (
    CREATE_SQL,
    MIGRATIONS,
    SCHEMA_VERSION,
    SchemaProblem,
    check_structure,
    read_version,
    user_tables,
)

logger = logging.getLogger(__name__)

APP_NAME = "FestiveSlots"
DEFAULT_DB_NAME = "wallet.db"
DEFAULT_STARTING_BALANCE = 100_000  # cents

# Upper bound for any amount and for the balance, far beyond play money, so that no sum
# can approach SQLite's 64-bit integer limit (where it would silently turn into a REAL).
MAX_CENTS = 10**15
MAX_UNITS = MAX_CENTS * 100  # a jackpot pool's movements, in hundredths of a cent
MAX_SEED = 2**64 - 1
MAX_FREE_GAMES = 10_000  # in one grant

# How long to wait for another connection's write lock before giving up.
BUSY_TIMEOUT_S = 5.0

# Files SQLite may keep next to the database; all move together when it is set aside.
_SIBLING_SUFFIXES = ("-wal", "-shm", "-journal")

Clock = Callable[[], datetime]

# A change to a carried state (``Wallet.settle_round(state_updates=...)``): a dict replaces the
# stored state; a function gets the stored state ({} if none) inside the transaction and returns
# the new one, so that a read-modify-write cannot interleave. Neither may change a jackpot pool
# (a state's ``"pool"``): a pool moves only with its movements recorded (``begin_round``'s
# ``pool_seed`` / ``pool_contribution``, ``settle_round``'s ``jackpots`` / ``return_contribution``).
StateUpdate = dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any]]


def default_data_dir() -> Path:
    """The platform's per-user data folder for the game (not created here)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class WalletOpenResult:
    """What ``Wallet.open`` gives back.

    ``notice`` is a message for the player when the old wallet file had to be set aside
    (``kept_as`` is then where it went); both are ``None`` on a normal open.
    """

    wallet: Wallet
    notice: str | None = None
    kept_as: Path | None = None


class _Unusable(Exception):
    """The file is not a wallet we can trust; it must be set aside. Internal."""


# --------------------------------------------------------------------------- validation


def _check_cents(name: str, value: object, *, positive: bool = False) -> int:
    """Money is an int number of cents; refuse floats, bools and out-of-range values."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(
            f"{name} must be an int number of cents, not {type(value).__name__}"
        )
    low = 1 if positive else 0
    if not low <= value <= MAX_CENTS:
        raise ValueError(
            f"{name} must be between {low} and {MAX_CENTS} cents, not {value}"
        )
    return value


def _check_units(name: str, value: object) -> int:
    """A jackpot pool's movement: an int number of hundredths of a cent, 0 or more."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int number of hundredths of a cent, not {type(value).__name__}")
    if not 0 <= value <= MAX_UNITS:
        raise ValueError(f"{name} must be between 0 and {MAX_UNITS} hundredths of a cent, not {value}")
    return value


def _pool_in(state: Mapping[str, Any] | None, what: str) -> int | None:
    """The jackpot pool (units) a carried state holds, or None when it holds none."""
    if not state or "pool" not in state:
        return None
    units = state["pool"]
    if isinstance(units, bool) or not isinstance(units, int) or units < 0:
        raise StoreError(f"{what} holds a jackpot pool of {units!r}, not a whole number of hundredths of a cent")
    return units


def _check_id(round_id: object) -> int:
    if isinstance(round_id, bool) or not isinstance(round_id, int):
        raise TypeError(f"round_id must be an int, not {type(round_id).__name__}")
    return round_id


def _check_game_id(game_id: object) -> str:
    if not isinstance(game_id, str) or not game_id:
        raise ValueError(f"game_id must be a non-empty string, not {game_id!r}")
    return game_id


def _dumps(value: object, what: str) -> str:
    """Strict JSON (no NaN/Infinity) so every stored value can be read back by anyone."""
    try:
        return json.dumps(value, separators=(",", ":"), sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{what} is not JSON-serialisable: {exc}") from exc


def _dumps_dict(value: object, what: str) -> str:
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be a dict, not {type(value).__name__}")
    return _dumps(value, what)


def _dumps_opt_dict(value: object, what: str) -> str | None:
    return None if value is None else _dumps_dict(value, what)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


# --------------------------------------------------------------------------- opening


def _prepare_dir(data_dir: Path) -> None:
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
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_IOERR_SHORT_READ")):
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


def _initialise(conn: sqlite3.Connection, starting_balance: int, now: str) -> bool:
    """Create the schema and the opening balance in one transaction.

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
        replica.store(conn, replica.capture(conn, "wallet", meta=replica.meta_of(conn)))
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
            raise SchemaProblem(f"integrity check failed: {first}")
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
        raise _Unusable(str(exc)) from exc
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


def _connect(path: Path, starting_balance: int, now: str) -> tuple[sqlite3.Connection, bool]:
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
            created = _initialise(conn, starting_balance, now)
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
        raise _Unusable(str(exc)) from exc
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


def _set_aside(path: Path, when: datetime) -> Path:
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
        targets = {s: path.with_name(stem + s) for s in ("", *_SIBLING_SUFFIXES)}
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
        logger.warning("Kept unreadable wallet file %s as %s", source, target)
        moved.append(target)
    return moved[0] if moved else targets[""]


# --------------------------------------------------------------------------- the wallet


class Wallet:
    """Balance, rounds, ledger, per-game carried state and settings in one SQLite file.

    Obtain one with ``Wallet.open``. Not thread-safe: use it from the thread that opened it.
    Each mutating method is one transaction; commit happens before the method returns.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, clock: Clock, data_dir: Path) -> None:
        self._conn: sqlite3.Connection | None = conn
        self._path = path
        self._data_dir = data_dir  # its lock is held (one reference) until close
        self._opened_at = _iso(clock())
        self._journal = journal.JournalWriter(journal.journal_path(path))
        self._pending: list[str] = []  # journal lines of the transaction being written
        self._tx_ledger: list[int] = []  # ledger rows it wrote
        self._tx_states: list[str] = []  # carried states it wrote
        self._tx_pool: list[int] = []  # jackpot pool movements it wrote
        self._tx_bonus: list[int] = []  # bonus balance movements it wrote
        self._tx_grants: list[int] = []  # grants of free games it wrote or changed
        self._clock = clock
        row = conn.execute(
            "SELECT value FROM meta WHERE key = 'starting_balance'"
        ).fetchone()
        self._starting_balance = int(row[0])
        wal = str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
        if wal:  # commits stop waiting for the disk: the sync thread puts them there, checkpoints included
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA wal_autocheckpoint=0")
        self._disk = DiskSync(path, path.with_name(f"{path.name}-wal") if wal else None, self._journal.sync)

    # ----------------------------------------------------------------- open / close

    @classmethod
    def open(
        cls,
        data_dir: Path | str,
        *,
        starting_balance: int = DEFAULT_STARTING_BALANCE,
        name: str = DEFAULT_DB_NAME,
        clock: Clock | None = None,
    ) -> WalletOpenResult:
        """Open the wallet in ``data_dir`` (created if needed), or create a new one.

        A file that is not a database, fails the integrity check or lacks our schema is
        renamed aside and a fresh wallet with ``starting_balance`` is opened; the result's
        ``notice`` then tells the player. Raises FolderInUse (a StoreError) when another
        program has the folder open (its lock is held until ``close``), and StoreError when the
        folder is unusable, the file is locked or read-only, or it comes from a newer version.
        ``clock`` (returning an aware datetime) is for tests.
        """
        _check_cents("starting_balance", starting_balance)
        if not name or Path(name).name != name or name in (".", ".."):
            raise ValueError(f"name must be a plain file name, not {name!r}")
        clock = clock or _utc_now
        data_dir = Path(data_dir)
        _prepare_dir(data_dir)
        lock.acquire(data_dir)  # FolderInUse when another program has this folder open
        try:
            return cls._open_locked(data_dir, starting_balance, name, clock)
        except BaseException:
            lock.release(data_dir)
            raise

    @classmethod
    def _open_locked(cls, data_dir: Path, starting_balance: int, name: str, clock: Clock) -> WalletOpenResult:
        path = data_dir / name
        _check_files_writable([path.with_name(path.name + suffix) for suffix in ("", *_SIBLING_SUFFIXES)]
                              + [journal.journal_path(path)])
        wal_copy = _copy_wal(path)  # SQLite drops a damaged log's frames and later deletes it: keep it first
        notices: list[str] = []
        kept_as: Path | None = None
        unreadable = ""
        try:
            conn, created = _connect(path, starting_balance, _iso(clock()))
        except _Unusable as problem:
            kept_as = _set_aside(path, clock())
            try:
                conn, created = _connect(path, starting_balance, _iso(clock()))
            except _Unusable as again:
                raise StoreError(
                    f"A new wallet file {path} could not be created ({again})."
                ) from again
            unreadable = f"The wallet file {path} could not be read ({problem}); it was kept as {kept_as}"
            logger.warning("%s", unreadable)

        def replace_db() -> tuple[sqlite3.Connection, Path]:
            conn.close()
            aside = _set_aside(path, clock())
            fresh, _ = _connect(path, starting_balance, _iso(clock()))
            return fresh, aside

        try:
            outcome = reconcile.reconcile(conn, path, replace_db=replace_db, fresh=created or kept_as is not None,
                                          now=clock())
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
        conn.row_factory = sqlite3.Row
        try:
            wallet = cls(conn, path, clock, data_dir)
            # Problems here are logged, not acted on: the money records stay as they are.
            for problem_text in wallet.audit():
                logger.warning("Wallet %s audit: %s", path, problem_text)
            logger.info(
                "Opened wallet %s: balance %d cents, bonus %d cents, %d open round(s)",
                path,
                wallet.balance,
                wallet.bonus_balance,
                len(wallet.open_rounds()),
            )
        except BaseException:
            conn.close()
            raise
        notice = " ".join(notices) or None
        if notice:
            logger.warning("%s", notice)
        return WalletOpenResult(wallet=wallet, notice=notice, kept_as=kept_as)

    def close(self) -> None:
        """Close the connection (idempotent). Later calls raise StoreError."""
        if self._conn is not None:
            try:
                self._disk.close()  # every commit on disk first
                self._conn.close()
                self._journal.close()
            finally:
                self._conn = None
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
        return _iso(self._clock())

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: everything inside commits together or not at all."""
        conn = self._db()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(
                f"The wallet {self._path} could not be written ({exc})."
            ) from exc
        self._pending, self._tx_ledger, self._tx_states, self._tx_pool = [], [], [], []
        self._tx_bonus, self._tx_grants = [], []
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            self._pending = []
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    logger.exception("Rollback failed on wallet %s", self._path)
            if isinstance(exc, sqlite3.Error):
                raise StoreError(
                    f"The wallet {self._path} could not be written ({exc})."
                ) from exc
            raise
        self._flush_journal()
        self._disk.committed()

    def _journal_record(self, conn: sqlite3.Connection, kind: str, *, rounds: Sequence[int] = (),
                        decisions: Sequence[tuple[int, int]] = ()) -> None:
        """Keep this transaction's record in the journal table; its line follows the commit."""
        record = replica.capture(conn, kind, rounds=rounds, decisions=decisions, ledger=self._tx_ledger,
                                 game_states=self._tx_states, pool=self._tx_pool, grants=self._tx_grants,
                                 bonus=self._tx_bonus)
        self._pending.append(replica.store(conn, record))

    def _flush_journal(self) -> None:
        """Write the committed transaction's journal line (the second copy) and force it to disk.

        A failure is logged, not raised: the change is committed, and the next launch writes the
        journal again from the wallet.
        """
        pending, self._pending = self._pending, []
        for text in pending:
            try:
                self._journal.append(text)
            except OSError as exc:
                logger.error("Journal %s could not be written (%s); it will be rebuilt at the next start",
                             self._journal.path, exc)
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
            raise StoreError(
                f"The wallet {self._path} could not be read ({exc})."
            ) from exc

    @staticmethod
    def _balance_in(conn: sqlite3.Connection) -> int:
        return int(
            conn.execute("SELECT balance FROM wallet WHERE id = 1").fetchone()[0]
        )

    def _move(
        self,
        conn: sqlite3.Connection,
        kind: str,
        amount: int,
        round_id: int | None,
        now: str,
        reason: str | None = None,
        decision_seq: int | None = None,
    ) -> int:
        """Change the balance and write the matching ledger row; returns the new balance."""
        balance = self._balance_in(conn)
        new = balance - amount if kind == "debit" else balance + amount
        if new < 0:
            raise InsufficientFunds(balance, amount)
        if new > MAX_CENTS:
            raise StoreError(f"The balance would exceed {MAX_CENTS} cents.")
        conn.execute("UPDATE wallet SET balance = ? WHERE id = 1", (new,))
        cur = conn.execute(
            "INSERT INTO ledger (round_id, kind, amount, balance_after, at, reason, decision_seq) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (round_id, kind, amount, new, now, reason, decision_seq),
        )
        assert cur.lastrowid is not None  # the INSERT just run sets it
        self._tx_ledger.append(cur.lastrowid)
        return new

    @staticmethod
    def _bonus_in(conn: sqlite3.Connection) -> int:
        return int(conn.execute("SELECT bonus FROM wallet WHERE id = 1").fetchone()[0])

    @staticmethod
    def _reserved_in(conn: sqlite3.Connection) -> int:
        """The bonus money that pays the free games still to play (each grant's games left x stake)."""
        return int(conn.execute("SELECT COALESCE(SUM(games_left * stake), 0) FROM free_games").fetchone()[0])

    @staticmethod
    def _available_in(conn: sqlite3.Connection) -> tuple[int, int]:
        """(cash, bonus) a stake can be paid with: the balance, and the bonus beyond the free games' own.

        One statement, so that it is consistent outside a transaction too.
        """
        cash, bonus, reserved = conn.execute(
            "SELECT balance, bonus, (SELECT COALESCE(SUM(games_left * stake), 0) FROM free_games) "
            "FROM wallet WHERE id = 1"
        ).fetchone()
        return int(cash), max(0, int(bonus) - int(reserved))

    def _move_bonus(
        self,
        conn: sqlite3.Connection,
        kind: str,
        amount: int,
        round_id: int | None,
        now: str,
        *,
        reason: str | None = None,
        decision_seq: int | None = None,
        grant_id: int | None = None,
    ) -> int:
        """Change the bonus balance and write the matching ``bonus_ledger`` row; returns the new bonus."""
        bonus = self._bonus_in(conn)
        new = bonus - amount if kind == "debit" else bonus + amount
        if new < 0:
            raise InsufficientFunds(bonus, amount)
        if new > MAX_CENTS:
            raise StoreError(f"The bonus balance would exceed {MAX_CENTS} cents.")
        conn.execute("UPDATE wallet SET bonus = ? WHERE id = 1", (new,))
        cur = conn.execute(
            "INSERT INTO bonus_ledger (round_id, kind, amount, bonus_after, at, reason, decision_seq, grant_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (round_id, kind, amount, new, now, reason, decision_seq, grant_id),
        )
        assert cur.lastrowid is not None  # the INSERT just run sets it
        self._tx_bonus.append(cur.lastrowid)
        return new

    def _pay(self, conn: sqlite3.Connection, amount: int, round_id: int, now: str,
             decision_seq: int | None = None) -> int:
        """Debit a stake (a purchase, or a priced decision) by the payment order; returns the bonus part.

        Cash first; what the balance cannot cover comes from the bonus balance beyond the money of
        the free games still to play (``_available_in``). InsufficientFunds when both together fall
        short; the caller's transaction then writes nothing.
        """
        cash, bonus = self._available_in(conn)
        if cash + bonus < amount:
            raise InsufficientFunds(cash + bonus, amount)
        from_cash = min(cash, amount)
        if from_cash:
            self._move(conn, "debit", from_cash, round_id, now, decision_seq=decision_seq)
        if amount - from_cash:
            self._move_bonus(conn, "debit", amount - from_cash, round_id, now, decision_seq=decision_seq)
        return amount - from_cash

    def _put_game_state(
        self, conn: sqlite3.Connection, game_id: str, state: str, now: str
    ) -> None:
        self._tx_states.append(game_id)
        conn.execute(
            "INSERT INTO game_state (game_id, state, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET state = excluded.state, "
            "updated_at = excluded.updated_at",
            (game_id, state, now),
        )

    @staticmethod
    def _stored_state(conn: sqlite3.Connection, game_id: str) -> dict[str, Any]:
        row = conn.execute("SELECT state FROM game_state WHERE game_id = ?", (game_id,)).fetchone()
        return {} if row is None else dict(json.loads(row["state"]))

    def _change_state(
        self,
        conn: sqlite3.Connection,
        game_id: str,
        state: dict[str, Any] | None,
        now: str,
        *,
        moves: Sequence[tuple[str, int]] = (),
        round_id: int | None = None,
    ) -> None:
        """Write a carried state, each change to the jackpot pool it holds recorded as a movement.

        ``moves`` ((kind, units), in order, 0 units skipped) change the stored pool; a ``seed``
        starts a pool where the state held none. ``state`` (None: the stored state, its pool
        changed by ``moves``) must hold the pool they reach: a pool changed without its movements,
        or movements that do not reach the pool given, raise StoreError and nothing is written.
        """
        stored = self._stored_state(conn, game_id)
        pool = _pool_in(stored, f"the carried state of {game_id!r}")
        moves = [(kind, units) for kind, units in moves if units]
        for kind, units in moves:
            if kind == "seed":
                if pool is not None:
                    raise StoreError(f"The jackpot pool of {game_id!r} has started already: it is not seeded again.")
                pool = 0
            elif pool is None:
                raise StoreError(f"{game_id!r} has no jackpot pool to record a {kind} of {units} units in.")
            pool += units if kind in POOL_INFLOWS else -units
            if pool < 0:
                raise StoreError(f"The jackpot pool of {game_id!r} would be negative ({pool} units) after a {kind}.")
            assert round_id is not None  # every movement belongs to the round that made it
            cur = conn.execute(
                "INSERT INTO pool_ledger (game_id, round_id, kind, units, pool_after, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, round_id, kind, units, pool, now),
            )
            assert cur.lastrowid is not None  # the INSERT just run sets it
            self._tx_pool.append(cur.lastrowid)
        if state is None:
            if not moves:
                return
            state = {**stored, "pool": pool}
        else:
            given = _pool_in(state, f"the new carried state of {game_id!r}")
            if given != pool:
                raise StoreError(
                    f"The carried state of {game_id!r} would hold a jackpot pool of {given} units, but its "
                    f"movements give {pool}: a pool changes only with its movements recorded; nothing was written."
                )
        self._put_game_state(conn, game_id, _dumps_dict(state, f"carried state {game_id!r}"), now)

    def _open_round_in(
        self, conn: sqlite3.Connection, round_id: int, action: str
    ) -> sqlite3.Row:
        """The open round's ``game_id`` and ``cost``; StoreError / RoundNotOpen otherwise."""
        row = conn.execute(
            "SELECT status, game_id, cost FROM rounds WHERE id = ?", (round_id,)
        ).fetchone()
        if row is None:
            raise StoreError(
                f"There is no round {round_id} in the wallet {self._path}."
            )
        if row["status"] != "open":
            raise RoundNotOpen(round_id, action)
        return row

    def _apply_state_updates(
        self, conn: sqlite3.Connection, updates: Mapping[str, StateUpdate], now: str
    ) -> None:
        for key, update in updates.items():
            if callable(update):
                update = update(self._stored_state(conn, key))
            _dumps_dict(update, f"carried state {key!r}")
            self._change_state(conn, key, update, now)

    # ----------------------------------------------------------------- money

    @property
    def balance(self) -> int:
        """The current balance in cents, read from the database."""
        try:
            return self._balance_in(self._db())
        except sqlite3.Error as exc:
            raise StoreError(
                f"The wallet {self._path} could not be read ({exc})."
            ) from exc

    @property
    def bonus_balance(self) -> int:
        """The bonus balance in cents (promotional money: it can only be staked), read from the database."""
        try:
            return self._bonus_in(self._db())
        except sqlite3.Error as exc:
            raise StoreError(f"The wallet {self._path} could not be read ({exc}).") from exc

    @property
    def available(self) -> int:
        """What a stake (not a free game) can be paid with now: the balance, and the bonus balance
        beyond the money of the free games still to play (see ``begin_round``'s payment order)."""
        try:
            cash, bonus = self._available_in(self._db())
        except sqlite3.Error as exc:
            raise StoreError(f"The wallet {self._path} could not be read ({exc}).") from exc
        return cash + bonus

    def top_up(self, amount: int, reason: str = "play-money top-up") -> int:
        """Add play money (ledger kind ``'top_up'``); returns the new balance."""
        _check_cents("amount", amount, positive=True)
        with self._write() as conn:
            new = self._move(conn, "top_up", amount, None, self._now(), reason)
            self._journal_record(conn, "top_up")
        logger.info("Top-up of %d cents (%s); balance %d", amount, reason, new)
        return new

    def ledger(self, limit: int | None = None) -> list[LedgerEntry]:
        """Money movements, newest first (at most ``limit`` of them)."""
        if limit is not None and (not isinstance(limit, int) or limit < 0):
            raise ValueError(f"limit must be a non-negative int or None, not {limit!r}")
        sql = "SELECT * FROM ledger ORDER BY id DESC"
        params: tuple[int, ...] = ()
        if limit is not None:
            sql += " LIMIT ?"
            params = (limit,)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [
            LedgerEntry(
                id=r["id"],
                round_id=r["round_id"],
                kind=r["kind"],
                amount=r["amount"],
                balance_after=r["balance_after"],
                at=r["at"],
                reason=r["reason"],
                decision_seq=r["decision_seq"],
            )
            for r in rows
        ]

    def bonus_ledger(self, limit: int | None = None) -> list[LedgerEntry]:
        """The bonus balance's movements, newest first (at most ``limit``), as ``account="bonus"`` entries."""
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise ValueError(f"limit must be a non-negative int or None, not {limit!r}")
        sql = "SELECT * FROM bonus_ledger ORDER BY id DESC"
        params: tuple[int, ...] = ()
        if limit is not None:
            sql += " LIMIT ?"
            params = (limit,)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [
            LedgerEntry(id=r["id"], round_id=r["round_id"], kind=r["kind"], amount=r["amount"],
                        balance_after=r["bonus_after"], at=r["at"], reason=r["reason"],
                        decision_seq=r["decision_seq"], account="bonus", grant_id=r["grant_id"])
            for r in rows
        ]

    # ----------------------------------------------------------------- free games

    def grant_free_games(self, games: int, stake: int, game_id: str | None = None, *,
                         reason: str = "free games") -> FreeGames:
        """Grant ``games`` free games at ``stake`` cents for ``game_id`` (None: any game whose bet
        ladder offers that stake), in one transaction: the grant, and its money (games x stake) into
        the bonus balance (a ``grant`` row of the bonus ledger). Returns the grant."""
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_FREE_GAMES:
            raise ValueError(f"games must be an int from 1 to {MAX_FREE_GAMES}, not {games!r}")
        _check_cents("stake", stake, positive=True)
        _check_cents("the grant's money", games * stake, positive=True)
        if game_id is not None:
            _check_game_id(game_id)
        if not isinstance(reason, str) or not reason:
            raise ValueError(f"reason must be a non-empty string, not {reason!r}")
        with self._write() as conn:
            now = self._now()
            cur = conn.execute(
                "INSERT INTO free_games (game_id, stake, games, games_left, reason, granted_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, stake, games, games, reason, now),
            )
            assert cur.lastrowid is not None  # the INSERT just run sets it
            grant_id = cur.lastrowid
            self._tx_grants.append(grant_id)
            self._move_bonus(conn, "grant", games * stake, None, now, reason=reason, grant_id=grant_id)
            self._journal_record(conn, "grant")
            grant = self._grants_in(conn, "WHERE id = ?", (grant_id,))[0]
        logger.info("Granted %d free game(s) at %d cents for %s (%s)", games, stake, game_id or "any game", reason)
        return grant

    @staticmethod
    def _grants_in(conn: sqlite3.Connection, where: str = "", params: tuple[Any, ...] = ()) -> list[FreeGames]:
        return [
            FreeGames(id=r["id"], game_id=r["game_id"], stake=r["stake"], games=r["games"],
                      games_left=r["games_left"], reason=r["reason"], granted_at=r["granted_at"])
            for r in conn.execute(f"SELECT * FROM free_games {where} ORDER BY id", params)
        ]

    def free_games(self, game_id: str | None = None, bets: tuple[int, ...] | None = None, *,
                   used: bool = False) -> list[FreeGames]:
        """Grants of free games, oldest first: those with games left (``used``: every grant ever made),
        of those a game ``game_id`` with the bet ladder ``bets`` may play when they are given."""
        try:  # one statement: no transaction needed
            grants = self._grants_in(self._db(), "" if used else "WHERE games_left > 0")
        except sqlite3.Error as exc:
            raise StoreError(f"The wallet {self._path} could not be read ({exc}).") from exc
        if game_id is not None:
            grants = [g for g in grants if g.game_id in (None, game_id)]
        if bets is not None:
            grants = [g for g in grants if g.stake in bets]
        return grants

    # ----------------------------------------------------------------- rounds

    def begin_round(
        self,
        game_id: str,
        bet: int,
        cost: int,
        seed: int,
        *,
        buy: bool = False,
        state_in: dict[str, Any] | None = None,
        summary: dict[str, Any] | None = None,
        game_state: dict[str, Any] | None = None,
        engine_version: str | None = None,
        data_digest: str | None = None,
        replay_check: dict[str, Any] | None = None,
        pool_seed: int = 0,
        pool_contribution: int = 0,
        free_game: int | None = None,
    ) -> int:
        """Debit ``cost`` and journal the round's inputs in one transaction; returns its id.

        ``cost`` is the purchase price (the bet, or the buy price); priced decisions recorded
        later add to the round's stake. The payment order: cash first, and what the balance cannot
        cover from the bonus balance beyond the money of the free games still to play (``available``);
        each part is its account's ledger row. Raises InsufficientFunds (and writes nothing) when
        the two together are below ``cost``.

        ``free_game`` (a grant's id, see ``grant_free_games``) makes the round one of that grant's
        free games: its ``cost`` (and ``bet``) must be the grant's stake, it buys no feature, and
        the stake comes wholly from the bonus balance (the grant's own money) while the grant's
        games left go down by one, in the same transaction; StoreError, and nothing written, when
        the grant has no game left or is for another game or stake.
        ``game_state``, when given, replaces the game's carried state in the same
        transaction (e.g. a jackpot pool fed by this bet). A ``cost`` of 0 writes no
        ledger row. ``engine_version``, ``data_digest`` and ``replay_check`` name what played
        the round and what it showed at purchase, so that a replay can be checked against it.

        A round of a game whose carried state holds a jackpot pool (``{"pool": units}``, in
        hundredths of a cent) records, in the same transaction, the pool's ``pool_seed`` when
        this round starts it and the wager's ``pool_contribution`` (``pool_ledger`` rows); the
        pool in ``game_state`` must be the stored one (or none) plus both. Such a round must have
        been computed from the pool the wallet holds (``state_in``'s pool), and no other round of
        its game may be open: otherwise StoreError, and nothing is written.
        """
        _check_game_id(game_id)
        _check_cents("bet", bet)
        _check_cents("cost", cost)
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int)
            or not 0 <= seed <= MAX_SEED
        ):
            raise ValueError(f"seed must be an int in [0, 2**64 - 1], not {seed!r}")
        state_in_json = _dumps_opt_dict(state_in, "state_in")
        summary_json = _dumps_opt_dict(summary, "summary")
        _dumps_opt_dict(game_state, "game_state")
        check_json = _dumps_opt_dict(replay_check, "replay_check")
        _check_units("pool_seed", pool_seed)
        _check_units("pool_contribution", pool_contribution)
        for label, text in (("engine_version", engine_version), ("data_digest", data_digest)):
            if text is not None and not isinstance(text, str):
                raise TypeError(f"{label} must be a str or None, not {type(text).__name__}")
        if free_game is not None:
            if isinstance(free_game, bool) or not isinstance(free_game, int):
                raise TypeError(f"free_game must be a grant's id (an int), not {type(free_game).__name__}")
            if buy:
                raise ValueError("a free game buys no feature")
        with self._write() as conn:
            if free_game is None:
                cash, bonus = self._available_in(conn)
                if cash + bonus < cost:
                    raise InsufficientFunds(cash + bonus, cost)
            else:
                self._check_free_game(conn, free_game, game_id, bet, cost)
            now = self._now()
            self._check_pool_round(conn, game_id, state_in, starts=pool_seed > 0)
            cur = conn.execute(
                "INSERT INTO rounds (game_id, bet, cost, seed, buy, state_in, summary, "
                "status, created_at, engine_version, data_digest, replay_check) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)",
                (
                    game_id,
                    bet,
                    cost,
                    str(seed),
                    int(bool(buy)),
                    state_in_json,
                    summary_json,
                    now,
                    engine_version,
                    data_digest,
                    check_json,
                ),
            )
            assert cur.lastrowid is not None  # the INSERT just run sets it
            round_id = cur.lastrowid
            if free_game is not None:
                conn.execute("UPDATE free_games SET games_left = games_left - 1 WHERE id = ?", (free_game,))
                self._tx_grants.append(free_game)
                self._move_bonus(conn, "debit", cost, round_id, now, grant_id=free_game)
            elif cost > 0:
                self._pay(conn, cost, round_id, now)
            if game_state is not None or pool_seed or pool_contribution:
                self._change_state(conn, game_id, game_state, now, round_id=round_id,
                                   moves=[("seed", pool_seed), ("contribution", pool_contribution)])
            self._journal_record(conn, "begin", rounds=[round_id])
        logger.debug(
            "Round %d begun: %s cost %d seed %d%s", round_id, game_id, cost, seed,
            "" if free_game is None else f" (a free game of grant {free_game})",
        )
        return round_id

    def _check_free_game(self, conn: sqlite3.Connection, grant_id: int, game_id: str, bet: int, cost: int) -> None:
        """A free game about to begin: its grant has a game left, for this game and at this stake."""
        row = conn.execute("SELECT game_id, stake, games_left FROM free_games WHERE id = ?", (grant_id,)).fetchone()
        if row is None:
            raise StoreError(f"There is no grant {grant_id} of free games in the wallet {self._path}.")
        if row["games_left"] < 1:
            raise StoreError(f"The free games of grant {grant_id} have all been played; the round was not begun.")
        if row["game_id"] not in (None, game_id):
            raise StoreError(f"The free games of grant {grant_id} are for {row['game_id']!r}, not {game_id!r}; "
                             "the round was not begun.")
        if (bet, cost) != (row["stake"], row["stake"]):
            raise StoreError(f"The free games of grant {grant_id} are played at {row['stake']} cents, not a bet of "
                             f"{bet} costing {cost}; the round was not begun.")

    def _check_pool_round(self, conn: sqlite3.Connection, game_id: str, state_in: dict[str, Any] | None, *,
                          starts: bool) -> None:
        """A round about to begin on a jackpot pool: computed from the stored pool, alone in its game.

        The round's pool arithmetic starts from ``state_in``; the wallet then stores its outcome by
        movements from the pool it holds. The two must be the same pool, and no other open round
        of the game may move it meanwhile. A round of a game with no pool (and not starting one)
        is not concerned.
        """
        held = _pool_in(self._stored_state(conn, game_id), f"the carried state of {game_id!r}")
        if held is None and not starts:
            return
        computed = _pool_in(state_in, "the round's state_in")
        if computed != held:
            raise StoreError(
                f"The round of {game_id!r} was computed from a jackpot pool of {computed} units, but the wallet "
                f"holds {held}; it was not begun."
            )
        other = conn.execute(
            "SELECT id FROM rounds WHERE game_id = ? AND status = 'open' ORDER BY id LIMIT 1", (game_id,)
        ).fetchone()
        if other is not None:
            raise StoreError(
                f"Round {other['id']} of {game_id!r} is still open: a round on its jackpot pool begins only "
                "when the last one has settled; it was not begun."
            )

    def record_decision(self, round_id: int, decision: object, price: int = 0) -> int:
        """Append a player decision (any JSON value) to an open round; returns its index.

        A ``price`` above 0 is debited in the same transaction, tied to the decision in the
        ledger, and added to the round's ``cost``: the decision and its payment are stored
        together or not at all. It is paid as a purchase is (``begin_round``'s payment order:
        cash first, then the bonus beyond the free games' money; in a free game too). Raises
        InsufficientFunds (and writes nothing) when the two together are below ``price``.
        """
        _check_id(round_id)
        _check_cents("price", price)
        data = _dumps(decision, "decision")
        with self._write() as conn:
            self._open_round_in(conn, round_id, "record a decision")
            if price > 0 and sum(funds := self._available_in(conn)) < price:
                raise InsufficientFunds(sum(funds), price)
            seq = int(
                conn.execute(
                    "SELECT COALESCE(MAX(seq) + 1, 0) FROM decisions WHERE round_id = ?",
                    (round_id,),
                ).fetchone()[0]
            )
            now = self._now()
            conn.execute(
                "INSERT INTO decisions (round_id, seq, data, at, price) VALUES (?, ?, ?, ?, ?)",
                (round_id, seq, data, now, price),
            )
            if price > 0:
                conn.execute(
                    "UPDATE rounds SET cost = cost + ? WHERE id = ?", (price, round_id)
                )
                self._pay(conn, price, round_id, now, decision_seq=seq)
            self._journal_record(conn, "decision", rounds=[round_id], decisions=[(round_id, seq)])
        if price > 0:
            logger.debug("Round %d decision %d bought for %d", round_id, seq, price)
        return seq

    def set_progress(self, round_id: int, progress: dict[str, Any]) -> None:
        """Record where the presentation of an open round stands (e.g. ``{"step": 12}``).

        Each call is a durable commit (an fsync): call it per step, not per frame.
        """
        _check_id(round_id)
        data = _dumps_dict(progress, "progress")
        with self._write() as conn:
            self._open_round_in(conn, round_id, "set its progress")
            conn.execute(
                "UPDATE rounds SET progress = ? WHERE id = ?", (data, round_id)
            )

    def settle_round(
        self,
        round_id: int,
        win: int,
        *,
        state_out: dict[str, Any] | None = None,
        summary: dict[str, Any] | None = None,
        note: str | None = None,
        game_state: dict[str, Any] | None = None,
        state_updates: Mapping[str, StateUpdate] | None = None,
        expected_cost: int | None = None,
        jackpots: Sequence[tuple[int, int]] = (),
        return_contribution: bool = False,
    ) -> int:
        """Credit ``win`` and mark the round settled in one transaction; returns the balance.

        The win is credited to cash and bonus in the blend of what the round was paid with: the
        bonus balance gets ``bonus_share(win, cost, bonus paid)`` (rounded down), cash the rest
        (the odd cent), each its account's ledger row; a stake returned (``win`` equal to it) goes
        back to the accounts it came from, cent for cent.
        A second settlement raises RoundNotOpen (a StoreError) and credits nothing.
        ``summary``, when given, replaces the one from ``begin_round``. In the same
        transaction, ``game_state`` replaces the round's game's carried state and
        ``state_updates`` changes any carried state by key (see ``StateUpdate``; it may not
        change a jackpot pool). ``expected_cost``, when given, must equal the
        round's stake as stored (its purchase and priced decisions), or StoreError is raised
        and nothing is written: a win is never credited for a round that was not paid in full.

        The round's game's jackpot pool moves in the same transaction, each movement recorded:
        for each of ``jackpots``, (cents paid, units reseeded after it), in the order they were
        won, the cents (part of ``win``: the round's one credit includes them) are paid from the
        pool and the reseed added back; with ``return_contribution`` (a settlement that returns
        the stake) the wager's contribution is taken back out instead. ``game_state``, when given,
        must hold the pool they reach (when not, the stored state gets it): StoreError otherwise,
        and nothing is written.
        """
        _check_id(round_id)
        _check_cents("win", win)
        if expected_cost is not None:
            _check_cents("expected_cost", expected_cost)
        moves: list[tuple[str, int]] = []
        for paid, reseed in jackpots:
            moves += [("payout", _check_cents("a jackpot", paid) * 100), ("reseed", _check_units("reseed", reseed))]
        paid_out = sum(units for kind, units in moves if kind == "payout") // 100
        if paid_out > win:
            raise ValueError(f"jackpots of {paid_out} cents are part of the win, but the win is {win}")
        if return_contribution and jackpots:
            raise ValueError("a settlement that returns the contribution pays no jackpot")
        state_out_json = _dumps_opt_dict(state_out, "state_out")
        summary_json = _dumps_opt_dict(summary, "summary")
        _dumps_opt_dict(game_state, "game_state")
        if note is not None and not isinstance(note, str):
            raise TypeError(f"note must be a str or None, not {type(note).__name__}")
        updates = dict(state_updates or {})
        for key, update in updates.items():
            _check_game_id(key)
            if not callable(update):
                _dumps_dict(update, f"carried state {key!r}")
        with self._write() as conn:
            row = self._open_round_in(conn, round_id, "settle it again")
            if expected_cost is not None and row["cost"] != expected_cost:
                raise StoreError(
                    f"Round {round_id} was paid {row['cost']} cents, not the {expected_cost} "
                    "cents its play cost; it was not settled."
                )
            if game_state is not None and row["game_id"] in updates:
                raise ValueError(
                    f"the carried state of {row['game_id']!r} is given twice (game_state and state_updates)"
                )
            now = self._now()
            conn.execute(
                "UPDATE rounds SET status = 'settled', win = ?, settled_at = ?, state_out = ?, "
                "summary = COALESCE(?, summary), note = ? WHERE id = ?",
                (win, now, state_out_json, summary_json, note, round_id),
            )
            to_bonus = bonus_share(win, row["cost"], self._bonus_paid(conn, round_id))
            if win - to_bonus > 0:
                self._move(conn, "credit", win - to_bonus, round_id, now)
            if to_bonus > 0:
                self._move_bonus(conn, "credit", to_bonus, round_id, now)
            if return_contribution:
                moves = [("refund", self._contribution_of(conn, round_id))]
            if game_state is not None or any(units for _, units in moves):
                self._change_state(conn, row["game_id"], game_state, now, moves=moves, round_id=round_id)
            self._apply_state_updates(conn, updates, now)
            balance = self._balance_in(conn)
            self._journal_record(conn, "settle", rounds=[round_id])
        logger.debug("Round %d settled: win %d, balance %d", round_id, win, balance)
        return balance

    @staticmethod
    def _bonus_paid(conn: sqlite3.Connection, round_id: int) -> int:
        """The cents of the round's stake paid from the bonus balance (its purchase and decisions)."""
        return int(conn.execute(
            "SELECT COALESCE(SUM(amount), 0) FROM bonus_ledger WHERE round_id = ? AND kind = 'debit'", (round_id,)
        ).fetchone()[0])

    @staticmethod
    def _contribution_of(conn: sqlite3.Connection, round_id: int) -> int:
        """The units the round's wager added to its game's jackpot pool (0: none)."""
        return int(conn.execute(
            "SELECT COALESCE(SUM(units), 0) FROM pool_ledger WHERE round_id = ? AND kind = 'contribution'",
            (round_id,),
        ).fetchone()[0])

    def _records(
        self, conn: sqlite3.Connection, rows: Sequence[sqlite3.Row]
    ) -> list[RoundRecord]:
        decisions: dict[int, list[Any]] = {r["id"]: [] for r in rows}
        prices: dict[int, list[int]] = {r["id"]: [] for r in rows}
        balances: dict[int, tuple[int | None, int | None]] = {}
        pools: dict[int, tuple[int, int]] = {}
        bonus: dict[int, tuple[int, int, int | None]] = {}
        if decisions:
            marks = ",".join("?" * len(decisions))
            for d in conn.execute(
                f"SELECT round_id, data, price FROM decisions WHERE round_id IN ({marks}) "
                "ORDER BY round_id, seq",
                tuple(decisions),
            ):
                decisions[d["round_id"]].append(json.loads(d["data"]))
                prices[d["round_id"]].append(d["price"])
            for b in conn.execute(
                "SELECT l.round_id, f.balance_after + CASE WHEN f.kind = 'debit' THEN f.amount ELSE -f.amount END "
                "AS before, l.balance_after AS after "
                f"FROM (SELECT round_id, MIN(id) AS first, MAX(id) AS last FROM ledger WHERE round_id IN ({marks}) "
                "GROUP BY round_id) m JOIN ledger f ON f.id = m.first JOIN ledger l ON l.id = m.last",
                tuple(decisions),
            ):
                balances[b["round_id"]] = (b["before"], b["after"])
            for p in conn.execute(
                "SELECT round_id, SUM(CASE WHEN kind = 'contribution' THEN units ELSE 0 END) AS contribution, "
                "SUM(CASE WHEN kind = 'payout' THEN units ELSE 0 END) AS payout "
                f"FROM pool_ledger WHERE round_id IN ({marks}) GROUP BY round_id",
                tuple(decisions),
            ):
                pools[p["round_id"]] = (p["contribution"], p["payout"] // 100)
            for b in conn.execute(
                "SELECT round_id, SUM(CASE WHEN kind = 'debit' THEN amount ELSE 0 END) AS paid, "
                "SUM(CASE WHEN kind = 'credit' THEN amount ELSE 0 END) AS won, MAX(grant_id) AS free_game "
                f"FROM bonus_ledger WHERE round_id IN ({marks}) GROUP BY round_id",
                tuple(decisions),
            ):
                bonus[b["round_id"]] = (b["paid"], b["won"], b["free_game"])
        return [
            RoundRecord(
                id=r["id"],
                game_id=r["game_id"],
                bet=r["bet"],
                cost=r["cost"],
                seed=int(r["seed"]),
                buy=bool(r["buy"]),
                state_in=_loads(r["state_in"]),
                decisions=decisions[r["id"]],
                decision_costs=prices[r["id"]],
                progress=_loads(r["progress"]),
                status=r["status"],
                win=r["win"],
                state_out=_loads(r["state_out"]),
                summary=_loads(r["summary"]),
                created_at=r["created_at"],
                settled_at=r["settled_at"],
                note=r["note"],
                engine_version=r["engine_version"],
                data_digest=r["data_digest"],
                replay_check=_loads(r["replay_check"]),
                balance_before=balances.get(r["id"], (None, None))[0],
                balance_after=balances.get(r["id"], (None, None))[1] if r["status"] == "settled" else None,
                pool_contribution=pools.get(r["id"], (0, 0))[0],
                jackpot=pools.get(r["id"], (0, 0))[1],
                bonus_cost=bonus.get(r["id"], (0, 0, None))[0],
                bonus_win=bonus.get(r["id"], (0, 0, None))[1],
                free_game=bonus.get(r["id"], (0, 0, None))[2],
            )
            for r in rows
        ]

    def get_round(self, round_id: int) -> RoundRecord:
        """One round by id; StoreError if there is no such round."""
        _check_id(round_id)
        with self._read() as conn:
            rows = conn.execute(
                "SELECT * FROM rounds WHERE id = ?", (round_id,)
            ).fetchall()
            if not rows:
                raise StoreError(
                    f"There is no round {round_id} in the wallet {self._path}."
                )
            return self._records(conn, rows)[0]

    def open_rounds(self, game_id: str | None = None) -> list[RoundRecord]:
        """Unsettled rounds (of one game, or all), oldest first: what a launch must resume."""
        sql = "SELECT * FROM rounds WHERE status = 'open'"
        params: tuple[str, ...] = ()
        if game_id is not None:
            sql += " AND game_id = ?"
            params = (game_id,)
        with self._read() as conn:
            return self._records(
                conn, conn.execute(sql + " ORDER BY id", params).fetchall()
            )

    def history(self, game_id: str | None, limit: int = 10) -> list[RoundRecord]:
        """Settled rounds of ``game_id`` (``None``: all games), newest round first."""
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValueError(f"limit must be a non-negative int, not {limit!r}")
        sql = "SELECT * FROM rounds WHERE status = 'settled'"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " AND game_id = ?"
            params = (game_id,)
        with self._read() as conn:
            rows = conn.execute(
                sql + " ORDER BY id DESC LIMIT ?", (*params, limit)
            ).fetchall()
            return self._records(conn, rows)

    def recall(self, game_id: str | None, limit: int = 10) -> list[RoundRecord]:
        """The last ``limit`` rounds of ``game_id`` (``None``: all games), settled or not, newest first.

        What the player's history (recall) shows: an open round is one being played now or one
        interrupted by an earlier run (begun before ``opened_at``) that has not settled yet.
        """
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValueError(f"limit must be a non-negative int, not {limit!r}")
        sql = "SELECT * FROM rounds"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " WHERE game_id = ?"
            params = (game_id,)
        with self._read() as conn:
            rows = conn.execute(sql + " ORDER BY id DESC LIMIT ?", (*params, limit)).fetchall()
            return self._records(conn, rows)

    @property
    def opened_at(self) -> str:
        """When this wallet was opened (ISO UTC, the format of ``created_at``)."""
        return self._opened_at

    # ----------------------------------------------------------------- carried state

    def game_state(self, game_id: str) -> dict[str, Any]:
        """The state a game carries between rounds (``{}`` if none was stored)."""
        _check_game_id(game_id)
        with self._read() as conn:
            row = conn.execute(
                "SELECT state FROM game_state WHERE game_id = ?", (game_id,)
            ).fetchone()
        return {} if row is None else json.loads(row["state"])

    def set_game_state(self, game_id: str, state: dict[str, Any]) -> None:
        """Replace a game's carried state; StoreError if that would change a jackpot pool."""
        _check_game_id(game_id)
        _dumps_dict(state, "state")
        with self._write() as conn:
            self._change_state(conn, game_id, state, self._now())
            self._journal_record(conn, "state")

    # ----------------------------------------------------------------- jackpot pools

    def jackpot_pool(self, game_id: str) -> int | None:
        """The jackpot pool of ``game_id`` in hundredths of a cent; None before its first round.

        One indexed read, no transaction: cheap enough for a counter shown live.
        """
        _check_game_id(game_id)
        try:
            row = self._db().execute("SELECT state FROM game_state WHERE game_id = ?", (game_id,)).fetchone()
        except sqlite3.Error as exc:
            raise StoreError(f"The wallet {self._path} could not be read ({exc}).") from exc
        return None if row is None else _pool_in(json.loads(row["state"]), f"the carried state of {game_id!r}")

    def pool_ledger(self, game_id: str | None = None, limit: int | None = None) -> list[PoolEntry]:
        """Jackpot pool movements (of one pool, or all), newest first (at most ``limit``)."""
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise ValueError(f"limit must be a non-negative int or None, not {limit!r}")
        sql = "SELECT * FROM pool_ledger"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " WHERE game_id = ?"
            params = (_check_game_id(game_id),)
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params = (*params, limit)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [
            PoolEntry(id=r["id"], game_id=r["game_id"], round_id=r["round_id"], kind=r["kind"], units=r["units"],
                      pool_after=r["pool_after"], at=r["at"])
            for r in rows
        ]

    def pool_rounds(self, game_id: str) -> list[PoolRound]:
        """Every round of ``game_id`` begun while it had a jackpot pool, with its pool movements, oldest first.

        What a check that knows the game's rules compares with them (``game.session.pool_problems``).
        """
        _check_game_id(game_id)
        with self._read() as conn:
            rows = conn.execute(
                """
                SELECT r.id, r.status, r.cost - COALESCE(d.priced, 0) AS purchase, r.win,
                       COALESCE(p.seed, 0) AS seed, COALESCE(p.contribution, 0) AS contribution,
                       COALESCE(p.payout, 0) AS payout, COALESCE(p.reseed, 0) AS reseed,
                       COALESCE(p.refund, 0) AS refund, COALESCE(p.payouts, 0) AS payouts,
                       COALESCE(p.reseeds, 0) AS reseeds
                FROM rounds r
                LEFT JOIN (SELECT round_id, SUM(price) AS priced FROM decisions GROUP BY round_id) d
                       ON d.round_id = r.id
                LEFT JOIN (
                    SELECT round_id,
                           SUM(CASE WHEN kind = 'seed' THEN units ELSE 0 END) AS seed,
                           SUM(CASE WHEN kind = 'contribution' THEN units ELSE 0 END) AS contribution,
                           SUM(CASE WHEN kind = 'payout' THEN units ELSE 0 END) AS payout,
                           SUM(CASE WHEN kind = 'reseed' THEN units ELSE 0 END) AS reseed,
                           SUM(CASE WHEN kind = 'refund' THEN units ELSE 0 END) AS refund,
                           SUM(kind = 'payout') AS payouts, SUM(kind = 'reseed') AS reseeds
                    FROM pool_ledger GROUP BY round_id
                ) p ON p.round_id = r.id
                WHERE r.game_id = ?1
                  AND r.id >= (SELECT MIN(round_id) FROM pool_ledger WHERE game_id = ?1 AND kind = 'seed')
                ORDER BY r.id
                """,
                (game_id,),
            ).fetchall()
        return [
            PoolRound(round_id=r["id"], status=r["status"], purchase_price=r["purchase"], win=r["win"],
                      seed=r["seed"], contribution=r["contribution"], payout=r["payout"], reseed=r["reseed"],
                      refund=r["refund"], payouts=r["payouts"], reseeds=r["reseeds"])
            for r in rows
        ]

    def setting(self, key: str, default: Any = None) -> Any:
        """A stored setting (any JSON value), or ``default`` when it was never set."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT value FROM settings WHERE key = ?", (key,)
            ).fetchone()
        return default if row is None else json.loads(row["value"])

    def set_setting(self, key: str, value: Any) -> None:
        if not isinstance(key, str) or not key:
            raise ValueError(f"key must be a non-empty string, not {key!r}")
        data = _dumps(value, f"setting {key!r}")
        with self._write() as conn:
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, data),
            )

    # ----------------------------------------------------------------- audit

    def audit(self) -> list[str]:
        """Consistency problems found in the file; an empty list means all is well.

        Checks that the balance equals the starting balance plus every ledger movement,
        that each ledger row's ``balance_after`` follows from the previous one, and that
        every round has exactly the debits and credit its purchase, priced decisions and
        win call for. For the jackpot pools (``_audit_pools``): each pool carried in a game's
        state equals the sum of its movements, each ``pool_after`` follows and none is
        negative, and each round's movements are those of one wager and one settlement (a
        jackpot paid is part of its credit). Whether a contribution is the game's share of the
        stake needs the game's rules: ``game.session.pool_problems``.

        The bonus balance (``_audit_bonus``) likewise: it equals its ledger's movements, each
        ``bonus_after`` follows and none is negative; each grant's money came in once, its games
        left are its games less the free games begun on it (each paid its stake from the bonus),
        and the bonus holds at least the money of the games left. Each round's stake is its cash
        and bonus debits together (purchase and each decision), and a settled round's win is its
        cash and bonus credits, split in the blend of its stake (``bonus_share``).
        """
        problems: list[str] = []
        with self._read() as conn:
            balance = self._balance_in(conn)
            running = self._starting_balance
            totals = {"debit": 0, "credit": 0, "top_up": 0}
            for row in conn.execute(
                "SELECT id, kind, amount, balance_after FROM ledger ORDER BY id"
            ):
                amount = row["amount"]
                totals[row["kind"]] += amount
                running += -amount if row["kind"] == "debit" else amount
                if row["balance_after"] != running:
                    problems.append(
                        f"ledger {row['id']}: balance_after {row['balance_after']} "
                        f"but movements give {running}"
                    )
                    running = row["balance_after"]  # report each break once
                if running < 0:
                    problems.append(
                        f"ledger {row['id']}: balance went negative ({running})"
                    )
            expected = (
                self._starting_balance
                + totals["credit"]
                + totals["top_up"]
                - totals["debit"]
            )
            if balance != expected:
                problems.append(
                    f"balance {balance} != starting {self._starting_balance} + credits "
                    f"+ top-ups - debits = {expected}"
                )
            if balance < 0:
                problems.append(f"balance is negative ({balance})")
            problems.extend(self._audit_rounds(conn))
            problems.extend(self._audit_pools(conn))
            problems.extend(self._audit_bonus(conn))
            for table in ("ledger", "bonus_ledger"):
                orphans = conn.execute(
                    f"SELECT COUNT(*) FROM {table} l WHERE l.round_id IS NOT NULL "
                    "AND NOT EXISTS (SELECT 1 FROM rounds r WHERE r.id = l.round_id)"
                ).fetchone()[0]
                if orphans:
                    what = "ledger" if table == "ledger" else "bonus ledger"
                    problems.append(
                        f"{orphans} {what} row(s) refer to rounds that do not exist"
                    )
        return problems

    @staticmethod
    def _audit_bonus(conn: sqlite3.Connection) -> list[str]:
        """The bonus balance against its ledger, and the grants of free games against their movements."""
        problems: list[str] = []
        running = 0
        for row in conn.execute("SELECT id, kind, amount, bonus_after FROM bonus_ledger ORDER BY id"):
            running += -row["amount"] if row["kind"] == "debit" else row["amount"]
            if row["bonus_after"] != running:
                problems.append(f"bonus ledger {row['id']}: bonus_after {row['bonus_after']} "
                                f"but movements give {running}")
                running = row["bonus_after"]  # report each break once
            if running < 0:
                problems.append(f"bonus ledger {row['id']}: the bonus balance went negative ({running})")
        bonus = Wallet._bonus_in(conn)
        moved = conn.execute(
            "SELECT COALESCE(SUM(CASE WHEN kind = 'debit' THEN -amount ELSE amount END), 0) FROM bonus_ledger"
        ).fetchone()[0]
        if bonus != moved:
            problems.append(f"bonus balance {bonus} != grants + bonus credits - bonus debits = {moved}")
        for g in conn.execute(
            """
            SELECT f.id, f.game_id, f.stake, f.games, f.games_left,
                   COALESCE(m.n_grant, 0) AS n_grant, COALESCE(m.granted, 0) AS granted,
                   COALESCE(m.played, 0) AS played, COALESCE(m.paid, 0) AS paid,
                   COALESCE(m.off_stake, 0) AS off_stake, COALESCE(m.other_game, 0) AS other_game
            FROM free_games f LEFT JOIN (
                SELECT b.grant_id,
                       SUM(b.kind = 'grant') AS n_grant,
                       SUM(CASE WHEN b.kind = 'grant' THEN b.amount ELSE 0 END) AS granted,
                       SUM(b.kind = 'debit') AS played,
                       SUM(CASE WHEN b.kind = 'debit' THEN b.amount ELSE 0 END) AS paid,
                       SUM(b.kind = 'debit' AND (r.bet != g.stake OR r.cost - COALESCE(d.priced, 0) != g.stake
                                                 OR r.buy)) AS off_stake,
                       SUM(b.kind = 'debit' AND g.game_id IS NOT NULL AND r.game_id != g.game_id) AS other_game
                FROM bonus_ledger b
                JOIN free_games g ON g.id = b.grant_id
                LEFT JOIN rounds r ON r.id = b.round_id
                LEFT JOIN (SELECT round_id, SUM(price) AS priced FROM decisions GROUP BY round_id) d
                       ON d.round_id = b.round_id
                WHERE b.grant_id IS NOT NULL GROUP BY b.grant_id
            ) m ON m.grant_id = f.id
            ORDER BY f.id
            """
        ):
            gid = g["id"]
            if g["n_grant"] != 1 or g["granted"] != g["games"] * g["stake"]:
                problems.append(f"grant {gid} of {g['games']} free game(s) at {g['stake']}: {g['n_grant']} grant "
                                f"movement(s) totalling {g['granted']}, not one of {g['games'] * g['stake']}")
            if g["games"] - g["games_left"] != g["played"]:
                problems.append(f"grant {gid}: {g['games_left']} of {g['games']} free game(s) left, but "
                                f"{g['played']} were begun")
            if g["paid"] != g["played"] * g["stake"] or g["off_stake"]:
                problems.append(f"grant {gid}: its {g['played']} free game(s) paid {g['paid']} from the bonus, "
                                f"not {g['stake']} each at a bet of {g['stake']}")
            if g["other_game"]:
                problems.append(f"grant {gid}: {g['other_game']} of its free games were played on another game "
                                f"than {g['game_id']!r}")
        stray = conn.execute(
            "SELECT COUNT(*) FROM bonus_ledger b WHERE b.grant_id IS NOT NULL "
            "AND NOT EXISTS (SELECT 1 FROM free_games f WHERE f.id = b.grant_id)"
        ).fetchone()[0]
        if stray:
            problems.append(f"{stray} bonus ledger row(s) name grants of free games that do not exist")
        reserved = Wallet._reserved_in(conn)
        if bonus < reserved:
            problems.append(f"bonus balance {bonus} is less than the {reserved} of the free games left")
        return problems


    @staticmethod
    def _audit_pools(conn: sqlite3.Connection) -> list[str]:
        """The jackpot pools: their movements, the pools carried, and each round's share in them."""
        problems, sums = _audit_pool_rows(conn)
        carried: dict[str, int] = {}
        for row in conn.execute("SELECT game_id, state FROM game_state ORDER BY game_id"):
            try:
                pool = _pool_in(json.loads(row["state"]), f"the carried state of {row['game_id']!r}")
            except (StoreError, ValueError) as exc:
                problems.append(str(exc))
                continue
            if pool is not None:
                carried[row["game_id"]] = pool
        for key in sorted(set(sums) | set(carried)):
            held, moved = carried.get(key), sums.get(key)
            if moved is None:
                problems.append(f"the {key} pool carried is {held} units, but it has no movements")
            elif held is None:
                problems.append(f"the {key} pool's movements sum to {moved} units, but no pool is carried")
            elif held != moved:
                problems.append(f"the {key} pool carried is {held} units, but its movements sum to {moved}")
        # Each round's movements: one wager's (its pool's seed, its contribution) and one
        # settlement's (each jackpot paid and the reseed after it, or its contribution returned).
        for r in conn.execute(
            """
            SELECT p.*, r.id AS found, r.game_id AS game, r.status, r.win FROM (
                SELECT round_id, MIN(game_id) AS first_pool, MAX(game_id) AS last_pool,
                       SUM(kind = 'seed') AS n_seed, SUM(kind = 'contribution') AS n_contribution,
                       SUM(kind = 'payout') AS n_payout, SUM(kind = 'reseed') AS n_reseed,
                       SUM(kind = 'refund') AS n_refund,
                       SUM(CASE WHEN kind = 'contribution' THEN units ELSE 0 END) AS contribution,
                       SUM(CASE WHEN kind = 'payout' THEN units ELSE 0 END) AS payout,
                       SUM(CASE WHEN kind = 'reseed' THEN units ELSE 0 END) AS reseed,
                       SUM(CASE WHEN kind = 'refund' THEN units ELSE 0 END) AS refund
                FROM pool_ledger GROUP BY round_id
            ) p LEFT JOIN rounds r ON r.id = p.round_id
            ORDER BY p.round_id
            """
        ):
            rid = r["round_id"]
            if r["found"] is None:
                problems.append(f"pool movements of round {rid}, which does not exist")
                continue
            if r["first_pool"] != r["game"] or r["last_pool"] != r["game"]:
                problems.append(f"round {rid} of {r['game']} moved another game's pool")
            for kind in ("seed", "contribution", "refund"):
                if r[f"n_{kind}"] > 1:
                    problems.append(f"round {rid}: {r[f'n_{kind}']} pool {kind} movements")
            settled = r["payout"] or r["reseed"] or r["refund"]
            if r["status"] != "settled":
                if settled:
                    problems.append(f"round {rid} is open but its pool movements settle it")
                continue
            if r["payout"] // 100 > r["win"]:
                problems.append(f"round {rid}: jackpots of {r['payout'] // 100} paid from the pool, "
                                f"more than its credit {r['win']}")
            if r["n_reseed"] != r["n_payout"]:
                problems.append(f"round {rid}: {r['n_payout']} jackpot(s) paid from the pool but "
                                f"{r['n_reseed']} reseed(s)")
            if r["refund"] and (r["refund"] != r["contribution"] or r["payout"]):
                problems.append(f"round {rid}: {r['refund']} units returned from the pool, but it contributed "
                                f"{r['contribution']} and was paid {r['payout']} from it")
        return problems

    @staticmethod
    def _audit_rounds(conn: sqlite3.Connection) -> list[str]:
        """Each round's debits and credits, in both accounts, against what it bought and won.

        A round has at most one purchase debit (no ``decision_seq``) in each account, together
        equal to its purchase price; at most one debit per account for each priced decision,
        together equal to the decision's price (none for a free one); debits summing to its
        ``cost``; and, once settled, at most one credit per account, together equal to its win,
        the bonus credit being ``bonus_share`` of it (the blend of its stake). Messages count the
        debits and credits of both accounts together.
        """
        problems: list[str] = []
        # The purchase price is the stake less the decisions' prices. Only mismatched rounds
        # come back (normally none).
        for r in conn.execute(
            """
            SELECT * FROM (
                SELECT r.id, r.status, r.cost, r.win,
                       COALESCE(d.priced, 0) AS priced,
                       r.cost - COALESCE(d.priced, 0) AS purchase,
                       COALESCE(m.n_purchase, 0) AS n_purchase,
                       COALESCE(m.max_purchase, 0) AS max_purchase,
                       COALESCE(m.purchased, 0) AS purchased,
                       COALESCE(m.n_debit, 0) AS n_debit,
                       COALESCE(m.debited, 0) AS debited,
                       COALESCE(m.bonus_paid, 0) AS bonus_paid,
                       COALESCE(m.n_credit, 0) AS n_credit,
                       COALESCE(m.max_credit, 0) AS max_credit,
                       COALESCE(m.credited, 0) AS credited,
                       COALESCE(m.bonus_won, 0) AS bonus_won
                FROM rounds r
                LEFT JOIN (
                    SELECT round_id, SUM(price) AS priced FROM decisions GROUP BY round_id
                ) d ON d.round_id = r.id
                LEFT JOIN (
                    SELECT round_id,
                           SUM(n_purchase) AS n_purchase, MAX(n_purchase) AS max_purchase,
                           SUM(purchased) AS purchased, SUM(n_debit) AS n_debit, SUM(debited) AS debited,
                           SUM(CASE WHEN account = 'bonus' THEN debited ELSE 0 END) AS bonus_paid,
                           SUM(n_credit) AS n_credit, MAX(n_credit) AS max_credit, SUM(credited) AS credited,
                           SUM(CASE WHEN account = 'bonus' THEN credited ELSE 0 END) AS bonus_won
                    FROM (
                        SELECT round_id, account,
                               SUM(kind = 'debit' AND decision_seq IS NULL) AS n_purchase,
                               SUM(CASE WHEN kind = 'debit' AND decision_seq IS NULL
                                        THEN amount ELSE 0 END) AS purchased,
                               SUM(kind = 'debit') AS n_debit,
                               SUM(CASE WHEN kind = 'debit' THEN amount ELSE 0 END) AS debited,
                               SUM(kind = 'credit') AS n_credit,
                               SUM(CASE WHEN kind = 'credit' THEN amount ELSE 0 END) AS credited
                        FROM (
                            SELECT round_id, kind, amount, decision_seq, 'cash' AS account
                            FROM ledger WHERE round_id IS NOT NULL
                            UNION ALL
                            SELECT round_id, kind, amount, decision_seq, 'bonus' AS account
                            FROM bonus_ledger WHERE round_id IS NOT NULL
                        )
                        GROUP BY round_id, account
                    )
                    GROUP BY round_id
                ) m ON m.round_id = r.id
            )
            WHERE purchase < 0 OR max_purchase > 1 OR purchased != purchase
               OR debited != cost
               OR (status = 'settled' AND (max_credit > 1 OR credited != win
                   OR bonus_won != (CASE WHEN cost > 0 THEN win * bonus_paid / cost ELSE 0 END)))
               OR (status != 'settled' AND n_credit != 0)
            """
        ):
            rid = r["id"]
            if r["purchase"] < 0:
                problems.append(
                    f"round {rid}: cost {r['cost']} is less than its decisions' prices "
                    f"({r['priced']})"
                )
            elif r["max_purchase"] > 1 or r["purchased"] != r["purchase"]:
                problems.append(
                    f"round {rid}: purchase price {r['purchase']} but {r['n_purchase']} "
                    f"purchase debit(s) totalling {r['purchased']}"
                )
            if r["debited"] != r["cost"]:
                problems.append(
                    f"round {rid}: cost {r['cost']} but {r['n_debit']} debit(s) "
                    f"totalling {r['debited']}"
                )
            if r["status"] == "settled":
                if r["max_credit"] > 1 or r["credited"] != r["win"]:
                    problems.append(
                        f"round {rid}: win {r['win']} but {r['n_credit']} credit(s) "
                        f"totalling {r['credited']}"
                    )
                share = bonus_share(r["win"], r["cost"], r["bonus_paid"])
                if r["bonus_won"] != share and r["debited"] == r["cost"]:
                    problems.append(
                        f"round {rid}: {r['bonus_won']} of its win {r['win']} credited to the bonus balance, "
                        f"but a stake of {r['cost']} paid {r['bonus_paid']} from it gives {share}"
                    )
            elif r["n_credit"]:
                problems.append(f"round {rid} is open but has been credited")
        # Each decision against the debits that name it, in both accounts.
        for d in conn.execute(
            """
            SELECT d.round_id, d.seq, d.price,
                   COALESCE(c.n, 0) + COALESCE(b.n, 0) AS n_debit,
                   MAX(COALESCE(c.n, 0), COALESCE(b.n, 0)) AS most,
                   COALESCE(c.paid, 0) + COALESCE(b.paid, 0) AS paid
            FROM decisions d
            LEFT JOIN (SELECT round_id, decision_seq, COUNT(*) AS n, SUM(amount) AS paid FROM ledger
                       WHERE decision_seq IS NOT NULL AND kind = 'debit' GROUP BY round_id, decision_seq) c
                   ON c.round_id = d.round_id AND c.decision_seq = d.seq
            LEFT JOIN (SELECT round_id, decision_seq, COUNT(*) AS n, SUM(amount) AS paid FROM bonus_ledger
                       WHERE decision_seq IS NOT NULL AND kind = 'debit' GROUP BY round_id, decision_seq) b
                   ON b.round_id = d.round_id AND b.decision_seq = d.seq
            WHERE most > 1 OR COALESCE(c.paid, 0) + COALESCE(b.paid, 0) != d.price
            """
        ):
            problems.append(
                f"round {d['round_id']} decision {d['seq']}: price {d['price']} but "
                f"{d['n_debit']} debit(s) totalling {d['paid']}"
            )
        # Debits naming a decision that was never recorded.
        for table, what in (("ledger", "ledger"), ("bonus_ledger", "bonus ledger")):
            for row in conn.execute(
                f"""
                SELECT l.id, l.round_id, l.decision_seq FROM {table} l
                WHERE l.decision_seq IS NOT NULL AND NOT EXISTS (
                    SELECT 1 FROM decisions d
                    WHERE d.round_id = l.round_id AND d.seq = l.decision_seq)
                """
            ):
                problems.append(
                    f"{what} {row['id']}: a debit for decision {row['decision_seq']} of round "
                    f"{row['round_id']}, which has no such decision"
                )
        return problems


def _audit_pool_rows(conn: sqlite3.Connection) -> tuple[list[str], dict[str, int]]:
    """Each pool's movements in order: seeded first and once, ``pool_after`` following, never
    negative. Returns the problems and each pool's sum of movements."""
    problems: list[str] = []
    sums: dict[str, int] = {}
    chain: dict[str, int] = {}
    for row in conn.execute("SELECT id, game_id, kind, units, pool_after FROM pool_ledger ORDER BY id"):
        key, kind = row["game_id"], row["kind"]
        if key not in sums:
            if kind != "seed":
                problems.append(f"pool {row['id']}: the first movement of the {key} pool is a {kind}, not its seed")
            sums[key] = chain[key] = 0
        elif kind == "seed":
            problems.append(f"pool {row['id']}: the {key} pool is seeded a second time")
        delta = row["units"] if kind in POOL_INFLOWS else -row["units"]
        sums[key] += delta
        chain[key] += delta
        if row["pool_after"] != chain[key]:
            problems.append(f"pool {row['id']}: the {key} pool's pool_after {row['pool_after']} "
                            f"but movements give {chain[key]}")
            chain[key] = row["pool_after"]  # report each break once
        if chain[key] < 0:
            problems.append(f"pool {row['id']}: the {key} pool went negative ({chain[key]})")
    return problems, sums


def bonus_share(win: int, cost: int, bonus_paid: int) -> int:
    """The cents of ``win`` credited to the bonus balance: the win in the blend of the stake.

    ``cost`` is the round's whole stake and ``bonus_paid`` the part of it paid from the bonus
    balance; the share is rounded down (the odd cent goes to cash), so the two parts are the win
    exactly. A round that cost nothing credits cash only.
    """
    return win * bonus_paid // cost if cost > 0 else 0


def _iso(moment: datetime) -> str:
    """ISO-8601 UTC with milliseconds, e.g. ``2026-11-30T17:01:02.123Z``."""
    return (
        moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    )
