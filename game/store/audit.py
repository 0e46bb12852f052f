"""The wallet's audit: every account, round, jackpot pool and grant of free games checked against
the movements that made it. Problems are reported, never mended here (a launch mends what the
journal can, :mod:`game.store.reconcile`)."""

from __future__ import annotations

import sqlite3

import game.store.carried as carried
import game.store.grants as grants
import game.store.ledger as ledger
from game.store.ledger import BONUS, CASH
from game.store.transactions import WalletFile


class Audit(WalletFile):
    """The wallet's part that audits it."""

    def audit(self) -> list[str]:
        """Consistency problems found in the file; an empty list means all is well.

        Checks that the balance equals the starting balance plus every ledger movement,
        that each ledger row's ``balance_after`` follows from the previous one, and that
        every round has exactly the debits and credit its purchase, priced decisions and
        win call for (:func:`audit_rounds`). For the jackpot pools (``carried.audit_pools``):
        each pool carried in a game's state equals the sum of its movements, each ``pool_after``
        follows and none is negative, and each round's movements are those of one wager and one
        settlement (a jackpot paid is part of its credit). Whether a contribution is the game's
        share of the stake needs the game's rules: ``game.session.pool_problems``.

        The bonus balance likewise (``ledger.audit_account``, ``grants.audit_grants``): it equals
        its ledger's movements, each ``bonus_after`` follows and none is negative; each grant's
        money came in once, its games left are its games less the free games begun on it (each
        paid its stake from the bonus), and the bonus holds at least the money of the games left.
        Each round's stake is its cash and bonus debits together (purchase and each decision),
        and a settled round's win is its cash and bonus credits, split in the blend of its stake
        (``bonus_share``).
        """
        with self._read() as conn:
            return audit_file(conn, self._starting_balance)


def audit_file(conn: sqlite3.Connection, starting_balance: int) -> list[str]:
    """:meth:`Audit.audit` on an open connection (rows read by name: ``sqlite3.Row``)."""
    problems = ledger.audit_account(conn, CASH, starting_balance)
    problems += audit_rounds(conn)
    problems += carried.audit_pools(conn)
    problems += ledger.audit_account(conn, BONUS, 0)
    problems += grants.audit_grants(conn)
    for account in (CASH, BONUS):
        orphans = conn.execute(
            f"SELECT COUNT(*) FROM {account.table} l WHERE l.round_id IS NOT NULL "
            "AND NOT EXISTS (SELECT 1 FROM rounds r WHERE r.id = l.round_id)"
        ).fetchone()[0]
        if orphans:
            problems.append(f"{orphans} {account.rows} row(s) refer to rounds that do not exist")
    return problems


