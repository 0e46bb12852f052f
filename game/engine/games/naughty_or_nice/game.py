"""Naughty or Nice?'s rules (docs/rules/naughty_or_nice.md), on data from ``data.json``.

A 5x3, 50-line game. Nice Girl and Naughty Girl substitute for every symbol but the scatter, and
a line of substitutes pays as Santa. Three scatters start 10 free games, in which the player's
chosen Bonus Substitute doubles every win it is part of and awards a bonus each time it lands.
Five Nice Girls on a line (five of the Bonus Substitute in the free games) win the progressive
jackpot instead of the five-Santa prize.

Pays are summed as integers: units of 1/50 of the total bet (a line pay times the line bet is a
whole number of them, and so is every scatter and instant prize), so no win is ever rounded.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...data import BetBreakdown, Reader, load_json, read_bets, read_lines, read_stated_rtp, read_symbol
from ...describe import GameDescription
from ...game import Game
from ...jackpot import JackpotRules, Pool
from ...lines import Hit, LineEvaluator
from ...money import UnitTexts
from ...parts import ExactParts, PayFigures
from ...reels import ReelSet
from ...rng import RoundRng
from ...round import Decision, RoundContext, RoundResult
from ...wins import Evaluation, Win
from .exact import base_exact
from .rounding import pay_figures

DATA_FILE = Path(__file__).with_name("data.json")
SUB = "substitute"  # the evaluator's one wild: either girl, as the lines see her
AWARDS = ("spin", "prize", "hold")  # a Bonus Substitute's awards: +1 free game, an instant prize, a held reel


@dataclass(frozen=True)
class BonusTable:
    """What a Bonus Substitute awards each time she lands in the free games (weights out of their sum)."""

    awards: dict[str, int]  # award -> weight
    prizes: dict[int, int]  # instant prize (x total bet) -> weight

    @property
    def award_total(self) -> int:
        return sum(self.awards.values())

    @property
    def prize_total(self) -> int:
        return sum(self.prizes.values())

    def probability(self, award: str) -> Fraction:
        return Fraction(self.awards[award], self.award_total)

    def mean_prize(self) -> Fraction:
        return Fraction(sum(x * w for x, w in self.prizes.items()), self.prize_total)


@dataclass(frozen=True, kw_only=True)
class NaughtyOrNiceDescription(GameDescription):
    """Naughty or Nice?'s figures for the screen and the help pages."""

    breakdown: BetBreakdown  # a total bet is the line bet x 50 lines
    reels: int
    rows: int
    line_pays: dict[str, dict[int, int]]  # x line bet
    scatter: str
    scatter_pays: dict[int, int]  # x total bet
    scatter_trigger: int
    substitutes: tuple[str, ...]
    pays_as: str  # a line of substitutes pays as this symbol
    jackpot_symbol: str  # five on a line in the base game win the jackpot
    replaced_pay: tuple[str, int]  # the prize a jackpot line does not pay: ("santa", 5)
    free_spins: int
    double: int  # the factor of a win with the Bonus Substitute in it
    bonus: dict[str, BonusTable]  # by Bonus Substitute
    jackpot: JackpotRules
    cap_line_bets: int  # the cap per paid spin in line bets (jackpot aside)


