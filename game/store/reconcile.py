"""At launch, the wallet and its journal are checked against each other, and mended.

The two copies of the money records are SQLite's tables (with its ``journal`` table) and the
journal file. Under the folder's lock, before the wallet is used:

1. SQLite's own tables must be what its journal records say (``replica.compare``): a flipped byte
   in a balance, a win or a seed shows here even when SQLite's integrity check passes.
2. Every record both copies hold must be the same text.
3. Then:

   * the file holds records past SQLite's last one (SQLite lost committed transactions, e.g. a
     damaged ``-wal`` that SQLite discards by design): they are restored into SQLite, and the
     player is told;
   * the file lacks only SQLite's last record (killed between the commit and the write): it is
     appended, quietly (that is the normal trace of a kill, not damage);
   * the file is damaged, missing, or belongs to another wallet: it is kept aside
     (``wallet.journal.damaged-<time>``) and written again from SQLite, and the player is told;
   * SQLite disagrees with an intact file: the wallet file is kept aside and rebuilt from the
     journal (settings and round progress carried over where readable), and the player is told.

Nothing is deleted: every file found damaged is renamed aside first.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import game.store.journal as journal
import game.store.replica as replica
import game.store.sealing as sealing
from game.engine.money import format_cents
from game.store.errors import StoreError, WalletAttention
from game.store.seal import Keys, Seal

logger = logging.getLogger(__name__)


@dataclass
class Outcome:
    """What reconciliation did; ``notices`` are for the player (empty when nothing was wrong)."""

    conn: sqlite3.Connection
    notices: list[str] = field(default_factory=list)
    restored: int = 0  # records restored into SQLite from the journal file
    rebuilt: bool = False  # the wallet file was rebuilt from the journal
    journal_kept_as: Path | None = None
    wallet_kept_as: Path | None = None


def stamp(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y%m%d-%H%M%S")


def keep_aside(path: Path, label: str, when: datetime, *, name: str | None = None) -> Path:
    """Rename ``path`` to ``<name>.<label>-<UTC time>[-n]`` (never over an existing file).

    ``name`` replaces the file's own name in the new one (a copy kept under its original's name).
    """
    base = f"{name or path.name}.{label}-{stamp(when)}"
    target = path.with_name(base)
    counter = 0
    while target.exists():
        counter += 1
        target = path.with_name(f"{base}-{counter}")
    try:
        path.rename(target)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise StoreError(f"The damaged file {path} could not be moved aside to {target} ({reason}). "
                         "Please move it away by hand and start the game again.") from exc
    logger.warning("Kept %s as %s", path, target)
    return target


def _sql_records(conn: sqlite3.Connection) -> dict[int, str]:
    return {int(seq): text for seq, text in conn.execute("SELECT seq, record FROM journal ORDER BY seq")}


def _rounds_in(texts: list[str]) -> int:
    ids: set[int] = set()
    for text in texts:
        for image in replica.loads(text).get("rows", {}).get("rounds", ()):
            ids.add(image["id"])
    return len(ids)


def apply_all(conn: sqlite3.Connection, texts: list[str], seal: Seal | None) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        for text in texts:
            sealing.apply(conn, text, seal)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _bootstrap(conn: sqlite3.Connection) -> None:
    """Give a wallet from before the journal its first records (from the rows it has)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if replica.last_seq(conn) == 0:
            for record in replica.records_of_existing(conn):
                replica.store(conn, record)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    logger.info("Wrote the first journal records of an older wallet from its rows")


def _carried(conn: sqlite3.Connection) -> tuple[list[tuple[str, str]], list[tuple[str, int]]]:
    """Settings and round progress (not in the journal) from a wallet about to be rebuilt, if readable."""
    try:
        settings = [tuple(r) for r in conn.execute("SELECT key, value FROM settings")]
        progress = [tuple(r) for r in conn.execute("SELECT progress, id FROM rounds WHERE status = 'open'")]
    except sqlite3.Error as exc:
        logger.warning("settings of the damaged wallet not carried over (%s)", exc)
        return [], []
    return settings, progress


