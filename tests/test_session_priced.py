"""A session with priced decisions: paid with the decision, refused when short, resumed at the question."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from game.engine import Decision, DecisionError
from game.engine.round import random_strategy
from game.session import BudgetReached, NoFreeOption, PlaySession, free_choices, resolve_stale_rounds
from game.store import InsufficientFunds, StoreError, Wallet
from tests.gift_shop import GiftShop, PricedPickShop

START = 10_000
SEED = 5
GAME = GiftShop()


@pytest.fixture
def wallet(tmp_path: Path) -> Iterator[Wallet]:
    w = Wallet.open(tmp_path, starting_balance=START).wallet
    yield w
    w.close()


def test_priced_decision_is_paid_and_settled_with_the_carried_state(wallet: Wallet) -> None:
    session = PlaySession(wallet, GAME)
    active = session.spin(seed=SEED)
    assert active.pending is not None and active.pending.kind == "box"
    session.decide(active, "red")
    assert session.price_of(active, "buy") == 340 and session.price_of(active, "collect") == 0
    session.decide(active, "buy")
    assert wallet.balance == START - 440 and session.stats.staked == 440
    assert wallet.get_round(active.round_id).cost == 440
    session.decide(active, "collect")
    result = active.result
    assert result.cost == 440 and result.decision_costs == (0, 340, 0)
    assert session.settle(active) == START - 440 + result.win == wallet.balance
    assert session.stats.net == result.win - 440
    assert wallet.game_state(GAME.id) == {"rounds": 1, "boxes_sold": 1} == result.state_out
    [record] = session.history()
    assert record.cost == 440 and record.decision_costs == [0, 340, 0] and record.purchase_price == 100
    assert wallet.audit() == []
    nxt = session.spin(seed=SEED)  # the carried state feeds the next round
    assert nxt.play.state_in == {"rounds": 1, "boxes_sold": 1}


def test_short_balance_refuses_the_purchase_and_the_round_still_waits(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path, starting_balance=400).wallet
    session = PlaySession(wallet, GAME)
    active = session.spin(seed=SEED)
    session.decide(active, "green")
    assert session.can_afford_choice(active, "buy") is False  # 300 left, a box costs 340
    assert session.can_afford_choice(active, "collect") is True
    before = (wallet.balance, wallet.ledger(), wallet.open_rounds(), session.stats.staked)
    with pytest.raises(InsufficientFunds) as info:
        session.decide(active, "buy")
    assert (info.value.balance, info.value.cost) == (300, 340)
    assert (wallet.balance, wallet.ledger(), wallet.open_rounds(), session.stats.staked) == before
    assert active.pending is not None and active.pending.kind == "another"
    assert active.play.decisions == ["green"]
    session.decide(active, "collect")
    assert session.settle(active) == 300 + active.result.win
    assert wallet.audit() == []
    wallet.close()


def test_invalid_choices_and_questions_are_refused_before_any_write(wallet: Wallet) -> None:
    session = PlaySession(wallet, GAME)
    active = session.spin(seed=SEED)
    before = (wallet.balance, wallet.open_rounds())
    with pytest.raises(DecisionError, match="not an option"):
        session.decide(active, "buy")  # the first question is the box
    with pytest.raises(DecisionError):
        session.can_afford_choice(active, "blue")
    assert (wallet.balance, wallet.open_rounds()) == before
    for choice in ("red", "buy", "buy", "buy"):
        session.decide(active, choice)
    assert active.pending is None
    with pytest.raises(DecisionError, match="not waiting"):
        session.decide(active, "collect")
    assert session.settle(active) == START - 100 - 3 * 340 + active.result.win


def test_budget_stops_a_purchase_like_a_spin(wallet: Wallet) -> None:
    session = PlaySession(wallet, GAME, budget=400)
    active = session.spin(seed=SEED)
    session.decide(active, "red")
    with pytest.raises(BudgetReached):
        session.decide(active, "buy")  # 100 + 340 lost would pass the budget of 400
    assert wallet.balance == START - 100 and active.play.decisions == ["red"]
    session.decide(active, "collect")  # free: always allowed
    session.settle(active)


def test_settlement_refused_for_a_decision_the_wallet_never_took(wallet: Wallet) -> None:
    session = PlaySession(wallet, GAME)
    active = session.spin(seed=SEED)
    session.decide(active, "red")
    active.play.decide("buy")  # bypassing the session: the box was never paid for
    active.play.decide("collect")
    with pytest.raises(StoreError, match="paid 100 cents, not the 440"):
        session.settle(active)
    assert wallet.balance == START - 100 and wallet.open_rounds()[0].id == active.round_id
    assert wallet.game_state(GAME.id) == {}


@pytest.mark.parametrize("recorded", [["red"], ["red", "buy"], ["green", "buy", "buy"]])
def test_round_killed_at_a_question_resumes_at_that_question(tmp_path: Path, recorded: list[str]) -> None:
    first = Wallet.open(tmp_path, starting_balance=START).wallet
    session = PlaySession(first, GAME)
    active = session.spin(seed=SEED)
    for choice in recorded:
        session.decide(active, choice)
    paid = 100 + 340 * recorded.count("buy")
    abandoned = [first, session]  # dropped as by a kill: never closed
    wallet = Wallet.open(tmp_path).wallet
    resumed = PlaySession(wallet, GAME).resume_open_round()
    assert resumed is not None and resumed.resumed and resumed.round_id == active.round_id
    assert resumed.pending is not None and resumed.pending.kind == "another"  # the second question
    assert resumed.pending == active.pending
    assert resumed.play.decisions == recorded and resumed.play.cost == paid
    assert resumed.events == active.events
    assert wallet.balance == START - paid and wallet.audit() == []
    later = PlaySession(wallet, GAME)
    later.decide(resumed, "collect")
    expected = GAME.play(100, SEED, decisions=[*recorded, "collect"])
    assert later.settle(resumed) == START - paid + expected.win
    assert wallet.get_round(resumed.round_id).cost == expected.cost == paid
    assert wallet.audit() == []
    wallet.close()
    abandoned[0].close()


# --------------------------------------------------------------------------- stale rounds

NOW = datetime(2026, 12, 10, 12, 0, tzinfo=UTC)


@pytest.fixture
def stale_wallet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Wallet]:
    """A wallet whose rounds are begun 72 hours before NOW; the test games are known by id."""
    games = {g.id: g for g in (GAME, PricedPickShop())}
    import game.engine

    real = game.engine.get_game
    monkeypatch.setattr(game.engine, "get_game", lambda game_id: games.get(game_id) or real(game_id))
    w = Wallet.open(tmp_path, starting_balance=START, clock=lambda: NOW - timedelta(hours=72)).wallet
    yield w
    w.close()


@pytest.mark.parametrize("recorded", [[], ["red"], ["green", "buy"]])
def test_stale_round_is_finished_with_free_choices_only(stale_wallet: Wallet, recorded: list[str]) -> None:
    session = PlaySession(stale_wallet, GAME)
    active = session.spin(seed=SEED)
    for choice in recorded:
        session.decide(active, choice)
    paid = stale_wallet.get_round(active.round_id).cost
    [resolved] = resolve_stale_rounds(stale_wallet, now=NOW)
    assert not resolved.refunded
    rec = stale_wallet.get_round(active.round_id)
    assert rec.status == "settled" and rec.cost == paid  # no box bought for the player
    expected = GAME.play(100, SEED, decisions=recorded, strategy=free_choices(random_strategy))
    assert expected.decisions[len(recorded):][-1] == "collect"
    assert "buy" not in expected.decisions[len(recorded):]
    # the player's answers first, then the resolver's own, recorded so a replay needs no strategy
    assert rec.decisions == list(expected.decisions) and rec.decisions[:len(recorded)] == recorded
    assert resolved.win == rec.win == expected.win
    assert stale_wallet.balance == START - paid + expected.win
    assert stale_wallet.game_state(GAME.id) == expected.state_out
    assert stale_wallet.audit() == []


def test_stale_round_with_no_free_way_on_gets_its_whole_stake_back(stale_wallet: Wallet) -> None:
    shop = PricedPickShop()
    session = PlaySession(stale_wallet, shop)
    active = session.spin(seed=SEED)
    assert active.pending is not None and active.pending.costs == (5, 5)
    [resolved] = resolve_stale_rounds(stale_wallet, now=NOW)
    assert resolved.refunded and resolved.win == 100
    assert stale_wallet.balance == START
    assert "costs money" in (stale_wallet.get_round(active.round_id).note or "")
    assert stale_wallet.audit() == []


def test_stale_round_whose_prices_changed_gets_its_stake_back(stale_wallet: Wallet) -> None:
    rid = stale_wallet.begin_round(GAME.id, 100, 100, SEED)
    stale_wallet.record_decision(rid, "red")
    stale_wallet.record_decision(rid, "buy", price=300)  # an older price list
    [resolved] = resolve_stale_rounds(stale_wallet, now=NOW)
    assert resolved.refunded and resolved.win == 400
    assert stale_wallet.balance == START and stale_wallet.audit() == []


def test_free_choices_never_picks_a_priced_option() -> None:
    decision = Decision("another", ("buy", "collect", "gift"), costs=(340, 0, 0))
    chooser = free_choices(lambda d, rng: d.options[rng.randrange(len(d.options))])
    rng = random.Random(1)
    picks = {chooser(decision, rng) for _ in range(50)}
    assert picks == {"collect", "gift"}
    plain = Decision("box", ("red", "green"))
    assert {chooser(plain, rng) for _ in range(50)} == {"red", "green"}
    with pytest.raises(NoFreeOption):
        chooser(Decision("box", ("red", "green"), costs=(5, 5)), rng)
