"""The app's first frame needs no round machinery: the engine's rounds, sessions and replays, and
every game's own modules, are imported when the lobby asks after its games or a game opens."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

ROUND_MACHINERY = ("game.engine.game", "game.engine.round", "game.session", "game.replays",
                   "game.engine.games.santas_wonderland.game")


def test_the_wallets_figures_do_not_import_the_round_machinery() -> None:
    code = ("import sys, game.store; from game.engine.money import format_cents; "
            f"loaded = [m for m in {ROUND_MACHINERY!r} if m in sys.modules]; assert not loaded, loaded")
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, timeout=30)


def test_the_engines_public_names_still_import(tmp_path: Path) -> None:
    code = ("from game.engine import Decision, Evaluation, Game, RoundPlay, RoundResult, Win, get_game; "
            "import game.engine as engine; from game.engine.round import RoundPlay as direct; "
            "assert RoundPlay is direct and engine.RoundPlay is direct; "
            "assert isinstance(get_game('fat_santa'), Game)\n"
            "try:\n    engine.NoSuchName\nexcept AttributeError as exc:\n    assert 'NoSuchName' in str(exc)\n"
            "else:\n    raise SystemExit('no AttributeError')")
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, timeout=60)


def test_the_first_frame_imports_no_round_machinery(tmp_path: Path) -> None:
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['main.py', '--frames', '1', '--data-dir', {str(tmp_path / 'data')!r}]\n"
        "try:\n    runpy.run_path('main.py', run_name='__main__')\n"
        "except SystemExit as exc:\n    assert not exc.code, exc.code\n"
        f"loaded = [m for m in {ROUND_MACHINERY!r} if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, timeout=60, env=env)
