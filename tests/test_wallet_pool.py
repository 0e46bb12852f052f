"""The wallet keeps a jackpot pool: each movement a row of its own, written in the transaction that
moves it, audited against the pool carried, copied by the journal, and upgraded into old wallets.

These drive the wallet directly (units are hundredths of a cent); ``test_session_jackpot`` plays
a jackpot game through the session.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from game.store import SCHEMA_VERSION, StoreError, Wallet
from game.store.records import PoolEntry

SEED = 50_000  # units: a pool of 5.00
V3 = Path(__file__).resolve().parent / "data" / "wallet_v3"


@pytest.fixture
def wallet(tmp_path: Path) -> Wallet:
    w = Wallet.open(tmp_path / "data", starting_balance=10_000).wallet
    yield w
    w.close()


def movements(w: Wallet, game_id: str = "jp") -> list[tuple[int, str, int, int]]:
    """(round, kind, units, pool_after), oldest first."""
    return [(e.round_id, e.kind, e.units, e.pool_after) for e in reversed(w.pool_ledger(game_id))]


def wager(w: Wallet, cost: int = 100, *, first: bool = False, seed: int = 1) -> int:
    """A round on the pool of game "jp" with a 1.5% contribution (150 units a 1.00 wager)."""
    held = w.jackpot_pool("jp")
    state_in = None if held is None else {"pool": held}
    share = cost * 3 // 2
    return w.begin_round("jp", 100, cost, seed, state_in=state_in,
                         game_state={"pool": (SEED if first else held or 0) + share},
                         pool_seed=SEED if first else 0, pool_contribution=share)


def test_the_pool_starts_at_its_seed_and_grows_with_each_wager_in_its_transaction(wallet: Wallet) -> None:
    assert wallet.jackpot_pool("jp") is None and wallet.pool_ledger() == []
    first = wager(wallet, first=True)
    assert wallet.jackpot_pool("jp") == SEED + 150 == wallet.game_state("jp")["pool"]
    assert wallet.settle_round(first, 0) == 9_900
    second = wager(wallet, cost=20)
    assert movements(wallet) == [(first, "seed", SEED, SEED), (first, "contribution", 150, SEED + 150),
                                 (second, "contribution", 30, SEED + 180)]
    assert wallet.get_round(first).pool_contribution == 150 and wallet.get_round(second).pool_contribution == 30
    entry = wallet.pool_ledger("jp", limit=1)[0]
    assert isinstance(entry, PoolEntry) and entry.delta == 30 and entry.game_id == "jp"
    assert [e.delta for e in wallet.pool_ledger("jp")] == [30, 150, SEED]
    assert wallet.balance == 10_000 - 100 - 20  # the balance's ledger is the stakes alone
    assert [(e.kind, e.amount) for e in reversed(wallet.ledger())] == [("debit", 100), ("debit", 20)]
    assert wallet.audit() == [] and wallet.journal_problems() == []


def test_a_jackpot_is_paid_in_the_settlement_as_part_of_its_one_credit_and_the_pool_reseeded(wallet: Wallet) -> None:
    rid = wager(wallet, first=True)  # pool 50 150 units: pays 501 cents, 50 units stay
    balance = wallet.settle_round(rid, 501 + 40, jackpots=[(501, SEED)], game_state={"pool": SEED + 50})
    assert balance == 10_000 - 100 + 541
    credits = [e for e in wallet.ledger() if e.kind == "credit"]
    assert [(c.round_id, c.amount) for c in credits] == [(rid, 541)]  # one credit, the jackpot inside it
    assert movements(wallet)[2:] == [(rid, "payout", 50_100, 50), (rid, "reseed", SEED, SEED + 50)]
    record = wallet.get_round(rid)
    assert (record.jackpot, record.win, record.pool_contribution) == (501, 541, 150)
    assert wallet.jackpot_pool("jp") == SEED + 50
    assert wallet.audit() == [] and wallet.journal_problems() == []


def test_the_wallet_writes_the_pool_itself_when_no_state_is_given(wallet: Wallet) -> None:
    rid = wager(wallet, first=True)
    wallet.settle_round(rid, 501, jackpots=[(501, SEED)])
    assert wallet.game_state("jp") == {"pool": SEED + 50}
    assert wallet.audit() == []


def test_a_returned_stake_takes_its_contribution_back_out_of_the_pool(wallet: Wallet) -> None:
    first = wager(wallet, first=True)
    wallet.settle_round(first, 0)
    rid = wager(wallet, cost=100)
    assert wallet.jackpot_pool("jp") == SEED + 300
    wallet.settle_round(rid, 100, return_contribution=True, note="stake returned")
    assert wallet.jackpot_pool("jp") == SEED + 150  # the seed stays; only this wager's share goes
    assert movements(wallet)[-1] == (rid, "refund", 150, SEED + 150)
    assert wallet.balance == 10_000 - 100 and wallet.audit() == []
    # A round that fed no pool returns its stake with nothing to take out.
    other = wallet.begin_round("plain", 10, 10, 1)
    wallet.settle_round(other, 10, return_contribution=True)
    assert movements(wallet, "plain") == [] and wallet.audit() == []


def test_a_pool_changed_without_its_movements_is_refused_and_nothing_is_written(wallet: Wallet) -> None:
    rid = wager(wallet, first=True)
    before = (wallet.balance, wallet.game_state("jp"), movements(wallet), wallet.ledger())

    def unchanged() -> None:
        assert (wallet.balance, wallet.game_state("jp"), movements(wallet), wallet.ledger()) == before
        assert wallet.audit() == [] and wallet.journal_problems() == []

    with pytest.raises(StoreError, match="movements"):
        wallet.set_game_state("jp", {"pool": 1})
    with pytest.raises(StoreError, match="movements"):
        wallet.settle_round(rid, 600, game_state={"pool": SEED})  # a payout not recorded
    with pytest.raises(StoreError, match="movements"):
        wallet.settle_round(rid, 0, state_updates={"jp": lambda state: {"pool": state["pool"] + 1}})
    with pytest.raises(StoreError, match="movements"):
        wallet.settle_round(rid, 501, jackpots=[(501, SEED)], game_state={"pool": SEED})  # 50 units lost
    with pytest.raises(StoreError, match="negative"):
        wallet.settle_round(rid, 600, jackpots=[(600, SEED)])
    assert wallet.get_round(rid).is_open
    unchanged()
    wallet.settle_round(rid, 0)
    before = (wallet.balance, wallet.game_state("jp"), movements(wallet), wallet.ledger())
    with pytest.raises(StoreError, match="seeded again"):
        wallet.begin_round("jp", 100, 100, 2, state_in={"pool": SEED + 150}, game_state={"pool": 2 * SEED + 300},
                           pool_seed=SEED, pool_contribution=150)
    with pytest.raises(StoreError, match="movements"):
        wallet.begin_round("jp", 100, 100, 2, state_in={"pool": SEED + 150}, game_state={"pool": SEED + 151},
                           pool_contribution=150)
    with pytest.raises(StoreError, match="computed from a jackpot pool of 50000"):
        wallet.begin_round("jp", 100, 100, 2, state_in={"pool": SEED}, game_state={"pool": SEED + 300},
                           pool_contribution=150)  # the round was computed from a pool that is gone
    with pytest.raises(StoreError, match="no jackpot pool"):
        wallet.begin_round("new_game", 100, 100, 2, game_state={"pool": 150}, pool_contribution=150)
    unchanged()
    assert len(wallet.recall(None, 100)) == 1  # no round was begun


def test_one_round_at_a_time_on_a_pool(wallet: Wallet) -> None:
    rid = wager(wallet, first=True)
    with pytest.raises(StoreError, match=f"Round {rid} of 'jp' is still open"):
        wager(wallet, seed=2)
    wallet.settle_round(rid, 0)
    wager(wallet, seed=2)
    assert wallet.audit() == []


def test_movement_arguments_are_checked_before_anything_is_written(wallet: Wallet) -> None:
    rid = wager(wallet, first=True)
    with pytest.raises(ValueError, match="part of the win"):
        wallet.settle_round(rid, 100, jackpots=[(101, SEED)])
    with pytest.raises(ValueError, match="pays no jackpot"):
        wallet.settle_round(rid, 600, jackpots=[(501, SEED)], return_contribution=True)
    with pytest.raises(TypeError):
        wallet.settle_round(rid, 600, jackpots=[(501, 1.5)])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        wallet.begin_round("jp2", 100, 100, 1, pool_seed=-1)
    assert wallet.get_round(rid).is_open and wallet.audit() == []


def test_the_audit_checks_each_pool_against_its_movements(wallet: Wallet) -> None:
    rid = wager(wallet, first=True)
    wallet.settle_round(rid, 541, jackpots=[(501, SEED)], game_state={"pool": SEED + 50})
    assert wallet.audit() == []
    conn = wallet._db()

    def tampered(sql: str, undo: str, words: str) -> None:
        conn.execute(sql)
        problems = wallet.audit()
        assert any(words in p for p in problems), problems
        conn.execute(undo)
        assert wallet.audit() == []

    tampered("UPDATE game_state SET state = '{\"pool\":50051}' WHERE game_id = 'jp'",
             "UPDATE game_state SET state = '{\"pool\":50050}' WHERE game_id = 'jp'", "sum to 50050")
    tampered("UPDATE pool_ledger SET pool_after = 1 WHERE kind = 'contribution'",
             f"UPDATE pool_ledger SET pool_after = {SEED + 150} WHERE kind = 'contribution'", "pool_after 1")
    tampered("UPDATE pool_ledger SET units = 60100, pool_after = 50 WHERE kind = 'payout'",
             "UPDATE pool_ledger SET units = 50100, pool_after = 50 WHERE kind = 'payout'", "more than its credit")
    tampered(f"UPDATE rounds SET status = 'open', win = NULL, settled_at = NULL WHERE id = {rid}",
             f"UPDATE rounds SET status = 'settled', win = 541, settled_at = 'x' WHERE id = {rid}",
             "is open but its pool movements settle it")
    tampered("UPDATE pool_ledger SET kind = 'refund' WHERE kind = 'payout'",
             "UPDATE pool_ledger SET kind = 'payout' WHERE kind = 'refund'", "units returned from the pool")
    tampered("UPDATE pool_ledger SET game_id = 'other' WHERE kind = 'reseed'",
             "UPDATE pool_ledger SET game_id = 'jp' WHERE kind = 'reseed'", "another game's pool")
    tampered("UPDATE pool_ledger SET kind = 'seed' WHERE kind = 'reseed'",
             "UPDATE pool_ledger SET kind = 'reseed' WHERE kind = 'seed' AND id > 1", "seeded a second time")
    tampered("UPDATE pool_ledger SET kind = 'contribution' WHERE id = 1",
             "UPDATE pool_ledger SET kind = 'seed' WHERE id = 1", "not its seed")
    tampered("UPDATE pool_ledger SET units = 40000 WHERE kind = 'payout'",
             "UPDATE pool_ledger SET units = 50100 WHERE kind = 'payout'", "pool_after 50 but movements give 10150")
    tampered("INSERT INTO game_state (game_id, state, updated_at) VALUES ('lost', '{\"pool\":5}', 'x')",
             "DELETE FROM game_state WHERE game_id = 'lost'", "the lost pool carried is 5 units, but it has no")
    tampered("UPDATE game_state SET state = '{}' WHERE game_id = 'jp'",
             "UPDATE game_state SET state = '{\"pool\":50050}' WHERE game_id = 'jp'", "but no pool is carried")
    tampered("UPDATE game_state SET state = '{\"pool\":-5}' WHERE game_id = 'jp'",
             "UPDATE game_state SET state = '{\"pool\":50050}' WHERE game_id = 'jp'", "not a whole number")
    with pytest.raises(sqlite3.IntegrityError):  # the table itself refuses a negative pool or a part of a cent paid
        conn.execute("UPDATE pool_ledger SET pool_after = -1 WHERE id = 1")
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE pool_ledger SET units = 50101 WHERE kind = 'payout'")


def test_the_live_counter_is_one_read(wallet: Wallet) -> None:
    wager(wallet, first=True)
    statements: list[str] = []
    wallet._db().set_trace_callback(statements.append)
    assert wallet.jackpot_pool("jp") == SEED + 150
    wallet._db().set_trace_callback(None)
    assert len(statements) == 1 and statements[0].startswith("SELECT")
    assert wallet.jackpot_pool("no_such_game") is None


def test_the_demo_wallet_has_its_own_pool(tmp_path: Path) -> None:
    player = Wallet.open(tmp_path / "data").wallet
    demo = Wallet.open(tmp_path / "data" / "demo").wallet  # where the demo keeps its wallet
    try:
        wager(player, first=True)
        assert demo.jackpot_pool("jp") is None
        rid = wager(demo, first=True)
        demo.settle_round(rid, 501, jackpots=[(501, SEED)])
        assert demo.jackpot_pool("jp") == SEED + 50 and player.jackpot_pool("jp") == SEED + 150
        assert player.audit() == [] and demo.audit() == []
    finally:
        player.close()
        demo.close()


# --------------------------------------------------------------------------- the journal


def play_some(w: Wallet) -> None:
    first = wager(w, first=True)
    w.settle_round(first, 541, jackpots=[(501, SEED)], game_state={"pool": SEED + 50})
    second = wager(w, cost=20, seed=2)
    w.settle_round(second, 20, return_contribution=True)
    wager(w, seed=3)  # left open


def pool_view(w: Wallet) -> tuple:
    return w.balance, w.jackpot_pool("jp"), w.game_state("jp"), w.pool_ledger(), w.ledger()


def test_a_wallet_rebuilt_from_its_journal_has_the_same_pool(tmp_path: Path) -> None:
    data = tmp_path / "data"
    w = Wallet.open(data).wallet
    play_some(w)
    before = pool_view(w)
    journal = (data / "wallet.journal").read_text()
    assert journal.count('"pool_ledger"') == 5  # every transaction that moved the pool carries its rows
    w.close()
    for name in ("wallet.db", "wallet.db-wal", "wallet.db-shm"):
        (data / name).unlink(missing_ok=True)
    opened = Wallet.open(data)
    try:
        assert opened.notice is not None and "restored from it" in opened.notice
        assert pool_view(opened.wallet) == before
        assert opened.wallet.audit() == [] and opened.wallet.journal_problems() == []
    finally:
        opened.wallet.close()


def test_a_pool_changed_in_the_file_behind_the_wallets_back_is_rebuilt_from_the_journal(tmp_path: Path) -> None:
    data = tmp_path / "data"
    w = Wallet.open(data).wallet
    play_some(w)
    before = pool_view(w)
    w.close()
    raw = sqlite3.connect(data / "wallet.db")
    raw.execute("UPDATE game_state SET state = '{\"pool\":99999999}' WHERE game_id = 'jp'")
    raw.execute("UPDATE pool_ledger SET pool_after = 99999999 WHERE id = (SELECT MAX(id) FROM pool_ledger)")
    raw.commit()
    raw.close()
    opened = Wallet.open(data)
    try:
        assert opened.notice is not None and "rebuilt from the journal" in opened.notice
        assert pool_view(opened.wallet) == before
        assert opened.wallet.audit() == []
    finally:
        opened.wallet.close()


def test_pool_movements_lost_by_sqlite_are_restored_from_the_journal(tmp_path: Path) -> None:
    """The file keeps a copy of the wallet as it was before the last round; the journal has it all."""
    data = tmp_path / "data"
    w = Wallet.open(data).wallet
    first = wager(w, first=True)
    w.settle_round(first, 0)
    w.close()
    shutil.copyfile(data / "wallet.db", tmp_path / "older.db")
    w = Wallet.open(data).wallet
    rid = wager(w, seed=2)
    w.settle_round(rid, 541, jackpots=[(501, SEED)])
    before = pool_view(w)
    w.close()
    shutil.copyfile(tmp_path / "older.db", data / "wallet.db")  # SQLite lost its last two transactions
    opened = Wallet.open(data)
    try:
        assert opened.notice is not None and "restored from its journal" in opened.notice
        assert pool_view(opened.wallet) == before
        assert opened.wallet.audit() == [] and opened.wallet.journal_problems() == []
    finally:
        opened.wallet.close()


# --------------------------------------------------------------------------- schema 3 -> 4


def test_a_schema_3_wallet_is_upgraded_with_an_empty_pool_ledger_and_plays_a_pool(tmp_path: Path) -> None:
    """tests/data/wallet_v3 was written by the game at schema 3 (its journal beside it)."""
    data = tmp_path / "data"
    shutil.copytree(V3, data)
    raw = sqlite3.connect(f"{(V3 / 'wallet.db').as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        assert raw.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("3",)
        old_rounds = raw.execute("SELECT id, game_id, cost, win, status FROM rounds ORDER BY id").fetchall()
    finally:
        raw.close()
    opened = Wallet.open(data)
    w = opened.wallet
    try:
        assert opened.notice is None
        assert w.audit() == [] and w.journal_problems() == []
        assert [(r.id, r.game_id, r.cost, r.win, r.status) for r in reversed(w.recall(None, 100))] == old_rounds
        assert w.pool_ledger() == [] and w.balance == 11_460 and w.setting("turbo") is True
        assert w.game_state("gift_shop") == {"rounds": 1, "boxes_sold": 1}
        assert SCHEMA_VERSION >= 4  # upgraded through every later schema too
        assert w._db().execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(
            SCHEMA_VERSION)
        w.settle_round(w.open_rounds()[0].id, 0)
        rid = wager(w, first=True, seed=9)
        w.settle_round(rid, 501, jackpots=[(501, SEED)])
        assert w.jackpot_pool("jp") == SEED + 50 and w.audit() == []
    finally:
        w.close()
    again = Wallet.open(data)
    try:
        assert again.notice is None and again.wallet.audit() == [] and again.wallet.journal_problems() == []
        assert again.wallet.jackpot_pool("jp") == SEED + 50
    finally:
        again.wallet.close()
