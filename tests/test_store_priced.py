"""Priced decisions in the wallet: debited with the decision, audited, migrated from schema 1."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.store import SCHEMA_VERSION, InsufficientFunds, RoundNotOpen, StoreError, Wallet, WalletAttention
from game.store.audit import audit_file

START = 10_000


@pytest.fixture
def wallet(tmp_path: Path) -> Iterator[Wallet]:
    w = Wallet.open(tmp_path, starting_balance=START).wallet
    yield w
    w.close()


def snapshot(w: Wallet) -> tuple:
    return (w.balance, w.ledger(), w.open_rounds(), w.history(None, 1000), w.audit())


def bought_round(w: Wallet) -> int:
    """A settled round: purchase 100, a free pick, two extra boxes at 340, collect; win 500."""
    rid = w.begin_round("gift_shop", 100, 100, 7)
    assert w.record_decision(rid, "red") == 0
    assert w.record_decision(rid, "buy", price=340) == 1
    assert w.record_decision(rid, "buy", price=340) == 2
    assert w.record_decision(rid, "collect", price=0) == 3
    w.settle_round(rid, 500)
    return rid


# --------------------------------------------------------------------------- recording


def test_priced_decision_debits_and_adds_to_the_stake(wallet: Wallet) -> None:
    rid = wallet.begin_round("gift_shop", 100, 100, 7)
    wallet.record_decision(rid, "red")
    assert wallet.balance == START - 100
    assert wallet.record_decision(rid, "buy", price=340) == 1
    assert wallet.balance == START - 440
    rec = wallet.get_round(rid)
    assert rec.cost == 440 and rec.purchase_price == 100
    assert rec.decisions == ["red", "buy"] and rec.decision_costs == [0, 340]
    newest, purchase = wallet.ledger()
    assert (newest.kind, newest.amount, newest.round_id, newest.decision_seq) == ("debit", 340, rid, 1)
    assert newest.balance_after == START - 440
    assert (purchase.kind, purchase.amount, purchase.decision_seq) == ("debit", 100, None)
    assert wallet.audit() == []


def test_history_rows_carry_each_purchase(wallet: Wallet) -> None:
    rid = bought_round(wallet)
    [rec] = wallet.history("gift_shop")
    assert rec.id == rid and rec.cost == 780 and rec.win == 500
    assert rec.decision_costs == [0, 340, 340, 0] and rec.purchase_price == 100
    assert wallet.balance == START - 780 + 500
    debits = [(e.decision_seq, e.amount) for e in reversed(wallet.ledger()) if e.kind == "debit"]
    assert debits == [(None, 100), (1, 340), (2, 340)]
    assert wallet.audit() == []


def test_free_decision_writes_no_ledger_row(wallet: Wallet) -> None:
    rid = wallet.begin_round("gift_shop", 100, 0, 1)  # a free round, then a free choice
    wallet.record_decision(rid, [0, 2], price=0)
    assert wallet.ledger() == [] and wallet.get_round(rid).decision_costs == [0]
    wallet.record_decision(rid, "buy", price=5)  # a free round may still sell a box
    assert wallet.get_round(rid).cost == 5 and wallet.audit() == []


def test_short_balance_refuses_the_purchase_and_records_nothing(tmp_path: Path) -> None:
    w = Wallet.open(tmp_path, starting_balance=500).wallet
    rid = w.begin_round("gift_shop", 100, 100, 3)
    w.record_decision(rid, "red")
    before = snapshot(w)
    with pytest.raises(InsufficientFunds) as info:
        w.record_decision(rid, "buy", price=401)
    assert (info.value.balance, info.value.cost) == (400, 401)
    assert snapshot(w) == before
    assert w.get_round(rid).decisions == ["red"]
    assert w.record_decision(rid, "buy", price=400) == 1  # exactly the balance is fine
    assert w.balance == 0 and w.get_round(rid).cost == 500
    with pytest.raises(InsufficientFunds):
        w.record_decision(rid, "buy", price=1)
    assert w.record_decision(rid, "collect") == 2  # a free choice needs no money
    assert w.audit() == []
    w.close()


@pytest.mark.parametrize("price", [1.5, -1, True, "3", None, 10**16])
def test_bad_price_refused(wallet: Wallet, price: object) -> None:
    rid = wallet.begin_round("gift_shop", 100, 100, 3)
    before = snapshot(wallet)
    with pytest.raises((TypeError, ValueError)):
        wallet.record_decision(rid, "buy", price=price)  # type: ignore[arg-type]
    assert snapshot(wallet) == before


def test_settled_round_sells_nothing(wallet: Wallet) -> None:
    rid = bought_round(wallet)
    before = snapshot(wallet)
    with pytest.raises(RoundNotOpen):
        wallet.record_decision(rid, "buy", price=340)
    assert snapshot(wallet) == before


def test_schema_refuses_a_second_debit_for_one_decision(wallet: Wallet) -> None:
    rid = bought_round(wallet)
    raw = sqlite3.connect(wallet.path)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute(
                "INSERT INTO ledger (round_id, kind, amount, balance_after, at, decision_seq) "
                "VALUES (?, 'debit', 340, 0, 'x', 1)",
                (rid,),
            )
        for bad in ("1.5", "-1", "'three'"):
            with pytest.raises(sqlite3.IntegrityError):
                raw.execute(f"UPDATE decisions SET price = {bad} WHERE round_id = ?", (rid,))
        with pytest.raises(sqlite3.IntegrityError):  # only a debit pays for a decision
            raw.execute("UPDATE ledger SET decision_seq = 0 WHERE kind = 'credit'")
    finally:
        raw.close()


# --------------------------------------------------------------------------- settlement


def test_settlement_updates_carried_states_in_its_transaction(wallet: Wallet) -> None:
    wallet.set_game_state("pool", {"cents": 5_000})
    rid = wallet.begin_round("gift_shop", 100, 100, 1)

    def pay_out(pool: dict) -> dict:
        return {"cents": 1_000, "paid": pool["cents"]}  # reseeded after paying the pool

    wallet.settle_round(
        rid, 5_000, game_state={"rounds": 1}, state_updates={"pool": pay_out, "stats": {"jackpots": 1}}
    )
    assert wallet.game_state("pool") == {"cents": 1_000, "paid": 5_000}
    assert wallet.game_state("stats") == {"jackpots": 1}
    assert wallet.game_state("gift_shop") == {"rounds": 1}
    assert wallet.balance == START - 100 + 5_000 and wallet.audit() == []


def test_failed_state_update_settles_nothing(wallet: Wallet) -> None:
    wallet.set_game_state("pool", {"cents": 5_000})
    rid = wallet.begin_round("gift_shop", 100, 100, 1)
    before = snapshot(wallet)

    def broken(pool: dict) -> dict:
        raise RuntimeError("pool arithmetic failed")

    with pytest.raises(RuntimeError):
        wallet.settle_round(rid, 700, game_state={"rounds": 1}, state_updates={"pool": broken})
    with pytest.raises(TypeError):
        wallet.settle_round(rid, 700, state_updates={"pool": lambda pool: {"x": object()}})
    with pytest.raises(TypeError):
        wallet.settle_round(rid, 700, state_updates={"pool": [1]})  # type: ignore[dict-item]
    with pytest.raises(ValueError):
        wallet.settle_round(rid, 700, state_updates={"": {}})
    with pytest.raises(ValueError, match="twice"):
        wallet.settle_round(rid, 700, game_state={"a": 1}, state_updates={"gift_shop": {"b": 2}})
    assert snapshot(wallet) == before
    assert wallet.game_state("pool") == {"cents": 5_000} and wallet.game_state("gift_shop") == {}


def test_settlement_refused_when_the_play_cost_differs_from_the_payments(wallet: Wallet) -> None:
    rid = wallet.begin_round("gift_shop", 100, 100, 1)
    wallet.record_decision(rid, "buy", price=340)
    before = snapshot(wallet)
    with pytest.raises(StoreError, match="paid 440 cents, not the 780"):
        wallet.settle_round(rid, 900, expected_cost=780)  # a box taken without paying for it
    assert snapshot(wallet) == before
    wallet.settle_round(rid, 900, expected_cost=440)
    assert wallet.balance == START - 440 + 900 and wallet.audit() == []


# --------------------------------------------------------------------------- audit

TAMPERING = {
    "purchase debit changed": (
        ["UPDATE ledger SET amount = 90 WHERE kind = 'debit' AND decision_seq IS NULL"],
        ["purchase price 100 but 1 purchase debit(s) totalling 90", "cost 780 but 3 debit(s) totalling 770"],
    ),
    "purchase debit missing": (
        ["DELETE FROM ledger WHERE kind = 'debit' AND decision_seq IS NULL"],
        ["purchase price 100 but 0 purchase debit(s) totalling 0", "cost 780 but 2 debit(s) totalling 680"],
    ),
    "purchase debited twice": (
        ["INSERT INTO ledger (round_id, kind, amount, balance_after, at) VALUES (1, 'debit', 100, 0, 'x')"],
        ["purchase price 100 but 2 purchase debit(s) totalling 200", "cost 780 but 4 debit(s) totalling 880"],
    ),
    "purchase split in two debits": (
        [
            "UPDATE ledger SET amount = 60 WHERE kind = 'debit' AND decision_seq IS NULL",
            "INSERT INTO ledger (round_id, kind, amount, balance_after, at) VALUES (1, 'debit', 40, 0, 'x')",
        ],
        ["purchase price 100 but 2 purchase debit(s) totalling 100"],
    ),
    "decision debit missing": (
        ["DELETE FROM ledger WHERE decision_seq = 1"],
        ["round 1 decision 1: price 340 but 0 debit(s) totalling 0", "cost 780 but 2 debit(s) totalling 440"],
    ),
    "decision debit changed": (
        ["UPDATE ledger SET amount = 300 WHERE decision_seq = 2"],
        ["round 1 decision 2: price 340 but 1 debit(s) totalling 300"],
    ),
    "decision debited twice": (
        [
            "DROP INDEX ledger_by_decision",
            "INSERT INTO ledger (round_id, kind, amount, balance_after, at, decision_seq) "
            "VALUES (1, 'debit', 340, 0, 'x', 2)",
        ],
        ["round 1 decision 2: price 340 but 2 debit(s) totalling 680"],
    ),
    "free decision debited": (
        [
            "INSERT INTO ledger (round_id, kind, amount, balance_after, at, decision_seq) "
            "VALUES (1, 'debit', 5, 0, 'x', 3)"
        ],
        ["round 1 decision 3: price 0 but 1 debit(s) totalling 5", "cost 780 but 4 debit(s) totalling 785"],
    ),
    "debit for a decision never made": (
        [
            "INSERT INTO ledger (round_id, kind, amount, balance_after, at, decision_seq) "
            "VALUES (1, 'debit', 340, 0, 'x', 9)"
        ],
        ["a debit for decision 9 of round 1, which has no such decision", "cost 780 but 4 debit(s) totalling 1120"],
    ),
    "decision debit passed off as the purchase": (
        ["UPDATE ledger SET decision_seq = NULL WHERE decision_seq = 1"],
        [
            "purchase price 100 but 2 purchase debit(s) totalling 440",
            "round 1 decision 1: price 340 but 0 debit(s) totalling 0",
        ],
    ),
    "stake changed": (
        ["UPDATE rounds SET cost = 800"],
        ["purchase price 120 but 1 purchase debit(s) totalling 100", "cost 800 but 3 debit(s) totalling 780"],
    ),
    "stake below the decisions' prices": (
        ["UPDATE rounds SET cost = 500"],
        ["cost 500 is less than its decisions' prices (680)", "cost 500 but 3 debit(s) totalling 780"],
    ),
    "decision price changed": (
        ["UPDATE decisions SET price = 300 WHERE seq = 1"],
        ["round 1 decision 1: price 300 but 1 debit(s) totalling 340", "purchase price 140 but 1 purchase"],
    ),
    "win changed": (
        ["UPDATE rounds SET win = 501"],
        ["win 501 but 1 credit(s) totalling 500"],
    ),
}


@pytest.mark.parametrize("case", sorted(TAMPERING))
def test_audit_catches_each_kind_of_mismatch(tmp_path: Path, case: str) -> None:
    statements, expected = TAMPERING[case]
    w = Wallet.open(tmp_path, starting_balance=START).wallet
    assert bought_round(w) == 1
    assert w.audit() == []
    w.close()
    raw = sqlite3.connect(tmp_path / "wallet.db")
    for statement in statements:
        raw.execute(statement)
    raw.commit()
    raw.close()
    # Without its journal file the wallet cannot be mended from it: the seals stop play (nothing is
    # mended), and the audit names the tampering too.
    (tmp_path / "wallet.journal").unlink()
    with pytest.raises(WalletAttention):
        Wallet.open(tmp_path)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.row_factory = sqlite3.Row
    problems = audit_file(raw, START)
    raw.close()
    for part in expected:
        assert any(part in p for p in problems), (part, problems)


# --------------------------------------------------------------------------- migration

# The schema as version 1 of the game created it, frozen here: the migration must keep
# upgrading files written by that version whatever the current schema becomes.
CREATE_SQL_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE wallet (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    balance INTEGER NOT NULL CHECK (typeof(balance) = 'integer' AND balance >= 0)
);
CREATE TABLE rounds (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT NOT NULL,
    bet        INTEGER NOT NULL CHECK (typeof(bet) = 'integer' AND bet >= 0),
    cost       INTEGER NOT NULL CHECK (typeof(cost) = 'integer' AND cost >= 0),
    seed       TEXT NOT NULL CHECK (typeof(seed) = 'text'),
    buy        INTEGER NOT NULL CHECK (buy IN (0, 1)),
    state_in   TEXT,
    progress   TEXT NOT NULL DEFAULT '{}',
    status     TEXT NOT NULL CHECK (status IN ('open', 'settled')),
    win        INTEGER CHECK (win IS NULL OR (typeof(win) = 'integer' AND win >= 0)),
    state_out  TEXT,
    summary    TEXT,
    created_at TEXT NOT NULL,
    settled_at TEXT,
    note       TEXT,
    CHECK ((status = 'open' AND win IS NULL AND settled_at IS NULL)
        OR (status = 'settled' AND win IS NOT NULL AND settled_at IS NOT NULL))
);
CREATE INDEX rounds_by_game ON rounds (game_id, status, id);
CREATE TABLE decisions (
    round_id INTEGER NOT NULL REFERENCES rounds (id),
    seq      INTEGER NOT NULL,
    data     TEXT NOT NULL,
    at       TEXT NOT NULL,
    PRIMARY KEY (round_id, seq)
);
CREATE TABLE ledger (
    id            INTEGER PRIMARY KEY,
    round_id      INTEGER REFERENCES rounds (id),
    kind          TEXT NOT NULL CHECK (kind IN ('debit', 'credit', 'top_up')),
    amount        INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
    balance_after INTEGER NOT NULL
                  CHECK (typeof(balance_after) = 'integer' AND balance_after >= 0),
    at            TEXT NOT NULL,
    reason        TEXT,
    CHECK ((kind = 'top_up') = (round_id IS NULL))
);
CREATE INDEX ledger_by_round ON ledger (round_id);
CREATE TABLE game_state (game_id TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

T = "2026-11-30T17:01:02.000Z"


def write_v1_wallet(path: Path) -> None:
    """A wallet as version 1 left it: a settled round, an open one with free decisions, a top-up."""
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.executescript(CREATE_SQL_V1)
    raw.execute("BEGIN")
    raw.executemany(
        "INSERT INTO meta (key, value) VALUES (?, ?)",
        [("schema_version", "1"), ("starting_balance", "10000"), ("created_at", T)],
    )
    rounds = [
        (1, "halloween_vacation", 100, 100, "42", 0, None, "settled", 250, None, '{"win":250}', T, T, None),
        (2, "gift_shop", 100, 100, str(2**64 - 1), 0, '{"rounds":3}', "open", None, None, None, T, None, None),
    ]
    raw.executemany(
        "INSERT INTO rounds (id, game_id, bet, cost, seed, buy, state_in, status, win, state_out, summary, "
        "created_at, settled_at, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rounds,
    )
    raw.executemany(
        "INSERT INTO decisions (round_id, seq, data, at) VALUES (?, ?, ?, ?)",
        [(1, 0, '"hold"', T), (2, 0, '"red"', T)],
    )
    raw.executemany(
        "INSERT INTO ledger (round_id, kind, amount, balance_after, at, reason) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (1, "debit", 100, 9_900, T, None),
            (1, "credit", 250, 10_150, T, None),
            (None, "top_up", 500, 10_650, T, "play-money top-up"),
            (2, "debit", 100, 10_550, T, None),
        ],
    )
    raw.execute("INSERT INTO wallet (id, balance) VALUES (1, 10550)")
    raw.execute("INSERT INTO game_state (game_id, state, updated_at) VALUES ('gift_shop', '{\"rounds\":3}', ?)", (T,))
    raw.execute("INSERT INTO settings (key, value) VALUES ('gift_shop.bet', '100')")
    raw.execute("COMMIT")
    raw.close()


def columns(path: Path) -> dict[str, list[tuple]]:
    raw = sqlite3.connect(path)
    try:
        tables = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        shape = {t: raw.execute(f"PRAGMA table_info({t})").fetchall() for t in tables}
        for t in tables:
            shape[f"{t} indexes"] = sorted(r[1:] for r in raw.execute(f"PRAGMA index_list({t})"))
        return shape
    finally:
        raw.close()


def test_v1_file_is_migrated_and_keeps_every_record(tmp_path: Path) -> None:
    old = tmp_path / "old"
    old.mkdir()
    write_v1_wallet(old / "wallet.db")
    opened = Wallet.open(old, starting_balance=1)
    assert opened.notice is None and opened.kept_as is None  # upgraded, not set aside
    w = opened.wallet
    assert w.audit() == []
    assert w.balance == 10_550 and w.starting_balance == 10_000
    [settled] = w.history(None)
    assert (settled.id, settled.cost, settled.win, settled.decisions, settled.decision_costs) == (
        1, 100, 250, ["hold"], [0]
    )
    assert settled.purchase_price == 100
    [open_round] = w.open_rounds()
    assert open_round.seed == 2**64 - 1 and open_round.decision_costs == [0]
    assert all(e.decision_seq is None for e in w.ledger())
    assert w.game_state("gift_shop") == {"rounds": 3} and w.setting("gift_shop.bet") == 100
    # The upgraded wallet takes priced decisions like a new one.
    assert w.record_decision(2, "buy", price=340) == 1
    w.settle_round(2, 1_000, expected_cost=440)
    assert w.balance == 10_550 - 340 + 1_000 and w.audit() == []
    w.close()
    raw = sqlite3.connect(old / "wallet.db")
    assert raw.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (str(SCHEMA_VERSION),)
    raw.close()
    # An upgraded file and a new one have the same tables, columns and indexes.
    Wallet.open(tmp_path / "new").wallet.close()
    assert columns(old / "wallet.db") == columns(tmp_path / "new" / "wallet.db")


def test_migration_checks_the_new_columns_on_an_upgraded_file(tmp_path: Path) -> None:
    write_v1_wallet(tmp_path / "wallet.db")
    Wallet.open(tmp_path).wallet.close()
    raw = sqlite3.connect(tmp_path / "wallet.db")
    try:
        for bad in ("1.5", "-1", "'three'"):
            with pytest.raises(sqlite3.IntegrityError):
                raw.execute(f"UPDATE decisions SET price = {bad}")
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute("UPDATE ledger SET decision_seq = 0 WHERE kind = 'credit'")
        raw.execute("UPDATE ledger SET decision_seq = 0 WHERE round_id = 1 AND kind = 'debit'")
        with pytest.raises(sqlite3.IntegrityError):  # the unique index came with the migration
            raw.execute(
                "INSERT INTO ledger (round_id, kind, amount, balance_after, at, decision_seq) "
                "VALUES (1, 'debit', 1, 0, 'x', 0)"
            )
    finally:
        raw.close()


def test_failed_migration_leaves_the_v1_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.store.opening as opening_module

    write_v1_wallet(tmp_path / "wallet.db")
    broken = {**opening_module.MIGRATIONS,
              1: opening_module.MIGRATIONS[1] + ";\nALTER TABLE no_such_table ADD COLUMN x INTEGER"}
    monkeypatch.setattr(opening_module, "MIGRATIONS", broken)
    with pytest.raises(StoreError):
        Wallet.open(tmp_path)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    try:
        assert raw.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("1",)
        assert "price" not in {r[1] for r in raw.execute("PRAGMA table_info(decisions)")}
    finally:
        raw.close()
    monkeypatch.undo()
    w = Wallet.open(tmp_path).wallet  # the real migration still applies afterwards
    assert w.balance == 10_550 and w.audit() == []
    w.close()