def reconcile(
    conn: sqlite3.Connection,
    db_path: Path,
    *,
    replace_db: Callable[[], tuple[sqlite3.Connection, Path]],
    fresh: bool,
    now: datetime,
    keys: Keys,
) -> Outcome:
    """Check the wallet at ``conn`` against its journal file and mend whichever copy is wrong.

    ``fresh`` says the wallet file was created by this launch (none was there, or the old one
    was unreadable and kept aside): then the journal, when it holds anything, is the wallet.
    ``replace_db`` keeps the current wallet file aside and returns a connection to a new one and
    where the old one went.

    First the seals: a sealed wallet whose key is missing or another, or in which (or in whose
    journal) anything does not verify, raises WalletAttention before anything is applied or mended.
    A wallet from before the seals is mended as before, then sealed as it is.
    """
    path = journal.journal_path(db_path)
    sealed = sealing.is_sealed(conn)
    seal: Seal | None = None
    mark: tuple[int, str | None] = (1, None)  # the verified mark's record and its seal
    unsealed_lines = False  # the journal file still has lines from before the seals (all the wallet's own)
    if sealed:
        findings = sealing.key_findings(conn, keys.seal, str(keys.path))
        if not findings:
            seal = keys.seal
            assert seal is not None  # key_findings names a missing key
            findings = sealing.findings(conn, seal, db_path.name)
            file = journal.read(path)
            if file is not None:
                findings += sealing.file_findings(file, _sql_records(conn), seal, path.name)
                unsealed_lines = any(mac is None for mac in file.macs.values())
            at = sealing.mark_of(conn, seal)
            if at is not None:
                mark = (at, conn.execute("SELECT mac FROM journal WHERE seq = ?", (at,)).fetchone()[0])
        if findings:
            raise WalletAttention(findings, [db_path, path])
    elif sealing.any_seal(conn):
        raise WalletAttention([f"{db_path.name} is partly sealed: some of its records carry seals, but it names "
                               "no key"], [db_path, path])
    outcome = _reconcile(conn, db_path, replace_db=replace_db, fresh=fresh, now=now, seal=seal)
    if seal is not None and outcome.rebuilt:  # the mark stays where it was when the rebuilt records hold it
        _carry_mark(outcome.conn, seal, mark)
    if unsealed_lines:  # killed after the wallet was sealed, before its journal was written sealed
        journal.rewrite(path, sealing.lines(outcome.conn))
    if not sealed:
        seal = keys.get()
        sealing.seal_all(outcome.conn, seal)
        journal.rewrite(path, sealing.lines(outcome.conn))
        logger.info("Wallet %s sealed as it is, with the key %s", db_path, keys.path)
    return outcome


