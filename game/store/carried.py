"""Carried states (what a game keeps between rounds) and the jackpot pools they may hold.

A pool (a state's ``"pool"``, in hundredths of a cent) changes only with each movement recorded
in ``pool_ledger`` (its seed, each wager's contribution, each jackpot paid and the reseed after
it, a contribution returned); a state written without them, or movements that do not reach the
pool written, are refused and nothing is written.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.store.checks import check_game_id, check_limit, dumps_dict, pool_in
from game.store.errors import StoreError
from game.store.records import POOL_INFLOWS, PoolEntry, PoolRound
from game.store.transactions import Tx, WalletFile

# A change to a carried state (``Wallet.settle_round(state_updates=...)``): a dict replaces the
# stored state; a function gets the stored state ({} if none) inside the transaction and returns
# the new one, so that a read-modify-write cannot interleave. Neither may change a jackpot pool
# (a state's ``"pool"``): a pool moves only with its movements recorded (``begin_round``'s
# ``pool_seed`` / ``pool_contribution``, ``settle_round``'s ``jackpots`` / ``return_contribution``).
StateUpdate = dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any]]


def stored_state(conn: sqlite3.Connection, game_id: str) -> dict[str, Any]:
    """The carried state of ``game_id`` ({} if none was stored)."""
    row = conn.execute("SELECT state FROM game_state WHERE game_id = ?", (game_id,)).fetchone()
    return {} if row is None else dict(json.loads(row["state"]))


def _put_state(tx: Tx, game_id: str, state: str, now: str) -> None:
    tx.states.append(game_id)
    tx.conn.execute(
        "INSERT INTO game_state (game_id, state, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET state = excluded.state, "
        "updated_at = excluded.updated_at",
        (game_id, state, now),
    )


def change_state(
    tx: Tx,
    game_id: str,
    state: dict[str, Any] | None,
    now: str,
    *,
    moves: Sequence[tuple[str, int]] = (),
    round_id: int | None = None,
) -> None:
    """Write a carried state, each change to the jackpot pool it holds recorded as a movement.

    ``moves`` ((kind, units), in order, 0 units skipped) change the stored pool; a ``seed``
    starts a pool where the state held none. ``state`` (None: the stored state, its pool
    changed by ``moves``) must hold the pool they reach: a pool changed without its movements,
    or movements that do not reach the pool given, raise StoreError and nothing is written.
    """
    conn = tx.conn
    stored = stored_state(conn, game_id)
    pool = pool_in(stored, f"the carried state of {game_id!r}")
    moves = [(kind, units) for kind, units in moves if units]
    for kind, units in moves:
        if kind == "seed":
            if pool is not None:
                raise StoreError(f"The jackpot pool of {game_id!r} has started already: it is not seeded again.")
            pool = 0
        elif pool is None:
            raise StoreError(f"{game_id!r} has no jackpot pool to record a {kind} of {units} units in.")
        pool += units if kind in POOL_INFLOWS else -units
        if pool < 0:
            raise StoreError(f"The jackpot pool of {game_id!r} would be negative ({pool} units) after a {kind}.")
        assert round_id is not None  # every movement belongs to the round that made it
        cur = conn.execute(
            "INSERT INTO pool_ledger (game_id, round_id, kind, units, pool_after, at) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, round_id, kind, units, pool, now),
        )
        assert cur.lastrowid is not None  # the INSERT just run sets it
        tx.pool.append(cur.lastrowid)
    if state is None:
        if not moves:
            return
        state = {**stored, "pool": pool}
    else:
        given = pool_in(state, f"the new carried state of {game_id!r}")
        if given != pool:
            raise StoreError(
                f"The carried state of {game_id!r} would hold a jackpot pool of {given} units, but its "
                f"movements give {pool}: a pool changes only with its movements recorded; nothing was written."
            )
    _put_state(tx, game_id, dumps_dict(state, f"carried state {game_id!r}"), now)


def apply_state_updates(tx: Tx, updates: Mapping[str, StateUpdate], now: str) -> None:
    """Each carried state in ``updates`` replaced (a dict) or changed (a function of the stored one)."""
    for key, update in updates.items():
        if callable(update):
            update = update(stored_state(tx.conn, key))
        dumps_dict(update, f"carried state {key!r}")
        change_state(tx, key, update, now)


def check_pool_round(conn: sqlite3.Connection, game_id: str, state_in: dict[str, Any] | None, *,
                     starts: bool) -> None:
    """A round about to begin on a jackpot pool: computed from the stored pool, alone in its game.

    The round's pool arithmetic starts from ``state_in``; the wallet then stores its outcome by
    movements from the pool it holds. The two must be the same pool, and no other open round
    of the game may move it meanwhile. A round of a game with no pool (and not starting one)
    is not concerned.
    """
    held = pool_in(stored_state(conn, game_id), f"the carried state of {game_id!r}")
    if held is None and not starts:
        return
    computed = pool_in(state_in, "the round's state_in")
    if computed != held:
        raise StoreError(
            f"The round of {game_id!r} was computed from a jackpot pool of {computed} units, but the wallet "
            f"holds {held}; it was not begun."
        )
    other = conn.execute(
        "SELECT id FROM rounds WHERE game_id = ? AND status = 'open' ORDER BY id LIMIT 1", (game_id,)
    ).fetchone()
    if other is not None:
        raise StoreError(
            f"Round {other['id']} of {game_id!r} is still open: a round on its jackpot pool begins only "
            "when the last one has settled; it was not begun."
        )


def contribution_of(conn: sqlite3.Connection, round_id: int) -> int:
    """The units the round's wager added to its game's jackpot pool (0: none)."""
    return int(conn.execute(
        "SELECT COALESCE(SUM(units), 0) FROM pool_ledger WHERE round_id = ? AND kind = 'contribution'",
        (round_id,),
    ).fetchone()[0])


def pool_entries(conn: sqlite3.Connection, game_id: str | None = None, limit: int | None = None) -> list[PoolEntry]:
    """Jackpot pool movements (of one pool, or all), newest first (at most ``limit``)."""
    sql = "SELECT * FROM pool_ledger"
    params: tuple[Any, ...] = ()
    if game_id is not None:
        sql += " WHERE game_id = ?"
        params = (game_id,)
    sql += " ORDER BY id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params = (*params, limit)
    rows = conn.execute(sql, params).fetchall()
    return [
        PoolEntry(id=r["id"], game_id=r["game_id"], round_id=r["round_id"], kind=r["kind"], units=r["units"],
                  pool_after=r["pool_after"], at=r["at"])
        for r in rows
    ]


def pool_rounds(conn: sqlite3.Connection, game_id: str) -> list[PoolRound]:
    """Every round of ``game_id`` begun while it had a jackpot pool, with its pool movements, oldest first.

    What a check that knows the game's rules compares with them (``game.session.pool_problems``).
    """
    rows = conn.execute(
        """
        SELECT r.id, r.status, r.cost - COALESCE(d.priced, 0) AS purchase, r.win,
               COALESCE(p.seed, 0) AS seed, COALESCE(p.contribution, 0) AS contribution,
               COALESCE(p.payout, 0) AS payout, COALESCE(p.reseed, 0) AS reseed,
               COALESCE(p.refund, 0) AS refund, COALESCE(p.payouts, 0) AS payouts,
               COALESCE(p.reseeds, 0) AS reseeds
        FROM rounds r
        LEFT JOIN (SELECT round_id, SUM(price) AS priced FROM decisions GROUP BY round_id) d
               ON d.round_id = r.id
        LEFT JOIN (
            SELECT round_id,
                   SUM(CASE WHEN kind = 'seed' THEN units ELSE 0 END) AS seed,
                   SUM(CASE WHEN kind = 'contribution' THEN units ELSE 0 END) AS contribution,
                   SUM(CASE WHEN kind = 'payout' THEN units ELSE 0 END) AS payout,
                   SUM(CASE WHEN kind = 'reseed' THEN units ELSE 0 END) AS reseed,
                   SUM(CASE WHEN kind = 'refund' THEN units ELSE 0 END) AS refund,
                   SUM(kind = 'payout') AS payouts, SUM(kind = 'reseed') AS reseeds
            FROM pool_ledger GROUP BY round_id
        ) p ON p.round_id = r.id
        WHERE r.game_id = ?1
          AND r.id >= (SELECT MIN(round_id) FROM pool_ledger WHERE game_id = ?1 AND kind = 'seed')
        ORDER BY r.id
        """,
        (game_id,),
    ).fetchall()
    return [
        PoolRound(round_id=r["id"], status=r["status"], purchase_price=r["purchase"], win=r["win"],
                  seed=r["seed"], contribution=r["contribution"], payout=r["payout"], reseed=r["reseed"],
                  refund=r["refund"], payouts=r["payouts"], reseeds=r["reseeds"])
        for r in rows
    ]


def audit_pools(conn: sqlite3.Connection) -> list[str]:
    """The jackpot pools: their movements, the pools carried, and each round's share in them."""
    problems, sums = _audit_pool_rows(conn)
    carried: dict[str, int] = {}
    for row in conn.execute("SELECT game_id, state FROM game_state ORDER BY game_id"):
        try:
            pool = pool_in(json.loads(row["state"]), f"the carried state of {row['game_id']!r}")
        except (StoreError, ValueError) as exc:
            problems.append(str(exc))
            continue
        if pool is not None:
            carried[row["game_id"]] = pool
    for key in sorted(set(sums) | set(carried)):
        held, moved = carried.get(key), sums.get(key)
        if moved is None:
            problems.append(f"the {key} pool carried is {held} units, but it has no movements")
        elif held is None:
            problems.append(f"the {key} pool's movements sum to {moved} units, but no pool is carried")
        elif held != moved:
            problems.append(f"the {key} pool carried is {held} units, but its movements sum to {moved}")
    # Each round's movements: one wager's (its pool's seed, its contribution) and one
    # settlement's (each jackpot paid and the reseed after it, or its contribution returned).
    for r in conn.execute(
        """
        SELECT p.*, r.id AS found, r.game_id AS game, r.status, r.win FROM (
            SELECT round_id, MIN(game_id) AS first_pool, MAX(game_id) AS last_pool,
                   SUM(kind = 'seed') AS n_seed, SUM(kind = 'contribution') AS n_contribution,
                   SUM(kind = 'payout') AS n_payout, SUM(kind = 'reseed') AS n_reseed,
                   SUM(kind = 'refund') AS n_refund,
                   SUM(CASE WHEN kind = 'contribution' THEN units ELSE 0 END) AS contribution,
                   SUM(CASE WHEN kind = 'payout' THEN units ELSE 0 END) AS payout,
                   SUM(CASE WHEN kind = 'reseed' THEN units ELSE 0 END) AS reseed,
                   SUM(CASE WHEN kind = 'refund' THEN units ELSE 0 END) AS refund
            FROM pool_ledger GROUP BY round_id
        ) p LEFT JOIN rounds r ON r.id = p.round_id
        ORDER BY p.round_id
        """
    ):
        rid = r["round_id"]
        if r["found"] is None:
            problems.append(f"pool movements of round {rid}, which does not exist")
            continue
        if r["first_pool"] != r["game"] or r["last_pool"] != r["game"]:
            problems.append(f"round {rid} of {r['game']} moved another game's pool")
        for kind in ("seed", "contribution", "refund"):
            if r[f"n_{kind}"] > 1:
                problems.append(f"round {rid}: {r[f'n_{kind}']} pool {kind} movements")
        settled = r["payout"] or r["reseed"] or r["refund"]
        if r["status"] != "settled":
            if settled:
                problems.append(f"round {rid} is open but its pool movements settle it")
            continue
        if r["payout"] // 100 > r["win"]:
            problems.append(f"round {rid}: jackpots of {r['payout'] // 100} paid from the pool, "
                            f"more than its credit {r['win']}")
        if r["n_reseed"] != r["n_payout"]:
            problems.append(f"round {rid}: {r['n_payout']} jackpot(s) paid from the pool but "
                            f"{r['n_reseed']} reseed(s)")
        if r["refund"] and (r["refund"] != r["contribution"] or r["payout"]):
            problems.append(f"round {rid}: {r['refund']} units returned from the pool, but it contributed "
                            f"{r['contribution']} and was paid {r['payout']} from it")
    return problems


