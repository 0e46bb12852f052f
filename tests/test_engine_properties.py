"""Invariants of every round and of a whole session of rounds (hypothesis)."""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import get_game
from game.engine.money import cents_of
from game.session import PlaySession
from game.store import Wallet

GAME = get_game("halloween_vacation")
SYMBOLS = set(GAME.symbols)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seed=seeds, bet=st.sampled_from(GAME.bets))
def test_every_round_is_well_formed(seed: int, bet: int) -> None:
    result = GAME.play(bet, seed)
    assert result.win >= 0
    assert result.win == cents_of(result.win_x, bet)
    assert result.win_x <= GAME.max_win_bound_x
    spins = [e for e in result.events if e["type"] in ("spin", "free_spin")]
    assert spins and spins[0]["type"] == "spin"
    for spin in spins:
        for key in ("window",) + (("landed",) if spin["type"] == "free_spin" else ()):
            grid = spin[key]
            assert len(grid) == 5 and all(len(column) == 4 for column in grid)
            assert all(symbol in SYMBOLS for column in grid for symbol in column)
        assert Fraction(spin["x"]) == sum((Fraction(w["x"]) for w in spin["wins"]), Fraction(0))
    assert sum((Fraction(s["x"]) for s in spins), Fraction(0)) == result.win_x
    assert result.events[-1]["type"] == "round_end"
    free = [s for s in spins if s["type"] == "free_spin"]
    if result.features.get("free_games"):
        assert 8 <= len(free) <= 10
        assert all("scatter" not in column for s in free for column in s["window"])
    else:
        assert not free


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(master=seeds, rounds=st.integers(min_value=1, max_value=40), bet_steps=st.integers(0, 12))
def test_a_session_neither_creates_nor_loses_money(master: int, rounds: int, bet_steps: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        wallet = Wallet.open(Path(folder)).wallet
        session = PlaySession(wallet, GAME, seed=master)
        for _ in range(bet_steps):
            session.step_bet(+1)
        start = wallet.balance
        paid = won = 0
        for _ in range(rounds):
            if not session.can_afford():
                break
            active = session.spin()
            paid += active.result.cost
            won += active.result.win
            assert wallet.balance == start - paid + (won - active.result.win)  # debit before the show
            session.settle(active)
        assert wallet.balance == start - paid + won
        assert wallet.balance >= 0
        assert wallet.audit() == []
        assert wallet.open_rounds() == []
        wallet.close()
