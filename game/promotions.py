"""Promotional free games: the welcome grant every player's wallet gets once, and the command that
grants more.

    python -m game free-games [--data-dir DIR]                                  # what the wallet holds
    python -m game free-games --grant N --stake CENTS [--game ID] [--reason TEXT] [--data-dir DIR]

A grant is N free games at a fixed stake (cents) for one game (``--game``), or for any game whose
bet ladder offers that stake; its money (N x stake) goes into the wallet's bonus balance at once
(``Wallet.grant_free_games``), and each free game's stake is paid from it. The command writes to
the wallet in the data folder (``--data-dir``, or the platform's default), so it refuses while the
game is open on that folder (the folder's lock), and writes nothing then.

The promotion's limits (the store itself takes any grant its checks allow; these are the policy):
at most ``MAX_GRANT_GAMES`` games a grant, a stake on the game's bet ladder (for any game: one some
playable game's ladder offers), at most one pending grant (games left) per game, and one for any
game, in a wallet; counts and stakes in ASCII digits only (``int()`` would take ``٣``); a reason of
at most ``MAX_REASON`` printable characters. Every grant ever made is listed with when and why.

Exit status: 0 done; 1 the wallet could not be opened or written (the line says why); 2 a wrong
flag or value (an unknown game, a stake its ladder does not offer, a count or stake out of range,
a reason too long, a grant still pending for that game); 3 the game is open on the data folder
(close it first); 4 the wallet needs attention (its records do not verify: nothing is written).
The demo's and the practice wallets get no welcome grant.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from . import PROG
from .catalogue import CATALOGUE, entry
from .engine.money import format_cents
from .store import (
    ATTENTION_STATUS,
    MAX_CENTS,
    FolderInUse,
    FreeGames,
    StoreError,
    Wallet,
    WalletAttention,
    default_data_dir,
)
from .verified_wallet import open_verified

COMMAND = "free-games"
MAX_GRANT_GAMES = 100  # a grant's games at most
MAX_REASON = 200  # characters of a grant's reason
DEFAULT_REASON = "granted by free-games"
_DIGITS = re.compile(r"[0-9]+")


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


def history_line(grant: FreeGames) -> str:
    """A grant as the history lists it: when (UTC, to the second), what, and why."""
    when = grant.granted_at[:19].replace("T", " ")
    return (f"{when} UTC: {grant.games} free game(s) at {format_cents(grant.stake)} for {game_title(grant.game_id)}, "
            f"{grant.games_left} left; reason: {grant.reason}")


def pending_grant(wallet: Wallet, game_id: str | None) -> FreeGames | None:
    """The wallet's grant with games left for exactly ``game_id`` (None: the grant for any game), if any."""
    return next((made for made in wallet.free_games() if made.game_id == game_id), None)


# --------------------------------------------------------------------------- the command


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _count(text: str) -> int:
    """A whole number of 1 or more written in ASCII digits (``int()`` alone takes ``٣`` and ``+3``)."""
    if not _DIGITS.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number in the digits 0-9")
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1")
    return value


def _reason(text: str) -> str:
    """A grant's reason: 1 to ``MAX_REASON`` printable characters on one line."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the reason is empty")
    if len(text) > MAX_REASON:
        raise argparse.ArgumentTypeError(f"at most {MAX_REASON} characters, not {len(text)}")
    if not text.isprintable():
        raise argparse.ArgumentTypeError("the reason must be printable text on one line")
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog=f"{PROG} {COMMAND}",
        description="Show the wallet's bonus balance and free games, or grant more free games.",
        epilog="Exit status: 0 done, 1 the wallet could not be used, 2 a wrong flag or value, "
               "3 the game is open on the data folder.",
    )
    parser.add_argument("--grant", type=_count, metavar="N",
                        help=f"grant N free games, 1 to {MAX_GRANT_GAMES} (needs --stake; one pending grant a game)")
    parser.add_argument("--stake", type=_count, metavar="CENTS",
                        help="the free games' stake in cents, one of the game's bets (50 = 0.50)")
    parser.add_argument("--game", metavar="ID", help="the game they are for (default: any game offering the stake)")
    parser.add_argument("--reason", type=_reason, default=DEFAULT_REASON, metavar="TEXT",
                        help=f"why they are granted, listed with the grant (up to {MAX_REASON} characters; "
                             f"default: {DEFAULT_REASON!r})")
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
    if ns.grant > MAX_GRANT_GAMES:
        parser.error(f"--grant: at most {MAX_GRANT_GAMES} free games a grant, not {ns.grant}")
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
    if ns.grant is None and (ns.stake is not None or ns.game is not None or ns.reason != DEFAULT_REASON):
        parser.error("--stake, --game and --reason go with --grant N")
    grant = _check_grant(parser, ns) if ns.grant is not None else None
    if ns.data_dir == "":
        parser.error("--data-dir: an empty path")
    data_dir = Path(ns.data_dir) if ns.data_dir else default_data_dir()
    try:
        opened = open_verified(data_dir)
    except FolderInUse as exc:
        print(f"{PROG} {COMMAND}: error: {exc} Nothing was written.", file=sys.stderr)
        return 3
    except WalletAttention as exc:
        print(f"{PROG} {COMMAND}: error: {exc}; nothing was written (start the game to restore the last verified "
              "state, or run it with --restore-verified)", file=sys.stderr)
        return ATTENTION_STATUS
    except StoreError as exc:
        print(f"{PROG} {COMMAND}: error: {exc}", file=sys.stderr)
        return 1
    wallet = opened.wallet
    try:
        if opened.notice:
            print(opened.notice, file=sys.stderr)
        if grant is not None:
            pending = pending_grant(wallet, grant.game_id)
            if pending is not None:
                print(f"{PROG} {COMMAND}: error: --grant: the wallet already holds free games for "
                      f"{game_title(grant.game_id)} ({describe(pending)}); one pending grant a game: play "
                      "them first. Nothing was written.", file=sys.stderr)
                return 2
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
        made_ever = wallet.free_games(used=True)
        if made_ever:
            print("Every grant, oldest first:")
            for item in made_ever:
                print(f"  {history_line(item)}")
    except StoreError as exc:
        print(f"{PROG} {COMMAND}: error: {exc}", file=sys.stderr)
        return 1
    finally:
        wallet.close()
    return 0
