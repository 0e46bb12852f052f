"""Halloween Vacation's presentation: a round's events turned into timeline steps.

Everything shown comes from the events: where the reels land, which wilds stick, where the
Expanding Wild grows and its multiplier, each win's cells and amount
(``cents_of(Fraction(win["x"]), bet)``), the extra spins and the totals. A resumed round starts
from the state the events before ``start`` describe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ....engine.money import cents_of, format_cents
from ...kit.presenter import shows
from ...kit.reel_presenter import ReelPresenter, ReelStage
from ...widgets.slot_steps import Highlight, SpinReels
from ...widgets.timeline import Call, Step, Wait
from ...widgets.winlines import WinMark
from .feature import FeatureLayer

if TYPE_CHECKING:
    from ....engine.games.halloween_vacation import HalloweenVacation

Event = dict[str, Any]

NAMES = {
    "lady": "CATRINA", "guitar": "GUITAR", "marigold": "MARIGOLDS", "candles": "CANDLES", "bread": "PAN DE MUERTO",
    "a": "A", "k": "K", "q": "Q", "j": "J", "ten": "10", "nine": "9", "wild": "WILD", "scatter": "SCATTER",
}
TEAL = (70, 220, 210)
MARIGOLD = (255, 170, 60)
PINK = (255, 110, 190)


@dataclass
class RoundState:
    """What the screen shows after the events before some index (for resuming there)."""

    window: list[list[str]] | None = None
    in_free: bool = False
    spin: int = 0
    total: int = 0
    sticky: list[list[int]] = field(default_factory=list)
    expanding: int | None = None
    won: Fraction = Fraction(0)
    feature_won: Fraction = Fraction(0)


def state_before(events: Sequence[Event], start: int) -> RoundState:
    state = RoundState()
    for event in events[:start]:
        kind = event["type"]
        if kind == "spin":
            state.window = event["window"]
            state.won += Fraction(event["x"])
        elif kind == "free_games_start":
            state.in_free, state.total = True, event["spins"]
        elif kind == "free_spin":
            state.window = event["window"]
            state.spin, state.total = event["spin"], event["spins"]
            state.sticky = event["sticky"]
            state.expanding = event["expanding"]["x"] if event["expanding"] else None
            state.won += Fraction(event["x"])
            state.feature_won += Fraction(event["x"])
        elif kind == "extra_spins":
            state.total = event["spins"]
        elif kind == "free_games_end":
            state.in_free, state.sticky, state.expanding = False, [], None
    return state


class Stage(ReelStage, Protocol):
    """What the presenter's steps drive on the Halloween Vacation screen."""

    game: HalloweenVacation
    feature: FeatureLayer

    def enter_free(self, total: int) -> None: ...

    def exit_free(self, base_window: Sequence[Sequence[str]] | None) -> None: ...


