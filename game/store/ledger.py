"""The wallet's two accounts, cash and bonus, and the one way money moves in either.

Each account is a column of the ``wallet`` row and a ledger table whose every row is one
movement with the account's amount after it. A movement, a read, a statement of the account
and its audit are written once here for both; the bonus account differs only in its names and
in that a movement may name the grant of free games it belongs to.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

from game.store.checks import MAX_CENTS, check_cents, check_limit
from game.store.errors import InsufficientFunds, StoreError
from game.store.records import Account as AccountName
from game.store.records import LedgerEntry
from game.store.transactions import Tx, WalletFile

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Account:
    """One of the wallet's accounts: where its amount and its movements are kept, and its words."""

    name: AccountName  # "cash" / "bonus": LedgerEntry.account
    column: str  # of the wallet row
    table: str  # its ledger
    after: str  # the ledger's column of the amount after a movement
    label: str  # in messages: "balance", "bonus balance"
    rows: str  # its ledger's rows in messages: "ledger 4: ...", "bonus ledger 4: ..."
    sum_words: str  # what its movements add up, in the audit's message
    has_grants: bool  # a movement may name its grant of free games


CASH = Account("cash", "balance", "ledger", "balance_after", "balance", "ledger",
               "starting {opening} + credits + top-ups - debits", has_grants=False)
BONUS = Account("bonus", "bonus", "bonus_ledger", "bonus_after", "bonus balance", "bonus ledger",
                "grants + bonus credits - bonus debits", has_grants=True)
ACCOUNTS = (CASH, BONUS)


def amount_in(conn: sqlite3.Connection, account: Account) -> int:
    """The account's amount in cents."""
    return int(conn.execute(f"SELECT {account.column} FROM wallet WHERE id = 1").fetchone()[0])


def reserved_in(conn: sqlite3.Connection) -> int:
    """The bonus money that pays the free games still to play (each grant's games left x stake)."""
    return int(conn.execute("SELECT COALESCE(SUM(games_left * stake), 0) FROM free_games").fetchone()[0])


def available_in(conn: sqlite3.Connection) -> tuple[int, int]:
    """(cash, bonus) a stake can be paid with: the balance, and the bonus beyond the free games' own.

    One statement, so that it is consistent outside a transaction too.
    """
    cash, bonus, reserved = conn.execute(
        "SELECT balance, bonus, (SELECT COALESCE(SUM(games_left * stake), 0) FROM free_games) "
        "FROM wallet WHERE id = 1"
    ).fetchone()
    return int(cash), max(0, int(bonus) - int(reserved))


def move(tx: Tx, account: Account, kind: str, amount: int, round_id: int | None, now: str, *,
         reason: str | None = None, decision_seq: int | None = None, grant_id: int | None = None) -> int:
    """Change the account's amount and write the matching ledger row; returns the new amount."""
    held = amount_in(tx.conn, account)
    new = held - amount if kind == "debit" else held + amount
    if new < 0:
        raise InsufficientFunds(held, amount)
    if new > MAX_CENTS:
        raise StoreError(f"The {account.label} would exceed {MAX_CENTS} cents.")
    tx.conn.execute(f"UPDATE wallet SET {account.column} = ? WHERE id = 1", (new,))
    columns = ["round_id", "kind", "amount", account.after, "at", "reason", "decision_seq"]
    values: list[object] = [round_id, kind, amount, new, now, reason, decision_seq]
    if account.has_grants:
        columns.append("grant_id")
        values.append(grant_id)
    elif grant_id is not None:
        raise ValueError(f"a movement of the {account.label} names no grant of free games")
    cur = tx.conn.execute(f"INSERT INTO {account.table} ({', '.join(columns)}) "
                          f"VALUES ({', '.join('?' * len(columns))})", values)
    assert cur.lastrowid is not None  # the INSERT just run sets it
    tx.moved[account.name].append(cur.lastrowid)
    return new


def pay(tx: Tx, amount: int, round_id: int, now: str, decision_seq: int | None = None) -> int:
    """Debit a stake (a purchase, or a priced decision) by the payment order; returns the bonus part.

    Cash first; what the balance cannot cover comes from the bonus balance beyond the money of the
    free games still to play (:func:`available_in`). InsufficientFunds when both together fall
    short; the caller's transaction then writes nothing.
    """
    cash, bonus = available_in(tx.conn)
    if cash + bonus < amount:
        raise InsufficientFunds(cash + bonus, amount)
    from_cash = min(cash, amount)
    if from_cash:
        move(tx, CASH, "debit", from_cash, round_id, now, decision_seq=decision_seq)
    if amount - from_cash:
        move(tx, BONUS, "debit", amount - from_cash, round_id, now, decision_seq=decision_seq)
    return amount - from_cash


