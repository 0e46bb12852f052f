"""The round director: one paid round presented in segments, pausing for the player's choices.

A round the engine computed up to a pending :class:`~game.engine.Decision` is shown up to
there; then the question is asked (by the screen's choice overlay, or answered by the game's
strategy in autoplay and the demo); the answer is committed to the wallet (with its price, when
it has one) before anything of the continuation is drawn; the engine goes on and the next
segment is shown. The round settles once, when its last segment has been shown. A replay of a
recorded round is one segment with nobody to ask.

A segment starts once the commit before it (the wager, or the answer) is on the disk, not only
in the system's cache (``Wallet.on_disk``): the player never sees an outcome a power cut could
take back, and while a busy disk confirms it the screen goes on drawing (the commit's ``fsync``
runs on the wallet's own thread, where it once held the frame for up to a second).

A question whose price is costly (a :class:`~game.engine.round.PricedLater`: Slingo's extra spin,
priced by enumeration in up to some 50 ms) is priced on a thread while the segment before it
plays, and asked once that is done, so the price never lands inside one frame.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ...engine.money import format_cents
from ...engine.round import PricedLater
from ...session import BudgetReached
from ...store import InsufficientFunds
from ..widgets.timeline import Step, Timeline

if TYPE_CHECKING:
    import pygame

    from ...engine import Decision, RoundPlay
    from ...engine.round import Strategy
    from ...session import ActiveRound, PlaySession

log = logging.getLogger(__name__)

# Off for the test suite, whose frames run faster than any price: there the question is priced
# when it is asked, as the engine does by itself.
PRICE_AHEAD = True

Answer = Callable[[Any], bool]


class Stage(Protocol):
    """What the director needs of a screen."""

    def steps_for(self, events: Sequence[dict[str, Any]], bet: int, start: int, *, resumed: bool,
                  continuing: bool = False) -> list[Step]: ...

    def answers_itself(self) -> bool:
        """True when nobody is asked (autoplay, the demo): the game's strategy answers."""
        ...

    def autoplay_strategy(self) -> Strategy | None:
        """The strategy that answers when nobody is asked (None: the game's own)."""
        ...

    def ask(self, decision: Decision, answer: Answer) -> None:
        """Show the question; call ``answer(choice)`` with the player's choice (False: refused, ask on)."""
        ...

    def refuse(self, decision: Decision, choice: Any, reason: str) -> None:
        """Tell the player why a choice could not be taken (the question stays)."""
        ...


class RoundDirector:
    """Presents ``active`` (a paid round) on ``stage``; ``done`` once every segment has been shown."""

    def __init__(self, stage: Stage, play: RoundPlay, *, session: PlaySession | None = None,
                 active: ActiveRound | None = None, start: int = 0, resumed: bool = False) -> None:
        self.stage = stage
        self.play = play
        self.session = session
        self.active = active
        self.asking = False
        self._shown = len(play.events)
        # Progress goes straight to the session (no bound method of the director: the timeline must
        # not hold the director in a reference cycle, so a left screen frees without a collector).
        self._on_progress = partial(session.mark_progress, active) if session and active else None
        self.timeline = Timeline([])
        self._ticket = session.wallet.commit_ticket if session and active else 0
        self._waiting: Callable[[], list[Step]] | None = None  # the next segment, until its commit is on disk
        self._pricing: threading.Thread | None = None  # working out the next question's price
        self._show_when_on_disk(partial(stage.steps_for, play.events, play.bet, start, resumed=resumed))

    @classmethod
    def for_round(cls, stage: Stage, session: PlaySession, active: ActiveRound) -> RoundDirector:
        return cls(stage, active.play, session=session, active=active, start=active.step, resumed=active.resumed)

    @classmethod
    def for_replay(cls, stage: Stage, play: RoundPlay) -> RoundDirector:
        return cls(stage, play)

    # -- state ---------------------------------------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        return self.play.pending

    @property
    def done(self) -> bool:
        """Every segment shown and the round finished: time to settle."""
        return self._waiting is None and self.timeline.done and self.play.pending is None

    @property
    def waiting_for_disk(self) -> bool:
        """The next segment waits for its commit to reach the disk."""
        return self._waiting is not None

    def _show_when_on_disk(self, steps: Callable[[], list[Step]]) -> None:
        self._waiting = steps
        self._start_if_on_disk()

    def _start_if_on_disk(self) -> None:
        if self._waiting is None or (self.session is not None and not self.session.wallet.on_disk(self._ticket)):
            return
        steps, self._waiting = self._waiting, None
        self.timeline = Timeline(steps(), on_progress=self._on_progress)
        self._price_ahead()

    def _price_ahead(self) -> None:
        pending = self.play.pending
        if PRICE_AHEAD and self.session is not None and isinstance(pending, PricedLater) and not pending.priced:
            # reading ``info`` prices it once; the question is not asked (nothing reads it) until done
            self._pricing = threading.Thread(target=getattr, args=(pending, "info"), name="pricing", daemon=True)
            self._pricing.start()

    # -- frame ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._waiting is not None:
            self._start_if_on_disk()
            if self._waiting is not None:
                return
        if not self.timeline.done:
            self.timeline.update(dt)
        if self._pricing is not None:
            if self._pricing.is_alive():
                return
            self._pricing = None
        if self.timeline.done and self.play.pending is not None and not self.asking:
            self._ask(self.play.pending)

    def skip(self, *, force: bool = False) -> None:
        """Space: hurry the current step (a question is answered, never skipped)."""
        if not self.timeline.done:
            self.timeline.skip(force=force)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.timeline.done:
            self.timeline.draw(surface)

    # -- decisions -----------------------------------------------------------------------------

    def _ask(self, decision: Decision) -> None:
        if self.session is None or self.active is None:  # a replay (neither set) is complete: it never waits
            return
        self.asking = True
        if self.stage.answers_itself():
            choice = self.session.game.choose(self.play, self.stage.autoplay_strategy())
            if not self.session.can_afford_choice(self.active, choice):  # never overdraw: the cheapest
                choice = min(decision.options, key=decision.price_of)
            if self.answer(choice):
                return
            log.warning("the strategy's choice %r for %s was refused: asking the player", choice, decision.kind)
        self.stage.ask(decision, self.answer)

    def answer(self, choice: Any) -> bool:
        """Commit ``choice`` (and its price), then show the continuation; False when refused."""
        decision = self.play.pending
        if decision is None or self.session is None or self.active is None:
            return False
        try:
            self.session.decide(self.active, choice)
        except InsufficientFunds:
            price = decision.price_of(choice)
            self.stage.refuse(decision, choice, f"This costs {format_cents(price)}; your balance is "
                                                f"{format_cents(self.session.balance)}.")
            return False
        except BudgetReached:
            self.stage.refuse(decision, choice, "That would take your losses past your session budget.")
            return False
        self.asking = False
        start = self._shown
        self._shown = len(self.play.events)
        self._ticket = self.session.wallet.commit_ticket
        self._show_when_on_disk(partial(self.stage.steps_for, self.play.events, self.play.bet, start, resumed=False,
                                        continuing=True))
        return True