def _audit_pool_rows(conn: sqlite3.Connection) -> tuple[list[str], dict[str, int]]:
    """Each pool's movements in order: seeded first and once, ``pool_after`` following, never
    negative. Returns the problems and each pool's sum of movements."""
    problems: list[str] = []
    sums: dict[str, int] = {}
    chain: dict[str, int] = {}
    for row in conn.execute("SELECT id, game_id, kind, units, pool_after FROM pool_ledger ORDER BY id"):
        key, kind = row["game_id"], row["kind"]
        if key not in sums:
            if kind != "seed":
                problems.append(f"pool {row['id']}: the first movement of the {key} pool is a {kind}, not its seed")
            sums[key] = chain[key] = 0
        elif kind == "seed":
            problems.append(f"pool {row['id']}: the {key} pool is seeded a second time")
        delta = row["units"] if kind in POOL_INFLOWS else -row["units"]
        sums[key] += delta
        chain[key] += delta
        if row["pool_after"] != chain[key]:
            problems.append(f"pool {row['id']}: the {key} pool's pool_after {row['pool_after']} "
                            f"but movements give {chain[key]}")
            chain[key] = row["pool_after"]  # report each break once
        if chain[key] < 0:
            problems.append(f"pool {row['id']}: the {key} pool went negative ({chain[key]})")
    return problems, sums


