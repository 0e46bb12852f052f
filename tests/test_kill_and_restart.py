"""The real app killed in the middle of free spins; the next launch finishes the round, balance right.

End to end (two launches of main.py): marked slow.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import get_game
from game.engine.rng import derive_seed
from game.store import PRACTICE_FOLDER, Wallet
from tests import harness
from tests.peek import open_round_step

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
GAME = get_game("halloween_vacation")


def first_round_with_free_games() -> tuple[int, int]:
    """A --seed whose first round (at the default bet) plays free games; and that round's seed."""
    master = harness.seed_where(GAME.id, "free games (master seed)", lambda r: r.features.get("free_games"),
                                master=True, limit=4_999)
    return master, derive_seed(master, 0)


def open_round_progress(data: Path) -> int | None:
    return open_round_step(data)  # read-only: the running app holds the folder


def test_app_killed_during_free_spins_finishes_the_round_on_next_launch(tmp_path: Path) -> None:
    master, round_seed = first_round_with_free_games()
    expected = GAME.play(GAME.default_bet, round_seed)
    first_free_spin = next(i for i, e in enumerate(expected.events) if e["type"] == "free_spin")
    data = tmp_path / "data"
    practice = data / PRACTICE_FOLDER  # a --seed plays only on the practice wallet
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    app = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--game", "halloween_vacation",
         "--autoplay", "1", "--practice", "--seed", str(master)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 90
        while True:  # wait until at least one free spin has been shown, then pull the plug
            step = open_round_progress(practice)
            if step is not None and step > first_free_spin + 1:
                break
            assert app.poll() is None, "the app ended before the free spins"
            assert time.monotonic() < deadline, "the free spins never started"
            time.sleep(0.2)
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=10)

    wallet = Wallet.open(practice).wallet
    assert wallet.balance == 100_000 - GAME.default_bet  # paid, not yet credited
    assert len(wallet.open_rounds()) == 1
    wallet.set_setting("turbo", True)  # the rest of the show at turbo speed keeps the test short
    wallet.close()

    again = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--practice", "--frames", "1500"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )
    assert again.returncode == 0, again.stderr[-2000:]
    wallet = Wallet.open(practice).wallet
    try:
        assert wallet.open_rounds() == []
        (record,) = wallet.history("halloween_vacation")
        assert (record.seed, record.win) == (round_seed, expected.win)
        assert wallet.balance == 100_000 - GAME.default_bet + expected.win
        assert wallet.audit() == []
    finally:
        wallet.close()
