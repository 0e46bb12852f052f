"""A new game passes the catalogue-wide tests with no edit outside its own files.

In a temporary copy of the tree, ``python -m tools.new_game`` adds the template game and a second
game that is then made a featureless plain line game (its rules, data, event contract and help
page from ``tests/data/plain_line_game/``, its PAR sheet regenerated, as ``docs/ADDING_A_GAME.md`` says);
the catalogue-wide tests then run over the seven games there and pass. The files that changed are
only the two games' own and the catalogue.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.new_game import NewGame

REPO = Path(__file__).resolve().parent.parent
PLAIN = REPO / "tests" / "data" / "plain_line_game"

# The tests that read the catalogue and the games' descriptions, and so cover a new game.
CATALOGUE_WIDE = [
    "tests/test_engine_api.py", "tests/test_engine_describe.py", "tests/test_engine_bets.py",
    "tests/test_engine_properties.py", "tests/test_client_keeps_no_math.py", "tests/test_demo_seeds.py",
    "tests/test_docs.py", "tests/test_events_doc.py", "tests/test_event_steps.py", "tests/test_full_hd.py",
    "tests/test_help_pages.py", "tests/test_maps.py", "tests/test_par.py", "tests/test_rounding.py",
    "tests/test_report_schema.py", "tests/test_import_cycles.py", "tests/test_scene_loading.py",
    "tests/test_sound.py", "tests/test_music.py", "tests/test_music_scores.py", "tests/test_assets.py",
    "tests/test_player_pages.py", "tests/test_par_lab.py",
]
def copy_of_the_tree(target: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO, check=True,
                            capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


@pytest.mark.slow
def test_the_template_and_a_plain_line_game_pass_the_catalogue_wide_tests(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    copy_of_the_tree(root)
    before = {path.relative_to(root) for path in root.rglob("*") if path.is_file()}
    catalogue_before = (root / "game" / "catalogue.py").read_text(encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONDONTWRITEBYTECODE": "1"}

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, *command], cwd=root, env=env, capture_output=True, text=True,
                              timeout=1800, check=False)

    for game_id, title in (("template_globe", "Template Globe"), ("plain_frost", "Plain Frost")):
        made = run("-m", "tools.new_game", game_id, title)
        assert made.returncode == 0, made.stderr
    plain = NewGame("plain_frost", "Plain Frost")
    hand_work = {"game.py": "engine", "data.json": "engine", "events.json": "engine", "EVENTS.md": "engine",
                 "help.py": "client"}  # its rules, data, events and help page
    for name, side in hand_work.items():
        text = (PLAIN / name).read_text(encoding="utf-8")
        (root / "game" / side / "games" / plain.id / name).write_text(plain.fill(text), encoding="utf-8")
    assert run("-m", "game.engine.par", plain.id, "--write").returncode == 0

    after = {path.relative_to(root) for path in root.rglob("*") if path.is_file() and "__pycache__" not in path.parts}
    touched = sorted(str(path) for path in after - before)
    assert all(plain.id in name or "template_globe" in name for name in touched), touched
    assert (root / "game" / "catalogue.py").read_text(encoding="utf-8") != catalogue_before

    tests = run("-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", *CATALOGUE_WIDE)
    assert tests.returncode == 0, tests.stdout[-6000:]