class Presenter(ReelPresenter):
    """Builds the steps; holds only what it needs to follow the round while building."""

    NAMES = NAMES
    ACCENT = TEAL
    s: Stage

    def __init__(self, screen: Stage) -> None:
        super().__init__(screen)
        game = screen.game
        self.expanding_reel: int = game.expanding_reel
        self.last_multiplier: int = game.expanding_multipliers[-1]
        self.scatter: str = game.scatter

    def state_before(self, events: Sequence[Event], start: int) -> RoundState:
        return state_before(events, start)

    def detail_of(self, win: Event) -> str:
        name = self.name_of(win["symbol"])
        if win["kind"] == "scatter" or win.get("line") is None:
            return f"{win['count']} {name}S"
        detail = f"LINE {win['line'] + 1}  \u00b7  {win['count']} x {name}"
        if win.get("factor", 1) != 1:
            detail += f"  \u00b7  x{win['factor']} WILD"
        return detail

    def warm_up(self) -> None:
        """Render the banners every feature round uses, so their first frame is light."""
        s = self.s
        spins = s.game.free_spins
        s.banner.render("Free Games", f"{spins} FREE SPINS", self._intro_lines(), "Press SPACE to start")
        for count in (1, 2):
            s.banner.render(*self._extra_args(count), accent=PINK)

    def _intro_lines(self) -> list[str]:
        d = self.s.game.description
        mult = " \u00b7 ".join(f"x{m}" for m in d.expanding_multipliers)
        sticky = " and ".join(str(reel + 1) for reel in d.sticky_reels)
        return [f"Wilds on reels {sticky} stick until the end",
                f"A wild on reel {d.expanding_reel + 1} expands: {mult}"]

    def _extra_args(self, count: int) -> tuple[str, str, list[str]]:
        word = "SPIN" if count == 1 else "SPINS"
        return ("Extra Spins!", f"+{count} EXTRA {word}", [f"The Expanding Wild plays on to x{self.last_multiplier}"])

    def prelude(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool) -> list[Step]:
        state = state_before(events, start)
        self.prev_expanding = state.expanding
        self.shown_total = state.total
        self.base_window = events[0]["window"] if events and events[0]["type"] == "spin" else None
        return super().prelude(events, bet, start, resumed=resumed)

    # -- one builder per event type --------------------------------------------------------

    @shows("spin")
    def _spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        window = event["window"]
        extra = self._anticipation(window)
        steps: list[Step] = [SpinReels(s.reels, window, extra=extra, before=s.before_spin)]
        wins = event["wins"]
        scatter = next((w for w in wins if w["kind"] == "scatter"), None)
        triggers = any(e["type"] == "free_games_start" for e in events[index + 1:])
        if scatter is not None and triggers:
            mark = WinMark(tuple((c, r) for c, r in scatter["cells"]), None, "", "")
            steps.append(Highlight(s.painter, mark, 1.3, partial(s.celebrate_cells, mark.cells)))
        steps.extend(self.wins(wins, Fraction(event["x"]), free=False, progress=index + 1, big=not triggers))
        return steps

    @shows("free_games_start")
    def _free_games_start(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        self.had_feature = True
        self.shown_total = event["spins"]
        return [self.moment(
            "Free Games", f"{event['spins']} FREE SPINS", self._intro_lines(), hint="Press SPACE to start",
            sound_name="feature_start", on_start=lambda: s.enter_free(event["spins"]), progress=index + 1,
        )]

    @shows("free_spin")
    def _free_spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        feature = s.feature
        expanding = event["expanding"]
        held: tuple[int, ...] = ()
        steps: list[Step] = []
        total_before = self.shown_total
        spin_no = event["spin"]
        drop_first = self.prev_expanding == self.last_multiplier or bool(self.prev_expanding and not expanding)
        raised = expanding["x"] if expanding is not None and not expanding["new"] else None
        if raised is not None:
            held = (self.expanding_reel,)

        def before_spin() -> None:
            s.before_spin()
            feature.set_counter(spin_no, total_before)
            if drop_first:
                feature.drop_expanding()
            if raised is not None:  # the standing wild shows this spin's multiplier while the reels turn
                feature.raise_multiplier(raised)
                s.sound("multiplier_up")

        steps.append(SpinReels(s.reels, event["landed"], held=held, before=before_spin))
        if event["new_sticky"]:
            cells = [tuple(c) for c in event["new_sticky"]]

            def lock_sticky() -> None:
                feature.lock(cells)
                s.sound("sticky_lock")

            steps.append(Call(lock_sticky))
            steps.append(Wait(0.55))
        if expanding is not None and expanding["new"]:
            x = expanding["x"]
            column = event["landed"][self.expanding_reel]
            row = column.index("wild") if "wild" in column else 0

            def grow_expanding() -> None:
                feature.grow(row, x)
                s.sound("expand")

            steps.append(Call(grow_expanding))
            steps.append(Wait(0.95))
        self.prev_expanding = expanding["x"] if expanding else None
        window = event["window"]
        steps.append(Call(lambda: s.reels.set_window(window)))
        steps.extend(self.free_spin_wins(event, index, events, total_before))
        return steps

    @shows("extra_spins")
    def _extra_spins(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        self.shown_total = event["spins"]
        title, big, lines = self._extra_args(event["count"])
        return [self.moment(title, big, lines, accent=PINK, sound_name="extra_spins",
                            on_start=lambda: s.feature.set_counter(s.feature.spin, event["spins"]),
                            progress=index + 1)]

    @shows("free_games_end")
    def _free_games_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        feature_win = cents_of(Fraction(event["x"]), self.bet)
        round_win = cents_of(self.round_x, self.bet)
        lines = [f"in {event['spins']} free spins"]
        if round_win != feature_win:
            lines.append(f"Round total {format_cents(round_win)}")
        base_window = self.base_window
        return [
            Call(s.feature.drop_expanding),
            self.moment("Free Games Complete", format_cents(feature_win), lines, sound_name="feature_end",
                        progress=index + 1),
            Call(lambda: s.exit_free(base_window)),
        ]

    # -- pieces --------------------------------------------------------------------------------

    def _anticipation(self, window: Sequence[Sequence[str]]) -> list[float] | None:
        """Hold the last reels a little longer once two scatters are showing."""
        seen = 0
        extra = [0.0] * len(window)
        for col, column in enumerate(window):
            if seen >= 2:
                extra[col] = 0.45
            seen += sum(1 for name in column if name == self.scatter)
        return extra if any(extra) else None
