"""Santa's Wonderland's rules (docs/rules/santas_wonderland.md), on data from ``data.json``.

The round itself lives in ``play.py``; clusters in ``clusters.py``; the data in ``model.py``.
Events follow ``docs/EVENTS.md``.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...describe import GameDescription
from ...game import Game
from ...money import UnitTexts
from ...parts import PayFigures
from ...round import Decision, RoundContext, RoundResult
from ...wins import Evaluation, Win
from .clusters import COLS, ROWS, cell_tuples, clusters_of
from .model import FEATURES, Level, Phase, Weighted, WonderlandData
from .play import WonderlandRound
from .rounding import pay_figures

DATA_FILE = Path(__file__).with_name("data.json")
TRIGGERS = ("meter", "buy")
# The RTP proof's importance sampling (``proposal``): most of a round's variance comes from its
# Supersize (in the base game, the 1 spin in 10 with a Supersize holds about 94% of the second
# moment; a 5x5 alone, 1 spin in 1,000, about 43%). The proof plays its rounds on a game whose
# Supersize draws larger blocks of richer symbols and weights each round by its likelihood ratio.
# Per phase: size weights (3, 4, 5) and symbol weights (bear .. diamond). See DESIGN.md.
PROPOSAL_SUPERSIZE: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "base": ((53, 9, 4), (2, 2, 3, 4, 7, 12, 26)),
    "midnight": ((600, 500, 470), (3, 2, 3, 4, 8, 14, 26)),
}


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

    def __init__(self, data_file: Path = DATA_FILE, *,
                 supersize: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] | None = None) -> None:
        """``supersize`` replaces a phase's Supersize size and symbol weights (the proof's proposal)."""
        self.data_file = data_file
        self.data = WonderlandData(data_file)
        for phase_name, (sizes, symbols) in (supersize or {}).items():
            phase: Phase = getattr(self.data, phase_name)
            setattr(self.data, phase_name, replace(
                phase, supersize_size=Weighted.of(list(zip((3, 4, 5), sizes))),
                supersize_symbol=Weighted.of(list(enumerate(symbols)))))
        self._proposal: SantasWonderland | None = None
        self._ratios: dict[tuple[str, int, str], float] | None = None
        self.title = self.data.title
        self.bets = self.data.bets
        self.default_bet = self.data.default_bet
        self.symbols = self.data.names
        self.texts = UnitTexts(self.data.pay_den)
        self.description = WonderlandDescription(
            id=self.id, title=self.title, bets=self.data.bet_ladder, buy_price_x=self.buy_price_x, cap=self.cap,
            rtp=self.data.rtp, trigger_points=self.data.trigger_points, levels=self.data.levels,
            marker_features=FEATURES,
        )

    # -- public API -------------------------------------------------------------------------

    def pay(self, symbol: str, size: int) -> Fraction:
        """The printed pay of a cluster of ``size`` of ``symbol`` (x total bet; 0 below 5)."""
        return self.data.pays[self.data.symbols.index(symbol)][size]

    def pay_figures(self) -> PayFigures:
        return pay_figures(self)

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
        wins = [
            Win(data.symbols[symbol], size, cell_tuples(group), None, data.pays[symbol][size], 1, "cluster")
            for symbol, group, size in clusters_of(grid, wild)
        ]
        return Evaluation.of(wins)

    # -- importance sampling for the RTP proof -------------------------------------------------

    def proposal(self) -> SantasWonderland:
        """The proof's game: ``PROPOSAL_SUPERSIZE`` for its Supersize draws, every other rule this game's."""
        if self._proposal is None:
            self._proposal = SantasWonderland(self.data_file or DATA_FILE, supersize=PROPOSAL_SUPERSIZE)
        return self._proposal

    def proposal_summary(self) -> str:
        parts = []
        for phase_name, (sizes, symbols) in PROPOSAL_SUPERSIZE.items():
            phase: Phase = getattr(self.data, phase_name)
            mine_sizes = ":".join(str(int(phase.supersize_size.probability(k) * phase.supersize_size.total))
                                  for k in (3, 4, 5))
            mine_symbols = ", ".join(str(int(phase.supersize_symbol.probability(i) * phase.supersize_symbol.total))
                                     for i in range(len(self.data.symbols)))
            parts.append(f"{phase_name} Supersize sizes 3/4/5 at {':'.join(map(str, sizes))} (the game's {mine_sizes}),"
                         f" symbols {', '.join(map(str, symbols))} (the game's {mine_symbols})")
        return "; ".join(parts) + ", bear .. diamond"

    def likelihood_ratio(self, result: RoundResult) -> float:
        """The product over the round's Supersize draws of this game's chance of each (size, symbol) over the
        proposal's; every other draw is alike in both games."""
        ratios = self._supersize_ratios()
        weight = 1.0
        for event in result.events:
            if event["type"] == "feature" and event["feature"] == "supersize":
                weight *= ratios[event["phase"], event["blocks"][0][2], event["symbol"]]
        return weight

    def _supersize_ratios(self) -> dict[tuple[str, int, str], float]:
        if self._ratios is None:
            theirs = self.proposal().data
            self._ratios = {}
            for phase_name in ("base", "midnight"):
                mine, other = getattr(self.data, phase_name), getattr(theirs, phase_name)
                for size in (3, 4, 5):
                    for index, name in enumerate(self.data.symbols):
                        chance = mine.supersize_size.probability(size) * mine.supersize_symbol.probability(index)
                        proposed = other.supersize_size.probability(size) * other.supersize_symbol.probability(index)
                        if proposed:
                            self._ratios[phase_name, size, name] = float(chance / proposed)
        return self._ratios

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
            ctx.emit({"type": "spin_end", "x": self.texts[units], "meter": points, "trigger": trigger is not None})
            if trigger is not None:
                if ctx.defer_features:
                    ctx.count("midnight_riches")
                    ctx.deferred.append({"trigger": trigger})
                else:
                    play.midnight(trigger, points)
        yield from ()  # no decisions in this game: the round runs through in one step
