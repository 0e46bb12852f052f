"""The wallet's seals (game.store.seal, game.store.sealing): forged money records stop play, never quietly.

Each forgery of issue 40 ends in WalletAttention naming what differs, with nothing applied and the files
kept as they were; a wallet that was fine stays fine; an old schema-6 wallet is sealed as it is found;
restoring rebuilds the last verified state and keeps the files aside.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import zlib
from pathlib import Path

import pytest

from game.engine.money import format_cents
from game.replays import verify_settled
from game.store import Wallet, WalletAttention
from game.store import journal as journal_file
from game.store.seal import KEY_DIR_ENV, key_path
from game.verified_wallet import open_verified

V6 = Path(__file__).resolve().parent / "data" / "wallet_v6"
FORGED = 1_000_000  # cents: what each forgery adds


def played(data: Path, *, marked: bool = True) -> tuple[int, int]:
    """A wallet in ``data`` with a top-up and a settled round; (balance, records) as it was closed."""
    w = Wallet.open(data).wallet
    w.top_up(2_500)
    rid = w.begin_round("g", 100, 100, 7)
    w.settle_round(rid, 300)
    if marked:
        w.mark_verified()
    state = (w.balance, len(w._db().execute("SELECT seq FROM journal").fetchall()))
    w.close()
    return state


def raw_balance(path: Path) -> int:
    raw = sqlite3.connect(path)
    try:
        return int(raw.execute("SELECT balance FROM wallet").fetchone()[0])
    finally:
        raw.close()


def canonical(record: dict[str, object]) -> bytes:
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode()


def attention(data: Path) -> list[str]:
    with pytest.raises(WalletAttention) as caught:
        Wallet.open(data)
    assert all(isinstance(f, str) and f for f in caught.value.findings)
    return caught.value.findings


def test_a_line_appended_with_its_crc_recomputed_is_never_applied(tmp_path: Path) -> None:
    balance, records = played(tmp_path)
    path = tmp_path / "wallet.journal"
    last = json.loads(path.read_bytes().splitlines()[-1][9 + 65:])
    forged = {**last, "seq": records + 1, "balance": last["balance"] + FORGED, "rows": {}}
    data = canonical(forged)
    original = path.read_bytes()
    with path.open("ab") as out:  # the old format's line: a CRC-32 and the record
        out.write(b"%08x %s\n" % (zlib.crc32(data), data))
    before = path.read_bytes()
    assert attention(tmp_path) == [f"record {records + 1} in wallet.journal carries no seal"]
    assert raw_balance(tmp_path / "wallet.db") == balance and path.read_bytes() == before  # kept, not applied
    body = b"%s %s" % (b"0" * 64, data)  # with a seal that is not the key's
    path.write_bytes(original + b"%08x %s\n" % (zlib.crc32(body), body))
    assert attention(tmp_path) == [
        f"record {records + 1} in wallet.journal does not carry its seal (it was changed, or put there)"]
    assert raw_balance(tmp_path / "wallet.db") == balance


def test_both_files_edited_alike_stop_play(tmp_path: Path) -> None:
    balance, records = played(tmp_path)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    text = raw.execute("SELECT record FROM journal WHERE seq = ?", (records,)).fetchone()[0]
    record = json.loads(text)
    record["balance"] += FORGED
    edited = canonical(record).decode()
    raw.execute("UPDATE journal SET record = ? WHERE seq = ?", (edited, records))
    raw.execute("UPDATE wallet SET balance = balance + ?", (FORGED,))
    raw.commit()
    raw.close()
    path = tmp_path / "wallet.journal"
    lines = path.read_bytes().splitlines()
    body = lines[-1][9:74] + edited.encode()  # its old seal, the edited record
    lines[-1] = b"%08x %s" % (zlib.crc32(body), body)
    path.write_bytes(b"\n".join(lines) + b"\n")
    findings = attention(tmp_path)
    assert f"record {records} in wallet.db does not carry its seal (it was changed, or put there)" in findings
    assert f"record {records} in wallet.journal does not carry its seal (it was changed, or put there)" in findings
    assert any(f.startswith(f"the balances in wallet.db ({format_cents(balance + FORGED)} cash") for f in findings)
    assert raw_balance(tmp_path / "wallet.db") == balance + FORGED  # kept as found: nothing mended


@pytest.mark.parametrize("edit", ["UPDATE wallet SET balance = balance + 1000000",
                                  "UPDATE ledger SET amount = amount + 1000000 WHERE kind = 'credit'",
                                  "DELETE FROM ledger WHERE id = (SELECT MAX(id) FROM ledger)"])
def test_the_wallet_file_edited_with_its_journal_deleted_stops_play(tmp_path: Path, edit: str) -> None:
    played(tmp_path)
    (tmp_path / "wallet.journal").unlink()
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute(edit)
    raw.commit()
    raw.close()
    findings = attention(tmp_path)
    assert any("ledger row" in f or "the balances in wallet.db" in f or "other money" in f for f in findings)
    assert not (tmp_path / "wallet.journal").exists()  # not written again from the edited wallet


def test_the_last_record_taken_from_both_copies_is_seen(tmp_path: Path) -> None:
    _, records = played(tmp_path)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute("DELETE FROM journal WHERE seq = ?", (records,))
    raw.commit()
    raw.close()
    path = tmp_path / "wallet.journal"
    path.write_bytes(b"".join(line + b"\n" for line in path.read_bytes().splitlines()[:-1]))
    assert any("records taken away" in f for f in attention(tmp_path))


def test_a_wallet_that_was_fine_stays_fine_across_launches(tmp_path: Path) -> None:
    balance, _ = played(tmp_path, marked=False)
    for _ in range(3):
        opened = open_verified(tmp_path)
        assert opened.notice is None and opened.wallet.balance == balance
        assert opened.wallet.settled_since_mark() == []  # the launch replayed it and moved the mark
        opened.wallet.close()


def test_a_kill_between_a_commit_and_its_journal_line_is_no_attention(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The seals are written in the commit's own transaction; a line lost after it is caught up quietly
    (tests/test_journal.py kills a real process at this point and around it)."""
    played(tmp_path)
    w = Wallet.open(tmp_path).wallet
    rid = w.begin_round("g", 100, 100, 8)
    monkeypatch.setattr(journal_file.JournalWriter, "append", lambda self, text, mac: None)  # the kill's trace
    w.settle_round(rid, 900)
    balance = w.balance
    w.close()
    monkeypatch.undo()
    opened = Wallet.open(tmp_path)
    assert opened.notice is None and opened.wallet.balance == balance and opened.wallet.journal_problems() == []
    opened.wallet.close()


