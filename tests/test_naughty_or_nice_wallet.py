"""Naughty or Nice?'s progressive jackpot in the wallet: its rules (seed 1,000.00, 1% of every
wager), its pool fed with each debit and paid with each credit through the session, every line's
jackpot a payout and a reseed of its own, a session killed at its Bonus Substitute choice, the
48-hour resolver, and the demo's wallet with a pool of its own."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

from game.engine import get_game
from game.engine.games.naughty_or_nice.game import DATA_FILE, NaughtyOrNice
from game.engine.jackpot import UNITS_PER_CENT
from game.session import PlaySession, pool_problems, resolve_stale_rounds
from game.store import Wallet
from tools.kill_campaign import money_sides

GAME: NaughtyOrNice = get_game("naughty_or_nice")  # type: ignore[assignment]
RULES = GAME.jackpot
START = 1_000_000


def check(wallet: Wallet, game: NaughtyOrNice = GAME) -> None:
    assert wallet.audit() == []
    assert pool_problems(wallet, game) == []
    assert wallet.journal_problems() == []
    start, held = money_sides(wallet)
    assert start == held


def jackpot_lines(folder: Path) -> NaughtyOrNice:
    """The game on strips whose every spin wins the jackpot on the lines through reel 5's Nice Girl."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["strips"]["base"] = ["nice_girl nice_girl nice_girl"] * 4 + ["nice_girl santa santa"]
    path = folder / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return NaughtyOrNice(path)


def test_its_rules_are_the_documented_seed_and_share() -> None:
    assert (RULES.seed, RULES.share) == (100_000, Fraction(1, 100))
    assert RULES.seed_units == 10_000_000
    for bet in GAME.bets:
        assert RULES.contribution(bet) == bet  # 1% of a bet in cents is the bet in hundredths of a cent
        assert GAME.wagered_state({"pool": 123}, bet) == {"pool": 123 + bet}
    assert GAME.wagered_state(None, GAME.default_bet) == {"pool": RULES.seed_units + GAME.default_bet}


def test_a_session_feeds_the_pool_with_every_wager_and_keeps_the_engines_pool(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path, starting_balance=START).wallet
    session = PlaySession(wallet, GAME, seed=20261224)
    assert session.jackpot_pool() == RULES.seed_units
    pool = RULES.seed_units
    for _ in range(60):
        active = session.spin()
        while active.pending is not None:
            session.decide(active, GAME.choose(active.play))
        session.settle(active)
        result = active.result
        assert RULES.pool_of(result.state_in) == pool
        pool = result.state_out["pool"]
        assert wallet.jackpot_pool(GAME.id) == session.jackpot_pool() == pool
        assert wallet.get_round(active.round_id).pool_contribution == RULES.contribution(session.bet)
    assert len([e for e in wallet.pool_ledger() if e.kind == "contribution"]) == 60
    assert wallet.balance == START - 60 * session.bet + sum(r.win for r in wallet.history(GAME.id, 100))
    check(wallet)
    wallet.close()


def test_each_jackpot_line_is_a_payout_and_a_reseed_paid_in_the_rounds_one_credit(tmp_path: Path) -> None:
    game = jackpot_lines(tmp_path)
    wallet = Wallet.open(tmp_path / "data", starting_balance=START).wallet
    session = PlaySession(wallet, game)
    for seed in (1, 2):
        active = session.spin(seed=seed)
        assert active.pending is None
        session.settle(active)
        result = active.result
        lines = result.features["jackpots"]
        rows = [(e.kind, e.units) for e in reversed(wallet.pool_ledger()) if e.round_id == active.round_id]
        paid = [units // UNITS_PER_CENT for kind, units in rows if kind == "payout"]
        assert len(paid) == lines >= 2 and sum(paid) == result.jackpot
        assert paid[1:] == [RULES.seed] * (lines - 1)  # after the first, each line pays the pool just reseeded
        assert [kind for kind, _ in rows if kind in ("payout", "reseed")] == ["payout", "reseed"] * lines
        credits = [e.amount for e in wallet.ledger() if e.round_id == active.round_id and e.kind == "credit"]
        assert credits == [result.win] and result.win > result.jackpot  # the cap's win and the jackpots, once
        assert wallet.jackpot_pool(game.id) == result.state_out["pool"]
    check(wallet, game)
    wallet.close()


def triggering_seed() -> int:
    return next(seed for seed in range(1, 10_000) if GAME.start(GAME.default_bet, seed).pending is not None)


def test_killed_at_the_bonus_substitute_choice_the_pool_waits_with_the_round(tmp_path: Path) -> None:
    data = tmp_path / "data"
    wallet = Wallet.open(data, starting_balance=START).wallet
    active = PlaySession(wallet, GAME).spin(seed=triggering_seed())
    assert active.pending is not None and active.pending.kind == "bonus_substitute"
    fed = wallet.jackpot_pool(GAME.id)
    assert fed == RULES.seed_units + RULES.contribution(GAME.default_bet)
    wallet.close()  # killed at the question
    wallet = Wallet.open(data).wallet
    assert wallet.jackpot_pool(GAME.id) == fed and wallet.audit() == []
    session = PlaySession(wallet, GAME)
    resumed = session.resume_open_round()
    assert resumed is not None and resumed.pending is not None
    session.decide(resumed, "naughty_girl")
    session.settle(resumed)
    assert wallet.jackpot_pool(GAME.id) == resumed.result.state_out["pool"]
    check(wallet)
    wallet.close()


def test_the_resolver_finishes_a_round_left_at_its_choice_with_the_pool(tmp_path: Path) -> None:
    data = tmp_path / "data"
    wallet = Wallet.open(data, starting_balance=START).wallet
    PlaySession(wallet, GAME).spin(seed=triggering_seed())
    wallet.close()
    wallet = Wallet.open(data).wallet
    (done,) = resolve_stale_rounds(wallet, now=datetime.now(UTC) + timedelta(hours=49))
    assert not done.refunded
    record = wallet.get_round(done.round_id)
    assert record.status == "settled" and wallet.jackpot_pool(GAME.id) == record.state_out["pool"]
    check(wallet)
    wallet.close()


def test_the_demo_wallet_has_its_own_pool(tmp_path: Path) -> None:
    player = Wallet.open(tmp_path / "data", starting_balance=START).wallet
    demo = Wallet.open(tmp_path / "data" / "demo", starting_balance=START).wallet  # the demo's (game.client.demo)
    try:
        mine, theirs = PlaySession(player, GAME, seed=1), PlaySession(demo, GAME, seed=2)
        for session, rounds in ((mine, 3), (theirs, 5)):
            for _ in range(rounds):
                active = session.spin()
                while active.pending is not None:
                    session.decide(active, GAME.choose(active.play))
                session.settle(active)
        contributions = {w: [e for e in w.pool_ledger() if e.kind == "contribution"] for w in (player, demo)}
        assert len(contributions[player]) == 3 and len(contributions[demo]) == 5
        assert player.jackpot_pool(GAME.id) != demo.jackpot_pool(GAME.id)
        check(player)
        check(demo)
    finally:
        player.close()
        demo.close()
