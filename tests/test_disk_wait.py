"""A round is shown once its wager is on the disk, and a slow disk never holds a frame.

The wallet's commits are forced to the disk by its own thread (``game.store.durability``); here
that thread's ``fsync`` is held back, as a busy disk would, while the screen goes on.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from game.store import durability
from tests import harness

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture
def slow_disk(monkeypatch: pytest.MonkeyPatch):
    """The app's disk-sync thread, with every ``fsync`` it makes waiting until the test lets it go."""
    monkeypatch.setattr(durability, "IN_BACKGROUND", True)
    released = threading.Event()
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if threading.current_thread().name.startswith("disk sync"):
            released.wait(30)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    yield released
    released.set()


def test_the_reels_wait_for_the_wager_to_reach_the_disk_while_frames_go_on(tmp_path: Path, slow_disk) -> None:
    h = harness.open_game(tmp_path, "halloween_vacation")
    screen = h.screen
    started = time.perf_counter()
    assert h.spin(seed=7)
    assert time.perf_counter() - started < 5  # the commit did not wait for the held disk
    ticket = h.app.wallet.commit_ticket
    for _ in range(30):  # half a second of frames: drawn, the round not yet shown
        h.frame(draw=True)
    assert screen.director is not None and screen.director.waiting_for_disk
    assert not screen.reels.spinning and not h.app.wallet.on_disk(ticket)
    assert h.app.wallet.balance == 1_000_000 - screen.session.bet  # the wager is committed all the same

    slow_disk.set()
    assert h.app.wallet.wait_on_disk(ticket, timeout=10)
    h.frame()
    assert not screen.director.waiting_for_disk and screen.reels.spinning
    h.run_until_idle()
    assert [r.status for r in screen.session.history(1)] == ["settled"]
    h.app.wallet.close()


def test_a_decisions_continuation_waits_for_its_commit_too(tmp_path: Path, slow_disk) -> None:
    slow_disk.set()  # the wager goes through at once
    h = harness.open_game(tmp_path, "slingo_santa_king", turbo=True)
    screen = h.screen
    assert h.spin(seed=240)
    h.until(lambda: screen.director is not None and screen.director.play.pending is not None
            and screen.director.asking, 600)
    director = screen.director
    slow_disk.clear()  # now the disk is busy
    decision = director.play.pending
    assert director.answer("collect" if decision.kind == "extra_spin" else decision.options[0])
    for _ in range(10):
        h.frame(draw=True)
    assert director.waiting_for_disk and director.timeline.done and not director.done
    slow_disk.set()
    assert h.app.wallet.wait_on_disk(timeout=10)
    h.frame()
    assert not director.waiting_for_disk
    h.app.wallet.close()


def test_a_refused_sync_is_logged_and_never_leaves_a_round_waiting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(durability, "IN_BACKGROUND", True)

    def refused(fd: int) -> None:
        raise OSError(5, "Input/output error")

    h = harness.open_game(tmp_path, "fat_santa")
    monkeypatch.setattr(os, "fsync", refused)
    assert h.spin(seed=7)
    assert h.app.wallet.wait_on_disk(timeout=10)  # marked done: waiting on a refusing disk would never end
    assert h.app.wallet._disk.failure is not None and "could not be forced to the disk" in caplog.text
    h.run_until_idle()
    assert [r.status for r in h.screen.session.history(1)] == ["settled"]
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    h.app.wallet.close()
