"""Event presenters: one registry from an event type to the steps that show it.

A game's presenter subclasses :class:`EventPresenter` and marks one method per event type with
``@shows("free_spin")``; the class collects them (inherited ones included, so the kit's shared
types such as ``round_end`` are written once). An event type with no step is an error, never a
silent skip: :class:`UnshownEvent` in strict mode (tests and the harness), and a logged error
with the event passed over in the player's app, where the round is paid and must still settle.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..widgets.timeline import Step

log = logging.getLogger(__name__)

Event = dict[str, Any]
Builder = Callable[[Any, Event, int, Sequence[Event]], list[Step]]


class UnshownEvent(Exception):
    """A round carries an event type its screen has no step for."""


def shows(*event_types: str) -> Callable[[Builder], Builder]:
    """Mark a presenter method as the step builder of ``event_types``."""

    def mark(method: Builder) -> Builder:
        method._shows = event_types  # type: ignore[attr-defined]  # read back by __init_subclass__
        return method

    return mark


class EventPresenter:
    """Builds a round's steps from its events, one registered builder per event type.

    ``steps(events, bet, start, resumed=..., continuing=...)`` presents ``events[start:]``. A
    first segment starts with ``prelude`` (the state the events before ``start`` describe,
    and a notice when the round is resumed); a continuation after a decision goes straight on.
    """

    builders: ClassVar[dict[str, str]] = {}
    strict: bool = False  # raise UnshownEvent instead of logging (tests, the harness)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                for event_type in getattr(member, "_shows", ()):
                    table[event_type] = name
        cls.builders = table

    @classmethod
    def shown_types(cls) -> frozenset[str]:
        """Every event type this presenter has a step for."""
        return frozenset(cls.builders)

    def prelude(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool) -> list[Step]:
        """Steps before the first event shown: set the screen to where the round stood."""
        return []

    def steps(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool,
              continuing: bool = False) -> list[Step]:
        self.bet = bet
        steps: list[Step] = [] if continuing else self.prelude(events, bet, start, resumed=resumed)
        for index in range(start, len(events)):
            steps.extend(self.steps_of(events[index], index, events))
        return steps

    def steps_of(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        name = self.builders.get(event["type"])
        if name is None:
            message = f"{type(self).__name__} has no step for event type {event['type']!r} (event {index})"
            if self.strict:
                raise UnshownEvent(message)
            log.error("%s: passed over", message)
            return []
        steps: list[Step] = getattr(self, name)(event, index, events)
        return steps
