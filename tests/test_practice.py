"""Seeds for practice only: ``--seed`` on the player's wallet stops at start-up (exit 2, one line,
before any window, nothing written); ``--practice`` plays on a wallet of its own (``practice/`` in
the data folder), with PRACTICE on screen and in the history, and may take ``--seed``; the demo
keeps its own wallet and takes neither."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.__main__ import main
from game.client.overlays import HistoryOverlay
from game.engine import get_game
from game.engine.rng import derive_seed
from game.store import PRACTICE_FOLDER, Wallet
from tests import harness

GAME_ID = "halloween_vacation"


@pytest.mark.parametrize("flags", [
    ["--seed", "3213"],
    ["--game", GAME_ID, "--seed", "7"],
    ["--game", GAME_ID, "--autoplay", "5", "--frames", "60", "--seed", "7"],  # automation takes no seed either
    ["--bench", "--frames", "60", "--seed", "7"],
    ["--demo", "--seed", "7"],
])
def test_a_seed_on_the_players_wallet_stops_at_start_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flags: list[str]) -> None:
    from game.client import app as app_module

    def no_window(options: object) -> int:
        raise AssertionError("the app was started")

    monkeypatch.setattr(app_module, "run_app", no_window)  # the flags stop before any window
    data = tmp_path / "data"
    with pytest.raises(SystemExit) as exited:
        main(["--data-dir", str(data), *flags])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("festive-slots: error: --seed: seeds are for practice only") and "--practice" in err
    assert not (data / "wallet.db").exists() and not (data / PRACTICE_FOLDER).exists()


def test_the_demo_keeps_its_own_wallet_and_refuses_practice(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--data-dir", str(tmp_path), "--demo", "--practice"])
    assert exited.value.code == 2
    assert capsys.readouterr().err == ("festive-slots: error: --demo plays on its own demo wallet: "
                                       "leave out --practice\n")


def _history_title(app: Any) -> str:
    screen: Any = app.context.scenes.top
    screen.open_history()
    overlay = app.context.scenes.top
    assert isinstance(overlay, HistoryOverlay)
    return str(overlay.title)


def test_practice_plays_a_seeded_round_on_its_own_wallet_marked_practice(tmp_path: Path) -> None:
    data = tmp_path / "data"
    app = harness.launch(data, "--mute", "--game", GAME_ID, "--practice", "--seed", "7")
    try:
        wallet = app.context.wallet
        assert wallet.path == data / PRACTICE_FOLDER / "wallet.db"
        assert not (data / "wallet.db").exists()  # the player's wallet is not touched
        assert wallet.free_games(used=True) == []  # no welcome grant: that is the player's
        screen: Any = app.context.scenes.top
        h = harness.Harness(app.context, screen)
        assert screen.spin()  # the session's seed: round 0 of --seed 7
        h.run_until_idle()
        (record,) = wallet.history(GAME_ID)
        game = get_game(GAME_ID)
        assert (record.seed, record.win) == (derive_seed(7, 0), game.play(game.default_bet, derive_seed(7, 0)).win)
        harness.run_frames(app, 2)
        badge = app.practice_badge
        assert badge is not None
        area = badge.rect(app.screen)
        with_badge = pygame.image.tobytes(app.screen.subsurface(area), "RGB")
        app.practice_badge = None
        app._draw()  # the same frame without it
        without = pygame.image.tobytes(app.screen.subsurface(area), "RGB")
        app.practice_badge = badge
        assert with_badge != without  # PRACTICE is on screen
        assert _history_title(app).startswith("PRACTICE wallet · ")
    finally:
        app.shutdown()
    player = Wallet.open(data).wallet  # the player's own wallet, opened afterwards: nothing of practice in it
    try:
        assert player.recall(None, 10) == [] and player.balance == 100_000
    finally:
        player.close()


def test_the_players_wallet_shows_no_practice_mark(tmp_path: Path) -> None:
    app = harness.launch(tmp_path / "data", "--mute", "--game", GAME_ID)
    try:
        assert app.practice_badge is None
        assert not _history_title(app).startswith("PRACTICE")
    finally:
        app.shutdown()
