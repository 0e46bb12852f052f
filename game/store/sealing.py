"""Sealing the wallet's records and money rows as they are written, and verifying them at launch.

Every write goes through :func:`store` (a new record, in the transaction that made the change) or
:func:`apply` (a record written into a wallet being mended or rebuilt): both seal the record (its
MAC chained on the one before), the money rows it carries and the balances with the last record,
in the same transaction, so a kill can never leave a change without its seal. :func:`findings` and
:func:`file_findings` say, in plain words, what does not verify; the caller never applies a record
that does not.
"""

from __future__ import annotations

import hmac
import sqlite3
from collections.abc import Iterable

import game.store.replica as replica
from game.engine.money import format_cents
from game.store.journal import JournalFile
from game.store.seal import SEALED_TABLES, Seal

SEAL_KEY = "seal_key"  # meta: the id of the key the wallet is sealed with (absent: not sealed yet)
MARK_KEY = "verified_mark"  # meta: the record up to which a launch verified everything


def _tip(conn: sqlite3.Connection) -> tuple[int, str]:
    """The last record's number and seal (0, "" when there is none)."""
    row = conn.execute("SELECT seq, mac FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
    return (int(row[0]), row[1] or "") if row is not None else (0, "")


def _previous(conn: sqlite3.Connection, seq: int) -> str:
    row = conn.execute("SELECT mac FROM journal WHERE seq = ?", (seq - 1,)).fetchone()
    return (row[0] or "") if row is not None else ""


def _seal_rows(conn: sqlite3.Connection, seal: Seal, table: str, images: Iterable[dict[str, object]]) -> None:
    columns = replica.COLUMNS[table]
    conn.executemany(f"UPDATE {table} SET mac = ? WHERE id = ?",
                     [(seal.row(table, [image[c] for c in columns]), image["id"]) for image in images])


def _seal_wallet(conn: sqlite3.Connection, seal: Seal) -> None:
    seq, tip = _tip(conn)
    balance, bonus = conn.execute("SELECT balance, bonus FROM wallet WHERE id = 1").fetchone()
    conn.execute("UPDATE wallet SET mac = ? WHERE id = 1", (seal.wallet(balance, bonus, seq, tip),))


def _seal_record(conn: sqlite3.Connection, seal: Seal, seq: int, text: str) -> str:
    mac = seal.record(_previous(conn, seq), text)
    conn.execute("UPDATE journal SET mac = ? WHERE seq = ?", (mac, seq))
    rows = replica.loads(text).get("rows", {})
    for table in SEALED_TABLES:
        images = [replica.complete(table, image) for image in rows.get(table, ())]
        _seal_rows(conn, seal, table, images)
    return mac


def store(conn: sqlite3.Connection, record: replica.Record, seal: Seal) -> tuple[str, str]:
    """Number a new record and keep it (as ``replica.store``) with its seals; returns its text and seal.

    Everything it needs is in the record (its rows, the balances after it): one read, no parse.
    """
    row = conn.execute("SELECT seq, mac FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
    seq, previous = (int(row[0]) + 1, row[1] or "") if row is not None else (1, "")
    record["seq"] = seq
    text = replica.dumps(record)
    mac = seal.record(previous, text)
    conn.execute("INSERT INTO journal (seq, record, mac) VALUES (?, ?, ?)", (seq, text, mac))
    rows = record.get("rows", {})
    for table in SEALED_TABLES:
        if rows.get(table):
            _seal_rows(conn, seal, table, rows[table])
    conn.execute("UPDATE wallet SET mac = ? WHERE id = 1",
                 (seal.wallet(record["balance"], record["bonus"], seq, mac),))
    return text, mac


def apply(conn: sqlite3.Connection, text: str, seal: Seal | None) -> None:
    """Write a record into ``conn`` (``replica.apply``), sealed when the wallet is (``seal``)."""
    record = replica.apply(conn, text)
    if seal is not None:
        _seal_record(conn, seal, record["seq"], text)
        _seal_wallet(conn, seal)


def lines(conn: sqlite3.Connection) -> list[tuple[str, str | None]]:
    """Every record's (text, seal), in order: what the journal file holds."""
    return [(text, mac) for text, mac in conn.execute("SELECT record, mac FROM journal ORDER BY seq")]


def is_sealed(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM meta WHERE key = ?", (SEAL_KEY,)).fetchone() is not None


def any_seal(conn: sqlite3.Connection) -> bool:
    """Whether any record or money row carries a seal (a wallet not sealed yet has none)."""
    tables = ("journal", "wallet", *SEALED_TABLES)
    return any(conn.execute(f"SELECT 1 FROM {t} WHERE mac IS NOT NULL LIMIT 1").fetchone() for t in tables)


def write_mark(conn: sqlite3.Connection, seal: Seal, seq: int | None = None) -> int:
    """Mark record ``seq`` (default: the last) as verified, inside the caller's transaction; returns its number."""
    if seq is None:
        seq, tip = _tip(conn)
    else:
        tip = conn.execute("SELECT mac FROM journal WHERE seq = ?", (seq,)).fetchone()[0] or ""
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                 (MARK_KEY, seal.mark_text(seq, tip)))
    return seq


def mark_of(conn: sqlite3.Connection, seal: Seal) -> int | None:
    """The verified mark's record number, None when it is missing or does not verify."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (MARK_KEY,)).fetchone()
    mark = seal.read_mark(row[0] if row is not None else None)
    if mark is None:
        return None
    found = conn.execute("SELECT mac FROM journal WHERE seq = ?", (mark[0],)).fetchone()
    return mark[0] if found is not None and found[0] == mark[1] else None


def seal_all(conn: sqlite3.Connection, seal: Seal) -> None:
    """Seal a wallet from before the seals as it is (one transaction): every record in order, the money
    rows, the balances, the key's id, and a verified mark at its last record."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        previous = ""
        for seq, text in conn.execute("SELECT seq, record FROM journal ORDER BY seq").fetchall():
            previous = seal.record(previous, text)
            conn.execute("UPDATE journal SET mac = ? WHERE seq = ?", (previous, seq))
        for table in SEALED_TABLES:
            columns = replica.COLUMNS[table]
            images = [dict(zip(columns, tuple(r))) for r in conn.execute(f"SELECT {', '.join(columns)} FROM {table}")]
            _seal_rows(conn, seal, table, images)
        _seal_wallet(conn, seal)
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (SEAL_KEY, seal.key_id))
        write_mark(conn, seal)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def key_findings(conn: sqlite3.Connection, seal: Seal | None, key_file: str) -> list[str]:
    """Why a sealed wallet cannot be verified with this install's key (empty: it can)."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (SEAL_KEY,)).fetchone()
    if seal is None:
        return [f"this wallet is sealed, but its key {key_file} is missing"]
    if row is None or row[0] != seal.key_id:
        return [f"this wallet was made with another key than {key_file}"]
    return []


def findings(conn: sqlite3.Connection, seal: Seal, name: str) -> list[str]:
    """What in the wallet file does not verify: its records' chain, its money rows, its balances
    with its last record, its verified mark. Empty when everything does."""
    found: list[str] = []
    previous = ""
    for seq, text, mac in conn.execute("SELECT seq, record, mac FROM journal ORDER BY seq"):
        if mac is None or not hmac.compare_digest(mac, seal.record(previous, text)):
            found.append(f"record {seq} in {name} does not carry its seal (it was changed, or put there)")
            break
        previous = mac
    for table in SEALED_TABLES:
        columns = replica.COLUMNS[table]
        bad = [r[0] for r in conn.execute(f"SELECT {', '.join(columns)}, mac FROM {table} ORDER BY id")
               if r[-1] is None or not hmac.compare_digest(r[-1], seal.row(table, list(r)[:-1]))]
        if bad:
            what = table.replace("_", " ")
            found.append(f"{what} row {bad[0]} in {name} does not carry its seal" if len(bad) == 1 else
                         f"{len(bad)} {what} rows in {name} do not carry their seals, from row {bad[0]}")
    seq, tip = _tip(conn)
    balance, bonus, mac = conn.execute("SELECT balance, bonus, mac FROM wallet WHERE id = 1").fetchone()
    if mac is None or not hmac.compare_digest(mac, seal.wallet(balance, bonus, seq, tip)):
        found.append(f"the balances in {name} ({format_cents(balance)} cash, {format_cents(bonus)} bonus) do not "
                     "carry their seal with its last record (changed, or records taken away)")
    if mark_of(conn, seal) is None:
        found.append(f"the verified mark in {name} is missing or does not verify")
    return found


def file_findings(file: JournalFile, sql: dict[int, str], seal: Seal, name: str) -> list[str]:
    """What in the journal file does not verify: each of its records in order must carry its seal
    (chained on the line before it). A line without one passes only when it is the record the
    verified wallet holds (a kill after the wallet was sealed, before its journal was written again)."""
    previous = ""
    for seq in range(1, file.contiguous + 1):
        text, mac = file.records[seq], file.macs.get(seq)
        if mac is None:
            if sql.get(seq) != text:
                return [f"record {seq} in {name} carries no seal"]
            previous = seal.record(previous, text)
            continue
        if not hmac.compare_digest(mac, seal.record(previous, text)):
            return [f"record {seq} in {name} does not carry its seal (it was changed, or put there)"]
        previous = mac
    return []
