"""Wallet and round journal: money movements, rounds, settings, carried state."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from game.engine.money import format_cents
from game.store import (
    SCHEMA_VERSION,
    InsufficientFunds,
    RoundNotOpen,
    RoundRecord,
    StoreError,
    Wallet,
    WalletOpenResult,
    default_data_dir,
    durability,
)

REPO = Path(__file__).resolve().parents[1]


class FakeClock:
    """Deterministic time: each reading is one second after the previous one."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 17, 1, 2, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def wallet(tmp_path: Path) -> Iterator[Wallet]:
    opened = Wallet.open(tmp_path, clock=FakeClock())
    assert opened.notice is None
    yield opened.wallet
    opened.wallet.close()


def snapshot(w: Wallet) -> tuple:
    """Everything observable about the wallet, to prove an operation wrote nothing."""
    return (w.balance, w.ledger(), w.open_rounds(), w.history(None, 1000), w.audit())


# --------------------------------------------------------------------------- opening


def test_new_wallet_defaults(tmp_path: Path) -> None:
    opened = Wallet.open(tmp_path)
    assert isinstance(opened, WalletOpenResult)
    assert opened.notice is None and opened.kept_as is None
    w = opened.wallet
    assert w.balance == 100_000
    assert w.starting_balance == 100_000
    assert w.path == tmp_path / "wallet.db"
    assert w.path.is_file()
    assert w.ledger() == [] and w.open_rounds() == [] and w.audit() == []
    w.close()


def test_custom_name_and_starting_balance_and_nested_dir(tmp_path: Path) -> None:
    data = tmp_path / "a" / "b"
    w = Wallet.open(data, starting_balance=2_500, name="other.db").wallet
    assert w.balance == 2_500
    assert (data / "other.db").is_file()
    w.close()
    # The starting balance only applies to a new wallet.
    w = Wallet.open(data, starting_balance=9_999, name="other.db").wallet
    assert w.balance == 2_500
    w.close()


def test_bad_name_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        Wallet.open(tmp_path, name="../escape.db")


def test_file_is_wal_with_schema_version(wallet: Wallet) -> None:
    raw = sqlite3.connect(wallet.path)
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        version = raw.execute(
            "SELECT value FROM meta WHERE key='schema_version'"
        ).fetchone()
        assert version == (str(SCHEMA_VERSION),) == ("7",)
    finally:
        raw.close()
    # commits do not wait for the disk (NORMAL): the disk-sync thread forces them there
    assert wallet._db().execute("PRAGMA synchronous").fetchone()[0] == 1
    assert wallet._db().execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0


def test_every_commit_gets_a_ticket_that_reaches_the_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(durability, "IN_BACKGROUND", True)  # the app's way: a thread syncs
    wallet = Wallet.open(tmp_path, starting_balance=1_000).wallet
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}") if Path("/proc/self/fd").exists() else str(fd))
        real_fsync(fd)

    before = wallet.commit_ticket
    monkeypatch.setattr(os, "fsync", fsync)
    wallet.top_up(500)  # a money movement: a ledger row and a journal line
    ticket = wallet.commit_ticket
    assert ticket == before + 1
    assert wallet.wait_on_disk(ticket, timeout=10)
    assert wallet.on_disk(ticket) and wallet.on_disk(before)
    if Path("/proc/self/fd").exists():  # the log and the journal file were forced, off the caller's thread
        assert any(name.endswith(".db-wal") for name in synced), synced
        assert any(name.endswith(".journal") for name in synced), synced
    assert not wallet.on_disk(ticket + 1)
    assert wallet._disk._thread is not None and wallet._disk._thread.name.startswith("disk sync")
    wallet.close()


def test_closing_puts_every_commit_on_disk_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(durability, "IN_BACKGROUND", True)
    opened = Wallet.open(tmp_path, starting_balance=1_000)
    wallet = opened.wallet
    for volume in (0.1, 0.2, 0.3):
        wallet.set_setting("volume", volume)
    last = wallet.commit_ticket
    disk = wallet._disk
    wallet.close()
    assert disk.on_disk(last) and disk.failure is None


