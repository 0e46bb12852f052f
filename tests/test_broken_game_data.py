"""One game's broken data.json disables only that game (finding 5 of issue 10).

Reproduce by hand: put a stray character into game/engine/games/fat_santa/data.json and run
``python main.py`` (was: ``unexpected DataError``, exit 1, no lobby). Here Fat Santa is pointed
at a broken copy of its data in a child process, so the repository stays as it is.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import DataError
from game.engine.games.fat_santa.game import DATA_FILE
from game.session import PlaySession
from game.store import Wallet

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
           PYTHONPATH=str(ROOT))
WITH_BROKEN_FAT_SANTA = textwrap.dedent(
    """
    import runpy, sys
    from pathlib import Path
    import game.engine.games.fat_santa.game as fat_santa
    fat_santa.FatSanta.__init__.__defaults__ = (Path(sys.argv[1]),)
    sys.argv = ["main.py", *sys.argv[2:]]
    runpy.run_path("main.py", run_name="__main__")
    """
)


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "data.json"
    text = DATA_FILE.read_text(encoding="utf-8")
    path.write_text(text.replace("{", "{ oops", 1), encoding="utf-8")
    return path


def run(broken: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", WITH_BROKEN_FAT_SANTA, str(broken), *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=120)


def test_the_lobby_opens_with_the_broken_game_disabled_and_the_reason_logged(tmp_path: Path, broken: Path) -> None:
    data = tmp_path / "wallet"
    proc = run(broken, "--data-dir", str(data), "--frames", "60", "--mute")
    assert proc.returncode == 0, proc.stderr
    log_text = (data / "logs" / "client.log").read_text()
    assert "fat_santa is unavailable" in log_text and "not valid JSON" in log_text


def test_the_other_games_still_play(tmp_path: Path, broken: Path) -> None:
    data = tmp_path / "wallet"
    proc = run(broken, "--data-dir", str(data), "--game", "halloween_vacation", "--autoplay", "1",
               "--frames", "200", "--mute")
    assert proc.returncode == 0, proc.stderr
    wallet = Wallet.open(data).wallet
    try:
        assert wallet.history(None) or wallet.open_rounds()
    finally:
        wallet.close()


def test_asking_for_the_broken_game_is_a_wrong_flag(tmp_path: Path, broken: Path) -> None:
    proc = run(broken, "--data-dir", str(tmp_path / "wallet"), "--game", "fat_santa", "--frames", "5")
    assert proc.returncode == 2
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--game: Fat Santa (fat_santa) cannot be played" in lines[0]
    assert "not valid JSON" in lines[0]


def test_an_open_round_of_the_broken_game_waits_in_the_lobby(tmp_path: Path, broken: Path) -> None:
    from game.engine import get_game

    data = tmp_path / "wallet"
    wallet = Wallet.open(data).wallet
    PlaySession(wallet, get_game("fat_santa")).spin(seed=3)
    balance = wallet.balance
    wallet.close()
    proc = run(broken, "--data-dir", str(data), "--frames", "60", "--mute")
    assert proc.returncode == 0, proc.stderr
    wallet = Wallet.open(data).wallet
    try:
        assert len(wallet.open_rounds()) == 1 and wallet.balance == balance  # kept for when it is mended
    finally:
        wallet.close()


BROKEN = "data.json: not valid JSON at line 1 column 3: Expecting property name"


def _lobby_with_broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: set[str]) -> Any:
    """A lobby whose games in ``broken`` fail to load their data (the others load as usual)."""
    import game.availability as availability
    from game.client.scenes.lobby import LobbyScene
    from tests.harness import make_app

    real = availability.get_game

    def get_game(game_id: str):
        if game_id in broken:
            raise DataError(f"{DATA_FILE}: not valid JSON at line 1 column 3: Expecting property name")
        return real(game_id)

    monkeypatch.setattr(availability, "get_game", get_game)
    app = make_app(tmp_path)
    lobby = LobbyScene(app)
    app.scenes.push(lobby)
    return lobby


def test_a_broken_game_picked_before_its_turn_is_asked_at_once_and_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, display) -> None:
    lobby = _lobby_with_broken(tmp_path, monkeypatch, {"fat_santa"})
    index = next(i for i, t in enumerate(lobby.tiles) if t.info.id == "fat_santa")
    lobby.choose(index)  # before any frame has asked the games
    assert lobby.app.scenes.top is lobby and not lobby.app.scenes.transitioning
    assert lobby.tiles[index].problem == BROKEN and lobby.tiles[index].shake > 0
    lobby.app.wallet.close()


def test_the_focus_leaves_a_first_game_found_broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, display) -> None:
    lobby = _lobby_with_broken(tmp_path, monkeypatch, {"santas_wonderland"})
    assert lobby.tiles[lobby.selected].info.id == "santas_wonderland"
    lobby.draw(pygame.display.get_surface())
    lobby.update(1 / 60)
    assert lobby.tiles[0].problem == BROKEN
    assert lobby.selected != 0 and lobby.tiles[lobby.selected].problem is None
    lobby.app.wallet.close()


def test_the_tile_says_why_and_does_not_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, display) -> None:
    lobby = _lobby_with_broken(tmp_path, monkeypatch, {"fat_santa"})
    app = lobby.app
    assert all(t.problem is None for t in lobby.tiles)  # the games are asked once the lobby has shown
    lobby.update(1 / 60)
    assert all(t.problem is None for t in lobby.tiles)
    for _ in lobby.tiles:  # then one game a frame
        lobby.draw(pygame.display.get_surface())
        lobby.update(1 / 60)
    [tile] = [t for t in lobby.tiles if t.info.id == "fat_santa"]
    assert tile.problem == BROKEN
    assert all(t.problem is None for t in lobby.tiles if t is not tile)
    lobby.choose(lobby.tiles.index(tile))
    assert app.scenes.top is lobby and tile.shake > 0  # refused, with a toast
    lobby.draw(pygame.display.get_surface())
    playable = next(i for i, t in enumerate(lobby.tiles) if t.info.id == "halloween_vacation")
    lobby.choose(playable)
    assert app.scenes.top is not lobby or app.scenes.transitioning  # another game opens as usual
    app.wallet.close()
