"""Exceptions raised by the store."""

from __future__ import annotations


class StoreError(Exception):
    """The wallet database cannot do what was asked (unreadable, closed, newer schema, ...).

    The message is written for the player: it names the file or folder involved.
    """


class InsufficientFunds(StoreError):
    """The balance does not cover the cost of a round; nothing was written."""

    def __init__(self, balance: int, cost: int) -> None:
        super().__init__(
            f"Balance {balance} cents does not cover a cost of {cost} cents."
        )
        self.balance = balance
        self.cost = cost


class RoundNotOpen(StoreError):
    """The round is already settled (settling twice, or a decision after the settlement)."""

    def __init__(self, round_id: int, action: str) -> None:
        super().__init__(f"Round {round_id} is already settled; cannot {action}.")
        self.round_id = round_id
