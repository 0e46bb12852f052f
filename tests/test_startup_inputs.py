"""Bad inputs at start-up: one line naming what is wrong, exit status 2, before any window, nothing lost.

Findings 3, 4, 6 and 7 of issue 10 (5, a broken game's data, is in test_broken_game_data.py).
Each test says the command that reproduced the finding.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.store import Wallet

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def run_main(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None,
             prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, sys.executable, str(ROOT / "main.py"), *args], cwd=cwd, env=env or ENV,
                          capture_output=True, text=True, timeout=60)


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    return lines[0]


def wallet_view(data: Path) -> tuple:
    wallet = Wallet.open(data).wallet
    try:
        return wallet.balance, [(e.id, e.kind, e.amount) for e in wallet.ledger()], wallet.history(None, 100)
    finally:
        wallet.close()


def _without_file_permission_override() -> tuple[str, ...]:
    """A command prefix under which file permissions bind (root normally writes a 444 file anyway)."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a read-only file cannot be made to bind")
    return ("setpriv", "--bounding-set=-dac_override,-dac_read_search")


def test_read_only_wallet_stops_at_start_up_with_one_line(tmp_path: Path) -> None:
    """Finding 3: chmod 444 wallet.db; main.py --game halloween_vacation --autoplay 1 (was: crash at the spin)."""
    data = tmp_path / "data"
    wallet = Wallet.open(data).wallet
    wallet.top_up(1234)
    wallet.close()
    before = wallet_view(data)
    (data / "wallet.db").chmod(0o444)
    try:
        proc = run_main("--data-dir", str(data), "--game", "halloween_vacation", "--autoplay", "1",
                        "--frames", "300", "--mute", prefix=_without_file_permission_override())
        assert proc.returncode == 2
        line = one_line(proc)
        assert "wallet.db is read-only" in line and "make it writable" in line
    finally:
        (data / "wallet.db").chmod(0o644)
    assert wallet_view(data) == before


def test_a_data_folder_that_cannot_be_created_is_refused_even_for_root(tmp_path: Path) -> None:
    """Finding 4: python main.py --data-dir /proc/x (as root it passed the permission check)."""
    proc = run_main("--data-dir", "/proc/x", "--frames", "5")
    assert proc.returncode == 2
    line = one_line(proc)
    assert line.startswith("festive-slots: error: --data-dir: /proc/x cannot be created")


def test_an_empty_data_dir_is_a_wrong_flag_not_the_current_folder(tmp_path: Path) -> None:
    """Finding 6: python main.py --data-dir '' (wrote the wallet and logs into the current folder)."""
    proc = run_main("--data-dir", "", "--frames", "5", cwd=tmp_path)
    assert proc.returncode == 2
    assert "--data-dir: the folder name is empty" in one_line(proc)
    assert list(tmp_path.iterdir()) == []


def test_autoplay_without_a_game_exits_2(tmp_path: Path) -> None:
    """Finding 7: python main.py --autoplay 5 (exited 1)."""
    proc = run_main("--data-dir", str(tmp_path), "--autoplay", "5", "--frames", "5")
    assert proc.returncode == 2
    assert "--autoplay needs a game" in one_line(proc)
    assert list(tmp_path.iterdir()) == []  # refused before the wallet was opened


def test_an_unusable_default_data_folder_exits_2_with_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("x")
    env = dict(ENV, XDG_DATA_HOME=str(blocker), HOME=str(tmp_path))
    proc = run_main("--frames", "5", env=env)
    assert proc.returncode == 2
    line = one_line(proc)
    assert "the data folder" in line and "--data-dir" in line
