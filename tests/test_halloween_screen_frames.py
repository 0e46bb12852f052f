"""The screen's presentation: skipping and turbo change only time; steady frames allocate nothing."""

from __future__ import annotations

import pygame
import pytest

from game.client.widgets import text as text_module
from game.client.widgets.timeline import Call, Timeline, Wait
from game.engine import get_game
from tests import harness
from tests.halloween_fixtures import BET, free_seed

GAME_ID = "halloween_vacation"
GAME = get_game(GAME_ID)
LIMIT = 400.0  # seconds of screen time a round here may take

pytestmark = pytest.mark.usefixtures("display")


def _play(tmp_path, seed: int, *, skip: bool, turbo: bool) -> tuple[int, list[list[str]], int, float]:
    h = harness.open_game(tmp_path, GAME_ID, bet=BET, starting_balance=100_000, turbo=turbo)
    t = h.play_round(seed, skip=skip, limit=LIMIT)
    return h.wallet.balance, h.screen.reels.window, h.screen.money.counter.shown, t


@pytest.mark.parametrize("skip,turbo", [(True, False), (False, True)])
def test_skipping_and_turbo_change_nothing_but_time(tmp_path, skip, turbo):
    seed = free_seed()
    plain = _play(tmp_path / "plain", seed, skip=False, turbo=False)
    hurried = _play(tmp_path / "hurried", seed, skip=skip, turbo=turbo)
    assert hurried[:3] == plain[:3]
    assert hurried[3] < plain[3] / 2
    assert plain[2] == GAME.play(BET, seed).win


def test_timeline_marks_progress_in_order():
    seen: list[int] = []
    timeline = Timeline([Call(lambda: None, progress=1), Wait(0.5), Call(lambda: None, progress=2)], seen.append)
    assert seen == [1]
    timeline.skip()
    timeline.update(0.0)
    assert timeline.done and seen == [1, 2]


def test_steady_frames_allocate_no_surfaces(tmp_path, display, monkeypatch):
    """Play a free-game round once to warm the caches, then again while counting allocations."""
    h = harness.open_game(tmp_path, GAME_ID, surface=display, bet=BET, starting_balance=100_000, turbo=True)
    screen = h.screen
    seed = free_seed()
    h.spin(seed)
    h.until(screen.is_idle, LIMIT, draw_every=15)
    counts = {"surface": 0, "scale": 0}
    real_surface, real_scale = pygame.Surface, pygame.transform.smoothscale

    class CountingSurface(real_surface):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs):
            counts["surface"] += 1
            super().__init__(*args, **kwargs)

    def counting_scale(*args, **kwargs):
        counts["scale"] += 1
        return real_scale(*args, **kwargs)

    misses = text_module.cache_stats()[2]
    monkeypatch.setattr(pygame, "Surface", CountingSurface)
    monkeypatch.setattr(pygame.transform, "smoothscale", counting_scale)
    h.spin(seed)
    frames = round(h.until(screen.is_idle, limit=30_000 * harness.DT, draw_every=1) / harness.DT)  # each drawn
    monkeypatch.undo()
    assert frames > 500
    # only texts that differ from the first round (new balance and last-win values) are rendered,
    # once each; nothing else makes a surface
    new_texts = text_module.cache_stats()[2] - misses
    assert new_texts <= 4
    assert counts["surface"] <= new_texts and counts["scale"] == 0


def test_text_cache_is_bounded_by_bytes(monkeypatch) -> None:
    """Hours of rolling counters render many amounts; the cache keeps a fixed budget."""
    monkeypatch.setattr(text_module, "CACHE_BYTES", 2 * 1024 * 1024)
    font = pygame.font.Font(None, 64)
    for cents in range(3_000):
        text_module.render_text(font, f"{cents / 100:,.2f}", (255, 255, 255), (0, 0, 0))
    entries, held, rendered = text_module.cache_stats()
    assert held <= 2 * 1024 * 1024
    assert 0 < entries < 3_000 and rendered >= 3_000
    again = text_module.render_text(font, "29.99", (255, 255, 255), (0, 0, 0))  # the most recent stays
    assert text_module.cache_stats()[2] == rendered and again.get_width() > 0