class NaughtyOrNice(Game):
    id = "naughty_or_nice"
    description: NaughtyOrNiceDescription
    jackpot: JackpotRules

    def __init__(self, data_file: Path = DATA_FILE) -> None:
        source = str(data_file)
        self.data_file = data_file
        doc = Reader(source, load_json(data_file))
        self.title = doc.child("title").text()
        self.reel_count = doc.child("reels").integer(1, 9)
        self.rows = doc.child("rows").integer(1, 9)
        self.symbols = tuple(item.text() for item in doc.child("symbols").items())
        known = set(self.symbols)

        self.scatter = read_symbol(doc.child("scatter"), self.symbols)
        self.substitutes = tuple(read_symbol(item, self.symbols) for item in doc.child("substitutes").items())
        if len(set(self.substitutes)) != 2 or self.scatter in self.substitutes:
            raise doc.child("substitutes").fail("two different substitutes, neither of them the scatter")
        self.pays_as = read_symbol(doc.child("substitutes_pay_as"), self.symbols)
        self.jackpot_symbol = read_symbol(doc.child("jackpot_symbol"), self.symbols)
        if self.jackpot_symbol not in self.substitutes:
            raise doc.child("jackpot_symbol").fail("the base game's jackpot symbol is one of the substitutes")

        ladder = read_bets(doc)
        breakdown = ladder.breakdown
        if breakdown is None or breakdown.levels != (1,):
            raise doc.child("bets").fail("a bet is the line bet x the lines: give 'breakdown' with levels [1]")
        self.lines = read_lines(doc.child("lines"), self.reel_count, self.rows)
        if breakdown.credits != len(self.lines):
            raise doc.child("bets").child("breakdown").fail(
                f"the credits of a bet are its {len(self.lines)} lines, found {breakdown.credits}")
        self.breakdown = breakdown
        self.bets = ladder.ladder
        self.default_bet = ladder.default
        unit_den = len(self.lines)  # units of 1/50 of the total bet: one line bet
        self.unit_den = unit_den

        pays_doc = doc.child("line_pays")
        line_pays: dict[str, dict[int, int]] = {}
        for name in pays_doc.fields():
            entry = pays_doc.child(name)
            read_symbol(Reader(source, name, f"{entry.where} (symbol)"), self.symbols)
            if name in self.substitutes or name == self.scatter:
                raise entry.fail("substitutes pay as their line's symbol, the scatter by its count anywhere")
            line_pays[name] = {int(count): entry.child(count).integer(1) for count in entry.fields()}
            for count in line_pays[name]:
                if not 2 <= count <= self.reel_count:
                    raise entry.fail(f"count {count} is not between 2 and {self.reel_count}")
        if self.pays_as not in line_pays:
            raise doc.child("substitutes_pay_as").fail("the symbol a line of substitutes pays as needs line pays")
        self.line_pays = line_pays
        scatter_doc = doc.child("scatter_pays")
        self.scatter_pays = {int(count): scatter_doc.child(count).integer(1) for count in scatter_doc.fields()}
        self.scatter_trigger = doc.child("scatter_trigger").integer(1, self.reel_count * self.rows)
        self.cap_line_bets = doc.child("cap_line_bets").integer(1)
        self.cap = Fraction(self.cap_line_bets, unit_den)

        free = doc.child("free_game")
        self.free_spins = free.child("spins").integer(1)
        self.double = free.child("double").integer(2)
        bonus_doc = free.child("bonus")
        self.bonus: dict[str, BonusTable] = {}
        for name in self.substitutes:
            entry = bonus_doc.child(name)
            awards_doc = entry.child("awards")
            awards = {award: awards_doc.child(award).integer(0) for award in AWARDS}
            if set(awards_doc.fields()) != set(AWARDS) or not any(awards.values()):
                raise awards_doc.fail(f"give a weight for each award: {', '.join(AWARDS)}")
            prizes_doc = entry.child("prizes")
            prizes = {int(x): prizes_doc.child(x).integer(1) for x in prizes_doc.fields()}
            if not prizes or min(prizes) < 1 or max(prizes) > 20:
                raise prizes_doc.fail("instant prizes are 1 to 20 times the total bet")
            self.bonus[name] = BonusTable(awards, prizes)

        self.jackpot = JackpotRules.read(doc.child("jackpot"), self.bets)

        strips = doc.child("strips")
        self.base_reels = ReelSet.read(strips.child("base"), self.rows, known)
        self.free_reels = ReelSet.read(strips.child("free"), self.rows, known)
        for name, reels in (("base", self.base_reels), ("free", self.free_reels)):
            if len(reels.strips) != self.reel_count:
                raise strips.child(name).fail(f"one strip per reel ({self.reel_count})")
        # The lines see either girl as the one wild, paying as Santa when a line is all substitutes.
        as_lines = {name: (SUB if name in self.substitutes else name) for name in self.symbols}
        self._base_lines = ReelSet([[as_lines[s] for s in strip] for strip in self.base_reels.strips], self.rows)
        pays_x = {name: {c: Fraction(p, unit_den) for c, p in by.items()} for name, by in line_pays.items()}
        pays_x[SUB] = pays_x[self.pays_as]
        self.evaluator = LineEvaluator(self.lines, pays_x, SUB, frozenset({self.scatter}))
        self._line_units = {name: [0] * (self.reel_count + 1) for name in pays_x}
        for name, by_count in line_pays.items():
            for count, pay in by_count.items():
                self._line_units[name][count] = pay
        self._line_units[SUB] = self._line_units[self.pays_as]
        self._as_lines = as_lines
        self._texts = UnitTexts(unit_den)
        self.description = NaughtyOrNiceDescription(
            id=self.id, title=self.title, bets=ladder, lines=self.lines, buy_price_x=None, cap=self.cap,
            rtp=read_stated_rtp(doc), breakdown=breakdown, reels=self.reel_count, rows=self.rows,
            line_pays=line_pays, scatter=self.scatter, scatter_pays=self.scatter_pays,
            scatter_trigger=self.scatter_trigger, substitutes=self.substitutes, pays_as=self.pays_as,
            jackpot_symbol=self.jackpot_symbol, replaced_pay=(self.pays_as, self.reel_count),
            free_spins=self.free_spins, double=self.double, bonus=dict(self.bonus), jackpot=self.jackpot,
            cap_line_bets=self.cap_line_bets,
        )
        if self.reel_count not in line_pays[self.pays_as]:
            raise pays_doc.child(self.pays_as).fail("the jackpot replaces this symbol's 5-of-a-kind: give its pay")

    # -- public API -------------------------------------------------------------------------

    def line_bet(self, bet: int) -> int:
        """The bet per line (cents) of a total bet on the ladder."""
        self.check_bet(bet)
        return bet // len(self.lines)

    def wagered_state(self, state: dict[str, Any] | None, cost: int) -> dict[str, Any]:
        return self.jackpot.wagered(state, cost)

    def pay_figures(self) -> PayFigures:
        return pay_figures(self)

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        """The base game's pays of a window; a jackpot line pays nothing here (its pool is not a multiple)."""
        as_lines = [[self._as_lines[s] for s in column] for column in window]
        wins = []
        for index, name, count, pay in self.evaluator.hits(as_lines):
            cells = self.evaluator.cells[index][count]
            if self._is_jackpot(window, name, count, cells, self.jackpot_symbol):
                continue
            wins.append(Win(self._shown_symbol(name), count, cells, index, pay))
        scatter = self._scatter_count(window)
        if scatter in self.scatter_pays:
            cells = self._scatter_cells(window)
            wins.append(Win(self.scatter, scatter, cells, None, Fraction(self.scatter_pays[scatter]), kind="scatter"))
        return Evaluation.of(wins)

    def exact_parts(self, buy: bool = False) -> ExactParts:
        """The base game and the trigger exact (``exact.py``); the free games start with
        either Bonus Substitute, half the time each (the strategy's choice). The control is the number
        of Bonus Substitutes landing on the first free game, whose mean is the free strips' share of her."""
        exact = base_exact(self)
        starts = tuple(({"substitute": name}, Fraction(1, len(self.substitutes))) for name in self.substitutes)
        means = tuple((self._first_spin_mean(name),) for name in self.substitutes)
        return ExactParts(
            base_x=exact.base_x, rate=exact.trigger, starts=starts, control_names=("first_free_game_substitutes",),
            control_means=means, source="game.engine.games.naughty_or_nice.exact",
            exact=(("line pays", exact.line_rtp, "by linearity over one line's 5 reels"),
                   ("scatter pays", exact.scatter_rtp, "the scatter count's law"),
                   ("jackpot a spin", exact.jackpot_any, "each reel's rows of Nice Girls")),
        )

    def _first_spin_mean(self, name: str) -> Fraction:
        return sum((Fraction(strip.count(name) * self.rows, len(strip)) for strip in self.free_reels.strips),
                   Fraction(0))

    def feature_controls(self, result: RoundResult) -> tuple[float, ...]:
        """The Bonus Substitutes on the first free game, read off its ``free_spin`` event."""
        chosen = next(event["substitute"] for event in result.events if event["type"] == "free_games_start")
        first = next(event for event in result.events if event["type"] == "free_spin")
        return (float(sum(column.count(chosen) for column in first["window"])),)

    # -- the round --------------------------------------------------------------------------

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        pool = Pool(self.jackpot, ctx.state, ctx.bet)
        if ctx.feature_start is not None:  # a stratified simulation's feature run
            ctx.count("free_games")
            try:
                chosen = ctx.feature_start.get("substitute")
                if chosen is None:  # a deferred start: the choice is the strategy's, as in a round
                    chosen = yield self._choice()
                self.free_games(ctx, chosen, pool)
            finally:
                ctx.state_out = pool.state()
            return
        try:
            window, stops = self.base_reels.spin(ctx.rng)
            scatters = self._scatter_count(window)
            wins, units = self._line_wins(window, self._base_lines.window_at(stops), None, self.jackpot_symbol,
                                          pool, ctx)
            if scatters in self.scatter_pays:
                units += self._scatter_win(window, scatters, wins)
            ctx.emit({"type": "spin", "mode": "base", "stops": stops, "window": window,
                      "wins": wins, "x": self._texts[units]})
            if units:
                ctx.award_units(units, self.unit_den)
            if scatters >= self.scatter_trigger:
                ctx.count("free_games")
                if ctx.defer_features:  # a simulation's base round: the start as the strategy would choose it
                    pick = self.substitutes[ctx.rng.randrange(len(self.substitutes))]
                    ctx.deferred.append({"substitute": pick})
                    return
                choice = yield self._choice()
                self.free_games(ctx, choice, pool)
        finally:
            ctx.state_out = pool.state()

    def _choice(self) -> Decision:
        return Decision("bonus_substitute", self.substitutes, "Choose your Bonus Substitute",
                        info={"spins": self.free_spins})

    def free_games(self, ctx: RoundContext, chosen: str, pool: Pool) -> None:
        """The Free Game Feature with ``chosen`` as Bonus Substitute, played into ``ctx``."""
        rng = ctx.rng
        table = self.bonus[chosen]
        reels = self.free_reels
        as_lines = self._as_lines
        held: dict[int, list[str]] = {}  # reel -> the column it holds on the next free game
        spins_total = self.free_spins
        spin_no = 0
        feature_units = 0
        ctx.emit({"type": "free_games_start", "spins": spins_total, "substitute": chosen})
        while spin_no < spins_total:
            spin_no += 1
            landed, stops = reels.spin(rng)
            window = [held.get(col, column) for col, column in enumerate(landed)]
            held_now = sorted(held)
            awards: list[dict[str, Any]] = []
            next_held: dict[int, list[str]] = {}
            award_units = 0
            for col, column in enumerate(window):
                if col in held:  # a held reel's Bonus Substitutes awarded when they landed
                    continue
                for row, name in enumerate(column):
                    if name != chosen:
                        continue
                    # Whether a game follows is asked at each award: a +1 drawn earlier on this
                    # spin gives the last game one to hold a reel for.
                    award = self._draw_award(rng, table, spin_no == spins_total)
                    item: dict[str, Any] = {"cell": [col, row], "award": award}
                    if award == "spin":
                        spins_total += 1
                        ctx.count("extra_free_games")
                    elif award == "prize":
                        prize = self._draw_prize(rng, table)
                        item["x"] = str(prize)
                        award_units += prize * self.unit_den
                        ctx.count("instant_prizes")
                    else:
                        next_held[col] = column
                        ctx.count("held_reels")
                    awards.append(item)
            window_lines = [[as_lines[s] for s in column] for column in window]
            wins, units = self._line_wins(window, window_lines, chosen, chosen, pool, ctx)
            scatters = self._scatter_count(window)
            if scatters in self.scatter_pays:
                units += self._scatter_win(window, scatters, wins)
            ctx.emit({
                "type": "free_spin", "spin": spin_no, "spins": spins_total, "stops": stops, "window": window,
                "held": held_now, "awards": awards, "next_held": sorted(next_held), "wins": wins,
                "x": self._texts[units + award_units],
            })
            held = next_held
            feature_units += units + award_units
            if units + award_units:
                ctx.award_units(units + award_units, self.unit_den)
        ctx.emit({"type": "free_games_end", "x": self._texts[feature_units], "spins": spins_total})

    @staticmethod
    def _draw_award(rng: RoundRng, table: BonusTable, last: bool) -> str:
        """One award by its weight; with ``last`` (no free game follows) there is none to hold a reel for."""
        weights = table.awards
        total = table.award_total - (weights["hold"] if last else 0)
        if total <= 0:
            return "prize"
        pick = rng.randrange(total)
        for award in AWARDS:
            if last and award == "hold":
                continue
            pick -= weights[award]
            if pick < 0:
                return award
        raise AssertionError("unreachable: the weights sum to the total")

    @staticmethod
    def _draw_prize(rng: RoundRng, table: BonusTable) -> int:
        pick = rng.randrange(table.prize_total)
        for prize, weight in table.prizes.items():
            pick -= weight
            if pick < 0:
                return prize
        raise AssertionError("unreachable: the weights sum to the total")

    def _line_wins(self, window: list[list[str]], window_lines: list[list[str]], bonus: str | None,
                   jackpot_symbol: str, pool: Pool, ctx: RoundContext) -> tuple[list[dict[str, Any]], int]:
        """A spin's line wins as events and their sum in units; a jackpot line wins the pool.

        ``bonus`` is the Bonus Substitute (free games): a win with her in it is doubled.
        """
        hits: list[Hit] = self.evaluator.hits(window_lines)
        if not hits:
            return [], 0
        cells_of, units_of, texts = self.evaluator.cells, self._line_units, self._texts
        events: list[dict[str, Any]] = []
        total = 0
        for index, name, count, _ in hits:
            cells = cells_of[index][count]
            if self._is_jackpot(window, name, count, cells, jackpot_symbol):
                paid = pool.pay()
                ctx.award_jackpot(paid)
                ctx.count("jackpots")
                events.append({"kind": "jackpot", "symbol": jackpot_symbol, "count": count,
                               "cells": [[c, r] for c, r in cells], "line": index, "x": "0", "factor": 1,
                               "amount": paid})
                continue
            factor = 1
            if bonus is not None and any(window[c][r] == bonus for c, r in cells):
                factor = self.double
            units = units_of[name][count] * factor
            total += units
            events.append({"kind": "line", "symbol": self._shown_symbol(name), "count": count,
                           "cells": [[c, r] for c, r in cells], "line": index, "x": texts[units],
                           "factor": factor})
        return events, total

    def _is_jackpot(self, window: list[list[str]], name: str, count: int, cells: tuple[tuple[int, int], ...],
                    jackpot_symbol: str) -> bool:
        return name == SUB and count == self.reel_count and all(window[c][r] == jackpot_symbol for c, r in cells)

    def _shown_symbol(self, name: str) -> str:
        """The symbol a win is named by: a line of substitutes is named as the symbol it pays as."""
        return self.pays_as if name == SUB else name

    def _scatter_count(self, window: list[list[str]]) -> int:
        scatter = self.scatter
        return sum(column.count(scatter) for column in window)

    def _scatter_cells(self, window: list[list[str]]) -> tuple[tuple[int, int], ...]:
        return tuple((c, r) for c, column in enumerate(window) for r, name in enumerate(column) if name == self.scatter)

    def _scatter_win(self, window: list[list[str]], count: int, wins: list[dict[str, Any]]) -> int:
        units = self.scatter_pays[count] * self.unit_den
        wins.append({"kind": "scatter", "symbol": self.scatter, "count": count,
                     "cells": [[c, r] for c, r in self._scatter_cells(window)], "line": None,
                     "x": self._texts[units], "factor": 1})
        return units

