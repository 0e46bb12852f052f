"""Santa's Wonderland's presentation: a round's events turned into timeline steps.

Everything shown comes from the events (``docs/EVENTS.md``): the grids, the
clusters and their pays (``cents_of(Fraction(win["x"]), bet)``), the markers and the features
they win, the meter, the Midnight Riches levels, the cap. A resumed round first shows the state
the events before ``start`` describe (``state_before``), then plays on from there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any

from ....engine.money import cents_of, format_cents
from ...kit.presenter import shows
from ...kit.reel_presenter import StagePresenter
from ...widgets.slot_steps import ShowBanner
from ...widgets.timeline import Call, Step, Wait
from .art import FEATURES
from .clusters import cluster_marks
from .features import big_images_for, feature_step
from .stage import Stage
from .steps import DropIn, ShowClusters, Tumble, Until

Event = dict[str, Any]
Level = tuple[int, int, int | None]
ICE = (120, 200, 255)
VIOLET = (190, 140, 255)
GOLD = (255, 200, 80)
RED = (255, 90, 90)
MINT = (120, 235, 170)


@dataclass
class RoundState:
    """What the screen shows after the events before some index (for resuming there)."""

    grid: list[list[str]] | None = None
    markers: dict[str, list[int]] = field(default_factory=dict)
    features: dict[str, str] = field(default_factory=dict)  # name -> idle/marked/owed/done
    meter: int = 0
    in_midnight: bool = False
    levels: list[Level] = field(default_factory=list)
    level: int = 0
    multiplier: int = 1
    needed: int | None = None
    collected: int = 0
    won: Fraction = Fraction(0)
    capped: bool = False


def levels_of(event: Event) -> list[Level]:
    return [(int(lv["level"]), int(lv["multiplier"]), lv.get("target")) for lv in event.get("levels", [])]


def state_before(events: Sequence[Event], start: int) -> RoundState:
    state = RoundState()
    for event in events[:start]:
        kind = event["type"]
        if kind == "spin":
            state.grid = event["grid"]
            state.markers = {name: list(cell) for name, cell in event["markers"].items()}
            state.features = dict.fromkeys(FEATURES, "marked")
            state.meter = 0
        elif kind == "clusters":
            state.won += Fraction(event["x"])
            if event.get("phase") == "midnight":
                state.collected = int(event["meter"])
            else:
                state.meter = int(event["meter"])
                for name in event.get("markers_won", []):
                    state.markers.pop(name, None)
                    state.features[name] = "owed"
        elif kind in ("tumble", "level_start"):
            state.grid = event["grid"]
            if kind == "level_start":
                state.level, state.multiplier = int(event["level"]), int(event["multiplier"])
                state.needed = event.get("needed")
                state.collected = 0
                state.features = dict.fromkeys(FEATURES, "idle")
        elif kind == "feature":
            state.grid = event["grid"]
            state.features[event["feature"]] = "done"
        elif kind == "spin_end":
            state.markers = {}
            state.features = {name: "idle" if value == "marked" else value for name, value in state.features.items()}
            state.meter = int(event["meter"])
        elif kind == "midnight_start":
            state.in_midnight = True
            state.levels = levels_of(event)
            state.features = dict.fromkeys(FEATURES, "idle")
        elif kind == "midnight_end":
            state.in_midnight = False
            state.level = 0
            state.features = dict.fromkeys(FEATURES, "idle")
        elif kind == "cap_reached":
            state.won = Fraction(event["x"])
            state.capped = True
    return state


class Presenter(StagePresenter):
    """Builds the steps; holds only what it needs to follow the round while building."""

    ACCENT = MINT
    FEATURE_START = "midnight_start"
    s: Stage

    def __init__(self, screen: Stage) -> None:
        super().__init__(screen)
        self.levels: list[Level] = list(screen.levels)
        self.warm: list[Callable[[], object]] = []
        self.last_level: list[str] = []  # the last level's news, for the one outro card

    def state_before(self, events: Sequence[Event], start: int) -> RoundState:
        return state_before(events, start)

    def warm_up(self) -> None:
        """Render the banners a Midnight Riches round uses, so their first frame is light."""
        s = self.s
        first = self.levels[0]
        s.banner.render("Midnight Riches", self._level_big(first[0], first[1]), self._intro_lines("meter"),
                        "Press SPACE to start", VIOLET)

    # -- texts ---------------------------------------------------------------------------------

    @staticmethod
    def _level_big(level: int, multiplier: int) -> str:
        return f"LEVEL {level}  \u00b7  x{multiplier}"

    def _next(self, level: int) -> Level | None:
        return next((lv for lv in self.levels if lv[0] == level + 1), None)

    def _intro_lines(self, trigger: str) -> list[str]:
        nxt = self._next(1)
        why = "Bought: the base spin is over, the feature begins" if trigger == "buy" else \
            f"{self.s.trigger_points} points in one spin!"
        lines = [why, "Every level: a fresh grid, then all five features"]
        if nxt is not None:
            lines.append(f"Collect {nxt[2]} symbols for level {nxt[0]} (x{nxt[1]})")
        return lines

    # -- building ------------------------------------------------------------------------------

    def steps(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool,
              continuing: bool = False) -> list[Step]:
        art = self.s.art
        # The pictures the round will need, made ahead one per frame: a bought feature can need a
        # dozen big blocks, each an HD decode and a scale, too many for the round's first frame.
        self.warm = []
        for symbol, n, feature in dict.fromkeys(big_images_for(events[start:])):
            self.warm.append(partial(art.big, symbol, n))
            self.warm.append(partial(art.block_frame, feature, n))
            if feature == "supersize":
                self.warm.append(partial(art.flash, n))
        return super().steps(events, bet, start, resumed=resumed, continuing=continuing)

    def prelude(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool) -> list[Step]:
        state = state_before(events, start)
        self.levels = state.levels or list(self.s.levels)
        return super().prelude(events, bet, start, resumed=resumed)

    def _banner(self, title: str, big: str = "", lines: Sequence[str] = (), *, hint: str = "",
                accent: tuple[int, int, int] = GOLD, moment: bool = False, **kwargs: Any) -> ShowBanner:
        """A banner step; its picture is queued to be drawn ahead, one per frame. A ``moment`` (the
        feature's intro, level and outro cards) waits for the player, or counts down in autoplay."""
        self.warm.append(partial(self.s.banner.render, title, big, tuple(lines), hint, accent))
        if moment:
            s = self.s
            kwargs["hold"] = max(kwargs.get("hold", 0.0), 3.0)
            kwargs["waits"] = lambda: not s.plays_itself()
        return ShowBanner(self.s.banner, title, big, lines, hint=hint, accent=accent, **kwargs)

    def _hold(self, seconds: float) -> float:
        return min(seconds, 1.6) if self.s.autoplaying else seconds

    # -- one builder per event type --------------------------------------------------------

    @shows("spin")
    def _spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        steps: list[Step] = []
        if event.get("mode") == "buy":
            steps.append(self._banner(
                "Midnight Riches bought", f"{self.s.game.buy_price_x}x BET",
                ["One base spin with its tumbles and features,", "then Midnight Riches begins"],
                hold=self._hold(2.0), hint="SPACE to continue", accent=VIOLET, sound=s.sound,
                sound_name="feature_start", moment=True))
        markers = event["markers"]
        steps.append(DropIn(s, event["grid"], before=s.start_spin, after=lambda: s.show_markers(markers),
                            progress=index + 1))
        return steps

    @shows("clusters")
    def _clusters(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        x = Fraction(event["x"])
        self.won += x
        marks = cluster_marks(event["wins"], self.bet)
        midnight = event.get("phase") == "midnight"
        seconds = (0.8 if midnight else 0.95) + min(0.5, 0.12 * (len(marks) - 1))
        return [ShowClusters(s, marks, counter_to=cents_of(self.won, self.bet), meter=int(event["meter"]),
                             markers_won=event.get("markers_won", []), seconds=seconds,
                             sound_name="win_small" if x >= 1 else "win_line", progress=index + 1)]

    @shows("tumble")
    def _tumble(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        return [Tumble(self.s, event, progress=index + 1)]

    @shows("feature")
    def _feature(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        return [feature_step(self.s, event, progress=index + 1)]

    @shows("spin_end")
    def _spin_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        meter = int(event["meter"])
        if meter >= s.trigger_points:
            return [Until(lambda: s.meter_triggered(meter), lambda: s.meter.shown < s.meter.target,
                          s.meter.finish, least=self._hold(1.3)),
                    Call(s.end_spin, progress=index + 1)]
        return [Call(s.end_spin, progress=index + 1)]

    @shows("midnight_start")
    def _midnight_start(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        self.levels = levels_of(event) or self.levels
        levels = list(self.levels)
        first = levels[0]
        return [self._banner(
            "Midnight Riches", self._level_big(first[0], first[1]), self._intro_lines(event["trigger"]),
            hold=self._hold(4.0), hint="Press SPACE to start", accent=VIOLET, sound=s.sound, moment=True,
            sound_name="feature_start", on_start=lambda: s.enter_midnight(levels), progress=index + 1,
        )]

    @shows("level_start")
    def _level_start(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        level, mult, needed = int(event["level"]), int(event["multiplier"]), event.get("needed")
        steps: list[Step] = []
        if level > 1:
            lines = [f"Every win pays x{mult}"]
            lines.append(f"Collect {needed} symbols for level {level + 1}" if needed is not None
                         else "The final level")
            steps.append(self._banner(f"Level {level}", f"x{mult}", lines, hold=self._hold(2.4), moment=True,
                                    hint="SPACE to continue", accent=VIOLET, sound=s.sound,
                                    sound_name="level_up"))
        steps.append(DropIn(s, event["grid"], before=lambda: s.begin_level(level, mult, needed),
                            progress=index + 1))
        return steps

    @shows("level_end")
    def _level_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        level, collected, needed = int(event["level"]), int(event["collected"]), event.get("needed")
        paid = f"Level {level} paid {self.money(Fraction(event['x']))}"
        nxt = self._next(level)
        if event.get("advance"):
            title, big = f"Level {level} complete!", f"{collected} / {needed}"
            lines = [paid]
            if nxt is not None:
                lines.append(f"On to level {nxt[0]}: every win x{nxt[1]}")
            sound, accent = "extra_spins", GOLD
        else:  # the last level: its news goes on the one outro card ("Midnight Riches complete")
            self.last_level = [f"{collected} collected" if needed is None
                               else f"{needed - collected} symbols short of level {level + 1}"]
            return [Call(lambda: s.level_done(level, False), progress=index + 1)]
        return [self._banner(title, big, lines, hold=self._hold(2.6), hint="SPACE to continue", moment=True,
                           accent=accent, sound=s.sound, sound_name=sound,
                           on_start=lambda: s.level_done(level, bool(event.get("advance"))), progress=index + 1)]

    @shows("midnight_end")
    def _midnight_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        level = int(event["level"])
        mult = next((lv[1] for lv in self.levels if lv[0] == level), None)
        lines = [f"Reached level {level}" + (f"  \u00b7  x{mult}" if mult else ""), *self.last_level]
        self.last_level = []
        round_money = cents_of(self.round_x, self.bet)
        if round_money != cents_of(Fraction(event["x"]), self.bet):
            lines.append(f"Round total {format_cents(round_money)}")
        return [
            self._banner("Midnight Riches complete", self.money(Fraction(event["x"])), lines, moment=True,
                       hold=self._hold(3.4), hint="SPACE to continue", accent=GOLD, sound=s.sound,
                       sound_name="feature_end", progress=index + 1),
            Call(s.leave_midnight),
        ]

    @shows("cap_reached")
    def _cap_reached(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        cap = Fraction(event["x"])
        self.won = cap
        cap_text = f"{int(cap):,}x" if cap.denominator == 1 else f"{float(cap):,.2f}x"
        lines = [f"Max win {cap_text} reached \u2014 remaining features forfeited",
                 f"The round pays {self.money(cap)}"]
        return [
            Call(lambda: s.money.counter.roll_to(cents_of(cap, self.bet), 0.6)),
            self._banner("Max win reached!", cap_text, lines, hold=self._hold(4.5), accent=RED, sound=s.sound,
                         sound_name="win_big", on_start=s.cap_reached, progress=index + 1,
                         moment=True),  # the cap ends the round: it waits to be read (counts down in autoplay)
        ]

    @shows("round_end")
    def _round_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        """Every round that won big celebrates (a base spin's tumbles can reach it too)."""
        s = self.s
        win = event["win"]
        steps: list[Step] = [Call(s.leave_midnight), Call(lambda: s.money.counter.roll_to(win, 0.4))]
        if self.big_win(win):
            steps.append(self.celebrate(win))
        steps.append(Wait(0.05))
        return steps
