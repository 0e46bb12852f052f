"""The real app killed in the middle of a bought feature; the next launch resumes it, balance right.

The round is bought through the session (as the buy button does), the app is launched on that
wallet and resumes it, and is killed with SIGKILL once the presentation has passed a chosen
point (mid-tumble, mid-Midnight-Riches, mid-free-games). The next launch must pick the round up
at the step it reached, finish it, and credit it exactly once.

End to end (two launches of main.py per case): marked slow.
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
from game.session import PlaySession
from game.store import Wallet
from tests import harness
from tests.peek import open_round_step  # read-only: the running app holds the folder

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
BALANCE = 1_000_000


def _kill_point(events: list[dict], kind: str, nth: int) -> int | None:
    seen = [i for i, event in enumerate(events) if event["type"] == kind]
    return seen[nth - 1] if len(seen) >= nth else None


def _launch(data: Path, env: dict[str, str], log: Path) -> subprocess.Popen:
    with log.open("wb") as sink:
        return subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--mute", "--log-level", "info"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=sink,
        )


def _wait(app: subprocess.Popen, until, what: str, log: Path, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert app.poll() is None, f"the app ended before {what}: {log.read_text(errors='replace')[-1500:]}"
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


@pytest.mark.parametrize(
    ("game_id", "kind", "nth"),
    [("santas_wonderland", "tumble", 1), ("santas_wonderland", "level_start", 2), ("fat_santa", "free_spin", 2)],
)
def test_killed_mid_feature_resumes_where_it_stood(tmp_path: Path, game_id: str, kind: str, nth: int) -> None:
    game = get_game(game_id)
    bet = game.default_bet
    seed = harness.seed_where(game_id, f"bought, {kind} #{nth}",
                              lambda r: bool(_kill_point(list(r.events), kind, nth)), buy=True, limit=4_999)
    expected = game.play(bet, seed, buy=True)
    point = _kill_point(list(expected.events), kind, nth)
    assert point is not None
    data = tmp_path / "data"
    wallet = Wallet.open(data, starting_balance=BALANCE).wallet
    wallet.set_setting("turbo", True)
    PlaySession(wallet, game).spin(buy=True, seed=seed)
    cost = game.cost(bet, buy=True)
    wallet.close()

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    app = _launch(data, env, first_log)
    try:
        _wait(app, lambda: (open_round_step(data) or 0) > point, f"step {point} ({kind} #{nth})", first_log)
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=10)
    reached = open_round_step(data)
    assert reached is not None and reached > point  # killed mid-round, progress journaled
    wallet = Wallet.open(data).wallet
    assert wallet.balance == BALANCE - cost
    wallet.close()

    again = _launch(data, env, second_log)
    try:
        _wait(again, lambda: open_round_step(data) is None, "the resumed round to settle", second_log, seconds=240)
    finally:
        again.send_signal(signal.SIGKILL)
        again.wait(timeout=10)
    assert f"resuming {game_id} round 1 at step {reached}" in second_log.read_text(errors="replace")
    wallet = Wallet.open(data).wallet
    try:
        (record,) = wallet.history(game_id)
        assert (record.seed, record.win) == (seed, expected.win)
        assert wallet.balance == BALANCE - cost + expected.win
        assert wallet.audit() == []
    finally:
        wallet.close()
