"""Kill the app in the middle of free games; the next launch finishes the round, balance right."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.engine import get_game
from game.session import PlaySession
from game.store import StoreError, Wallet
from tests.harness import seed_where

ROOT = Path(__file__).resolve().parent.parent

PLAYER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from game.engine import get_game
    from game.session import PlaySession
    from game.store import Wallet
    wallet = Wallet.open(Path(sys.argv[1])).wallet
    session = PlaySession(wallet, get_game("halloween_vacation"))
    active = session.spin(seed=int(sys.argv[2]))
    for step in range(1, int(sys.argv[3]) + 1):
        session.mark_progress(active, step)   # the screen showed another free spin
    print("shown", flush=True)
    time.sleep(60)                              # killed here, mid free game
    """
)


def free_game_seed() -> int:
    """At bet 1.00: free games with sticky wilds, an Expanding Wild and 2 extra spins."""
    return seed_where("halloween_vacation", "two extra spins", lambda r: r.features.get("extra_spins") == 2, bet=100,
                      limit=200_000)


def test_free_game_killed_midway_resumes_where_it_stood(tmp_path: Path) -> None:
    game = get_game("halloween_vacation")
    seed = free_game_seed()
    expected = game.play(100, seed)
    assert expected.features.get("extra_spins") == 2
    stop_at = 5  # spin, free_games_start, three free spins shown
    proc = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(tmp_path), str(seed), str(stop_at)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "shown"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)

    wallet = Wallet.open(tmp_path).wallet
    assert wallet.balance == 100_000 - 100  # debited, not yet credited
    session = PlaySession(wallet, game)
    active = session.resume_open_round()
    assert active is not None and active.resumed
    assert active.step == stop_at
    assert json.dumps(active.events) == json.dumps(list(expected.events))
    assert active.events[stop_at - 1]["type"] == "free_spin" and active.events[stop_at - 1]["spin"] == 3
    for step in range(stop_at + 1, len(active.events) + 1):
        session.mark_progress(active, step)
    assert session.settle(active) == 100_000 - 100 + expected.win
    assert wallet.open_rounds() == []
    assert wallet.audit() == []
    assert session.resume_open_round() is None
    wallet.close()


def test_settled_round_is_never_credited_twice(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path).wallet
    session = PlaySession(wallet, get_game("halloween_vacation"))
    active = session.spin(seed=free_game_seed())
    session.settle(active)
    balance = wallet.balance
    with pytest.raises(StoreError):
        session.settle(active)
    assert wallet.balance == balance
    wallet.close()
