"""A full disk is a defined state (issue 40, item 4): one line, exit status 3, nothing lost, no empty wallet left.

The disk is filled without root tricks: inside the store, SQLite's own "database or disk is full"
(``PRAGMA max_page_count``, or the error raised at a chosen write) and the system's ENOSPC from the
journal's write; through the app, a bootstrap that caps the wallet's size before ``main`` runs.
"""

from __future__ import annotations

import errno
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

import game.store.journal as journal
import game.store.opening as opening
from game.engine import get_game
from game.session import PlaySession
from game.store import DISK_FULL_MESSAGE, DiskFull, Wallet
from tests.test_recovery import free_game_seed
from tests.test_startup_inputs import ENV, ROOT, one_line

# Runs main() with the wallet allowed to grow by HEADROOM pages (-1: not even created).
CAPPED_MAIN = textwrap.dedent(
    """
    import sys
    import game.store.opening as opening
    headroom = int(sys.argv.pop(1))
    original = opening._apply_pragmas
    def capped(conn, path):
        original(conn, path)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count={max(1, pages + headroom)}")
    opening._apply_pragmas = capped
    from game.__main__ import main
    sys.exit(main(sys.argv[1:]))
    """
)
DISK_FULL_LINE = f"festive-slots: error: {DISK_FULL_MESSAGE}"


def run_capped(headroom: int, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CAPPED_MAIN, str(headroom), *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=120)


def full_at_call(number: int, error: Callable[[], BaseException]) -> Callable[..., object]:
    """A stand-in that raises ``error()`` from its ``number``-th call on (the disk stays full)."""
    calls = 0

    def refuse(original: Callable[..., object]) -> Callable[..., object]:
        def wrapped(*args: object, **kwargs: object) -> object:
            nonlocal calls
            calls += 1
            if calls >= number:
                raise error()
            return original(*args, **kwargs)
        return wrapped
    return refuse


def sqlite_full() -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError("database or disk is full")
    exc.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]  # as SQLite sets it
    return exc


def no_space() -> OSError:
    return OSError(errno.ENOSPC, "No space left on device")


def play_into_free_games(data: Path, steps: int) -> tuple[PlaySession, object]:
    session = PlaySession(Wallet.open(data).wallet, get_game("halloween_vacation"))
    active = session.spin(seed=free_game_seed())
    for step in range(1, steps + 1):
        session.mark_progress(active, step)
    return session, active


def test_a_disk_full_mid_round_stops_at_its_step_and_the_next_launch_resumes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session, active = play_into_free_games(tmp_path, 3)
    monkeypatch.setattr(Wallet, "_open_round_in", full_at_call(1, sqlite_full)(Wallet._open_round_in))
    with pytest.raises(DiskFull, match="the disk is full: the round is kept at its step"):
        session.mark_progress(active, 4)  # type: ignore[arg-type]
    session.wallet.close()
    monkeypatch.undo()  # the disk is freed

    wallet = Wallet.open(tmp_path).wallet
    resumed = PlaySession(wallet, get_game("halloween_vacation")).resume_open_round()
    assert resumed is not None and resumed.step == 3  # rolled back: the step before the refused write
    assert wallet.balance == 100_000 - 100
    assert wallet.audit() == [] and wallet.journal_problems() == []
    wallet.close()


def test_a_disk_full_at_the_journal_line_keeps_the_settlement_and_rebuilds_the_journal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session, active = play_into_free_games(tmp_path, 3)
    win = active.result.win  # type: ignore[attr-defined]
    monkeypatch.setattr(journal.JournalWriter, "append", full_at_call(1, no_space)(journal.JournalWriter.append))
    with pytest.raises(DiskFull):
        session.settle(active)  # type: ignore[arg-type]
    session.wallet.close()
    monkeypatch.undo()

    wallet = Wallet.open(tmp_path).wallet
    assert wallet.open_rounds() == []  # committed before the journal's line: settled once
    assert wallet.balance == 100_000 - 100 + win
    assert wallet.audit() == [] and wallet.journal_problems() == []
    wallet.close()


def test_a_full_disk_at_the_write_probe_is_disk_full_not_a_read_only_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening.tempfile, "mkstemp", full_at_call(1, no_space)(opening.tempfile.mkstemp))
    with pytest.raises(DiskFull):
        Wallet.open(tmp_path / "data")


def test_a_full_disk_at_start_up_is_one_line_exit_3_and_leaves_no_empty_wallet(tmp_path: Path) -> None:
    proc = run_capped(-1, "--frames", "30", "--data-dir", str(tmp_path))
    assert proc.returncode == 3, proc.stderr
    assert one_line(proc) == DISK_FULL_LINE
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("wallet")]
    assert run_capped(10_000, "--frames", "3", "--data-dir", str(tmp_path)).returncode == 0  # space freed


@pytest.mark.slow
def test_a_disk_that_fills_in_play_is_one_line_exit_3_and_the_wallet_plays_on_after(tmp_path: Path) -> None:
    assert run_capped(10_000, "--frames", "3", "--data-dir", str(tmp_path)).returncode == 0
    proc = run_capped(0, "--game", "naughty_or_nice", "--autoplay", "40", "--frames", "4000",
                      "--data-dir", str(tmp_path))
    assert proc.returncode == 3, proc.stderr
    assert one_line(proc) == DISK_FULL_LINE
    assert "the disk is full" in (tmp_path / "logs" / "client.log").read_text(encoding="utf-8")
    again = run_capped(10_000, "--game", "naughty_or_nice", "--autoplay", "2", "--frames", "600",
                       "--data-dir", str(tmp_path))
    assert again.returncode == 0, again.stderr
    wallet = Wallet.open(tmp_path).wallet
    assert wallet.audit() == [] and wallet.journal_problems() == []
    wallet.close()
