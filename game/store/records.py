"""Immutable views of rows read from the wallet database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

RoundStatus = Literal["open", "settled"]
LedgerKind = Literal["debit", "credit", "top_up"]


@dataclass(frozen=True)
class RoundRecord:
    """One round as stored: its inputs, what happened during it and how it settled.

    ``seed`` is the unsigned 64-bit seed given to ``begin_round``; all money fields are cents.
    The dict/list fields are fresh copies decoded from JSON (tuples come back as lists).
    """

    id: int
    game_id: str
    bet: int
    cost: int
    seed: int
    buy: bool
    state_in: dict[str, Any] | None
    decisions: list[Any]
    progress: dict[str, Any]
    status: RoundStatus
    win: int | None
    state_out: dict[str, Any] | None
    summary: dict[str, Any] | None
    created_at: str
    settled_at: str | None
    note: str | None

    @property
    def is_open(self) -> bool:
        return self.status == "open"


@dataclass(frozen=True)
class LedgerEntry:
    """One money movement. ``amount`` is always positive; ``kind`` gives its direction."""

    id: int
    round_id: int | None
    kind: LedgerKind
    amount: int
    balance_after: int
    at: str
    reason: str | None = None

    @property
    def delta(self) -> int:
        """The signed change to the balance (negative for a debit)."""
        return -self.amount if self.kind == "debit" else self.amount
