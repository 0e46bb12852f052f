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
    (["--stake", "50"], "--stake, --game and --reason go with --grant N"),
    (["--reason", "a gift"], "--stake, --game and --reason go with --grant N"),
    (["--grant", "0", "--stake", "50"], "argument --grant: 0 is below 1"),
    (["--grant", "2", "--stake", "half"], "argument --stake: 'half' is not a whole number"),
    (["--grant", "2", "--stake", "50", "--game", "zz_no_such_game"], "--game: no game 'zz_no_such_game'"),
    (["--grant", "2", "--stake", "20", "--game", "halloween_vacation"], "Halloween Vacation offers no stake of 0.20"),
    (["--grant", "2", "--stake", "7"], "no game offers a stake of 0.07"),
    (["--grant", "101", "--stake", "50"], "--grant: at most 100 free games a grant, not 101"),
    (["--grant", "\u0663", "--stake", "50"], "argument --grant: '\u0663' is not a whole number in the digits 0-9"),
    (["--grant", "3", "--stake", "\uff15\uff10"], "argument --stake: '\uff15\uff10' is not a whole number"),
    (["--grant", "+3", "--stake", "50"], "argument --grant: '+3' is not a whole number"),
    (["--grant", "3", "--stake", "50", "--reason", "x" * 201], "argument --reason: at most 200 characters, not 201"),
    (["--grant", "3", "--stake", "50", "--reason", "two\nlines"], "argument --reason: the reason must be printable"),
    (["--grant", "3", "--stake", "50", "--reason", " "], "argument --reason: the reason is empty"),
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


def test_help_lists_every_flag_with_its_limits(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["free-games", "--help"])
    assert exited.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--reason TEXT" in text and "up to 200 characters" in text and "1 to 100" in text


def test_a_reason_of_200_characters_is_kept_and_every_grant_is_listed_with_when_and_why(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data = str(tmp_path / "data")
    reason = "Boxing Day: " + "é" * 188
    assert main(["free-games", "--data-dir", data, "--grant", "100", "--stake", "50", "--game",
                 "slingo_santa_king", "--reason", reason]) == 0
    capsys.readouterr()
    assert main(["free-games", "--data-dir", data, "--grant", "2", "--stake", "100", "--reason", "a thank-you"]) == 0
    out = capsys.readouterr().out
    history = out.split("Every grant, oldest first:")[1].strip().splitlines()
    assert len(history) == 2
    assert history[0].endswith(f"100 free game(s) at 0.50 for Slingo Santa King, 100 left; reason: {reason}")
    assert history[1].endswith("2 free game(s) at 1.00 for any game offering that stake, 2 left; reason: a thank-you")
    for line in history:  # when: the date and time of the grant, in UTC
        assert line.strip()[:24].count("-") == 2 and line.strip()[19:24] == " UTC:"
    assert grants(tmp_path / "data")[0][4] == reason


def test_one_pending_grant_a_game_then_another_once_it_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data = tmp_path / "data"
    first = ["free-games", "--data-dir", str(data), "--grant", "1", "--stake", "100", "--game", "fat_santa"]
    assert main(first) == 0
    assert main(["free-games", "--data-dir", str(data), "--grant", "1", "--stake", "100"]) == 0  # any game: its own
    capsys.readouterr()
    for again in (first, ["free-games", "--data-dir", str(data), "--grant", "5", "--stake", "100"]):
        assert main(again) == 2
        err = capsys.readouterr().err
        assert err.startswith("festive-slots free-games: error: --grant: the wallet already holds free games for ")
        assert "one pending grant a game" in err and err.count("\n") == 1
    assert len(grants(data)) == 2  # nothing was written
    from game.engine import get_game
    from game.session import PlaySession

    wallet = Wallet.open(data).wallet
    try:  # Fat Santa's one free game played: its grant is no longer pending
        session = PlaySession(wallet, get_game("fat_santa"))
        session.settle(session.spin(seed=1, free=True))
        assert [g.game_id for g in wallet.free_games()] == [None]
    finally:
        wallet.close()
    assert main(first) == 0
    assert [g[3] for g in grants(data)] == [0, 1, 1]
