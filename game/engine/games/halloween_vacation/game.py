"""Halloween Vacation's rules (docs/rules/halloween_vacation.md), on data from ``data.json``."""

from __future__ import annotations

import logging
from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from pathlib import Path
from typing import Any

from ...data import BetBreakdown, Reader, load_json, read_bets, read_lines, read_stated_rtp, read_symbol
from ...describe import GameDescription
from ...errors import DataError
from ...game import Game
from ...lines import Hit, LineEvaluator, scatter_win
from ...money import UnitTexts, parse_multiplier
from ...parts import PayFigures
from ...reels import ReelSet
from ...round import Decision, RoundContext
from ...wins import Evaluation, Win
from .exact import HalloweenExact, compute, headline
from .figures import ExactFigures, exact_file, read_exact_figures
from .rounding import pay_figures

log = logging.getLogger(__name__)


DATA_FILE = Path(__file__).with_name("data.json")


@dataclass(frozen=True, kw_only=True)
class HalloweenDescription(GameDescription):
    """Halloween Vacation's figures: the bet breakdown and the free games."""

    breakdown: BetBreakdown  # a bet is Value x Level x credits (also ``bets.breakdown``)
    reels: int
    rows: int
    wild: str
    scatter: str
    scatter_trigger: int  # scatters anywhere that start the free games
    free_spins: int
    sticky_reels: tuple[int, ...]  # 0-based reels whose wilds stick for the free games
    expanding_reel: int  # 0-based reel of the Expanding Wild
    expanding_multipliers: tuple[int, ...]  # its multiplier on each spin it stands
    max_win_bound_x: Fraction  # no cap is printed; no round can win this much



