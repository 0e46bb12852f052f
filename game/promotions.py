"""Promotional free games: the welcome grant every player's wallet gets once, and the command that
grants more.

    python -m game free-games [--data-dir DIR]                                  # what the wallet holds
    python -m game free-games --grant N --stake CENTS [--game ID] [--data-dir DIR]

A grant is N free games at a fixed stake (cents) for one game (``--game``), or for any game whose
bet ladder offers that stake; its money (N x stake) goes into the wallet's bonus balance at once
(``Wallet.grant_free_games``), and each free game's stake is paid from it. The command writes to
the wallet in the data folder (``--data-dir``, or the platform's default), so it refuses while the
game is open on that folder (the folder's lock), and writes nothing then.

Exit status: 0 done; 1 the wallet could not be opened or written (the line says why); 2 a wrong
flag or value (an unknown game, a stake its ladder does not offer, a count or stake below 1); 3 the
game is open on the data folder (close it first). The demo's wallet (``demo/`` in the data folder)
gets no welcome grant.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from . import PROG
from .catalogue import CATALOGUE, entry
from .engine.money import format_cents
from .store import MAX_CENTS, FolderInUse, FreeGames, StoreError, Wallet, default_data_dir
from .store.wallet import MAX_FREE_GAMES

COMMAND = "free-games"


@dataclass(frozen=True)
class Grant:
    """Free games to grant: ``games`` at ``stake`` cents for ``game_id`` (None: any game offering the stake)."""

    game_id: str | None
    games: int
    stake: int
    reason: str


# What a player's wallet gets once, the first time this version of the game opens it. The game need
# not be in the catalogue yet (the grant records its id and waits for it).
WELCOME = Grant(game_id="slingo_santa_king", games=10, stake=50, reason="welcome")


def grant_welcome(wallet: Wallet, grant: Grant = WELCOME) -> FreeGames | None:
    """Give the wallet the welcome free games unless it ever had them; the grant, or None when it had."""
    if any(made.reason == grant.reason for made in wallet.free_games(used=True)):
        return None
    return wallet.grant_free_games(grant.games, grant.stake, grant.game_id, reason=grant.reason)


def game_title(game_id: str | None) -> str:
    if game_id is None:
        return "any game offering that stake"
    try:
        return entry(game_id).title
    except KeyError:
        return game_id


def describe(grant: FreeGames) -> str:
    """One grant as the player reads it."""
    return (f"{grant.games_left} of {grant.games} free game(s) left at {format_cents(grant.stake)} for "
            f"{game_title(grant.game_id)} ({grant.reason}, granted {grant.granted_at[:10]})")


# --------------------------------------------------------------------------- the command


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog=f"{PROG} {COMMAND}",
        description="Show the wallet's bonus balance and free games, or grant more free games.",
        epilog="Exit status: 0 done, 1 the wallet could not be used, 2 a wrong flag or value, "
               "3 the game is open on the data folder.",
    )
    parser.add_argument("--grant", type=_count, metavar="N", help="grant N free games (needs --stake)")
    parser.add_argument("--stake", type=_count, metavar="CENTS", help="the free games' stake in cents (50 = 0.50)")
    parser.add_argument("--game", metavar="ID", help="the game they are for (default: any game offering the stake)")
    parser.add_argument("--reason", default="granted by free-games", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", metavar="DIR", help="where the wallet lives (default: the platform's)")
    return parser


def _offered(stake: int) -> list[str]:
    """The playable games whose bet ladder has ``stake``."""
    from .engine import EngineError, get_game

    ids = []
    for item in CATALOGUE:
        if not item.available:
            continue
        try:
            if stake in get_game(item.id).bets:
                ids.append(item.id)
        except EngineError:
            continue
    return ids


def _check_grant(parser: argparse.ArgumentParser, ns: argparse.Namespace) -> Grant:
    """The grant the flags ask for; a wrong one ends with status 2 and one line."""
    from .engine import EngineError, get_game

    if ns.stake is None:
        parser.error("--grant needs --stake CENTS")
    if ns.grant > MAX_FREE_GAMES:
        parser.error(f"--grant: at most {MAX_FREE_GAMES} free games at once, not {ns.grant}")
    if ns.grant * ns.stake > MAX_CENTS:
        parser.error("--grant x --stake is more money than a wallet holds")
    if ns.game is not None:
        try:
            item = entry(ns.game)
        except KeyError as exc:
            parser.error(f"--game: {exc.args[0]}")
        if item.available:  # a game still coming soon takes any stake: its ladder is not known yet
            try:
                bets = get_game(item.id).bets
            except EngineError as exc:
                parser.error(f"--game: {item.title} cannot be loaded ({exc})")
            if ns.stake not in bets:
                parser.error(f"--stake: {item.title} offers no stake of {format_cents(ns.stake)} "
                             f"(its bets: {', '.join(format_cents(b) for b in bets)})")
    elif not _offered(ns.stake):
        parser.error(f"--stake: no game offers a stake of {format_cents(ns.stake)}; choose another, or name "
                     "the game with --game")
    return Grant(ns.game, ns.grant, ns.stake, ns.reason)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game free-games ...``; returns the exit status."""
    parser = build_parser()
    ns = parser.parse_args(argv)  # exits 2 with one line on a wrong flag
    if ns.grant is None and (ns.stake is not None or ns.game is not None):
        parser.error("--stake and --game go with --grant N")
    grant = _check_grant(parser, ns) if ns.grant is not None else None
    if ns.data_dir == "":
        parser.error("--data-dir: an empty path")
    data_dir = Path(ns.data_dir) if ns.data_dir else default_data_dir()
    try:
        opened = Wallet.open(data_dir)
    except FolderInUse as exc:
        print(f"{PROG} {COMMAND}: error: {exc} Nothing was written.", file=sys.stderr)
        return 3
    except StoreError as exc:
        print(f"{PROG} {COMMAND}: error: {exc}", file=sys.stderr)
        return 1
    wallet = opened.wallet
    try:
        if opened.notice:
            print(opened.notice, file=sys.stderr)
        if grant is not None:
            made = wallet.grant_free_games(grant.games, grant.stake, grant.game_id, reason=grant.reason)
            print(f"Granted {made.games} free game(s) at {format_cents(made.stake)} for {game_title(made.game_id)} "
                  f"(their {format_cents(made.games * made.stake)} went into the bonus balance).")
        print(f"Balance {format_cents(wallet.balance)}, bonus balance {format_cents(wallet.bonus_balance)} "
              f"(in {wallet.path}).")
        grants = wallet.free_games()
        for item in grants:
            print(f"  {describe(item)}")
        if not grants:
            print("  No free games left.")
    except StoreError as exc:
        print(f"{PROG} {COMMAND}: error: {exc}", file=sys.stderr)
        return 1
    finally:
        wallet.close()
    return 0
