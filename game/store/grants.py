"""Grants of free games: a number of games at one stake, for one game or any, whose money goes into
the bonus balance when granted and pays each free game's stake when it is begun."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import game.store.ledger as ledger
from game.store.checks import MAX_FREE_GAMES, check_cents, check_game_id
from game.store.errors import StoreError
from game.store.ledger import BONUS
from game.store.records import FreeGames
from game.store.transactions import Tx, WalletFile

logger = logging.getLogger(__name__)


def grant(tx: Tx, games: int, stake: int, game_id: str | None, reason: str, now: str) -> int:
    """The grant written, its money (games x stake) into the bonus balance; returns its id."""
    cur = tx.conn.execute(
        "INSERT INTO free_games (game_id, stake, games, games_left, reason, granted_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, stake, games, games, reason, now),
    )
    assert cur.lastrowid is not None  # the INSERT just run sets it
    grant_id = cur.lastrowid
    tx.grants.append(grant_id)
    ledger.move(tx, BONUS, "grant", games * stake, None, now, reason=reason, grant_id=grant_id)
    return grant_id


def grants_in(conn: sqlite3.Connection, where: str = "", params: tuple[Any, ...] = ()) -> list[FreeGames]:
    """The grants (``where``: an SQL condition on ``free_games``), oldest first."""
    return [
        FreeGames(id=r["id"], game_id=r["game_id"], stake=r["stake"], games=r["games"],
                  games_left=r["games_left"], reason=r["reason"], granted_at=r["granted_at"])
        for r in conn.execute(f"SELECT * FROM free_games {where} ORDER BY id", params)
    ]


def check_free_game(tx: Tx, grant_id: int, game_id: str, bet: int, cost: int) -> None:
    """A free game about to begin: its grant has a game left, for this game and at this stake."""
    row = tx.conn.execute("SELECT game_id, stake, games_left FROM free_games WHERE id = ?", (grant_id,)).fetchone()
    if row is None:
        raise StoreError(f"There is no grant {grant_id} of free games in the wallet {tx.path}.")
    if row["games_left"] < 1:
        raise StoreError(f"The free games of grant {grant_id} have all been played; the round was not begun.")
    if row["game_id"] not in (None, game_id):
        raise StoreError(f"The free games of grant {grant_id} are for {row['game_id']!r}, not {game_id!r}; "
                         "the round was not begun.")
    if (bet, cost) != (row["stake"], row["stake"]):
        raise StoreError(f"The free games of grant {grant_id} are played at {row['stake']} cents, not a bet of "
                         f"{bet} costing {cost}; the round was not begun.")


def play_free_game(tx: Tx, grant_id: int, round_id: int, cost: int, now: str) -> None:
    """One of the grant's games begun: a game fewer left, its stake paid from the grant's money."""
    tx.conn.execute("UPDATE free_games SET games_left = games_left - 1 WHERE id = ?", (grant_id,))
    tx.grants.append(grant_id)
    ledger.move(tx, BONUS, "debit", cost, round_id, now, grant_id=grant_id)


def audit_grants(conn: sqlite3.Connection) -> list[str]:
    """Each grant against its movements: its money came in once, its games left are its games less
    those begun (each paid its stake from the bonus, on its game), and the bonus holds at least
    the money of the games left."""
    problems: list[str] = []
    for g in conn.execute(
        """
        SELECT f.id, f.game_id, f.stake, f.games, f.games_left,
               COALESCE(m.n_grant, 0) AS n_grant, COALESCE(m.granted, 0) AS granted,
               COALESCE(m.played, 0) AS played, COALESCE(m.paid, 0) AS paid,
               COALESCE(m.off_stake, 0) AS off_stake, COALESCE(m.other_game, 0) AS other_game
        FROM free_games f LEFT JOIN (
            SELECT b.grant_id,
                   SUM(b.kind = 'grant') AS n_grant,
                   SUM(CASE WHEN b.kind = 'grant' THEN b.amount ELSE 0 END) AS granted,
                   SUM(b.kind = 'debit') AS played,
                   SUM(CASE WHEN b.kind = 'debit' THEN b.amount ELSE 0 END) AS paid,
                   SUM(b.kind = 'debit' AND (r.bet != g.stake OR r.cost - COALESCE(d.priced, 0) != g.stake
                                             OR r.buy)) AS off_stake,
                   SUM(b.kind = 'debit' AND g.game_id IS NOT NULL AND r.game_id != g.game_id) AS other_game
            FROM bonus_ledger b
            JOIN free_games g ON g.id = b.grant_id
            LEFT JOIN rounds r ON r.id = b.round_id
            LEFT JOIN (SELECT round_id, SUM(price) AS priced FROM decisions GROUP BY round_id) d
                   ON d.round_id = b.round_id
            WHERE b.grant_id IS NOT NULL GROUP BY b.grant_id
        ) m ON m.grant_id = f.id
        ORDER BY f.id
        """
    ):
        gid = g["id"]
        if g["n_grant"] != 1 or g["granted"] != g["games"] * g["stake"]:
            problems.append(f"grant {gid} of {g['games']} free game(s) at {g['stake']}: {g['n_grant']} grant "
                            f"movement(s) totalling {g['granted']}, not one of {g['games'] * g['stake']}")
        if g["games"] - g["games_left"] != g["played"]:
            problems.append(f"grant {gid}: {g['games_left']} of {g['games']} free game(s) left, but "
                            f"{g['played']} were begun")
        if g["paid"] != g["played"] * g["stake"] or g["off_stake"]:
            problems.append(f"grant {gid}: its {g['played']} free game(s) paid {g['paid']} from the bonus, "
                            f"not {g['stake']} each at a bet of {g['stake']}")
        if g["other_game"]:
            problems.append(f"grant {gid}: {g['other_game']} of its free games were played on another game "
                            f"than {g['game_id']!r}")
    stray = conn.execute(
        "SELECT COUNT(*) FROM bonus_ledger b WHERE b.grant_id IS NOT NULL "
        "AND NOT EXISTS (SELECT 1 FROM free_games f WHERE f.id = b.grant_id)"
    ).fetchone()[0]
    if stray:
        problems.append(f"{stray} bonus ledger row(s) name grants of free games that do not exist")
    bonus, reserved = ledger.amount_in(conn, BONUS), ledger.reserved_in(conn)
    if bonus < reserved:
        problems.append(f"bonus balance {bonus} is less than the {reserved} of the free games left")
    return problems


class FreeGameGrants(WalletFile):
    """The wallet's part that grants free games and lists them."""

    def grant_free_games(self, games: int, stake: int, game_id: str | None = None, *,
                         reason: str = "free games") -> FreeGames:
        """Grant ``games`` free games at ``stake`` cents for ``game_id`` (None: any game whose bet
        ladder offers that stake), in one transaction: the grant, and its money (games x stake) into
        the bonus balance (a ``grant`` row of the bonus ledger). Returns the grant."""
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_FREE_GAMES:
            raise ValueError(f"games must be an int from 1 to {MAX_FREE_GAMES}, not {games!r}")
        check_cents("stake", stake, positive=True)
        check_cents("the grant's money", games * stake, positive=True)
        if game_id is not None:
            check_game_id(game_id)
        if not isinstance(reason, str) or not reason:
            raise ValueError(f"reason must be a non-empty string, not {reason!r}")
        with self._write() as tx:
            grant_id = grant(tx, games, stake, game_id, reason, self._now())
            self._journal_record(tx, "grant")
            made = grants_in(tx.conn, "WHERE id = ?", (grant_id,))[0]
        logger.info("Granted %d free game(s) at %d cents for %s (%s)", games, stake, game_id or "any game", reason)
        return made

    def free_games(self, game_id: str | None = None, bets: tuple[int, ...] | None = None, *,
                   used: bool = False) -> list[FreeGames]:
        """Grants of free games, oldest first: those with games left (``used``: every grant ever made),
        of those a game ``game_id`` with the bet ladder ``bets`` may play when they are given."""
        try:  # one statement: no transaction needed
            grants = grants_in(self._db(), "" if used else "WHERE games_left > 0")
        except sqlite3.Error as exc:
            raise self._unreadable(exc) from exc
        if game_id is not None:
            grants = [g for g in grants if g.game_id in (None, game_id)]
        if bets is not None:
            grants = [g for g in grants if g.stake in bets]
        return grants
