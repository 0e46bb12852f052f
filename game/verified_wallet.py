"""The wallet a launch plays with: opened, its seals checked, and the rounds settled since its verified
mark replayed against their credits (``game.replays.verify_settled``).

The replay needs the engine, which the first frame does not (``tests/test_startup_imports.py``), so it
is imported only when there is a round to replay; a wallet with none has its mark moved at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .store import Wallet, WalletOpenResult


def open_verified(data_dir: Path, **options: Any) -> WalletOpenResult:
    """``Wallet.open``, then every round settled since the mark replayed: WalletAttention (the wallet
    closed again) when anything does not verify."""
    opened = Wallet.open(data_dir, **options)
    try:
        settled = opened.wallet.settled_since_mark()
        if settled:
            from .replays import verify_settled

            verify_settled(opened.wallet, settled)
        else:
            opened.wallet.mark_verified()
    except BaseException:
        opened.wallet.close()
        raise
    return opened
