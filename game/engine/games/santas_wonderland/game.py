"""Santa's Wonderland's rules (docs/rules/santas_wonderland.md), on data from ``data.json``.

The round itself lives in ``play.py``; clusters in ``clusters.py``; the data in ``model.py``.
Events follow ``docs/EVENTS.md``.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...describe import GameDescription
from ...game import Game
from ...round import Decision, RoundContext
from ...wins import Evaluation, Win
from .clusters import COLS, ROWS, cell_tuples, find_clusters, masks_of
from .model import FEATURES, Level, WonderlandData
from .play import MultiplierTexts, WonderlandRound

DATA_FILE = Path(__file__).with_name("data.json")
TRIGGERS = ("meter", "buy")


@dataclass(frozen=True, kw_only=True)
class WonderlandDescription(GameDescription):
    """Santa's Wonderland's figures: the meter, the Midnight Riches levels and the marker features."""

    trigger_points: int  # meter points in one base spin that start Midnight Riches
    levels: tuple[Level, ...]  # (level, multiplier, target) from level 1; level 1 has no target
    marker_features: tuple[str, ...]  # the marker features in their printed (and played) order


class SantasWonderland(Game):
    id = "santas_wonderland"
    reel_count = COLS
    rows = ROWS
    buy_price_x = Fraction(100)
    cap = Fraction(7500)
    stratified_feature = "midnight_riches"
    features = FEATURES
    description: WonderlandDescription

    def __init__(self, data_file: Path = DATA_FILE) -> None:
        self.data_file = data_file
        self.data = WonderlandData(data_file)
        self.title = self.data.title
        self.bets = self.data.bets
        self.default_bet = self.data.default_bet
        self.symbols = self.data.names
        self.texts = MultiplierTexts(self.data.pay_den)
        self.description = WonderlandDescription(
            id=self.id, title=self.title, bets=self.data.bet_ladder, buy_price_x=self.buy_price_x, cap=self.cap,
            printed_rtp=self.data.printed_rtp, trigger_points=self.data.trigger_points, levels=self.data.levels,
            marker_features=FEATURES,
        )

    # -- public API -------------------------------------------------------------------------

    def pay(self, symbol: str, size: int) -> Fraction:
        """The printed pay of a cluster of ``size`` of ``symbol`` (x total bet; 0 below 5)."""
        return self.data.pays[self.data.symbols.index(symbol)][size]

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        """The cluster pays of one 8x8 window (``window[col][row]``), features off."""
        data = self.data
        if len(window) != COLS or any(len(column) != ROWS for column in window):
            raise ValueError(f"a Santa's Wonderland window is {COLS} columns of {ROWS} symbols")
        try:
            grid = [data.index[name] for column in window for name in column]
        except KeyError as exc:
            raise ValueError(f"unknown symbol {exc.args[0]!r}") from None
        wild = len(data.symbols)
        masks = masks_of(grid, wild + 1)
        wins = [
            Win(data.symbols[symbol], size, cell_tuples(group), None, data.pays[symbol][size], 1, "cluster")
            for symbol, group, size in find_clusters(masks, masks[wild], wild)
        ]
        return Evaluation.of(wins)

    # -- the round --------------------------------------------------------------------------

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        play = WonderlandRound(self.data, self.texts, ctx)
        start = ctx.feature_start
        if start is not None:  # stratified simulation: Midnight Riches only, from its start
            trigger = start.get("trigger")
            if trigger not in TRIGGERS:
                raise ValueError(f"{self.id}: a Midnight Riches start names its trigger ({', '.join(TRIGGERS)})")
            play.midnight(trigger, start.get("meter"))
        else:
            units, points = play.base_spin("buy" if ctx.buy else "base")
            trigger = "buy" if ctx.buy else "meter" if points >= self.data.trigger_points else None
            ctx.emit({"type": "spin_end", "x": self.texts(units), "meter": points, "trigger": trigger is not None})
            if trigger is not None:
                if ctx.defer_features:
                    ctx.count("midnight_riches")
                    ctx.deferred.append({"trigger": trigger})
                else:
                    play.midnight(trigger, points)
        yield from ()  # no decisions in this game: the round runs through in one step
