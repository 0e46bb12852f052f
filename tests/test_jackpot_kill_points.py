"""A jackpot game killed after every SQL statement of its wager, its choices and its settlements.

A child process plays the session's first steps (``tests.jackpot_game.plan``: on the test game, a
round that starts the pool, buys a second chance and wins the jackpot, then one that wins it
twice; on Naughty or Nice?, a round with its Bonus Substitute choice, and on a variant of its data
two rounds that win the jackpot on several lines), then dies with
``os._exit`` right after the k-th SQL statement of the next step, for every k from 0 to the
number of statements that step runs (counted first in this process). Reopened, the wallet must
be exactly as before the step or exactly as after it, its audit, pool rules and journal clean,
and money conserved; the next launch then finishes the session, which must end exactly as one
never killed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from game.engine.game import Game
from game.engine.games.naughty_or_nice.game import DATA_FILE
from game.session import PlaySession, pool_problems
from game.store import Wallet
from tests.jackpot_game import GAME_ID, NAUGHTY_OR_NICE, Player, make_game, open_session, plan
from tools.kill_campaign import money_sides

REPO = Path(__file__).resolve().parents[1]

CHILD = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from tests.jackpot_game import Player, open_session, plan

    data_dir, spec, index, after = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    steps = plan(spec)
    player = Player(open_session(data_dir, spec))
    for step in steps[:index]:
        player.step(step)
    count = 0

    def trace(statement):
        global count
        count += 1
        if count > after:  # statement number after + 1 is about to run: die first
            os._exit(0)

    player.session.wallet._db().set_trace_callback(trace)
    player.step(steps[index])
    os._exit(0)  # after every statement of the step
    """
)


def view(wallet: Wallet, game: Game) -> dict[str, Any]:
    """Every money record and the pool, without timestamps (they differ between runs)."""
    return {
        "balance": wallet.balance,
        "pool": wallet.jackpot_pool(game.id),
        "game_state": wallet.game_state(game.id),
        "rounds": [(r.id, r.status, r.cost, r.win, r.decisions, r.decision_costs, r.state_in, r.state_out,
                    r.pool_contribution, r.jackpot) for r in wallet.recall(None, 100)],
        "ledger": [(e.round_id, e.kind, e.amount, e.decision_seq, e.balance_after) for e in wallet.ledger()],
        "pool_ledger": [(e.round_id, e.kind, e.units, e.pool_after) for e in wallet.pool_ledger()],
    }


def check_consistent(wallet: Wallet, game: Game) -> None:
    assert wallet.audit() == []
    assert pool_problems(wallet, game) == []
    assert wallet.journal_problems() == []
    start, held = money_sides(wallet)
    assert start == held


def reference(index: int, data_dir: Path, spec: str = GAME_ID
              ) -> tuple[list[str], dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The step's SQL statements, the wallet before and after it, and after the whole plan."""
    steps = plan(spec)
    player = Player(open_session(data_dir, spec))
    game = player.session.game
    for step in steps[:index]:
        player.step(step)
    wallet = player.session.wallet
    before = view(wallet, game)
    statements: list[str] = []
    wallet._db().set_trace_callback(statements.append)
    player.step(steps[index])
    wallet._db().set_trace_callback(None)
    after = view(wallet, game)
    for step in steps[index + 1:]:
        player.step(step)
    final = view(wallet, game)
    check_consistent(wallet, game)
    wallet.close()
    return statements, before, after, final


def kill_after(data_dir: Path, spec: str, index: int, statements: int) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(data_dir), spec, str(index), str(statements)],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


