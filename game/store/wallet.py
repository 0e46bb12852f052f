"""The play-money wallet and the round journal, kept in one SQLite file.

:class:`Wallet` is the one object callers hold; it is made of parts a reader can take one at a
time, each over the open file (:class:`~game.store.transactions.WalletFile`: one transaction per
change, its journal record, the commits' way to the disk):

- :mod:`~game.store.ledger`: the two accounts, cash and bonus, and every movement of money;
- :mod:`~game.store.rounds`: rounds begun, decided, settled, and read back;
- :mod:`~game.store.grants`: grants of free games;
- :mod:`~game.store.carried`: each game's carried state and its jackpot pool;
- :mod:`~game.store.audit`: everything checked against its movements;
- :mod:`~game.store.opening`: the file checked, created, upgraded or set aside when it opens.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

import game.store.lock as lock
import game.store.opening as opening
import game.store.replica as replica
import game.store.sealing as sealing
from game.store.audit import Audit
from game.store.carried import CarriedStates, StateUpdate
from game.store.checks import MAX_CENTS, MAX_FREE_GAMES, MAX_SEED, check_cents, dumps, loads
from game.store.errors import WalletAttention
from game.store.grants import FreeGameGrants
from game.store.ledger import Money, bonus_share
from game.store.records import RoundRecord
from game.store.rounds import RoundBook
from game.store.transactions import Clock

logger = logging.getLogger(__name__)

APP_NAME = "FestiveSlots"
DEFAULT_DB_NAME = "wallet.db"
DEFAULT_STARTING_BALANCE = 100_000  # cents
# Wallets of their own inside the data folder, never the player's: the demo's, and practice's (the
# only one that takes a --seed).
DEMO_FOLDER = "demo"
PRACTICE_FOLDER = "practice"

__all__ = ["DEFAULT_DB_NAME", "DEFAULT_STARTING_BALANCE", "DEMO_FOLDER", "MAX_CENTS", "MAX_FREE_GAMES", "MAX_SEED",
           "PRACTICE_FOLDER", "StateUpdate",
           "Wallet", "WalletOpenResult", "bonus_share", "default_data_dir"]


def default_data_dir() -> Path:
    """The platform's per-user data folder for the game (not created here)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class WalletOpenResult:
    """What ``Wallet.open`` gives back.

    ``notice`` is a message for the player when the old wallet file had to be set aside
    (``kept_as`` is then where it went); both are ``None`` on a normal open.
    """

    wallet: Wallet
    notice: str | None = None
    kept_as: Path | None = None


class Wallet(Money, FreeGameGrants, RoundBook, CarriedStates, Audit):
    """Balance, rounds, ledger, per-game carried state and settings in one SQLite file.

    Obtain one with ``Wallet.open``. Not thread-safe: use it from the thread that opened it.
    Each mutating method is one transaction; commit happens before the method returns.
    """

    @classmethod
    def open(
        cls,
        data_dir: Path | str,
        *,
        starting_balance: int = DEFAULT_STARTING_BALANCE,
        name: str = DEFAULT_DB_NAME,
        clock: Clock | None = None,
    ) -> WalletOpenResult:
        """Open the wallet in ``data_dir`` (created if needed), or create a new one.

        A file that is not a database, fails the integrity check or lacks our schema is
        renamed aside and a fresh wallet with ``starting_balance`` is opened; the result's
        ``notice`` then tells the player. Raises FolderInUse (a StoreError) when another
        program has the folder open (its lock is held until ``close``), and StoreError when the
        folder is unusable, the file is locked or read-only, or it comes from a newer version.
        ``clock`` (returning an aware datetime) is for tests.
        """
        check_cents("starting_balance", starting_balance)
        if not name or Path(name).name != name or name in (".", ".."):
            raise ValueError(f"name must be a plain file name, not {name!r}")
        clock = clock or _utc_now
        data_dir = Path(data_dir)
        opening.prepare_dir(data_dir)
        lock.acquire(data_dir)  # FolderInUse when another program has this folder open
        try:
            return cls._open_locked(data_dir, starting_balance, name, clock)
        except BaseException:
            lock.release(data_dir)
            raise

    @classmethod
    def _open_locked(cls, data_dir: Path, starting_balance: int, name: str, clock: Clock) -> WalletOpenResult:
        path = data_dir / name
        opened = opening.open_file(path, starting_balance, clock)
        conn = opened.conn
        conn.row_factory = sqlite3.Row
        try:
            wallet = cls(conn, path, clock, data_dir, opened.keys.get())
        except BaseException:
            conn.close()
            raise
        try:
            # A balance that is not its ledger's sum, a round not paid as it ended: play stops here.
            problems = wallet.audit()
            if problems:
                raise WalletAttention(problems, [path, path.with_suffix(".journal")])
            logger.info("Opened wallet %s: balance %d cents, bonus %d cents, %d open round(s)",
                        path, wallet.balance, wallet.bonus_balance, len(wallet.open_rounds()))
        except BaseException:
            wallet._shut(release=False)  # Wallet.open releases the lock
            raise
        notice = " ".join(opened.notices) or None
        if notice:
            logger.warning("%s", notice)
        return WalletOpenResult(wallet=wallet, notice=notice, kept_as=opened.kept_as)

    @classmethod
    def restore_verified(cls, data_dir: Path | str, *, name: str = DEFAULT_DB_NAME,
                         clock: Clock | None = None) -> list[Path]:
        """Rebuild the wallet from its records up to its last verified mark, after keeping its files aside
        (``<name>.attention-<UTC time>``, never deleted); returns where they went. StoreError when no
        copy holds those records with their seals (the files are then left as they are)."""
        clock = clock or _utc_now
        data_dir = Path(data_dir)
        opening.prepare_dir(data_dir)
        lock.acquire(data_dir)
        try:
            return opening.restore_verified(data_dir / name, clock)
        finally:
            lock.release(data_dir)

    # ----------------------------------------------------------------- the verified mark

    def settled_since_mark(self) -> list[RoundRecord]:
        """The rounds settled by a record after the verified mark (oldest first): what a launch replays
        before it moves the mark (``game.replays.verify_settled``)."""
        with self._read() as conn:
            mark = sealing.mark_of(conn, self._seal) or 0
            ids: dict[int, None] = {}
            for (text,) in conn.execute("SELECT record FROM journal WHERE seq > ? ORDER BY seq", (mark,)):
                for image in replica.loads(text).get("rows", {}).get("rounds", ()):
                    if image.get("status") == "settled":
                        ids[int(image["id"])] = None
        return [self.get_round(round_id) for round_id in ids]

    def mark_verified(self) -> int:
        """Move the verified mark to the last record (everything up to it was verified); returns its number."""
        with self._write() as tx:
            return sealing.write_mark(tx.conn, self._seal)

    # ----------------------------------------------------------------- settings

    def setting(self, key: str, default: Any = None) -> Any:
        """A stored setting (any JSON value), or ``default`` when it was never set."""
        with self._read() as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return default if row is None else loads(row["value"])

    def set_setting(self, key: str, value: Any) -> None:
        if not isinstance(key, str) or not key:
            raise ValueError(f"key must be a non-empty string, not {key!r}")
        data = dumps(value, f"setting {key!r}")
        with self._write() as tx:
            tx.conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, data),
            )