def _carry_mark(conn: sqlite3.Connection, seal: Seal, mark: tuple[int, str | None]) -> None:
    """After a rebuild: the verified mark at its record when the rebuilt wallet holds it with the same
    seal, else at the first record (every round is replayed again at the next verification)."""
    seq, tip = mark
    row = conn.execute("SELECT mac FROM journal WHERE seq = ?", (seq,)).fetchone()
    conn.execute("BEGIN IMMEDIATE")
    try:
        sealing.write_mark(conn, seal, seq if row is not None and row[0] == tip else 1)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _reconcile(
    conn: sqlite3.Connection,
    db_path: Path,
    *,
    replace_db: Callable[[], tuple[sqlite3.Connection, Path]],
    fresh: bool,
    now: datetime,
    seal: Seal | None,
) -> Outcome:
    path = journal.journal_path(db_path)
    outcome = Outcome(conn)
    bootstrapped = replica.last_seq(conn) == 0
    if bootstrapped:
        _bootstrap(conn)
    sql = _sql_records(conn)
    top = max(sql) if sql else 0
    sql_texts = [sql.get(seq, "") for seq in range(1, top + 1)]
    sql_problems = replica.compare(conn, sql_texts) if len(sql) == top else ["its journal table has gaps"]
    file = journal.read(path)
    file_texts = file.records if file is not None else {}
    contiguous = file.contiguous if file is not None else 0
    file_list = [file_texts[seq] for seq in range(1, contiguous + 1)]
    if contiguous > top and not replica.readable(file_list[top:]):  # sound lines, but not records we can apply
        contiguous, file_list = top, file_list[:top]
        if file is not None:
            file.bad_lines += 1
    conflicts = [seq for seq in sorted(set(sql) & set(file_texts)) if sql[seq] != file_texts[seq]]
    only_genesis = top == 1 and conn.execute("SELECT COUNT(*) FROM ledger").fetchone()[0] == 0

    beside_new_file = fresh or (only_genesis and conflicts == [1] and contiguous > 1)
    if contiguous and beside_new_file and replica.readable(file_list):
        # A new wallet file beside a journal: the journal holds the wallet.
        balance = _rebuild_from(conn, file_list, outcome, contiguous, seal)
        outcome.notices.append(
            f"Its journal {path.name} held {_rounds_in(file_list)} round(s): the wallet was restored from it "
            f"(balance {format_cents(balance)})."
        )
        logger.warning("Wallet %s restored from its journal: %d records", db_path, contiguous)
    elif conflicts or sql_problems:
        why = sql_problems[0] if sql_problems else f"record {conflicts[0]} differs from the journal's"
        intact = file is not None and not file.damaged and contiguous >= top and 1 not in conflicts
        if intact and replica.readable(file_list):
            settings, progress = _carried(conn)
            conn, outcome.wallet_kept_as = replace_db()
            outcome.conn = conn
            balance = _rebuild_from(conn, file_list, outcome, contiguous, seal, carried=(settings, progress))
            outcome.notices.append(
                f"The wallet file {db_path.name} did not match its journal ({why}); it was rebuilt from the "
                f"journal {path.name} (balance {format_cents(balance)})."
            )
            logger.warning("Wallet %s rebuilt from its journal (%s)", db_path, why)
        else:
            if seal is not None and sql_problems:  # its tables are not what its own sealed records say
                raise WalletAttention([f"{db_path.name} holds other money than its own records say ({why})"],
                                      [db_path, path])
            # The journal cannot settle it (damaged, or another wallet's): SQLite stays the wallet.
            logger.error("Wallet %s and its journal disagree (%s); the wallet file is kept as it is", db_path, why)
            outcome.journal_kept_as = _rewrite(path, conn, now, exists=file is not None)
            outcome.notices.append(
                f"The journal {path.name} did not match the wallet ({why}); it was kept as "
                f"{_name(outcome.journal_kept_as)} and written again from the wallet."
            )
            return outcome
    elif contiguous > top:
        # The journal holds transactions SQLite lost.
        lost = file_list[top:]
        apply_all(conn, lost, seal)
        outcome.restored = len(lost)
        rounds = _rounds_in(lost)
        outcome.notices.append(
            f"The wallet file {db_path.name} had lost its last {len(lost)} change(s) ({rounds} round(s)); "
            f"they were restored from its journal {path.name}."
        )
        logger.warning("Restored %d journal record(s) (%d rounds) into %s", len(lost), rounds, db_path)

    # The file now only has to catch up with SQLite, or be written again.
    sql = _sql_records(outcome.conn)
    top = max(sql) if sql else 0
    conflicts = [seq for seq in sorted(set(sql) & set(file_texts)) if sql[seq] != file_texts[seq]]
    if file is not None and not file.damaged and contiguous == top and not conflicts:
        return outcome
    if file is not None and not file.bad_lines and contiguous == top - 1 and not conflicts:
        top_mac = outcome.conn.execute("SELECT mac FROM journal WHERE seq = ?", (top,)).fetchone()[0]
        expected = journal.encode(sql[top], top_mac)
        if not file.torn_tail or expected.startswith(file.torn_tail):
            if file.torn_tail:
                journal.truncate(path, file.line_ends[-1] if file.line_ends else 0)
            writer = journal.JournalWriter(path)
            try:
                writer.append(sql[top], top_mac)
            finally:
                writer.close()
            logger.info("Journal %s caught up with record %d (a kill between commit and write)", path, top)
            return outcome
    if file is None and (top == 1 or bootstrapped):
        # a new wallet's first record, or an older wallet's first journal
        journal.rewrite(path, sealing.lines(outcome.conn))
        return outcome
    reason = "missing" if file is None else file.problem() if file.damaged else "behind the wallet"
    outcome.journal_kept_as = _rewrite(path, outcome.conn, now, exists=file is not None)
    if file is None:
        outcome.notices.append(f"The journal {path.name} was missing; it was written again from the wallet.")
    else:
        outcome.notices.append(f"The journal {path.name} was damaged ({reason}); it was kept as "
                               f"{_name(outcome.journal_kept_as)} and written again from the wallet.")
    logger.warning("Journal %s %s: written again from the wallet", path, reason)
    return outcome


def _name(path: Path | None) -> str:
    return path.name if path is not None else "-"


def _rewrite(path: Path, conn: sqlite3.Connection, now: datetime, *, exists: bool) -> Path | None:
    kept = keep_aside(path, "damaged", now) if exists else None
    journal.rewrite(path, sealing.lines(conn))
    return kept


def _rebuild_from(conn: sqlite3.Connection, file_list: list[str], outcome: Outcome, records: int,
                  seal: Seal | None, *,
                  carried: tuple[list[tuple[str, str]], list[tuple[str, int]]] | None = None) -> int:
    """Write the journal's records into ``conn`` (then the settings and progress carried over, if
    any), mark ``outcome`` as rebuilt from ``records`` records, and return the restored balance."""
    apply_all(conn, file_list, seal)
    if carried is not None:
        _restore_carried(conn, *carried)
    outcome.restored = records
    outcome.rebuilt = True
    return int(replica.actual_state(conn)["balance"])


def _restore_carried(conn: sqlite3.Connection, settings: list[tuple[str, str]],
                     progress: list[tuple[str, int]]) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                         "value = excluded.value", settings)
        conn.executemany("UPDATE rounds SET progress = ? WHERE id = ? AND status = 'open'", progress)
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        logger.warning("settings of the damaged wallet not carried over (%s)", exc)
