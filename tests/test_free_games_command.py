"""Promotional free games reach a wallet two ways: the welcome grant on a player's first launch
(``game.promotions.WELCOME``: 10 at 0.50 for Slingo Santa King; the demo's wallet gets none), and
``python -m game free-games --grant N --stake CENTS [--game ID]``, which refuses while the game is
open on the data folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from game.promotions import WELCOME, grant_welcome
from game.store import Wallet
from tests import harness

REPO = Path(__file__).resolve().parents[1]


def command(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m game free-games ARGS`` in a process of its own (it must meet the folder's lock)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "game", "free-games", *args], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=60)


def grants(data_dir: Path) -> list[tuple]:
    wallet = Wallet.open(data_dir).wallet
    try:
        return [(g.game_id, g.stake, g.games, g.games_left, g.reason) for g in wallet.free_games(used=True)]
    finally:
        wallet.close()


def test_the_command_grants_free_games_into_the_bonus_balance(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data = str(tmp_path / "data")
    assert main(["free-games", "--data-dir", data]) == 0
    assert "bonus balance 0.00" in capsys.readouterr().out
    grant = ["--grant", "10", "--stake", "50", "--game", "slingo_santa_king"]
    assert main(["free-games", "--data-dir", data, *grant]) == 0
    out = capsys.readouterr().out
    assert "Granted 10 free game(s) at 0.50 for Slingo Santa King" in out and "bonus balance 5.00" in out
    assert main(["free-games", "--data-dir", data, "--grant", "3", "--stake", "100"]) == 0  # any game with 1.00
    out = capsys.readouterr().out
    assert "3 of 3 free game(s) left at 1.00 for any game offering that stake" in out
    assert grants(tmp_path / "data") == [("slingo_santa_king", 50, 10, 10, "granted by free-games"),
                                         (None, 100, 3, 3, "granted by free-games")]
    wallet = Wallet.open(tmp_path / "data").wallet
    assert wallet.bonus_balance == 800 and wallet.balance == 100_000 and wallet.audit() == []
    wallet.close()


@pytest.mark.parametrize(("flags", "says"), [
    (["--grant", "10"], "--grant needs --stake CENTS"),
    (["--stake", "50"], "--stake and --game go with --grant N"),
    (["--grant", "0", "--stake", "50"], "argument --grant: 0 is below 1"),
    (["--grant", "2", "--stake", "half"], "argument --stake: 'half' is not a whole number"),
    (["--grant", "2", "--stake", "50", "--game", "snow_globe"], "--game: no game 'snow_globe'"),
    (["--grant", "2", "--stake", "20", "--game", "halloween_vacation"], "Halloween Vacation offers no stake of 0.20"),
    (["--grant", "2", "--stake", "7"], "no game offers a stake of 0.07"),
    (["--grant", "20000", "--stake", "50"], "at most 10000 free games"),
    (["--bonus"], "unrecognized arguments: --bonus"),
])
def test_a_wrong_flag_is_one_line_and_status_2_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture, flags: list[str], says: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["free-games", "--data-dir", str(tmp_path / "data"), *flags])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("festive-slots free-games: error: ") and says in err and err.count("\n") == 1
    assert not (tmp_path / "data").exists()


def test_the_command_refuses_while_the_game_holds_the_wallet(tmp_path: Path) -> None:
    data = tmp_path / "data"
    wallet = Wallet.open(data).wallet  # this process is the game, open on the folder
    try:
        done = command("--data-dir", str(data), "--grant", "5", "--stake", "100")
        assert done.returncode == 3, done.stderr
        assert "already open on the data folder" in done.stderr and "Nothing was written" in done.stderr
        assert done.stdout == "" and wallet.free_games(used=True) == [] and wallet.bonus_balance == 0
    finally:
        wallet.close()
    done = command("--data-dir", str(data), "--grant", "5", "--stake", "100")
    assert done.returncode == 0, done.stderr
    assert grants(data) == [(None, 100, 5, 5, "granted by free-games")]


def test_the_welcome_grant_is_made_once_and_records_a_game_not_out_yet(tmp_path: Path) -> None:
    assert (WELCOME.game_id, WELCOME.games, WELCOME.stake) == ("slingo_santa_king", 10, 50)
    wallet = Wallet.open(tmp_path).wallet
    try:
        made = grant_welcome(wallet)
        assert made is not None and (made.game_id, made.games, made.stake, made.reason) == (
            "slingo_santa_king", 10, 50, "welcome")
        assert wallet.bonus_balance == 500 and grant_welcome(wallet) is None and wallet.bonus_balance == 500
    finally:
        wallet.close()


def test_the_first_launch_grants_the_welcome_free_games_and_the_demo_gets_none(tmp_path: Path) -> None:
    app = harness.launch(tmp_path, "--mute", "--frames", "1")
    try:
        wallet = app.context.wallet
        assert [(g.game_id, g.stake, g.games_left, g.reason) for g in wallet.free_games()] == [
            ("slingo_santa_king", 50, 10, "welcome")]
        assert wallet.bonus_balance == 500 and wallet.balance == 100_000
        assert any("10 free games of Slingo Santa King at 0.50" in text for text in app.context.notices)
    finally:
        if pygame.get_init():
            app.shutdown()
    again = harness.launch(tmp_path, "--mute", "--frames", "1")
    try:
        assert len(again.context.wallet.free_games(used=True)) == 1  # not granted twice
        assert not any("free games" in text for text in again.context.notices)
    finally:
        if pygame.get_init():
            again.shutdown()
    demo = harness.launch(tmp_path / "fresh", "--demo", "--mute", "--frames", "1")
    try:
        assert demo.demo is not None
        assert demo.demo.wallet.free_games(used=True) == [] and demo.demo.wallet.bonus_balance == 0
        assert len(demo.context.wallet.free_games(used=True)) == 1  # the player's wallet has its own
    finally:
        if pygame.get_init():
            demo.shutdown()
