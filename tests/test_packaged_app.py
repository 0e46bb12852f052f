"""The desktop app built from build.spec starts headless and plays like ``python main.py``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow  # builds the bundle with PyInstaller, then launches it


def _pyinstaller_command() -> str:
    """The plain ``pyinstaller`` script (next to this interpreter, else on PATH)."""
    name = "pyinstaller.exe" if os.name == "nt" else "pyinstaller"
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.is_file() else shutil.which("pyinstaller")
    if found is None:
        pytest.fail("PyInstaller is not installed: pip install -r requirements-dev.txt")
    return found


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built as a person would: the plain ``pyinstaller`` command, from a folder that is not the
    project's (so the project is not on sys.path unless the spec itself copes)."""
    work = tmp_path_factory.mktemp("pyinstaller")
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    subprocess.run(
        [_pyinstaller_command(), "--noconfirm", "--log-level", "WARN",
         "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(ROOT / "build.spec")],
        cwd=work, env=env, check=True, timeout=600,
    )
    exe = work / "dist" / "FestiveSlots" / ("FestiveSlots.exe" if os.name == "nt" else "FestiveSlots")
    assert exe.is_file()
    return exe


def _env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONPATH", None)
    return env


def test_bundle_runs_the_lobby_headless(bundle: Path, tmp_path: Path) -> None:
    shot = tmp_path / "lobby.png"
    run = subprocess.run(
        [str(bundle), "--data-dir", str(tmp_path / "data"), "--frames", "300", "--screenshot", str(shot), "--bench"],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert shot.is_file() and shot.stat().st_size > 10_000
    assert "bench:" in run.stdout


@pytest.mark.parametrize("game_id", [item.id for item in CATALOGUE if item.available])
def test_bundle_opens_every_game(bundle: Path, tmp_path: Path, game_id: str) -> None:
    """Each game's engine and screen are imported lazily from catalogue strings: all must be in."""
    run = subprocess.run(
        [str(bundle), "--data-dir", str(tmp_path / "data"), "--game", game_id, "--frames", "30"],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]


def test_bundle_leaves_the_template_and_tools_out(bundle: Path) -> None:
    internal = bundle.parent / "_internal"
    assert (internal / "game" / "engine" / "games" / "halloween_vacation" / "data.json").is_file()
    assert not (internal / "templates").exists()
    assert not list(internal.rglob("level.tmx"))  # the template's map
    assert not (internal / "tools").exists()


def test_bundle_plays_halloween_like_the_source(bundle: Path, tmp_path: Path) -> None:
    """Same seed, same rounds: the wallet after autoplay matches a run from source."""
    args = ["--game", "halloween_vacation", "--autoplay", "5", "--frames", "1500", "--practice", "--seed", "7"]
    packaged = subprocess.run(
        [str(bundle), "--data-dir", str(tmp_path / "packaged"), *args],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=180,
    )
    assert packaged.returncode == 0, packaged.stderr[-2000:]
    source = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path / "source"), *args],
        cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=180,
    )
    assert source.returncode == 0, source.stderr[-2000:]
    from game.store import PRACTICE_FOLDER, Wallet

    balances = []
    for name in ("packaged", "source"):
        wallet = Wallet.open(tmp_path / name / PRACTICE_FOLDER).wallet
        balances.append((wallet.balance, [(r.seed, r.win) for r in wallet.history("halloween_vacation")]))
        wallet.close()
    assert balances[0] == balances[1]
    assert len(balances[0][1]) >= 1


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("strip") is None
                    or shutil.which("readelf") is None, reason="the spec strips on Linux, with binutils")
def test_bundle_libraries_carry_no_debug_information(bundle: Path) -> None:
    """build.spec strips the bundle on Linux: no shared library in it keeps a ``.debug_info``."""
    internal = bundle.parent / "_internal"
    libraries = [path for path in internal.rglob("*.so*") if path.is_file() and not path.is_symlink()]
    assert any(path.name.startswith("libpython") for path in libraries)
    with_debug = [
        path.name for path in libraries
        if ".debug_info" in subprocess.run(["readelf", "-S", "-W", str(path)], capture_output=True,
                                           text=True, check=True).stdout
    ]
    assert with_debug == []
