"""Slingo Santa King killed at a pick, at an offered extra spin and at a wheel spin: each game resumes on
the next launch at the decision it waited on, with the balance paid exactly for what was recorded."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.engine import get_game
from game.session import PlaySession
from game.store import Wallet

REPO = Path(__file__).resolve().parents[1]
START = 1_000_000
CHILD = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from game.engine import get_game
    from game.session import PlaySession
    from game.store import Wallet

    data_dir, stop_at, stake = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    game = get_game("slingo_santa_king")
    wallet = Wallet.open(data_dir, starting_balance=int(sys.argv[4])).wallet
    session = PlaySession(wallet, game, seed=int(sys.argv[5]))
    session.bet = stake
    active = session.spin()
    picks = 0
    while active.pending is not None:
        decision = active.pending
        if decision.kind in ("wild", "super_wild"):
            if stop_at == "pick" and picks == 1:
                os._exit(0)  # killed while the second pick waits
            picks += 1
            session.decide(active, game.choose(active.play))
        elif stop_at == "offer":
            os._exit(0)  # killed while an extra spin is offered
        else:
            wheel = decision.info["wheel"]
            session.decide(active, "spin")  # bought: recorded and paid in one transaction
            if stop_at == "wheel" and wheel:
                os._exit(0)  # killed right after paying for a wheel spin
            if stop_at == "bought":
                os._exit(0)
    os._exit(3)  # the game ended before the point it was to be killed at
    """
)


def kill_at(tmp_path: Path, stop_at: str, stake: int, seed: int) -> int:
    run = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path), stop_at, str(stake), str(START), str(seed)],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    return run.returncode


@pytest.mark.parametrize(("stop_at", "stake", "kind"), [
    ("pick", 50, ("wild", "super_wild")),
    ("offer", 50, ("extra_spin",)),
    ("bought", 50, ("wild", "super_wild", "extra_spin")),
    ("wheel", 2000, ("wild", "super_wild", "extra_spin")),
])
def test_a_killed_game_resumes_at_its_decision_with_the_balance_right(tmp_path: Path, stop_at: str, stake: int,
                                                                       kind: tuple[str, ...]) -> None:
    for seed in range(1, 40):  # the first master seed whose game reaches the point to kill at
        data_dir = tmp_path / f"seed-{seed}"
        code = kill_at(data_dir, stop_at, stake, seed)
        if code == 0:
            break
        assert code == 3, f"the child failed ({code})"
    else:
        pytest.fail(f"no game reached {stop_at}")
    opened = Wallet.open(data_dir, starting_balance=START)
    wallet = opened.wallet
    try:
        assert wallet.audit() == []
        session = PlaySession(wallet, get_game("slingo_santa_king"))
        active = session.resume_open_round()
        assert active is not None and active.pending is not None
        assert active.pending.kind in kind
        record = wallet.get_round(active.round_id)
        assert wallet.balance == START - record.cost  # the stake and every price recorded, nothing more
        assert record.cost == stake + sum(record.decision_costs)
        if stop_at in ("bought", "wheel"):
            assert sum(record.decision_costs) > 0
        if stop_at == "wheel":
            assert record.decision_costs[-1] == get_game("slingo_santa_king").wheel_price
        while active.pending is not None:  # finished as if never killed: the strategy collects
            session.decide(active, session.game.choose(active.play))
        session.settle(active)
        assert wallet.audit() == []
        assert wallet.balance == START - record.cost + active.result.win
    finally:
        wallet.close()
