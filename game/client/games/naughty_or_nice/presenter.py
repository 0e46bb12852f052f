"""Naughty or Nice?'s presenter: one step builder per event the engine emits (docs/EVENTS.md).

The kit shows ``round_end``'s counter; this adds the base spin (scatters held in anticipation),
the girl chosen as Bonus Substitute (``decision``), the free games with each award popping up at
its cell, held reels locked and doubled wins marked, and the progressive jackpot's celebration.
Nothing here decides anything: every amount is the event's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ....engine.money import cents_of, format_cents
from ...kit.presenter import shows
from ...kit.reel_presenter import ReelPresenter, ReelStage, StagePresenter
from ...widgets.counter import roll_seconds
from ...widgets.particles import Particles
from ...widgets.reels import Cell
from ...widgets.slot_steps import CycleWins, FlashWins, Highlight, SpinReels
from ...widgets.timeline import Call, Step, Wait
from ...widgets.winlines import WinMark
from .choice import ShowChoice, SubstituteCards, substitute_name
from .feature import FeatureLayer, counted
from .jackpot import CelebrateJackpot, JackpotCelebration, JackpotMeter

if TYPE_CHECKING:
    from ....engine.games.naughty_or_nice import NaughtyOrNice

Event = dict[str, Any]

NAMES = {
    "santa": "SANTA", "mrs_claus": "MRS CLAUS", "reindeer": "REINDEER", "present": "PRESENT",
    "mistletoe": "MISTLETOE", "stocking": "STOCKING", "candy_cane": "CANDY CANE", "scatter": "SCATTER",
    "nice_girl": "NICE GIRL", "naughty_girl": "NAUGHTY GIRL",
}
GOLD = (255, 200, 80)
RED = (230, 60, 70)
HOLLY = (110, 210, 130)
AWARD_BEAT = 0.75  # seconds between two awards popping up


@dataclass
class RoundState:
    """What the screen shows after the events before some index (for resuming there)."""

    window: list[list[str]] | None = None
    in_free: bool = False
    substitute: str | None = None
    spin: int = 0
    total: int = 0
    held: list[int] = field(default_factory=list)  # reels held for the next free game
    awarded: dict[str, int] = field(default_factory=dict)
    won: Fraction = Fraction(0)  # x bet, the jackpot aside
    jackpot: int = 0  # cents of jackpot won
    feature_won: Fraction = Fraction(0)


def jackpots_of(wins: Sequence[Event]) -> int:
    return sum(int(win["amount"]) for win in wins if win["kind"] == "jackpot")


def state_before(events: Sequence[Event], start: int) -> RoundState:
    state = RoundState()
    for event in events[:start]:
        kind = event["type"]
        if kind == "spin":
            state.window = event["window"]
            state.won += Fraction(event["x"])
            state.jackpot += jackpots_of(event["wins"])
        elif kind == "free_games_start":
            state.in_free, state.total, state.substitute = True, event["spins"], event["substitute"]
        elif kind == "free_spin":
            state.window = event["window"]
            state.spin, state.total = event["spin"], event["spins"]
            state.held = list(event["next_held"])
            for award in event["awards"]:
                state.awarded[award["award"]] = state.awarded.get(award["award"], 0) + 1
            state.won += Fraction(event["x"])
            state.feature_won += Fraction(event["x"])
            state.jackpot += jackpots_of(event["wins"])
        elif kind == "free_games_end":
            state.in_free, state.held, state.substitute = False, [], None
    return state


class Stage(ReelStage, Protocol):
    """What the presenter's steps drive on the Naughty or Nice? screen."""

    game: NaughtyOrNice
    feature: FeatureLayer
    cards: SubstituteCards
    choice_particles: Particles
    jackpot_meter: JackpotMeter

    @property
    def jackpot_show(self) -> JackpotCelebration: ...

    def enter_free(self, total: int, substitute: str) -> None: ...

    def exit_free(self, base_window: Sequence[Sequence[str]] | None) -> None: ...

    def player_chose(self) -> bool:
        """The continuation being built follows a choice the player made on screen."""
        ...


