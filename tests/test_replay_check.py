"""A resumed round never pays a different amount than the round that was bought (finding 9).

Each round records, at purchase, the engine's version, the digest of its game's data and the
digest of the events known then. A resume whose replay shows other events (another engine, other
data, a bug) says so and settles as bought: the win recorded at purchase when the round was
complete then, its whole stake otherwise. Reproduce by hand: begin a round, stop the app, change
the generator (or the data), relaunch.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.engine.game as game_module
from game.client import overlays
from game.client.app import App
from game.client.options import parse_args
from game.engine import get_game
from game.engine.rng import RoundRng
from game.engine.version import ENGINE_VERSION
from game.replays import events_digest, settle_mismatched_rounds
from game.session import PlaySession
from game.store import Wallet
from tests.gift_shop import GiftShop

BALANCE = 100_000


def another_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seed now draws a different stream: what an upgrade that changed the generator would do."""
    monkeypatch.setattr(game_module, "round_rng", lambda seed: RoundRng(seed ^ 0x5A5A))


def test_each_round_records_what_played_it(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path).wallet
    game = get_game("halloween_vacation")
    active = PlaySession(wallet, game).spin(seed=5)
    record = wallet.get_round(active.round_id)
    assert record.engine_version == ENGINE_VERSION
    assert record.data_digest == game.data_digest() and len(record.data_digest) == 64
    assert record.replay_check == {"events": len(active.events), "digest": events_digest(active.events)}
    wallet.close()


def test_a_complete_round_whose_replay_differs_is_paid_what_it_won_when_bought(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wallet = Wallet.open(tmp_path).wallet
    game = get_game("santas_wonderland")
    session = PlaySession(wallet, game)
    active = session.spin(seed=3, buy=True)  # interrupted: never settled
    bought_win = active.result.win
    assert bought_win > 0
    another_engine(monkeypatch)
    assert game.play(game.default_bet, 3, buy=True).win != bought_win  # the replay would pay otherwise

    again = PlaySession(wallet, game)
    assert again.resume_open_round() is None  # nothing to show: it is settled as bought
    [mismatch] = again.mismatches
    assert (mismatch.paid, mismatch.stake_returned) == (bought_win, False)
    record = wallet.get_round(active.round_id)
    assert record.status == "settled" and record.win == bought_win
    assert "recorded result was paid" in record.note
    assert wallet.balance == BALANCE - game.cost(game.default_bet, True) + bought_win
    assert wallet.audit() == [] and wallet.journal_problems() == []
    wallet.close()


def test_an_unfinished_round_whose_replay_differs_gets_its_whole_stake_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wallet = Wallet.open(tmp_path).wallet
    shop = GiftShop()
    session = PlaySession(wallet, shop)
    active = session.spin(seed=12)
    session.decide(active, "green")
    session.decide(active, "buy")  # a priced decision: 3.40 more at stake
    stake = wallet.get_round(active.round_id).cost
    assert stake == 440
    another_engine(monkeypatch)

    again = PlaySession(wallet, shop)
    assert again.resume_open_round() is None
    [mismatch] = again.mismatches
    assert (mismatch.paid, mismatch.stake_returned) == (stake, True)
    assert wallet.balance == BALANCE
    assert "stake was returned" in wallet.get_round(active.round_id).note
    assert wallet.audit() == [] and wallet.journal_problems() == []
    wallet.close()


def test_a_matching_replay_resumes_even_when_the_versions_differ(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path).wallet
    game = get_game("halloween_vacation")
    active = PlaySession(wallet, game).spin(seed=8)
    raw = wallet._db()
    raw.execute("UPDATE rounds SET engine_version = 'older', data_digest = 'other'")
    resumed = PlaySession(wallet, game).resume_open_round()
    assert resumed is not None and resumed.round_id == active.round_id
    assert resumed.events == active.events
    wallet.close()


def test_a_round_that_can_no_longer_be_replayed_gets_its_stake_back(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path).wallet
    shop = GiftShop()
    active = PlaySession(wallet, shop).spin(seed=12)
    wallet.record_decision(active.round_id, "blue")  # not an option (any more)
    session = PlaySession(wallet, shop)
    assert session.resume_open_round() is None
    [mismatch] = session.mismatches
    assert mismatch.stake_returned and "can no longer be replayed" in mismatch.reason
    assert wallet.balance == BALANCE
    wallet.close()


def test_the_launch_checks_every_open_round_and_tells_the_player(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    wallet = Wallet.open(data).wallet
    game = get_game("fat_santa")
    active = PlaySession(wallet, game).spin(seed=4, buy=True)
    bought_win = active.result.win
    wallet.close()
    another_engine(monkeypatch)
    app = App(parse_args(["--data-dir", str(data), "--mute"]))
    try:
        app.start()
        top = app.context.scenes.top
        assert isinstance(top, overlays.MessageDialog)
        text = " ".join(top.lines)
        assert "Fat Santa" in text and "replay" in text and "credited" in text
        assert app.context.wallet.open_rounds() == []
        assert app.context.wallet.get_round(active.round_id).win == bought_win
    finally:
        if pygame.get_init():
            app.shutdown()


def test_a_round_whose_game_cannot_be_loaded_is_left_open(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path).wallet
    wallet.begin_round("retired_game", 100, 100, 1)
    assert settle_mismatched_rounds(wallet) == []
    assert len(wallet.open_rounds()) == 1
    wallet.close()
def test_the_interrupted_v2_round_is_settled_as_bought_when_its_replay_differs(tmp_path: Path) -> None:
    """A round of a real schema-2 wallet, bought with the old generator: the recorded win is paid."""
    import shutil

    shutil.copyfile(Path(__file__).resolve().parent / "data" / "wallet_v2.db", tmp_path / "wallet.db")
    wallet = Wallet.open(tmp_path).wallet
    try:
        record = wallet.open_rounds()[0]
        assert record.game_id == "fat_santa" and record.summary is not None
        session = PlaySession(wallet, get_game("fat_santa"))
        assert session.resume_open_round() is None
        [mismatch] = session.mismatches
        assert (mismatch.round_id, mismatch.paid, mismatch.stake_returned) == (6, record.summary["win"], False)
        settled = wallet.get_round(6)
        assert settled.status == "settled" and settled.win == record.summary["win"]
        assert "recorded result was paid" in settled.note
        assert wallet.balance == 98_720 + record.summary["win"]
        assert wallet.audit() == [] and wallet.journal_problems() == []
    finally:
        wallet.close()
