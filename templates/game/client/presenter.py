"""__GAME_TITLE__'s presentation: each event type of the round, one step builder.

The kit (``ReelPresenter``) shows the wins, the round's end, big wins and every ``decision``
event (what the player chose and paid); this adds the spin, the respin and the opened gift.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from game.client.kit.presenter import shows
from game.client.kit.reel_presenter import ReelPresenter, ReelStage
from game.client.widgets.reels import ReelView
from game.client.widgets.slot_steps import SpinReels
from game.client.widgets.timeline import Step

Event = dict[str, Any]


@dataclass
class RoundState:
    """What the screen shows after the events before some index (for resuming there)."""

    window: list[list[str]] | None = None
    won: Fraction = Fraction(0)
    in_free: bool = False


def state_before(events: Sequence[Event], start: int) -> RoundState:
    state = RoundState()
    for event in events[:start]:
        if event["type"] in ("spin", "respin"):
            state.window = event["window"]
        if "x" in event and event["type"] != "round_end":
            state.won += Fraction(event["x"])
    return state


class Stage(ReelStage, Protocol):
    reels: ReelView

    def before_spin(self) -> None: ...


class Presenter(ReelPresenter):
    s: Stage

    def state_before(self, events: Sequence[Event], start: int) -> RoundState:
        return state_before(events, start)

    def warm_up(self) -> None:
        """Render the pictures a feature round uses ahead (nothing here yet)."""

    @shows("spin", "respin")
    def _spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        held = [c for c, _ in event["gifts"]] if event["type"] == "respin" else []
        steps: list[Step] = [SpinReels(s.reels, event["window"], held=held, before=s.before_spin)]
        steps.extend(self.wins(event["wins"], Fraction(event["x"]), free=False, progress=index + 1, big=True))
        return steps

    @shows("gift_opened")
    def _gift_opened(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        x = Fraction(event["x"])
        self.won += x
        return [self.card("Gift opened!", self.money(x), [f"The {event['pick']} gift"], hold=2.0,
                          hint="SPACE to continue", sound_name="win_small", progress=index + 1)]
