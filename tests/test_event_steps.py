"""Every event type a game's engine emits has a step on its screen; steps are built strictly.

One registry (``@shows`` on each presenter, the kit's shared types inherited) maps an event type to
the steps that show it. Here every available game's presenter builds the steps of many rounds
(base and bought) in strict mode, so an event type nobody shows fails instead of being skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.catalogue import CATALOGUE
from game.client.kit.presenter import EventPresenter, UnshownEvent, shows
from game.engine import get_game
from game.engine.rng import derive_seed
from tests import harness

PLAYABLE = [item.id for item in CATALOGUE if item.available]
ROUNDS = 150


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_emitted_event_type_has_a_step(game_id: str, tmp_path: Path, display) -> None:
    game = get_game(game_id)
    h = harness.open_game(tmp_path, game_id, surface=display)
    presenter = h.screen.presenter
    modes = [False, True] if game.buy_price_x is not None else [False]
    seen: set[str] = set()
    for buy in modes:
        for index in range(ROUNDS):
            result = game.play(game.default_bet, derive_seed(8, index), buy=buy)
            seen.update(event["type"] for event in result.events)
            steps = h.screen.steps_for(list(result.events), result.bet, 0, resumed=False)
            assert steps, f"{game_id}: a round became no steps"
    missing = seen - presenter.shown_types()
    assert not missing, f"{game_id} emits {sorted(missing)} but its presenter shows no step for them"
    assert {"round_end", "decision"} <= presenter.shown_types()  # the kit's own, inherited


def test_an_event_type_without_a_step_fails_in_strict_mode() -> None:
    class Tiny(EventPresenter):
        @shows("known")
        def _known(self, event, index, events):
            return []

    assert Tiny.shown_types() == {"known"}
    Tiny().steps([{"type": "known"}], 100, 0, resumed=False)
    with pytest.raises(UnshownEvent, match="'mystery'"):
        Tiny().steps([{"type": "known"}, {"type": "mystery"}], 100, 0, resumed=False)
    lenient = Tiny()
    lenient.strict = False
    assert lenient.steps([{"type": "mystery"}], 100, 0, resumed=False) == []  # logged, passed over


def test_a_step_that_must_be_seen_is_not_skipped_by_space() -> None:
    from game.client.widgets.timeline import Timeline, Wait

    must = Wait(1.0)
    must.skippable = False
    timeline = Timeline([must, Wait(1.0)])
    timeline.skip()
    timeline.update(0.1)
    assert timeline.current is must  # Space did nothing
    timeline.skip(force=True)  # leaving the screen forces it through
    timeline.update(0.0)
    assert timeline.current is not must
