"""Rounds left unfinished for more than 48 hours are resolved at launch, credited, and told."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pygame

from game.client import overlays
from game.client.app import App
from game.client.options import parse_args
from game.engine import Decision, get_game
from game.engine.rng import RoundRng
from game.session import PlaySession, resolve_stale_rounds
from game.store import Wallet
from tests import harness

GAME = get_game("halloween_vacation")
START = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
BALANCE = 100_000


def _winning_seed() -> int:
    return harness.seed_where(GAME.id, "a win", lambda r: r.win > 0, bet=100, limit=9_999)


def _wallet_with_rounds(data_dir: Path, ages_hours: list[float], game_id: str = "halloween_vacation") -> Wallet:
    """Open rounds begun ``ages_hours`` before START + 100 h (the 'now' of the tests)."""
    moments = iter([START + timedelta(hours=100 - age) for age in ages_hours])
    current = {"t": START}

    def clock() -> datetime:
        return current["t"]

    wallet = Wallet.open(data_dir, starting_balance=BALANCE, clock=clock).wallet
    for _ in ages_hours:
        current["t"] = next(moments)
        wallet.begin_round(game_id, 100, 100, _winning_seed())
    current["t"] = START + timedelta(hours=100)
    return wallet


def test_only_rounds_older_than_48_hours_are_resolved_and_credited(tmp_path: Path) -> None:
    wallet = _wallet_with_rounds(tmp_path, [72, 47])
    now = START + timedelta(hours=100)
    expected = GAME.play(100, _winning_seed()).win
    resolved = resolve_stale_rounds(wallet, now=now)
    assert [(r.game_id, r.win, r.refunded) for r in resolved] == [("halloween_vacation", expected, False)]
    assert wallet.balance == BALANCE - 200 + expected
    (left,) = wallet.open_rounds()
    assert left.created_at.startswith("2026-11-03T17:00")  # the 47-hour-old round waits for its player
    settled = wallet.history(None, 5)[0]
    assert settled.win == expected and "48 hours" in (settled.note or "")
    assert resolve_stale_rounds(wallet, now=now) == []  # once only
    assert wallet.audit() == []


def test_a_round_that_cannot_be_rebuilt_gets_its_stake_back(tmp_path: Path) -> None:
    wallet = _wallet_with_rounds(tmp_path, [50], game_id="retired_game")
    resolved = resolve_stale_rounds(wallet, now=START + timedelta(hours=100))
    assert [(r.win, r.refunded) for r in resolved] == [(100, True)]
    assert wallet.balance == BALANCE
    assert wallet.open_rounds() == []


def test_launch_resolves_and_tells_the_player(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    wallet = _wallet_with_rounds(data_dir, [49])
    wallet.close()
    app = App(parse_args(["--data-dir", str(data_dir), "--mute"]))  # the real clock: November is long past 48 h
    try:
        app.start()
        top = app.context.scenes.top
        assert isinstance(top, overlays.MessageDialog)
        text = " ".join(top.lines)
        assert "Halloween Vacation" in text and "credited" in text and "48 hours" in text
        assert app.context.wallet.open_rounds() == []
    finally:
        if pygame.get_init():
            app.shutdown()


def _refuse_to_choose(decision: Decision, rng: RoundRng) -> Any:
    raise AssertionError(f"a replay asked a strategy to answer {decision.kind}")


def test_the_resolvers_answers_are_recorded_and_replay_without_a_strategy(tmp_path: Path) -> None:
    """Naughty or Nice? left at its Bonus Substitute choice, resolved after the clock passes its
    pending hours: the choice is a recorded decision, and seed + decisions replay to the same win."""
    game = get_game("naughty_or_nice")
    seed = harness.seed_where(game.id, "waits on a choice", lambda r: bool(r.decisions), bet=game.default_bet)
    current = {"t": START}
    wallet = Wallet.open(tmp_path, starting_balance=BALANCE, clock=lambda: current["t"]).wallet
    try:
        active = PlaySession(wallet, game).spin(seed=seed)
        assert active.pending is not None  # left at the choice: nothing answered yet
        assert wallet.get_round(active.round_id).decisions == []
        current["t"] = START + game.pending_limit + timedelta(hours=1)
        (resolved,) = resolve_stale_rounds(wallet, now=current["t"])
        record = wallet.get_round(active.round_id)
        assert record.status == "settled" and not resolved.refunded
        assert len(record.decisions) == len(game.play(game.default_bet, seed).decisions) >= 1
        assert record.decisions[0] in active.pending.options
        assert record.decision_costs == [0] * len(record.decisions)
        # the resolver's answers were taken with fresh entropy, recorded with them
        assert len(record.entropy) == len(record.decisions) and all(isinstance(e, int) for e in record.entropy)
        replayed = game.play(record.bet, record.seed, decisions=record.decisions, entropy=record.entropy,
                             strategy=_refuse_to_choose)
        assert (replayed.win, record.win) == (resolved.win, resolved.win)
        assert wallet.recall(game.id, 1)[0].decisions == record.decisions  # what the history lists
        assert wallet.audit() == [] and wallet.journal_problems() == []
    finally:
        wallet.close()
