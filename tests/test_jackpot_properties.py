"""Property test: any sequence of jackpot rounds, killed anywhere, keeps the money where it belongs.

Each round is played through the session with its own seed, bet, mode and answers, and the app
may be "killed" after its wager, after either answer, or just before its settlement (the wallet
closed unsettled and opened again, the round resumed), or abandoned for 48 hours (settled by the
resolver, or, its game gone, its stake returned). After every round, against a model that plays
the same rounds through the engine alone:

* the balance and the pool are the model's, the audit, the rules check and the journal are clean;
* money is conserved: start + every seed put in the pool = balance + pool + the house's take.

Amounts are compared in hundredths of a cent (the pool's unit).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import RoundResult
from game.engine.jackpot import UNITS_PER_CENT
from game.engine.round import random_strategy
from game.session import ActiveRound, PlaySession, free_choices, pool_problems, resolve_stale_rounds
from game.store import Wallet
from tests.jackpot_game import TinyJackpot, plugged_game
from tools.kill_campaign import money_sides

GAME = TinyJackpot()
RULES = TinyJackpot.jackpot
START = 1_000_000
KILLS = ("none", "after_wager", "after_side", "after_again", "before_settle", "stale", "game_gone")


@dataclass
class Model:
    """What the wallet must hold: the engine's rounds, added up."""

    balance: int = START
    pool: int | None = None
    seeds: int = 0  # units the house put in the pool: its start and every reseed
    house: int = 0  # units the house kept: stakes less the pool's share, less the wins it paid

    def played(self, result: RoundResult) -> None:
        if self.pool is None:
            self.pool, self.seeds = RULES.seed_units, RULES.seed_units
        contribution = RULES.contribution(result.purchase_price)
        assert result.state_out is not None and RULES.pool_of(result.state_in) == self.pool
        self.seeds += RULES.seed_units * sum(e["type"] == "jackpot" for e in result.events)
        self.pool = result.state_out["pool"]
        self.balance += result.win - result.cost
        self.house += result.cost * UNITS_PER_CENT - contribution - (result.win - result.jackpot) * UNITS_PER_CENT

    def refunded(self) -> None:
        if self.pool is None:  # the refunded wager started the pool: its seed stays in it
            self.pool, self.seeds = RULES.seed_units, RULES.seed_units


def reopen(session: PlaySession) -> tuple[PlaySession, ActiveRound | None]:
    """The app killed and launched again: the wallet closed unsettled, opened, the round resumed."""
    folder = session.wallet.path.parent
    session.wallet.close()
    opened = Wallet.open(folder)
    assert opened.notice is None
    again = PlaySession(opened.wallet, TinyJackpot())
    again.bet = session.bet  # the player's bet (the round resumed keeps its own)
    active = again.resume_open_round()
    assert active is not None and again.mismatches == []
    return again, active


def check(wallet: Wallet, model: Model) -> None:
    assert wallet.audit() == []
    assert pool_problems(wallet, GAME) == []
    assert wallet.journal_problems() == []
    assert wallet.open_rounds() == []
    assert wallet.balance == model.balance
    assert wallet.jackpot_pool(GAME.id) == model.pool
    pool = model.pool or 0
    seeds = sum(e.units for e in wallet.pool_ledger() if e.kind in ("seed", "reseed"))
    assert seeds == model.seeds
    assert START * UNITS_PER_CENT + seeds == wallet.balance * UNITS_PER_CENT + pool + model.house
    start, held = money_sides(wallet)  # the same, from the wallet's records alone
    assert start == held == START * UNITS_PER_CENT + seeds


ROUND = st.tuples(
    st.integers(0, 2**64 - 1),  # seed
    st.sampled_from(TinyJackpot.bets),
    st.booleans(),  # buy
    st.sampled_from(["naughty", "nice"]),
    st.sampled_from(["collect", "again"]),
    st.sampled_from(KILLS),
)


@settings(max_examples=40, deadline=None)
@given(rounds=st.lists(ROUND, min_size=1, max_size=8))
def test_any_rounds_killed_anywhere_keep_balance_pool_and_ledger_in_agreement(rounds: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        session = PlaySession(Wallet.open(Path(folder), starting_balance=START).wallet, TinyJackpot())
        model = Model()
        try:
            for seed, bet, buy, side, again, kill in rounds:
                session.bet = bet
                session = play_round(session, model, seed, buy, (side, again), kill)
                check(session.wallet, model)
        finally:
            session.wallet.close()


def play_round(session: PlaySession, model: Model, seed: int, buy: bool, answers: tuple[str, str],
               kill: str) -> PlaySession:
    state = session.wallet.game_state(GAME.id) or None
    active: ActiveRound | None = session.spin(seed=seed, buy=buy)
    if kill in ("stale", "game_gone"):
        return abandoned(session, model, seed, buy, state, kill)
    if kill == "after_wager":
        session, active = reopen(session)
    for answer, killed_after in zip(answers, ("after_side", "after_again")):
        assert active is not None
        if active.pending is None:
            break
        session.decide(active, answer)
        if kill == killed_after:
            session, active = reopen(session)
    if kill == "before_settle":
        session, active = reopen(session)
    assert active is not None and active.pending is None
    session.settle(active)
    expected = GAME.play(session.bet, seed, buy=buy, state=state, decisions=list(active.result.decisions),
                         entropy=list(active.result.entropy))
    assert active.result == expected
    model.played(expected)
    return session


def abandoned(session: PlaySession, model: Model, seed: int, buy: bool, state: dict | None,
              kill: str) -> PlaySession:
    """Left for 48 hours at its first question: finished by the resolver, or refunded without its game."""
    folder = session.wallet.path.parent
    later = datetime.now(UTC) + timedelta(hours=49)
    session.wallet.close()
    wallet = Wallet.open(folder).wallet
    if kill == "stale":
        with plugged_game():
            (done,) = resolve_stale_rounds(wallet, now=later)
        assert not done.refunded
        model.played(GAME.play(session.bet, seed, buy=buy, state=state, strategy=free_choices(random_strategy)))
    else:
        (done,) = resolve_stale_rounds(wallet, now=later)
        assert done.refunded
        model.refunded()
    again = PlaySession(wallet, TinyJackpot())
    again.bet = session.bet
    return again
