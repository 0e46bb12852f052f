"""packaging/install-linux.sh puts a desktop entry and the icon in the user's data folder."""

from __future__ import annotations

import configparser
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "packaging" / "install-linux.sh"

pytestmark = pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None, reason="a POSIX shell script")


def _install(tmp_path: Path, *args: str, path: str = "/usr/bin:/bin") -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "share"), "PATH": path}
    return subprocess.run(["sh", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60)


def _program(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "festive-slots"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def _entry(tmp_path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(tmp_path / "share" / "applications" / "festive-slots.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_installs_entry_and_icons_then_uninstalls(tmp_path: Path) -> None:
    program = _program(tmp_path / "my apps")  # a space in the path
    run = _install(tmp_path, "--exec", str(program))
    assert run.returncode == 0, run.stderr
    entry = _entry(tmp_path)
    assert entry["Name"] == "Festive Slots" and entry["Icon"] == "festive-slots" and entry["Type"] == "Application"
    assert entry["Exec"] == f'"{program}"'
    icons = tmp_path / "share" / "icons" / "hicolor"
    for size in (256, 512):
        installed = icons / f"{size}x{size}" / "apps" / "festive-slots.png"
        assert installed.read_bytes() == (ROOT / "assets" / "icons" / f"festive-slots-{size}.png").read_bytes()
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(tmp_path / "share" / "applications" /
                                                              "festive-slots.desktop")], capture_output=True, text=True)
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout
    run = _install(tmp_path, "--uninstall")
    assert run.returncode == 0, run.stderr
    assert not (tmp_path / "share" / "applications" / "festive-slots.desktop").exists()
    assert not list(icons.rglob("festive-slots.png"))


def test_finds_festive_slots_on_path(tmp_path: Path) -> None:
    if (ROOT / "dist" / "FestiveSlots" / "FestiveSlots").exists():
        pytest.skip("a built bundle in dist/ is found first")
    program = _program(tmp_path / "venv" / "bin")
    run = _install(tmp_path, path=f"{program.parent}{os.pathsep}/usr/bin:/bin")
    assert run.returncode == 0, run.stderr
    assert _entry(tmp_path)["Exec"] == f'"{program}"'


def test_refuses_without_a_program(tmp_path: Path) -> None:
    if (ROOT / "dist" / "FestiveSlots" / "FestiveSlots").exists():
        pytest.skip("a built bundle in dist/ is found first")
    run = _install(tmp_path)
    assert run.returncode == 1 and "pip install ." in run.stderr
    assert not (tmp_path / "share" / "applications").exists()
    run = _install(tmp_path, "--exec", str(tmp_path / "missing"))
    assert run.returncode == 1 and "not an executable" in run.stderr


def test_desktop_template_names_the_command() -> None:
    text = (ROOT / "packaging" / "festive-slots.desktop").read_text(encoding="utf-8")
    assert "Exec=festive-slots\n" in text and "Icon=festive-slots\n" in text