def audit_rounds(conn: sqlite3.Connection) -> list[str]:
    """Each round's debits and credits, in both accounts, against what it bought and won.

    A round has at most one purchase debit (no ``decision_seq``) in each account, together
    equal to its purchase price; at most one debit per account for each priced decision,
    together equal to the decision's price (none for a free one); debits summing to its
    ``cost``; and, once settled, at most one credit per account, together equal to its win,
    the bonus credit being ``bonus_share`` of it (the blend of its stake). Messages count the
    debits and credits of both accounts together.
    """
    problems: list[str] = []
    # The purchase price is the stake less the decisions' prices. Only mismatched rounds
    # come back (normally none).
    for r in conn.execute(
        """
        SELECT * FROM (
            SELECT r.id, r.status, r.cost, r.win,
                   COALESCE(d.priced, 0) AS priced,
                   r.cost - COALESCE(d.priced, 0) AS purchase,
                   COALESCE(m.n_purchase, 0) AS n_purchase,
                   COALESCE(m.max_purchase, 0) AS max_purchase,
                   COALESCE(m.purchased, 0) AS purchased,
                   COALESCE(m.n_debit, 0) AS n_debit,
                   COALESCE(m.debited, 0) AS debited,
                   COALESCE(m.bonus_paid, 0) AS bonus_paid,
                   COALESCE(m.n_credit, 0) AS n_credit,
                   COALESCE(m.max_credit, 0) AS max_credit,
                   COALESCE(m.credited, 0) AS credited,
                   COALESCE(m.bonus_won, 0) AS bonus_won
            FROM rounds r
            LEFT JOIN (
                SELECT round_id, SUM(price) AS priced FROM decisions GROUP BY round_id
            ) d ON d.round_id = r.id
            LEFT JOIN (
                SELECT round_id,
                       SUM(n_purchase) AS n_purchase, MAX(n_purchase) AS max_purchase,
                       SUM(purchased) AS purchased, SUM(n_debit) AS n_debit, SUM(debited) AS debited,
                       SUM(CASE WHEN account = 'bonus' THEN debited ELSE 0 END) AS bonus_paid,
                       SUM(n_credit) AS n_credit, MAX(n_credit) AS max_credit, SUM(credited) AS credited,
                       SUM(CASE WHEN account = 'bonus' THEN credited ELSE 0 END) AS bonus_won
                FROM (
                    SELECT round_id, account,
                           SUM(kind = 'debit' AND decision_seq IS NULL) AS n_purchase,
                           SUM(CASE WHEN kind = 'debit' AND decision_seq IS NULL
                                    THEN amount ELSE 0 END) AS purchased,
                           SUM(kind = 'debit') AS n_debit,
                           SUM(CASE WHEN kind = 'debit' THEN amount ELSE 0 END) AS debited,
                           SUM(kind = 'credit') AS n_credit,
                           SUM(CASE WHEN kind = 'credit' THEN amount ELSE 0 END) AS credited
                    FROM (
                        SELECT round_id, kind, amount, decision_seq, 'cash' AS account
                        FROM ledger WHERE round_id IS NOT NULL
                        UNION ALL
                        SELECT round_id, kind, amount, decision_seq, 'bonus' AS account
                        FROM bonus_ledger WHERE round_id IS NOT NULL
                    )
                    GROUP BY round_id, account
                )
                GROUP BY round_id
            ) m ON m.round_id = r.id
        )
        WHERE purchase < 0 OR max_purchase > 1 OR purchased != purchase
           OR debited != cost
           OR (status = 'settled' AND (max_credit > 1 OR credited != win
               OR bonus_won != (CASE WHEN cost > 0 THEN win * bonus_paid / cost ELSE 0 END)))
           OR (status != 'settled' AND n_credit != 0)
        """
    ):
        rid = r["id"]
        if r["purchase"] < 0:
            problems.append(
                f"round {rid}: cost {r['cost']} is less than its decisions' prices "
                f"({r['priced']})"
            )
        elif r["max_purchase"] > 1 or r["purchased"] != r["purchase"]:
            problems.append(
                f"round {rid}: purchase price {r['purchase']} but {r['n_purchase']} "
                f"purchase debit(s) totalling {r['purchased']}"
            )
        if r["debited"] != r["cost"]:
            problems.append(
                f"round {rid}: cost {r['cost']} but {r['n_debit']} debit(s) "
                f"totalling {r['debited']}"
            )
        if r["status"] == "settled":
            if r["max_credit"] > 1 or r["credited"] != r["win"]:
                problems.append(
                    f"round {rid}: win {r['win']} but {r['n_credit']} credit(s) "
                    f"totalling {r['credited']}"
                )
            share = ledger.bonus_share(r["win"], r["cost"], r["bonus_paid"])
            if r["bonus_won"] != share and r["debited"] == r["cost"]:
                problems.append(
                    f"round {rid}: {r['bonus_won']} of its win {r['win']} credited to the bonus balance, "
                    f"but a stake of {r['cost']} paid {r['bonus_paid']} from it gives {share}"
                )
        elif r["n_credit"]:
            problems.append(f"round {rid} is open but has been credited")
    # Each decision against the debits that name it, in both accounts.
    for d in conn.execute(
        """
        SELECT d.round_id, d.seq, d.price,
               COALESCE(c.n, 0) + COALESCE(b.n, 0) AS n_debit,
               MAX(COALESCE(c.n, 0), COALESCE(b.n, 0)) AS most,
               COALESCE(c.paid, 0) + COALESCE(b.paid, 0) AS paid
        FROM decisions d
        LEFT JOIN (SELECT round_id, decision_seq, COUNT(*) AS n, SUM(amount) AS paid FROM ledger
                   WHERE decision_seq IS NOT NULL AND kind = 'debit' GROUP BY round_id, decision_seq) c
               ON c.round_id = d.round_id AND c.decision_seq = d.seq
        LEFT JOIN (SELECT round_id, decision_seq, COUNT(*) AS n, SUM(amount) AS paid FROM bonus_ledger
                   WHERE decision_seq IS NOT NULL AND kind = 'debit' GROUP BY round_id, decision_seq) b
               ON b.round_id = d.round_id AND b.decision_seq = d.seq
        WHERE most > 1 OR COALESCE(c.paid, 0) + COALESCE(b.paid, 0) != d.price
        """
    ):
        problems.append(
            f"round {d['round_id']} decision {d['seq']}: price {d['price']} but "
            f"{d['n_debit']} debit(s) totalling {d['paid']}"
        )
    # Debits naming a decision that was never recorded.
    for table, what in (("ledger", "ledger"), ("bonus_ledger", "bonus ledger")):
        for row in conn.execute(
            f"""
            SELECT l.id, l.round_id, l.decision_seq FROM {table} l
            WHERE l.decision_seq IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM decisions d
                WHERE d.round_id = l.round_id AND d.seq = l.decision_seq)
            """
        ):
            problems.append(
                f"{what} {row['id']}: a debit for decision {row['decision_seq']} of round "
                f"{row['round_id']}, which has no such decision"
            )
    return problems
