"""Journal records: what each wallet transaction changed, as whole row images.

A record is a JSON object::

    {"seq": 7, "kind": "settle", "balance": 101250, "bonus": 420,
     "rows": {"rounds": [{...every column but progress...}], "ledger": [{...}], "game_state": [...]}}

``rows`` holds the complete new image of every row the transaction wrote (rounds without their
``progress``, which is the presentation's and not money; decisions; ledger rows; carried game
states; the jackpot pools' movements, ``pool_ledger``; the grants of free games, ``free_games``,
and the bonus balance's movements, ``bonus_ledger``), ``balance`` the balance after it and
``bonus`` the bonus balance after it (schema 5; a record written before has none: it was 0).
The first record (``kind`` "wallet") holds the wallet's ``meta`` (starting balance, creation
time). Applying records in order to an empty wallet rebuilds every money table exactly, so the
same function restores lost records into SQLite, rebuilds a wallet from its journal, and checks
that SQLite's tables are what its records say (``compare``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

# Tables a record carries, with their key columns; rounds without ``progress``.
KEYS: dict[str, tuple[str, ...]] = {
    "rounds": ("id",),
    "decisions": ("round_id", "seq"),
    "ledger": ("id",),
    "game_state": ("game_id",),
    "pool_ledger": ("id",),
    "free_games": ("id",),
    "bonus_ledger": ("id",),
}
ROUND_COLUMNS = (
    "id", "game_id", "bet", "cost", "seed", "buy", "state_in", "status", "win", "state_out", "summary",
    "created_at", "settled_at", "note", "engine_version", "data_digest", "replay_check",
)
COLUMNS: dict[str, tuple[str, ...]] = {
    "rounds": ROUND_COLUMNS,
    "decisions": ("round_id", "seq", "data", "at", "price", "entropy"),
    "ledger": ("id", "round_id", "kind", "amount", "balance_after", "at", "reason", "decision_seq"),
    "game_state": ("game_id", "state", "updated_at"),
    "pool_ledger": ("id", "game_id", "round_id", "kind", "units", "pool_after", "at"),
    "free_games": ("id", "game_id", "stake", "games", "games_left", "reason", "granted_at"),
    "bonus_ledger": ("id", "round_id", "kind", "amount", "bonus_after", "at", "reason", "decision_seq", "grant_id"),
}
META_KEYS = ("starting_balance", "created_at")
# Columns that records written before they existed do not carry: such a record's rows have NULL there.
ADDED_LATER: dict[str, frozenset[str]] = {"decisions": frozenset({"entropy"})}


def _complete(table: str, image: dict[str, Any]) -> dict[str, Any]:
    """``image`` with the columns added since it was written (``ADDED_LATER``) as NULL."""
    later = ADDED_LATER.get(table)
    if later and not later <= image.keys():
        return {**dict.fromkeys(later), **image}
    return image

complete = _complete  # for the seals, which cover a row's whole image

Record = dict[str, Any]


class BadRecord(Exception):
    """A record that cannot be applied (not the shape this module writes)."""


def dumps(record: Record) -> str:
    """The canonical text of a record (the same bytes for the same record, everywhere)."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def loads(text: str) -> Record:
    try:
        record = json.loads(text)
    except ValueError as exc:
        raise BadRecord(f"not JSON ({exc})") from None
    if not isinstance(record, dict) or not isinstance(record.get("seq"), int):
        raise BadRecord("not a journal record")
    return record


# --------------------------------------------------------------------------- writing records


def _select(conn: sqlite3.Connection, table: str, where: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    columns = COLUMNS[table]
    rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table} WHERE {where}", tuple(params)).fetchall()
    return [dict(zip(columns, tuple(row))) for row in rows]


