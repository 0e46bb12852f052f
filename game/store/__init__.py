"""The wallet and the round journal, kept in SQLite (stdlib only; never imports pygame).

Typical use::

    opened = Wallet.open(data_dir)          # data_dir from --data-dir or default_data_dir()
    if opened.notice:
        show_message(opened.notice)         # the old file was unreadable and was kept aside
    wallet = opened.wallet
    for record in wallet.open_rounds():     # rounds interrupted by a crash: resume them
        ...
    round_id = wallet.begin_round("game", bet, cost, seed)   # before the first frame
    wallet.record_decision(round_id, choice, price=price)     # a choice; a priced one debits
    wallet.settle_round(round_id, win, game_state=carried)    # credit and carried state at once

Two balances (schema 5): cash (``balance``) and a bonus balance (``bonus_balance``), promotional
money that can only be staked. ``grant_free_games`` puts a grant's money into the bonus balance;
``begin_round(..., free_game=grant_id)`` pays a free game's stake from it; other stakes are paid
cash first, then from the bonus beyond the free games' money; a win is split between the two in the
blend of the stake (``bonus_share``).
"""

from game.store.errors import (
    ATTENTION_STATUS,
    DISK_FULL_MESSAGE,
    DiskFull,
    InsufficientFunds,
    RoundNotOpen,
    StoreError,
    WalletAttention,
)
from game.store.lock import FolderInUse
from game.store.records import FreeGames, LedgerEntry, PoolEntry, PoolRound, RoundRecord
from game.store.schema import SCHEMA_VERSION
from game.store.wallet import (
    DEFAULT_STARTING_BALANCE,
    DEMO_FOLDER,
    MAX_CENTS,
    MAX_SEED,
    PRACTICE_FOLDER,
    StateUpdate,
    Wallet,
    WalletOpenResult,
    bonus_share,
    default_data_dir,
)

__all__ = [
    "ATTENTION_STATUS",
    "DEFAULT_STARTING_BALANCE",
    "DEMO_FOLDER",
    "DISK_FULL_MESSAGE",
    "MAX_CENTS",
    "MAX_SEED",
    "PRACTICE_FOLDER",
    "SCHEMA_VERSION",
    "DiskFull",
    "FolderInUse",
    "FreeGames",
    "InsufficientFunds",
    "LedgerEntry",
    "PoolEntry",
    "PoolRound",
    "RoundNotOpen",
    "RoundRecord",
    "StateUpdate",
    "StoreError",
    "Wallet",
    "WalletAttention",
    "WalletOpenResult",
    "bonus_share",
    "default_data_dir",
]