def test_the_plan_moves_the_pool_at_every_kind_of_step(tmp_path: Path) -> None:
    """What the steps killed below do: the wager starts and feeds the pool, a priced choice does
    not feed it, each settlement pays its jackpots with the credit and reseeds."""
    steps = plan()
    assert [s[0] for s in steps] == ["spin", "decide", "decide", "settle"] * 2
    _, before, after, _ = reference(0, tmp_path / "spin")
    assert before["pool"] is None and [r[1] for r in after["pool_ledger"]] == ["contribution", "seed"]
    _, before, after, _ = reference(2, tmp_path / "buy")
    assert after["pool"] == before["pool"] and after["balance"] == before["balance"] - 100
    _, before, after, _ = reference(3, tmp_path / "settle")
    assert [r[1] for r in after["pool_ledger"][:2]] == ["reseed", "payout"] and after["pool"] < before["pool"]
    _, before, after, final = reference(7, tmp_path / "twice")
    assert [r[1] for r in after["pool_ledger"][:4]] == ["reseed", "payout"] * 2 and final == after
    _, before, after, _ = reference(1, tmp_path / "naughty_or_nice", NAUGHTY_OR_NICE)
    assert after["pool"] == before["pool"] and after["rounds"][0][4] == ["nice_girl"]
    _, before, after, _ = reference(1, tmp_path / "lines", jackpot_variant(tmp_path))
    paid = [r[1] for r in after["pool_ledger"] if r[1] in ("payout", "reseed")]
    assert len(paid) >= 4 and paid == ["reseed", "payout"] * (len(paid) // 2)


def jackpot_variant(folder: Path) -> str:
    """Naughty or Nice? on strips whose every spin wins the jackpot on several lines (and caps)."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["strips"]["base"] = ["nice_girl nice_girl nice_girl"] * 4 + ["nice_girl santa santa"]
    path = folder / "naughty_or_nice_jackpots.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


CASES = [
    (GAME_ID, 0, "the wager that starts the pool"), (GAME_ID, 1, "a free choice"), (GAME_ID, 2, "a priced choice"),
    (GAME_ID, 3, "a settlement with a jackpot"), (GAME_ID, 4, "a wager on the pool"),
    (GAME_ID, 7, "a settlement with two jackpots"),
    (NAUGHTY_OR_NICE, 0, "Naughty or Nice?'s first wager"), (NAUGHTY_OR_NICE, 1, "its Bonus Substitute choice"),
    (NAUGHTY_OR_NICE, 2, "its settlement"),
    pytest.param("variant", 1, "a Naughty or Nice? settlement with jackpots on several lines",
                 marks=pytest.mark.slow),  # a row per jackpot and reseed: many statements to kill after
    ("variant", 2, "a Naughty or Nice? wager on a pool reseeded"),
]


@pytest.mark.parametrize(("spec", "index", "what"), CASES)
def test_a_kill_at_any_statement_leaves_the_pool_before_or_after_never_between(
        tmp_path: Path, spec: str, index: int, what: str) -> None:
    if spec == "variant":
        spec = jackpot_variant(tmp_path)
    statements, before, after, final = reference(index, tmp_path / "reference", spec)
    assert statements.count("BEGIN IMMEDIATE") == 1 and statements[-1] == "COMMIT", what
    writes = ("INSERT", "UPDATE", "DELETE", "REPLACE")
    assert not [s for s in statements[:statements.index("BEGIN IMMEDIATE")] if s.startswith(writes)]
    steps = plan(spec)
    game = make_game(spec)
    for k in range(len(statements) + 1):
        data_dir = tmp_path / f"kill-{k}"
        kill_after(data_dir, spec, index, k)
        opened = Wallet.open(data_dir)
        assert opened.notice is None
        wallet = opened.wallet
        check_consistent(wallet, game)
        state = view(wallet, game)
        assert state == (after if k == len(statements) else before), f"{what}: killed after statement {k}"
        player = Player(PlaySession(wallet, game, seed=0))  # its seeded plan resumes reproducibly
        assert player.session.mismatches == []
        for step in steps[index if state == before else index + 1:]:  # the next launch goes on
            player.step(step)
        assert view(wallet, game) == final, f"{what}: killed after statement {k}, then finished"
        check_consistent(wallet, game)
        wallet.close()
