"""Damaged files are kept aside (never deleted); killed processes leave a consistent wallet."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

import game.store.opening as opening_module
from game.store import StoreError, Wallet

REPO = Path(__file__).resolve().parents[1]
FIXED = datetime(2026, 11, 30, 17, 1, 2, tzinfo=UTC)


def fixed_clock() -> datetime:
    return FIXED


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def make_wallet_with_rounds(folder: Path, rounds: int = 80, *, journal: bool = True) -> None:
    """A wallet of settled rounds; ``journal=False`` removes its journal file, so that damage to
    wallet.db cannot be mended from it (test_journal.py shows that, with the journal, it is)."""
    w = Wallet.open(folder).wallet
    for i in range(rounds):
        rid = w.begin_round("g", 10, 10, i, summary={"pad": "x" * 200, "i": i})
        w.settle_round(rid, i % 3)
    w.close()  # checkpoints: everything is in wallet.db, no -wal left
    assert not (folder / "wallet.db-wal").exists()
    if not journal:
        (folder / "wallet.journal").unlink()


def assert_set_aside(folder: Path, original: bytes, reason_part: str, opened) -> None:
    aside = folder / "wallet.db.corrupt-20261130-170102"
    assert opened.kept_as == aside
    assert aside.read_bytes() == original  # kept byte for byte
    assert opened.notice is not None
    assert str(folder / "wallet.db") in opened.notice
    assert str(aside) in opened.notice
    assert reason_part in opened.notice
    assert "1,000.00" in opened.notice
    w = opened.wallet
    assert w.balance == 100_000 and w.ledger() == [] and w.audit() == []
    rid = w.begin_round("g", 1, 1, 1)  # the fresh wallet works
    w.settle_round(rid, 2)
    w.close()


# --------------------------------------------------------------------------- corruption


def test_random_bytes_kept_aside(tmp_path: Path) -> None:
    junk = random.Random(1234).randbytes(8192)
    (tmp_path / "wallet.db").write_bytes(junk)
    opened = Wallet.open(tmp_path, clock=fixed_clock)
    assert_set_aside(tmp_path, junk, "file is not a database", opened)
    assert opened.notice == (
        f"The wallet file {tmp_path / 'wallet.db'} is not a Festive Slots wallet (file is not a database); "
        f"it was kept as {tmp_path / 'wallet.db.corrupt-20261130-170102'} and a new "
        "play-money wallet of 1,000.00 was opened."
    )


def test_truncated_database_kept_aside(tmp_path: Path) -> None:
    make_wallet_with_rounds(tmp_path, journal=False)
    data = (tmp_path / "wallet.db").read_bytes()
    truncated = data[: len(data) // 2]
    (tmp_path / "wallet.db").write_bytes(truncated)
    opened = Wallet.open(tmp_path, clock=fixed_clock)
    assert_set_aside(tmp_path, truncated, "malformed", opened)


def test_damaged_page_kept_aside(tmp_path: Path) -> None:
    make_wallet_with_rounds(tmp_path, journal=False)
    data = bytearray((tmp_path / "wallet.db").read_bytes())
    page = 4096
    assert len(data) > 6 * page
    # Page 1 (header and schema) intact, the b-tree pages after it overwritten.
    data[page:-page] = random.Random(7).randbytes(len(data) - 2 * page)
    (tmp_path / "wallet.db").write_bytes(bytes(data))
    opened = Wallet.open(tmp_path, clock=fixed_clock)
    assert opened.kept_as is not None and opened.kept_as.read_bytes() == bytes(data)
    assert opened.wallet.balance == 100_000
    opened.wallet.close()


def test_foreign_sqlite_file_kept_aside_unmodified(tmp_path: Path) -> None:
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    raw.execute("INSERT INTO notes (text) VALUES ('buy presents')")
    raw.commit()
    raw.close()
    original = (tmp_path / "wallet.db").read_bytes()
    opened = Wallet.open(tmp_path, clock=fixed_clock)
    assert_set_aside(tmp_path, original, "no 'meta' table", opened)


@pytest.mark.parametrize(
    ("damage", "reason_part"),
    [
        ("DELETE FROM wallet", "balance row is missing"),
        ("DROP TABLE ledger", "'ledger' table is missing"),
        ("ALTER TABLE rounds DROP COLUMN note", "lacks column(s) note"),
        ("UPDATE meta SET value = 'abc' WHERE key = 'schema_version'", "not a number"),
        ("DELETE FROM meta WHERE key = 'schema_version'", "no schema version"),
        ("DELETE FROM meta WHERE key = 'starting_balance'", "starting balance"),
    ],
)
def test_invalid_schema_kept_aside(
    tmp_path: Path, damage: str, reason_part: str
) -> None:
    make_wallet_with_rounds(tmp_path, rounds=3, journal=False)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute(damage)
    raw.commit()
    raw.close()
    original = (tmp_path / "wallet.db").read_bytes()
    opened = Wallet.open(tmp_path, clock=fixed_clock)
    assert_set_aside(tmp_path, original, reason_part, opened)


def test_newer_schema_refused_and_left_alone(tmp_path: Path) -> None:
    make_wallet_with_rounds(tmp_path, rounds=2)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    raw.commit()
    raw.close()
    before = (tmp_path / "wallet.db").read_bytes()
    with pytest.raises(StoreError, match="newer version"):
        Wallet.open(tmp_path, clock=fixed_clock)
    assert (tmp_path / "wallet.db").read_bytes() == before
    assert not [n for n in files(tmp_path) if ".corrupt-" in n]


def test_empty_file_becomes_new_wallet(tmp_path: Path) -> None:
    # e.g. a crash before the creating transaction committed
    (tmp_path / "wallet.db").write_bytes(b"")
    opened = Wallet.open(tmp_path)
    assert opened.notice is None
    assert opened.wallet.balance == 100_000
    opened.wallet.close()


def test_siblings_move_with_the_file_and_counter_added(tmp_path: Path) -> None:
    rng = random.Random(99)
    junk = {
        "wallet.db": rng.randbytes(3000),
        "wallet.db-wal": rng.randbytes(500),
        "wallet.db-shm": rng.randbytes(500),
    }
    for name, data in junk.items():
        (tmp_path / name).write_bytes(data)
    opened = Wallet.open(tmp_path, clock=fixed_clock)
    stem = "wallet.db.corrupt-20261130-170102"
    assert opened.kept_as == tmp_path / stem
    for suffix in ("", "-wal"):
        assert (tmp_path / (stem + suffix)).read_bytes() == junk["wallet.db" + suffix]
    # The -shm is only SQLite's index of the WAL (rebuilt on open); it moves along too.
    assert (tmp_path / (stem + "-shm")).exists()
    opened.wallet.close()

    # Same second, again damaged: a counter keeps both copies.
    second_junk = rng.randbytes(3000)
    (tmp_path / "wallet.db").write_bytes(second_junk)
    again = Wallet.open(tmp_path, clock=fixed_clock)
    assert again.kept_as == tmp_path / (stem + "-1")
    assert again.kept_as.read_bytes() == second_junk
    assert (tmp_path / stem).read_bytes() == junk["wallet.db"]
    assert str(again.kept_as) in again.notice
    again.wallet.close()
    names = set(files(tmp_path))
    assert {stem, stem + "-wal", stem + "-shm", stem + "-1", "wallet.db"} <= names


def test_damaged_file_with_live_wal_keeps_the_wal(tmp_path: Path) -> None:
    src, dst = tmp_path / "src", tmp_path / "dst"
    w = Wallet.open(src).wallet
    for i in range(80):
        w.settle_round(w.begin_round("g", 10, 10, i, summary={"pad": "x" * 200}), i % 3)
    w._db().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for i in range(5):  # these commits live only in the -wal
        w.settle_round(w.begin_round("g", 10, 10, i, summary={"pad": "y" * 200}), 1)
    dst.mkdir()
    data = (src / "wallet.db").read_bytes()
    wal = (src / "wallet.db-wal").read_bytes()
    assert len(wal) > 0
    (dst / "wallet.db").write_bytes(data[: len(data) // 2])  # damaged after a "crash"
    (dst / "wallet.db-wal").write_bytes(wal)
    w.close()
    opened = Wallet.open(dst, clock=fixed_clock)
    assert opened.kept_as == dst / "wallet.db.corrupt-20261130-170102"
    assert opened.kept_as.read_bytes() == data[: len(data) // 2]
    assert (dst / "wallet.db.corrupt-20261130-170102-wal").read_bytes() == wal
    assert opened.wallet.balance == 100_000 and opened.wallet.audit() == []
    opened.wallet.close()


@pytest.mark.parametrize("main", [b"", None])
def test_wal_without_database_is_kept(tmp_path: Path, main: bytes | None) -> None:
    # SQLite would silently delete a -wal next to an empty or missing database.
    wal = random.Random(5).randbytes(4000)
    if main is not None:
        (tmp_path / "wallet.db").write_bytes(main)
    (tmp_path / "wallet.db-wal").write_bytes(wal)
    opened = Wallet.open(tmp_path, clock=fixed_clock)
    stem = tmp_path / "wallet.db.corrupt-20261130-170102"
    assert (tmp_path / (stem.name + "-wal")).read_bytes() == wal
    assert opened.notice is not None and "write-ahead log" in opened.notice
    assert opened.wallet.balance == 100_000
    opened.wallet.close()


def test_locked_file_is_not_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_wallet_with_rounds(tmp_path, rounds=2)
    monkeypatch.setattr(opening_module, "BUSY_TIMEOUT_S", 0.05)
    holder = sqlite3.connect(tmp_path / "wallet.db", isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("UPDATE wallet SET balance = balance")
        with pytest.raises(StoreError, match="in use"):
            Wallet.open(tmp_path, clock=fixed_clock)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not [n for n in files(tmp_path) if ".corrupt-" in n]
    w = Wallet.open(tmp_path).wallet
    assert w.audit() == []
    w.close()


def test_write_while_locked_raises_store_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = Wallet.open(tmp_path).wallet
    w._db().execute("PRAGMA busy_timeout = 50")
    holder = sqlite3.connect(tmp_path / "wallet.db", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreError):
            w.begin_round("g", 1, 1, 1)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert w.balance == 100_000 and w.ledger() == []
    w.begin_round("g", 1, 1, 1)  # usable again once the lock is gone
    w.close()


# --------------------------------------------------------------------------- kills


def run_child(script: str, data_dir: Path) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO), env.get("PYTHONPATH")])
    )
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script), str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


def wait_for_line(proc: subprocess.Popen[str], count: int = 1) -> None:
    assert proc.stdout is not None
    for _ in range(count):
        line = proc.stdout.readline()
        if not line:
            proc.kill()
            _, err = proc.communicate(timeout=10)
            pytest.fail(f"child exited early: {err}")


def kill(proc: subprocess.Popen[str]) -> None:
    proc.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
    proc.communicate(timeout=10)


LOOP = """
    import sys
    from pathlib import Path
    from game.store import InsufficientFunds, Wallet

    w = Wallet.open(Path(sys.argv[1]), starting_balance=10_000).wallet
    for r in w.open_rounds():
        w.settle_round(r.id, 0, note="resumed")
    i = 0
    while True:
        try:
            rid = w.begin_round("loop", 100, 100, (i * 0x9E3779B97F4A7C15) % 2**64)
        except InsufficientFunds:
            w.top_up(10_000)
            continue
        w.record_decision(rid, {"i": i})
        w.set_progress(rid, {"step": i})
        if i % 5 == 0:
            w.top_up(50)
        w.settle_round(rid, (i * 37) % 220)
        i += 1
        if i % 10 == 0:
            print(i, flush=True)
