"""A small game with a priced decision, shared by the engine, store, session and kill tests.

Draw a prize, pick a box (free), then up to three times: buy another box for 3.4 times the bet,
or collect. The round carries a state to the next one (rounds played, boxes sold), the way a
progressive pool will, so that settlement has carried state to write. The kill tests import it
in child processes, hence a module of its own rather than a class inside one test file.
"""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from typing import Any

from game.engine import Decision
from game.engine.game import Game
from game.engine.money import cents_of, format_cents
from game.engine.round import RoundContext
from game.engine.wins import Evaluation


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
