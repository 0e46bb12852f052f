"""A jackpot game through the session: the pool fed with the debit, paid with the credit, and kept
right by every other way a round is settled (the 48-hour resolver, a stake returned, a replay that
differs from the purchase). The game is ``tests.jackpot_game.TinyJackpot`` until Naughty or Nice?
is in main.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from game.engine import Decision
from game.engine.jackpot import UNITS_PER_CENT
from game.engine.round import RoundContext, random_strategy
from game.replays import settle_mismatch
from game.session import (
    PlaySession,
    free_choices,
    pool_problems,
    pool_settlement,
    resolve_stale_rounds,
    wager_moves,
)
from game.store import StoreError, Wallet
from tests.gift_shop import GiftShop
from tests.jackpot_game import GAME_ID, TinyJackpot, plugged_game, seed_where

GAME = TinyJackpot()
RULES = TinyJackpot.jackpot
SEED = RULES.seed_units
START = 100_000


@pytest.fixture
def session(tmp_path: Path) -> Iterator[PlaySession]:
    wallet = Wallet.open(tmp_path / "data", starting_balance=START).wallet
    yield PlaySession(wallet, TinyJackpot())
    wallet.close()


def check(wallet: Wallet) -> None:
    assert wallet.audit() == []
    assert pool_problems(wallet, GAME) == []
    assert wallet.journal_problems() == []


def kinds(wallet: Wallet, round_id: int) -> list[tuple[str, int]]:
    return [(e.kind, e.units) for e in reversed(wallet.pool_ledger(GAME_ID)) if e.round_id == round_id]


def with_jackpot(result: Any) -> bool:
    return result.jackpot > 0


def without_jackpot(result: Any) -> bool:
    return result.jackpot == 0


def play(session: PlaySession, seed: int, decisions: tuple[str, ...] = ("nice", "again"), *, buy: bool = False):
    active = session.spin(seed=seed, buy=buy)
    for choice in decisions:
        if active.pending is None:
            break
        session.decide(active, choice)
    session.settle(active)
    return active


def test_the_wager_feeds_the_pool_in_its_debits_transaction(session: PlaySession) -> None:
    wallet = session.wallet
    assert session.jackpot_pool() == SEED  # shown before the first round: the seed
    assert wallet.jackpot_pool(GAME_ID) is None
    statements: list[str] = []
    wallet._db().set_trace_callback(statements.append)
    active = session.spin(seed=seed_where(without_jackpot))
    wallet._db().set_trace_callback(None)
    begin = statements.index("BEGIN IMMEDIATE")
    commit = statements.index("COMMIT", begin)
    inside = statements[begin:commit]
    assert statements.count("BEGIN IMMEDIATE") == 1
    assert sum(s.startswith("INSERT INTO ledger") for s in inside) == 1
    assert sum(s.startswith("INSERT INTO pool_ledger") for s in inside) == 2  # the seed, the contribution
    contribution = RULES.contribution(session.bet)
    assert contribution == 150  # 3/200 of 1.00: one and a half cents
    assert kinds(wallet, active.round_id) == [("seed", SEED), ("contribution", contribution)]
    assert session.jackpot_pool() == wallet.jackpot_pool(GAME_ID) == SEED + contribution
    assert wallet.get_round(active.round_id).pool_contribution == contribution
    check(wallet)


def test_a_jackpot_is_paid_with_the_credit_and_the_pool_reseeded(session: PlaySession) -> None:
    wallet = session.wallet
    play(session, seed_where(without_jackpot))
    seed = seed_where(with_jackpot, state=wallet.game_state(GAME_ID))
    active = play(session, seed)
    result = active.result
    assert result.jackpot > 0
    wagered = SEED + 2 * 150
    assert result.jackpot == wagered // UNITS_PER_CENT
    assert kinds(wallet, active.round_id)[1:] == [("payout", result.jackpot * 100), ("reseed", SEED)]
    assert wallet.jackpot_pool(GAME_ID) == result.state_out["pool"] == SEED + wagered % 100  # the cent's half stays
    record = wallet.get_round(active.round_id)
    assert (record.jackpot, record.win) == (result.jackpot, result.win)
    credits = [e.amount for e in wallet.ledger() if e.round_id == active.round_id and e.kind == "credit"]
    assert credits == [result.win]
    check(wallet)


def test_two_jackpots_in_a_round_reseed_twice(session: PlaySession) -> None:
    wallet = session.wallet

    def two(result: Any) -> bool:
        return sum(e["type"] == "jackpot" for e in result.events) == 2

    active = play(session, seed_where(two))
    first = (SEED + 150) // 100
    assert pool_settlement(GAME, active.result) == [(first, SEED), (SEED // 100, SEED)]  # the seed pays again
    assert active.result.jackpot == first + SEED // 100
    assert [k for k, _ in kinds(wallet, active.round_id)] == ["seed", "contribution", "payout", "reseed", "payout",
                                                              "reseed"]
    assert wallet.jackpot_pool(GAME_ID) == active.result.state_out["pool"]
    check(wallet)


def test_a_priced_decision_adds_to_the_stake_but_not_to_the_pool(session: PlaySession) -> None:
    wallet = session.wallet
    active = play(session, seed_where(lambda r: "again" in r.decisions and not r.jackpot))
    assert active.result.cost == 2 * session.bet
    assert wallet.get_round(active.round_id).pool_contribution == RULES.contribution(session.bet)
    check(wallet)


def test_a_bought_round_contributes_its_share_of_the_buy_price(session: PlaySession) -> None:
    active = play(session, 1, buy=True)
    price = GAME.cost(session.bet, buy=True)
    assert session.wallet.get_round(active.round_id).pool_contribution == RULES.contribution(price) == 3_000
    check(session.wallet)


def test_wager_moves_and_pool_settlement_of_a_game_without_a_jackpot() -> None:
    shop = GiftShop()
    assert wager_moves(shop, None, 100) == (0, 0)
    assert pool_settlement(shop, shop.play(100, 1)) == []


def test_a_game_without_a_jackpot_leaves_no_pool(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path, starting_balance=START).wallet
    session = PlaySession(wallet, GiftShop())
    play(session, 3, ("red", "collect"))
    assert wallet.pool_ledger() == [] and session.jackpot_pool() is None and wallet.jackpot_pool("gift_shop") is None
    assert pool_problems(wallet, GiftShop()) == [] and wallet.audit() == []
    wallet.close()


def test_pool_problems_compares_the_movements_with_the_rules(session: PlaySession) -> None:
    wallet = session.wallet
    # A wager recorded with a contribution the rules do not give (the wallet cannot know them).
    rid = wallet.begin_round(GAME_ID, 100, 100, 1, game_state={"pool": SEED + 100}, pool_seed=SEED,
                             pool_contribution=100)
    wallet.settle_round(rid, 0)
    assert wallet.audit() == []
    assert pool_problems(wallet, GAME) == [f"round {rid}: its wager of 100 contributed 100 units, not the rules' 150"]
    # A jackpot reseeded with less than the rules' seed, from a pool started at another seed.
    other = wallet.begin_round("other_pool", 100, 100, 2, game_state={"pool": 1_150}, pool_seed=1_000,
                               pool_contribution=150)
    wallet.settle_round(other, 11, jackpots=[(11, 900)])
    assert wallet.audit() == []
    rules = TinyJackpot()
    rules.id = "other_pool"
    assert pool_problems(wallet, rules) == [
        f"round {other}: the pool started at 1000 units, not the seed {SEED}",
        f"round {other}: reseeded with 900 units after 1 jackpot(s), not a seed of {SEED} after each",
    ]


def test_a_second_spin_while_a_round_is_open_on_the_pool_is_refused(session: PlaySession) -> None:
    """The app resumes an open round before it spins; were it not to, the wallet would refuse."""
    wallet = session.wallet
    first = session.spin(seed=seed_where(without_jackpot))
    with pytest.raises(StoreError, match="still open"):
        session.spin(seed=2)
    session.decide(first, "nice")
    session.decide(first, "collect")
    session.settle(first)
    check(wallet)


# --------------------------------------------------------------------------- other settlements


def later() -> datetime:
    return datetime.now(UTC) + timedelta(hours=49)


def test_the_resolver_settles_a_jackpot_round_with_its_pool(tmp_path: Path) -> None:
    data = tmp_path / "data"
    wallet = Wallet.open(data, starting_balance=START).wallet
    session = PlaySession(wallet, TinyJackpot())
    seed = next(seed for seed in range(1, 1000)
                if len((r := GAME.play(100, seed, strategy=free_choices(random_strategy))).decisions) == 2
                and r.jackpot > 0)
    session.spin(seed=seed)  # left at its first question
    wallet.close()
    with plugged_game():
        wallet = Wallet.open(data).wallet
        (done,) = resolve_stale_rounds(wallet, now=later())
        assert not done.refunded
        record = wallet.get_round(done.round_id)
        replay = GAME.play(record.bet, record.seed, state=record.state_in, strategy=free_choices(random_strategy))
        assert replay.decisions[1] == "collect"  # the resolver never buys the chance
        assert record.jackpot == replay.jackpot > 0 and record.win == replay.win
        assert wallet.jackpot_pool(GAME_ID) == replay.state_out["pool"]
        assert wallet.balance == START - record.cost + record.win
        check(wallet)
        wallet.close()


def test_a_stake_returned_by_the_resolver_takes_its_contribution_out_of_the_pool(tmp_path: Path) -> None:
    data = tmp_path / "data"
    wallet = Wallet.open(data, starting_balance=START).wallet
    session = PlaySession(wallet, TinyJackpot())
    play(session, seed_where(without_jackpot))
    pool = wallet.jackpot_pool(GAME_ID)
    active = session.spin(seed=seed_where(lambda r: len(r.decisions) == 2, state=wallet.game_state(GAME_ID)))
    session.decide(active, "nice")
    session.decide(active, "again")  # paid for, not settled
    assert wallet.jackpot_pool(GAME_ID) == pool + 150
    wallet.close()
    # The game is gone (not plugged in): the round cannot be rebuilt; its whole stake is returned.
    wallet = Wallet.open(data).wallet
    (done,) = resolve_stale_rounds(wallet, now=later())
    assert done.refunded and done.win == 200
    assert wallet.jackpot_pool(GAME_ID) == pool  # the contribution left the pool with the stake
    assert kinds(wallet, active.round_id) == [("contribution", 150), ("refund", 150)]
    first = wallet.recall(GAME_ID, 10)[-1]
    assert wallet.balance == START - first.cost + first.win
    check(wallet)
    wallet.close()


class Retuned(TinyJackpot):
    """The same game on another engine: its rounds show one more event, so no replay matches."""

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        ctx.emit({"type": "retuned"})
        yield from super().round_steps(ctx)


def test_a_replay_that_differs_returns_the_stake_and_the_contribution(session: PlaySession) -> None:
    wallet = session.wallet
    active = session.spin(seed=seed_where(lambda r: len(r.decisions) == 2))
    session.decide(active, "nice")
    again = PlaySession(wallet, Retuned())
    assert again.resume_open_round() is None
    (mismatch,) = again.mismatches
    assert mismatch.stake_returned and mismatch.paid == 100
    assert wallet.jackpot_pool(GAME_ID) == SEED  # the pool as it started, before this wager
    assert kinds(wallet, active.round_id) == [("seed", SEED), ("contribution", 150), ("refund", 150)]
    assert wallet.balance == START
    check(wallet)


def complete_with_jackpot(result: Any) -> bool:
    return result.jackpot > 0 and not result.decisions


def test_a_replay_that_differs_pays_a_recorded_jackpot_from_the_pool(session: PlaySession) -> None:
    wallet = session.wallet
    active = session.spin(seed=seed_where(complete_with_jackpot))  # complete at purchase, a jackpot recorded
    recorded = wallet.get_round(active.round_id).summary
    assert recorded is not None and recorded["jackpot"] == (SEED + 150) // 100
    again = PlaySession(wallet, Retuned())
    assert again.resume_open_round() is None
    (mismatch,) = again.mismatches
    assert not mismatch.stake_returned and mismatch.paid == recorded["win"]
    assert kinds(wallet, active.round_id)[2:] == [("payout", recorded["jackpot"] * 100), ("reseed", SEED)]
    assert wallet.jackpot_pool(GAME_ID) == SEED + (SEED + 150) % 100
    assert wallet.balance == START - 100 + recorded["win"]
    check(wallet)


def test_a_recorded_jackpot_is_paid_from_the_pool_only_when_it_would_pay_it(session: PlaySession) -> None:
    """Without the game's rules, or when the pool held would not pay that jackpot, the stake is returned."""
    wallet = session.wallet
    for game, jackpot in ((None, None), (GAME, 7)):
        active = session.spin(seed=seed_where(complete_with_jackpot, state=wallet.game_state(GAME_ID) or None))
        record = wallet.get_round(active.round_id)
        assert record.summary is not None
        if jackpot is not None:
            record = dataclasses.replace(record, summary={**record.summary, "jackpot": jackpot})
        pool = wallet.jackpot_pool(GAME_ID)
        mismatch = settle_mismatch(wallet, record, "a test", game)
        assert mismatch.stake_returned
        assert wallet.jackpot_pool(GAME_ID) == pool - 150
        assert kinds(wallet, active.round_id)[-1] == ("refund", 150)
    assert wallet.balance == START
    check(wallet)