def test_restore_rebuilds_the_last_verified_state_and_keeps_the_files(tmp_path: Path) -> None:
    balance, _ = played(tmp_path)  # verified here
    w = Wallet.open(tmp_path).wallet
    w.settle_round(w.begin_round("g", 100, 100, 9), 0)  # after the mark
    w.set_setting("turbo", True)
    w.close()
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute("UPDATE wallet SET balance = balance + ?", (FORGED,))
    raw.commit()
    raw.close()
    attention(tmp_path)
    kept = Wallet.restore_verified(tmp_path)
    names = {p.name.split(".attention-")[0] for p in kept}
    assert {"wallet.db", "wallet.journal"} <= names and all(p.exists() for p in kept)
    (kept_db,) = [p for p in kept if p.name.startswith("wallet.db.attention-")]
    assert raw_balance(kept_db) == balance - 100 + FORGED  # the files as they were found
    opened = Wallet.open(tmp_path)
    assert opened.notice is None and opened.wallet.balance == balance and opened.wallet.audit() == []
    assert len(opened.wallet.recall(None, 10)) == 1 and opened.wallet.setting("turbo") is True  # settings kept
    opened.wallet.close()


def test_restore_without_a_sealed_copy_leaves_the_files(tmp_path: Path) -> None:
    played(tmp_path)
    raw = sqlite3.connect(tmp_path / "wallet.db")
    raw.execute("UPDATE journal SET mac = NULL")
    raw.commit()
    raw.close()
    (tmp_path / "wallet.journal").unlink()
    with pytest.raises(Exception, match="cannot be restored"):
        Wallet.restore_verified(tmp_path)
    assert (tmp_path / "wallet.db").exists()


def test_the_key_is_owner_only_outside_the_data_folder(tmp_path: Path) -> None:
    Wallet.open(tmp_path / "data").wallet.close()
    path = key_path()
    assert path.parent == Path(os.environ[KEY_DIR_ENV]) and not path.is_relative_to(tmp_path / "data")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(path.read_bytes()) == 32


