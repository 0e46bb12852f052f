"""The Santa's Wonderland screen's frames: light to draw, and steady once its art is made."""

from __future__ import annotations

import time

import pygame
import pytest

from game.client.widgets import text as text_module
from tests import harness
from tests.wonderland_fixtures import BET, frame_seed

GAME_ID = "santas_wonderland"

pytestmark = pytest.mark.usefixtures("display")


def _frames(h: harness.Harness) -> list[float]:
    """CPU seconds of each frame (update and draw) until the round is over."""
    times = []
    while not h.screen.is_idle():
        start = time.thread_time()
        h.frame(draw=True)
        times.append(time.thread_time() - start)
        assert len(times) < 40_000
    return times


def test_a_bought_round_draws_well_within_a_frame(tmp_path, display):
    """Every frame of a whole Midnight Riches round, drawn at 1280x720: p99 under 16.7 ms of CPU."""
    h = harness.open_game(tmp_path, GAME_ID, surface=display, bet=BET, turbo=True)  # the same frames, fewer
    h.spin(frame_seed(), buy=True)  # a short bought round: frames of every kind
    times = sorted(_frames(h))
    assert len(times) > 300
    p50 = times[len(times) // 2]
    p99 = times[int(len(times) * 0.99)]
    assert p50 < 0.008, f"p50 {p50 * 1000:.2f} ms"
    assert p99 < 0.0167, f"p99 {p99 * 1000:.2f} ms"


def test_steady_frames_allocate_no_surfaces(tmp_path, display, monkeypatch):
    """Play a bought round once to make its art, then again while counting allocations."""
    h = harness.open_game(tmp_path, GAME_ID, surface=display, bet=BET, turbo=True)
    h.spin(frame_seed(), buy=True)
    _frames(h)
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
    h.spin(frame_seed(), buy=True)
    frames = len(_frames(h))
    monkeypatch.undo()
    assert frames > 300
    # only texts that differ from the first rounds (new balances) are rendered, once each
    new_texts = text_module.cache_stats()[2] - misses
    assert new_texts <= 8
    assert counts["surface"] <= new_texts and counts["scale"] == 0
