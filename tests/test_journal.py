"""Critical data kept twice: the journal file and SQLite, cross-checked and mended at every launch.

Finding 2 of issue 10: a damaged ``wallet.db-wal`` lost committed rounds silently (SQLite drops
WAL frames after a bad checksum, by design) and was then deleted. The exact sequence: a wallet
with 3 settled rounds; 4 more with ``os._exit(0)`` so that they live only in the WAL; the WAL
overwritten with random bytes (or 64 bytes flipped in its middle); launch. Now the 4 rounds are
restored from the journal, the player is told, and the damaged WAL is kept aside.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from game.store import Wallet
from game.store.journal import encode, journal_path
from tests.gift_shop import SCENARIOS

ROOT = Path(__file__).resolve().parent.parent
FIXED = datetime(2026, 12, 2, 9, 30, 0, tzinfo=UTC)
STAMP = "20261202-093000"
ENV = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def clock() -> datetime:
    return FIXED


def view(data: Path) -> dict[str, Any]:
    """The money as the player sees it: balance, every movement, every round, carried states."""
    wallet = Wallet.open(data).wallet
    try:
        return _view(wallet)
    finally:
        wallet.close()


def _view(wallet: Wallet) -> dict[str, Any]:
    rounds = wallet.history(None, 1000) + wallet.open_rounds()
    return {
        "balance": wallet.balance,
        "ledger": [(e.id, e.round_id, e.kind, e.amount, e.balance_after) for e in wallet.ledger()],
        "rounds": sorted((r.id, r.game_id, r.seed, r.cost, r.status, r.win, r.summary == r.summary) for r in rounds),
        "state": wallet.game_state("halloween_vacation"),
    }


PLAY = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from game.engine import get_game
    from game.session import PlaySession
    from game.store import Wallet

    data, first, count, leave = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    wallet = Wallet.open(data).wallet
    session = PlaySession(wallet, get_game("halloween_vacation"))
    for seed in range(first, first + count):
        active = session.spin(seed=seed)
        session.mark_progress(active, len(active.events))
        session.settle(active)
    if leave == "exit":
        os._exit(0)  # no checkpoint: what was committed since the last one lives only in the -wal
    wallet.close()
    """
)