def test_a_wallet_without_its_key_or_with_another_is_never_re_keyed(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    played(tmp_path / "data")
    monkeypatch.setenv(KEY_DIR_ENV, str(tmp_path / "empty"))
    (finding,) = attention(tmp_path / "data")
    assert finding.startswith("this wallet is sealed, but its key") and finding.endswith("is missing")
    assert not key_path().exists()  # not made for a wallet that has one
    Wallet.open(tmp_path / "other").wallet.close()  # a new wallet makes this install's key
    assert attention(tmp_path / "data") == [f"this wallet was made with another key than {key_path()}"]


def test_an_old_schema_6_wallet_is_migrated_sealed_and_verifies(tmp_path: Path) -> None:
    """tests/data/wallet_v6 was written by the game at schema 6 (its journal beside it, lines unsealed)."""
    data = tmp_path / "data"
    shutil.copytree(V6, data)
    opened = open_verified(data)
    w = opened.wallet
    try:
        assert opened.notice is None and w.audit() == [] and w.journal_problems() == []
        assert (w.balance, w.bonus_balance, w.setting("turbo")) == (10_550, 350, True)
        assert [(r.id, r.win) for r in reversed(w.recall(None, 10))] == [(1, 400), (2, 250), (3, None)]
        w.settle_round(3, 0)
    finally:
        w.close()
    lines = (data / "wallet.journal").read_bytes().splitlines()
    assert all(line[9:10] != b"{" for line in lines)  # every line sealed now
    again = open_verified(data)
    assert again.notice is None and again.wallet.balance == 10_550
    again.wallet.close()


def test_a_credit_its_replay_does_not_pay_stops_play(tmp_path: Path) -> None:
    """A round recorded (and sealed) with a credit its replay does not give: the launch's replay names it,
    and the mark stays; one settled as played verifies and moves it."""
    from game.engine import get_game
    from game.session import PlaySession

    w = Wallet.open(tmp_path).wallet
    session = PlaySession(w, get_game("halloween_vacation"))
    honest = session.spin(seed=5)
    session.settle(honest)
    verify_settled(w)
    assert w.settled_since_mark() == []
    active = session.spin(seed=6)
    assert active.play.finished
    w.settle_round(active.round_id, active.result.win + 10_000)
    with pytest.raises(WalletAttention) as caught:
        verify_settled(w)
    assert caught.value.findings == [f"round {active.round_id} of halloween_vacation: it was credited "
                                     f"{active.result.win + 10_000} cents, but its replay pays {active.result.win}"]
    assert [r.id for r in w.settled_since_mark()] == [active.round_id]  # the mark did not move
    w.close()


def test_the_key_folder_is_never_the_default_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from game.store.seal import key_dir

    monkeypatch.delenv(KEY_DIR_ENV)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor=False: f"/data/{app}")
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda app, appauthor=False: f"/config/{app}")
    assert key_dir() == Path("/config/FestiveSlots")  # Linux: ~/.config, apart from ~/.local/share
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda app, appauthor=False: f"/data/{app}")
    assert key_dir() == Path("/data/FestiveSlots-key")  # macOS, Windows: one folder for both, so one beside it


class _Killed(BaseException):
    """Stands for the process being killed at that point (nothing after it runs)."""


@pytest.mark.parametrize("point", ["before the seals", "before the journal is written sealed"])
def test_a_kill_while_an_old_wallet_is_sealed_is_no_attention(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              point: str) -> None:
    import game.store.reconcile as reconcile
    import game.store.sealing as sealing

    data = tmp_path / "data"
    shutil.copytree(V6, data)

    def killed(*args: object) -> None:
        raise _Killed

    if point == "before the seals":  # schema 7 committed, nothing sealed yet
        monkeypatch.setattr(sealing, "seal_all", killed)
    else:  # wallet.db sealed, its journal's lines still unsealed
        monkeypatch.setattr(reconcile.journal, "rewrite", killed)
    with pytest.raises(_Killed):
        Wallet.open(data)
    monkeypatch.undo()
    opened = open_verified(data)
    assert opened.notice is None and opened.wallet.balance == 10_550 and opened.wallet.journal_problems() == []
    opened.wallet.close()
    assert all(line[9:10] != b"{" for line in (data / "wallet.journal").read_bytes().splitlines())
