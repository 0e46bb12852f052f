"""Fat Santa's presentation: skipping and turbo change only time; steady frames allocate nothing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.client.widgets import text as text_module
from tests import test_fat_santa_screen as base

BET, BUY_SEED, GAME = base.BET, base.BUY_SEED, base.GAME
make_app, open_screen, press, until = base.make_app, base.open_screen, base.press, base.until
display = base.display  # the module's pygame display fixture


def _play(tmp_path, seed: int, *, skip: bool, turbo: bool):
    app = make_app(tmp_path)
    app.flags["turbo"] = turbo
    screen = open_screen(app)
    screen.spin(seed=seed, buy=True)
    t = 0.0
    while not screen.is_idle():
        if skip:
            press(app, pygame.K_SPACE)
        app.scenes.update(1 / 60)
        t += 1 / 60
        assert t < 600
    meter = (screen.meter.pies, screen.meter.needed, screen.meter.fills)
    return (app.wallet.balance, screen.reels.window, screen.money.counter.shown, screen.santa.block, meter), t


@pytest.mark.parametrize("skip,turbo", [(True, False), (False, True)])
def test_skipping_and_turbo_change_nothing_but_time(tmp_path, skip, turbo):
    plain, plain_t = _play(tmp_path / "plain", BUY_SEED, skip=False, turbo=False)
    hurried, hurried_t = _play(tmp_path / "hurried", BUY_SEED, skip=skip, turbo=turbo)
    assert hurried == plain
    assert hurried_t < plain_t / 2
    assert plain[2] == GAME.play(BET, BUY_SEED, buy=True).win


def test_steady_frames_allocate_no_surfaces(tmp_path, display, monkeypatch):
    """Play a bought feature once to warm the caches, then again while counting allocations."""
    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    screen.spin(seed=BUY_SEED, buy=True)
    until(app, screen.is_idle, surface=display)
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
    screen.spin(seed=BUY_SEED, buy=True)
    frames = 0
    while not screen.is_idle():
        app.scenes.update(1 / 60)
        app.scenes.draw(display)
        frames += 1
        assert frames < 40_000
    monkeypatch.undo()
    assert frames > 500
    # only texts that differ from the first round (new balance and last-win values) are rendered
    new_texts = text_module.cache_stats()[2] - misses
    assert new_texts <= 4
    assert counts["surface"] <= new_texts and counts["scale"] == 0 and counts["rotate"] == 0
