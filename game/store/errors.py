"""Exceptions raised by the store."""

from __future__ import annotations

import errno


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


# What the player is told when the disk fills, at start-up or in play (the entry point's exit status 3).
DISK_FULL_MESSAGE = "the disk is full: the round is kept at its step; free some space and start again"


class DiskFull(StoreError):
    """The disk refused a write for want of space; what was committed before it is kept."""

    def __init__(self, path: object) -> None:
        super().__init__(DISK_FULL_MESSAGE)
        self.path = path


def is_disk_full(exc: BaseException) -> bool:
    """True for the system's "no space" (or quota) and SQLite's "database or disk is full"."""
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_FULL")


# The entry point's exit status for a wallet that needs the player's attention (documented in the README).
ATTENTION_STATUS = 4


class WalletAttention(StoreError):
    """The wallet's records do not verify (a seal, a replay, a balance against its ledger): nothing was
    applied or mended, the files are kept as they are, and play stops until the player restores the
    last verified state (``Wallet.restore_verified``) or leaves.

    ``findings`` say in plain words what differs; ``files`` are the wallet's files, kept as found.
    """

    def __init__(self, findings: list[str], files: list[object]) -> None:
        self.findings = list(findings) or ["its records do not verify"]
        self.files = list(files)
        super().__init__(f"the wallet needs attention: {'; '.join(self.findings)}")
