"""Fat Santa's rules (docs/rules/fat_santa.md), on data from ``data.json``.

Events follow ``docs/EVENTS.md``; DESIGN.md beside this file documents the data. The
round draws, in order: the five base stops, the sleigh's chance (one draw every base spin), and
when the sleigh flies its number of pies and their cells; then each free spin's five stops. A
bought round first draws the row where the engine places Santa on reel 1.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...describe import GameDescription
from ...errors import DataError
from ...game import Game
from ...money import UnitTexts
from ...parts import ExactParts, PayFigures
from ...round import Decision, RoundContext, RoundResult
from ...wins import Evaluation
from .config import REELS, ROWS, FatSantaData
from .exact import exact_parts as exact_parts_of
from .paylines import FatLines
from .rounding import pay_figures
from .santa import Block, Meter, block_event, collect

DATA_FILE = Path(__file__).with_name("data.json")
TRIGGERS = ("spin", "buy")


@dataclass(frozen=True, kw_only=True)
class FatSantaDescription(GameDescription):
    """Fat Santa's figures: the two wilds and the free games' pie meter."""

    santa: str  # the Fat Santa symbol (wild, reel 1 only)
    pie: str  # the Christmas Pie symbol (wild but for Santa)
    free_spins: int
    meter_sizes: tuple[int, ...]  # pies that fill the meter, one per growth of Santa (to 2x2, 3x3, ...)
    extra_spins: tuple[int, ...]  # free spins each of those growths awards

    @property
    def santa_sizes(self) -> tuple[int, ...]:
        """The sizes Santa grows to, one per meter fill (2 for 2x2, ...)."""
        return tuple(range(2, len(self.meter_sizes) + 2))


class FatSanta(Game):
    id = "fat_santa"
    reel_count = REELS
    rows = ROWS
    buy_price_x = Fraction(85)
    cap = Fraction(1132276, 100)
    stratified_feature = "free_games"
    description: FatSantaDescription

    def __init__(self, data_file: Path = DATA_FILE) -> None:
        self.data_file = data_file
        self.data = data = FatSantaData(data_file)
        self.title = data.title
        self.bets = data.bets
        self.default_bet = data.default_bet
        self.symbols = data.symbols
        self.lines = data.lines
        self.santa = data.santa
        self.pie = data.pie
        self.paylines = FatLines(data.lines, data.units, data.unit_den, data.santa, data.pie)
        self.texts = UnitTexts(data.unit_den)
        self.description = FatSantaDescription(
            id=self.id, title=self.title, bets=data.bet_ladder, lines=self.lines, buy_price_x=self.buy_price_x,
            cap=self.cap, rtp=data.rtp, santa=self.santa, pie=self.pie, free_spins=data.free_spins,
            meter_sizes=data.meter, extra_spins=data.extra_spins,
        )

    # -- public API -------------------------------------------------------------------------

    def pay(self, symbol: str, count: int) -> Fraction:
        """The designed pay of ``count`` ``symbol`` on a line, x total bet (0 when none)."""
        return Fraction(self.data.units.get(symbol, [0] * 6)[count], self.data.unit_den)

    def pay_figures(self) -> PayFigures:
        return pay_figures(self)

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        """The line pays of one 5x5 window (``window[col][row]``), features off."""
        if len(window) != REELS or any(len(column) != ROWS for column in window):
            raise ValueError(f"a Fat Santa window is {REELS} columns of {ROWS} symbols")
        by_name = {name: name for name in self.symbols}
        try:
            grid = [[by_name[name] for name in column] for column in window]
        except KeyError as exc:
            raise ValueError(f"unknown symbol {exc.args[0]!r}") from None
        return Evaluation.of(self.paylines.wins(self.paylines.hits(grid)))

    # -- exact parts, for proofs (game.engine.analysis.proof) --------------------------------------------

    def exact_parts(self, buy: bool = False) -> ExactParts:
        """The base game and the trigger exact (``exact.py``), Santa's starting row's law, and the
        free games' spins at each Santa size (exact by the meter's chain) as the control variate."""
        return exact_parts_of(self, buy)

    def feature_controls(self, result: RoundResult) -> tuple[float, ...]:
        """Spins a free game played at each Santa size (1x1 .. 5x5), read off its ``free_spin`` events."""
        spins = [0.0] * (len(self.data.meter) + 1)
        for event in result.events:
            if event["type"] == "free_spin":
                spins[event["santa"]["size"] - 1] += 1
        return tuple(spins)

    # -- the round --------------------------------------------------------------------------

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        start = ctx.feature_start
        row: int | None
        if start is not None:  # stratified simulation: the free games only, from their start
            trigger, row = self._read_start(start)
            self.free_games(ctx, trigger, row)
        else:
            if ctx.buy:
                rows = self.data.buy_rows
                trigger, row = "buy", rows[ctx.rng.randrange(len(rows))]
            else:
                trigger, row = "spin", self.base_spin(ctx)
            if row is not None:
                ctx.count("free_games")
                if ctx.defer_features:
                    ctx.deferred.append({"trigger": trigger, "santa_row": row})
                else:
                    self.free_games(ctx, trigger, row)
        yield from ()  # no decisions in this game: the round runs through in one step

    def _read_start(self, start: dict[str, Any]) -> tuple[str, int]:
        trigger, row = start.get("trigger"), start.get("santa_row")
        if trigger not in TRIGGERS or not isinstance(row, int) or not 0 <= row < ROWS:
            raise DataError(f"{self.id}: a free-games start is {{'trigger': 'spin' | 'buy', 'santa_row': 0..4}},"
                            f" not {start!r}")
        return trigger, row

    def base_spin(self, ctx: RoundContext) -> int | None:
        """One paid spin (with Santa's Sleigh); returns Santa's row when the free games trigger."""
        data = self.data
        rng = ctx.rng
        randrange = rng.randrange
        landed, stops = data.base_reels.spin(rng)
        window = landed
        sleigh = None
        if randrange(data.sleigh_of) < data.sleigh_flies:
            counts = data.sleigh_counts
            cells = sorted(rng.sample(data.sleigh_cells, counts[randrange(len(counts))]))
            window = [column[:] for column in landed]
            pie = self.pie
            for col, row in cells:
                window[col][row] = pie
            sleigh = {"pies": [[col, row] for col, row in cells]}
            ctx.count("sleigh")
        hits = self.paylines.hits(window)
        units = 0
        for hit in hits:
            units += hit[3]
        texts = self.texts
        ctx.emit({"type": "spin", "mode": "base", "stops": stops, "landed": landed, "sleigh": sleigh,
                  "window": window, "wins": self.paylines.win_events(hits, texts) if hits else [],
                  "x": texts[units]})
        if units:
            ctx.award_units(units, data.unit_den)
        first = window[0]
        if self.santa in first:
            pie = self.pie
            for column in window:
                if pie in column:
                    return first.index(self.santa)
        return None

    def free_games(self, ctx: RoundContext, trigger: str, santa_row: int) -> None:
        """The Free Games Feature, Santa starting 1x1 on reel 1 at ``santa_row``."""
        data = self.data
        rng = ctx.rng
        free_reels = data.free_reels
        santa, pie, eaten = self.santa, self.pie, data.eaten_pie
        paylines, texts = self.paylines, self.texts
        block: Block = (0, santa_row, 1)
        meter = Meter(data.meter, data.extra_spins)
        spins = data.free_spins
        spin_no = 0
        feature_units = 0
        ctx.emit({"type": "free_games_start", "trigger": trigger, "spins": spins, "santa": block_event(block),
                  "meter": {**meter.event(), "sizes": list(data.meter)}})
        while spin_no < spins:
            spin_no += 1
            reels, stops = free_reels.spin(rng)
            col, row, size = before = block
            landed = [column[:] for column in reels]
            for c in range(col, col + size):
                landed[c][row : row + size] = [santa] * size
            pies = [(c, r) for c, column in enumerate(reels) if pie in column
                    for r, symbol in enumerate(column) if symbol is pie]
            order, path, grew = collect(block, pies, meter)
            if path:
                block = path[-1]
            window = reels  # the reels as they landed, then the eaten pies and Santa's block
            if eaten is not pie:
                for c, r in order:
                    window[c][r] = eaten
            col, row, size = block
            for c in range(col, col + size):
                window[c][row : row + size] = [santa] * size
            hits = paylines.hits(window)
            units = 0
            for hit in hits:
                units += hit[3]
            ctx.count("pies", len(order))
            extra_events = []
            for new_size, extra in grew:
                spins += extra
                ctx.count(f"size_{new_size}")
                extra_events.append({"type": "extra_spins", "count": extra, "spins": spins})
            ctx.emit({
                "type": "free_spin", "spin": spin_no, "spins": spins, "stops": stops, "landed": landed,
                "santa_before": block_event(before), "pies": [[c, r] for c, r in order],
                "path": [block_event(b) for b in path], "santa": block_event(block), "meter": meter.event(),
                "grew": [{"size": s, "extra_spins": k} for s, k in grew], "window": window,
                "wins": paylines.win_events(hits, texts) if hits else [], "x": texts[units],
            })
            for event in extra_events:
                ctx.emit(event)
            feature_units += units
            if units:
                ctx.award_units(units, data.unit_den)
        ctx.emit({"type": "free_games_end", "x": texts[feature_units], "spins": spins, "size": block[2]})
