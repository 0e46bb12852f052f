"""Shared test set-up: headless SDL drivers and the repository on sys.path."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The wallets' key (game.store.seal) in a folder of this run's own, never the player's config folder (child
# processes inherit it; a test of a missing or another key points it elsewhere).
os.environ["FESTIVE_SLOTS_KEY_DIR"] = tempfile.mkdtemp(prefix="festive-slots-key-")
atexit.register(shutil.rmtree, os.environ["FESTIVE_SLOTS_KEY_DIR"], True)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def _commits_synced_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames here run faster than any disk, price or build: each wallet commit is put on disk
    before it returns, so a round starts at once, a costly price is worked out when it is asked,
    and a screen faded to is built in the frame that needs it (tests of the disk-sync thread, of
    pricing ahead and of building in the background turn them back on)."""
    from game.client import loading
    from game.client.kit import director
    from game.store import durability

    monkeypatch.setattr(durability, "IN_BACKGROUND", False)
    monkeypatch.setattr(director, "PRICE_AHEAD", False)
    monkeypatch.setattr(loading, "IN_BACKGROUND", False)


@pytest.fixture(autouse=True)
def _nothing_left_set_aside() -> Iterator[None]:
    """An app sets its long-lived objects aside from the collector (``gc.freeze``); one a test
    did not shut down must not keep them out of reach of the next test's collections."""
    yield
    gc.unfreeze()


@pytest.fixture(scope="module")
def display():
    """A 1280x720 window on SDL's dummy driver, for screen tests that draw."""
    import pygame

    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()
