"""The wallet's seals: a keyed MAC (HMAC-SHA256) on every journal record and every money row.

The key is 32 random bytes in ``wallet.key`` in the platform's per-user config folder, never the
default data folder (``key_dir``; ``FESTIVE_SLOTS_KEY_DIR`` names another folder, as the tests do),
readable by its owner only. It is made when a wallet is first made or sealed, and is never replaced: a sealed wallet
met without its key, or with another, is a matter for the player (``WalletAttention``).

What is sealed (each MAC names what it covers, so one cannot stand for another):

- journal record ``n``: ``HMAC(key, "journal|" + MAC of record n-1 + "|" + text)``, a chain, so no
  record can be changed, put in from another wallet, or taken out of the middle;
- each ``ledger`` and ``bonus_ledger`` row: its table and its whole image, id included;
- the ``wallet`` row (the balances): the balances, the last record's number and its MAC, so the
  last records cannot be taken away either;
- the verified mark (``meta`` ``verified_mark``): the record up to which a launch verified it all.

This guards against accidents and casual edits, not against someone who reads the key: it is on
the same machine (README, "What the wallet's seals protect against").
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from game.store.errors import StoreError

KEY_DIR_ENV = "FESTIVE_SLOTS_KEY_DIR"
KEY_NAME = "wallet.key"
KEY_BYTES = 32
APP_NAME = "FestiveSlots"
SEALED_TABLES = ("ledger", "bonus_ledger")  # money rows with a ``mac`` column (and the wallet row)


def key_dir() -> Path:
    """Where the key is kept: ``$FESTIVE_SLOTS_KEY_DIR``, else the platform's config folder; where that is
    the default data folder itself (macOS, Windows), a folder of its own beside it (``FestiveSlots-key``),
    so that a copy of the data folder never carries the key."""
    override = os.environ.get(KEY_DIR_ENV)
    if override:
        return Path(override)
    config = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    if config == Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)):
        return Path(platformdirs.user_config_dir(f"{APP_NAME}-key", appauthor=False))
    return config


def key_path() -> Path:
    return key_dir() / KEY_NAME


@dataclass(frozen=True)
class Seal:
    """Makes and checks the MACs with one key."""

    key: bytes

    @property
    def key_id(self) -> str:
        """Names the key without revealing it (kept in the wallet's ``meta`` as ``seal_key``)."""
        return hashlib.sha256(b"festive-slots key id|" + self.key).hexdigest()[:16]

    def _mac(self, *parts: str) -> str:
        return hmac.new(self.key, "|".join(parts).encode("utf-8"), hashlib.sha256).hexdigest()

    def record(self, previous: str, text: str) -> str:
        """The MAC of a journal record's text after the record whose MAC is ``previous`` ("" for record 1)."""
        return self._mac("journal", previous, text)

    def row(self, table: str, image: Sequence[Any]) -> str:
        """The MAC of a money row: its table and its values in column order (id first)."""
        return self._mac("row", table, json.dumps(list(image), separators=(",", ":")))

    def wallet(self, balance: int, bonus: int, seq: int, tip: str) -> str:
        """The MAC of the balances after record ``seq`` whose MAC is ``tip``."""
        return self._mac("wallet", str(balance), str(bonus), str(seq), tip)

    def mark(self, seq: int, tip: str) -> str:
        """The MAC of a verified mark at record ``seq`` whose MAC is ``tip``."""
        return self._mac("mark", str(seq), tip)

    def mark_text(self, seq: int, tip: str) -> str:
        """The ``verified_mark`` value: ``<seq> <record MAC> <mark MAC>``."""
        return f"{seq} {tip} {self.mark(seq, tip)}"

    def read_mark(self, text: str | None) -> tuple[int, str] | None:
        """(seq, record MAC) of a sound mark, else None."""
        parts = (text or "").split(" ")
        if len(parts) != 3 or not parts[0].isdigit():
            return None
        seq, tip, mac = int(parts[0]), parts[1], parts[2]
        return (seq, tip) if hmac.compare_digest(mac, self.mark(seq, tip)) else None


def load(create: bool) -> Seal | None:
    """The install's seal from its key file; a new key when there is none and ``create``, else None.

    A key file that cannot be read or is not 32 bytes raises StoreError (never replaced).
    """
    path = key_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        if not create:
            return None
        return Seal(_make(path))
    except OSError as exc:
        raise StoreError(f"The wallet's key {path} cannot be read ({exc.strerror or exc}).") from exc
    if len(data) != KEY_BYTES:
        raise StoreError(f"The wallet's key {path} is not a key ({len(data)} bytes, not {KEY_BYTES}); "
                         "it was left as it is.")
    return Seal(data)


def _make(path: Path) -> bytes:
    """Write a new random key, owner-only (0600, its folder 0700); an existing file is never overwritten."""
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another copy made it first: use that one
        data = path.read_bytes()
        if len(data) != KEY_BYTES:
            raise StoreError(f"The wallet's key {path} is not a key; it was left as it is.") from None
        return data
    except OSError as exc:
        raise StoreError(f"The wallet's key {path} cannot be made ({exc.strerror or exc}).") from exc
    try:
        os.write(fd, key)
        os.fsync(fd)
    finally:
        os.close(fd)
    return key


class Keys:
    """This launch's key: read once, made only when a wallet is made or sealed (:meth:`get`)."""

    def __init__(self) -> None:
        self.seal = load(create=False)
        self.path = key_path()

    def get(self) -> Seal:
        """The key, made now if this install has none."""
        if self.seal is None:
            self.seal = load(create=True)
        assert self.seal is not None  # load(create=True) makes one or raises
        return self.seal