def test_default_data_dir() -> None:
    path = default_data_dir()
    assert path.is_absolute()
    assert "FestiveSlots" in path.parts[-1] or "FestiveSlots" in str(path)


def test_unusable_data_dir_names_path(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    target = blocker / "data"
    with pytest.raises(StoreError, match=str(target).replace("\\", "\\\\")):
        Wallet.open(target)
    assert blocker.read_text() == "not a folder"


def test_closed_wallet_raises(tmp_path: Path) -> None:
    with Wallet.open(tmp_path).wallet as w:
        assert w.balance == 100_000
    assert w.closed
    w.close()  # idempotent
    with pytest.raises(StoreError, match="closed"):
        _ = w.balance
    with pytest.raises(StoreError):
        w.begin_round("g", 1, 1, 1)


def test_store_never_imports_pygame() -> None:
    code = (
        "import sys, game.store; assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, timeout=30)


def test_format_cents() -> None:
    assert format_cents(100_000) == "1,000.00"
    assert format_cents(5) == "0.05"
    assert format_cents(123_456_789) == "1,234,567.89"


# --------------------------------------------------------------------------- money


def test_begin_debits_and_settle_credits(wallet: Wallet) -> None:
    rid = wallet.begin_round("xmas", bet=100, cost=100, seed=42)
    assert wallet.balance == 99_900
    [debit] = wallet.ledger()
    assert (debit.round_id, debit.kind, debit.amount, debit.balance_after) == (
        rid,
        "debit",
        100,
        99_900,
    )
    assert debit.delta == -100
    assert wallet.settle_round(rid, 350) == 100_250
    assert wallet.balance == 100_250
    credit, debit2 = wallet.ledger()
    assert debit2 == debit
    assert (credit.round_id, credit.kind, credit.amount, credit.balance_after) == (
        rid,
        "credit",
        350,
        100_250,
    )
    assert credit.delta == 350
    assert wallet.audit() == []


def test_zero_win_and_zero_cost_write_no_ledger_rows(wallet: Wallet) -> None:
    rid = wallet.begin_round("xmas", bet=100, cost=100, seed=1)
    wallet.settle_round(rid, 0)
    assert [e.kind for e in wallet.ledger()] == ["debit"]
    free = wallet.begin_round("xmas", bet=100, cost=0, seed=2)  # e.g. a free round
    wallet.settle_round(free, 0)
    assert [e.kind for e in wallet.ledger()] == ["debit"]
    assert wallet.get_round(free).win == 0
    assert wallet.balance == 99_900
    assert wallet.audit() == []


def test_insufficient_funds_writes_nothing(tmp_path: Path) -> None:
    w = Wallet.open(tmp_path, starting_balance=500).wallet
    rid = w.begin_round("g", 100, 100, 7)
    w.settle_round(rid, 0)
    before = snapshot(w)
    with pytest.raises(InsufficientFunds) as info:
        w.begin_round("g", 401, 401, 8, game_state={"pool": 5}, summary={"x": 1})
    assert isinstance(info.value, StoreError)
    assert (info.value.balance, info.value.cost) == (400, 401)
    assert snapshot(w) == before
    assert w.game_state("g") == {}
    # Exactly the balance is fine and leaves zero.
    rid = w.begin_round("g", 400, 400, 9)
    assert w.balance == 0
    w.settle_round(rid, 0)
    with pytest.raises(InsufficientFunds):
        w.begin_round("g", 1, 1, 10)
    assert w.balance == 0 and w.audit() == []
    w.close()


def test_settle_twice_refused_and_never_credits_twice(wallet: Wallet) -> None:
    rid = wallet.begin_round("g", 100, 100, 3)
    wallet.settle_round(rid, 500)
    before = snapshot(wallet)
    with pytest.raises(RoundNotOpen):
        wallet.settle_round(rid, 500)
    with pytest.raises(StoreError):
        wallet.settle_round(rid, 0)
    assert snapshot(wallet) == before
    with pytest.raises(RoundNotOpen):
        wallet.record_decision(rid, "hold")
    with pytest.raises(RoundNotOpen):
        wallet.set_progress(rid, {"step": 1})
    assert snapshot(wallet) == before


def test_unknown_round(wallet: Wallet) -> None:
    with pytest.raises(StoreError, match="no round 99"):
        wallet.get_round(99)
    with pytest.raises(StoreError):
        wallet.settle_round(99, 10)
    with pytest.raises(StoreError):
        wallet.record_decision(99, 1)
    assert wallet.ledger() == []


@pytest.mark.parametrize(
    ("bet", "cost"), [(1.0, 1), (1, 1.5), (True, 1), (-1, 1), (1, -1), (1, 10**16)]
)
def test_bad_money_refused(wallet: Wallet, bet: object, cost: object) -> None:
    before = snapshot(wallet)
    with pytest.raises((TypeError, ValueError)):
        wallet.begin_round("g", bet, cost, 1)  # type: ignore[arg-type]
    assert snapshot(wallet) == before


def test_bad_win_and_top_up_refused(wallet: Wallet) -> None:
    rid = wallet.begin_round("g", 10, 10, 1)
    before = snapshot(wallet)
    for bad in (2.5, -1, None, "5"):
        with pytest.raises((TypeError, ValueError)):
            wallet.settle_round(rid, bad)  # type: ignore[arg-type]
    for bad in (0, -5, 1.0):
        with pytest.raises((TypeError, ValueError)):
            wallet.top_up(bad)  # type: ignore[arg-type]
    assert snapshot(wallet) == before


def test_non_json_inputs_write_nothing(wallet: Wallet) -> None:
    before = snapshot(wallet)
    with pytest.raises(TypeError):
        wallet.begin_round("g", 10, 10, 1, state_in={"x": object()})
    with pytest.raises(TypeError):
        wallet.begin_round("g", 10, 10, 1, summary={"x": float("nan")})
    with pytest.raises(TypeError):
        wallet.begin_round("g", 10, 10, 1, state_in=[1, 2])  # type: ignore[arg-type]
    assert snapshot(wallet) == before
    rid = wallet.begin_round("g", 10, 10, 1)
    before = snapshot(wallet)
    with pytest.raises(TypeError):
        wallet.record_decision(rid, {1, 2})
    with pytest.raises(TypeError):
        wallet.settle_round(rid, 10, state_out={"f": lambda: 0})
    assert snapshot(wallet) == before


def test_top_up_and_ledger_order_and_limit(wallet: Wallet) -> None:
    assert wallet.top_up(5_000) == 105_000
    assert wallet.top_up(250, reason="daily gift") == 105_250
    rid = wallet.begin_round("g", 50, 50, 5)
    entries = wallet.ledger()
    assert [e.kind for e in entries] == ["debit", "top_up", "top_up"]  # newest first
    assert entries[1].reason == "daily gift" and entries[1].round_id is None
    assert entries[2].reason == "play-money top-up"
    assert entries[0].round_id == rid
    assert [e.id for e in wallet.ledger(limit=2)] == [e.id for e in entries[:2]]
    assert wallet.ledger(limit=0) == []
    assert wallet.audit() == []


# --------------------------------------------------------------------------- rounds


def test_round_record_round_trip(wallet: Wallet) -> None:
    rid = wallet.begin_round(
        "elves",
        bet=200,
        cost=20_000,
        seed=2**64 - 1,
        buy=True,
        state_in={"reels": [1, 2, 3], "mode": "bonus"},
        summary={"lines": 20},
    )
    assert wallet.record_decision(rid, {"pick": 2}) == 0
    assert wallet.record_decision(rid, "collect") == 1
    assert wallet.record_decision(rid, (1, 2)) == 2
    wallet.set_progress(rid, {"step": 3})
    wallet.set_progress(rid, {"step": 12, "phase": "free"})
    rec = wallet.get_round(rid)
    assert isinstance(rec, RoundRecord)
    assert rec.id == rid and rec.game_id == "elves"
    assert (rec.bet, rec.cost, rec.seed, rec.buy) == (200, 20_000, 2**64 - 1, True)
    assert rec.state_in == {"reels": [1, 2, 3], "mode": "bonus"}
    assert rec.decisions == [{"pick": 2}, "collect", [1, 2]]
    assert rec.progress == {"step": 12, "phase": "free"}
    assert rec.status == "open" and rec.is_open
    assert rec.win is None and rec.settled_at is None and rec.state_out is None
    assert rec.summary == {"lines": 20}
    assert rec.note is None
    created = datetime.fromisoformat(rec.created_at)
    assert created.utcoffset() == timedelta(0)

    wallet.settle_round(rid, 0, state_out={"left": 0}, note="resumed after restart")
    rec2 = wallet.get_round(rid)
    assert rec2.status == "settled" and not rec2.is_open
    assert rec2.win == 0 and rec2.state_out == {"left": 0}
    assert rec2.summary == {"lines": 20}  # kept when settle gives none
    assert rec2.note == "resumed after restart"
    assert datetime.fromisoformat(rec2.settled_at) > created
    with pytest.raises(AttributeError):
        rec2.win = 5  # type: ignore[misc]


def test_settle_summary_replaces(wallet: Wallet) -> None:
    rid = wallet.begin_round("g", 1, 1, 1, summary={"a": 1})
    wallet.settle_round(rid, 2, summary={"b": 2})
    assert wallet.get_round(rid).summary == {"b": 2}


def test_default_progress_and_decisions(wallet: Wallet) -> None:
    rec = wallet.get_round(wallet.begin_round("g", 1, 1, 1))
    assert rec.progress == {} and rec.decisions == [] and rec.state_in is None
    assert rec.buy is False


@pytest.mark.parametrize("seed", [0, 1, 2**31, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 1])
def test_seed_round_trip(wallet: Wallet, seed: int) -> None:
    rid = wallet.begin_round("g", 1, 1, seed)
    got = wallet.get_round(rid).seed
    assert got == seed and type(got) is int


@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, True, "5"])
def test_bad_seed_refused(wallet: Wallet, seed: object) -> None:
    with pytest.raises(ValueError):
        wallet.begin_round("g", 1, 1, seed)  # type: ignore[arg-type]
    assert wallet.ledger() == []


