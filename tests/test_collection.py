"""Collecting the tests plays no round: every seed a test needs is found when that test runs.

``pytest --collect-only`` runs in a subprocess whose engine refuses to play (``Game.play``,
``Game.start`` and ``RoundPlay`` raise before any test module is imported), so a seed search
or a round computed at import or collection time fails the collection.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GUARDED_PYTEST = textwrap.dedent(
    """
    import sys

    import pytest

    from game.engine.game import Game
    from game.engine.round import RoundPlay


    def refuse(*args, **kwargs):
        raise AssertionError("a round was played while collecting the tests")


    Game.play = Game.start = refuse
    RoundPlay.__init__ = refuse
    sys.exit(pytest.main(sys.argv[1:]))
    """
)


def collect(*paths: Path) -> subprocess.CompletedProcess[str]:
    """``python -m pytest --collect-only -q`` on ``paths``, with an engine that refuses to play."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run(
        [sys.executable, "-c", GUARDED_PYTEST, "--collect-only", "-q", "-p", "no:cacheprovider",
         *(str(path) for path in paths)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )


def test_collecting_every_test_plays_no_round() -> None:
    proc = collect(ROOT / "tests")
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-4000:]
    # every test module is collected, each with its tests (``-q -q`` prints "path: count")
    counts = {Path(path).name: int(n) for path, n in re.findall(r"^(tests/test_\w+\.py): (\d+)$", proc.stdout, re.M)}
    modules = {path.name for path in (ROOT / "tests").glob("test_*.py")}
    assert set(counts) == modules, sorted(modules ^ set(counts))
    assert all(n > 0 for n in counts.values())


def test_the_guard_catches_a_round_played_at_import(tmp_path: Path) -> None:
    module = tmp_path / "test_plays_at_import.py"
    module.write_text(textwrap.dedent(
        """
        from game.engine import get_game

        SEED = next(s for s in range(1, 100) if get_game("halloween_vacation").play(100, s).win)


        def test_nothing():
            assert SEED
        """
    ))
    proc = collect(module)
    assert proc.returncode != 0
    assert "a round was played while collecting the tests" in proc.stdout + proc.stderr
