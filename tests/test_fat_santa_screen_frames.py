"""Fat Santa's presentation: skipping and turbo change only time; steady frames allocate nothing."""

from __future__ import annotations

import pygame
import pytest

from game.client.widgets import text as text_module
from game.engine import get_game
from tests import harness
from tests.fat_santa_fixtures import BET, buy_seed

GAME_ID = "fat_santa"
GAME = get_game(GAME_ID)
LIMIT = 600.0  # seconds of screen time a round here may take

pytestmark = pytest.mark.usefixtures("display")


def _play(tmp_path, seed: int, *, skip: bool, turbo: bool):
    h = harness.open_game(tmp_path, GAME_ID, bet=BET, turbo=turbo)
    t = h.play_round(seed, buy=True, skip=skip, limit=LIMIT)
    screen = h.screen
    meter = (screen.meter.pies, screen.meter.needed, screen.meter.fills)
    return (h.wallet.balance, screen.reels.window, screen.money.counter.shown, screen.santa.block, meter), t


@pytest.mark.parametrize("skip,turbo", [(True, False), (False, True)])
def test_skipping_and_turbo_change_nothing_but_time(tmp_path, skip, turbo):
    seed = buy_seed()
    plain, plain_t = _play(tmp_path / "plain", seed, skip=False, turbo=False)
    hurried, hurried_t = _play(tmp_path / "hurried", seed, skip=skip, turbo=turbo)
    assert hurried == plain
    assert hurried_t < plain_t / 2
    assert plain[2] == GAME.play(BET, seed, buy=True).win


def test_steady_frames_allocate_no_surfaces(tmp_path, display, monkeypatch):
    """Play and show a bought feature once (Santa's poses are drawn the first time they are shown),
    then again while counting allocations."""
    h = harness.open_game(tmp_path, GAME_ID, surface=display, bet=BET, turbo=True)
    screen = h.screen
    seed = buy_seed()
    h.spin(seed, buy=True)
    h.until(screen.is_idle, LIMIT, draw_every=1)
    counts = {"surface": 0, "scale": 0, "rotate": 0}
    real_surface, real_scale = pygame.Surface, pygame.transform.smoothscale
    real_rotozoom = pygame.transform.rotozoom

    class CountingSurface(real_surface):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs):
            counts["surface"] += 1
            super().__init__(*args, **kwargs)

    def counting_scale(*args, **kwargs):
        counts["scale"] += 1
        return real_scale(*args, **kwargs)

    def counting_rotozoom(*args, **kwargs):
        counts["rotate"] += 1
        return real_rotozoom(*args, **kwargs)

    misses = text_module.cache_stats()[2]
    monkeypatch.setattr(pygame, "Surface", CountingSurface)
    monkeypatch.setattr(pygame.transform, "smoothscale", counting_scale)
    monkeypatch.setattr(pygame.transform, "rotozoom", counting_rotozoom)
    h.spin(seed, buy=True)
    frames = round(h.until(screen.is_idle, limit=40_000 * harness.DT, draw_every=1) / harness.DT)  # each drawn
    monkeypatch.undo()
    assert frames > 500
    # only texts that differ from the first round (new balance and last-win values) are rendered
    new_texts = text_module.cache_stats()[2] - misses
    assert new_texts <= 4
    assert counts["surface"] <= new_texts and counts["scale"] == 0 and counts["rotate"] == 0
