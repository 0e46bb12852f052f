"""The question a round waits on: one button per option, keyboard-first, clickable.

Left/Right/Up/Down (or Tab) move between the options, Enter or a click chooses; a question with a
price (``priced``) only by a fresh press once it has been on screen for ``ARMED_AFTER`` seconds,
never a held key's repeat (a price is taken only by a deliberate act). Esc does not dismiss it:
the round is paid and waits for the answer; with ``on_escape`` Esc asks whether to leave the game
(the round stays open, as when the window is closed, and waits at this question). An option that
is refused (a price above the balance) keeps the question open with the reason shown under it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from .. import gfx, theme
from ..prices import ARMED_AFTER
from ..scene import is_fresh
from ..widgets.text import CENTER, render_text
from .base import CONFIRM_KEYS, SHADOW, Overlay

if TYPE_CHECKING:
    from ..context import AppContext

WIDTH = 760
PER_ROW = 3
BUTTON = (220, 64)
GAP = 22


@dataclass(frozen=True)
class ChoiceOption:
    """How one option reads: its label and, under it, a detail (its price, what it does)."""

    label: str
    detail: str = ""


class ChoiceOverlay(Overlay):
    """Ask ``title``; ``on_choose(index)`` takes the answer and returns False when it was refused."""

    on_escape: Callable[[], None] | None = None  # Esc: ask whether to leave the game (None: the round waits)
    on_screen = 0.0  # seconds shown: a press before ARMED_AFTER takes no price
    priced = False  # an option costs money

    def __init__(self, app: AppContext, title: str, lines: Sequence[str], options: Sequence[ChoiceOption],
                 on_choose: Callable[[int], bool], *, on_escape: Callable[[], None] | None = None,
                 priced: bool = False) -> None:
        body_font = theme.ui(app.resources, 22, "light")
        body = render_text(body_font, "\n".join(lines), theme.TEXT, theme.INK, 1, wrap=WIDTH - 90, align=CENTER)
        rows = (len(options) + PER_ROW - 1) // PER_ROW
        height = 110 + (body.get_height() + 4 if lines else 0) + rows * (BUTTON[1] + 30 + GAP) + 24
        super().__init__(app, (WIDTH, max(260, height)), title)
        # Low on the screen over a light veil: the reels that raised the question stay in view.
        self.rect.bottom = gfx.LAYOUT_SIZE[1] - 74
        y = SHADOW + 96
        if lines:
            self._panel.blit(body, body.get_rect(midtop=(SHADOW + WIDTH // 2, y)))
            y += body.get_height() + 4
        self.options = tuple(options)
        self.on_choose = on_choose
        self.on_escape = on_escape
        self.priced = priced
        self.reason = ""
        self._reason_font = theme.ui(app.resources, 18)
        top = self.rect.y + y - SHADOW + 16
        for index, option in enumerate(self.options):
            row, col = divmod(index, PER_ROW)
            in_row = min(PER_ROW, len(self.options) - row * PER_ROW)
            left = self.rect.centerx - (in_row * BUTTON[0] + (in_row - 1) * GAP) // 2
            rect = pygame.Rect(left + col * (BUTTON[0] + GAP), top + row * (BUTTON[1] + 30 + GAP), *BUTTON)
            self.add_button(rect, option.label, partial(self.choose, index), hint=option.detail)

    def choose(self, index: int) -> None:
        if self._closed:
            return
        if self.on_choose(index):
            self.close()

    def refuse(self, reason: str) -> None:
        self.reason = reason

    @property
    def armed(self) -> bool:
        """The options have been on screen long enough for a press to be meant for them (a free
        question is armed at once)."""
        return not self.priced or self.on_screen >= ARMED_AFTER

    def takes(self, event: pygame.event.Event) -> bool:
        """Whether a key press may answer: any press for a free question; for a priced one a fresh
        press, once armed."""
        return not self.priced or (self.armed and is_fresh(event))

    def on_cancel(self) -> None:
        if self.on_escape is not None:
            self.on_escape()
        else:
            self.reason = "The round waits for your choice."

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not self.armed:
            return True  # a click before the prices are up takes nothing
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.on_screen += dt

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in CONFIRM_KEYS and not self.takes(event):
            return True
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -PER_ROW, pygame.K_DOWN: PER_ROW}
        if event.key in moves and self.buttons:
            self.focus = max(0, min(len(self.buttons) - 1, self.focus + moves[event.key]))
            self._sync_focus()
            return True
        return super().handle_key(event)

    def draw(self, surface: pygame.Surface) -> None:
        gfx.veil(surface, theme.VEIL, 110)
        surface.blit(self._panel, (self.rect.x - SHADOW, self.rect.y - SHADOW))
        self.draw_content(surface)
        for button in self.buttons:
            button.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.reason:
            self.footer(surface, self.reason)
