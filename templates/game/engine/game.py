"""__GAME_TITLE__'s rules, on the data in ``data.json`` beside this file.

A round: the reels spin and the lines pay (x total bet). Two gifts on the reels offer a respin of
the reels without a gift, priced at ``respin_price_x`` times the bet (a priced decision: accepting
it is debited with the choice). Three gifts open a pick of three gifts, each hiding a prize drawn
from ``gift_prizes`` after the pick (the choice is the player's; the odds do not depend on it).
"""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from pathlib import Path
from typing import Any

from game.engine.data import Reader, load_json, read_bets, read_lines, read_pending_limit, read_stated_rtp, read_symbol
from game.engine.describe import GameDescription
from game.engine.game import Game
from game.engine.lines import LineEvaluator
from game.engine.money import cents_of, format_cents, multiplier_text, parse_multiplier
from game.engine.parts import PayFigures
from game.engine.reels import ReelSet
from game.engine.round import Decision, RoundContext
from game.engine.wins import Evaluation, Win

DATA_FILE = Path(__file__).with_name("data.json")
PICKS = ("left", "middle", "right")


class __GameClass__(Game):
    id = "__GAME_ID__"

    def __init__(self, data_file: Path = DATA_FILE) -> None:
        source = str(data_file)
        self.data_file = data_file
        doc = Reader(source, load_json(data_file))
        self.title = doc.child("title").text()
        self.reel_count = doc.child("reels").integer(1, 9)
        self.rows = doc.child("rows").integer(1, 9)
        self.symbols = tuple(item.text() for item in doc.child("symbols").items())
        self.wild = read_symbol(doc.child("wild"), self.symbols)
        self.gift = read_symbol(doc.child("gift"), self.symbols)
        pays_doc = doc.child("pays")
        self.pays = {name: {int(count): pays_doc.child(name).child(count).convert(parse_multiplier, "a pay")
                            for count in pays_doc.child(name).fields()} for name in pays_doc.fields()}
        self.lines = read_lines(doc.child("lines"), self.reel_count, self.rows)
        ladder = read_bets(doc)
        self.bets, self.default_bet = ladder.ladder, ladder.default
        self.respin_price_x = doc.child("respin_price_x").convert(parse_multiplier, "a multiple of the bet")
        prizes = doc.child("gift_prizes")
        self.gift_prizes = tuple(item.convert(parse_multiplier, "a prize") for item in prizes.child("prizes").items())
        self.gift_weights = tuple(item.integer(1) for item in prizes.child("weights").items())
        if len(self.gift_weights) != len(self.gift_prizes):
            raise prizes.fail("one weight per prize")
        self.cap = doc.child("cap_x").convert(parse_multiplier, "a multiple of the bet")
        self.reels = ReelSet.read(doc.child("strips"), self.rows, set(self.symbols))
        # A round left unfinished is completed at launch after this long (48 hours unless the data says).
        self.pending_limit = read_pending_limit(doc, self.pending_limit)
        self.evaluator = LineEvaluator(self.lines, self.pays, self.wild, frozenset({self.gift}))
        # What screens and help pages show of the math: they read it here and keep no copy.
        self.description = GameDescription(id=self.id, title=self.title, bets=ladder, lines=self.lines,
                                           cap=self.cap, rtp=read_stated_rtp(doc))

    def pay_figures(self) -> PayFigures:
        """The line pays and the gift prizes: what a round's win is made of (``python -m game.engine.rounding``)."""
        lines = super().pay_figures()
        prizes = tuple((f"gift prize {multiplier_text(prize)}x", prize) for prize in sorted(set(self.gift_prizes)))
        return PayFigures(self.id, lines.pays + prizes, (), self.cap, self.buy_price_x,
                          "the sum of the spin's (and the respin's) line pays and the gift's prize, or the cap")

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        return Evaluation.of(self.evaluator.evaluate(window))

    def respin_price(self, bet: int) -> int:
        return cents_of(self.respin_price_x, bet)

    def gifts_in(self, window: list[list[str]]) -> list[list[int]]:
        return [[c, r] for c, column in enumerate(window) for r, name in enumerate(column) if name == self.gift]

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        window, _ = self.reels.spin(ctx.rng)
        self._pay_spin(ctx, window, "spin")
        gifts = self.gifts_in(window)
        if len(gifts) == 2:
            price = self.respin_price(ctx.bet)
            choice = yield Decision("respin", ("respin", "collect"),
                                    f"Two gifts! Respin the other reels for {format_cents(price)}?",
                                    info={"title": "One more gift?"}, costs=(price, 0))
            if choice == "respin":
                held = {c for c, _ in gifts}
                fresh, _ = self.reels.spin(ctx.rng)
                window = [window[c] if c in held else fresh[c] for c in range(self.reel_count)]
                self._pay_spin(ctx, window, "respin")
                gifts = self.gifts_in(window)
        if len(gifts) >= 3:
            ctx.count("gift_pick")
            pick = yield Decision("pick", PICKS, "Pick a gift", info={"title": "Pick a gift"})
            prize = ctx.rng.choices(self.gift_prizes, weights=self.gift_weights)[0]
            ctx.emit({"type": "gift_opened", "pick": pick, "x": multiplier_text(prize)})
            ctx.award(prize)

    def _pay_spin(self, ctx: RoundContext, window: list[list[str]], kind: str) -> None:
        wins: list[Win] = self.evaluator.evaluate(window)
        x = sum((win.multiplier for win in wins), Fraction(0))
        ctx.emit({"type": kind, "window": window, "wins": [win.to_event() for win in wins],
                  "gifts": self.gifts_in(window), "x": multiplier_text(x)})
        ctx.award(x)
