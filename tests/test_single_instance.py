"""One program per data folder: a second launch is refused in one line; a killed one never blocks.

Finding 1 of issue 10: two copies on one wallet took over each other's live rounds. Reproduce:
``D=$(mktemp -d); python main.py --game halloween_vacation --autoplay 100 --frames 1200 --mute
--data-dir $D & sleep 0.3; python main.py ... --data-dir $D`` (the second now exits 2).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.store import FolderInUse, Wallet, lock
from game.store.lock import LOCK_NAME

fcntl = pytest.importorskip("fcntl")  # the test's own look at the lock is POSIX

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
GAME_ARGS = ["--game", "halloween_vacation", "--autoplay", "100", "--mute"]


def main_py(data: Path, *args: str) -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), *args]


def lock_is_held(data: Path) -> bool:
    """Whether some process holds the folder's lock (tried from this process, then let go)."""
    path = data / LOCK_NAME
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops a lock taken here
    return False


def wait_for(condition, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_second_launch_on_the_same_folder_exits_2_and_a_killed_one_never_blocks(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = subprocess.Popen(main_py(data, *GAME_ARGS, "--frames", "100000"), cwd=ROOT, env=ENV,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: lock_is_held(data), "the first app to hold the folder")
        wait_for(lambda: _rounds(data) > 0, "the first app to begin a round")
        second = subprocess.run(main_py(data, *GAME_ARGS, "--frames", "600"), cwd=ROOT, env=ENV,
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        lines = [line for line in second.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and "already open on the data folder" in lines[0], second.stderr
        assert str(first.pid) in lines[0]
        assert first.poll() is None  # the first app plays on, its round untouched
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    assert (data / LOCK_NAME).exists()  # a stale lock file is left behind ...
    again = subprocess.run(main_py(data, "--frames", "30", "--mute"), cwd=ROOT, env=ENV, capture_output=True,
                           text=True, timeout=60)
    assert again.returncode == 0, again.stderr  # ... and does not block the relaunch
    wallet = Wallet.open(data).wallet
    try:
        assert wallet.audit() == []
    finally:
        wallet.close()


def _rounds(data: Path) -> int:
    import sqlite3

    if not (data / "wallet.db").exists():
        return 0
    raw = sqlite3.connect(f"{(data / 'wallet.db').as_uri()}?mode=ro", uri=True)
    try:
        return raw.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
    except sqlite3.Error:
        return 0
    finally:
        raw.close()


HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from game.store import lock
    lock.acquire(Path(sys.argv[1]))
    print("held", flush=True)
    time.sleep(60)
    """
)


def test_a_wallet_cannot_be_opened_while_another_process_holds_the_folder(tmp_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(FolderInUse, match="already open"):
            Wallet.open(tmp_path)
        assert not lock.held_here(tmp_path)  # the failed open left nothing held
    finally:
        holder.kill()
        holder.wait(timeout=10)
    Wallet.open(tmp_path).wallet.close()  # the holder died: the folder is free


def test_wallets_of_one_process_share_the_lock_until_the_last_closes(tmp_path: Path) -> None:
    first = Wallet.open(tmp_path).wallet
    second = Wallet.open(tmp_path).wallet
    assert lock.held_here(tmp_path)
    first.close()
    assert lock.held_here(tmp_path)
    first.close()  # closing twice drops no second reference
    assert lock.held_here(tmp_path)
    second.close()
    assert not lock.held_here(tmp_path) and not lock_is_held(tmp_path)


def test_the_lock_is_released_from_any_thread_and_its_file_stays(tmp_path: Path) -> None:
    """The wallet may close on another thread than the one that opened it (the screens' builds)."""
    import threading

    lock.acquire(tmp_path)
    assert lock_is_held(tmp_path)
    assert (tmp_path / LOCK_NAME).read_bytes()[1:].split()[0] == str(os.getpid()).encode()
    closer = threading.Thread(target=lock.release, args=(tmp_path,))
    closer.start()
    closer.join(timeout=10)
    assert not lock.held_here(tmp_path) and not lock_is_held(tmp_path)
    assert (tmp_path / LOCK_NAME).exists()  # never deleted: a waiting process keeps the same file