def entries(conn: sqlite3.Connection, account: Account, limit: int | None = None) -> list[LedgerEntry]:
    """The account's movements, newest first (at most ``limit`` of them)."""
    sql = f"SELECT * FROM {account.table} ORDER BY id DESC"
    params: tuple[int, ...] = ()
    if limit is not None:
        sql += " LIMIT ?"
        params = (limit,)
    return [
        LedgerEntry(id=r["id"], round_id=r["round_id"], kind=r["kind"], amount=r["amount"],
                    balance_after=r[account.after], at=r["at"], reason=r["reason"], decision_seq=r["decision_seq"],
                    account=account.name, grant_id=r["grant_id"] if account.has_grants else None)
        for r in conn.execute(sql, params).fetchall()
    ]


def audit_account(conn: sqlite3.Connection, account: Account, opening: int) -> list[str]:
    """The account against its ledger: each amount after follows from the one before and none is
    negative, and the amount held is ``opening`` plus every movement."""
    problems: list[str] = []
    running = opening
    for row in conn.execute(f"SELECT id, kind, amount, {account.after} FROM {account.table} ORDER BY id"):
        running += -row["amount"] if row["kind"] == "debit" else row["amount"]
        if row[account.after] != running:
            problems.append(f"{account.rows} {row['id']}: {account.after} {row[account.after]} "
                            f"but movements give {running}")
            running = row[account.after]  # report each break once
        if running < 0:
            problems.append(f"{account.rows} {row['id']}: the {account.label} went negative ({running})")
    held = amount_in(conn, account)
    moved = opening + int(conn.execute(
        f"SELECT COALESCE(SUM(CASE WHEN kind = 'debit' THEN -amount ELSE amount END), 0) FROM {account.table}"
    ).fetchone()[0])
    if held != moved:
        problems.append(f"{account.label} {held} != {account.sum_words.format(opening=opening)} = {moved}")
    if held < 0:
        problems.append(f"{account.label} is negative ({held})")
    return problems


def bonus_share(win: int, cost: int, bonus_paid: int) -> int:
    """The cents of ``win`` credited to the bonus balance: the win in the blend of the stake.

    ``cost`` is the round's whole stake and ``bonus_paid`` the part of it paid from the bonus
    balance; the share is rounded down (the odd cent goes to cash), so the two parts are the win
    exactly. A round that cost nothing credits cash only.
    """
    return win * bonus_paid // cost if cost > 0 else 0


class Money(WalletFile):
    """The wallet's part that reads the accounts and tops up the balance."""

    def _amount(self, account: Account) -> int:
        try:
            return amount_in(self._db(), account)
        except sqlite3.Error as exc:
            raise self._unreadable(exc) from exc

    @property
    def balance(self) -> int:
        """The current balance in cents, read from the database."""
        return self._amount(CASH)

    @property
    def bonus_balance(self) -> int:
        """The bonus balance in cents (promotional money: it can only be staked), read from the database."""
        return self._amount(BONUS)

    @property
    def available(self) -> int:
        """What a stake (not a free game) can be paid with now: the balance, and the bonus balance
        beyond the money of the free games still to play (see ``begin_round``'s payment order)."""
        try:
            cash, bonus = available_in(self._db())
        except sqlite3.Error as exc:
            raise self._unreadable(exc) from exc
        return cash + bonus

    def top_up(self, amount: int, reason: str = "play-money top-up") -> int:
        """Add play money (ledger kind ``'top_up'``); returns the new balance."""
        check_cents("amount", amount, positive=True)
        with self._write() as tx:
            new = move(tx, CASH, "top_up", amount, None, self._now(), reason=reason)
            self._journal_record(tx, "top_up")
        logger.info("Top-up of %d cents (%s); balance %d", amount, reason, new)
        return new

    def ledger(self, limit: int | None = None) -> list[LedgerEntry]:
        """Money movements, newest first (at most ``limit`` of them)."""
        check_limit(limit)
        with self._read() as conn:
            return entries(conn, CASH, limit)

    def bonus_ledger(self, limit: int | None = None) -> list[LedgerEntry]:
        """The bonus balance's movements, newest first (at most ``limit``), as ``account="bonus"`` entries."""
        check_limit(limit)
        with self._read() as conn:
            return entries(conn, BONUS, limit)
