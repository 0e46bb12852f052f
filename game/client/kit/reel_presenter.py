"""What every slot round's presentation shares: the prelude, win flashes and cycles, big wins, round end.

A game's presenter subclasses :class:`StagePresenter` (any symbol field) or
:class:`ReelPresenter` (reels with win lines) and adds one ``@shows`` builder per event type of
its own. The pacing (how long a win flashes, how long each line shows, how long a celebration
lasts) lives here once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Protocol

from ...engine import Game
from ...engine.money import cents_of, format_cents
from ..widgets.banner import Banner, Toast
from ..widgets.celebration import BigWinCelebration, celebration_seconds, tier_of
from ..widgets.counter import roll_seconds
from ..widgets.hud import MoneyBar
from ..widgets.reels import ReelView
from ..widgets.slot_steps import Celebrate, CycleWins, FlashWins, ShowBanner
from ..widgets.timeline import Call, Step, Wait
from ..widgets.winlines import WinMark, WinPainter
from .presenter import Event, EventPresenter, shows

Color = tuple[int, int, int]

RESUME_HOLD = 2.2
REDUCED_MOTION_CELEBRATION = 0.35  # a celebration's share of its length with reduced motion on
MOMENT_COUNTDOWN = 3.0  # seconds a feature card counts down when the game plays itself


class Stage(Protocol):
    """What a presenter drives on every game screen."""

    game: Game
    banner: Banner
    toast: Toast
    money: MoneyBar
    celebration: BigWinCelebration

    @property
    def autoplaying(self) -> bool: ...

    def sound(self, name: str) -> None: ...

    def apply_state(self, state: Any, won: int) -> None: ...

    def option_label(self, kind: str, option: Any) -> str: ...

    def round_stake(self) -> int:
        """Cents paid for the round being shown (bet, buy price, priced decisions)."""
        ...

    def plays_itself(self) -> bool:
        """Nobody is at the controls to dismiss a card: autoplay, the demo, turbo."""
        ...

    @property
    def reduced_motion(self) -> bool: ...


class ReelStage(Stage, Protocol):
    """What a reel game's steps drive: the reels, their win lines, the spin's start, a trigger's stars."""

    painter: WinPainter
    reels: ReelView

    def before_spin(self) -> None: ...

    def celebrate_cells(self, cells: Sequence[tuple[int, int]]) -> None: ...


