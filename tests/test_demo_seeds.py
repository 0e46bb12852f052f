"""The demo's recorded seeds still show features with today's math (find new ones when they do not)."""

from __future__ import annotations

from game.catalogue import CATALOGUE
from game.engine import get_game


def test_every_recorded_demo_seed_triggers_the_main_feature() -> None:
    """A game with a main feature (``stratified_feature``) records at least 4 seeds that play it; a game
    without one may record none (the demo then plays its ordinary rounds)."""
    playable = [item for item in CATALOGUE if item.available]
    assert playable
    for item in playable:
        game = get_game(item.id)
        if game.stratified_feature is not None:
            assert len(item.demo_seeds) >= 4, item.id
        for seed in item.demo_seeds:
            features = game.play(game.default_bet, seed).features
            hint = "find new ones: python -m game.client.demo --find-seeds"
            assert features.get(game.stratified_feature or "", 0) or any(features.values()), \
                f"{item.id} seed {seed}: no feature ({hint})"
