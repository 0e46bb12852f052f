"""The Santa's Wonderland screen's frames: steady once its art is made (their time is measured by
``main.py --bench`` and ``benchmarks/heavy_frames.py``, not asserted in a test)."""

from __future__ import annotations

import pygame
import pytest

from game.client.widgets import text as text_module
from tests import harness
from tests.wonderland_fixtures import BET, frame_seed

GAME_ID = "santas_wonderland"

pytestmark = pytest.mark.usefixtures("display")


def _frames(h: harness.Harness) -> list[int]:
    """Every frame (update and draw) until the round is over; their numbers."""
    frames = []
    while not h.screen.is_idle():
        h.frame(draw=True)
        frames.append(len(frames))
        assert len(frames) < 40_000
    return frames


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


def test_a_bought_round_makes_its_big_blocks_one_per_frame(tmp_path, display, monkeypatch):
    """The round's Supersize and 2x2 pictures are made ahead, one a frame, not all in its first one."""
    from game.client.games.santas_wonderland.art import WonderlandArt

    made_in: list[int] = []  # the frame each newly made big block was made in
    frame = [0]
    real_big = WonderlandArt.big

    def counting_big(art, symbol, n):
        if (symbol, n) not in art._big:
            made_in.append(frame[0])
        return real_big(art, symbol, n)

    monkeypatch.setattr(WonderlandArt, "big", counting_big)
    h = harness.open_game(tmp_path, GAME_ID, surface=display, bet=BET, turbo=True)
    made_in.clear()  # the screen's own 2x2 blocks and Santa are made while it is built
    assert h.spin(7, buy=True)  # its three levels need three Supersize blocks not made yet
    while not h.screen.is_idle():
        frame[0] += 1
        h.frame(draw=True)
        assert frame[0] < 40_000
    assert len(made_in) == 3, made_in
    per_frame = {f: made_in.count(f) for f in made_in}
    assert max(per_frame.values()) == 1, per_frame
