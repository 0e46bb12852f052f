"""Rounds: begun (paid) with their inputs, their decisions (and their prices) recorded, their
progress noted, settled (the win credited) once; and read back as records."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

import game.store.carried as carried
import game.store.grants as grants
import game.store.ledger as ledger
import game.store.round_records as round_records
from game.store.carried import StateUpdate
from game.store.checks import (
    MAX_SEED,
    check_cents,
    check_game_id,
    check_id,
    check_limit,
    check_units,
    dumps,
    dumps_dict,
    dumps_opt_dict,
    entropy_text_of,
)
from game.store.errors import InsufficientFunds, RoundNotOpen, StoreError
from game.store.ledger import BONUS, CASH
from game.store.records import RoundRecord
from game.store.transactions import WalletFile

logger = logging.getLogger(__name__)


class RoundBook(WalletFile):
    """The wallet's part that keeps the rounds."""

    def _open_round_in(
        self, conn: sqlite3.Connection, round_id: int, action: str
    ) -> sqlite3.Row:
        """The open round's ``game_id`` and ``cost``; StoreError / RoundNotOpen otherwise."""
        row = conn.execute(
            "SELECT status, game_id, cost FROM rounds WHERE id = ?", (round_id,)
        ).fetchone()
        if row is None:
            raise StoreError(
                f"There is no round {round_id} in the wallet {self._path}."
            )
        if row["status"] != "open":
            raise RoundNotOpen(round_id, action)
        return row

    @staticmethod
    def _bonus_paid(conn: sqlite3.Connection, round_id: int) -> int:
        """The cents of the round's stake paid from the bonus balance (its purchase and decisions)."""
        return int(conn.execute(
            "SELECT COALESCE(SUM(amount), 0) FROM bonus_ledger WHERE round_id = ? AND kind = 'debit'", (round_id,)
        ).fetchone()[0])

    def begin_round(
        self, game_id: str, bet: int, cost: int, seed: int, *, buy: bool = False,
        state_in: dict[str, Any] | None = None, summary: dict[str, Any] | None = None,
        game_state: dict[str, Any] | None = None, engine_version: str | None = None, data_digest: str | None = None,
        replay_check: dict[str, Any] | None = None, pool_seed: int = 0, pool_contribution: int = 0,
        free_game: int | None = None,
    ) -> int:
        """Debit ``cost`` and journal the round's inputs in one transaction; returns its id.

        ``cost`` is the purchase price (the bet, or the buy price); priced decisions recorded
        later add to the round's stake. The payment order: cash first, and what the balance cannot
        cover from the bonus balance beyond the money of the free games still to play (``available``);
        each part is its account's ledger row. Raises InsufficientFunds (and writes nothing) when
        the two together are below ``cost``.

        ``free_game`` (a grant's id, see ``grant_free_games``) makes the round one of that grant's
        free games: its ``cost`` (and ``bet``) must be the grant's stake, it buys no feature, and
        the stake comes wholly from the bonus balance (the grant's own money) while the grant's
        games left go down by one, in the same transaction; StoreError, and nothing written, when
        the grant has no game left or is for another game or stake.
        ``game_state``, when given, replaces the game's carried state in the same
        transaction (e.g. a jackpot pool fed by this bet). A ``cost`` of 0 writes no
        ledger row. ``engine_version``, ``data_digest`` and ``replay_check`` name what played
        the round and what it showed at purchase, so that a replay can be checked against it.

        A round of a game whose carried state holds a jackpot pool (``{"pool": units}``, in
        hundredths of a cent) records, in the same transaction, the pool's ``pool_seed`` when
        this round starts it and the wager's ``pool_contribution`` (``pool_ledger`` rows); the
        pool in ``game_state`` must be the stored one (or none) plus both. Such a round must have
        been computed from the pool the wallet holds (``state_in``'s pool), and no other round of
        its game may be open: otherwise StoreError, and nothing is written.
        """
        check_game_id(game_id)
        check_cents("bet", bet)
        check_cents("cost", cost)
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int)
            or not 0 <= seed <= MAX_SEED
        ):
            raise ValueError(f"seed must be an int in [0, 2**64 - 1], not {seed!r}")
        state_in_json = dumps_opt_dict(state_in, "state_in")
        summary_json = dumps_opt_dict(summary, "summary")
        dumps_opt_dict(game_state, "game_state")
        check_json = dumps_opt_dict(replay_check, "replay_check")
        check_units("pool_seed", pool_seed)
        check_units("pool_contribution", pool_contribution)
        for label, text in (("engine_version", engine_version), ("data_digest", data_digest)):
            if text is not None and not isinstance(text, str):
                raise TypeError(f"{label} must be a str or None, not {type(text).__name__}")
        if free_game is not None:
            if isinstance(free_game, bool) or not isinstance(free_game, int):
                raise TypeError(f"free_game must be a grant's id (an int), not {type(free_game).__name__}")
            if buy:
                raise ValueError("a free game buys no feature")
        with self._write() as tx:
            conn = tx.conn
            if free_game is None:
                cash, bonus = ledger.available_in(conn)
                if cash + bonus < cost:
                    raise InsufficientFunds(cash + bonus, cost)
            else:
                grants.check_free_game(tx, free_game, game_id, bet, cost)
            now = self._now()
            carried.check_pool_round(conn, game_id, state_in, starts=pool_seed > 0)
            cur = conn.execute(
                "INSERT INTO rounds (game_id, bet, cost, seed, buy, state_in, summary, "
                "status, created_at, engine_version, data_digest, replay_check) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)",
                (
                    game_id,
                    bet,
                    cost,
                    str(seed),
                    int(bool(buy)),
                    state_in_json,
                    summary_json,
                    now,
                    engine_version,
                    data_digest,
                    check_json,
                ),
            )
            assert cur.lastrowid is not None  # the INSERT just run sets it
            round_id = cur.lastrowid
            if free_game is not None:
                grants.play_free_game(tx, free_game, round_id, cost, now)
            elif cost > 0:
                ledger.pay(tx, cost, round_id, now)
            if game_state is not None or pool_seed or pool_contribution:
                carried.change_state(tx, game_id, game_state, now, round_id=round_id,
                                     moves=[("seed", pool_seed), ("contribution", pool_contribution)])
            self._journal_record(tx, "begin", rounds=[round_id])
        logger.debug(
            "Round %d begun: %s cost %d seed %d%s", round_id, game_id, cost, seed,
            "" if free_game is None else f" (a free game of grant {free_game})",
        )
        return round_id

    def record_decision(self, round_id: int, decision: object, price: int = 0, entropy: int | None = None) -> int:
        """Append a player decision (any JSON value) to an open round; returns its index.

        ``entropy`` is the 64-bit value the answer is taken with (``RoundPlay.decide``), stored with
        it in the same transaction; None: the round's derived entropy (a reproducible round).

        A ``price`` above 0 is debited in the same transaction, tied to the decision in the
        ledger, and added to the round's ``cost``: the decision and its payment are stored
        together or not at all. It is paid as a purchase is (``begin_round``'s payment order:
        cash first, then the bonus beyond the free games' money; in a free game too). Raises
        InsufficientFunds (and writes nothing) when the two together are below ``price``.
        """
        check_id(round_id)
        check_cents("price", price)
        data = dumps(decision, "decision")
        entropy_text = entropy_text_of(entropy)
        with self._write() as tx:
            conn = tx.conn
            self._open_round_in(conn, round_id, "record a decision")
            if price > 0 and sum(funds := ledger.available_in(conn)) < price:
                raise InsufficientFunds(sum(funds), price)
            seq = int(
                conn.execute(
                    "SELECT COALESCE(MAX(seq) + 1, 0) FROM decisions WHERE round_id = ?",
                    (round_id,),
                ).fetchone()[0]
            )
            now = self._now()
            conn.execute(
                "INSERT INTO decisions (round_id, seq, data, at, price, entropy) VALUES (?, ?, ?, ?, ?, ?)",
                (round_id, seq, data, now, price, entropy_text),
            )
            if price > 0:
                conn.execute(
                    "UPDATE rounds SET cost = cost + ? WHERE id = ?", (price, round_id)
                )
                ledger.pay(tx, price, round_id, now, decision_seq=seq)
            self._journal_record(tx, "decision", rounds=[round_id], decisions=[(round_id, seq)])
        if price > 0:
            logger.debug("Round %d decision %d bought for %d", round_id, seq, price)
        return seq

    def set_progress(self, round_id: int, progress: dict[str, Any]) -> None:
        """Record where the presentation of an open round stands (e.g. ``{"step": 12}``).

        Each call is a durable commit (an fsync): call it per step, not per frame.
        """
        check_id(round_id)
        data = dumps_dict(progress, "progress")
        with self._write() as tx:
            conn = tx.conn
            self._open_round_in(conn, round_id, "set its progress")
            conn.execute(
                "UPDATE rounds SET progress = ? WHERE id = ?", (data, round_id)
            )

    def settle_round(
        self,
        round_id: int,
        win: int,
        *,
        state_out: dict[str, Any] | None = None,
        summary: dict[str, Any] | None = None,
        note: str | None = None,
        game_state: dict[str, Any] | None = None,
        state_updates: Mapping[str, StateUpdate] | None = None,
        expected_cost: int | None = None,
        jackpots: Sequence[tuple[int, int]] = (),
        return_contribution: bool = False,
        decisions: Sequence[object] = (),
        entropy: Sequence[int] = (),
    ) -> int:
        """Credit ``win`` and mark the round settled in one transaction; returns the balance.

        ``decisions`` are free answers taken at the settlement (the stale-round resolver's), appended
        after the recorded ones in the same transaction with the ``entropy`` each was taken with
        (parallel; empty: derived), so that the round's record holds every answer it was played with
        and replays without a strategy.

        The win is credited to cash and bonus in the blend of what the round was paid with: the
        bonus balance gets ``bonus_share(win, cost, bonus paid)`` (rounded down), cash the rest
        (the odd cent), each its account's ledger row; a stake returned (``win`` equal to it) goes
        back to the accounts it came from, cent for cent.
        A second settlement raises RoundNotOpen (a StoreError) and credits nothing.
        ``summary``, when given, replaces the one from ``begin_round``. In the same
        transaction, ``game_state`` replaces the round's game's carried state and
        ``state_updates`` changes any carried state by key (see ``StateUpdate``; it may not
        change a jackpot pool). ``expected_cost``, when given, must equal the
        round's stake as stored (its purchase and priced decisions), or StoreError is raised
        and nothing is written: a win is never credited for a round that was not paid in full.

        The round's game's jackpot pool moves in the same transaction, each movement recorded:
        for each of ``jackpots``, (cents paid, units reseeded after it), in the order they were
        won, the cents (part of ``win``: the round's one credit includes them) are paid from the
        pool and the reseed added back; with ``return_contribution`` (a settlement that returns
        the stake) the wager's contribution is taken back out instead. ``game_state``, when given,
        must hold the pool they reach (when not, the stored state gets it): StoreError otherwise,
        and nothing is written.
        """
        check_id(round_id)
        check_cents("win", win)
        if expected_cost is not None:
            check_cents("expected_cost", expected_cost)
        moves: list[tuple[str, int]] = []
        for paid, reseed in jackpots:
            moves += [("payout", check_cents("a jackpot", paid) * 100), ("reseed", check_units("reseed", reseed))]
        paid_out = sum(units for kind, units in moves if kind == "payout") // 100
        if paid_out > win:
            raise ValueError(f"jackpots of {paid_out} cents are part of the win, but the win is {win}")
        if return_contribution and jackpots:
            raise ValueError("a settlement that returns the contribution pays no jackpot")
        state_out_json = dumps_opt_dict(state_out, "state_out")
        summary_json = dumps_opt_dict(summary, "summary")
        dumps_opt_dict(game_state, "game_state")
        if note is not None and not isinstance(note, str):
            raise TypeError(f"note must be a str or None, not {type(note).__name__}")
        updates = dict(state_updates or {})
        for key, update in updates.items():
            check_game_id(key)
            if not callable(update):
                dumps_dict(update, f"carried state {key!r}")
        answers = [dumps(decision, "decision") for decision in decisions]
        if entropy and len(entropy) != len(answers):
            raise ValueError(f"{len(entropy)} entropy values for {len(answers)} decisions")
        entropy_texts = [entropy_text_of(value) for value in entropy] or [None] * len(answers)
        with self._write() as tx:
            conn = tx.conn
            row = self._open_round_in(conn, round_id, "settle it again")
            now = self._now()
            answered = self._append_free_decisions(conn, round_id, answers, entropy_texts, now)
            if expected_cost is not None and row["cost"] != expected_cost:
                raise StoreError(
                    f"Round {round_id} was paid {row['cost']} cents, not the {expected_cost} "
                    "cents its play cost; it was not settled."
                )
            if game_state is not None and row["game_id"] in updates:
                raise ValueError(
                    f"the carried state of {row['game_id']!r} is given twice (game_state and state_updates)"
                )
            conn.execute(
                "UPDATE rounds SET status = 'settled', win = ?, settled_at = ?, state_out = ?, "
                "summary = COALESCE(?, summary), note = ? WHERE id = ?",
                (win, now, state_out_json, summary_json, note, round_id),
            )
            to_bonus = ledger.bonus_share(win, row["cost"], self._bonus_paid(conn, round_id))
            if win - to_bonus > 0:
                ledger.move(tx, CASH, "credit", win - to_bonus, round_id, now)
            if to_bonus > 0:
                ledger.move(tx, BONUS, "credit", to_bonus, round_id, now)
            if return_contribution:
                moves = [("refund", carried.contribution_of(conn, round_id))]
            if game_state is not None or any(units for _, units in moves):
                carried.change_state(tx, row["game_id"], game_state, now, moves=moves, round_id=round_id)
            carried.apply_state_updates(tx, updates, now)
            balance = ledger.amount_in(conn, CASH)
            self._journal_record(tx, "settle", rounds=[round_id], decisions=answered)
        logger.debug("Round %d settled: win %d, balance %d", round_id, win, balance)
        return balance

    @staticmethod
    def _append_free_decisions(conn: sqlite3.Connection, round_id: int, answers: Sequence[str],
                               entropy: Sequence[str | None], now: str) -> list[tuple[int, int]]:
        """``answers`` (JSON texts, with their entropy texts) appended to the round's decisions at no
        price; their keys."""
        first = int(conn.execute(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM decisions WHERE round_id = ?", (round_id,)
        ).fetchone()[0])
        keys = [(round_id, first + offset) for offset in range(len(answers))]
        conn.executemany(
            "INSERT INTO decisions (round_id, seq, data, at, price, entropy) VALUES (?, ?, ?, ?, 0, ?)",
            [(round_id, seq, data, now, value)
             for (_, seq), data, value in zip(keys, answers, entropy, strict=True)],
        )
        return keys

    def get_round(self, round_id: int) -> RoundRecord:
        """One round by id; StoreError if there is no such round."""
        check_id(round_id)
        with self._read() as conn:
            rows = conn.execute(
                "SELECT * FROM rounds WHERE id = ?", (round_id,)
            ).fetchall()
            if not rows:
                raise StoreError(
                    f"There is no round {round_id} in the wallet {self._path}."
                )
            return round_records.records(conn, rows)[0]

    def open_rounds(self, game_id: str | None = None) -> list[RoundRecord]:
        """Unsettled rounds (of one game, or all), oldest first: what a launch must resume."""
        return self._rounds("open", game_id, newest_first=False)

    def history(self, game_id: str | None, limit: int = 10) -> list[RoundRecord]:
        """Settled rounds of ``game_id`` (``None``: all games), newest round first."""
        check_limit(limit, optional=False)
        return self._rounds("settled", game_id, limit=limit)

    def recall(self, game_id: str | None, limit: int = 10) -> list[RoundRecord]:
        """The last ``limit`` rounds of ``game_id`` (``None``: all games), settled or not, newest first.

        What the player's history (recall) shows: an open round is one being played now or one
        interrupted by an earlier run (begun before ``opened_at``) that has not settled yet.
        """
        check_limit(limit, optional=False)
        return self._rounds(None, game_id, limit=limit)

    def _rounds(self, status: str | None, game_id: str | None, *, newest_first: bool = True,
                limit: int | None = None) -> list[RoundRecord]:
        """The rounds in ``status`` (None: any) of ``game_id`` (None: any game), by id, at most ``limit``."""
        where = {"status = ?": status, "game_id = ?": game_id}
        where = {condition: value for condition, value in where.items() if value is not None}
        sql = "SELECT * FROM rounds" + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY id DESC" if newest_first else " ORDER BY id"
        params: list[Any] = list(where.values())
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self._read() as conn:
            return round_records.records(conn, conn.execute(sql, params).fetchall())