class CarriedStates(WalletFile):
    """The wallet's part that keeps each game's carried state and shows its jackpot pool."""

    def game_state(self, game_id: str) -> dict[str, Any]:
        """The state a game carries between rounds (``{}`` if none was stored)."""
        check_game_id(game_id)
        with self._read() as conn:
            return stored_state(conn, game_id)

    def set_game_state(self, game_id: str, state: dict[str, Any]) -> None:
        """Replace a game's carried state; StoreError if that would change a jackpot pool."""
        check_game_id(game_id)
        dumps_dict(state, "state")
        with self._write() as tx:
            change_state(tx, game_id, state, self._now())
            self._journal_record(tx, "state")

    def jackpot_pool(self, game_id: str) -> int | None:
        """The jackpot pool of ``game_id`` in hundredths of a cent; None before its first round.

        One indexed read, no transaction: cheap enough for a counter shown live.
        """
        check_game_id(game_id)
        try:
            row = self._db().execute("SELECT state FROM game_state WHERE game_id = ?", (game_id,)).fetchone()
        except sqlite3.Error as exc:
            raise self._unreadable(exc) from exc
        return None if row is None else pool_in(json.loads(row["state"]), f"the carried state of {game_id!r}")

    def pool_ledger(self, game_id: str | None = None, limit: int | None = None) -> list[PoolEntry]:
        """Jackpot pool movements (of one pool, or all), newest first (at most ``limit``)."""
        check_limit(limit)
        if game_id is not None:
            check_game_id(game_id)
        with self._read() as conn:
            return pool_entries(conn, game_id, limit)

    def pool_rounds(self, game_id: str) -> list[PoolRound]:
        """Every round of ``game_id`` begun while it had a jackpot pool, with its pool movements, oldest first.

        What a check that knows the game's rules compares with them (``game.session.pool_problems``).
        """
        check_game_id(game_id)
        with self._read() as conn:
            return pool_rounds(conn, game_id)
