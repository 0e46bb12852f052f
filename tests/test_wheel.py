"""``pip install .``: the wheel carries the game package with its data, assets and maps (not the
template, tools or tests), a festive-slots command, and the pins of requirements*.txt."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import game

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _pins(name: str) -> list[str]:
    """The requirement lines of requirements file ``name``, without its ``-r`` includes."""
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    return sorted(line.strip() for line in lines if line.strip() and not line.startswith(("#", "-r")))


def test_pyproject_pins_match_the_requirements_files() -> None:
    project = PYPROJECT["project"]
    assert sorted(project["dependencies"]) == _pins("requirements.txt")
    groups = project["optional-dependencies"]
    assert sorted(groups["dev"]) == _pins("requirements-dev.txt")
    assert sorted(groups["tools"]) == _pins("requirements-tools.txt")
    assert sorted(groups["art"]) == _pins("requirements-art.txt")
    assert sorted(groups["cluster"]) == _pins("requirements-cluster.txt")
    assert sorted(groups["plot"]) == _pins("requirements-plot.txt")
    assert set(groups["plot"]) <= set(groups["dev"]) & set(groups["tools"])  # CI draws the plots
    assert not any(pin.startswith(("matplotlib", "dask", "distributed")) for pin in project["dependencies"])
    assert set(groups["cluster"]) <= set(groups["dev"])  # CI runs the cluster tests
    every = project["dependencies"] + [pin for group in groups.values() for pin in group]
    assert all(re.fullmatch(r"[A-Za-z0-9_.\-\[\]]+==[0-9][0-9A-Za-z.]*", pin) for pin in every), every
    assert "tqdm==4.70.1" not in _pins("requirements.txt")  # only the tools need it
    assert project["scripts"] == {"festive-slots": "game.__main__:main"}
    assert project["requires-python"] == ">=3.11"
    assert project["license"] == "MIT AND CC-BY-SA-4.0 AND OFL-1.1"  # the code, the art and sounds, the fonts


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
                   cwd=out, check=True, timeout=300)
    (found,) = out.glob("festive_slots-*.whl")
    return found


@pytest.mark.slow
def test_wheel_contents(wheel: Path) -> None:
    assert wheel.name == f"festive_slots-{game.__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    for game_id in ("halloween_vacation", "santas_wonderland", "fat_santa"):
        assert f"game/engine/games/{game_id}/data.json" in names
        assert f"game/levels/{game_id}.tmx" in names
    assert {"game/__main__.py", "game/levels/lobby.tmx", "game/assets/icons/festive-slots-256.png",
            "game/assets/fonts/Lobster-Regular.otf"} <= names
    assert not [n for n in names if n.startswith(("templates/", "tools/", "tests/", "benchmarks/", "main.py"))]
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or n.endswith("level.tmx")]
    info = f"festive_slots-{game.__version__}.dist-info"
    entry_points = zipfile.ZipFile(wheel).read(f"{info}/entry_points.txt").decode()
    assert "festive-slots = game.__main__:main" in entry_points
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert "Requires-Dist: pygame-ce==2.5.8" in metadata
    assert "License-Expression: MIT AND CC-BY-SA-4.0 AND OFL-1.1\n" in metadata
    # Each License-File is in the wheel, and every licence of the expression has its text among them.
    license_files = re.findall(r"^License-File: (.+)$", metadata, flags=re.MULTILINE)
    shipped_texts = {f"assets/licenses/{path.name}" for path in (ROOT / "assets" / "licenses").iterdir()}
    assert {"assets/licenses/CC-BY-SA-4.0.txt", "assets/licenses/OFL-1.1-Lobster.txt"} <= shipped_texts
    assert {"LICENSE", "THIRD_PARTY_NOTICES.md", "assets/CREDITS.md", *shipped_texts} == set(license_files)
    assert all(f"{info}/licenses/{name}" in names for name in license_files)
    notices = zipfile.ZipFile(wheel).read(f"{info}/licenses/THIRD_PARTY_NOTICES.md").decode()
    assert notices == (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_installed_wheel_plays_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    """Installed on its own (the dependencies come from this environment), away from the
    checkout: the assets and maps are found inside the package."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)], check=True, timeout=300)
    env = dict(os.environ, PYTHONPATH=str(target), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    where = subprocess.run([sys.executable, "-c", "import game, game.paths; print(game.__file__); "
                            "print(game.paths.resource_root())"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True, timeout=60)
    assert where.stdout.splitlines() == [str(target / "game" / "__init__.py"), str(target / "game")]
    run = subprocess.run([sys.executable, "-m", "game", "--game", "fat_santa", "--frames", "30", "--data-dir",
                          str(tmp_path / "data")], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
