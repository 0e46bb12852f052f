"""The entry point under its product name: --version, --help, ``python -m game``, and the error
path of a windowed Windows build (no stderr: the log file and a message box, never a crash)."""

from __future__ import annotations

import ctypes
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import game
from game import __main__ as entry

ROOT = Path(__file__).resolve().parent.parent


def _env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


@pytest.mark.parametrize("command", [["main.py"], ["-m", "game"]], ids=["main.py", "python -m game"])
def test_version_and_program_name(command: list[str]) -> None:
    run = subprocess.run([sys.executable, *command, "--version"], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout == f"festive-slots {game.__version__}\n"
    run = subprocess.run([sys.executable, *command, "--help"], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("usage: festive-slots ")
    assert "main.py" not in run.stdout


def test_python_m_game_plays(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "game", "--frames", "20", "--data-dir", str(tmp_path)], cwd=ROOT,
                         env=_env(), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]


class _Boxes:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[tuple[str, str]] = []
        self.monkeypatch = monkeypatch

    def streams_off(self) -> None:
        """No stdout or stderr (set inside the test: pytest puts its capture back after set-up)."""
        self.monkeypatch.setattr(sys, "stderr", None)
        self.monkeypatch.setattr(sys, "stdout", None)

    def MessageBoxW(self, owner: object, text: str, title: str, flags: int) -> int:
        self.shown.append((text, title))
        return 1


@pytest.fixture
def windowed(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Boxes]:
    """What a PyInstaller console=False build on Windows looks like: win32, no stdout or stderr,
    and MessageBoxW recorded instead of shown."""
    boxes = _Boxes(monkeypatch)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", type("windll", (), {"user32": boxes})(), raising=False)
    root = logging.getLogger()
    handlers = list(root.handlers)
    yield boxes
    for handler in root.handlers[len(handlers):]:
        root.removeHandler(handler)
        handler.close()


def test_windowed_unexpected_error_goes_to_the_log_and_a_box(windowed: _Boxes, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from game.client import app as app_module

    def boom(options: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(app_module, "run_app", boom)
    windowed.streams_off()
    assert entry.main(["--data-dir", str(tmp_path), "--frames", "1"]) == 1
    assert windowed.shown == [("festive-slots: error: unexpected ZeroDivisionError: a bug", "Festive Slots")]
    log_text = (tmp_path / "logs" / "client.log").read_text()
    assert "Traceback" in log_text and "festive-slots: error: unexpected ZeroDivisionError: a bug" in log_text


def test_windowed_start_up_error_goes_to_the_log_and_a_box(windowed: _Boxes, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from game.client import app as app_module

    def refuse(options: object) -> int:
        raise app_module.StartupError("the wallet is locked")

    monkeypatch.setattr(app_module, "run_app", refuse)
    windowed.streams_off()
    assert entry.main(["--data-dir", str(tmp_path), "--frames", "1"]) == 1
    assert windowed.shown == [("festive-slots: error: the wallet is locked", "Festive Slots")]
    assert "the wallet is locked" in (tmp_path / "logs" / "client.log").read_text()


def test_windowed_wrong_flag_shows_argparse_line(windowed: _Boxes) -> None:
    windowed.streams_off()
    with pytest.raises(SystemExit) as stop:
        entry.main(["--no-such-flag"])
    assert stop.value.code == 2
    assert windowed.shown == [("festive-slots: error: unrecognized arguments: --no-such-flag", "Festive Slots")]
    assert sys.stderr is None and sys.stdout is None  # put back as they were


def test_windowed_version_shows_in_a_box(windowed: _Boxes) -> None:
    windowed.streams_off()
    with pytest.raises(SystemExit) as stop:
        entry.main(["--version"])
    assert stop.value.code == 0
    assert windowed.shown == [(f"festive-slots {game.__version__}", "Festive Slots")]


def test_no_stderr_off_windows_still_logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          windowed: _Boxes) -> None:
    from game.client import app as app_module

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(app_module, "run_app", lambda options: 1 / 0)
    windowed.streams_off()
    assert entry.main(["--data-dir", str(tmp_path), "--frames", "1"]) == 1
    assert windowed.shown == []
    assert "ZeroDivisionError" in (tmp_path / "logs" / "client.log").read_text()


def test_help_lists_the_commands() -> None:
    run = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, env=_env(), capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0
    commands = run.stdout.split("commands:\n", 1)[1]
    assert commands.lstrip().startswith("free-games ")


@pytest.mark.parametrize("words", [["--bogus"], ["stray"], ["free-games", "--bogus"], ["free-games", "stray"]],
                         ids=["app flag", "app word", "free-games flag", "free-games word"])
def test_unknown_arguments_exit_2(words: list[str], tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "main.py", *words, "--data-dir", str(tmp_path)], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "unrecognized arguments" in run.stderr
    assert not (tmp_path / "wallet.db").exists()  # nothing was opened


# argparse's own texts (--help, --version): newer Pythons' argparse ignores a failed write and exits
# 0, older ones (Debian 12's 3.11.2) raise it, and the app then ends with the closed pipe's status.
ARGPARSE_TEXT = {0, entry.CLOSED_PIPE_STATUS}


@pytest.mark.parametrize(("words", "statuses"), [
    (["--help"], ARGPARSE_TEXT), (["--version"], ARGPARSE_TEXT), (["free-games", "--help"], ARGPARSE_TEXT),
    (["free-games"], {entry.CLOSED_PIPE_STATUS}),
])
def test_a_closed_pipe_ends_quietly(words: list[str], statuses: set[int], tmp_path: Path) -> None:
    """The reader is gone before the app writes (as ``| head`` is once it has its lines)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        run = subprocess.run([sys.executable, "main.py", *words, "--data-dir", str(tmp_path)], cwd=ROOT, env=_env(),
                             stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert run.stderr == ""  # no traceback, no "Exception ignored" line
    assert run.returncode in statuses