"""


def test_sigkill_in_loop_leaves_consistent_wallet(tmp_path: Path) -> None:
    total_rounds = 0
    for lines in (2, 5, 3):  # three launches, each killed at a different point
        proc = run_child(LOOP, tmp_path)
        wait_for_line(proc, lines)
        kill(proc)
        opened = Wallet.open(tmp_path)
        w = opened.wallet
        assert opened.notice is None
        assert w.audit() == []
        assert w.balance >= 0
        open_now = w.open_rounds()
        assert len(open_now) <= 1
        for rec in open_now:  # an interrupted round: debited, not credited, inputs kept
            assert rec.cost == 100 and rec.win is None
            kinds = [e.kind for e in w.ledger() if e.round_id == rec.id]
            assert kinds == ["debit"]
        ledger = w.ledger()
        credits = sum(e.amount for e in ledger if e.kind != "debit")
        debits = sum(e.amount for e in ledger if e.kind == "debit")
        assert w.balance == 10_000 + credits - debits
        settled = w.history("loop", limit=100_000)
        assert len(settled) >= total_rounds + lines * 10
        total_rounds = len(settled)
        w.close()
    assert not [n for n in files(tmp_path) if ".corrupt-" in n]


MID_TRANSACTION = """
    import sys, time
    from pathlib import Path
    from game.store import Wallet
    from game.store import ledger

    w = Wallet.open(Path(sys.argv[1])).wallet
    rid = w.begin_round("mid", 100, 100, 2**64 - 1)
    original = ledger.move

    def stalled_move(*args, **kwargs):
        result = original(*args, **kwargs)  # balance and ledger written, no COMMIT
        print("mid", flush=True)
        time.sleep(60)
        return result

    ledger.move = stalled_move
    if sys.argv[2] == "settle":
        w.settle_round(rid, 5_000)
    else:
        w.begin_round("mid", 300, 300, 7)
"""


@pytest.mark.parametrize("where", ["begin", "settle"])
def test_kill_inside_transaction_rolls_back(tmp_path: Path, where: str) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO), env.get("PYTHONPATH")])
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(MID_TRANSACTION), str(tmp_path), where],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )
    wait_for_line(proc)
    kill(proc)
    w = Wallet.open(tmp_path).wallet
    assert w.audit() == []
    # Only the first round (committed before the stall) exists, still open and debited.
    [rec] = w.open_rounds()
    assert rec.game_id == "mid" and rec.seed == 2**64 - 1 and rec.status == "open"
    assert w.balance == 100_000 - 100
    assert [e.kind for e in w.ledger()] == ["debit"]
    assert w.history(None) == []
    w.settle_round(rec.id, 5_000, note="resumed")  # the next launch finishes it
    assert w.balance == 100_000 - 100 + 5_000 and w.audit() == []
    w.close()
