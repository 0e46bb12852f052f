"""Faults named by their real cause (issue 40, item 4): a folder where the wallet should be, a readable file
that is not a wallet, one damaged journal line."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from game.engine import get_game
from game.session import PlaySession
from game.store import StoreError, Wallet
from game.store.journal import journal_path, read


def test_a_folder_where_the_wallet_should_be_is_named_a_folder_not_read_only(tmp_path: Path) -> None:
    (tmp_path / "wallet.db").mkdir()
    with pytest.raises(StoreError) as caught:
        Wallet.open(tmp_path)
    assert "is a folder where the wallet's file should be" in str(caught.value)
    assert "read-only" not in str(caught.value)


def test_a_readable_file_that_is_not_a_wallet_is_named_so(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "wallet.db").write_text("my shopping list\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        opened = Wallet.open(tmp_path)
    opened.wallet.close()
    assert opened.notice is not None and "is not a Festive Slots wallet" in opened.notice
    assert "unreadable" not in caplog.text and "(not a Festive Slots wallet)" in caplog.text


def test_one_damaged_journal_line_is_one_damaged_line(tmp_path: Path) -> None:
    session = PlaySession(Wallet.open(tmp_path).wallet, get_game("halloween_vacation"))
    for seed in range(1, 16):  # a wager and a settlement each: 31 lines
        session.settle(session.spin(seed=seed))
    session.wallet.close()
    path = journal_path(tmp_path / "wallet.db")
    lines = path.read_bytes().split(b"\n")
    assert len(lines) > 3
    lines[0] = lines[0][:20] + (b"X" if lines[0][20:21] != b"X" else b"Y") + lines[0][21:]
    path.write_bytes(b"\n".join(lines))
    file = read(path)
    assert file is not None and file.problem() == "line 1 damaged"
    opened = Wallet.open(tmp_path)
    opened.wallet.close()
    assert opened.notice is not None and "line 1 damaged" in opened.notice and "unreadable" not in opened.notice
