"""Big, Mega and Epic wins last in proportion to the win, in named phases, skippable after a second."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.client.widgets.celebration import (
    LONGEST,
    PHASES,
    SHORTEST,
    SKIPPABLE_AFTER,
    TIERS,
    celebration_seconds,
    tier_of,
)
from game.client.widgets.slot_steps import Celebrate
from game.engine import get_game
from tests import harness

pytestmark = pytest.mark.usefixtures("display")
DT = 1 / 60
STAKE = 100


def run(celebration, x: int, *, press_at: tuple[float, ...] = ()) -> tuple[float, list[str], list[int]]:
    """Frames until the celebration closes: its seconds, the phases it went through, the tiers it showed."""
    phases: list[str] = []
    celebration.on_phase = phases.append
    celebration.start(x * STAKE, STAKE, celebration_seconds(x))
    t, tiers, presses = 0.0, [], list(press_at)
    while not celebration.done:
        if presses and t >= presses[0]:
            presses.pop(0)
            celebration.skip()
        celebration.update(DT)
        if celebration.tier is not None and (not tiers or tiers[-1] != celebration.tier):
            tiers.append(celebration.tier)
        t += DT
        assert t < 30
    return t, phases, tiers


def test_lengths_grow_with_the_win_from_four_seconds_to_twelve() -> None:
    assert celebration_seconds(10) == pytest.approx(SHORTEST) == pytest.approx(4.0)
    assert 6.5 <= celebration_seconds(25) <= 8
    assert 10 <= celebration_seconds(50) <= 12 and celebration_seconds(500) == pytest.approx(LONGEST)
    xs = [10, 15, 25, 40, 50, 80, 200]
    assert [celebration_seconds(x) for x in xs] == sorted(celebration_seconds(x) for x in xs)


@pytest.mark.parametrize("x", [10, 25, 50, 120])
def test_a_celebration_runs_its_phases_for_its_length_and_climbs_to_its_tier(tmp_path: Path, x: int) -> None:
    h = harness.open_game(tmp_path, "halloween_vacation")
    seconds, phases, tiers = run(h.screen.celebration, x)
    assert phases == list(PHASES)
    assert seconds == pytest.approx(celebration_seconds(x), abs=0.1)
    assert tiers[-1] == tier_of(x) and tiers == sorted(tiers, reverse=True)  # BIG, then MEGA, then EPIC
    assert len(tiers) == len(TIERS) - tier_of(x)  # every tier on the way is shown, in turn
    assert h.screen.celebration.counter.shown == x * STAKE


def test_space_does_nothing_in_the_first_second_then_jumps_to_the_amount_then_closes(tmp_path: Path) -> None:
    celebration = harness.open_game(tmp_path, "halloween_vacation").screen.celebration
    seconds, phases, _ = run(celebration, 50, press_at=(0.2, 0.5, 0.9))
    assert seconds == pytest.approx(celebration_seconds(50), abs=0.1)  # early presses are ignored
    seconds, phases, _ = run(celebration, 50, press_at=(SKIPPABLE_AFTER + 0.05, SKIPPABLE_AFTER + 0.3))
    assert phases == ["entrance", "count_up", "hold"]
    assert SKIPPABLE_AFTER < seconds < SKIPPABLE_AFTER + 0.5


def test_a_big_base_win_is_celebrated_for_its_length_on_screen(tmp_path: Path, display) -> None:

    game = get_game("halloween_vacation")
    seed = harness.seed_where("halloween_vacation", "big base win",
                              lambda r: not r.features and r.win >= 10 * game.default_bet, limit=200_000)
    result = game.play(game.default_bet, seed)
    h = harness.open_game(tmp_path, "halloween_vacation", surface=display)
    steps = h.screen.steps_for(list(result.events), result.bet, 0, resumed=False)
    celebrate = next(step for step in steps if isinstance(step, Celebrate))
    assert celebrate.args[2] == pytest.approx(celebration_seconds(Fraction(result.win, result.cost)))
