"""A small game with a priced decision, shared by the engine, store, session and kill tests.

Draw a prize, pick a box (free), then up to three times: buy another box for 3.4 times the bet,
or collect. The round carries a state to the next one (rounds played, boxes sold), the way a
progressive pool will, so that settlement has carried state to write. The kill tests import it
in child processes, hence a module of its own rather than a class inside one test file.
"""

from __future__ import annotations

from collections.abc import Generator
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

from game.engine import Decision
from game.engine.game import Game
from game.engine.money import cents_of, format_cents
from game.engine.rng import RoundRng
from game.engine.round import RoundContext
from game.engine.wins import Evaluation
from game.session import ActiveRound, PlaySession
from game.store import Wallet


class GiftShop(Game):
    id = "gift_shop"
    title = "Gift Shop"
    bets = (10, 20, 100)
    default_bet = 100
    cap = Fraction(50)
    extra_box_x = Fraction(17, 5)  # 3.40 at a bet of 1.00
    max_extra = 3
    box_costs: tuple[int, ...] = ()  # the first pick is free

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        return Evaluation()

    def extra_box_price(self, bet: int) -> int:
        return cents_of(self.extra_box_x, bet)

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        carried = ctx.state or {}
        ctx.state_out = {"rounds": carried.get("rounds", 0) + 1, "boxes_sold": carried.get("boxes_sold", 0)}
        prize = ctx.rng.randrange(1, 6)
        ctx.emit({"type": "draw", "prize": prize})
        box = yield Decision("box", ("red", "green"), "Pick a box", costs=self.box_costs)
        ctx.emit({"type": "opened", "box": box})
        ctx.award(Fraction(prize * (3 if box == "red" else 2)))
        price = self.extra_box_price(ctx.bet)
        for extra in range(1, self.max_extra + 1):
            choice = yield Decision(
                "another", ("buy", "collect"), f"Buy another box for {format_cents(price)}?", costs=(price, 0)
            )
            if choice == "collect":
                return
            ctx.state_out["boxes_sold"] += 1
            gift = ctx.rng.randrange(0, 8)
            ctx.emit({"type": "extra_box", "n": extra, "gift": gift})
            ctx.award(Fraction(gift))


class PricedPickShop(GiftShop):
    """The same shop where even the first pick costs 5 cents: no free way through the round."""

    id = "priced_pick_shop"
    box_costs = (5, 5)


class PatientShop(GiftShop):
    """The same shop with a strategy of its own (always the green box, then the first option offered:
    "buy" when it may) and rounds that wait 3 hours for their player, not 48."""

    id = "patient_shop"
    pending_limit = timedelta(hours=3)

    def strategy(self, decision: Decision, rng: RoundRng) -> Any:
        return "green" if decision.kind == "box" else decision.options[0]


# --------------------------------------------------------------------------- kill-test scenarios
# The same steps run in the test process (to count the SQL statements of the action) and in the
# child processes that are killed after each of them.

START = 10_000
FIRST_SEED, SECOND_SEED = 11, 12


def open_shop(data_dir: Path) -> PlaySession:
    return PlaySession(Wallet.open(data_dir, starting_balance=START).wallet, GiftShop())


def round_before_settlement(data_dir: Path) -> tuple[PlaySession, ActiveRound]:
    """One round played and settled (a carried state exists), a second one played to its end."""
    session = open_shop(data_dir)
    first = session.spin(seed=FIRST_SEED)
    for choice in ("red", "buy", "collect"):
        session.decide(first, choice)
    session.settle(first)
    second = session.spin(seed=SECOND_SEED)
    for choice in ("green", "buy", "buy", "collect"):
        session.decide(second, choice)
    return session, second


def round_before_purchase(data_dir: Path) -> tuple[PlaySession, ActiveRound]:
    """A round waiting at 'buy another box?'; the action under test buys one."""
    session = open_shop(data_dir)
    active = session.spin(seed=SECOND_SEED)
    session.decide(active, "green")
    return session, active


def settle(session: PlaySession, active: ActiveRound) -> None:
    session.settle(active)


def buy_a_box(session: PlaySession, active: ActiveRound) -> None:
    session.decide(active, "buy")


SCENARIOS = {
    "settle": (round_before_settlement, settle),
    "buy": (round_before_purchase, buy_a_box),
}


# --------------------------------------------------------------------------- free games and the bonus
# A session with promotional free games, as steps (``test_bonus_kill_points`` kills each): three free
# games granted at 1.00 on a wallet of 2.00 cash; the first, paid from the bonus, wins into the bonus;
# the second buys a box for 3.40 (2.00 cash, 1.40 from that bonus won) and settles in the blend of
# 2.00 cash and 2.40 bonus.

BONUS_START = 200
BONUS_PLAN: list[tuple[Any, ...]] = [
    ("grant", 3, 100),
    ("free", FIRST_SEED), ("decide", "red"), ("decide", "collect"), ("settle",),
    ("free", SECOND_SEED), ("decide", "green"), ("decide", "buy"), ("decide", "collect"), ("settle",),
]


def open_bonus_session(data_dir: Path) -> PlaySession:
    return PlaySession(Wallet.open(data_dir, starting_balance=BONUS_START).wallet, GiftShop())


class BonusPlayer:
    """Plays ``BONUS_PLAN``'s steps on a session, from any point (the round open, if any, resumed)."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.active: ActiveRound | None = session.resume_open_round()

    def step(self, step: tuple[Any, ...]) -> None:
        kind = step[0]
        if kind == "grant":
            self.session.wallet.grant_free_games(step[1], step[2], GiftShop.id)
        elif kind == "free":
            self.active = self.session.spin(seed=step[1], free=True)
        elif kind == "decide":
            assert self.active is not None
            self.session.decide(self.active, step[1])
        else:
            assert self.active is not None
            self.session.settle(self.active)
            self.active = None
