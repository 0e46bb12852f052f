"""Immutable views of rows read from the wallet database."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

RoundStatus = Literal["open", "settled"]
LedgerKind = Literal["debit", "credit", "top_up", "grant"]
Account = Literal["cash", "bonus"]
PoolKind = Literal["seed", "contribution", "payout", "reseed", "refund"]
# The movements that add to a pool; the others take from it.
POOL_INFLOWS = frozenset({"seed", "contribution", "reseed"})


@dataclass(frozen=True)
class RoundRecord:
    """One round as stored: its inputs, what happened during it and how it settled.

    ``seed`` is the unsigned 64-bit seed given to ``begin_round``; all money fields are cents.
    ``cost`` is the round's whole stake: the purchase price debited by ``begin_round`` plus
    the price of every priced decision (``decision_costs``, parallel to ``decisions``, 0 for
    a free one). The dict/list fields are fresh copies decoded from JSON (tuples come back as
    lists).
    """

    id: int
    game_id: str
    bet: int
    cost: int
    seed: int
    buy: bool
    state_in: dict[str, Any] | None
    decisions: list[Any]
    decision_costs: list[int]
    progress: dict[str, Any]
    status: RoundStatus
    win: int | None
    state_out: dict[str, Any] | None
    summary: dict[str, Any] | None
    created_at: str
    settled_at: str | None
    note: str | None
    # What played the round (schema 3; None for a round recorded before): the engine's version,
    # the SHA-256 of the game's data, and the digest of the events known at purchase.
    engine_version: str | None = None
    data_digest: str | None = None
    replay_check: dict[str, Any] | None = None
    # The balance just before the round's purchase and just after its last movement (its credit,
    # or its last debit when it won nothing); None when unknown: no debit, or after still open.
    balance_before: int | None = None
    balance_after: int | None = None
    # A round of a jackpot game (schema 4): the units (hundredths of a cent) its wager added to the
    # pool, and the cents paid to it from the pool (part of ``win``); 0 for any other round.
    pool_contribution: int = 0
    jackpot: int = 0
    # The bonus balance's part (schema 5): the cents of ``cost`` paid from it (its purchase and
    # priced decisions together), the cents of ``win`` credited to it (its share of the win, in the
    # blend of the stake: ``bonus_share``), and the grant whose free game this round is (None: a
    # round paid by the player). The rest of each is cash.
    bonus_cost: int = 0
    bonus_win: int = 0
    free_game: int | None = None
    # The entropy each answer was taken with (schema 6), parallel to ``decisions``; None for an answer
    # recorded before, which replays with the entropy its seed derives (``docs/RNG.md``).
    entropy: list[int | None] = field(default_factory=list)

    @property
    def is_open(self) -> bool:
        return self.status == "open"

    @property
    def cash_cost(self) -> int:
        """The cents of the stake paid in cash."""
        return self.cost - self.bonus_cost

    @property
    def cash_win(self) -> int | None:
        """The cents of the win credited to cash (None while open)."""
        return None if self.win is None else self.win - self.bonus_win

    @property
    def purchase_price(self) -> int:
        """What the round cost before any decision: the bet, or the buy price."""
        return self.cost - sum(self.decision_costs)


@dataclass(frozen=True)
class LedgerEntry:
    """One money movement of one account. ``amount`` is always positive; ``kind`` gives its direction.

    ``account`` is ``"cash"`` (the balance: debits, credits, top-ups) or ``"bonus"`` (the bonus
    balance: a ``grant`` of free games' money, debits of stakes, credits of a win's bonus share);
    ``balance_after`` is that account's balance after the movement. ``decision_seq`` names the
    decision of the round a debit paid for (None for the round's purchase, credits, top-ups and
    grants). ``grant_id`` names the grant of free games a bonus movement belongs to: the grant's
    own money, or the purchase of one of its free games.
    """

    id: int
    round_id: int | None
    kind: LedgerKind
    amount: int
    balance_after: int
    at: str
    reason: str | None = None
    decision_seq: int | None = None
    account: Account = "cash"
    grant_id: int | None = None

    @property
    def delta(self) -> int:
        """The signed change to the account's balance (negative for a debit)."""
        return -self.amount if self.kind == "debit" else self.amount


@dataclass(frozen=True)
class FreeGames:
    """A grant of free games: ``games`` games at ``stake`` cents for ``game_id`` (None: any game
    whose bet ladder offers that stake), ``games_left`` of them still to play. The grant's money
    (``games * stake``) went into the bonus balance when it was granted; each free game's stake is
    paid from it."""

    id: int
    game_id: str | None
    stake: int
    games: int
    games_left: int
    reason: str
    granted_at: str

    @property
    def playing(self) -> int:
        """The number of the next free game (1 for the first): "FREE GAME n of N"."""
        return self.games - self.games_left + 1

    def fits(self, game_id: str, bets: tuple[int, ...] | frozenset[int]) -> bool:
        """Whether a game with that id and bet ladder may play these free games."""
        return self.games_left > 0 and self.game_id in (None, game_id) and self.stake in bets


@dataclass(frozen=True)
class PoolEntry:
    """One movement of a jackpot pool, in hundredths of a cent (``units``, always positive).

    ``kind`` gives its direction: a ``seed`` (the pool's start), a wager's ``contribution`` and a
    ``reseed`` after a win add to the pool; a ``payout`` (a jackpot, whole cents) and a ``refund``
    (a returned wager's contribution) take from it. ``game_id`` names the carried state holding it.
    """

    id: int
    game_id: str
    round_id: int
    kind: PoolKind
    units: int
    pool_after: int
    at: str

    @property
    def delta(self) -> int:
        """The signed change to the pool (units)."""
        return self.units if self.kind in POOL_INFLOWS else -self.units


@dataclass(frozen=True)
class PoolRound:
    """A round of a jackpot game and what it moved in the pool (units; 0 when it moved nothing)."""

    round_id: int
    status: RoundStatus
    purchase_price: int  # cents: what the wager cost before any priced decision
    win: int | None  # cents, None while open
    seed: int  # the pool's start, when this round began it
    contribution: int
    payout: int  # the jackpots paid (whole cents, as units)
    reseed: int
    refund: int  # the contribution taken back out when the stake was returned
    payouts: int = 0  # how many jackpots were paid (each followed by a reseed)
    reseeds: int = 0
