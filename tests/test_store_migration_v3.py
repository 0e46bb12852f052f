"""A real schema-2 wallet (tests/data/wallet_v2.db, written by the game before schema 3) upgrades
in place: every record kept, the journal begun from its rows, every round as it was."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from game.store import SCHEMA_VERSION, Wallet

V2 = Path(__file__).resolve().parent / "data" / "wallet_v2.db"


def rows(path: Path, sql: str) -> list[tuple]:
    raw = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)  # leaves no -shm beside it
    try:
        return raw.execute(sql).fetchall()
    finally:
        raw.close()


@pytest.fixture
def v2(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    shutil.copyfile(V2, data / "wallet.db")
    return data


def test_the_fixture_is_a_schema_2_wallet() -> None:
    assert rows(V2, "SELECT value FROM meta WHERE key = 'schema_version'") == [("2",)]
    assert "journal" not in {r[0] for r in rows(V2, "SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_a_v2_wallet_is_upgraded_and_keeps_every_record(v2: Path) -> None:
    before = {
        table: rows(v2 / "wallet.db", f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("wallet", "rounds", "decisions", "ledger", "game_state", "settings")
    }
    opened = Wallet.open(v2)
    wallet = opened.wallet
    try:
        assert opened.notice is None and opened.kept_as is None
        assert wallet.audit() == [] and wallet.journal_problems() == []
        assert wallet.balance == 98_720
        assert [r.id for r in wallet.open_rounds()] == [6]
        assert len(wallet.history(None, 100)) == 5
        bought = wallet.get_round(5)
        assert (bought.decisions, bought.decision_costs, bought.cost) == (["red", "buy", "collect"], [0, 340, 0], 440)
        assert (bought.engine_version, bought.data_digest, bought.replay_check) == (None, None, None)
        assert wallet.setting("turbo") is True
    finally:
        wallet.close()
    assert rows(v2 / "wallet.db", "SELECT value FROM meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION),)]
    for table, old in before.items():
        new = rows(v2 / "wallet.db", f"SELECT * FROM {table} ORDER BY 1, 2")
        width = len(old[0]) if old else 0
        assert [row[:width] for row in new] == old, table  # the new columns come last
    journal = (v2 / "wallet.journal").read_text().splitlines()
    assert len(journal) == 1 + 6 + 1 + 1  # the wallet, six rounds, the top-up, the carried states
    again = Wallet.open(v2)
    assert again.notice is None
    again.wallet.close()