class HalloweenVacation(Game):
    id = "halloween_vacation"
    stratified_feature = "free_games"
    description: HalloweenDescription

    def __init__(self, data_file: Path = DATA_FILE) -> None:
        source = str(data_file)
        self.data_file = data_file
        doc = Reader(source, load_json(data_file))
        self.title = doc.child("title").text()
        self.reel_count = doc.child("reels").integer(1, 9)
        self.rows = doc.child("rows").integer(1, 9)
        self.symbols = tuple(item.text() for item in doc.child("symbols").items())
        known = set(self.symbols)

        self.wild = read_symbol(doc.child("wild"), self.symbols)
        self.scatter = read_symbol(doc.child("scatter"), self.symbols)

        pays: dict[str, dict[int, Fraction]] = {}
        pays_doc = doc.child("pays")
        for name in pays_doc.fields():
            entry = pays_doc.child(name)
            read_symbol(Reader(source, name, f"{entry.where} (symbol)"), self.symbols)
            pays[name] = {
                int(count): entry.child(count).convert(parse_multiplier, "a pay figure")
                for count in entry.fields()
            }
            for count in pays[name]:
                if not 1 <= count <= self.reel_count:
                    raise entry.fail(f"count {count} is not between 1 and {self.reel_count}")
        self.pays = pays
        scatter_doc = doc.child("scatter_pays")
        self.scatter_pays = {
            int(count): scatter_doc.child(count).convert(parse_multiplier, "a pay figure")
            for count in scatter_doc.fields()
        }
        self.scatter_trigger = doc.child("scatter_trigger").integer(1, self.reel_count * self.rows)

        self.lines = read_lines(doc.child("lines"), self.reel_count, self.rows)

        free = doc.child("free_game")
        self.free_spins = free.child("spins").integer(1)
        self.sticky_reels = frozenset(r.integer(0, self.reel_count - 1) for r in free.child("sticky_reels").items())
        self.expanding_reel = free.child("expanding_reel").integer(0, self.reel_count - 1)
        self.expanding_multipliers = tuple(m.integer(1) for m in free.child("expanding_multipliers").items())

        ladder = read_bets(doc)
        if ladder.breakdown is None:
            raise doc.child("bets").fail("a Halloween Vacation bet is Value x Level x credits: give its 'breakdown'")
        self.breakdown = ladder.breakdown
        self.bet_credits = self.breakdown.credits
        self.bet_values = self.breakdown.values
        self.bet_levels = self.breakdown.levels
        self.bets = ladder.ladder
        self.default_bet = ladder.default
        rtp = read_stated_rtp(doc)

        strips = doc.child("strips")
        self.base_reels = ReelSet.read(strips.child("base"), self.rows, known)
        self.free_reels = ReelSet.read(strips.child("free"), self.rows, known)
        self.free_reels_expanding = self.free_reels.with_reel(
            self.expanding_reel, strips.child("free_expanding_reel"), known
        )
        self._check_reel_rules(strips)
        self.evaluator = LineEvaluator(self.lines, pays, self.wild, frozenset({self.scatter}))
        # The round sums its pays as integers: units of 1/unit_den of the total bet.
        self.unit_den = lcm(*(pay.denominator for pay in [*self.scatter_pays.values(),
                                                         *(p for row in pays.values() for p in row.values())]))
        self._line_units = {symbol: [0] * (self.reel_count + 1) for symbol in pays}
        for name, by_count in pays.items():
            for count, pay in by_count.items():
                self._line_units[name][count] = int(pay * self.unit_den)
        self._texts = UnitTexts(self.unit_den)
        self.description = HalloweenDescription(
            id=self.id, title=self.title, bets=ladder, lines=self.lines, buy_price_x=self.buy_price_x, cap=self.cap,
            rtp=rtp, breakdown=self.breakdown, reels=self.reel_count, rows=self.rows,
            wild=self.wild, scatter=self.scatter, scatter_trigger=self.scatter_trigger, free_spins=self.free_spins,
            sticky_reels=tuple(sorted(self.sticky_reels)), expanding_reel=self.expanding_reel,
            expanding_multipliers=self.expanding_multipliers, max_win_bound_x=self.max_win_bound_x,
        )

    def _check_reel_rules(self, strips: Reader) -> None:
        """The rule text says where wilds and scatters may land; the strips must agree."""
        wild_base = {i for i, strip in enumerate(self.base_reels.strips) if self.wild in strip}
        if wild_base - {2, 3, 4}:
            raise strips.child("base").fail("wilds may land only on reels 3, 4 and 5 in the base game")
        for name, reels in (("free", self.free_reels), ("free_expanding_reel", self.free_reels_expanding)):
            if any(self.scatter in strip for strip in reels.strips):
                raise strips.child(name).fail("scatters do not appear in the free game")
        wild_free = {i for i, strip in enumerate(self.free_reels.strips) if self.wild in strip}
        if wild_free - {1, 2, 3}:
            raise strips.child("free").fail("wilds may land only on reels 2, 3 and 4 in the free game")
        if self.wild in self.free_reels_expanding.strips[self.expanding_reel]:
            raise strips.child("free_expanding_reel").fail("no wild may land on reel 3 while an Expanding Wild stands")

    # -- public API -------------------------------------------------------------------------

    def bet_breakdown(self, bet: int) -> tuple[int, int]:
        """(value in cents, level) for a bet on the ladder: the largest value that makes it."""
        split = self.breakdown.split(bet)
        if split is None:
            raise DataError(f"{bet} is not Value x Level x {self.bet_credits}")
        return split

    def pay_figures(self) -> PayFigures:
        return pay_figures(self)

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        wins = self.evaluator.evaluate(window)
        scatter = scatter_win(window, self.scatter, self.scatter_pays)
        if scatter is not None:
            wins.append(scatter)
        return Evaluation.of(wins)

    @cached_property
    def exact(self) -> HalloweenExact:
        """Every exact figure of today's data: RTP, hit rate, trigger, the free game (``exact.py``).

        Computed with fractions on first use (about 2 s), then kept: the published RTP is this one.
        """
        return compute(self)

    @cached_property
    def exact_figures(self) -> ExactFigures:
        """The headline exact figures, from ``exact.json`` when it was made from today's data (at
        once), else computed (about 2 s, with a warning to regenerate the file)."""
        figures = read_exact_figures(self)
        if figures is None:
            log.warning("%s does not match the data: computing the exact figures (run python -m "
                        "game.engine.games.halloween_vacation.exact --write)", exact_file(self))
            figures = headline(self.exact)
        return figures

    @property
    def max_win_bound_x(self) -> Fraction:
        """An upper bound of any round's win (x total bet); no cap is printed for this game.

        Every line paying the top line pay on the base spin and on every free spin, each free
        spin times its Expanding Wild multiplier, with the largest multiplier total the free
        game's rules allow, plus the top scatter pay.
        """
        top_line = max(pay for pays in self.pays.values() for pay in pays.values()) * len(self.lines)
        top_scatter = max(self.scatter_pays.values())
        return top_line + top_scatter + top_line * self.max_multiplier_total()

    def max_multiplier_total(self) -> int:
        """The largest sum of per-spin multipliers a free game can reach (extra spins included)."""
        multipliers = self.expanding_multipliers

        def best(spin: int, spins: int, stage: int) -> int:
            if spin > spins:
                return 0
            if stage:  # the Expanding Wild plays on
                factor = multipliers[stage]
                nxt = stage + 1 if stage + 1 < len(multipliers) else 0
                return factor + best(spin + 1, spins, nxt)
            plain = 1 + best(spin + 1, spins, 0)
            needed = max(spins, spin + len(multipliers) - 1)
            landed = multipliers[0] + best(spin + 1, needed, 1 if len(multipliers) > 1 else 0)
            return max(plain, landed)

        return best(1, self.free_spins, 0)

    # -- the round --------------------------------------------------------------------------

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        if ctx.feature_start is not None:  # a stratified simulation's feature run
            ctx.count("free_games")
            self.free_game(ctx)
            return
        window, stops = self.base_reels.spin(ctx.rng)
        hits = self.evaluator.hits(window)
        events, units = self._line_events(hits, 1) if hits else ([], 0)
        scatters = 0
        for column in window:
            scatters += column.count(self.scatter)
        scatter = scatter_win(window, self.scatter, self.scatter_pays) if scatters in self.scatter_pays else None
        if scatter is not None:
            events.append(scatter.to_event())
            units += int(scatter.multiplier * self.unit_den)
        ctx.emit({"type": "spin", "mode": "base", "stops": stops, "window": window,
                  "wins": events, "x": self._texts[units]})
        if units:
            ctx.award_units(units, self.unit_den)
        if scatter is not None and scatter.count >= self.scatter_trigger:
            ctx.count("free_games")
            if ctx.defer_features:
                ctx.deferred.append({})
            else:
                self.free_game(ctx)
        yield from ()  # no decision in this game: the round runs through in one step

    def free_game(self, ctx: RoundContext) -> None:
        """The Free Game Feature at the round's bet, played into ``ctx`` (also used for stratified runs)."""
        rng = ctx.rng
        wild = self.wild
        rows = self.rows
        expanding_reel = self.expanding_reel
        multipliers = self.expanding_multipliers
        sticky: set[tuple[int, int]] = set()
        stage = 0  # 0: no Expanding Wild; n: it shows multipliers[n - 1] this spin
        spins_total = self.free_spins
        spin_no = 0
        feature_units = 0
        ctx.emit({"type": "free_games_start", "spins": spins_total})
        while spin_no < spins_total:
            spin_no += 1
            reels = self.free_reels_expanding if stage else self.free_reels
            landed, stops = reels.spin(rng)
            window = [list(column) for column in landed]
            new_expanding = False
            if stage:
                stage += 1
            elif wild in landed[expanding_reel]:
                stage = 1
                new_expanding = True
                ctx.count("expanding_wilds")
            new_sticky = [
                (col, row)
                for col in self.sticky_reels
                for row in range(rows)
                if landed[col][row] == wild and (col, row) not in sticky
            ]
            sticky.update(new_sticky)
            ctx.count("sticky_wilds", len(new_sticky))
            for col, row in sticky:
                window[col][row] = wild
            factor = 1
            if stage:
                window[expanding_reel] = [wild] * rows
                factor = multipliers[stage - 1]
            hits = self.evaluator.hits(window)
            events, units = self._line_events(hits, factor) if hits else ([], 0)
            extra = 0
            if stage:
                needed = spin_no + len(multipliers) - stage
                if needed > spins_total:
                    extra = needed - spins_total
                    spins_total = needed
                    ctx.count("extra_spins", extra)
            ctx.emit({
                "type": "free_spin", "spin": spin_no, "spins": spins_total, "stops": stops,
                "landed": landed, "window": window,
                "sticky": sorted([c, r] for c, r in sticky), "new_sticky": sorted([c, r] for c, r in new_sticky),
                "expanding": {"x": factor, "new": new_expanding} if stage else None,
                "wins": events, "x": self._texts[units],
            })
            if extra:
                ctx.emit({"type": "extra_spins", "count": extra, "spins": spins_total})
            feature_units += units
            if units:
                ctx.award_units(units, self.unit_den)
            if stage == len(multipliers):
                stage = 0
        ctx.emit({"type": "free_games_end", "x": self._texts[feature_units], "spins": spins_total})

    def _factor(self, count: int, factor: int) -> int:
        """A line through the Expanding Wild pays times its multiplier (every line win of 3+ does)."""
        return 1 if count <= self.expanding_reel else factor

    def multiplied(self, win: Win, factor: int) -> Win:
        """``win`` under the Expanding Wild's multiplier ``factor`` (:meth:`_factor` says where it applies)."""
        factor = self._factor(win.count, factor)
        if factor == 1:
            return win
        return Win(win.symbol, win.count, win.cells, win.line, win.multiplier * factor, factor, win.kind)

    def _line_events(self, hits: list[Hit], factor: int) -> tuple[list[dict], int]:
        """The events of a spin's line wins (``Win.to_event``'s dicts) and their sum in units.

        ``factor`` is the Expanding Wild's multiplier (1 when none stands).
        """
        cells, units_of, texts = self.evaluator.cells, self._line_units, self._texts
        events = []
        total = 0
        for index, symbol, count, _ in hits:
            times = self._factor(count, factor) if factor != 1 else 1
            units = units_of[symbol][count] * times
            total += units
            events.append({"kind": "line", "symbol": symbol, "count": count,
                           "cells": [[col, row] for col, row in cells[index][count]], "line": index,
                           "x": texts[units], "factor": times})
        return events, total

