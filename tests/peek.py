"""A look at a wallet another process has open (the app holds the folder's lock, so Wallet.open
would be refused): a read-only SQLite connection that changes nothing."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path


def open_round_step(data: Path) -> int | None:
    """The recorded step of the oldest open round, or None (no wallet yet, or no open round)."""
    path = data / "wallet.db"
    if not path.exists():
        return None
    try:
        raw = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error:
        return None
    try:
        row = raw.execute("SELECT progress FROM rounds WHERE status = 'open' ORDER BY id LIMIT 1").fetchone()
    except sqlite3.Error:  # not created yet
        return None
    finally:
        raw.close()
    return None if row is None else int(json.loads(row[0]).get("step", 0))