class Presenter(ReelPresenter):
    """Builds the steps; holds only what it needs to follow the round while building."""

    NAMES = NAMES
    ACCENT = GOLD
    s: Stage

    def __init__(self, screen: Stage) -> None:
        super().__init__(screen)
        d = screen.game.description
        self.scatter = d.scatter
        self.trigger = d.scatter_trigger
        self.double = d.double
        self.cap = d.cap
        self.jackpot = 0  # cents of jackpot shown so far this round
        self.substitute: str | None = None
        self.base_window: list[list[str]] | None = None

    def state_before(self, events: Sequence[Event], start: int) -> RoundState:
        return state_before(events, start)

    def prelude(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool) -> list[Step]:
        state = state_before(events, start)
        self.jackpot = state.jackpot
        self.shown_total = state.total
        self.substitute = state.substitute
        self.base_window = events[0]["window"] if events and events[0]["type"] == "spin" else None
        return super().prelude(events, bet, start, resumed=resumed)

    # -- what a win says -----------------------------------------------------------------------

    def detail_of(self, win: Event) -> str:
        name = self.name_of(win["symbol"])
        if win["kind"] == "scatter" or win.get("line") is None:
            return f"{win['count']} {name}S"
        detail = f"LINE {win['line'] + 1}  \u00b7  {win['count']} x {name}"
        if win["kind"] == "jackpot":
            return f"JACKPOT  \u00b7  {detail}"
        if win.get("factor", 1) != 1:
            detail += f"  \u00b7  x{win['factor']} {self.name_of(self.substitute or '')}".rstrip()
        return detail

    def win_marks(self, wins: Sequence[Event]) -> list[WinMark]:
        marks = []
        for win in wins:
            amount = int(win["amount"]) if win["kind"] == "jackpot" else cents_of(Fraction(win["x"]), self.bet)
            marks.append(WinMark(tuple((c, r) for c, r in win["cells"]), win.get("line"), format_cents(amount),
                                 self.detail_of(win)))
        return marks

    def counter_cents(self) -> int:
        """What the win field shows once everything built so far has been shown (the cap holds the
        round's wins at most at it; the jackpot is beside it)."""
        won = self.won if self.cap is None else min(self.won, self.cap)
        return cents_of(won, self.bet) + self.jackpot

    def warm_up(self) -> None:
        """Render the banners every feature round uses, so their first frame is light."""
        s = self.s
        for name in s.game.description.substitutes:
            s.banner.render(*self._intro(name), "Press SPACE to start")

    def _intro(self, substitute: str) -> tuple[str, str, list[str]]:
        d = self.s.game.description
        return ("Free Games", f"{d.free_spins} FREE GAMES",
                [f"{substitute_name(substitute)} is your Bonus Substitute",
                 f"Wins with her pay x{d.double}; each time she lands she awards a bonus"])

    # -- one builder per event type --------------------------------------------------------

    @shows("spin")
    def _spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        window = event["window"]
        steps: list[Step] = [SpinReels(s.reels, window, extra=self._anticipation(window), before=s.before_spin)]
        scatters = [(c, r) for c, column in enumerate(window) for r, name in enumerate(column) if name == self.scatter]
        triggers = len(scatters) >= self.trigger
        if triggers:
            mark = WinMark(tuple(scatters), None, "", "")
            steps.append(Highlight(s.painter, mark, 1.4, partial(s.celebrate_cells, mark.cells)))
        steps.extend(self.shown_wins(event["wins"], Fraction(event["x"]), free=False, progress=index + 1,
                                     big=not triggers))
        return steps

    @shows("decision")
    def _decision(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        """The Bonus Substitute taken: confirmed when the player chose her, shown when autoplay did."""
        s = self.s
        if event["kind"] != "bonus_substitute":
            return StagePresenter._decision(self, event, index, events)
        self.substitute = event["choice"]
        return [ShowChoice(s.cards, event["choice"], asked=s.player_chose(), particles=s.choice_particles,
                           sound=s.sound, target=s.feature.portrait_center(), progress=index + 1)]

    @shows("free_games_start")
    def _free_games_start(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        self.had_feature = True
        self.shown_total = event["spins"]
        self.substitute = substitute = event["substitute"]
        title, big, lines = self._intro(substitute)
        return [self.moment(title, big, lines, hint="Press SPACE to start", sound_name="feature_start",
                            on_start=lambda: s.enter_free(event["spins"], substitute), progress=index + 1)]

    @shows("free_spin")
    def _free_spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        feature = s.feature
        held = list(event["held"])
        total_before = self.shown_total
        spin_no = event["spin"]

        def before_spin() -> None:
            s.before_spin()
            feature.clear_spin()
            feature.set_counter(spin_no, total_before)

        steps: list[Step] = [SpinReels(s.reels, event["window"], held=held, before=before_spin)]
        if held:  # the hold has been played: its locks lift once the other reels have landed
            steps.append(Call(partial(self._unlock, held)))
        total = total_before
        prizes = Fraction(0)
        for award in event["awards"]:
            cell: Cell = (award["cell"][0], award["cell"][1])
            kind = award["award"]
            if kind == "spin":
                total += 1
                steps.append(Call(partial(self._award_spin, cell, total)))
            elif kind == "prize":
                x = Fraction(award["x"])
                prizes += x
                self.won += x
                steps.append(Call(partial(self._award_prize, cell, cents_of(x, self.bet), self.counter_cents())))
            else:
                steps.append(Call(partial(self._award_hold, cell)))
            steps.append(Wait(AWARD_BEAT))
        wins = event["wins"]
        doubled = self._doubled_cells(event)
        if doubled:
            steps.append(Call(lambda: feature.show_doubled(doubled)))
        if wins:
            steps.extend(self.shown_wins(wins, Fraction(event["x"]) - prizes, free=True, progress=index + 1,
                                         big=False))
        else:
            steps.append(Wait(0.9 if event["awards"] else 0.3))
            steps[-1].progress = index + 1
        self.shown_total = event["spins"]
        return steps

    @shows("free_games_end")
    def _free_games_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        state = state_before(events, index)
        feature_win = cents_of(Fraction(event["x"]), self.bet)
        jackpot = sum(jackpots_of(e["wins"]) for e in events[:index] if e["type"] == "free_spin")
        lines = [f"in {event['spins']} free games"]
        if jackpot:
            lines.append(f"with the jackpot of {format_cents(jackpot)}")
        round_win = cents_of(self.round_x, self.bet) + self.jackpot
        if round_win != feature_win + jackpot:
            lines.append(f"Round total {format_cents(round_win)}")
        base_window = self.base_window
        awarded = state.awarded
        if awarded:
            lines.append("  \u00b7  ".join(counted(count, word) for word, count in (
                ("extra game", awarded.get("spin", 0)), ("instant prize", awarded.get("prize", 0)),
                ("held reel", awarded.get("hold", 0))) if count))
        return [
            self.moment("Free Games Complete", format_cents(feature_win + jackpot), lines, sound_name="feature_end",
                        progress=index + 1),
            Call(lambda: s.exit_free(base_window)),
        ]

    @shows("cap_reached")
    def _cap_reached(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        """The maximum win ends the round, inside the free games or not: the player must read why."""
        s = self.s
        d = s.game.description
        amount = format_cents(cents_of(Fraction(event["x"]), self.bet))
        base_window = self.base_window
        return [
            self.moment("Maximum Win!", amount, [  # the cap ends the round: it waits to be read
                f"{d.cap_line_bets:,} x the line bet is the most a paid spin can win (the jackpot aside).",
                "The round ends here; the maximum is paid in full."],
                accent=RED, sound_name="win_big", progress=index + 1),
            Call(lambda: s.exit_free(base_window) if s.feature.in_free else None),
        ]

    @shows("round_end")
    def _round_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        """The counter lands on the round's win (the jackpot in it); a big feature win celebrates the
        rest, unless the jackpot had its own celebration."""
        s = self.s
        win = event["win"]
        steps: list[Step] = [Call(lambda: s.money.counter.roll_to(win, 0.4))]
        if self.had_feature and not self.jackpot and self.big_win(win):
            steps.append(self.celebrate(win))
        return steps

    # -- pieces --------------------------------------------------------------------------------

    def _unlock(self, held: list[int]) -> None:
        self.s.feature.unlock(held)
        self.s.sound("reel_stop")

    def _award_spin(self, cell: Cell, total: int) -> None:
        s = self.s
        s.feature.pop(cell, "spin", "+1 FREE GAME")
        s.feature.add_spin(total)
        s.sound("extra_spins")

    def _award_prize(self, cell: Cell, cents: int, counter_to: int) -> None:
        s = self.s
        s.feature.pop(cell, "prize", f"+{format_cents(cents)}")
        s.money.counter.roll_to(counter_to, 0.6)
        s.sound("win_small")

    def _award_hold(self, cell: Cell) -> None:
        s = self.s
        s.feature.pop(cell, "hold", "REEL HELD")
        s.feature.lock(cell[0])
        s.sound("sticky_lock")

    def _doubled_cells(self, event: Event) -> list[Cell]:
        """The Bonus Substitute's cells in the wins she doubled (each marked x2)."""
        window, chosen = event["window"], self.substitute
        cells: list[Cell] = []
        for win in event["wins"]:
            if win.get("factor", 1) == 1:
                continue
            for c, r in win["cells"]:
                if window[c][r] == chosen and (c, r) not in cells:
                    cells.append((c, r))
        return cells

    def shown_wins(self, wins: Sequence[Event], x: Fraction, *, free: bool, progress: int, big: bool) -> list[Step]:
        """A spin's wins: a jackpot line first, with its celebration, then the other wins as the kit shows them."""
        s = self.s
        steps: list[Step] = []
        for win in (w for w in wins if w["kind"] == "jackpot"):
            mark = self.win_marks([win])[0]
            amount = int(win["amount"])
            steps.append(Highlight(s.painter, mark, 1.2, partial(s.celebrate_cells, mark.cells)))
            before = self.counter_cents()
            self.jackpot += amount
            line = f"{win['count']} {self.name_of(win['symbol'])}S ON LINE {win['line'] + 1}"
            steps.append(CelebrateJackpot(s.jackpot_show, amount, line, before=before, counter=s.money.counter,
                                          on_start=partial(s.jackpot_meter.show_won, amount)))
        others = [w for w in wins if w["kind"] != "jackpot"]
        steps.extend(self.wins(others, x, free=free, progress=progress, big=big))
        return steps

    def wins(self, wins: Sequence[Event], x: Fraction, *, free: bool, progress: int, big: bool) -> list[Step]:
        """The kit's win show (all lit while the counter rolls, a big win, then each in turn), with the
        counter carrying the jackpot already won."""
        s = self.s
        self.won += x
        if not wins:
            return [Call(lambda: None, progress=progress)]
        marks = self.win_marks(wins)
        flash = max(0.9 if free else 1.1, min(3.0, roll_seconds(float(x))))
        steps: list[Step] = [FlashWins(s.painter, s.money.counter, marks, self.counter_cents(), seconds=flash,
                                       sound=s.sound, sound_name="win_line" if x < 1 else "win_small")]
        if big and self.big_win(cents_of(self.round_x, self.bet)):
            steps.append(self.celebrate(cents_of(self.round_x, self.bet)))
        each = 1.1 if not free else min(0.8, 3.2 / len(marks))
        if len(marks) > 8:
            each = min(each, 0.6)
        steps.append(CycleWins(s.painter, marks, each=each, sound=s.sound))
        steps[-1].progress = progress
        return steps

    def _anticipation(self, window: Sequence[Sequence[str]]) -> list[float] | None:
        """Hold the last reels a little longer once one scatter short of the free games is showing."""
        seen = 0
        extra = [0.0] * len(window)
        for col, column in enumerate(window):
            if seen >= self.trigger - 1:
                extra[col] = 0.45
            seen += sum(1 for name in column if name == self.scatter)
        return extra if any(extra) else None