def test_open_rounds_oldest_first_and_by_game(wallet: Wallet) -> None:
    a = wallet.begin_round("a", 1, 1, 1)
    b = wallet.begin_round("b", 1, 1, 2)
    a2 = wallet.begin_round("a", 1, 1, 3)
    done = wallet.begin_round("a", 1, 1, 4)
    wallet.settle_round(done, 0)
    assert [r.id for r in wallet.open_rounds()] == [a, b, a2]
    assert [r.id for r in wallet.open_rounds("a")] == [a, a2]
    assert [r.id for r in wallet.open_rounds("b")] == [b]
    assert wallet.open_rounds("nope") == []


def test_history_newest_first_limit_and_game(wallet: Wallet) -> None:
    ids = []
    for i in range(15):
        rid = wallet.begin_round("a" if i % 3 else "b", 10, 10, i)
        wallet.settle_round(rid, i)
        ids.append(rid)
    still_open = wallet.begin_round("a", 10, 10, 99)
    hist = wallet.history("a")
    a_ids = [rid for i, rid in enumerate(ids) if i % 3]
    assert [r.id for r in hist] == list(reversed(a_ids))  # 10 by default
    assert all(r.status == "settled" for r in hist)
    assert still_open not in [r.id for r in wallet.history("a", 100)]
    assert [r.id for r in wallet.history("a", limit=3)] == list(reversed(a_ids))[:3]
    assert [r.id for r in wallet.history("b", limit=100)] == list(reversed(ids[::3]))
    assert wallet.history("a", limit=0) == []
    assert [r.id for r in wallet.history(None, limit=2)] == [ids[-1], ids[-2]]
    with pytest.raises(ValueError):
        wallet.history("a", limit=-1)


