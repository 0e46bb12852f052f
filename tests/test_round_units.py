"""Wins added as whole pay units (``RoundContext.award_units``) are the same wins as Fractions.

A game whose pays are whole numbers of ``1/den`` of the bet adds them as integers; the round
must end exactly as if each had been awarded as a Fraction: the same total, the same cap, reached
at the same award, the same cents.
"""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.game import Game
from game.engine.money import cents_of
from game.engine.rng import RoundRng
from game.engine.round import CapReached, Decision, RoundContext
from game.engine.wins import Evaluation

DEN = 40
CAP = Fraction(1132276, 100)  # Fat Santa's: not a whole number of units of 1/40


def _context(cap: Fraction | None) -> RoundContext:
    return RoundContext(RoundRng(1), 100, False, None, cap)


def _replay(awards: list[tuple[bool, int]], ctx: RoundContext) -> int | None:
    """Award each (as units?, units) in turn; the index of the award that reached the cap, or None."""
    for index, (as_units, units) in enumerate(awards):
        try:
            if as_units:
                ctx.award_units(units, DEN)
            else:
                ctx.award(Fraction(units, DEN))
        except CapReached:
            return index
    return None


awards = st.lists(st.tuples(st.booleans(), st.integers(0, 200_000)), max_size=12)


@given(awards, st.sampled_from([None, CAP, Fraction(3)]))
def test_units_and_fractions_reach_the_same_total_and_the_same_cap(steps: list[tuple[bool, int]],
                                                                   cap: Fraction | None) -> None:
    mixed, plain = _context(cap), _context(cap)
    stopped = _replay(steps, mixed)
    assert stopped == _replay([(False, units) for _, units in steps], plain)
    assert mixed.won == plain.won == plain.total
    if stopped is not None:
        assert mixed.won == cap and mixed.units == 0


def test_units_of_another_size_go_on_in_fractions() -> None:
    ctx = _context(None)
    ctx.award_units(3, 40)
    ctx.award_units(1, 7)
    ctx.award_units(2, 40)
    assert ctx.won == Fraction(5, 40) + Fraction(1, 7) and ctx.units == 0


class Units(Game):
    """Pays a drawn number of units of 1/7 of the bet (a denominator that leaves cents to round)."""

    id = "units"
    title = "Units"
    bets = (10, 30, 70)
    default_bet = 10
    symbols = ("x",)
    reel_count = rows = 1
    cap = Fraction(50)

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        return Evaluation.of([])

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        for _ in range(ctx.rng.randrange(4)):
            ctx.award_units(ctx.rng.randrange(200), 7)
        yield from ()


@pytest.mark.parametrize("bet", Units.bets)
def test_a_round_won_in_units_credits_its_fraction_rounded_down_to_the_cent(bet: int) -> None:
    game = Units()
    results = [game.play(bet, seed) for seed in range(300)]
    assert any(r.capped for r in results) and any(r.win_x and not r.capped for r in results)
    for result in results:
        assert type(result.win_x) is Fraction and result.win_x <= 50
        assert result.win == cents_of(result.win_x, bet)
        assert result.events[-1]["win"] == result.win


def test_the_cap_is_reached_by_the_first_unit_past_it_and_not_before() -> None:
    below = int(CAP * DEN)  # 452,910 units: 11,322.75x, a quarter-cent of the bet short of the cap
    ctx = _context(CAP)
    ctx.award_units(below - 1, DEN)
    ctx.award_units(1, DEN)
    assert ctx.won == Fraction(below, DEN) < CAP
    with pytest.raises(CapReached):
        ctx.award_units(1, DEN)
    assert ctx.won == CAP and ctx.total == CAP