def capture(
    conn: sqlite3.Connection,
    kind: str,
    *,
    rounds: Iterable[int] = (),
    decisions: Iterable[tuple[int, int]] = (),
    ledger: Iterable[int] = (),
    game_states: Iterable[str] = (),
    pool: Iterable[int] = (),
    grants: Iterable[int] = (),
    bonus: Iterable[int] = (),
    meta: dict[str, str] | None = None,
) -> Record:
    """The record of a transaction: the current images of the rows it wrote (read inside it)."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for round_id in dict.fromkeys(rounds):
        rows.setdefault("rounds", []).extend(_select(conn, "rounds", "id = ?", (round_id,)))
    for round_id, seq in dict.fromkeys(decisions):
        rows.setdefault("decisions", []).extend(
            _select(conn, "decisions", "round_id = ? AND seq = ?", (round_id, seq)))
    for ledger_id in dict.fromkeys(ledger):
        rows.setdefault("ledger", []).extend(_select(conn, "ledger", "id = ?", (ledger_id,)))
    for game_id in dict.fromkeys(game_states):
        rows.setdefault("game_state", []).extend(_select(conn, "game_state", "game_id = ?", (game_id,)))
    for pool_id in dict.fromkeys(pool):
        rows.setdefault("pool_ledger", []).extend(_select(conn, "pool_ledger", "id = ?", (pool_id,)))
    for grant_id in dict.fromkeys(grants):
        rows.setdefault("free_games", []).extend(_select(conn, "free_games", "id = ?", (grant_id,)))
    for bonus_id in dict.fromkeys(bonus):
        rows.setdefault("bonus_ledger", []).extend(_select(conn, "bonus_ledger", "id = ?", (bonus_id,)))
    balance, bonus_balance = conn.execute("SELECT balance, bonus FROM wallet WHERE id = 1").fetchone()
    record: Record = {"kind": kind, "rows": rows, "balance": balance, "bonus": bonus_balance}
    if meta is not None:
        record["meta"] = meta
    return record


def last_seq(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COALESCE(MAX(seq), 0) FROM journal").fetchone()[0])


def store(conn: sqlite3.Connection, record: Record) -> str:
    """Number the record (the next ``seq``) and keep it in the journal table; returns its text."""
    record["seq"] = last_seq(conn) + 1
    text = dumps(record)
    conn.execute("INSERT INTO journal (seq, record) VALUES (?, ?)", (record["seq"], text))
    return text


def meta_of(conn: sqlite3.Connection) -> dict[str, str]:
    marks = ",".join("?" * len(META_KEYS))
    rows = conn.execute(f"SELECT key, value FROM meta WHERE key IN ({marks})", META_KEYS).fetchall()
    return {key: value for key, value in (tuple(r) for r in rows)}


def records_of_existing(conn: sqlite3.Connection) -> list[Record]:
    """Records for a wallet that has rows but no journal yet (one written before schema 3).

    The wallet's meta, then one ``import`` record per round (its row, decisions and ledger rows)
    and per top-up, then the grants of free games and the carried states; every record holds the
    balances of the moment of import, so applying them all leaves the wallet as it is.
    """
    records: list[Record] = [capture(conn, "wallet", meta=meta_of(conn))]
    records[0]["balance"] = int(meta_of(conn)["starting_balance"])
    records[0]["bonus"] = 0
    grants = [r[0] for r in conn.execute("SELECT id FROM free_games ORDER BY id")]
    if grants:  # before the rounds that play them (a wallet from before the journal has none)
        granted = [r[0] for r in conn.execute("SELECT id FROM bonus_ledger WHERE round_id IS NULL ORDER BY id")]
        records.append(capture(conn, "import", grants=grants, bonus=granted))
    for (round_id,) in conn.execute("SELECT id FROM rounds ORDER BY id").fetchall():
        decisions = conn.execute("SELECT round_id, seq FROM decisions WHERE round_id = ? ORDER BY seq",
                                 (round_id,)).fetchall()
        ledger = [r[0] for r in conn.execute("SELECT id FROM ledger WHERE round_id = ? ORDER BY id", (round_id,))]
        pool = [r[0] for r in conn.execute("SELECT id FROM pool_ledger WHERE round_id = ? ORDER BY id", (round_id,))]
        bonus = [r[0] for r in conn.execute("SELECT id FROM bonus_ledger WHERE round_id = ? ORDER BY id",
                                            (round_id,))]
        records.append(capture(conn, "import", rounds=[round_id], decisions=[tuple(d) for d in decisions],
                               ledger=ledger, pool=pool, bonus=bonus))
    for (ledger_id,) in conn.execute("SELECT id FROM ledger WHERE round_id IS NULL ORDER BY id").fetchall():
        records.append(capture(conn, "import", ledger=[ledger_id]))
    states = [r[0] for r in conn.execute("SELECT game_id FROM game_state ORDER BY game_id")]
    records.append(capture(conn, "import", game_states=states))
    return records


# --------------------------------------------------------------------------- applying records


def _upsert_sql(table: str) -> str:
    columns = COLUMNS[table]
    keys = KEYS[table]
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in keys)
    return (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
            f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}")


_UPSERT = {table: _upsert_sql(table) for table in COLUMNS}


def apply(conn: sqlite3.Connection, text: str) -> Record:
    """Write one record's rows, balance and journal entry into ``conn`` (inside the caller's transaction)."""
    record = loads(text)
    try:
        rows = record.get("rows", {})
        for table in COLUMNS:  # rounds first: decisions, ledger and pool rows refer to them
            for image in rows.get(table, ()):
                image = _complete(table, image)
                conn.execute(_UPSERT[table], tuple(image[c] for c in COLUMNS[table]))
        for key, value in (record.get("meta") or {}).items():
            if key in META_KEYS:
                conn.execute("UPDATE meta SET value = ? WHERE key = ?", (str(value), key))
        conn.execute("UPDATE wallet SET balance = ?, bonus = ? WHERE id = 1",
                     (record["balance"], record.get("bonus", 0)))
    except (KeyError, TypeError, AttributeError) as exc:
        raise BadRecord(f"record {record.get('seq')} is not complete ({exc!r})") from None
    conn.execute("INSERT INTO journal (seq, record) VALUES (?, ?) ON CONFLICT (seq) DO UPDATE SET "
                 "record = excluded.record", (record["seq"], text))
    return record


# --------------------------------------------------------------------------- comparing


def expected_state(texts: Iterable[str]) -> dict[str, Any]:
    """What the money tables hold after these records: the latest image of every row."""
    tables: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = {t: {} for t in COLUMNS}
    balance = None
    bonus = 0
    meta: dict[str, str] = {}
    for text in texts:
        record = loads(text)
        for table, images in record.get("rows", {}).items():
            if table not in KEYS:
                raise BadRecord(f"record {record['seq']} names an unknown table {table!r}")
            for image in images:
                tables[table][tuple(image[k] for k in KEYS[table])] = _complete(table, image)
        meta.update({k: str(v) for k, v in (record.get("meta") or {}).items() if k in META_KEYS})
        balance = record.get("balance")
        bonus = record.get("bonus", 0)
    return {"tables": tables, "balance": balance, "bonus": bonus, "meta": meta}


def readable(texts: Sequence[str]) -> bool:
    """Whether every record has the shape ``apply`` needs (checked before a wallet is rebuilt from them)."""
    try:
        for text in texts:
            record = loads(text)
            for table, images in record.get("rows", {}).items():
                for image in images:
                    image = _complete(table, image)
                    [image[c] for c in COLUMNS[table]]
            int(record["balance"])
            int(record.get("bonus", 0))
    except (BadRecord, KeyError, TypeError, AttributeError, ValueError):
        return False
    return True


def actual_state(conn: sqlite3.Connection) -> dict[str, Any]:
    tables: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = {}
    for table, columns in COLUMNS.items():
        keys = KEYS[table]
        rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
        images = (dict(zip(columns, tuple(row))) for row in rows)
        tables[table] = {tuple(image[k] for k in keys): image for image in images}
    balance, bonus = conn.execute("SELECT balance, bonus FROM wallet WHERE id = 1").fetchone()
    return {"tables": tables, "balance": balance, "bonus": bonus, "meta": meta_of(conn)}


def compare(conn: sqlite3.Connection, texts: Sequence[str]) -> list[str]:
    """Where the wallet's money tables differ from what ``texts`` (records 1..n, in order) say."""
    try:
        expected = expected_state(texts)
    except (BadRecord, KeyError, TypeError, AttributeError) as exc:
        return [f"its journal records cannot be read ({exc})"]
    actual = actual_state(conn)
    problems = []
    if expected["balance"] != actual["balance"]:
        problems.append(f"balance {actual['balance']}, but its records say {expected['balance']}")
    if expected["bonus"] != actual["bonus"]:
        problems.append(f"bonus balance {actual['bonus']}, but its records say {expected['bonus']}")
    if expected["meta"] != actual["meta"]:
        problems.append("its starting balance or creation time differs from its records")
    for table in COLUMNS:
        want, have = expected["tables"][table], actual["tables"][table]
        for key in sorted(set(want) | set(have), key=repr):
            if want.get(key) != have.get(key):
                what = "missing" if key not in have else "not in its records" if key not in want else "different"
                problems.append(f"{table} {'/'.join(map(str, key))}: {what}")
                break  # the first difference per table is enough to know
    return problems
