"""In hand play every feature card waits for the player (Space or a click); when the game plays
itself (autoplay, turbo, the demo) it counts down and goes on. The cards that once closed by
themselves within about 2 s: Fat Santa's "Santa Grew!", Santa's Wonderland's "Midnight Riches
bought", Slingo Santa King's Game Over summary, and Halloween Vacation's extra spins.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.autoplay import AutoplayConfig
from game.client.games.slingo_santa_king.offer import OfferOverlay
from game.client.games.slingo_santa_king.pick import PickOverlay
from game.client.kit.reel_presenter import MOMENT_COUNTDOWN
from game.client.widgets.slot_steps import ShowBanner
from game.engine import RoundResult
from tests import harness


def has(event_type: str) -> Callable[[RoundResult], bool]:
    def fits(result: RoundResult) -> bool:
        return any(event["type"] == event_type for event in result.events)
    return fits


# (game, the card's title, what the round must hold, bought)
CARDS = [
    ("fat_santa", "Santa Grew!", "extra_spins", True),
    ("santas_wonderland", "Midnight Riches bought", "midnight_start", True),
    ("slingo_santa_king", "Game Over", "game_end", False),
    ("halloween_vacation", "Extra Spins!", "extra_spins", False),
]


def seed_for(game_id: str, event_type: str, buy: bool) -> int:
    if game_id == "slingo_santa_king":  # no Full House: the game's summary is "Game Over"
        return harness.seed_where(game_id, "no full house",
                                  lambda r: not next(e for e in r.events if e["type"] == "game_end")["full_house"])
    return harness.seed_where(game_id, f"has {event_type}", has(event_type), buy=buy)


def current(h: harness.Harness) -> Any:
    director = h.screen.director
    return director.timeline.current if director is not None else None


def is_card(step: Any, title: str) -> bool:
    return isinstance(step, ShowBanner) and step.args[0] == title


def until_card(h: harness.Harness, title: str) -> ShowBanner:
    """Frames until the card is fully in; every other waiting card is dismissed, questions answered
    for free (a pick's first cell, collect)."""
    def play_on() -> None:
        top = h.top
        if isinstance(top, PickOverlay):
            h.answer(h.screen.director.pending.options[0])
        elif isinstance(top, OfferOverlay):
            h.answer("collect")
        step = current(h)
        if getattr(step, "waiting", False) and not is_card(step, title) and h.screen.banner.shown:
            h.press(pygame.K_SPACE)

    h.until(lambda: is_card(current(h), title) and h.screen.banner.shown, before=play_on, player=False,
            limit=900)
    step: ShowBanner = current(h)
    return step


@pytest.mark.parametrize(("game_id", "title", "event_type", "buy"), CARDS, ids=[c[0] for c in CARDS])
def test_the_card_waits_in_hand_play_until_space(game_id: str, title: str, event_type: str, buy: bool,
                                                tmp_path: Path, display: Any) -> None:
    h = harness.open_game(tmp_path, game_id, surface=display, turbo=False)
    assert h.spin(seed_for(game_id, event_type, buy), buy=buy)
    card = until_card(h, title)
    h.pump(3 * MOMENT_COUNTDOWN)  # far longer than it once stayed
    assert current(h) is card and card.waiting and h.screen.banner.visible
    h.press(pygame.K_SPACE)
    h.until(lambda: current(h) is not card, limit=3, player=False)


@pytest.mark.parametrize(("game_id", "title", "event_type", "buy"), CARDS, ids=[c[0] for c in CARDS])
def test_the_card_counts_down_in_turbo(game_id: str, title: str, event_type: str, buy: bool,
                                       tmp_path: Path, display: Any) -> None:
    h = harness.open_game(tmp_path, game_id, surface=display, turbo=True)
    assert h.spin(seed_for(game_id, event_type, buy), buy=buy)
    card = until_card(h, title)
    assert not card.waiting
    h.until(lambda: current(h) is not card, limit=2 * MOMENT_COUNTDOWN, player=False)  # nobody pressed


def test_slingos_game_over_counts_down_in_autoplay(tmp_path: Path, display: Any) -> None:
    h = harness.open_game(tmp_path, "slingo_santa_king", surface=display, turbo=False)
    h.screen.start_autoplay(AutoplayConfig(rounds=1, seeds=[seed_for("slingo_santa_king", "game_end", False)]))
    card = until_card(h, "Game Over")
    assert not card.waiting
    h.until(h.screen.is_idle, limit=3 * MOMENT_COUNTDOWN, player=False)