def play(data: Path, first: int, count: int, leave: str) -> None:
    proc = subprocess.run([sys.executable, "-c", PLAY, str(data), str(first), str(count), leave], cwd=ROOT,
                          env=ENV, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def wallet_with_rounds_in_the_wal(data: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """3 settled rounds checkpointed into wallet.db, then 4 more only in its -wal; both views."""
    play(data, 1, 3, "close")
    assert not (data / "wallet.db-wal").exists()
    three = view(data)
    play(data, 4, 4, "exit")
    assert (data / "wallet.db-wal").stat().st_size > 0
    raw = sqlite3.connect(f"{(data / 'wallet.db').as_uri()}?mode=ro", uri=True)
    try:
        assert raw.execute("SELECT COUNT(*) FROM rounds").fetchone()[0] == 7
    finally:
        raw.close()
    seven = _view_read_only(data)
    assert len(seven["rounds"]) == 7 and len(three["rounds"]) == 3
    return three, seven


def _view_read_only(data: Path) -> dict[str, Any]:
    """The view of a wallet whose -wal must not be touched: a copy is opened instead."""
    copy = data.parent / f"{data.name}-copy"
    copy.mkdir()
    for name in ("wallet.db", "wallet.db-wal", "wallet.journal"):
        (copy / name).write_bytes((data / name).read_bytes())
    return view(copy)


def damage_wal(path: Path, how: str) -> bytes:
    data = bytearray(path.read_bytes())
    rng = random.Random(10)
    if how == "random bytes":
        data = bytearray(rng.randbytes(len(data)))
    elif how == "64 bytes flipped in the middle":
        middle = len(data) // 2
        for i in range(middle, middle + 64):
            data[i] ^= 0xFF
    elif how == "truncated":
        data = data[: len(data) // 3]
    path.write_bytes(bytes(data))
    return bytes(data)


@pytest.mark.parametrize("how", ["random bytes", "64 bytes flipped in the middle", "truncated"])
def test_rounds_lost_with_a_damaged_wal_are_restored_from_the_journal(tmp_path: Path, how: str) -> None:
    data = tmp_path / "data"
    three, seven = wallet_with_rounds_in_the_wal(data)
    damaged = damage_wal(data / "wallet.db-wal", how)

    opened = Wallet.open(data, clock=clock)
    wallet = opened.wallet
    try:
        assert _view(wallet) == seven  # nothing lost
        assert wallet.audit() == [] and wallet.journal_problems() == []
        assert opened.notice is not None
        assert "restored from its journal wallet.journal" in opened.notice
        kept = data / f"wallet.db-wal.damaged-{STAMP}"
        assert kept.read_bytes() == damaged  # the damaged log, byte for byte, never deleted
        assert kept.name in opened.notice
        assert not list(data.glob("wallet.journal.*"))  # the journal was sound: nothing to keep aside
        assert not list(data.glob("*launch-copy*"))
    finally:
        wallet.close()
    assert view(data) == seven  # and it stays restored
    assert three != seven


def test_the_app_tells_the_player_and_exits_0(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _, seven = wallet_with_rounds_in_the_wal(data)
    damage_wal(data / "wallet.db-wal", "random bytes")
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--frames", "30",
                           "--mute"], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "restored from its journal" in proc.stderr  # the warning line; the window shows a dialog
    assert "restored from its journal" in (data / "logs" / "client.log").read_text()
    assert view(data) == seven


# --------------------------------------------------------------------------- the journal damaged


def settled_wallet(data: Path, rounds: int = 5) -> dict[str, Any]:
    play(data, 1, rounds, "close")
    wallet = Wallet.open(data).wallet
    wallet.top_up(2_500)
    wallet.close()
    return view(data)


def flip(path: Path, offset: int) -> bytes:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x04
    path.write_bytes(bytes(data))
    return bytes(data)


@pytest.mark.parametrize("damage", ["flipped byte", "cut in a record", "cut at a record", "missing",
                                    "random bytes", "emptied"])
def test_a_damaged_journal_is_kept_aside_and_rebuilt_from_the_wallet(tmp_path: Path, damage: str) -> None:
    data = tmp_path / "data"
    before = settled_wallet(data)
    path = data / "wallet.journal"
    lines = path.read_bytes().splitlines(keepends=True)
    if damage == "flipped byte":
        kept_bytes = flip(path, len(path.read_bytes()) // 2)
    elif damage == "cut in a record":
        kept_bytes = b"".join(lines[:4]) + lines[4][:30]
    elif damage == "cut at a record":
        kept_bytes = b"".join(lines[:4])  # several records short: more than a kill can do
    elif damage == "random bytes":
        kept_bytes = random.Random(3).randbytes(len(path.read_bytes()))
    elif damage == "emptied":
        kept_bytes = b""
    else:
        kept_bytes = None
    if kept_bytes is None:
        path.unlink()
    else:
        path.write_bytes(kept_bytes)

    opened = Wallet.open(data, clock=clock)
    wallet = opened.wallet
    try:
        assert _view(wallet) == before
        assert wallet.journal_problems() == [] and wallet.audit() == []
        assert opened.notice is not None and "journal wallet.journal" in opened.notice
        assert "written again from the wallet" in opened.notice
        if kept_bytes is not None:
            kept = data / f"wallet.journal.damaged-{STAMP}"
            assert kept.read_bytes() == kept_bytes and kept.name in opened.notice
    finally:
        wallet.close()
    again = Wallet.open(data)
    assert again.notice is None  # mended for good
    again.wallet.close()


# --------------------------------------------------------------------------- wallet.db damaged


def _offset_in_rows(db: bytes, text: bytes) -> int:
    """Where ``text`` sits in the rounds table (not inside a journal record, where it is quoted)."""
    start = 0
    while True:
        at = db.index(text, start)
        if db[at - 2 : at] != b':"':
            return at
        start = at + 1


@pytest.mark.parametrize("where", ["a seed", "a summary", "a page in the middle", "a page at a third"])
def test_a_flipped_byte_in_the_wallet_file_is_mended_from_the_journal(tmp_path: Path, where: str) -> None:
    data = tmp_path / "data"
    play(data, 10**18 + 1, 6, "close")
    before = view(data)
    db = data / "wallet.db"
    content = db.read_bytes()
    if where == "a seed":
        offset = _offset_in_rows(content, str(10**18 + 3).encode()) + 5
    elif where == "a summary":
        offset = _offset_in_rows(content, b'{"capped":false') + 3
    else:
        offset = len(content) // (2 if where == "a page in the middle" else 3)
    damaged = flip(db, offset)

    opened = Wallet.open(data, clock=clock)
    wallet = opened.wallet
    try:
        assert _view(wallet) == before
        assert wallet.audit() == [] and wallet.journal_problems() == []
        if where in ("a seed", "a summary"):  # SQLite's own check cannot see these; the journal can
            assert opened.notice is not None and "rebuilt from the journal" in opened.notice
        if opened.notice is not None:  # whatever was found, the damaged file is kept as it was
            assert opened.kept_as is not None and opened.kept_as.read_bytes() == damaged
            assert "journal" in opened.notice
        assert not list(data.glob("wallet.journal.*"))  # the journal was sound: nothing to keep aside
    finally:
        wallet.close()


def test_an_unreadable_wallet_file_is_restored_from_the_journal(tmp_path: Path) -> None:
    data = tmp_path / "data"
    before = settled_wallet(data)
    db = data / "wallet.db"
    db.write_bytes(db.read_bytes()[:5000])  # truncated
    opened = Wallet.open(data, clock=clock)
    wallet = opened.wallet
    try:
        assert _view(wallet) == before
        assert wallet.audit() == [] and wallet.journal_problems() == []
        assert opened.kept_as == data / f"wallet.db.corrupt-{STAMP}"
        assert "is damaged" in opened.notice and "restored from it" in opened.notice
        assert "new play-money wallet" not in opened.notice
        assert not list(data.glob("wallet.journal.*"))
    finally:
        wallet.close()


def test_a_deleted_wallet_file_is_restored_from_the_journal(tmp_path: Path) -> None:
    data = tmp_path / "data"
    before = settled_wallet(data)
    (data / "wallet.db").unlink()
    opened = Wallet.open(data, clock=clock)
    try:
        assert _view(opened.wallet) == before
        assert opened.notice is not None and "restored from it" in opened.notice
    finally:
        opened.wallet.close()


def test_a_journal_of_another_wallet_is_kept_aside_not_trusted(tmp_path: Path) -> None:
    mine, other = tmp_path / "mine", tmp_path / "other"
    before = settled_wallet(mine, rounds=3)
    settled_wallet(other, rounds=4)
    foreign = (other / "wallet.journal").read_bytes()
    (mine / "wallet.journal").write_bytes(foreign)
    opened = Wallet.open(mine, clock=clock)
    try:
        assert _view(opened.wallet) == before
        assert opened.notice is not None and "did not match the wallet" in opened.notice
        assert (mine / f"wallet.journal.damaged-{STAMP}").read_bytes() == foreign
        assert opened.wallet.journal_problems() == []
    finally:
        opened.wallet.close()


# --------------------------------------------------------------------------- kill points


KILLED = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from game.store import journal
    from tests.gift_shop import SCENARIOS

    data_dir, name, point = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    prepare, action = SCENARIOS[name]
    session, active = prepare(data_dir)
    original = journal.JournalWriter.append

    def append(self, text, mac):
        line = journal.encode(text, mac)
        if point == "after the commit":
            os._exit(0)
        if point == "half the line":
            fd = self._open()
            os.write(fd, line[: len(line) // 2])
            os._exit(0)
        original(self, text, mac)
        os._exit(0)  # "after the line"

    journal.JournalWriter.append = append
    action(session, active)
    """
)


@pytest.mark.parametrize("point", ["after the commit", "half the line", "after the line"])
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_killed_around_the_journal_write_the_copies_agree(tmp_path: Path, name: str, point: str) -> None:
    """Killed after the SQLite commit, before / during / after the journal line: never a notice, never a loss."""
    reference = tmp_path / "reference"
    prepare, action = SCENARIOS[name]
    session, active = prepare(reference)
    action(session, active)
    after = _view(session.wallet)
    session.wallet.close()

    data = tmp_path / "killed"
    proc = subprocess.run([sys.executable, "-c", KILLED, str(data), name, point], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    lines = (data / "wallet.journal").read_bytes()
    opened = Wallet.open(data)
    wallet = opened.wallet
    try:
        assert opened.notice is None  # a kill is not damage
        assert wallet.journal_problems() == [] and wallet.audit() == []
        got = _view(wallet)
        assert got["balance"] == after["balance"] and got["ledger"] == after["ledger"]
        assert [r[:6] for r in got["rounds"]] == [r[:6] for r in after["rounds"]]
    finally:
        wallet.close()
    full = (data / "wallet.journal").read_bytes()
    assert full.startswith(lines if point != "half the line" else lines[: lines.rfind(b"\n") + 1])
    assert full.endswith(b"\n")


def test_a_journal_line_is_its_checksum_seal_and_record() -> None:
    import zlib

    mac = "ab" * 32
    line = encode('{"seq":1}', mac)
    body = b"%s {\"seq\":1}" % mac.encode()
    assert line == b"%08x %s\n" % (zlib.crc32(body), body)
    assert encode('{"seq":1}', None) == b"%08x {\"seq\":1}\n" % zlib.crc32(b'{"seq":1}')  # a line from before


def test_the_journal_sits_next_to_the_wallet() -> None:
    assert journal_path(Path("/x/wallet.db")) == Path("/x/wallet.journal")
