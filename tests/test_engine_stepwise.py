"""Stepwise rounds: the engine stops at a decision, the client answers, the engine continues.

No game of today waits on the player, so a small game written here exercises the mechanism the
later games (Bonus Substitute choice, Slingo wild picks and extra spins) will use.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from fractions import Fraction
from typing import Any

import pytest

from game.engine import Decision, DecisionError
from game.engine.game import Game
from game.engine.round import RoundContext
from game.engine.wins import Evaluation
from tests.gift_shop import GiftShop


class PickAGift(Game):
    """Draw a number, ask the player to pick a box, pay from a table, maybe ask again."""

    id = "pick_a_gift"
    title = "Pick a Gift"
    bets = (10, 20)
    default_bet = 10
    cap = Fraction(50)

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        return Evaluation()

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        prize = ctx.rng.randrange(1, 6)
        ctx.emit({"type": "draw", "prize": prize})
        box = yield Decision("box", ("red", "green"), "Pick a box")
        factor = 3 if box == "red" else 2
        ctx.emit({"type": "opened", "box": box})
        ctx.award(Fraction(prize * factor))
        again = yield Decision("again", (True, False), "Play a second box?")
        if again:
            ctx.award(Fraction(ctx.rng.randrange(1, 40)))


def test_round_waits_for_each_decision() -> None:
    play = PickAGift().start(10, seed=3)
    assert not play.finished and play.pending is not None and play.pending.kind == "box"
    with pytest.raises(DecisionError, match="not an option"):
        play.decide("blue")
    play.decide("red")
    assert play.pending is not None and play.pending.kind == "again"
    play.decide(False)
    assert play.finished and play.pending is None
    prize = play.events[0]["prize"]
    assert play.result.win_x == prize * 3
    assert play.result.decisions == ("red", False)
    with pytest.raises(DecisionError):
        play.decide(True)


def test_recorded_decisions_rebuild_the_round_at_its_step() -> None:
    game = PickAGift()
    first = game.start(10, seed=11)
    first.decide("green")
    half = game.start(10, seed=11, decisions=["green"])  # recovery: replay what was chosen
    assert half.pending is not None and half.pending.kind == "again"
    assert half.events == first.events
    first.decide(True)
    half.decide(True)
    assert json.dumps(first.result.events) == json.dumps(half.result.events)


def test_play_answers_with_a_deterministic_default_strategy() -> None:
    game = PickAGift()
    a, b = game.play(20, seed=99), game.play(20, seed=99)
    assert a.decisions == b.decisions and len(a.decisions) >= 2
    assert a.events == b.events and a.win == b.win


def test_cap_ends_the_round_at_once() -> None:
    game = PickAGift()
    capped = [game.play(10, seed=s, decisions=["red", True]) for s in range(300)]
    hits = [r for r in capped if r.capped]
    assert hits, "some second box pays past the 50x cap"
    for result in hits:
        assert result.win_x == 50 and result.win == 500
        assert result.events[-2] == {"type": "cap_reached", "x": "50"}
    assert all(r.win_x <= 50 for r in capped)


# --------------------------------------------------------------------------- priced decisions


def test_decision_costs_are_checked_and_kept_as_a_tuple() -> None:
    assert Decision("again", (True, False)).costs == ()
    priced = Decision("again", ("buy", "collect"), costs=[340, 0])  # type: ignore[arg-type]
    assert priced.costs == (340, 0)
    for bad in ((340,), (340, 0, 0), (-1, 0), (1.5, 0), (True, 0), ("3", 0)):
        with pytest.raises(DecisionError):
            Decision("again", ("buy", "collect"), costs=bad)  # type: ignore[arg-type]


def test_price_of_finds_unhashable_options_by_position() -> None:
    hold = Decision("hold", ([0], [0, 1], []), costs=(0, 25, 0))
    assert [hold.price_of(option) for option in ([0], [0, 1], [])] == [0, 25, 0]
    assert hold.free_options == ([0], [])
    with pytest.raises(DecisionError, match="not an option"):
        hold.price_of([1])
    free = Decision("box", ("red", "green"))
    assert free.price_of("green") == 0 and free.free_options == ("red", "green")


def test_priced_decisions_add_to_the_stake() -> None:
    game = GiftShop()
    play = game.start(100, seed=5)
    assert play.cost == 100 == game.cost(100)
    play.decide("red")
    assert play.pending is not None and play.pending.kind == "another"
    assert play.pending.costs == (340, 0) and play.price_of("buy") == 340
    play.decide("buy")
    play.decide("buy")
    assert play.cost == 100 + 2 * 340
    play.decide("collect")
    result = play.result
    assert result.cost == 780 and result.purchase_price == 100
    assert result.decisions == ("red", "buy", "buy", "collect")
    assert result.decision_costs == (0, 340, 340, 0)
    assert [e["type"] for e in result.events] == [
        "draw", "decision", "opened", "decision", "extra_box", "decision", "extra_box", "decision", "round_end"]
    bought = [(e["kind"], e["choice"], e["price"]) for e in result.events if e["type"] == "decision"]
    assert bought == [("box", "red", 0), ("another", "buy", 340), ("another", "buy", 340), ("another", "collect", 0)]
    assert result.state_out == {"rounds": 1, "boxes_sold": 2}
    with pytest.raises(DecisionError):
        play.price_of("buy")  # finished: nothing is pending


def test_replayed_decisions_give_the_same_stake() -> None:
    game = GiftShop()
    first = game.start(20, seed=77)
    for choice in ("green", "buy", "buy", "buy"):  # the third extra box ends the round
        first.decide(choice)
    assert first.finished
    again = game.start(20, seed=77, decisions=list(first.result.decisions))
    assert again.result == first.result
    assert again.result.cost == 20 + 3 * game.extra_box_price(20) == 20 + 3 * 68
    half = game.start(20, seed=77, decisions=["green", "buy"])
    assert half.pending is not None and half.pending.kind == "another"
    assert half.cost == 88 and half.decision_costs == [0, 68]


def test_strategy_rounds_count_every_purchase() -> None:
    game = GiftShop()
    buys = 0
    for seed in range(40):
        result = game.play(100, seed)
        bought = result.decisions.count("buy")
        buys += bought
        assert result.cost == 100 + 340 * bought
        assert result.decision_costs == tuple(340 if d == "buy" else 0 for d in result.decisions)
    assert buys > 0


def test_free_decisions_leave_the_cost_at_the_purchase_price() -> None:
    result = PickAGift().play(20, seed=4)
    assert result.cost == 20 and result.purchase_price == 20
    assert result.decision_costs == (0, 0)
