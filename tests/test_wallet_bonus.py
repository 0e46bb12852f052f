"""The wallet's bonus balance: grants of free games funded into it, free games paid from it, other
stakes paid cash first and then from the bonus beyond the free games' money, and every win split
between the two in the blend of its stake. Each movement is a row of its account's ledger written
in the transaction that makes it, audited, copied by the journal, and upgraded into old wallets.

These drive the wallet directly; ``test_session_free_games`` plays free games through the session.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store import SCHEMA_VERSION, FreeGames, InsufficientFunds, StoreError, Wallet, WalletAttention, bonus_share
from game.store.audit import audit_file
from game.store.records import LedgerEntry

START = 10_000
V4 = Path(__file__).resolve().parent / "data" / "wallet_v4"


@pytest.fixture
def wallet(tmp_path: Path) -> Wallet:
    w = Wallet.open(tmp_path / "data", starting_balance=START).wallet
    yield w
    w.close()


def bonus_rows(w: Wallet) -> list[tuple]:
    """(round, kind, amount, bonus_after, decision_seq, grant), oldest first."""
    return [(e.round_id, e.kind, e.amount, e.balance_after, e.decision_seq, e.grant_id)
            for e in reversed(w.bonus_ledger())]


def cash_rows(w: Wallet) -> list[tuple]:
    return [(e.round_id, e.kind, e.amount, e.balance_after, e.decision_seq) for e in reversed(w.ledger())]


# --------------------------------------------------------------------------- grants and free games


def test_a_grant_funds_the_bonus_balance_in_its_one_transaction(wallet: Wallet) -> None:
    assert wallet.bonus_balance == 0 and wallet.free_games() == [] and wallet.bonus_ledger() == []
    statements: list[str] = []
    wallet._db().set_trace_callback(statements.append)
    grant = wallet.grant_free_games(10, 50, "slingo_santa_king", reason="welcome")
    wallet._db().set_trace_callback(None)
    writes = [s for s in statements if s.startswith(("INSERT", "UPDATE"))]
    assert statements.count("BEGIN IMMEDIATE") == 1 and statements.index("BEGIN IMMEDIATE") < statements.index(
        writes[0]) and statements.index("COMMIT") > statements.index(writes[-1])
    assert isinstance(grant, FreeGames)
    assert (grant.game_id, grant.stake, grant.games, grant.games_left, grant.reason) == (
        "slingo_santa_king", 50, 10, 10, "welcome")
    assert grant.playing == 1 and grant.fits("slingo_santa_king", (20, 50, 100))
    assert not grant.fits("slingo_santa_king", (20, 100)) and not grant.fits("fat_santa", (50,))
    assert wallet.bonus_balance == 500 and wallet.balance == START
    assert bonus_rows(wallet) == [(None, "grant", 500, 500, None, grant.id)]
    entry = wallet.bonus_ledger(limit=1)[0]
    assert isinstance(entry, LedgerEntry) and entry.account == "bonus" and entry.delta == 500
    assert wallet.available == START  # the grant's money is its free games', not the player's to stake
    assert wallet.free_games("slingo_santa_king") == [grant] and wallet.free_games("fat_santa") == []
    assert wallet.audit() == [] and wallet.journal_problems() == []
    anywhere = wallet.grant_free_games(2, 100)
    assert anywhere.game_id is None and wallet.free_games("fat_santa", (100,)) == [anywhere]
    assert wallet.free_games("fat_santa", (20,)) == [] and wallet.bonus_balance == 700


def test_grant_arguments_are_checked_before_anything_is_written(wallet: Wallet) -> None:
    for games, stake, game_id in ((0, 50, None), (True, 50, None), (2, 0, None), (2, 1.5, None), (2, 50, "")):
        with pytest.raises((TypeError, ValueError)):
            wallet.grant_free_games(games, stake, game_id)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        wallet.grant_free_games(2, 50, reason="")
    assert wallet.bonus_balance == 0 and wallet.free_games(used=True) == [] and wallet.audit() == []


def test_a_free_game_is_paid_from_its_grant_and_counted(wallet: Wallet) -> None:
    grant = wallet.grant_free_games(3, 50, "g")
    rid = wallet.begin_round("g", 50, 50, 1, free_game=grant.id)
    assert wallet.balance == START and wallet.bonus_balance == 100
    (left,) = wallet.free_games("g")
    assert left.games_left == 2 and left.playing == 2
    record = wallet.get_round(rid)
    assert (record.free_game, record.bonus_cost, record.cash_cost) == (grant.id, 50, 0)
    assert bonus_rows(wallet)[-1] == (rid, "debit", 50, 100, None, grant.id)
    assert wallet.ledger() == []  # no cash moved
    assert wallet.settle_round(rid, 120) == START  # paid wholly from bonus: wins wholly to bonus
    assert wallet.bonus_balance == 220 and wallet.get_round(rid).bonus_win == 120
    assert wallet.available == START + 120  # its win is the player's to stake; the two games left are not
    assert wallet.audit() == [] and wallet.journal_problems() == []


def test_a_free_game_that_does_not_fit_its_grant_is_refused_and_nothing_is_written(wallet: Wallet) -> None:
    grant = wallet.grant_free_games(1, 50, "g")
    other = wallet.grant_free_games(1, 50)
    before = (wallet.balance, wallet.bonus_balance, wallet.free_games(used=True), bonus_rows(wallet))
    for args, kwargs, message in [
        (("h", 50, 50, 1), {"free_game": grant.id}, "are for 'g'"),
        (("g", 100, 100, 1), {"free_game": grant.id}, "played at 50 cents"),
        (("g", 50, 100, 1), {"free_game": grant.id}, "played at 50 cents"),
        (("g", 50, 50, 1), {"free_game": 99}, "no grant 99"),
    ]:
        with pytest.raises(StoreError, match=message):
            wallet.begin_round(*args, **kwargs)
    with pytest.raises(ValueError, match="buys no feature"):
        wallet.begin_round("g", 50, 50, 1, buy=True, free_game=grant.id)
    with pytest.raises(TypeError):
        wallet.begin_round("g", 50, 50, 1, free_game="1")  # type: ignore[arg-type]
    assert (wallet.balance, wallet.bonus_balance, wallet.free_games(used=True), bonus_rows(wallet)) == before
    assert wallet.open_rounds() == []
    wallet.settle_round(wallet.begin_round("h", 50, 50, 1, free_game=other.id), 0)  # any game at that stake
    wallet.settle_round(wallet.begin_round("g", 50, 50, 2, free_game=grant.id), 0)
    with pytest.raises(StoreError, match="all been played"):
        wallet.begin_round("g", 50, 50, 3, free_game=grant.id)
    assert wallet.free_games() == [] and wallet.bonus_balance == 0 and wallet.audit() == []


# --------------------------------------------------------------------------- the payment order


def test_stakes_are_paid_cash_first_then_from_the_bonus_beyond_the_free_games(tmp_path: Path) -> None:
    w = Wallet.open(tmp_path, starting_balance=300).wallet
    grant = w.grant_free_games(2, 100, "g")
    first = w.begin_round("g", 100, 100, 1, free_game=grant.id)
    w.settle_round(first, 500)  # bonus 100 (the last free game's) + 500 the player may stake
    assert (w.balance, w.bonus_balance, w.available) == (300, 600, 800)
    rid = w.begin_round("g", 200, 200, 2)
    assert (w.balance, w.bonus_balance) == (100, 600)  # cash only while it covers the stake
    w.record_decision(rid, "buy", price=340)
    assert (w.balance, w.bonus_balance) == (0, 360)  # 100 cash, then 240 from the bonus
    assert [r for r in cash_rows(w) if r[0] == rid] == [(rid, "debit", 200, 100, None), (rid, "debit", 100, 0, 0)]
    assert [r for r in bonus_rows(w) if r[0] == rid] == [(rid, "debit", 240, 360, 0, None)]
    with pytest.raises(InsufficientFunds):  # 260 may be staked; the last free game's 100 may not
        w.record_decision(rid, "buy", price=261)
    with pytest.raises(InsufficientFunds):
        w.begin_round("g", 300, 300, 3)
    assert w.get_round(rid).decisions == ["buy"] and (w.balance, w.bonus_balance) == (0, 360)
    record = w.get_round(rid)
    assert (record.cost, record.bonus_cost, record.cash_cost) == (540, 240, 300)
    w.settle_round(rid, 1001)
    share = 1001 * 240 // 540
    assert share == 444 and w.get_round(rid).bonus_win == share and w.get_round(rid).cash_win == 1001 - share
    assert (w.balance, w.bonus_balance) == (1001 - share, 360 + share)
    last = w.begin_round("g", 100, 100, 4, free_game=grant.id)  # the free game's money was kept for it
    assert w.bonus_balance == 360 + share - 100 and w.get_round(last).free_game == grant.id
    assert w.audit() == [] and w.journal_problems() == []
    w.close()


def test_the_odd_cent_goes_to_cash_and_a_returned_stake_goes_back_where_it_came_from(tmp_path: Path) -> None:
    assert [bonus_share(100, 3, b) for b in (0, 1, 2, 3)] == [0, 33, 66, 100]
    assert bonus_share(7, 0, 0) == 0 and bonus_share(0, 5, 5) == 0
    w = Wallet.open(tmp_path, starting_balance=2).wallet
    w.grant_free_games(1, 1, "g")
    w.settle_round(w.begin_round("g", 1, 1, 1, free_game=1), 1)  # one bonus cent the player may stake
    rid = w.begin_round("g", 3, 3, 2)  # 2 cash + 1 bonus
    w.settle_round(rid, 100)
    assert (w.balance, w.bonus_balance) == (67, 33)
    refunded = w.begin_round("g", 100, 100, 3)  # 67 cash + 33 bonus
    assert (w.balance, w.bonus_balance) == (0, 0)
    w.settle_round(refunded, 100, note="stake returned", return_contribution=True)
    assert (w.balance, w.bonus_balance) == (67, 33)
    assert w.audit() == [] and w.journal_problems() == []
    w.close()


# --------------------------------------------------------------------------- the audit


def bought_with_bonus(w: Wallet) -> int:
    """On a wallet of 1.00: a free game won 6.00 into the bonus, a top-up of 0.40, then round 2:
    1.00 cash and a 3.40 decision (0.40 cash, 3.00 bonus), won 8.80 (6.00 of it to the bonus)."""
    grant = w.grant_free_games(2, 100, "g")
    w.settle_round(w.begin_round("g", 100, 100, 1, free_game=grant.id), 600)
    w.top_up(40)
    rid = w.begin_round("g", 100, 100, 2)
    w.record_decision(rid, "buy", price=340)
    w.settle_round(rid, 880)
    return rid


BONUS_TAMPERING = {
    "bonus balance changed": (["UPDATE wallet SET bonus = bonus + 1"], ["bonus balance"]),
    "bonus_after changed": (["UPDATE bonus_ledger SET bonus_after = bonus_after + 5 WHERE id = 2"],
                            ["bonus ledger 2: bonus_after"]),
    "a bonus debit changed": (
        ["UPDATE bonus_ledger SET amount = 290 WHERE decision_seq = 0"],
        ["round 2 decision 0: price 340 but 2 debit(s) totalling 330", "cost 440 but 3 debit(s) totalling 430"],
    ),
    "a bonus debit deleted": (["DELETE FROM bonus_ledger WHERE decision_seq = 0"],
                              ["round 2 decision 0: price 340 but 1 debit(s) totalling 40"]),
    "the bonus credit moved to cash": (
        ["UPDATE ledger SET amount = 900 WHERE kind = 'credit' AND round_id = 2",
         "DELETE FROM bonus_ledger WHERE kind = 'credit' AND round_id = 2"],
        ["round 2: 0 of its win 880 credited to the bonus balance, but a stake of 440 paid 300 from it gives 600"],
    ),
    "the split shifted by a cent": (
        ["UPDATE ledger SET amount = amount + 1 WHERE kind = 'credit' AND round_id = 2",
         "UPDATE bonus_ledger SET amount = amount - 1 WHERE kind = 'credit' AND round_id = 2"],
        ["round 2: 599 of its win 880 credited to the bonus balance"],
    ),
    "a grant's money changed": (["UPDATE bonus_ledger SET amount = 300 WHERE kind = 'grant'"],
                                ["grant 1 of 2 free game(s) at 100: 1 grant movement(s) totalling 300"]),
    "a free game given back": (["UPDATE free_games SET games_left = games_left + 1"],
                               ["grant 1: 2 of 2 free game(s) left, but 1 were begun"]),
    "a free game played at another stake": (
        ["UPDATE rounds SET bet = 50 WHERE id = 1"], ["grant 1: its 1 free game(s) paid 100 from the bonus"],
    ),
    "a free game of another game": (["UPDATE rounds SET game_id = 'h' WHERE id = 1"],
                                    ["grant 1: 1 of its free games were played on another game than 'g'"]),
    "a bonus debit for a round that does not exist": (
        ["INSERT INTO bonus_ledger (round_id, kind, amount, bonus_after, at) VALUES (9, 'debit', 5, 0, 'x')"],
        ["1 bonus ledger row(s) refer to rounds that do not exist"],
    ),
}


@pytest.mark.parametrize("case", sorted(BONUS_TAMPERING))
def test_the_audit_catches_a_tampered_bonus_row(tmp_path: Path, case: str) -> None:
    statements, expected = BONUS_TAMPERING[case]
    w = Wallet.open(tmp_path, starting_balance=100).wallet
    assert bought_with_bonus(w) == 2
    assert (w.get_round(2).bonus_cost, w.get_round(2).bonus_win, w.balance, w.bonus_balance) == (300, 600, 280, 1000)
    assert w.audit() == []
    w.close()
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute("PRAGMA foreign_keys = OFF")
    for statement in statements:
        raw.execute(statement)
    raw.commit()
    raw.close()
    (tmp_path / "wallet.journal").unlink()
    with pytest.raises(WalletAttention):  # the seals see it first: play stops, nothing is mended
        Wallet.open(tmp_path)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.row_factory = sqlite3.Row
    problems = audit_file(raw, 100)  # and the audit names it too
    raw.close()
    for part in expected:
        assert any(part in p for p in problems), (part, problems)


# --------------------------------------------------------------------------- the journal


def bonus_view(w: Wallet) -> tuple:
    return (w.balance, w.bonus_balance, w.free_games(used=True), w.bonus_ledger(), w.ledger(),
            [(r.id, r.bonus_cost, r.bonus_win, r.free_game) for r in w.recall(None, 100)])


def play_some(w: Wallet) -> None:
    bought_with_bonus(w)
    w.begin_round("g", 100, 100, 3, free_game=1)  # left open, a free game


def test_a_wallet_rebuilt_from_its_journal_keeps_its_bonus_balance(tmp_path: Path) -> None:
    data = tmp_path / "data"
    w = Wallet.open(data, starting_balance=100).wallet
    play_some(w)
    before = bonus_view(w)
    assert before[1] > 0
    w.close()
    for name in ("wallet.db", "wallet.db-wal", "wallet.db-shm"):
        (data / name).unlink(missing_ok=True)
    opened = Wallet.open(data, starting_balance=100)
    try:
        assert opened.notice is not None and "restored from it" in opened.notice
        assert bonus_view(opened.wallet) == before
        assert opened.wallet.audit() == [] and opened.wallet.journal_problems() == []
    finally:
        opened.wallet.close()


def test_a_bonus_changed_behind_the_wallets_back_stops_play_until_restored(tmp_path: Path) -> None:
    data = tmp_path / "data"
    w = Wallet.open(data, starting_balance=100).wallet
    play_some(w)
    w.mark_verified()
    before = bonus_view(w)
    w.close()
    raw = sqlite3.connect(data / "wallet.db")
    raw.execute("UPDATE wallet SET bonus = bonus + 10000")
    raw.execute("UPDATE bonus_ledger SET bonus_after = bonus_after + 10000 "
                "WHERE id = (SELECT MAX(id) FROM bonus_ledger)")
    raw.commit()
    raw.close()
    with pytest.raises(WalletAttention) as attention:
        Wallet.open(data)
    assert any("the balances in wallet.db" in finding for finding in attention.value.findings)
    kept = Wallet.restore_verified(data)
    (kept_db,) = [p for p in kept if p.name.startswith("wallet.db.attention-")]
    assert any(p.name.startswith("wallet.journal.attention-") for p in kept)
    assert read_only(kept_db, "SELECT bonus FROM wallet") == [(before[1] + 10000,)]  # the files as they were
    opened = Wallet.open(data)
    try:
        assert opened.notice is None
        assert bonus_view(opened.wallet) == before and opened.wallet.audit() == []
    finally:
        opened.wallet.close()


def test_bonus_movements_lost_by_sqlite_are_restored_from_the_journal(tmp_path: Path) -> None:
    data = tmp_path / "data"
    w = Wallet.open(data, starting_balance=100).wallet
    w.grant_free_games(2, 100, "g")
    w.close()
    shutil.copyfile(data / "wallet.db", tmp_path / "older.db")
    w = Wallet.open(data).wallet
    w.settle_round(w.begin_round("g", 100, 100, 1, free_game=1), 250)
    before = bonus_view(w)
    w.close()
    shutil.copyfile(tmp_path / "older.db", data / "wallet.db")  # SQLite lost its last two transactions
    opened = Wallet.open(data)
    try:
        assert opened.notice is not None and "restored from its journal" in opened.notice
        assert bonus_view(opened.wallet) == before
        assert opened.wallet.audit() == [] and opened.wallet.journal_problems() == []
    finally:
        opened.wallet.close()


# --------------------------------------------------------------------------- schema 4 -> 5


def read_only(path: Path, sql: str) -> list[tuple]:
    raw = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)  # leaves no -shm beside it
    try:
        return raw.execute(sql).fetchall()
    finally:
        raw.close()


def test_a_schema_4_wallet_is_upgraded_with_no_bonus_and_plays_free_games(tmp_path: Path) -> None:
    """tests/data/wallet_v4 was written by the game at schema 4 (its journal beside it)."""
    assert read_only(V4 / "wallet.db", "SELECT value FROM meta WHERE key = 'schema_version'") == [("4",)]
    old = read_only(V4 / "wallet.db", "SELECT id, game_id, cost, win, status FROM rounds ORDER BY id")
    old_ledger = read_only(V4 / "wallet.db", "SELECT * FROM ledger ORDER BY id")
    old_pool = read_only(V4 / "wallet.db", "SELECT * FROM pool_ledger ORDER BY id")
    data = tmp_path / "data"
    shutil.copytree(V4, data)
    opened = Wallet.open(data)
    w = opened.wallet
    try:
        assert opened.notice is None
        assert w.audit() == [] and w.journal_problems() == []
        assert [(r.id, r.game_id, r.cost, r.win, r.status) for r in reversed(w.recall(None, 100))] == old
        assert w.balance == 16_561 and w.bonus_balance == 0 and w.free_games(used=True) == []
        assert w.jackpot_pool("tiny_jackpot") == 50_200 and w.setting("turbo") is True
        assert all((r.bonus_cost, r.bonus_win, r.free_game) == (0, 0, None) for r in w.recall(None, 100))
        assert w._db().execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(
            SCHEMA_VERSION) == "7"
        (left_open,) = w.open_rounds()
        assert left_open.game_id == "gift_shop" and left_open.decisions == ["green"]
        w.settle_round(left_open.id, 0)
        grant = w.grant_free_games(2, 100, "gift_shop")
        w.settle_round(w.begin_round("gift_shop", 100, 100, 5, free_game=grant.id), 300)
        after = (w.balance, w.bonus_balance)
        assert after == (16_561, 400) and w.audit() == []
    finally:
        w.close()
    assert read_only(data / "wallet.db", "SELECT * FROM pool_ledger ORDER BY id") == old_pool
    # no cash moved since (each row now carries its seal)
    assert [row[:-1] for row in read_only(data / "wallet.db", "SELECT * FROM ledger ORDER BY id")] == old_ledger
    again = Wallet.open(data)
    try:
        assert again.notice is None and again.wallet.audit() == [] and again.wallet.journal_problems() == []
        assert (again.wallet.balance, again.wallet.bonus_balance) == after
    finally:
        again.wallet.close()
    for name in ("wallet.db", "wallet.db-wal", "wallet.db-shm"):  # its journal mixes schema 4 and 5 records
        (data / name).unlink(missing_ok=True)
    rebuilt = Wallet.open(data)
    try:
        assert rebuilt.notice is not None and "restored from it" in rebuilt.notice
        assert (rebuilt.wallet.balance, rebuilt.wallet.bonus_balance) == after
        assert rebuilt.wallet.audit() == [] and rebuilt.wallet.journal_problems() == []
    finally:
        rebuilt.wallet.close()


# --------------------------------------------------------------------------- any sequence of rounds

# A round: its purchase, up to three priced decisions, its win, and whether it is a free game.
ROUND = st.tuples(
    st.integers(0, 500),  # purchase price (a free game plays at its grant's stake instead)
    st.lists(st.integers(0, 400), max_size=3),  # decisions' prices (0: a free decision)
    st.integers(0, 3000),  # win
    st.booleans(),  # a free game, when there is one left
)
STEP = st.one_of(
    st.tuples(st.just("round"), ROUND),
    st.tuples(st.just("grant"), st.integers(1, 4), st.integers(1, 300)),
    st.tuples(st.just("top_up"), st.integers(1, 2000)),
)


@settings(max_examples=60, deadline=None)
@given(start=st.integers(0, 2000), steps=st.lists(STEP, min_size=1, max_size=14))
def test_any_rounds_from_any_blend_conserve_cash_bonus_and_the_house_take(start: int, steps: list[tuple]) -> None:
    """Cash + bonus + the house's take is always the start, the top-ups and the grants: nothing is
    created or lost by a split; no balance is ever negative; the bonus only ever leaves as a stake."""
    with tempfile.TemporaryDirectory() as folder:
        w = Wallet.open(Path(folder), starting_balance=start).wallet
        put_in = start
        house = 0
        try:
            for step in steps:
                if step[0] == "grant":
                    w.grant_free_games(step[1], step[2], "g")
                    put_in += step[1] * step[2]
                elif step[0] == "top_up":
                    w.top_up(step[1])
                    put_in += step[1]
                else:
                    house += play(w, *step[1])
                assert w.balance >= 0 and w.bonus_balance >= 0
                assert w.balance + w.bonus_balance + house == put_in
                assert w.bonus_balance >= sum(g.games_left * g.stake for g in w.free_games())
            assert w.audit() == [] and w.journal_problems() == []
            for e in w.bonus_ledger():  # the bonus comes in as grants and credits, and leaves only as stakes
                assert e.kind in ("grant", "credit") or (e.kind == "debit" and e.round_id is not None)
            for r in w.recall(None, 1000):
                assert r.bonus_win == bonus_share(r.win or 0, r.cost, r.bonus_cost)
                assert 0 <= r.bonus_cost <= r.cost and 0 <= r.bonus_win <= (r.win or 0)
        finally:
            w.close()


def play(w: Wallet, purchase: int, prices: list[int], win: int, free: bool) -> int:
    """Play one round as far as the money goes; the house's take (stake less win)."""
    grants = w.free_games("g")
    cash, bonus = w.balance, w.bonus_balance
    spendable = w.available
    if free and grants:
        rid = w.begin_round("g", grants[0].stake, grants[0].stake, 1, free_game=grants[0].id)
        assert (w.balance, w.bonus_balance) == (cash, bonus - grants[0].stake)
    else:
        if spendable < purchase:
            with pytest.raises(InsufficientFunds):
                w.begin_round("g", purchase, purchase, 1)
            assert (w.balance, w.bonus_balance) == (cash, bonus)
            return 0
        rid = w.begin_round("g", purchase, purchase, 1)
        assert w.balance == cash - min(cash, purchase)  # cash first
    for price in prices:
        cash, bonus, spendable = w.balance, w.bonus_balance, w.available
        if spendable < price:
            with pytest.raises(InsufficientFunds):
                w.record_decision(rid, "buy", price=price)
            assert (w.balance, w.bonus_balance) == (cash, bonus)
            break
        w.record_decision(rid, "buy", price=price)
        assert (w.balance, w.bonus_balance) == (cash - min(cash, price), bonus - (price - min(cash, price)))
    cost = w.get_round(rid).cost
    w.settle_round(rid, win)
    return cost - win
