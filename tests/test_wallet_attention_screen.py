"""The attention screen (game.client.attention): a wallet that does not verify stops play on a clear screen
with what differs, where the files are, and two choices; unattended runs exit 4 with one line."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame

from game.client.attention import PANEL, SHOWN_FINDINGS, SIZE, AttentionScreen
from game.client.resources import Resources
from game.engine.money import format_cents
from game.store import ATTENTION_STATUS, Wallet, WalletAttention
from tests import harness

ROOT = Path(__file__).resolve().parent.parent
FORGED = 1_000_000
MARK = (255, 0, 255)  # a colour the screen never draws: any left shows a hole


def forged(data: Path) -> int:
    """A wallet verified at its balance, then its balance edited in wallet.db; returns the verified balance."""
    w = Wallet.open(data).wallet
    w.top_up(1_000)
    w.mark_verified()
    balance = w.balance
    w.close()
    raw = sqlite3.connect(data / "wallet.db")
    raw.execute("UPDATE wallet SET balance = balance + ?", (FORGED,))
    raw.commit()
    raw.close()
    return balance


def click(screen: object, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle_event(pygame.event.Event(kind, button=1, pos=rect.center))  # type: ignore[attr-defined]


def test_the_screen_says_what_differs_and_its_restore_button_restores(tmp_path: Path) -> None:
    balance = forged(tmp_path)
    screen = harness.attention(tmp_path)
    text = "\n".join(screen.lines())
    assert f"the balances in wallet.db ({format_cents(balance + FORGED)} cash" in text
    assert f"kept as they were (wallet.db, wallet.journal in {tmp_path})" in text
    surface = pygame.Surface(SIZE)
    surface.fill(MARK)
    screen.draw(surface)
    assert all(surface.get_at((x, y))[:3] != MARK for x in range(0, SIZE[0], 16) for y in range(0, SIZE[1], 16))
    assert PANEL.contains(screen.restore_button.rect) and PANEL.contains(screen.quit_button.rect)
    click(screen, screen.restore_button.rect)
    assert screen.choice == "restored" and screen.error is None
    assert {p.name.split(".attention-")[0] for p in screen.kept} >= {"wallet.db", "wallet.journal"}
    assert all(p.exists() for p in screen.kept)
    app = harness.launch(tmp_path, "--mute")  # the next start plays on the restored wallet
    try:
        assert app.context.wallet.balance == balance
    finally:
        app.shutdown()


def test_many_findings_are_counted_and_every_line_stays_inside_the_panel(tmp_path: Path) -> None:
    pygame.init()
    pygame.display.set_mode(SIZE)
    findings = [f"record {n} in wallet.journal does not carry its seal (it was changed, or put there)"
                for n in range(1, 41)]
    screen = AttentionScreen(Resources(), WalletAttention(findings, [tmp_path / "wallet.db"]), tmp_path)
    shown = screen.findings()
    assert len(shown) == SHOWN_FINDINGS and shown[-1].startswith(f"and {40 - SHOWN_FINDINGS + 1} more")
    screen.draw(pygame.display.get_surface())
    assert 0 < screen.text_bottom <= screen.restore_button.rect.top - 12  # the text ends above the buttons


def test_quit_leaves_the_files_as_they_are(tmp_path: Path) -> None:
    forged(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    screen = harness.attention(tmp_path)
    screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert screen.choice == "quit" and sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_restore_that_cannot_be_made_is_said_on_the_screen(tmp_path: Path) -> None:
    forged(tmp_path)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute("DELETE FROM meta WHERE key = 'verified_mark'")
    raw.commit()
    raw.close()
    screen = harness.attention(tmp_path)
    click(screen, screen.restore_button.rect)
    assert screen.choice is None and screen.error is not None and "no verified mark" in screen.error
    assert "Not restored:" in "\n".join(screen.lines())
    screen.draw(pygame.Surface(SIZE))


def test_unattended_runs_exit_4_with_one_line_and_restore_verified_restores(tmp_path: Path) -> None:
    balance = forged(tmp_path)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    def run(*flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(ROOT / "main.py"), *flags], capture_output=True, text=True,
                              env=env, cwd=ROOT, timeout=120)

    for flags in (["--data-dir", str(tmp_path), "--frames", "3"], ["free-games", "--data-dir", str(tmp_path)]):
        done = run(*flags)
        assert done.returncode == ATTENTION_STATUS == 4, done.stderr
        (line,) = done.stderr.splitlines()
        assert "needs attention" in line and "the balances in wallet.db" in line
    restored = run("--data-dir", str(tmp_path), "--restore-verified")
    assert restored.returncode == 0, restored.stderr
    assert "restored to its last verified state" in restored.stdout
    w = Wallet.open(tmp_path).wallet
    assert w.balance == balance
    w.close()
