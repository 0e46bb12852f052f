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