def test_open_round_survives_abandoned_connection(tmp_path: Path) -> None:
    first = Wallet.open(tmp_path).wallet
    rid = first.begin_round("xmas", 100, 300, 2**64 - 2, state_in={"s": 1})
    first.record_decision(rid, {"hold": [0, 2]})
    first.set_progress(rid, {"step": 12})
    done = first.begin_round("xmas", 100, 100, 5)
    first.settle_round(done, 40)
    # Simulated kill: the connection is never closed (kept referenced so it is not
    # finalised), the WAL is not checkpointed, and a new "launch" opens the file.
    abandoned = [first]
    opened = Wallet.open(tmp_path)
    second = opened.wallet
    assert opened.notice is None
    assert second.audit() == []
    assert second.balance == 100_000 - 300 - 100 + 40
    [rec] = second.open_rounds()
    assert rec.id == rid and rec.seed == 2**64 - 2 and rec.state_in == {"s": 1}
    assert rec.decisions == [{"hold": [0, 2]}] and rec.progress == {"step": 12}
    # The next launch finishes the round.
    second.settle_round(rid, 900, note="resumed")
    assert second.open_rounds() == []
    assert second.balance == 100_000 - 300 - 100 + 40 + 900
    assert second.audit() == []
    second.close()
    abandoned[0].close()
    third = Wallet.open(tmp_path).wallet
    assert third.balance == 100_000 - 300 - 100 + 40 + 900
    assert third.get_round(rid).note == "resumed"
    third.close()


