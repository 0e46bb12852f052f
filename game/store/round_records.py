"""Rounds as their records: one read of each table for any number of rounds."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from game.store.checks import loads
from game.store.records import RoundRecord


def records(conn: sqlite3.Connection, rows: Sequence[sqlite3.Row]) -> list[RoundRecord]:
    """The rounds of ``rows`` (rows of ``rounds``) as records: with their decisions and prices, the
    balance before and after them, their pool movements and what the bonus balance paid and won."""
    decisions: dict[int, list[Any]] = {r["id"]: [] for r in rows}
    prices: dict[int, list[int]] = {r["id"]: [] for r in rows}
    entropy: dict[int, list[int | None]] = {r["id"]: [] for r in rows}
    balances: dict[int, tuple[int | None, int | None]] = {}
    pools: dict[int, tuple[int, int]] = {}
    bonus: dict[int, tuple[int, int, int | None]] = {}
    if decisions:
        marks = ",".join("?" * len(decisions))
        for d in conn.execute(
            f"SELECT round_id, data, price, entropy FROM decisions WHERE round_id IN ({marks}) "
            "ORDER BY round_id, seq",
            tuple(decisions),
        ):
            decisions[d["round_id"]].append(json.loads(d["data"]))
            prices[d["round_id"]].append(d["price"])
            entropy[d["round_id"]].append(None if d["entropy"] is None else int(d["entropy"]))
        for b in conn.execute(
            "SELECT l.round_id, f.balance_after + CASE WHEN f.kind = 'debit' THEN f.amount ELSE -f.amount END "
            "AS before, l.balance_after AS after "
            f"FROM (SELECT round_id, MIN(id) AS first, MAX(id) AS last FROM ledger WHERE round_id IN ({marks}) "
            "GROUP BY round_id) m JOIN ledger f ON f.id = m.first JOIN ledger l ON l.id = m.last",
            tuple(decisions),
        ):
            balances[b["round_id"]] = (b["before"], b["after"])
        for p in conn.execute(
            "SELECT round_id, SUM(CASE WHEN kind = 'contribution' THEN units ELSE 0 END) AS contribution, "
            "SUM(CASE WHEN kind = 'payout' THEN units ELSE 0 END) AS payout "
            f"FROM pool_ledger WHERE round_id IN ({marks}) GROUP BY round_id",
            tuple(decisions),
        ):
            pools[p["round_id"]] = (p["contribution"], p["payout"] // 100)
        for b in conn.execute(
            "SELECT round_id, SUM(CASE WHEN kind = 'debit' THEN amount ELSE 0 END) AS paid, "
            "SUM(CASE WHEN kind = 'credit' THEN amount ELSE 0 END) AS won, MAX(grant_id) AS free_game "
            f"FROM bonus_ledger WHERE round_id IN ({marks}) GROUP BY round_id",
            tuple(decisions),
        ):
            bonus[b["round_id"]] = (b["paid"], b["won"], b["free_game"])
    return [
        RoundRecord(
            id=r["id"],
            game_id=r["game_id"],
            bet=r["bet"],
            cost=r["cost"],
            seed=int(r["seed"]),
            buy=bool(r["buy"]),
            state_in=loads(r["state_in"]),
            decisions=decisions[r["id"]],
            decision_costs=prices[r["id"]],
            entropy=entropy[r["id"]],
            progress=loads(r["progress"]),
            status=r["status"],
            win=r["win"],
            state_out=loads(r["state_out"]),
            summary=loads(r["summary"]),
            created_at=r["created_at"],
            settled_at=r["settled_at"],
            note=r["note"],
            engine_version=r["engine_version"],
            data_digest=r["data_digest"],
            replay_check=loads(r["replay_check"]),
            balance_before=balances.get(r["id"], (None, None))[0],
            balance_after=balances.get(r["id"], (None, None))[1] if r["status"] == "settled" else None,
            pool_contribution=pools.get(r["id"], (0, 0))[0],
            jackpot=pools.get(r["id"], (0, 0))[1],
            bonus_cost=bonus.get(r["id"], (0, 0, None))[0],
            bonus_win=bonus.get(r["id"], (0, 0, None))[1],
            free_game=bonus.get(r["id"], (0, 0, None))[2],
        )
        for r in rows
    ]
