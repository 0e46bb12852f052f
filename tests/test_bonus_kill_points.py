"""Free games and the bonus balance killed after every SQL statement: the grant, a free game's
wager, its settlement into the bonus, a priced decision paid from cash and bonus, and the settlement
of that blended round.

As ``test_jackpot_kill_points``: a child process plays ``tests.gift_shop.BONUS_PLAN`` up to a step,
then dies with ``os._exit`` right after the k-th SQL statement of that step, for every k from 0 to
the number of statements the step runs (counted first in this process). Reopened, the wallet must
be exactly as before the step or exactly as after it (from its transaction's commit on): both
balances, both ledgers, the free games left, every round's split; its audit and journal clean and
money conserved (start + grants = cash + bonus + the house's take). The next launch then finishes
the plan, which must end exactly as one never killed.
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
from tests.gift_shop import BONUS_PLAN, BonusPlayer, GiftShop, open_bonus_session
from tools.kill_campaign import money_sides

REPO = Path(__file__).resolve().parents[1]

CHILD = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from tests.gift_shop import BONUS_PLAN, BonusPlayer, open_bonus_session

    data_dir, index, after = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    player = BonusPlayer(open_bonus_session(data_dir))
    for step in BONUS_PLAN[:index]:
        player.step(step)
    count = 0

    def trace(statement):
        global count
        count += 1
        if count > after:  # statement number after + 1 is about to run: die first
            os._exit(0)

    player.session.wallet._db().set_trace_callback(trace)
    player.step(BONUS_PLAN[index])
    os._exit(0)  # after every statement of the step
    """
)


def view(wallet: Wallet) -> dict[str, Any]:
    """Every money record of both accounts, without timestamps (they differ between runs)."""
    return {
        "balance": wallet.balance,
        "bonus": wallet.bonus_balance,
        "free_games": [(g.id, g.game_id, g.stake, g.games, g.games_left) for g in wallet.free_games(used=True)],
        "rounds": [(r.id, r.status, r.cost, r.win, r.decisions, r.decision_costs, r.bonus_cost, r.bonus_win,
                    r.free_game, r.state_out) for r in wallet.recall(None, 100)],
        "ledger": [(e.round_id, e.kind, e.amount, e.decision_seq, e.balance_after) for e in wallet.ledger()],
        "bonus_ledger": [(e.round_id, e.kind, e.amount, e.decision_seq, e.balance_after, e.grant_id)
                         for e in wallet.bonus_ledger()],
    }


def check_consistent(wallet: Wallet) -> None:
    assert wallet.audit() == []
    assert wallet.journal_problems() == []
    start, held = money_sides(wallet)
    assert start == held
    assert wallet.bonus_balance >= sum(g.games_left * g.stake for g in wallet.free_games())


def reference(index: int, data_dir: Path) -> tuple[list[str], dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The step's SQL statements, the wallet before and after it, and after the whole plan."""
    player = BonusPlayer(open_bonus_session(data_dir))
    for step in BONUS_PLAN[:index]:
        player.step(step)
    wallet = player.session.wallet
    before = view(wallet)
    statements: list[str] = []
    wallet._db().set_trace_callback(statements.append)
    player.step(BONUS_PLAN[index])
    wallet._db().set_trace_callback(None)
    after = view(wallet)
    for step in BONUS_PLAN[index + 1:]:
        player.step(step)
    final = view(wallet)
    check_consistent(wallet)
    wallet.close()
    return statements, before, after, final


def kill_after(data_dir: Path, index: int, statements: int) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(data_dir), str(index), str(statements)],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


def test_the_plan_moves_both_accounts_at_every_kind_of_step(tmp_path: Path) -> None:
    """What the steps killed below do to the two balances."""
    assert [s[0] for s in BONUS_PLAN] == ["grant", "free", "decide", "decide", "settle",
                                          "free", "decide", "decide", "decide", "settle"]
    _, before, after, _ = reference(0, tmp_path / "grant")
    assert (before["bonus"], after["bonus"], after["free_games"][0][4]) == (0, 300, 3)
    _, before, after, _ = reference(1, tmp_path / "free")
    assert (after["bonus"], after["balance"]) == (200, before["balance"]) and after["free_games"][0][4] == 2
    _, before, after, _ = reference(4, tmp_path / "won")
    won = after["rounds"][0][3]
    assert won > 140 and after["bonus"] == before["bonus"] + won and after["balance"] == before["balance"]
    _, before, after, _ = reference(7, tmp_path / "blend")
    assert (after["balance"], after["bonus"]) == (0, before["bonus"] - 140)  # 2.00 cash, then 1.40 bonus
    _, before, after, final = reference(9, tmp_path / "settle")
    _, _, cost, win, _, _, bonus_cost, bonus_win, free_game, _ = after["rounds"][0]
    assert (cost, bonus_cost, free_game) == (440, 240, 1) and bonus_win == win * 240 // 440
    assert after["balance"] == win - bonus_win and after["bonus"] == before["bonus"] + bonus_win
    assert final == after


CASES = [
    (0, "the grant"),
    (1, "a free game's wager"),
    pytest.param(4, "a free game's settlement into the bonus", marks=pytest.mark.slow),
    (7, "a priced decision paid from cash and bonus"),
    (9, "the settlement of a round paid from both"),
]


@pytest.mark.parametrize(("index", "what"), CASES)
def test_a_kill_at_any_statement_leaves_both_balances_before_or_after(tmp_path: Path, index: int, what: str) -> None:
    statements, before, after, final = reference(index, tmp_path / "reference")
    assert statements.count("BEGIN IMMEDIATE") == 1, what
    begin = statements.index("BEGIN IMMEDIATE")
    committed = statements.index("COMMIT", begin) + 1  # after it, only the session's look at the free games left
    writes = ("INSERT", "UPDATE", "DELETE", "REPLACE")
    assert not [s for s in statements[:begin] + statements[committed:] if s.startswith(writes)]
    for k in range(len(statements) + 1):
        data_dir = tmp_path / f"kill-{k}"
        kill_after(data_dir, index, k)
        opened = Wallet.open(data_dir)
        assert opened.notice is None
        wallet = opened.wallet
        check_consistent(wallet)
        state = view(wallet)
        assert state == (after if k >= committed else before), f"{what}: killed after statement {k}"
        # the plan's rounds are seeded: a session with a --seed resumes one as reproducible too (a
        # player's resumed round takes fresh entropy, and the plan's "after" could not be known)
        player = BonusPlayer(PlaySession(wallet, GiftShop(), seed=0))
        assert player.session.mismatches == []
        for step in BONUS_PLAN[index if state == before else index + 1:]:  # the next launch goes on
            player.step(step)
        assert view(wallet) == final, f"{what}: killed after statement {k}, then finished"
        check_consistent(wallet)
        wallet.close()
