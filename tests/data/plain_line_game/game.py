"""__GAME_TITLE__'s rules, on the data in ``data.json`` beside this file: 3 reels, 5 lines, no feature.

A round is one spin whose lines pay (x total bet); it asks nothing, so it is a plain function.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from game.engine.data import Reader, load_json, read_bets, read_lines, read_pending_limit, read_stated_rtp, read_symbol
from game.engine.describe import GameDescription
from game.engine.game import Game
from game.engine.lines import LineEvaluator
from game.engine.money import multiplier_text, parse_multiplier
from game.engine.reels import ReelSet
from game.engine.round import RoundContext
from game.engine.wins import Evaluation

DATA_FILE = Path(__file__).with_name("data.json")


class __GameClass__(Game):
    id = "__GAME_ID__"

    def __init__(self, data_file: Path = DATA_FILE) -> None:
        self.data_file = data_file
        doc = Reader(str(data_file), load_json(data_file))
        self.title = doc.child("title").text()
        self.reel_count = doc.child("reels").integer(1, 9)
        self.rows = doc.child("rows").integer(1, 9)
        self.symbols = tuple(item.text() for item in doc.child("symbols").items())
        self.wild = read_symbol(doc.child("wild"), self.symbols)
        pays_doc = doc.child("pays")
        self.pays = {name: {int(count): pays_doc.child(name).child(count).convert(parse_multiplier, "a pay")
                            for count in pays_doc.child(name).fields()} for name in pays_doc.fields()}
        self.lines = read_lines(doc.child("lines"), self.reel_count, self.rows)
        ladder = read_bets(doc)
        self.bets, self.default_bet = ladder.ladder, ladder.default
        self.cap = doc.child("cap_x").convert(parse_multiplier, "a multiple of the bet")
        self.reels = ReelSet.read(doc.child("strips"), self.rows, set(self.symbols))
        self.pending_limit = read_pending_limit(doc, self.pending_limit)
        self.evaluator = LineEvaluator(self.lines, self.pays, self.wild)
        self.description = GameDescription(id=self.id, title=self.title, bets=ladder, lines=self.lines,
                                           cap=self.cap, rtp=read_stated_rtp(doc))

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        return Evaluation.of(self.evaluator.evaluate(window))

    def round_steps(self, ctx: RoundContext) -> None:
        window, _ = self.reels.spin(ctx.rng)
        wins = self.evaluator.evaluate(window)
        x = sum((win.multiplier for win in wins), Fraction(0))
        ctx.emit({"type": "spin", "window": window, "wins": [win.to_event() for win in wins], "gifts": [],
                  "x": multiplier_text(x)})
        ctx.award(x)
