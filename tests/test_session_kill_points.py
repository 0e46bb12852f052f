"""Kill the process after every SQL statement of a settlement and of a purchase: never a mix.

A child process plays to the moment before the action (settling a round with carried state, or
buying another box), then dies with ``os._exit`` right after the k-th SQL statement of the
action, for every k from 0 to the number of statements the action runs (counted first in this
process). Reopened, the wallet must be exactly as before the action or exactly as after it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from game.session import PlaySession
from game.store import Wallet
from tests.gift_shop import SCENARIOS, START, GiftShop

REPO = Path(__file__).resolve().parents[1]

CHILD = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from tests.gift_shop import SCENARIOS

    data_dir, name, after = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    prepare, action = SCENARIOS[name]
    session, active = prepare(data_dir)
    count = 0

    def trace(statement):
        global count
        count += 1
        if count > after:  # statement number after + 1 is about to run: die first
            os._exit(0)

    session.wallet._db().set_trace_callback(trace)
    action(session, active)
    os._exit(0)  # after every statement of the action
    """
)


def view(wallet: Wallet, round_id: int) -> dict[str, Any]:
    """Everything the action may change, without timestamps (they differ between runs)."""
    rec = wallet.get_round(round_id)
    return {
        "balance": wallet.balance,
        "status": rec.status,
        "win": rec.win,
        "cost": rec.cost,
        "decisions": rec.decisions,
        "decision_costs": rec.decision_costs,
        "state_out": rec.state_out,
        "summary": rec.summary,
        "game_state": wallet.game_state(GiftShop.id),
        "ledger": [(e.round_id, e.kind, e.amount, e.decision_seq, e.balance_after) for e in wallet.ledger()],
    }


def reference(name: str, data_dir: Path) -> tuple[list[str], int, dict[str, Any], dict[str, Any]]:
    """The action's SQL statements, its round, and the wallet just before and just after it."""
    prepare, action = SCENARIOS[name]
    session, active = prepare(data_dir)
    before = view(session.wallet, active.round_id)
    statements: list[str] = []
    session.wallet._db().set_trace_callback(statements.append)
    action(session, active)
    session.wallet._db().set_trace_callback(None)
    after = view(session.wallet, active.round_id)
    session.wallet.close()
    return statements, active.round_id, before, after


def kill_after(name: str, data_dir: Path, statements: int) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(data_dir), name, str(statements)],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


def check_consistent(wallet: Wallet) -> None:
    assert wallet.audit() == []
    assert wallet.journal_problems() == []  # the second copy agrees, whatever the kill point
    assert wallet.balance == START + sum(e.delta for e in wallet.ledger())


def test_settlement_is_all_or_nothing_at_every_statement(tmp_path: Path) -> None:
    statements, rid, before, after = reference("settle", tmp_path / "reference")
    assert sum(s.startswith("BEGIN") for s in statements) == 1 and statements[-1] == "COMMIT"
    # What the two states mean: open, uncredited, old carried state / settled, one credit, new.
    assert before["status"] == "open" and before["game_state"] == {"rounds": 1, "boxes_sold": 1}
    assert not [e for e in before["ledger"] if e[0] == rid and e[1] == "credit"]
    assert after["status"] == "settled" and after["game_state"] == after["state_out"] == {"rounds": 2, "boxes_sold": 3}
    assert len([e for e in after["ledger"] if e[0] == rid and e[1] == "credit"]) == 1 and after["win"] > 0

    game = GiftShop()
    for k in range(len(statements) + 1):
        data_dir = tmp_path / f"kill-{k}"
        kill_after("settle", data_dir, k)
        opened = Wallet.open(data_dir)
        wallet = opened.wallet
        assert opened.notice is None
        check_consistent(wallet)
        state = view(wallet, rid)
        assert state == (after if k == len(statements) else before), f"killed after statement {k}"
        if state["status"] == "open":  # the next launch finishes the round, once
            session = PlaySession(wallet, game)
            resumed = session.resume_open_round()
            assert resumed is not None and resumed.pending is None
            session.settle(resumed)
            assert view(wallet, rid) == after
            check_consistent(wallet)
        wallet.close()


def test_purchase_is_all_or_nothing_at_every_statement(tmp_path: Path) -> None:
    statements, rid, before, after = reference("buy", tmp_path / "reference")
    assert sum(s.startswith("BEGIN") for s in statements) == 1 and statements[-1] == "COMMIT"
    assert (before["decisions"], before["cost"]) == (["green"], 100)
    assert (after["decisions"], after["decision_costs"], after["cost"]) == (["green", "buy"], [0, 340], 440)
    assert after["balance"] == before["balance"] - 340
    assert [e for e in after["ledger"] if e[3] is not None] == [(rid, "debit", 340, 1, after["balance"])]

    game = GiftShop()
    for k in range(len(statements) + 1):
        data_dir = tmp_path / f"kill-{k}"
        kill_after("buy", data_dir, k)
        wallet = Wallet.open(data_dir).wallet
        check_consistent(wallet)
        state = view(wallet, rid)
        assert state == (after if k == len(statements) else before), f"killed after statement {k}"
        session = PlaySession(wallet, game)
        resumed = session.resume_open_round()
        assert resumed is not None and resumed.pending is not None and resumed.pending.kind == "another"
        assert resumed.play.cost == state["cost"] and resumed.play.decisions == state["decisions"]
        if state == before:  # the player is asked again and buys the box this time
            session.decide(resumed, "buy")
            assert view(wallet, rid) == after
        check_consistent(wallet)
        wallet.close()


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_write_of_the_action_is_inside_its_one_transaction(tmp_path: Path, name: str) -> None:
    statements, _, _, _ = reference(name, tmp_path)
    assert statements.count("BEGIN IMMEDIATE") == 1 and statements[-1] == "COMMIT"
    begin = statements.index("BEGIN IMMEDIATE")
    outside = statements[:begin]
    assert all(s.startswith("SELECT") for s in outside), outside  # only the session's balance check
    assert any(s.startswith("INSERT INTO ledger") for s in statements[begin:])