class StagePresenter(EventPresenter):
    """Follows the round's money while building (``won``, ``round_x``) and shows its end."""

    ACCENT: Color = (120, 200, 255)  # the resume notice's colour
    FEATURE_START = ""  # the event type that opens the game's main feature

    def __init__(self, stage: Stage) -> None:
        self.s = stage
        self.bet = 0
        self.won = Fraction(0)
        self.round_x = Fraction(0)
        self.had_feature = False

    def warm_up(self) -> None:
        """Render the pictures the round's cards use ahead, so their first frame is light."""

    def state_before(self, events: Sequence[Event], start: int) -> Any:
        """The screen's state after ``events[:start]`` (for resuming there); has ``.won``."""
        raise NotImplementedError

    def feature_in_play(self, state: Any) -> bool:
        """The round stood inside its main feature at that state."""
        return False

    def prelude(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool) -> list[Step]:
        s = self.s
        state = self.state_before(events, start)
        self.won = state.won
        self.had_feature = self.feature_in_play(state) or any(e["type"] == self.FEATURE_START for e in events[:start])
        steps: list[Step] = [Call(lambda: s.apply_state(state, cents_of(state.won, bet)))]
        if resumed:
            steps.append(self.card("Resuming your unfinished round",
                                   lines=["It was paid for and is shown from where it stopped."],
                                   hold=RESUME_HOLD, hint="SPACE to continue", accent=self.ACCENT))
        return steps

    def steps(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool,
              continuing: bool = False) -> list[Step]:
        self.round_x = Fraction(events[-1]["x"]) if events and events[-1]["type"] == "round_end" else Fraction(0)
        return super().steps(events, bet, start, resumed=resumed, continuing=continuing)

    # -- pieces every game uses ----------------------------------------------------------------

    def money(self, x: Fraction) -> str:
        return format_cents(cents_of(x, self.bet))

    def card(self, title: str, big: str = "", lines: Sequence[str] = (), *, hold: float, hint: str = "",
             accent: Color = (255, 190, 70), sound_name: str = "", on_start: Callable[[], None] | None = None,
             progress: int | None = None, skippable: bool = True) -> ShowBanner:
        """A banner card (feature intro, outro, level) with its sound."""
        return ShowBanner(self.s.banner, title, big, lines, hold=hold, hint=hint, accent=accent,
                          sound=self.s.sound if sound_name else None, sound_name=sound_name,
                          on_start=on_start, progress=progress, skippable=skippable)

    def big_win(self, amount: int) -> bool:
        """A win worth a celebration: 10 times the stake actually paid or more (a bought feature that
        returns less than its price is a plain total, never a BIG WIN)."""
        return tier_of(Fraction(amount, max(1, self.s.round_stake()))) is not None

    def celebrate(self, amount: int) -> Celebrate:
        stake = self.s.round_stake()
        seconds = celebration_seconds(Fraction(amount, max(1, stake)))
        if self.s.reduced_motion:
            seconds *= REDUCED_MOTION_CELEBRATION
        return Celebrate(self.s.celebration, amount, stake, seconds, counter=self.s.money.counter)

    def moment(self, title: str, big: str = "", lines: Sequence[str] = (), *, hint: str = "Press SPACE to continue",
               accent: Color = (255, 190, 70), sound_name: str = "", on_start: Callable[[], None] | None = None,
               progress: int | None = None) -> ShowBanner:
        """A feature's card (intro, outro, level, a feature grown, a game's summary): the screen dims
        and the card waits for the player (Space or a click); when the game plays itself (autoplay,
        turbo, the demo) it counts down visibly and goes on."""
        s = self.s
        return ShowBanner(s.banner, title, big, lines, hold=MOMENT_COUNTDOWN, hint=hint, accent=accent,
                          sound=s.sound if sound_name else None, sound_name=sound_name, on_start=on_start,
                          progress=progress, waits=lambda: not s.plays_itself())

    @shows("decision")
    def _decision(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        """A choice the player made: a purchase is confirmed on screen (and in a replay, recalled)."""
        s = self.s
        price = int(event.get("price", 0))
        if not price:
            return [Call(lambda: None, progress=index + 1)]
        text = f"Bought: {s.option_label(event['kind'], event['choice'])} for {format_cents(price)}"
        return [Call(lambda: s.toast.show(text, 2.5), progress=index + 1)]

    @shows("round_end")
    def _round_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        """The counter lands on the round's win; a feature round that won big celebrates it."""
        s = self.s
        win = event["win"]
        steps: list[Step] = [Call(lambda: s.money.counter.roll_to(win, 0.4))]
        if self.had_feature and self.big_win(win):
            steps.append(self.celebrate(win))
        return steps


class ReelPresenter(StagePresenter):
    """A reel game's round: win lines flashed together, then cycled one by one."""

    NAMES: dict[str, str] = {}  # symbol id -> the name a win's detail shows
    FEATURE_START = "free_games_start"
    s: ReelStage

    def __init__(self, stage: ReelStage) -> None:
        super().__init__(stage)
        self.idle_marks: list[WinMark] = []
        self.shown_total = 0  # the free spins the counter shows as the round is built

    def steps(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool,
              continuing: bool = False) -> list[Step]:
        steps = super().steps(events, bet, start, resumed=resumed, continuing=continuing)
        first = next((e for e in events if e["type"] == "spin"), None)
        had_feature = any(e["type"] == self.FEATURE_START for e in events)
        self.idle_marks = self.win_marks(first["wins"]) if first and not had_feature else []
        return steps

    def feature_in_play(self, state: Any) -> bool:
        return bool(state.in_free)

    def name_of(self, symbol: str) -> str:
        return self.NAMES.get(symbol, symbol.upper())

    def detail_of(self, win: Event) -> str:
        """The text under a win's amount: which line, how many of what."""
        name = self.name_of(win["symbol"])
        line = win.get("line")
        return f"LINE {line + 1}  \u00b7  {win['count']} x {name}" if line is not None else f"{win['count']} x {name}"

    def win_marks(self, wins: Sequence[Event]) -> list[WinMark]:
        return [WinMark(tuple((c, r) for c, r in win["cells"]), win.get("line"),
                        format_cents(cents_of(Fraction(win["x"]), self.bet)), self.detail_of(win)) for win in wins]

    def free_spin_wins(self, event: Event, index: int, events: Sequence[Event], total_before: int) -> list[Step]:
        """A free spin's wins (a short beat when it won nothing), then the spins counter's next total:
        held back when extra spins follow, so their card is what raises it."""
        if event["wins"]:
            steps = self.wins(event["wins"], Fraction(event["x"]), free=True, progress=index + 1, big=False)
        else:
            steps = [Wait(0.25)]
            steps[-1].progress = index + 1
        followed = any(e["type"] == "extra_spins" for e in events[index + 1:index + 2])
        self.shown_total = total_before if followed else event["spins"]
        return steps

    def wins(self, wins: Sequence[Event], x: Fraction, *, free: bool, progress: int, big: bool) -> list[Step]:
        """A spin's wins: all lit while the counter rolls, a celebration if big, then each in turn."""
        s = self.s
        self.won += x
        if not wins:
            return [Call(lambda: None, progress=progress)]
        marks = self.win_marks(wins)
        flash = max(0.9 if free else 1.1, min(3.0, roll_seconds(float(x))))
        steps: list[Step] = [FlashWins(s.painter, s.money.counter, marks, cents_of(self.won, self.bet),
                                       seconds=flash, sound=s.sound, sound_name="win_line" if x < 1 else "win_small")]
        if big and self.big_win(cents_of(self.round_x, self.bet)):
            steps.append(self.celebrate(cents_of(self.round_x, self.bet)))
        each = 1.1 if not free else min(0.8, 3.2 / len(marks))
        if len(marks) > 8:
            each = min(each, 0.6)
        steps.append(CycleWins(s.painter, marks, each=each, sound=s.sound))
        steps[-1].progress = progress
        return steps