def test_audit_detects_tampering(wallet: Wallet) -> None:
    rid = wallet.begin_round("g", 100, 100, 1)
    wallet.settle_round(rid, 300)
    assert wallet.audit() == []
    conn = wallet._db()
    conn.execute("UPDATE wallet SET balance = balance + 1")
    problems = wallet.audit()
    assert any("balance" in p for p in problems)
    conn.execute("UPDATE wallet SET balance = balance - 1")
    conn.execute("UPDATE rounds SET win = 301 WHERE id = ?", (rid,))
    assert any(f"round {rid}" in p for p in wallet.audit())


# --------------------------------------------------------------------------- carried state


def test_settings_round_trip(tmp_path: Path) -> None:
    w = Wallet.open(tmp_path).wallet
    assert w.setting("volume") is None
    assert w.setting("volume", 0.8) == 0.8
    values = {
        "volume": 0.25,
        "turbo": True,
        "budget": 5_000,
        "name": "Rudolph ❄",
        "keys": {"spin": "space", "list": [1, None, "x"]},
        "nothing": None,
    }
    for key, value in values.items():
        w.set_setting(key, value)
    w.set_setting("turbo", False)
    values["turbo"] = False
    w.close()
    w = Wallet.open(tmp_path).wallet
    for key, value in values.items():
        assert w.setting(key, "default") == value
    with pytest.raises(TypeError):
        w.set_setting("bad", object())
    assert w.setting("bad") is None
    w.close()


def test_game_state_round_trip_and_atomic_updates(tmp_path: Path) -> None:
    w = Wallet.open(tmp_path).wallet
    assert w.game_state("ladder") == {}
    w.set_game_state("ladder", {"level": 1_000})
    assert w.game_state("ladder") == {"level": 1_000}
    rid = w.begin_round("ladder", 100, 100, 1, game_state={"level": 1_010})
    assert w.game_state("ladder") == {"level": 1_010}
    w.settle_round(rid, 1_010, game_state={"level": 0})
    assert w.game_state("ladder") == {"level": 0}
    assert w.game_state("other") == {}
    w.close()
    w = Wallet.open(tmp_path).wallet
    assert w.game_state("ladder") == {"level": 0}
    # A refused settlement leaves the carried state alone.
    with pytest.raises(RoundNotOpen):
        w.settle_round(rid, 5, game_state={"level": 999})
    assert w.game_state("ladder") == {"level": 0}
    w.close()
